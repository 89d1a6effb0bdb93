"""A game of Borealis always ends (POSITION.md, "Length of a game"): PROPOSED rules bound what the
rulebook leaves open. Five rounds in a row with no animal observed end the game, scored as usual;
the marks of one redraw or Regroup can be changed 16 times, then only Keep or Confirm remain."""

from __future__ import annotations

import pytest

from game.borealis.data import proposed
from game.borealis.rules import RULES
from game.borealis.state import ACTION, SEND, Confirm, Keep, Mark, PlayCard, Regroup, SendScientists
from game.borealis.turns import idle_rounds
from game.core.errors import IllegalAction
from game.core.events import Logged
from game.core.history import History
from game.core.messages import text_of
from game.core.positions import read_position
from tests.borealis.helpers import PASS, act

IDLE = proposed("idle_rounds_to_end")
CAP = proposed("mark_changes_per_choice")


def test_the_proposed_numbers_are_the_documented_ones() -> None:
    assert (IDLE, CAP) == (5, 16)


def pass_turn(state):
    """Regroup without discarding (sending any camp scientists to the left location)."""
    state = act(state, Regroup(), Confirm())
    return RULES.apply(state, SendScientists(0)) if state.phase == SEND else state


def started(players: int = 2, seed: int = 1):
    state = RULES.new_game(RULES.default_options(players), seed)
    while state.phase == "mulligan":
        state = RULES.apply(state, Keep())
    return state


def test_five_rounds_of_passing_end_the_game_and_it_is_scored_as_usual() -> None:
    state = started()
    for _round in range(IDLE - 1):
        state = act(state, *PASS, *PASS)
    assert not RULES.is_over(state) and state.round == IDLE and idle_rounds(state) == IDLE
    state = act(state, *PASS)
    step = RULES.advance(state, Regroup())
    step = RULES.advance(step.state, Confirm())
    final = step.state
    assert RULES.is_over(final) and final.round == IDLE
    lines = [text_of(e.text) for e in step.events if isinstance(e, Logged)]
    assert lines == ["No animal was observed for 5 rounds in a row: the game ends."]
    result = RULES.result(final)
    assert result.final and text_of(result.reason) == "No animal was observed for 5 rounds in a row."
    assert sum(result.scores) == sum(sum(row.values()) for row in result.breakdown) > 0  # tokens still count


def test_an_animal_observed_starts_the_count_again() -> None:
    state = started()
    for _round in range(IDLE - 1):
        state = act(state, *PASS, *PASS)
    seat = state.to_act
    play = next(a for a in RULES.legal_actions(state) if isinstance(a, PlayCard))
    state = RULES.apply(state, play)
    state = RULES.apply(state, RULES.legal_actions(state)[-1])  # take a card
    state = pass_turn(state)
    assert state.phase == ACTION and state.to_act == seat and idle_rounds(state) == 1
    for _turn in range(2 * (IDLE - 1)):
        state = pass_turn(state)
    assert not RULES.is_over(state)


def test_the_last_round_is_played_to_its_end_by_every_seat() -> None:
    state = started(players=3)
    for _round in range(IDLE - 1):
        state = act(state, *PASS, *PASS, *PASS)
    state = act(state, *PASS, *PASS)
    assert not RULES.is_over(state) and state.to_act == 2
    assert RULES.is_over(act(state, *PASS))


@pytest.mark.parametrize("phase", ["mulligan", "regroup"])
def test_marks_can_be_changed_16_times_then_only_the_answer_remains(phase: str) -> None:
    state = RULES.new_game(RULES.default_options(2), 3)
    if phase == "regroup":
        state = RULES.apply(act(state, Keep(), Keep()), Regroup())
    card = state.players[state.to_act].hand[0]
    for _change in range(CAP):
        state = RULES.apply(state, Mark(card))
    assert state.marked() == [] and state.flow[-1].data["changes"] == CAP
    legal = RULES.legal_actions(state)
    assert not any(isinstance(a, Mark) for a in legal)
    assert legal == ([Keep()] if phase == "mulligan" else [Confirm()])
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, Mark(card))
    assert text_of(caught.value.message) == "You have changed your marks 16 times: now confirm your choice."


def test_the_next_seat_and_the_next_regroup_start_with_no_changes() -> None:
    state = RULES.new_game(RULES.default_options(2), 3)
    card = state.players[state.to_act].hand[0]
    state = act(state, *[Mark(card)] * CAP, Keep())
    assert state.phase == "mulligan" and state.flow[-1].data["changes"] == 0
    state = act(state, Keep(), Regroup())
    assert state.flow[-1].data == {"marked": [], "changes": 0}


def test_undo_does_not_reset_the_count() -> None:
    history = History.start(RULES, RULES.default_options(2), 3)
    card = history.state.players[history.state.to_act].hand[0]
    for _change in range(3):
        history.push(Mark(card))
    history.undo()
    assert history.state.flow[-1].data["changes"] == 2 and len(history.record.actions) == 2


def test_positions_keep_the_count_and_the_last_round_with_an_animal() -> None:
    state = RULES.apply(act(started(), *PASS, *PASS, *PASS), Regroup())
    card = state.players[state.to_act].hand[0]
    state = act(state, Mark(card), Mark(card), Mark(card))
    data = RULES.to_position(state)
    assert (data["observed_round"], data["mark_changes"], data["marked"]) == (0, 3, [card])
    again = read_position(RULES, data)
    assert RULES.state_to_json(again) == RULES.state_to_json(state)


def test_a_written_position_starts_counting_from_its_own_round() -> None:
    state = read_position(RULES, {"players": [{}, {}], "round": 40})
    assert idle_rounds(state) == 1  # as at a game's start: the round being played counts once it passes
