"""Iluliaq's pictures: each card face painted once per size (the card frame with its animal, an
iceberg card, the back, a trampoline), then lying on the tilted table at a turn (cached per kind,
size and whole degree), its soft shadow, the same card wet (a bluish tint for the water), the
water itself, the iceberg in its box lid, and small waves."""

from __future__ import annotations

import math

import pygame

from game.core.contract import HIDDEN
from game.iluliaq.table import HALF, LID, Pose, animal_type, supports
from scenes.iluliaq.view import SHADOW, TILT, TableView, lie_down
from scenes.kit import style
from scenes.kit.pictures import Pictures

ART = "art/iluliaq"
ANIMAL_ART = {"penguin": "penguin", "dodo": "dodo", "lynx": "lynx", "bear": "polar_bear", "seal": "seal"}
PLAIN = {"iceberg": "iceberg_card", "back": "card_back", "trampoline": "trampoline"}
WET = (150, 196, 240, 220)
"""What a card in the water is multiplied by: bluish, and a little see-through."""
SHADOW_ALPHA = 90
CONTACT = 0.4
"""Layers of drop a card's shadow shows at least (a card lying flat on another casts a thin one)."""
HIGH_SHADOW = 1.5
"""Layers of drop up to which a shadow is at its darkest; higher, it fades (a card in flight)."""
WATER_TILE = 110.0
"""mm of table one water tile covers."""
WALL_FRONT = ((0, 0, 0), (204, 230, 244), (150, 196, 224))
LYING_KEPT = 480
"""Card pictures kept: every card on the table lying and its shadow, each also premultiplied for the
runs of resting cards, and the turns of a throw in motion (each at 1920x1080 about 80 kB)..."""
LYING_BYTES = 20 * 2**20
"""...and their bytes at most: about 240 at 1920x1080 (fewer, at 12 MB, and a throw turned cards again
each frame: the median frame went from 1.4 to 2.4 ms); at 2560x1440 about 140. The premultiplied ones
share this budget (a cache of their own of 6 MB held 30 at 2560x1440: a crowded table premultiplied
its cards again for every run, 4-5 ms a frame)."""


def kind_of(card: int) -> str:
    """What a card's picture shows: its animal, "iceberg", or "back" for a card nobody may see."""
    return "back" if card == HIDDEN else animal_type(card)


RESTING_KEPT = 4
"""Runs of resting cards kept (a throw draws one to three; at 2560x1440 each is up to 2 MB)."""


