"""Borealis pieces drawn from the SVG art: animal cards, scientists, badges and their words.

Everything here is cached as Surfaces keyed by what it shows and the size it is shown at, so the
table only blits once a piece has been drawn.
"""

from __future__ import annotations

import pygame

from game.borealis.data import card, card_data, colour_name, species_name
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


def species_key_art(species: str) -> str:
    return f"{ART}/species/{species_name(species).lower().replace(' ', '_')}.svg"


def vehicle_art(vehicle: str) -> str:
    return f"{ART}/vehicles/{vehicle}.svg"


def scientist_art(colour: int) -> str:
    return f"{ART}/scientists/{SCIENTIST_FILES[colour]}.svg"


def scientist_rgb(colour: int) -> pygame.Color:
    key = ("A", "M", "P")[colour]
    return pygame.Color(card_data()["scientists"][key]["rgb"])


def vehicle_name(vehicle: str) -> str:
    return _(card_data()["vehicles"].get(vehicle, vehicle))


def latin_name(species: str) -> str:
    return card_data()["species"][species].get("latin", "")


NAME_STEPS: tuple[str | int, ...] = ("small", 13, 12, 11, 10)
"""Type steps tried for a species name on a card face, largest first."""
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
            _("Needs a {first} scientist (walks left) and a {second} scientist (walks right).").format(
                first=_(colour_name(c.left)), second=_(colour_name(c.right))
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


def star(surface: pygame.Surface, center: tuple[float, float], r: float, fill, outline=None) -> None:
    style.draw_shape(surface, "star", center, r, pygame.Color(fill), outline)


class Pieces(Pictures):
    """Borealis's pictures at a given UI scale (``fonts`` is the shell's Fonts): faces drawn from the
    card data, backs, scientists."""

    def __init__(self, fonts: style.Fonts) -> None:
        super().__init__(fonts)
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
        small = self.fonts.font(step)
        text_h = small.get_linesize() * len(lines)
        art = self.svg(species_key_art(c.species), (art_size, art_size))
        surf.blit(art, art.get_rect(midtop=(zone.centerx, zone.y + 2)))
        ty = zone.bottom - text_h
        for line in lines:
            img = self.fonts.render(line, step, INK, False)
            surf.blit(img, img.get_rect(midtop=(zone.centerx, ty)))
            ty += small.get_linesize()
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
            step, lines = self.name_lines(_(species_name(species)), zone.w - 2, zone.h)
            text_h = self.fonts.font(step).get_linesize() * len(lines)
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

    def name_lines(self, name: str, width: int, height: int) -> tuple[str | int, list[str]]:
        """A species name on a card face ``width`` wide, in lines taking at most 55% of ``height`` (the
        art gets the rest): the largest type step at which it wraps to two lines; else up to three
        lines with long words hyphenated ("Groen-landia"); else, on a narrow card, only its first
        word (the full name is in the tooltip)."""
        for step in NAME_STEPS:
            lines = self.fonts.wrap(name, width, step)
            font = self.fonts.font(step)
            if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
                return step, lines
        for text in (name, name.split(" ")[0]):
            for step in NAME_STEPS:
                font = self.fonts.font(step)
                words = [part for word in text.split(" ") for part in hyphenate(word, width, font)]
                lines = [line.replace("- ", "-") for line in self.fonts.wrap(" ".join(words), width, step)]
                fits = all(font.size(line)[0] <= width for line in lines)
                if fits and len(lines) <= 3 and len(lines) * font.get_linesize() <= height * 0.55:
                    return step, lines
        step = NAME_STEPS[-1]
        return step, [self.fonts.fit(name.split(" ")[0], width, step)]

    def back(self, width: int) -> pygame.Surface:
        return self.card(("back", width), lambda: self.svg(f"{ART}/deck_back.svg", (width, card_height(width))))

    def slot(self, width: int, colour: pygame.Color) -> pygame.Surface:  # type: ignore[override]
        """An empty card place ``width`` wide."""
        return super().slot((width, card_height(width)), colour)
