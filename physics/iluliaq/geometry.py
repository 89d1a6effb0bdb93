"""Card rectangles on plain poses, after a simulation: whether a card brushed the iceberg (the seal's
rule), and the final check that every card is held up (``game.iluliaq.lying``)."""

from __future__ import annotations

from collections.abc import Iterable

from game.iluliaq.lying import COVER_AREA, held, lying_layer, overlaps, shared_area
from game.iluliaq.table import HALF, Pose, corners

FOOTPRINT = [(-HALF, -HALF), (HALF, -HALF), (HALF, HALF), (-HALF, HALF)]


def brushes_iceberg(table: Iterable[Pose], pose: Pose) -> bool:
    """Whether a card lying at ``pose`` lies partly over the iceberg: over its walls' footprint or over
    a card on it (a card landing half over the edge touches the iceberg before it tips off)."""
    if shared_area(corners(pose.x, pose.y, pose.turn), FOOTPRINT) > COVER_AREA:
        return True
    return any(p.layer >= 1 and overlaps(p, pose) for p in table)


def drop_unheld(poses: list[Pose]) -> list[Pose]:
    """``poses`` (by card id) with every card that nothing holds up dropped to where it lies on the
    cards lower than it (``lying_layer``), lowest layers first, until all hold. Rounding the
    simulation's numbers can move a card that sat on an edge just off it; this keeps the outcome
    true to ``lying.held``."""
    poses = sorted(poses, key=lambda p: p.card)
    changed = True
    while changed:
        changed = False
        for i in sorted(range(len(poses)), key=lambda i: (poses[i].layer, poses[i].card)):
            p = poses[i]
            if not held(poses, p):
                poses[i] = Pose(p.card, p.x, p.y, p.turn, lying_layer(poses, p, below=p.layer))
                changed = True
    return poses
