"""Painting the strait and what is on it, in pixels from the layout's hexes: the sea by lane (each
lane's current shown by arrows, more of them the faster it runs), the coasts, the stations with their
names, the islands; the floes with their ridged edges raised as white walls a child can see, the
ropes, fish and bears they carry; the explorers in their players' colours and shapes.

Every function draws on the surface it is given at the offset given, so the still layer's pieces and
the frame's moving floes share one painter."""

from __future__ import annotations

import math

import pygame

from game.core.hexgrid import has_edge
from game.iceflow.board import Board
from game.iceflow.data import ridges
from game.iceflow.state import Floe
from scenes.kit import style
from scenes.kit.hexes import HexLayout

SEA = pygame.Color("#123A5E")
SEA_FAST = (pygame.Color("#17507A"), pygame.Color("#1B5E8C"), pygame.Color("#2070A2"))
"""A lane's sea, by speed 1-3: the faster, the lighter."""
LAND = pygame.Color("#5D6B5A")
SNOW = pygame.Color("#E8EEF2")
ICE = pygame.Color("#B9DDF2")
ICE_EDGE = pygame.Color("#7FB6DB")
RIDGE = pygame.Color("#FFFFFF")
RIDGE_SHADE = pygame.Color("#1F4E79")
ROPE = pygame.Color("#D9452B")
FISH = pygame.Color("#9A6332")
BEAR = pygame.Color("#FBFBF7")
INK = pygame.Color("#14202B")
SIBERIA = pygame.Color("#C9503D")
ALASKA = pygame.Color("#3D6FC9")


def hex_points(lay: HexLayout, h: tuple[int, int], scale: float = 1.0, offset: tuple[int, int] = (0, 0),
               centre: tuple[float, float] | None = None, turn: float = 0.0) -> list[tuple[float, float]]:
    """The corners of hex ``h`` (or of a hexagon at ``centre`` turned ``turn`` degrees), shifted."""
    cx, cy = centre if centre is not None else lay.centre(h)
    r = lay.size * scale
    return [(cx + r * math.cos(math.radians(60 * i + turn)) + offset[0],
             cy + r * math.sin(math.radians(60 * i + turn)) + offset[1]) for i in range(6)]


def paint_strait(surface: pygame.Surface, lay: HexLayout, board: Board, fonts: style.Fonts, s: float,
                 offset: tuple[int, int]) -> None:
    """Every hex of the map, the currents' arrows, the station names."""
    lane_of = {h: lane for lane in board.lanes for h in lane.path}
    for col in range(board.cols):
        for row in range(board.rows):
            h = (col, row)
            kind = board.kind_of(h)
            if kind is None:
                continue
            points = hex_points(lay, h, 0.985, offset)
            if kind == "sea":
                lane = lane_of.get(h)
                colour = SEA_FAST[min(3, lane.speed) - 1] if lane is not None else SEA
                pygame.draw.polygon(surface, colour, points)
                if lane is not None:
                    _arrow(surface, lay, h, lane, offset)
            elif kind == "coast":
                pygame.draw.polygon(surface, LAND, points)
                pygame.draw.polygon(surface, pygame.Color("#6E7C69"), hex_points(lay, h, 0.6, offset))
            else:
                pygame.draw.polygon(surface, LAND, points)
                pygame.draw.polygon(surface, SNOW, hex_points(lay, h, 0.8, offset))
                if kind in ("siberia", "alaska"):
                    _station(surface, lay, h, kind, offset)
                else:
                    _rocks(surface, lay, h, offset)
    for name, h in (*board.siberia, *board.alaska, *board.islands):
        x, y = lay.centre(h)
        label = fonts.fit(board.label(name), round(lay.size * 2.2), "small", True)
        img = fonts.render(label, "small", INK, True)
        pill = img.get_rect(center=(round(x + offset[0]), round(y + offset[1] + lay.size * 0.62)))
        pygame.draw.rect(surface, SNOW, pill.inflate(round(8 * s), round(2 * s)), border_radius=round(6 * s))
        surface.blit(img, pill)


