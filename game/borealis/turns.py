"""Gameplay: turns in seat order, the round's end, and the End of the Game (on the prompt stack)."""

from __future__ import annotations

from game.borealis import report
from game.borealis.data import objectives, proposed, rules
from game.borealis.objectives import claim_objectives, close_objectives
from game.borealis.state import ACTION, MULLIGAN, BorealisState
from game.core import flow
from game.core.events import NO_EVENTS, Events
from game.core.messages import msg, msg_n

OBJECTIVE_POINTS = 5


def objective_title(objective_id: str) -> str:
    return objectives()[objective_id]["name"]


def claim_all(state: BorealisState, actor: int, events: Events = NO_EVENTS) -> None:
    """Claiming an Objective: checked after every action, the acting player first."""
    n = len(state.players)
    for i in range(n):
        seat = (actor + i) % n
        for objective_id in claim_objectives(state, seat):
            line = msg("claims the objective {objective}", objective=msg(objective_title(objective_id)))
            report.objective_claimed(events, seat, objective_id, line, OBJECTIVE_POINTS)


def end_of_game_triggered(state: BorealisState, seat: int) -> bool:
    """A player with 7 cards in one location triggers the end of the game."""
    limit = rules()["cards_to_end"]
    return any(len(column) >= limit for column in state.players[seat].cards)


def idle_rounds(state: BorealisState) -> int:
    """Rounds in a row, up to the current one, in which nobody has observed an animal."""
    return state.round - state.observed_round


def stalled(state: BorealisState) -> bool:
    """PROPOSED: the round ending now is the last of ``idle_rounds_to_end`` with no animal observed."""
    return idle_rounds(state) >= proposed("idle_rounds_to_end")


def end_turn(state: BorealisState, events: Events = NO_EVENTS) -> None:
    """Close the turn of the seat whose turn it is; after the last seat the round ends (and maybe
    the game); otherwise the next seat's turn starts."""
    seat = state.turn_seat
    assert seat is not None
    state.players[seat].turns += 1
    if not state.final_round and end_of_game_triggered(state, seat):
        state.final_round = True
    following = (seat + 1) % len(state.players)
    if following == state.first_player:
        if not state.final_round and stalled(state):
            state.final_round = True
            report.logged(events, msg_n("No animal was observed for {n} round in a row: the game ends.",
                                        "No animal was observed for {n} rounds in a row: the game ends.",
                                        idle_rounds(state)))
        end_round(state, events)
        if state.final_round:
            flow.finish(state)
            return
    flow.start(state, ACTION, following)


def end_round(state: BorealisState, events: Events = NO_EVENTS) -> None:
    for objective_id in close_objectives(state):
        line = msg("The objective {objective} leaves the game.", objective=msg(objective_title(objective_id)))
        report.objective_removed(events, objective_id, line)
    if not state.final_round:
        state.round += 1


def start_mulligans(state: BorealisState) -> None:
    """Setup: each player in seat order from the first player may redraw some starting cards once."""
    flow.fan_out(state, MULLIGAN, flow.clockwise_from(state.first_player, len(state.players)), marked=[], changes=0)


def mulligan_answered(state: BorealisState) -> None:
    """The seat has kept or redrawn its hand: the next seat decides, or the first round begins."""
    frame = state.flow[-1]
    frame.data["marked"] = []
    frame.data["changes"] = 0
    if flow.answered(state) and not state.flow:
        flow.start(state, ACTION, state.first_player)
