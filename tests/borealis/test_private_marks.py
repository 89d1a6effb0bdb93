"""Borealis's marked cards (a mulligan's, a regroup's) are its marking stages' private data: the core
view hides them from the other seats, and the game's own view no longer scrubs frames by hand."""

from __future__ import annotations

from game.borealis.rules import RULES
from game.borealis.state import MULLIGAN, REGROUP, Mark
from game.borealis.view import seat_view
from game.core.contract import HIDDEN


def test_the_marking_stages_declare_their_marks_private():
    assert RULES.stages[MULLIGAN].private == ("marked",) and RULES.stages[REGROUP].private == ("marked",)


def test_marks_are_hidden_by_the_core_view_not_by_the_games_own():
    state = RULES.new_game(RULES.default_options(3), 4)
    assert state.flow[-1].name == MULLIGAN
    seat = state.to_act
    card = state.players[seat].hand[0]
    state = RULES.apply(state, Mark(card))
    other = (seat + 1) % 3
    assert RULES.view(state, other).flow[-1].data["marked"] == [HIDDEN]
    assert RULES.view(state, seat).flow[-1].data["marked"] == [card]
    assert seat_view(state, other).flow[-1].data["marked"] == [card]  # the core hides it, not the game
