"""Gameplay: turns in seat order, the round's end, and the End of the Game."""

from __future__ import annotations

from game.borealis.data import rules
from game.borealis.objectives import claim_objectives, close_objectives
from game.borealis.state import ACTION, MULLIGAN, OVER, BorealisState


def claim_all(state: BorealisState, actor: int) -> None:
    """Objectives are checked after every action, the acting player first."""
    n = len(state.players)
    for i in range(n):
        claim_objectives(state, (actor + i) % n)


def end_of_game_triggered(state: BorealisState, seat: int) -> bool:
    """A player with 7 cards in one location triggers the end of the game."""
    return any(len(column) >= rules()["cards_to_end"] for column in state.players[seat].cards)


def end_turn(state: BorealisState) -> None:
    """Close the acting player's turn; end the round (and maybe the game) after the last seat."""
    seat = state.to_act
    assert seat is not None
    state.players[seat].turns += 1
    if end_of_game_triggered(state, seat):
        state.final_round = True
    n = len(state.players)
    following = (seat + 1) % n
    if following == state.first_player:
        end_round(state)
        if state.phase == OVER:
            return
    state.to_act = following
    state.phase = ACTION


def end_round(state: BorealisState) -> None:
    close_objectives(state)
    if state.final_round:
        state.phase = OVER
        state.to_act = None
    else:
        state.round += 1


def end_mulligan(state: BorealisState) -> None:
    """Each player in seat order gets one chance to redraw; then the first round begins."""
    seat = state.to_act
    assert seat is not None
    n = len(state.players)
    following = (seat + 1) % n
    if following == state.first_player:
        state.phase = ACTION
    else:
        state.phase = MULLIGAN
    state.to_act = following

