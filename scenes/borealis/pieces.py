"""Borealis pieces drawn from the SVG art: animal cards, scientists, badges and their words.

Everything here is cached as Surfaces keyed by what it shows and the size it is shown at, so the
table only blits once a piece has been drawn.
"""

from __future__ import annotations

import pygame

from game.borealis.data import ONE_SCIENTIST, card, card_data, colour_name, species_name, species_short
from game.core.i18n import N_, _, language, ngettext
from scenes.kit import style
from scenes.kit.pictures import Pictures

ART = "art/borealis"
SCIENTIST_FILES = ("amber", "mint", "pink")
STRIP_BLUE = pygame.Color("#2E6DB4")
STRIP_EDGE = pygame.Color("#1E4F8A")
INK = pygame.Color("#14213D")
PAPER = pygame.Color("#FBFDFE")
BAND = pygame.Color("#E3EFF7")
CARD_RATIO = 88 / 63
FLAG_MARK = (0.58, 0.35, 0.13)
"""Where the player's shape goes on the cloth of flag.svg: its middle (x, y) and radius, as shares of the size."""


def species_key_art(species: str) -> str:
    return f"{ART}/species/{species_name(species).lower().replace(' ', '_')}.svg"


def vehicle_art(vehicle: str) -> str:
    return f"{ART}/vehicles/{vehicle}.svg"


def scientist_art(colour: int) -> str:
    return f"{ART}/scientists/{SCIENTIST_FILES[colour]}.svg"


def vehicle_name(vehicle: str) -> str:
    return _(card_data()["vehicles"].get(vehicle, vehicle))


def latin_name(species: str) -> str:
    return card_data()["species"][species].get("latin", "")


NAME_STEPS: tuple[str | int, ...] = ("small", 13, 12, 11, 10)
"""Type steps tried for a species name on a card face, largest first (those under MIN_NAME_PX at the
UI scale are skipped: at a large scale a 12 px step is drawn at 18 px)."""
MIN_NAME_PX = 14
"""Nothing on a card is drawn under 14 real pixels (DESIGN.md, House style)."""
VOWELS = set("aeiouàèéìòù")


def hyphenate(word: str, width: int, font: pygame.font.Font) -> list[str]:
    """``word`` as pieces ending in "-" that each fit ``width`` (the last one without a hyphen),
    broken before a consonant followed by a vowel where possible (Italian syllables: Groen-lan-dia)."""
    pieces: list[str] = []
    while font.size(word)[0] > width and len(word) > 3:
        fits = [k for k in range(2, len(word) - 1) if font.size(word[:k] + "-")[0] <= width]
        if not fits:
            break
        nice = [k for k in fits if word[k].lower() not in VOWELS and word[k + 1].lower() in VOWELS]
        k = max(nice or fits)
        pieces.append(word[:k] + "-")
        word = word[k:]
    return [*pieces, word]


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


# --- words ---------------------------------------------------------------------------------------


def card_tip(card_id: int) -> str:
    c = card(card_id)
    lines = [
        f"{_(species_name(c.species))} ({latin_name(c.species)})",
        _("Vehicle: {vehicle}").format(vehicle=vehicle_name(c.vehicle)),
    ]
    if c.vp:
        lines.append(
            ngettext("Worth {n} extra point at the end.", "Worth {n} extra points at the end.", c.vp).format(n=c.vp)
        )
    if c.left == c.right:
        lines.append(
            _("Needs two {colour} scientists in the location: one walks left, one walks right.").format(
                colour=_(colour_name(c.left))
            )
        )
    else:
        lines.append(
            _("Needs {first} (walks left) and {second} (walks right).").format(
                first=_(ONE_SCIENTIST[c.left]), second=_(ONE_SCIENTIST[c.right])
            )
        )
    return "\n".join(lines)


