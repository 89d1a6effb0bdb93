"""Triggers (game/core/triggers.py): kept in the state, fired in batches in seat order."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest

from game.core import flow, triggers
from game.core.codec import from_data, to_data
from game.core.contract import State
from game.core.flow import GameEnded
from game.core.rng import Rng
from game.core.triggers import Fired, Triggers


@dataclass
class Table(State):
    triggers: Triggers = field(default_factory=Triggers)


def table(first: int = 0) -> Table:
    state = Table(Rng(1))
    flow.start(state, "turn", first)
    flow.call(state, "chain", first)
    return state


def run_all(state: Table, first: int, players: int, on_run=None) -> list[tuple[int, int, str]]:
    """Fire everything, ending each frame at once (``on_run`` may fire more meanwhile): (seat, tag, name)."""
    ran = []
    while (frame := triggers.fire_next(state, first, players)) is not None:
        ran.append((frame.seat, frame.data["tag"], frame.name))
        if on_run is not None:
            on_run(state, frame)
        flow.end(state)
    return ran


def test_a_batch_fires_clockwise_from_the_first_seat_then_by_order_then_as_fired():
    state = table(first=2)
    for seat, order, name in [(0, 5, "a"), (3, 9, "b"), (2, 7, "c"), (0, 1, "d"), (2, 7, "e"), (1, 0, "f")]:
        triggers.fire(state, seat, name, order=order, tag=order)
    ran = run_all(state, first=2, players=4)
    assert ran == [(2, 7, "c"), (2, 7, "e"), (3, 9, "b"), (0, 1, "d"), (0, 5, "a"), (1, 0, "f")]
    assert not state.triggers and [f.name for f in state.flow] == ["turn", "chain"]


def test_each_trigger_runs_in_its_own_frame_on_top_of_the_caller():
    state = table(first=1)
    triggers.fire(state, 3, "passive", order=4, card=4, dead=9)
    frame = triggers.fire_next(state, 1, 4)
    assert frame is state.frame and frame.name == "passive" and frame.seat == 3
    assert frame.data == {"card": 4, "dead": 9}
    assert [f.name for f in state.flow] == ["turn", "chain", "passive"] and state.turn_seat == 1
    flow.end(state)
    assert triggers.fire_next(state, 1, 4) is None and state.frame.name == "chain"


def test_what_fires_during_a_batch_waits_for_the_next_batch():
    state = table(first=0)
    triggers.fire(state, 1, "x", order=1, tag=1)
    triggers.fire(state, 2, "x", order=2, tag=2)

    def chain_on(state: Table, frame) -> None:
        if frame.data["tag"] == 1:  # seat 1's fires two more: one for seat 0, who comes first in seat order
            triggers.fire(state, 0, "x", order=10, tag=10)
            triggers.fire(state, 1, "x", order=11, tag=11)

    ran = run_all(state, first=0, players=3, on_run=chain_on)
    assert [(seat, order) for seat, order, _ in ran] == [(1, 1), (2, 2), (0, 10), (1, 11)], (
        "seat 2's trigger of the first batch fires before seat 0's of the second")


def test_nothing_pending_pushes_nothing():
    state = table()
    assert triggers.fire_next(state, 0, 2) is None
    assert [f.name for f in state.flow] == ["turn", "chain"] and not state.triggers


def test_the_queue_is_state_saved_and_copied_with_it():
    state = table()
    triggers.fire(state, 1, "passive", order=3, card=3)
    triggers.fire(state, 0, "passive", order=8, card=8)
    triggers.fire_next(state, 0, 2)  # the batch starts: one fired, one still in the batch
    triggers.fire(state, 1, "passive", order=1, card=1)
    data = json.loads(json.dumps(to_data(state)))
    again = from_data(Table, data)
    assert again == state and again.triggers.batch == [Fired(1, 3, "passive", {"card": 3})]
    assert again.triggers.waiting == [Fired(1, 1, "passive", {"card": 1})]
    copy = triggers.copy_triggers(state.triggers)
    assert copy == state.triggers
    copy.batch[0].data["card"] = 99
    copy.waiting.clear()
    assert state.triggers.batch[0].data == {"card": 3} and state.triggers.waiting


def test_end_game_drops_every_pending_trigger():
    state = table()
    triggers.fire(state, 1, "x", order=1)
    triggers.fire(state, 0, "x", order=2)
    triggers.fire_next(state, 0, 2)
    triggers.fire(state, 1, "x", order=3)
    with pytest.raises(GameEnded):
        flow.end_game(state)
    assert state.flow == [] and not state.triggers
    assert state.triggers == Triggers()
