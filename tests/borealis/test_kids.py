"""Borealis kids' mode leaves out the fiddly extras (PROPOSED, rules.json "kids_without"): no redraw of
the starting hand and no paid pool refresh, besides no scoring cards and no objectives."""

from __future__ import annotations

import dataclasses

import pytest

from game.borealis.rules import RULES
from game.borealis.state import ACTION, MULLIGAN, TAKE, RefreshPool
from game.core.errors import IllegalAction, SaveError
from game.core.messages import text_of
from tests.borealis.helpers import act, position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_kids_game_starts_with_the_first_turn_not_a_redraw(players):
    options = dataclasses.replace(RULES.default_options(players), kids=True)
    state = RULES.new_game(options, 4)
    assert state.phase == ACTION and state.to_act == state.first_player
    assert {a.kind for a in RULES.legal_actions(state)} <= {"play", "regroup"}
    assert not state.scoring and not state.objectives
    grown_up = RULES.new_game(RULES.default_options(players), 4)
    assert grown_up.phase == MULLIGAN


def test_kids_never_pay_to_refresh_the_pool():
    kids = position([{"hand": [1], "tokens": {"1": 3}}, {"hand": []}], kids=True, phase="take")
    grown_up = position([{"hand": [1], "tokens": {"1": 3}}, {"hand": []}], phase="take")
    assert kids.phase == TAKE == grown_up.phase
    assert RefreshPool() in RULES.legal_actions(grown_up)
    assert RefreshPool() not in RULES.legal_actions(kids)
    with pytest.raises(IllegalAction) as refused:
        act(kids, RefreshPool())
    assert "kids' mode" in text_of(refused.value.message)


def test_a_kids_position_in_a_starting_redraw_is_refused():
    with pytest.raises(SaveError, match="no redraw of the starting hand"):
        position([{"hand": [1, 2, 3, 4]}, {"hand": [5, 6, 7, 8]}], kids=True, phase="mulligan")
