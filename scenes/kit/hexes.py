"""Flat-topped hexes in pixels: where a hex of ``game.core.hexgrid`` is drawn, and which hex a pixel is on.

A ``HexLayout`` is a hex size and the pixel centre of hex ``(0, 0)``; hexes are offset ``(col, row)``,
odd-q, as in ``hexgrid``: columns are straight north-south lines and odd columns sit half a hex lower.
Screen y points down, so every angle here is measured from +x (east) *clockwise on screen*:

- corner ``i`` lies at ``60 * i`` degrees, the east corner (0 degrees) first, then clockwise;
- edge ``d`` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW, as ``hexgrid``'s directions) runs between corners
  ``d + 4`` and ``d + 5`` (mod 6): the N edge is the top one, between 240 and 300 degrees. Edge ``d``
  of a hex and edge ``(d + 3) % 6`` of its neighbour in direction ``d`` are the same segment.

Everything is pure arithmetic on floats except ``draw_hex`` and ``draw_edge``, which draw with pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.core.hexgrid import Hex, from_axial

SQRT3 = math.sqrt(3.0)
Point = tuple[float, float]
_UNIT_CORNERS: tuple[Point, ...] = tuple(
    (math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6)
)
"""Corner ``i`` of a hex of size 1 centred on the origin (y down: clockwise on screen)."""


def _grid_extent(cols: int, rows: int) -> tuple[float, float]:
    """Width and height, in hex sizes, of a grid of ``cols`` x ``rows`` hexes: one column alone is
    not staggered, so it is half a hex shorter."""
    if cols < 1 or rows < 1:
        raise ValueError("a grid has at least one column and one row")
    return 1.5 * cols + 0.5, SQRT3 * (rows + 0.5 if cols > 1 else rows)


@dataclass(frozen=True)
class HexLayout:
    size: float
    """Pixels from a hex's centre to each of its corners (also the length of each edge)."""
    origin: Point
    """The pixel centre of hex ``(0, 0)``."""

    def centre(self, h: Hex) -> Point:
        col, row = h
        return (self.origin[0] + 1.5 * self.size * col,
                self.origin[1] + SQRT3 * self.size * (row + 0.5 * (col & 1)))

    def corners(self, h: Hex, scale: float = 1.0) -> list[Point]:
        """The six corners of ``h``, the east one first, clockwise on screen; ``scale`` < 1 shrinks
        the hexagon about its centre (a tile drawn with a gap around it)."""
        cx, cy = self.centre(h)
        r = self.size * scale
        return [(cx + r * ux, cy + r * uy) for ux, uy in _UNIT_CORNERS]

    def edge(self, h: Hex, d: int) -> tuple[Point, Point]:
        """The two corners of edge ``d`` of ``h``, in clockwise order."""
        cx, cy = self.centre(h)
        (ax, ay), (bx, by) = _UNIT_CORNERS[(d + 4) % 6], _UNIT_CORNERS[(d + 5) % 6]
        s = self.size
        return (cx + s * ax, cy + s * ay), (cx + s * bx, cy + s * by)

    def edge_midpoint(self, h: Hex, d: int) -> Point:
        """The middle of edge ``d`` of ``h`` (halfway to the centre of the neighbour across it)."""
        (px, py), (qx, qy) = self.edge(h, d)
        return (px + qx) / 2, (py + qy) / 2

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex the pixel ``(x, y)`` lies in (any pixel, inside the grid or not): the fractional
        axial hex rounded as a cube, so ties on an edge go one way consistently."""
        dx, dy = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        q = 2.0 / 3.0 * dx
        r = -1.0 / 3.0 * dx + SQRT3 / 3.0 * dy
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        eq, er, es = abs(rq - q), abs(rr - r), abs(rs - s)
        if eq > er and eq > es:
            rq = -rr - rs
        elif er > es:
            rr = -rq - rs
        return from_axial((int(rq), int(rr)))

    def bounds(self, cols: int, rows: int) -> tuple[float, float, float, float]:
        """``(left, top, width, height)`` in pixels of the grid of hexes ``(0..cols-1, 0..rows-1)``:
        floats, so a caller wanting a ``pygame.Rect`` rounds as it likes."""
        w, h = _grid_extent(cols, rows)
        return (self.origin[0] - self.size, self.origin[1] - SQRT3 / 2 * self.size, w * self.size, h * self.size)

    @classmethod
    def fit(cls, cols: int, rows: int, rect: tuple[float, float, float, float] | pygame.Rect) -> HexLayout:
        """The largest layout whose ``cols`` x ``rows`` grid fits inside ``rect`` (``(x, y, w, h)``,
        a ``pygame.Rect`` or a tuple), centred in it."""
        x, y, w, h = rect
        gw, gh = _grid_extent(cols, rows)
        size = min(w / gw, h / gh)
        if size <= 0:
            raise ValueError(f"no room for a hex grid in {tuple(rect)}")
        left = x + (w - gw * size) / 2
        top = y + (h - gh * size) / 2
        return cls(size, (left + size, top + SQRT3 / 2 * size))


def draw_hex(surface: pygame.Surface, layout: HexLayout, h: Hex, colour, width: int = 0,
             scale: float = 1.0) -> pygame.Rect:
    """Hex ``h`` filled with ``colour`` (``width`` 0) or outlined ``width`` px thick; the rectangle
    drawn over (for damage tracking)."""
    return pygame.draw.polygon(surface, colour, layout.corners(h, scale), width)


def draw_edge(surface: pygame.Surface, layout: HexLayout, h: Hex, d: int, colour, width: int = 1) -> pygame.Rect:
    """Edge ``d`` of hex ``h`` as a line ``width`` px thick (a ridge, a highlighted crossing)."""
    p, q = layout.edge(h, d)
    return pygame.draw.line(surface, colour, p, q, width)
