"""The rulebook's worked examples: Ootah's three turns and Britta's 54 points."""

from __future__ import annotations

from game.borealis.rules import RULES
from game.borealis.state import ACTION, SEND, TAKE, Confirm, PlayCard, Regroup, SendScientists, TakeFromPool
from game.borealis.tokens import token_points
from tests.borealis.helpers import PASS, act, load


def test_ootah_first_turn_right_location_amber_left_and_right_flag_moves():
    state = load("ootah_three_turns")
    ootah = state.players[0]
    # Card 0 (two ambers) fits only the right location.
    plays = [a for a in RULES.legal_actions(state) if isinstance(a, PlayCard) and a.card == 0]
    assert plays == [PlayCard(0, 2)]
    state = act(state, PlayCard(0, 2))
    ootah = state.players[0]
    assert state.phase == TAKE and state.to_act == 0
    assert ootah.cards[2] == [0]
    assert ootah.scientists[3] == [0, 1, 0]  # right location keeps the mint
    assert ootah.scientists[2] == [2, 1, 0]  # middle gains an amber
    assert ootah.scientists[4] == [1, 1, 0]  # right camp gains an amber
    assert ootah.flags == [0, 0, 1]  # sleigh matches Sl+Ka on the right track's first space


def test_ootah_three_turns():
    state = load("ootah_three_turns")
    state = act(state, PlayCard(0, 2), TakeFromPool(72))
    assert state.to_act == 1 and state.phase == ACTION
    state = act(state, *PASS)  # Aput: camps empty, nothing happens
    # Second turn: middle location, amber left and mint right; skis do not match Ze+Su.
    state = act(state, PlayCard(2, 1))
    ootah = state.players[0]
    assert ootah.flags == [0, 0, 1]
    assert ootah.scientists == [[0, 0, 2], [1, 0, 1], [1, 0, 0], [0, 2, 0], [1, 1, 0]]
    state = act(state, TakeFromPool(73), *PASS)
    # Third turn: regroup, discarding nothing, and the 4 camp scientists to the left location for 4 points.
    before = token_points(state.players[0])
    state = act(state, Regroup(), Confirm())
    assert state.phase == SEND and state.to_act == 0
    state = act(state, SendScientists(0))
    ootah = state.players[0]
    assert token_points(ootah) - before == 4
    assert ootah.scientists[1] == [2, 1, 3]
    assert ootah.scientists[0] == [0, 0, 0] and ootah.scientists[4] == [0, 0, 0]
    assert ootah.max_regroup == 4


def test_britta_scores_54():
    state = load("britta_54_points")
    result = RULES.result(state)
    assert result.final
    assert result.breakdown[0] == {
        "sets": 12,
        "flags": 12,
        "card_vp": 2,
        "interspecies_relationships": 6,
        "mating_season": 6,
        "tokens": 16,
    }
    assert result.scores[0] == 54
    assert [t.key for t in result.terms] == list(result.breakdown[0])
