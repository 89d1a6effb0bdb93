"""Triggers: abilities that fire on events (ILAN's passives: "when a krill dies, gain 1"), kept in
the state and fired in batches.

A game keeps one ``Triggers`` as ``state.triggers``. Whatever fires is recorded with ``fire``: the
seat it is for, its order within that seat (ILAN: the card's id) and the frame that runs it.
Nothing rides on display events: bots and search step without them, so the queue is part of
the state (saved, cloned, viewed like the rest).

``fire_next`` runs them batch by batch: when the batch firing now is empty, everything fired so far
becomes the next batch, in seat order clockwise from ``first`` (the active player's first), then by
``order``, then in the order fired; each call pushes the next one's frame (``flow.call``) on top of
the caller. Whatever fires while a batch runs waits for the next batch. A game drives it from an
automatic stage of its own::

    def run_chain(state, frame, events):          # Stage(..., auto=run_chain)
        if triggers.fire_next(state, frame.seat, state.players) is None:
            flow.end(state)                         # nothing left: back to the caller

``flow.end_game`` drops whatever is still pending.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core import flow
from game.core.flow import Frame


@dataclass
class Fired:
    """One trigger that fired and has not run yet."""

    seat: int
    """Whose ability it is (the owner of the passive's card); its frame is that seat's."""
    order: int
    """Its place among the same seat's triggers of one batch (ILAN: the card's id)."""
    name: str
    """The frame that runs it."""
    data: dict[str, Any] = field(default_factory=dict)
    """The frame's locals (JSON values): the card, the event that fired it."""


@dataclass
class Triggers:
    """The triggers of a state: the batch firing now, and those fired since, waiting for the next."""

    batch: list[Fired] = field(default_factory=list)
    """The batch firing now, in the order it fires (the next first)."""
    waiting: list[Fired] = field(default_factory=list)
    """Fired since the batch began (or since the last batch ended), in the order fired."""

    def clear(self) -> None:
        self.batch.clear()
        self.waiting.clear()

    def __bool__(self) -> bool:
        return bool(self.batch or self.waiting)


def fire(state: Any, seat: int, name: str, order: int = 0, **data: Any) -> Fired:
    """Record a trigger of ``seat`` that fired: it runs with the next batch, in its frame ``name``."""
    fired = Fired(seat, order, name, dict(data))
    state.triggers.waiting.append(fired)
    return fired


def batch_order(fired: list[Fired], first: int, players: int) -> list[Fired]:
    """``fired`` in the order a batch runs: seat by seat clockwise from ``first``, within a seat by
    ``order``, then as they fired."""
    return sorted(fired, key=lambda f: ((f.seat - first) % players, f.order))


def fire_next(state: Any, first: int, players: int) -> Frame | None:
    """Push the frame of the next trigger to run (starting the next batch, in seat order from
    ``first``, when this one is done); None when nothing is left."""
    queue: Triggers = state.triggers
    if not queue.batch:
        queue.batch, queue.waiting = batch_order(queue.waiting, first, players), []
    if not queue.batch:
        return None
    fired = queue.batch.pop(0)
    return flow.call(state, fired.name, fired.seat, **fired.data)


def copy_triggers(queue: Triggers) -> Triggers:
    """A deep copy (for a game's fast clone)."""
    return Triggers([Fired(f.seat, f.order, f.name, flow.copy_json(f.data)) for f in queue.batch],
                    [Fired(f.seat, f.order, f.name, flow.copy_json(f.data)) for f in queue.waiting])
