"""Painting the strait and what is on it, in pixels from the layout's hexes, with Ice Flow's own art
(assets/art/iceflow, SVG): the sea, lighter on a lane the faster it runs, with one current arrow a
hex of speed pointing downstream; the coasts of Siberia (west) and Alaska (east), their stations
with their names, the Diomede islands; the floes with their ridged edges raised as white walls a
child can see, the ropes, fish and bears they carry; the explorers in their players' colours, each
with its player's shape on its chest so colour alone never tells them apart.

Every function draws on the surface it is given at the offset given, so the still layer's pieces and
the frame's moving floes share one painter. The pictures are made once per size (the art's cache
and ``_made`` below); a picture turned at an angle is made each time it is drawn (a drifting floe)."""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable

import pygame

from game.core.hexgrid import has_edge
from game.iceflow.board import Board
from game.iceflow.data import ridges
from game.iceflow.state import Floe
from scenes.kit import style
from scenes.kit.art import load_svg
from scenes.kit.hexes import SQRT3, HexLayout

ART = "art/iceflow/"
LANE_LIGHT = (0, 22, 40, 60)
"""White laid over a lane's sea, by speed 0-3 (0: sea in no lane): the faster, the lighter."""
ICE_EDGE = pygame.Color("#7FB6DB")
INK = pygame.Color("#14202B")
LABEL = pygame.Color("#E8EEF2")
FLOE_SCALE = 0.93
"""A floe is a little smaller than its hex, so the sea shows between neighbours."""
MADE_KEPT = 160
"""Pictures made here (a floe with its ridges, a lane's sea, an arrow, an explorer) kept, the least
recently used going first: every floe of a game at two sizes, with room."""