def _arrow(surface: pygame.Surface, lay: HexLayout, h: tuple[int, int], lane, offset: tuple[int, int]) -> None:
    """The current: chevrons pointing downstream, one per hex of speed."""
    k = lane.path.index(h)
    nxt = lane.path[k + 1] if k + 1 < len(lane.path) else None
    prev = lane.path[k - 1] if k > 0 else None
    ax, ay = lay.centre(h)
    if nxt is not None:
        bx, by = lay.centre(nxt)
    else:
        px, py = lay.centre(prev)
        bx, by = ax + (ax - px), ay + (ay - py)
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    colour = pygame.Color(255, 255, 255, 70)
    size = lay.size * 0.22
    for i in range(lane.speed):
        t = (i - (lane.speed - 1) / 2) * size * 1.1
        cx, cy = ax + ux * t + offset[0], ay + uy * t + offset[1]
        tip = (cx + ux * size * 0.6, cy + uy * size * 0.6)
        left = (cx - ux * size * 0.4 - uy * size * 0.7, cy - uy * size * 0.4 + ux * size * 0.7)
        right = (cx - ux * size * 0.4 + uy * size * 0.7, cy - uy * size * 0.4 - ux * size * 0.7)
        pygame.draw.lines(surface, colour, False, [left, tip, right], max(1, round(lay.size * 0.07)))


def _rocks(surface: pygame.Surface, lay: HexLayout, h: tuple[int, int], offset: tuple[int, int]) -> None:
    """An island: grey rocks under snow."""
    x, y = lay.centre(h)
    x, y = x + offset[0], y + offset[1] - lay.size * 0.5
    r = lay.size
    for dx, dy, k in ((-0.3, 0.0, 0.32), (0.25, 0.08, 0.26), (0.0, -0.12, 0.22)):
        pygame.draw.circle(surface, pygame.Color("#7C8791"), (x + dx * r, y + dy * r), k * r)
        pygame.draw.circle(surface, SNOW, (x + dx * r, y + dy * r - k * r * 0.45), k * r * 0.6)


def _station(surface: pygame.Surface, lay: HexLayout, h: tuple[int, int], kind: str,
             offset: tuple[int, int]) -> None:
    """A hut with a flag in the side's colour, at the top of the hex (explorers stand below it)."""
    x, y = lay.centre(h)
    x, y = x + offset[0] - lay.size * 0.15, y + offset[1] - lay.size * 0.52
    w = lay.size * 0.4
    hut = pygame.Rect(0, 0, round(w), round(w * 0.6))
    hut.midbottom = (round(x), round(y + w * 0.3))
    pygame.draw.rect(surface, pygame.Color("#7A5236"), hut)
    pygame.draw.polygon(surface, pygame.Color("#4A3322"), [(hut.x - 2, hut.y), (hut.right + 2, hut.y),
                                                           (hut.centerx, hut.y - w * 0.35)])
    pole_x = hut.right + w * 0.15
    pygame.draw.line(surface, INK, (pole_x, hut.bottom), (pole_x, hut.y - w * 0.55), max(1, round(lay.size * 0.04)))
    flag = SIBERIA if kind == "siberia" else ALASKA
    pygame.draw.polygon(surface, flag, [(pole_x, hut.y - w * 0.55), (pole_x + w * 0.4, hut.y - w * 0.42),
                                        (pole_x, hut.y - w * 0.29)])


def paint_floe(surface: pygame.Surface, lay: HexLayout, floe: Floe, centre: tuple[float, float],
               turn: float = 0.0, ghost: bool = False) -> None:
    """A floe at ``centre`` (its rules hex's, or where it drifts now), turned ``turn`` degrees more
    than its rotation shows; its ridges are thick raised walls, the flat edges a thin rim."""
    points = hex_points(lay, floe.hex, 0.9, centre=centre, turn=turn)
    if ghost:
        pygame.draw.polygon(surface, ICE_EDGE, points, max(2, round(lay.size * 0.08)))
        return
    pygame.draw.polygon(surface, ICE, points)
    pygame.draw.polygon(surface, ICE_EDGE, points, max(1, round(lay.size * 0.05)))
    inner = hex_points(lay, floe.hex, 0.62, centre=centre, turn=turn)
    pygame.draw.polygon(surface, pygame.Color("#E3F2FB"), inner)
    mask = ridges()[floe.id]
    depth = lay.size * 0.24
    for d in range(6):
        if not has_edge(mask, floe.rotation, d):
            continue
        a, b = _edge(points, d)
        ia, ib = _towards(a, centre, depth), _towards(b, centre, depth)
        wall = [a, b, ib, ia]
        pygame.draw.polygon(surface, RIDGE_SHADE, wall)
        peaks = [a]
        for t in (0.17, 0.33, 0.5, 0.67, 0.83):
            base = _along(a, b, t)
            peaks.append(_towards(base, centre, depth * (0.95 if round(t * 6) % 2 else 0.45)))
        peaks.append(b)
        pygame.draw.polygon(surface, RIDGE, peaks)
        pygame.draw.lines(surface, RIDGE_SHADE, False, peaks, max(1, round(lay.size * 0.04)))
        pygame.draw.line(surface, RIDGE_SHADE, a, b, max(2, round(lay.size * 0.07)))
    _cargo(surface, lay, floe, centre)


