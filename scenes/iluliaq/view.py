"""How Iluliaq's table (millimetres, the iceberg's centre at the origin; game/iluliaq/table.py) is
seen on the screen: from above at a slight angle, so the far side is a little shorter than the near
one and a card one layer up stands a little higher (and casts its shadow further). ``to_screen``
and its inverse on the table's plane, ``to_table``, are the only places that know it."""

from __future__ import annotations

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
SHADOW = (5.0, 7.0)
"""mm a card's shadow falls right and down for each layer it stands above what it is cast on."""
MARGIN = 90.0
"""mm of water shown beyond the seats' release lines."""


@dataclass(frozen=True)
class TableView:
    rect: pygame.Rect
    """The part of the window the table fills."""
    seen: float = LINE + MARGIN
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
        return (cx + x * k, cy + (y * TILT - rise(layer)) * k)

    def to_table(self, sx: float, sy: float, layer: float = 0.0) -> tuple[float, float]:
        """The point of the table at height ``layer`` (by default the water) under the screen point."""
        k = self.scale
        cx, cy = self.centre or self.rect.center
        return ((sx - cx) / k, (sy - cy + rise(layer) * k) / (k * TILT))

    @property
    def key(self) -> tuple:
        """What pictures drawn through this view depend on."""
        return (tuple(self.rect), self.centre, round(self.scale, 5))

    def card_polygon(self, x: float, y: float, turn: float, layer: float) -> list[tuple[float, float]]:
        return [self.to_screen(px, py, layer) for px, py in corners(x, y, turn)]

    def shadow_polygon(self, x: float, y: float, turn: float, layer: float) -> list[tuple[float, float]]:
        dx, dy = SHADOW[0] * layer, SHADOW[1] * layer
        return [self.to_screen(px + dx, py + dy, 0.0) for px, py in corners(x, y, turn)]

    def card_size(self) -> tuple[int, int]:
        """A card's picture size on the screen (drawn upright, then turned and squashed)."""
        k = self.scale
        return max(4, round(CARD_W * k)), max(4, round(CARD_L * k))


def lie_down(picture: pygame.Surface, turn: float) -> pygame.Surface:
    """A card's upright picture as it lies turned ``turn`` degrees on the tilted table: turned
    (pygame turns counter-clockwise, the table's turn is clockwise on the screen), then squashed by
    the tilt."""
    img = pygame.transform.rotozoom(picture, -turn, 1.0)
    return pygame.transform.smoothscale(img, (img.get_width(), max(1, round(img.get_height() * TILT))))
