"""The physics' own motion of a throw, for the table to play back. ``physics.iluliaq.resolver``'s
``trajectory`` records every card's pose 60 times a second from the touch-down to rest; it is run
again here from the poses the table drew before the throw (the physics is deterministic: the same
view and intent give the same outcome) and turned into each card's path. A run that does not end
where the record says (a save made with other physics) is not used: the table then slides each card
from its old pose to its new one.

The run takes a few milliseconds, tens with a crowded iceberg: the table has the kit's worker thread
do it while the card is still in the air (``scenes/kit/refining.py``), so no frame waits for it."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from game.iluliaq.table import Placed, Pose, Thrown
from physics.iluliaq import resolver as physics
from scenes.kit.refining import give_way

log = logging.getLogger(__name__)

Place4 = tuple[float, float, float, float]
LAYER_STEP = 0.25
"""Layers a card's drawn height moves at most per recorded frame: a drop takes a few frames, not one."""


@dataclass
class Before:
    """What the physics reads of the table before the throw (``game.iluliaq.table.TableView``)."""

    players: int
    to_act: int | None
    table: list[Pose]
    hand: int

    def card_in_hand(self) -> int:
        return self.hand


def paths(action: Thrown | Placed, seat: int, players: int, before: dict[int, Pose]) -> dict[int, list[Place4]] | None:
    """Each card's pose per recorded frame (its height smoothed), or None when there is nothing to
    play back (no recording in this physics, a card that never touched down, another outcome)."""
    record = getattr(physics, "trajectory", None)
    if record is None:
        return None
    view = Before(players, seat, sorted(before.values(), key=lambda p: p.card), action.outcome.card)
    try:
        again, frames = record(view, action.intent, between=give_way)
    except Exception:  # noqa: BLE001 - the animation falls back to sliding; the game goes on
        log.exception("the physics could not play back %r", action.intent)
        return None
    if not frames or getattr(again, "outcome", None) != action.outcome:
        return None
    out: dict[int, list[Place4]] = {}
    for frame in frames:
        for p in frame:
            out.setdefault(p.card, []).append((p.x, p.y, p.turn, float(p.layer)))
    for card, path in out.items():
        height = path[0][3]
        smooth = []
        for x, y, turn, layer in path:
            height += max(-LAYER_STEP, min(LAYER_STEP, layer - height))
            smooth.append((x, y, turn, height))
        out[card] = smooth
    return out