_made: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def _picture(key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    img = _made.get(key)
    if img is None:
        img = _made[key] = make()
        while len(_made) > MADE_KEPT:
            _made.popitem(last=False)
    else:
        _made.move_to_end(key)
    return img


def _art(name: str, size: tuple[float, float]) -> pygame.Surface:
    """The art ``name`` at ``size``; a transparent picture when it cannot be read (the shapes drawn
    over it still tell the game)."""
    img = load_svg(f"{ART}{name}.svg", (round(size[0]), round(size[1])))
    return img if img is not None else pygame.Surface((max(1, round(size[0])), max(1, round(size[1]))),
                                                      pygame.SRCALPHA)


def _tile_size(lay: HexLayout, scale: float = 1.0) -> tuple[float, float]:
    """A hex tile's box: the art's hexagon fills it edge to edge."""
    return 2 * lay.size * scale, SQRT3 * lay.size * scale


def _blit_at(surface: pygame.Surface, img: pygame.Surface, centre: tuple[float, float]) -> pygame.Rect:
    return surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def hex_points(lay: HexLayout, h: tuple[int, int], scale: float = 1.0, offset: tuple[int, int] = (0, 0),
               centre: tuple[float, float] | None = None, turn: float = 0.0) -> list[tuple[float, float]]:
    """The corners of hex ``h`` (or of a hexagon at ``centre`` turned ``turn`` degrees), shifted."""
    cx, cy = centre if centre is not None else lay.centre(h)
    r = lay.size * scale
    return [(cx + r * math.cos(math.radians(60 * i + turn)) + offset[0],
             cy + r * math.sin(math.radians(60 * i + turn)) + offset[1]) for i in range(6)]


# --- the strait ------------------------------------------------------------------------------------

def paint_strait(surface: pygame.Surface, lay: HexLayout, board: Board, fonts: style.Fonts, s: float,
                 offset: tuple[int, int]) -> None:
    """Every hex of the map, the currents' arrows, the station names."""
    lane_of = {h: lane for lane in board.lanes for h in lane.path}
    size = _tile_size(lay)
    for col in range(board.cols):
        for row in range(board.rows):
            h = (col, row)
            kind = board.kind_of(h)
            if kind is None:
                continue
            x, y = lay.centre(h)
            at = (x + offset[0], y + offset[1])
            if kind in ("sea", "island"):
                lane = lane_of.get(h)
                _blit_at(surface, _sea(lay, lane.speed if lane is not None else 0), at)
                if kind == "island":
                    _blit_at(surface, _art("island", size), at)
                elif lane is not None:
                    _arrows(surface, lay, h, lane, at)
            elif kind == "coast":
                _blit_at(surface, _art("coast_siberia" if col < board.cols / 2 else "coast_alaska", size), at)
            else:
                _blit_at(surface, _art(f"station_{kind}", size), at)
    for name, h in (*board.siberia, *board.alaska, *board.islands):
        x, y = lay.centre(h)
        label = board.label(name)
        if board.kind_of(h) != "island":  # an island's name may reach over the sea around it
            label = fonts.fit(label, round(lay.size * 1.9), "small", True)
        img = fonts.render(label, "small", INK, True)
        pill = img.get_rect(center=(round(x + offset[0]), round(y + offset[1] + lay.size * 0.66)))
        pygame.draw.rect(surface, LABEL, pill.inflate(round(8 * s), round(2 * s)), border_radius=round(6 * s))
        surface.blit(img, pill)


def _sea(lay: HexLayout, speed: int) -> pygame.Surface:
    """The sea tile, lightened for a lane by its speed."""
    size = _tile_size(lay)

    def make() -> pygame.Surface:
        img = _art("sea", size).copy()
        light = LANE_LIGHT[min(3, max(0, speed))]
        if light:
            over = pygame.Surface(img.get_size(), pygame.SRCALPHA)
            w, h = img.get_size()
            pygame.draw.polygon(over, (120, 200, 255, light),
                                [(w * x / 200, h * y / 173.2) for x, y in
                                 ((0, 86.6), (50, 0), (150, 0), (200, 86.6), (150, 173.2), (50, 173.2))])
            img.blit(over, (0, 0))
        return img

    return _picture(("sea", speed, round(size[0]), round(size[1])), make)


def _arrows(surface: pygame.Surface, lay: HexLayout, h: tuple[int, int], lane, at: tuple[float, float]) -> None:
    """The current: one arrow per hex of speed, side by side across the flow, pointing downstream."""
    k = lane.path.index(h)
    ax, ay = lay.centre(h)
    if k + 1 < len(lane.path):
        bx, by = lay.centre(lane.path[k + 1])
        dx, dy = bx - ax, by - ay
    else:
        px, py = lay.centre(lane.path[k - 1])
        dx, dy = ax - px, ay - py
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    side = lay.size * (0.42 if lane.speed < 3 else 0.36)
    angle = round(-math.degrees(math.atan2(ux, -uy)))
    img = _picture(("arrow", angle, round(side)), lambda: _arrow_picture(side, angle))
    gap = side * 0.62
    for i in range(lane.speed):
        t = (i - (lane.speed - 1) / 2) * gap
        _blit_at(surface, img, (at[0] - uy * t, at[1] + ux * t))


def _arrow_picture(side: float, angle: float) -> pygame.Surface:
    img = _art("current_arrow", (side, side)).copy()
    img.fill((210, 235, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
    return pygame.transform.rotozoom(img, angle, 1.0)


# --- floes -----------------------------------------------------------------------------------------

def paint_floe(surface: pygame.Surface, lay: HexLayout, floe: Floe, centre: tuple[float, float],
               turn: float = 0.0, ghost: bool = False) -> None:
    """A floe at ``centre`` (its rules hex's, or where it drifts now), turned ``turn`` degrees
    clockwise more than its rotation shows; its ridges are raised walls of ice, its cargo on top."""
    if ghost:
        pygame.draw.polygon(surface, ICE_EDGE, hex_points(lay, floe.hex, 0.9, centre=centre),
                            max(2, round(lay.size * 0.08)))
        return
    mask = ridges()[floe.id]
    edges = tuple(d for d in range(6) if has_edge(mask, floe.rotation, d))
    img = _picture(("floe", edges, round(lay.size, 1)), lambda: _floe_picture(lay, edges))
    if abs(turn) > 0.01:
        img = pygame.transform.rotozoom(img, -turn, 1.0)
    _blit_at(surface, img, centre)
    _cargo(surface, lay, floe, centre)


def _floe_picture(lay: HexLayout, edges: tuple[int, ...]) -> pygame.Surface:
    """The floe tile with a ridge on each of ``edges`` (the art's ridge lies on the north edge and
    turns clockwise 60 degrees an edge), in a square box so it can turn without being cut."""
    side = math.ceil(2 * lay.size * FLOE_SCALE) + 2
    img = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side / 2)
    size = _tile_size(lay, FLOE_SCALE)
    _blit_at(img, _art("floe", size), centre)
    ridge = _art("ridge", size)
    for d in edges:
        _blit_at(img, pygame.transform.rotozoom(ridge, -60 * d, 1.0) if d else ridge, centre)
    return img


def _cargo(surface: pygame.Surface, lay: HexLayout, floe: Floe, centre: tuple[float, float]) -> None:
    """Ropes and fish in a row along the floe's lower half, bears on its upper half."""
    r = lay.size
    items = ["rope"] * floe.ropes + ["fish"] * floe.fish
    step = r * 0.3
    x0 = centre[0] - step * (len(items) - 1) / 2
    for i, item in enumerate(items[:5]):
        at = (x0 + step * i, centre[1] + r * 0.44)
        (paint_rope if item == "rope" else paint_fish)(surface, at, r * 0.15)
    for i in range(floe.bears):
        paint_bear(surface, (centre[0] + (i - (floe.bears - 1) / 2) * r * 0.62, centre[1] - r * 0.36), r * 0.3)


def paint_rope(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    """A coil of rope about ``r`` in radius."""
    _blit_at(surface, _art("rope", (r * 2.2, r * 2.2)), at)


def paint_fish(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    """A fish about ``r`` in radius."""
    _blit_at(surface, _art("fish", (r * 2.4, r * 2.4)), at)


def paint_bear(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    """A polar bear about ``r`` in radius."""
    _blit_at(surface, _art("bear", (r * 2.2, r * 2.2)), at)


def paint_icon(surface: pygame.Surface, name: str, at: tuple[float, float], r: float) -> None:
    """Any of the art's square pieces (swim, airlift, backpack...) about ``r`` in radius."""
    _blit_at(surface, _art(name, (r * 2, r * 2)), at)


# --- explorers ------------------------------------------------------------------------------------

def explorer_spots(lay: HexLayout, centre: tuple[float, float], count: int, low: float = 0.05
                   ) -> list[tuple[float, float]]:
    """Where ``count`` explorers stand on one hex: side by side across its middle, ``low`` of its
    size below the centre (lower on a station, under its hut)."""
    gap = lay.size * (0.6 if count < 3 else 0.44)
    x0 = centre[0] - gap * (count - 1) / 2
    return [(x0 + gap * i, centre[1] + lay.size * low) for i in range(count)]


def paint_explorer(surface: pygame.Surface, token, at: tuple[float, float], r: float) -> None:
    """An explorer in a parka of its player's colour, about ``r`` in radius (a little taller), with the
    player's token on its chest."""
    pc = token if isinstance(token, style.PlayerColour) else style.player_colour(token)
    side = round(r * 2.5)
    img = _picture(("explorer", tuple(pc.colour), pc.shape, side), lambda: _explorer_picture(pc, side))
    _blit_at(surface, img, (at[0], at[1] - r * 0.2))


def _explorer_picture(pc: style.PlayerColour, side: int) -> pygame.Surface:
    img = _art("explorer", (side, side)).copy()
    tint = pygame.Color(pc.colour)
    img.fill((*_lighter(tint), 255), special_flags=pygame.BLEND_RGBA_MULT)
    style.draw_player_token(img, pc, (side * 0.5, side * 0.66), side * 0.13)
    return img


def _lighter(c: pygame.Color) -> tuple[int, int, int]:
    """The tint that multiplies the white parka to the player's colour, kept light enough that its
    face and outline still read."""
    return tuple(min(255, round(v * 0.92 + 16)) for v in (c.r, c.g, c.b))
