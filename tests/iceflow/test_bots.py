"""Ice Flow's bots where selfplay saw them stall: an explorer on an island or a coast with an empty
backpack, no floe it can step onto, and bots turning floes back and forth until the round cap.

The seat builds a bridge instead (game/iceflow/bridge.py); these positions check each way it has,
and that two bots left with nothing on Big Diomede still finish the game."""

from __future__ import annotations

import pytest

from game.core.bots import decide
from game.iceflow.bridge import bridges
from game.iceflow.places import Where
from game.iceflow.rules import RULES
from game.iceflow.state import NEW_FLOE, Drift, NewFloe, Place, Rotate
from tests.iceflow.build import play, position

STRANDED = [["Big Diomede", "S1", "S2"], ["A1", "A2", "A3"]]
"""Seat 0's last explorer on Big Diomede (4,3): west of it lane L3 (column 3, north at speed 1)."""
EMPTY = [(0, 0), (1, 1)]


def first_bridge(state, gap=None):
    found = [b for b in bridges(Where(state), 0) if gap is None or b.gap == gap]
    assert found, "no bridge found"
    return found[0]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_with_no_ice_upstream_a_new_floe_comes_in_at_the_lanes_entry(level: str) -> None:
    state = position(STRANDED, [(8, (6, 6))], backpacks=EMPTY)
    bridge = first_bridge(state)
    assert (bridge.action, bridge.entry, bridge.gap) == (NewFloe(), (3, 7), (3, 3))
    assert bridge.actions == 5  # the new floe, then four drifts up the lane
    assert decide(RULES, state, level, 1) == NewFloe()


def test_the_drawn_floe_goes_on_the_entry_the_bridge_needs() -> None:
    state = play(position(STRANDED, [(8, (6, 6))], backpacks=EMPTY), NewFloe())
    assert state.frame.name == NEW_FLOE
    assert decide(RULES, state, "normal", 1) == Place(3, 7)


def test_the_floe_nearest_upstream_drifts_toward_the_gap() -> None:
    state = position(STRANDED, [(8, (3, 6)), (9, (6, 6))], backpacks=EMPTY)
    bridge = first_bridge(state)
    assert (bridge.action, bridge.gap, bridge.actions) == (Drift(8), (3, 3), 3)
    assert decide(RULES, state, "normal", 1) == Drift(8)


def test_a_drift_that_would_carry_the_floe_past_the_gap_clears_the_lane_for_a_new_floe() -> None:
    # Lane L7 runs north at speed 2; the floe at (7,6) would drift past (7,5), next to Alaska's A6.
    state = position([["A6", "S1", "S2"], ["A1", "A2", "A3"]], [(0, (7, 6), 0), (9, (3, 6))], backpacks=EMPTY)
    bridge = first_bridge(state, gap=(7, 5))
    assert (bridge.action, bridge.actions) == (Drift(0), 2 + 1)


def test_a_floe_whose_ridge_bars_the_step_is_turned_the_way_that_opens_it() -> None:
    # Floe 0 (ridges N and NE) on (3,3): from Big Diomede the step climbs its NE edge, a rope it lacks.
    state = position(STRANDED, [(0, (3, 3)), (9, (6, 6))], backpacks=EMPTY)
    turns = [b.action for b in bridges(Where(state), 0) if b.gap == (3, 3)]
    assert turns == [Rotate(0, -1)]


def test_a_floe_barred_by_its_bear_drifts_away() -> None:
    state = position(STRANDED, [(8, (3, 3), 1, 0, 0, 1), (9, (6, 6))], backpacks=EMPTY)
    bridge = first_bridge(state, gap=(3, 3))
    assert (bridge.action, bridge.actions) == (Drift(8), 2)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_two_bots_with_empty_backpacks_on_big_diomede_still_finish(level: str) -> None:
    state = position([["Big Diomede", "S1", "S2"], ["Big Diomede", "S1", "S2"]], [(9, (6, 6)), (10, (7, 2))],
                     backpacks=[(0, 0), (0, 0)])
    for n in range(600):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, decide(RULES, state, level, n))
    assert RULES.is_over(state) and not state.capped
    assert state.turns < 60


def test_a_decision_is_the_same_every_time() -> None:
    state = position(STRANDED, [(8, (3, 6)), (9, (6, 6))], backpacks=EMPTY)
    assert len({decide(RULES, state, level, 7) for level in ("hard", "hard", "hard")}) == 1


def test_the_hint_for_a_bridge_says_it_is_for_a_later_turn() -> None:
    state = position(STRANDED, [(8, (3, 6)), (9, (6, 6))], backpacks=EMPTY)
    reason = RULES.hint_reason(RULES.view(state, 0), Drift(8))
    assert reason is not None and "bridge for a later turn" in str(reason)
