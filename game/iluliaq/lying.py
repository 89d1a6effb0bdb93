"""How cards lie on one another, written once for the rules and the physics (shared/rules/iluliaq.md,
"Changes (2026-12)"): how much two cards overlap, the layer a card put down takes, what holds a card
up, and when a polar bear is covered (and so never bites).

Real cards are thin, so the layers are a modelling device: a card put down (thrown or laid by hand)
lies on top of every card it overlaps by more than COVER_AREA, one layer above the highest of them
(layer 1 on the bare walls' tops). It stays up while its centre lies over the iceberg or a card under
it and it lies over some card of the layer just below (the walls' tops, for layer 1).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.iluliaq.table import CARD_L, CARD_W, Pose, animal_type, contains, corners, supports

COVER_AREA = 1.0
"""mm²: two cards sharing less of the table than this (edges touching) do not lie on each other."""
REACH = math.hypot(CARD_W, CARD_L)
"""mm: two cards whose centres are further apart than this cannot overlap."""

Point = tuple[float, float]


def _clip(polygon: list[Point], a: Point, b: Point) -> list[Point]:
    """The part of ``polygon`` left of the directed edge a -> b (Sutherland-Hodgman, one edge)."""
    out = []
    ax, ay = a
    ex, ey = b[0] - ax, b[1] - ay
    sides = [ex * (p[1] - ay) - ey * (p[0] - ax) for p in polygon]
    for i, p in enumerate(polygon):
        j = (i + 1) % len(polygon)
        sp, sq = sides[i], sides[j]
        if sp >= 0:
            out.append(p)
        if (sp >= 0) != (sq >= 0):
            q = polygon[j]
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _area(polygon: Sequence[Point]) -> float:
    n = len(polygon)
    return abs(sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                   for i in range(n))) / 2


def shared_area(shape: list[Point], other: Sequence[Point]) -> float:
    """The area two convex polygons share; both wound as ``corners`` winds a card (counter-clockwise
    in x-right y-up terms, so the inside lies left of each edge)."""
    for i in range(len(other)):
        shape = _clip(shape, other[i], other[(i + 1) % len(other)])
        if not shape:
            return 0.0
    return _area(shape) if len(shape) >= 3 else 0.0


def overlap_area(a: Pose, b: Pose) -> float:
    """mm² of the table both cards lie over (whatever their layers)."""
    if abs(a.x - b.x) > REACH or abs(a.y - b.y) > REACH or math.hypot(a.x - b.x, a.y - b.y) > REACH:
        return 0.0
    return shared_area(corners(a.x, a.y, a.turn), corners(b.x, b.y, b.turn))


def _local(card: Pose, x: float, y: float) -> tuple[float, float]:
    """(x, y) in the card's own frame: along its width, along its length."""
    t = math.radians(card.turn)
    c, s = math.cos(t), math.sin(t)
    dx, dy = x - card.x, y - card.y
    return dx * c + dy * s, -dx * s + dy * c


def _deep_inside(card: Pose, points: list[Point]) -> bool:
    """Whether one of ``points`` lies at least SURE mm inside the card's edges."""
    for x, y in points:
        lx, ly = _local(card, x, y)
        if abs(lx) <= CARD_W / 2 - SURE and abs(ly) <= CARD_L / 2 - SURE:
            return True
    return False


SURE = 1.5
"""mm: a corner of one card this far inside the other makes them share a quarter disc of this radius
(1.8 mm², more than COVER_AREA), so no area need be worked out."""


def overlaps(a: Pose, b: Pose) -> bool:
    """Whether two cards lie over one another (more than touching)."""
    if abs(a.x - b.x) > REACH or abs(a.y - b.y) > REACH:
        return False
    if _deep_inside(b, [(a.x, a.y), *corners(a.x, a.y, a.turn)]) or _deep_inside(a, corners(b.x, b.y, b.turn)):
        return True
    return overlap_area(a, b) > COVER_AREA


def lying_layer(poses: Iterable[Pose], pose: Pose, below: int | None = None) -> int:
    """The layer a card put down at ``pose`` takes on ``poses`` (only those of a layer under ``below``,
    when given): one above the highest card it overlaps, 1 on the bare walls' tops, and 0 (the water)
    when its centre lies over neither the iceberg nor a card."""
    poses = [p for p in poses if p.card != pose.card and p.layer >= 1 and (below is None or p.layer < below)]
    top = supports(poses, pose.x, pose.y)
    if top < 0:
        return 0
    for p in poses:
        if p.layer > top and overlaps(p, pose):
            top = p.layer
    return top + 1


def held(poses: Iterable[Pose], pose: Pose) -> bool:
    """Whether the card at ``pose`` stays where it is: it lies in the water, or its centre lies over
    the iceberg or a card of a lower layer and it lies over a card of the layer just below (the walls'
    tops hold layer 1)."""
    if pose.layer <= 0:
        return True
    poses = [p for p in poses if p.card != pose.card]
    if supports(poses, pose.x, pose.y, below=pose.layer) < 0:
        return False
    return pose.layer == 1 or any(
        p.layer == pose.layer - 1 and (contains(p, pose.x, pose.y) or overlaps(p, pose)) for p in poses)


def covers(top: Pose, under: Pose) -> bool:
    """Whether ``top`` lies over any part of the card ``under`` (on the iceberg), whatever the layers
    between them and wherever the centre of ``top`` lies."""
    return top.card != under.card and top.layer > under.layer >= 1 and overlaps(top, under)


def covered(pose: Pose, poses: Iterable[Pose]) -> bool:
    return any(covers(p, pose) for p in poses)


def uncovered_bears(poses: Iterable[Pose]) -> list[Pose]:
    """The polar bears on the iceberg that nothing lies over, by card id."""
    poses = list(poses)
    bears = [p for p in poses if p.layer >= 1 and animal_type(p.card) == "bear"]
    return sorted((b for b in bears if not covered(b, poses)), key=lambda p: p.card)


def bitten(before: Iterable[Pose], after: Iterable[Pose], card: int) -> int | None:
    """The polar bear that ``card`` (thrown or laid, not itself a bear) came to rest on: one that lay
    uncovered on the iceberg before and that the card, on the iceberg, now lies over (the first by id
    if several); None when no bear bites."""
    if animal_type(card) == "bear":
        return None
    now = {p.card: p for p in after}
    mine = now.get(card)
    if mine is None or mine.layer < 1:
        return None
    for bear in uncovered_bears(before):
        if bear.card in now and covers(mine, now[bear.card]):
            return bear.card
    return None
