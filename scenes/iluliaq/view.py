"""How Iluliaq's table (millimetres, the iceberg's centre at the origin; game/iluliaq/table.py) is
seen on the screen: from above at a slight angle, so the far side is a little shorter than the near
one and a card one layer up stands a little higher (and casts its shadow further); and as through a
gentle magnifier over the iceberg: everything within ``NEAR`` of its centre (the iceberg and every
card that can rest on it) is drawn at one scale, and the water beyond is drawn ever more squeezed
towards the seats (``reach``), so the iceberg is seen large while every seat's line still fits. A
card lying out there is drawn smaller (``size_at``). ``to_screen`` and its inverse on the table's
plane, ``to_table``, are the only places that know it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.iluliaq.table import CARD_L, CARD_W, LINE, corners

TILT = 0.82
"""How much the table's depth (y) is squashed: 1 is straight from above."""
LIFT = 9.0
"""mm a card seems to rise on the screen for each layer it stands on: enough to see the stacking
(seen from nearly above, the walls' real 63 mm would hardly show)."""
FULL_LIFT = 3.0
"""Layers that rise a whole LIFT each; those above rise HIGH_LIFT of it, so that a tall pile
(cards are thin) still stands over the iceberg instead of climbing up the screen."""
HIGH_LIFT = 0.3


def rise(layer: float) -> float:
    """mm a card at ``layer`` seems to rise on the screen."""
    if layer <= FULL_LIFT:
        return layer * LIFT
    return (FULL_LIFT + (layer - FULL_LIFT) * HIGH_LIFT) * LIFT
NEAR = 115.0
"""mm from the iceberg's centre within which the table is drawn at one scale: past the iceberg's
corners (107 mm), so every card resting on it is drawn whole at that scale."""
FAR = 0.45
"""How squeezed the water is drawn far from the iceberg: a mm there covers this share of a mm near it."""
EASE = 70.0
"""mm over which the squeeze sets in past ``NEAR`` (it grows smoothly: no seam)."""
STEPS = 32
"""Card sizes out in the water are rounded to this many steps of the full size (pictures are kept per size)."""


def reach(r: float) -> float:
    """How far from the iceberg's centre a point ``r`` mm away is drawn, in mm of the near scale."""
    if r <= NEAR:
        return r
    d = r - NEAR
    return NEAR + FAR * d + (1 - FAR) * EASE * (1 - math.exp(-d / EASE))


def _stretch(r: float) -> float:
    """The derivative of ``reach``."""
    return 1.0 if r <= NEAR else FAR + (1 - FAR) * math.exp(-(r - NEAR) / EASE)


def unreach(w: float) -> float:
    """The inverse of ``reach`` (Newton from below: ``reach`` is concave, so it never overshoots)."""
    if w <= NEAR:
        return w
    r = w
    for _round in range(30):
        step = (w - reach(r)) / _stretch(r)
        r += step
        if abs(step) < 1e-7:
            break
    return r


def size_at(x: float, y: float) -> float:
    """How big a card lying at (x, y) is drawn, as a share of one near the iceberg (the mean of the
    squeeze along and across the way to the centre), rounded to ``STEPS``."""
    r = math.hypot(x, y)
    if r <= NEAR:
        return 1.0
    return max(1, round(math.sqrt(_stretch(r) * reach(r) / r) * STEPS)) / STEPS


SHADOW = (5.0, 7.0)
"""mm a card's shadow falls right and down for each layer it stands above what it is cast on."""
MARGIN = 90.0
"""mm of water shown beyond the seats' release lines."""


@dataclass(frozen=True)
class TableView:
    rect: pygame.Rect
    """The part of the window the table fills."""
    seen: float = reach(LINE + MARGIN)
    """The radius in mm the view shows around the iceberg."""
    centre: tuple[float, float] | None = None
    """Where the iceberg's centre is on the screen (None: the middle of ``rect``)."""

    @property
    def scale(self) -> float:
        """Screen px per mm."""
        return min(self.rect.w / (2 * self.seen), self.rect.h / (2 * self.seen * TILT))

    def to_screen(self, x: float, y: float, layer: float = 0.0) -> tuple[float, float]:
        k = self.scale
        cx, cy = self.centre or self.rect.center
        r = math.hypot(x, y)
        f = reach(r) / r if r > NEAR else 1.0
        return (cx + x * f * k, cy + (y * f * TILT - rise(layer)) * k)

    def to_table(self, sx: float, sy: float, layer: float = 0.0) -> tuple[float, float]:
        """The point of the table at height ``layer`` (by default the water) under the screen point."""
        k = self.scale
        cx, cy = self.centre or self.rect.center
        wx, wy = (sx - cx) / k, (sy - cy + rise(layer) * k) / (k * TILT)
        w = math.hypot(wx, wy)
        f = unreach(w) / w if w > NEAR else 1.0
        return (wx * f, wy * f)

    def screen_way(self, x: float, y: float, way: tuple[float, float]) -> tuple[float, float]:
        """The unit screen direction in which a card leaving (x, y) along the table direction ``way``
        is seen to go: towards where it is drawn once as far off as the iceberg's centre is (the
        squeeze bends straight lines a little, so the direction depends on that distance)."""
        sx, sy = self.to_screen(x, y)
        ux, uy = way
        n = math.hypot(ux, uy) or 1.0
        d = max(1.0, math.hypot(x, y))
        ex, ey = self.to_screen(x + ux / n * d, y + uy / n * d)
        m = math.hypot(ex - sx, ey - sy) or 1.0
        return (ex - sx) / m, (ey - sy) / m

    def table_way(self, x: float, y: float, way: tuple[float, float]) -> tuple[float, float]:
        """The inverse of ``screen_way``: the table direction from (x, y) seen going along the screen
        direction ``way``."""
        target = math.atan2(way[1], way[0])
        guess = math.atan2(way[1] / TILT, way[0])  # what the tilt alone would make of it
        lo, hi = guess - 1.2, guess + 1.2
        for _round in range(40):  # near the guess, the screen angle grows with the table angle: bisect
            mid = (lo + hi) / 2
            sx, sy = self.screen_way(x, y, (math.cos(mid), math.sin(mid)))
            off = (math.atan2(sy, sx) - target + math.pi) % (2 * math.pi) - math.pi
            if off < 0:
                lo = mid
            else:
                hi = mid
        mid = (lo + hi) / 2
        return math.cos(mid), math.sin(mid)

    @property
    def key(self) -> tuple:
        """What pictures drawn through this view depend on."""
        return (tuple(self.rect), self.centre, round(self.scale, 5))

    def card_polygon(self, x: float, y: float, turn: float, layer: float) -> list[tuple[float, float]]:
        return [self.to_screen(px, py, layer) for px, py in corners(x, y, turn)]

    def card_size(self, x: float = 0.0, y: float = 0.0) -> tuple[int, int]:
        """A card's picture size on the screen (drawn upright, then turned and squashed), lying at
        (x, y) (by default on the iceberg)."""
        k = self.scale * size_at(x, y)
        return max(4, round(CARD_W * k)), max(4, round(CARD_L * k))


def lie_down(picture: pygame.Surface, turn: float) -> pygame.Surface:
    """A card's upright picture as it lies turned ``turn`` degrees on the tilted table: turned
    (pygame turns counter-clockwise, the table's turn is clockwise on the screen), then squashed by
    the tilt."""
    img = pygame.transform.rotozoom(picture, -turn, 1.0)
    return pygame.transform.smoothscale(img, (img.get_width(), max(1, round(img.get_height() * TILT))))