def scientists_phrase(counts: list[int]) -> str:
    parts = [f"{n} {_(colour_name(i))}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _("nobody")


CAMP_NAMES = (N_("left camp"), N_("right camp"))
"""The two camps of a board, left and right (translated where shown)."""


# --- drawing -------------------------------------------------------------------------------------


def _arrow(surface: pygame.Surface, center: tuple[float, float], size: float, left: bool, colour) -> None:
    cx, cy = center
    d = -1 if left else 1
    shaft = max(2, round(size * 0.28))
    tail = cx - d * size * 0.55
    head = cx + d * size * 0.05
    pygame.draw.line(surface, colour, (tail, cy), (head, cy), shaft)
    tip = cx + d * size * 0.6
    pygame.draw.polygon(surface, colour, [(tip, cy), (head, cy - size * 0.42), (head, cy + size * 0.42)])


def _luminance(c: pygame.Color) -> float:
    def channel(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def mark_colour(background: pygame.Color) -> pygame.Color:
    """A mark on ``background``: white where it stands out well enough (WCAG contrast 2.5, less than
    ink would have on the mid colours, but a white shape on a coloured cloth reads best), else ink."""
    return pygame.Color("#FFFFFF") if 1.05 / (_luminance(background) + 0.05) >= 2.5 else INK


def smooth_shape(shape: str, r: float, colour: pygame.Color) -> pygame.Surface:
    """A player's ``shape`` of radius ``r`` in ``colour``, drawn four times as big and scaled down so its
    edges are smooth (pygame draws polygons without antialiasing)."""
    big = 4
    side = max(2, round(r * 2.4))
    surf = pygame.Surface((side * big, side * big), pygame.SRCALPHA)
    style.draw_shape(surf, shape, (side * big / 2, side * big / 2), r * big, colour)
    return pygame.transform.smoothscale(surf, (side, side))


def star(surface: pygame.Surface, center: tuple[float, float], r: float, fill, outline=None) -> None:
    style.draw_shape(surface, "star", center, r, pygame.Color(fill), outline)


FACES_BYTES = 20 * 2**20
"""Card pictures kept, in bytes: every face at every width a table shows them at (warmed ahead) is
17.5 MB at 1920x1080; at 2560x1440 (31 MB) the least recently shown go first."""


class Pieces(Pictures):
    """Borealis's pictures at a given UI scale (``fonts`` is the shell's Fonts): faces drawn from the
    card data, backs, scientists."""

    def __init__(self, fonts: style.Fonts) -> None:
        super().__init__(fonts, cards_bytes=FACES_BYTES)
        self._layouts: dict[tuple, tuple] = {}

    def clear(self) -> None:
        super().clear()
        self._layouts.clear()

    def meeple(self, colour: int, height: int, ghost: bool = False) -> pygame.Surface:
        height = max(4, int(height))
        key = ("meeple", colour, height, ghost)
        img = self._misc.get(key)
        if img is None:
            img = self.svg(scientist_art(colour), (round(height * 0.6), height))
            if ghost:
                img = img.copy()
                img.set_alpha(70)
            self._misc[key] = img
        return img

    def flag(self, colour: style.PlayerColour, size: int) -> pygame.Surface:
        """The flag of a seat drawn in ``colour`` (``seat_colours.seat_colour``), ``size`` px square:
        its cloth in the seat's colour with the seat's shape on it."""
        size = max(4, int(size))
        key = ("flag", colour, size)
        img = self._misc.get(key)
        if img is None:
            img = self.svg(f"{ART}/flag.svg", (size, size)).copy()
            # multiplying the white cloth (and its outline) by the colour keeps its shading and ink
            tint = pygame.Surface(img.get_size())
            tint.fill("#FFFFFF")
            cloth = self.svg(f"{ART}/flag_cloth.svg", img.get_size()).copy()
            cloth.fill(colour.colour, special_flags=pygame.BLEND_RGBA_MULT)
            tint.blit(cloth, (0, 0))
            img.blit(tint, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
            w, h = img.get_size()
            mark = smooth_shape(colour.shape, min(w, h) * FLAG_MARK[2], mark_colour(colour.colour))
            side = mark.get_width()
            img.blit(mark, (round(w * FLAG_MARK[0] - side / 2), round(h * FLAG_MARK[1] - side / 2)))
            self._misc[key] = img
        return img

    # --- cards ----------------------------------------------------------------------------
    def band_height(self, width: int) -> int:
        return round(card_height(width) * 0.25)

    def face(self, card_id: int, width: int) -> pygame.Surface:
        """An animal card: paper frame, blue strip with the two scientists and their arrows,
        the species art and name, and the bottom band (species icon, VP star, vehicle badge)."""
        return self.card(("face", card_id, width, self.fonts.scale, language()),
                         lambda: self.paint_face(card_id, width))

    def paint_face(self, card_id: int, width: int) -> pygame.Surface:
        c = card(card_id)
        w, h = width, card_height(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(3, round(w * 0.08))
        body = surf.get_rect()
        pygame.draw.rect(surf, PAPER, body, border_radius=radius)
        band_h = self.band_height(w)
        strip_w = round(w * 0.27)
        top_h = h - band_h
        strip = pygame.Rect(0, 0, strip_w, top_h)
        fig_h, zone, step, lines, art_size, icon = self.face_layout(c.species, w)
        pygame.draw.rect(surf, STRIP_BLUE, strip, border_top_left_radius=radius)
        pygame.draw.line(surf, STRIP_EDGE, (strip_w, 0), (strip_w, top_h - 1), max(1, w // 60))
        # the two scientists: upper walks left, lower walks right
        arrow = max(5, round(w * 0.09))
        gap = (top_h - 2 * (fig_h + arrow)) / 3
        y = gap
        for colour, left in ((c.left, True), (c.right, False)):
            fig = self.meeple(colour, fig_h)
            surf.blit(fig, fig.get_rect(midtop=(strip_w // 2, round(y))))
            _arrow(surf, (strip_w / 2, y + fig_h + arrow * 0.55), arrow, left, pygame.Color("#FFFFFF"))
            y += fig_h + arrow + gap
        # species art and name on the paper
        art = self.svg(species_key_art(c.species), (art_size, art_size))
        surf.blit(art, art.get_rect(midtop=(zone.centerx, zone.y + 2)))
        ty = zone.bottom - self.name_height(step, len(lines))
        for line in lines:
            img = self.fonts.render(line, step, INK, False)
            surf.blit(img, img.get_rect(midtop=(zone.centerx, ty)))
            ty += self.name_leading(step)
        # the bottom band: what stays visible in a cascade
        band = pygame.Rect(0, top_h, w, band_h)
        pygame.draw.rect(surf, BAND, band, border_bottom_left_radius=radius, border_bottom_right_radius=radius)
        pygame.draw.line(surf, pygame.Color("#BFD9EA"), (2, top_h), (w - 3, top_h), max(1, w // 60))
        sp = self.svg(species_key_art(c.species), (icon, icon))
        surf.blit(sp, sp.get_rect(midleft=(max(3, w // 25), band.centery)))
        vb = self.svg(vehicle_art(c.vehicle), (icon, icon))
        surf.blit(vb, vb.get_rect(midright=(w - max(3, w // 25), band.centery)))
        if c.vp:
            star(surf, (w / 2 + icon * 0.1, band.centery), icon * 0.42, "#F6C343", INK)
            if c.vp > 1:
                n = self.fonts.render(str(c.vp), "small", INK, True)
                surf.blit(n, n.get_rect(center=(w / 2, band.centery)))
        pygame.draw.rect(surf, INK, body, max(1, round(w / 55)), border_radius=radius)
        return surf

    def face_layout(self, species: str, w: int) -> tuple[int, pygame.Rect, str | int, list[str], int, int]:
        """Where a face ``w`` wide puts things: the scientists' height, the zone of the species art and
        name, the name's type step and lines, the art's size and the band icons' size."""
        key = ("face_layout", species, w, self.fonts.scale, language())
        got = self._layouts.get(key)
        if got is None:
            h = card_height(w)
            band_h = self.band_height(w)
            strip_w = round(w * 0.27)
            top_h = h - band_h
            fig_h = min(round(w * 0.36), round(top_h * 0.36))
            zone = pygame.Rect(strip_w + 2, 2, w - strip_w - 4, top_h - 4)
            name, short = _(species_name(species)), _(species_short(species))
            step, lines = self.name_lines(name, zone.w - 2, zone.h, short)
            text_h = self.name_height(step, len(lines))
            art_size = max(8, min(zone.w - 4, zone.h - text_h - 4))
            icon = band_h - max(4, band_h // 6)
            got = self._layouts[key] = (fig_h, zone, step, lines, art_size, icon)
        return got

    def face_art(self, card_id: int, width: int) -> list[tuple[str, tuple[int, int]]]:
        """The SVG pictures (path, size) a face draws: to rasterise them ahead, one at a time."""
        c = card(card_id)
        fig_h, _zone, _step, _lines, art_size, icon = self.face_layout(c.species, width)
        fig = (round(fig_h * 0.6), fig_h)
        return [
            (scientist_art(c.left), fig),
            (scientist_art(c.right), fig),
            (species_key_art(c.species), (art_size, art_size)),
            (species_key_art(c.species), (icon, icon)),
            (vehicle_art(c.vehicle), (icon, icon)),
        ]

    def name_lines(self, name: str, width: int, height: int, short: str = "") -> tuple[str | int, list[str]]:
        """A species name on a card face ``width`` wide, in lines taking at most 55% of ``height`` (the
        art gets the rest), never in type under MIN_NAME_PX: the largest type step at which it wraps to
        two lines; else up to three lines with long words hyphenated ("Groen-landia"); else its
        one-word ``short`` name (or first word), hyphenated if need be; else, on a card too narrow
        for that, no name at all (the art and the tooltip name the animal)."""
        steps = [s for s in NAME_STEPS if self.fonts.px(s) >= MIN_NAME_PX] or ["small"]
        for step in steps:
            lines = self.fonts.wrap(name, width, step)
            if len(lines) <= 2 and self._name_fits(lines, step, width, height):
                return step, lines
        for text in (name, short or name.split(" ")[0]):
            for step in steps:
                font = self.fonts.font(step)
                words = [part for word in text.split(" ") for part in hyphenate(word, width, font)]
                lines = [line.replace("- ", "-") for line in self.fonts.wrap(" ".join(words), width, step)]
                if len(lines) <= 3 and self._name_fits(lines, step, width, height):
                    return step, lines
        return steps[-1], []

    def _name_fits(self, lines: list[str], step: str | int, width: int, height: int) -> bool:
        font = self.fonts.font(step)
        wide = all(font.size(line)[0] <= width for line in lines)
        return wide and self.name_height(step, len(lines)) <= height * 0.55

    def name_leading(self, step: str | int) -> int:
        """The distance between two lines of a species name: tighter than the font's own line
        spacing, which keeps room above each line for accented capitals."""
        font = self.fonts.font(step)
        return min(font.get_linesize(), round(font.get_height() * 0.85))

    def name_height(self, step: str | int, n: int) -> int:
        """The height of ``n`` lines of a species name (0 for none)."""
        return self.name_leading(step) * (n - 1) + self.fonts.font(step).get_height() if n else 0

    def back(self, width: int) -> pygame.Surface:
        return self.card(("back", width), lambda: self.svg(f"{ART}/deck_back.svg", (width, card_height(width))))

    def slot(self, width: int, colour: pygame.Color) -> pygame.Surface:  # type: ignore[override]
        """An empty card place ``width`` wide."""
        return super().slot((width, card_height(width)), colour)
