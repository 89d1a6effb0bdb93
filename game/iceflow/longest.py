"""The longest game of Ice Flow we know how to play (for the load-time bench and its test): every turn
turns a floe, then walks an explorer back and forth over flat edges for as many steps as a move
allows and stops, taking nothing; no explorer ever lands, so the game lasts to the round cap."""

from __future__ import annotations

from game.core.contract import Action, Game, Options
from game.core.selfplay import scripted
from game.iceflow.places import Where
from game.iceflow.state import MOVE, PICK_UP, TURN, EndTurn, IceFlowState, Move, Rotate, Step, Stop


def _choice(rules: Game[IceFlowState], state: IceFlowState) -> Action:
    frame = state.frame
    legal = list(rules.legal_actions(state))
    if frame.name == TURN:
        data = frame.data
        if not data["ice"]:
            return Rotate(state.floes[0].id, 1)
        moves = [a for a in legal if isinstance(a, Move)]
        return moves[0] if moves and not data["explorer"] else EndTurn()
    if frame.name == MOVE:
        where = Where(state)
        free = [a for a in legal if isinstance(a, Step) and where.kind_of(where.loc_at((a.col, a.row))) == "floe"]
        here = where.hex_of(state.players[frame.seat].explorers[frame.data["explorer"]])
        cheap = [a for a in free if _free(rules, state, a)]
        return cheap[0] if cheap and here is not None else Stop() if Stop() in legal else legal[0]
    if frame.name == PICK_UP:
        return Stop()
    return legal[0]


def _free(rules: Game[IceFlowState], state: IceFlowState, step: Step) -> bool:
    after = rules.apply(state, step, check=False)
    me = state.players[state.frame.seat]
    return after.players[state.frame.seat].items == me.items


def longest_game(rules: Game[IceFlowState], options: Options, seed: int) -> list[Action]:
    return scripted(rules, options, seed, _choice)