def _edge(points: list[tuple[float, float]], d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of edge ``d`` (0 N) of a flat-topped hexagon whose corner 0 points east."""
    return points[(d + 4) % 6], points[(d + 5) % 6]


def _towards(p: tuple[float, float], c: tuple[float, float], by: float) -> tuple[float, float]:
    dx, dy = c[0] - p[0], c[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    return p[0] + dx / n * by, p[1] + dy / n * by


def _along(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _cargo(surface: pygame.Surface, lay: HexLayout, floe: Floe, centre: tuple[float, float]) -> None:
    """Ropes and fish in a row along the floe's lower half, bears on its upper half."""
    r = lay.size
    items = ["rope"] * floe.ropes + ["fish"] * floe.fish
    step = r * 0.3
    x0 = centre[0] - step * (len(items) - 1) / 2
    for i, item in enumerate(items[:5]):
        at = (x0 + step * i, centre[1] + r * 0.42)
        (paint_rope if item == "rope" else paint_fish)(surface, at, r * 0.13)
    for i in range(floe.bears):
        paint_bear(surface, (centre[0] + (i - (floe.bears - 1) / 2) * r * 0.5, centre[1] - r * 0.32), r * 0.2)


def paint_rope(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    pygame.draw.circle(surface, ROPE, at, r)
    pygame.draw.circle(surface, pygame.Color("#F2B8A8"), at, r * 0.5, max(1, round(r * 0.25)))
    pygame.draw.circle(surface, INK, at, r, 1)


def paint_fish(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    body = pygame.Rect(0, 0, round(r * 2.2), round(r * 1.3))
    body.center = (round(at[0] - r * 0.2), round(at[1]))
    pygame.draw.ellipse(surface, FISH, body)
    pygame.draw.polygon(surface, FISH, [(body.right - 1, at[1]), (body.right + r * 0.7, at[1] - r * 0.6),
                                        (body.right + r * 0.7, at[1] + r * 0.6)])
    pygame.draw.ellipse(surface, INK, body, 1)


def paint_bear(surface: pygame.Surface, at: tuple[float, float], r: float) -> None:
    x, y = at
    for ex in (-0.65, 0.65):
        pygame.draw.circle(surface, BEAR, (x + ex * r, y - r * 0.75), r * 0.35)
        pygame.draw.circle(surface, INK, (x + ex * r, y - r * 0.75), r * 0.35, 1)
    pygame.draw.circle(surface, BEAR, (x, y), r)
    pygame.draw.circle(surface, INK, (x, y), r, max(1, round(r * 0.12)))
    pygame.draw.circle(surface, INK, (x, y + r * 0.3), r * 0.18)
    for ex in (-0.35, 0.35):
        pygame.draw.circle(surface, INK, (x + ex * r, y - r * 0.15), max(1.0, r * 0.1))


def explorer_spots(lay: HexLayout, centre: tuple[float, float], count: int, low: float = 0.05
                   ) -> list[tuple[float, float]]:
    """Where ``count`` explorers stand on one hex: side by side across its middle, ``low`` of its
    size below the centre (lower on a station, under its hut)."""
    gap = lay.size * (0.55 if count < 3 else 0.42)
    x0 = centre[0] - gap * (count - 1) / 2
    return [(x0 + gap * i, centre[1] + lay.size * low) for i in range(count)]


def paint_explorer(surface: pygame.Surface, token, at: tuple[float, float], r: float) -> None:
    """An explorer: its player's token with a dark ring, so it reads on ice, sea and snow alike."""
    pygame.draw.circle(surface, INK, at, r * 1.15)
    style.draw_player_token(surface, token, at, r)
