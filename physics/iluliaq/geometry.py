"""Card rectangles on plain poses: how much two cards overlap, which bears lie uncovered, and the
final check that every card's layer matches what lies under its centre."""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.iluliaq.table import (
    ANIMALS,
    CARD_L,
    CARD_W,
    HALF,
    Pose,
    animal_type,
    contains,
    corners,
    over_iceberg,
    supports,
)

COVER_AREA = 1.0
"""mm²: a card lying over less of a bear than this (a touching edge) does not cover it."""


def _clip(polygon: list[tuple[float, float]], a: tuple[float, float], b: tuple[float, float]) -> list:
    """The part of ``polygon`` left of the directed edge a -> b (Sutherland-Hodgman, one edge)."""
    out = []
    ax, ay = a
    ex, ey = b[0] - ax, b[1] - ay

    def side(p: tuple[float, float]) -> float:
        return ex * (p[1] - ay) - ey * (p[0] - ax)

    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        sp, sq = side(p), side(q)
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _area(polygon: list[tuple[float, float]]) -> float:
    n = len(polygon)
    return abs(sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                   for i in range(n))) / 2


def _overlap(shape: list[tuple[float, float]], other: list[tuple[float, float]]) -> float:
    """The area two convex polygons share; both wound as ``corners`` winds a card (counter-clockwise
    in x-right y-up terms, so the inside lies left of each edge)."""
    for i in range(len(other)):
        shape = _clip(shape, other[i], other[(i + 1) % len(other)])
        if not shape:
            return 0.0
    return _area(shape) if len(shape) >= 3 else 0.0


def overlap_area(a: Pose, b: Pose) -> float:
    """mm² of the table both cards lie over (whatever their layers)."""
    if math.hypot(a.x - b.x, a.y - b.y) > math.hypot(CARD_W, CARD_L):
        return 0.0
    return _overlap(corners(a.x, a.y, a.turn), corners(b.x, b.y, b.turn))


def depth(a: Pose, b: Pose) -> float:
    """mm two cards reach into each other: the smallest overlap of their shadows on the four edge
    directions (0 or less when apart)."""
    dx, dy = b.x - a.x, b.y - a.y
    if dx * dx + dy * dy > CARD_W * CARD_W + CARD_L * CARD_L:
        return -1.0
    ta, tb = math.radians(a.turn), math.radians(b.turn)
    axes = ((math.cos(ta), math.sin(ta)), (-math.sin(ta), math.cos(ta)),
            (math.cos(tb), math.sin(tb)), (-math.sin(tb), math.cos(tb)))
    hw, hl = CARD_W / 2, CARD_L / 2
    best = math.inf
    for ux, uy in axes:
        reach = (hw * (abs(ux * axes[0][0] + uy * axes[0][1]) + abs(ux * axes[2][0] + uy * axes[2][1]))
                 + hl * (abs(ux * axes[1][0] + uy * axes[1][1]) + abs(ux * axes[3][0] + uy * axes[3][1])))
        best = min(best, reach - abs(dx * ux + dy * uy))
    return best


FOOTPRINT = [(-HALF, -HALF), (HALF, -HALF), (HALF, HALF), (-HALF, HALF)]


def brushes_iceberg(table: Iterable[Pose], pose: Pose) -> bool:
    """Whether a card lying at ``pose`` lies partly over the iceberg: over its walls' footprint or over
    a card on it (a card landing half over the edge touches the iceberg before it tips off)."""
    outline = corners(pose.x, pose.y, pose.turn)
    if _overlap(outline, FOOTPRINT) > COVER_AREA:
        return True
    return any(p.layer >= 1 and overlap_area(p, pose) > COVER_AREA for p in table)


def uncovered_bears(poses: Iterable[Pose]) -> list[Pose]:
    """The polar bears on the iceberg with no card of the next layer lying over any of them."""
    poses = list(poses)
    bears = [p for p in poses if p.card < ANIMALS and p.layer >= 1 and animal_type(p.card) == "bear"]
    return [b for b in bears
            if not any(p.layer == b.layer + 1 and overlap_area(p, b) > COVER_AREA for p in poses)]


def held(poses: list[Pose], pose: Pose) -> bool:
    """Whether ``pose`` lies in the water or has its centre over something of exactly the layer below."""
    if pose.layer <= 0:
        return True
    if pose.layer == 1:
        return over_iceberg(pose.x, pose.y)
    return any(p.layer == pose.layer - 1 and contains(p, pose.x, pose.y) for p in poses)


def drop_unheld(poses: list[Pose]) -> list[Pose]:
    """``poses`` (by card id) with every card that nothing holds up tipped to the highest support
    under its centre, lowest layers first, until all hold. Rounding the simulation's numbers can move
    a centre that sat on an edge just off it; this keeps the outcome true to ``supports``."""
    poses = sorted(poses, key=lambda p: p.card)
    changed = True
    while changed:
        changed = False
        for i in sorted(range(len(poses)), key=lambda i: (poses[i].layer, poses[i].card)):
            p = poses[i]
            if not held(poses, p):
                layer = supports(poses, p.x, p.y, below=p.layer) + 1
                poses[i] = Pose(p.card, p.x, p.y, p.turn, layer)
                changed = True
    return poses
