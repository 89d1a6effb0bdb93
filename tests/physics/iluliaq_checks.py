"""What every Iluliaq outcome must satisfy, whatever the throw: shared by the physics tests."""

from __future__ import annotations

import itertools
import math

from game.iluliaq.lying import held, overlap_area
from game.iluliaq.table import CARD_L, CARD_W, Outcome, Pose

OVERLAP_AREA = 0.01 * CARD_W * CARD_L
"""mm²: two cards of one layer may share a sliver this big (pymunk lets contacts sink a little)."""


def problems(before: list[Pose] | tuple[Pose, ...], card: int, outcome: Outcome) -> list[str]:
    """Everything wrong with ``outcome`` of throwing or placing ``card`` on the table ``before``."""
    out = []
    poses = list(outcome.poses)
    ids = [p.card for p in poses]
    if outcome.card != card:
        out.append(f"outcome of card {outcome.card}, not {card}")
    if ids != sorted({p.card for p in before} | {card}):
        out.append(f"cards {ids} are not the table's plus the thrown one")
    for p in poses:
        if not all(math.isfinite(v) for v in (p.x, p.y, p.turn)):
            out.append(f"card {p.card} is not at finite numbers: {p}")
        if p.layer < 0:
            out.append(f"card {p.card} is under the table: {p}")
        if not held(poses, p):
            out.append(f"nothing holds card {p.card} up: {p}")
    for a, b in itertools.combinations(poses, 2):
        if a.layer == b.layer >= 1 and (area := overlap_area(a, b)) > OVERLAP_AREA:
            out.append(f"cards {a.card} and {b.card} lie {area:.0f} mm² inside each other at layer {a.layer}")
    if set(outcome.touched) - set(ids) or card in outcome.touched or list(outcome.touched) != sorted(outcome.touched):
        out.append(f"touched {outcome.touched} is not a sorted list of other cards")
    if outcome.on_bear is not None and outcome.on_bear not in ids:
        out.append(f"on_bear {outcome.on_bear} is no card on the table")
    return out