class Pieces(Pictures):
    def __init__(self, fonts) -> None:
        super().__init__(fonts, cards_kept=LYING_KEPT, cards_bytes=LYING_BYTES)
        self._resting: dict[tuple, tuple[pygame.Surface, pygame.Rect]] = {}
        """Runs of cards lying still that a throw playing draws between the moving ones (``blit_resting``)."""

    def clear(self) -> None:
        super().clear()
        self._resting.clear()

    # --- upright faces ------------------------------------------------------------------------------
    def face(self, kind: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = max(4, size[0]), max(4, size[1])

        def paint() -> pygame.Surface:
            if kind.startswith("trampoline:"):
                _t, rgb, shape = kind.split(":")
                return self._trampoline(style.PlayerColour(kind, "", rgb, shape), (w, h))
            if kind in PLAIN:
                return self.svg(f"{ART}/{PLAIN[kind]}.svg", (w, h)).copy()
            surf = self.svg(f"{ART}/card_face.svg", (w, h)).copy()
            side = round(w * 0.88)
            art = self.svg(f"{ART}/{ANIMAL_ART.get(kind, 'penguin')}.svg", (side, side))
            surf.blit(art, art.get_rect(center=(w // 2, h // 2)))
            return surf

        return self.card(("face", kind, w, h), paint)

    def _trampoline(self, colour: style.PlayerColour, size: tuple[int, int]) -> pygame.Surface:
        """A seat's trampoline (kind ``trampoline:RGB:SHAPE``): framed in the player's colour, with their
        token (colour and shape) on its mat, as on their panel."""
        w, h = size
        surf = self.svg(f"{ART}/trampoline.svg", size).copy()
        ink = colour.colour
        rim = max(2, round(w * 0.07))
        pygame.draw.rect(surf, ink, surf.get_rect(), rim, border_radius=max(2, round(w * 0.08)))
        pygame.draw.rect(surf, (20, 33, 61), surf.get_rect(), max(1, rim // 3), border_radius=max(2, round(w * 0.08)))
        style.draw_player_token(surf, colour, (w / 2, h / 2), w * 0.2)
        return surf

    def warm(self, sizes: list[tuple[int, int]]) -> None:
        """Every face at ``sizes`` now, so that no throw waits for its pictures to be drawn."""
        for size in sizes:
            for kind in (*ANIMAL_ART, *PLAIN):
                self.face(kind, size)

    # --- lying on the table ---------------------------------------------------------------------------
    def lying(self, kind: str, size: tuple[int, int], turn: float, wet: bool = False,
              premultiplied: bool = False) -> pygame.Surface:
        """The card as it lies turned ``turn`` degrees on the tilted table (its centre the picture's);
        ``premultiplied`` for the runs of resting cards (kept among the card pictures, by their bytes)."""
        deg = round(turn) % 360
        if premultiplied:
            return self.card(("lying", kind, size, deg, wet, "premultiplied"),
                             lambda: self.lying(kind, size, deg, wet).premul_alpha())

        def paint() -> pygame.Surface:
            img = lie_down(self.face(kind, size), deg)
            if wet:
                img.fill(WET, special_flags=pygame.BLEND_RGBA_MULT)
            return img

        return self.card(("lying", kind, size, deg, wet), paint)

    def shadow(self, size: tuple[int, int], turn: float, premultiplied: bool = False) -> pygame.Surface:
        deg = round(turn) % 360
        if premultiplied:
            return self.card(("shadow", size, deg, "premultiplied"), lambda: self.shadow(size, deg).premul_alpha())

        def paint() -> pygame.Surface:
            w, h = size
            soft = max(2, w // 14)
            flat = pygame.Surface((w + 2 * soft, h + 2 * soft), pygame.SRCALPHA)
            for i in range(soft, -1, -1):
                a = round(SHADOW_ALPHA * (1 - i / (soft + 1)) ** 1.5)
                pygame.draw.rect(flat, (4, 14, 30, a), flat.get_rect().inflate(-2 * (soft - i), -2 * (soft - i)),
                                 border_radius=max(2, w // 12))
            return lie_down(flat, deg)

        return self.card(("shadow", size, deg), paint)

    def blit_card(self, surface: pygame.Surface, view: TableView, kind: str, x: float, y: float, turn: float,
                  layer: float, off: tuple[int, int] = (0, 0), wet: bool = False, scale: float = 1.0,
                  alpha: int = 255, below: float | None = None) -> pygame.Rect:
        """A card lying at (x, y) turned ``turn`` at ``layer`` (a float while it moves), its shadow
        first, cast on what lies ``below`` it (a height in layers; by default the card under it);
        ``scale`` grows it (in the air), ``alpha`` fades it. Returns what it drew over."""
        drawn: pygame.Rect | None = None
        for img, centre, faint in self.card_parts(view, kind, x, y, turn, layer, wet, scale, alpha, below):
            if faint < 255:
                img.set_alpha(faint)
            r = surface.blit(img, img.get_rect(center=(round(centre[0] + off[0]), round(centre[1] + off[1]))))
            if faint < 255:
                img.set_alpha(255)
            drawn = r if drawn is None else r.union(drawn)
        assert drawn is not None
        return drawn

    def card_parts(self, view: TableView, kind: str, x: float, y: float, turn: float, layer: float,
                   wet: bool = False, scale: float = 1.0, alpha: int = 255, below: float | None = None,
                   premultiplied: bool = False) -> list[tuple[pygame.Surface, tuple[float, float], int]]:
        """What ``blit_card`` blits, in order: (picture, where its centre goes, its alpha); the
        pictures ``premultiplied`` when asked (a resting card: ``scale`` and ``alpha`` as they are)."""
        size = view.card_size(x, y)
        out = []
        ground = resting_on(layer) if below is None else below
        if layer > 0.05:
            sh = self.shadow(size, turn, premultiplied)
            drop = max(CONTACT, layer - ground)
            sx, sy = view.to_screen(x + SHADOW[0] * drop, y + SHADOW[1] * drop, ground)
            if scale != 1.0:
                sh = pygame.transform.smoothscale(sh, (max(1, round(sh.get_width() * scale)),
                                                       max(1, round(sh.get_height() * scale))))
            out.append((sh, (sx, sy), round(alpha * min(1.0, HIGH_SHADOW / drop))))  # high in the air: faint
        img = self.lying(kind, size, turn, wet, premultiplied)
        if scale != 1.0:
            img = pygame.transform.smoothscale(img, (max(1, round(img.get_width() * scale)),
                                                     max(1, round(img.get_height() * scale))))
        elif alpha < 255:
            img = img.copy()
        if alpha < 255:
            img.set_alpha(alpha)
        out.append((img, view.to_screen(x, y, layer), 255))
        return out

    def resting(self, view: TableView, cards: tuple) -> tuple[pygame.Surface, pygame.Rect]:
        """Cards lying still (``cards``: (kind, x, y, turn, layer), lowest first) as one picture,
        premultiplied so that it blends as they would one by one, and where it goes; painted once
        per ``cards``."""
        key = ("resting", cards, view.key)
        picture = self._resting.get(key)
        if picture is None:
            parts = [(img, img.get_rect(center=(round(c[0]), round(c[1]))), faint)
                     for kind, x, y, turn, layer in cards
                     for img, c, faint in self.card_parts(view, kind, x, y, turn, layer, premultiplied=True)]
            box = parts[0][1].unionall([r for _img, r, _f in parts[1:]])
            surf = pygame.Surface(box.size, pygame.SRCALPHA)
            surf.fill((0, 0, 0, 0))
            for pre, r, faint in parts:
                if faint < 255:
                    pre = pre.copy()
                    pre.fill((faint, faint, faint, faint), special_flags=pygame.BLEND_RGBA_MULT)
                surf.blit(pre, r.move(-box.x, -box.y), special_flags=pygame.BLEND_PREMULTIPLIED)
            picture = (surf, box)
            self._resting = {**dict(list(self._resting.items())[1 - RESTING_KEPT:]), key: picture}
        return picture

    def blit_resting(self, surface: pygame.Surface, view: TableView, cards: tuple) -> pygame.Rect:
        """Cards lying still, as ``blit_card`` draws them one by one, from their one picture (``resting``)."""
        surf, box = self.resting(view, cards)
        return surface.blit(surf, box, special_flags=pygame.BLEND_PREMULTIPLIED)

    # --- the sea and the iceberg ---------------------------------------------------------------------
    def water(self, view: TableView, frame: pygame.Rect) -> pygame.Surface:
        """A picture of ``frame`` (the still picture's rect on the screen) with the water where the
        table's rect is, darker towards the far side (the still picture is composed over it)."""
        rect = view.rect
        key = ("water", tuple(frame), view.key)
        surf = self._misc.get(key)
        if surf is None:
            surf = pygame.Surface(frame.size)
            sea = surf.subsurface(rect.clip(frame).move(-frame.x, -frame.y))
            sea.fill((20, 62, 104))
            tw = max(16, round(WATER_TILE * view.scale))
            # rendered a little larger and cropped: the art's own edge is antialiased (a seam)
            tile = self.svg(f"{ART}/water_tile.svg", (tw + 2, tw + 2)).subsurface((1, 1, tw, tw))
            tile = pygame.transform.smoothscale(tile, (tw, max(8, round(tw * TILT))))
            w, h = sea.get_size()
            x0 = w // 2 - math.ceil(w / 2 / tile.get_width()) * tile.get_width()
            y0 = h // 2 - math.ceil(h / 2 / tile.get_height()) * tile.get_height()
            for y in range(y0, h, tile.get_height()):
                for x in range(x0, w, tile.get_width()):
                    sea.blit(tile, (x, y))
            shade = pygame.Surface((1, 64), pygame.SRCALPHA)
            for i in range(64):
                shade.set_at((0, i), (5, 14, 32, round(90 * (1 - i / 63) ** 2)))
            sea.blit(pygame.transform.smoothscale(shade, (w, max(1, h // 2))), (0, 0))
            self._misc = {k: v for k, v in self._misc.items() if k[0] != "water"}
            self._misc[key] = surf
        return surf

    def iceberg(self, view: TableView) -> tuple[pygame.Surface, pygame.Rect]:
        """The box lid with the walls standing in it and their bare top (layer 1), as one picture and
        where it goes on the screen."""
        k = view.scale
        key = ("iceberg", view.key)
        found = self._misc.get(key)
        if found is not None:
            return found, self._misc[("iceberg_at",) + key[1:]]
        corners = [view.to_screen(x, y, 0.0) for x, y in ((-LID / 2, -LID / 2), (LID / 2, LID / 2))]
        top = view.to_screen(-HALF, -HALF, 1.0)
        shadow_far = view.to_screen(HALF + SHADOW[0], HALF + SHADOW[1], 0.0)
        left, right = corners[0][0] - 2, max(corners[1][0], shadow_far[0]) + 2
        upper, lower = min(top[1], corners[0][1]) - 2, max(corners[1][1], shadow_far[1]) + 2
        at = pygame.Rect(math.floor(left), math.floor(upper), math.ceil(right - left), math.ceil(lower - upper))
        surf = pygame.Surface(at.size, pygame.SRCALPHA)

        def p(x: float, y: float, layer: float) -> tuple[float, float]:
            sx, sy = view.to_screen(x, y, layer)
            return sx - at.x, sy - at.y

        lid = pygame.Rect(0, 0, round(LID * k), round(LID * k * TILT))
        lid.center = (round(p(0, 0, 0)[0]), round(p(0, 0, 0)[1]))
        shadow = [p(x + SHADOW[0], y + SHADOW[1], 0) for x, y in ((-HALF, -HALF), (HALF, -HALF), (HALF, HALF),
                                                                  (-HALF, HALF))]
        img = pygame.transform.smoothscale(self.svg(f"{ART}/box_lid.svg", (lid.w, lid.w)), lid.size)
        surf.blit(img, lid)
        pygame.draw.rect(surf, (10, 20, 38), lid, max(1, round(1.2 * k)), border_radius=max(2, round(2 * k)))
        shade = pygame.Surface(at.size, pygame.SRCALPHA)
        pygame.draw.polygon(shade, (4, 14, 30, 110), shadow)
        surf.blit(shade, (0, 0))
        front = [p(-HALF, HALF, 0), p(HALF, HALF, 0), p(HALF, HALF, 1), p(-HALF, HALF, 1)]
        pygame.draw.polygon(surf, WALL_FRONT[2], front)
        band = [p(-HALF, HALF, 0.55), p(HALF, HALF, 0.55), p(HALF, HALF, 1), p(-HALF, HALF, 1)]
        pygame.draw.polygon(surf, WALL_FRONT[1], band)
        seam = -HALF + 88.0  # the front walls: one card lengthways, one sideways (the pinwheel)
        pygame.draw.line(surf, (120, 168, 200), p(seam, HALF, 0), p(seam, HALF, 1), max(1, round(0.8 * k)))
        plate = [p(-HALF, -HALF, 1), p(HALF, -HALF, 1), p(HALF, HALF, 1), p(-HALF, HALF, 1)]
        pygame.draw.polygon(surf, (222, 240, 250), plate)
        pygame.draw.polygon(surf, (150, 196, 224), plate, max(1, round(1.5 * k)))
        inset = HALF - 2.0
        pygame.draw.polygon(surf, (186, 220, 240), [p(-inset, -inset, 1), p(inset, -inset, 1), p(inset, inset, 1),
                                                    p(-inset, inset, 1)], max(1, round(0.8 * k)))
        self._misc[key] = surf
        self._misc[("iceberg_at",) + key[1:]] = at
        return surf, at

    def wave(self, width: int) -> pygame.Surface:
        """A small crest of a wave: a light arc, fading at its ends."""
        key = ("wave", width)
        surf = self._misc.get(key)
        if surf is None:
            h = max(4, width // 4)
            surf = pygame.Surface((width, h), pygame.SRCALPHA)
            for i in range(width):
                t = i / max(1, width - 1)
                y = h * 0.35 + h * 0.45 * (2 * t - 1) ** 2
                a = round(120 * math.sin(math.pi * t))
                pygame.draw.circle(surf, (214, 236, 250, a), (i, round(y)), max(1, width // 30))
            self._misc[key] = surf
        return surf


def resting_on(layer: float) -> float:
    """The height (in layers) of what a card resting at ``layer`` lies on: the card under it, the
    walls' top for layer 1 (drawn at height 1), the water for layer 0."""
    return layer - 1 if layer >= 2 else min(layer, 1.0)


def ground_at(poses: list[Pose], x: float, y: float) -> float:
    """The height of what lies under (x, y): the highest card there, the walls' top, or the water."""
    top = supports(poses, x, y)
    return float(top) if top >= 1 else 1.0 if top == 0 else 0.0
