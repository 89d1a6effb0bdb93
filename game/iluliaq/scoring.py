"""The end of the game (checked at the end of each turn) and the result: the fewest cards wins."""

from __future__ import annotations

from game.core.contract import Result, Term
from game.core.i18n import N_
from game.core.messages import Msg, msg, msg_n, seat_ref
from game.iluliaq.data import rule
from game.iluliaq.state import IluliaqState
from game.iluliaq.table import TOP

EMPTY_STACK, BROKEN, NO_DECK, LIMIT = "empty_stack", "broken", "no_deck", "limit"
"""The rulebook's conditions A, B and C, then the PROPOSED length limit (data.PROPOSED)."""

TERMS = (Term("stack", N_("Cards left in their stack")),)


def turn_limit(state: IluliaqState) -> int:
    return rule("max_turns_each") * state.players


def end_condition(state: IluliaqState) -> str:
    """Which end condition holds now ("" for none), the rulebook's order first."""
    if any(not stack for stack in state.stacks):
        return EMPTY_STACK
    if not any(pose.card in TOP for pose in state.table):
        return BROKEN
    if not state.deck:
        return NO_DECK
    if state.turns >= turn_limit(state):
        return LIMIT
    return ""


def end_reason(state: IluliaqState) -> Msg:
    condition = end_condition(state)
    if condition == EMPTY_STACK:
        seat = next(s for s, stack in enumerate(state.stacks) if not stack)
        return msg("{player} has no cards left in their stack.", player=seat_ref(seat))
    if condition == BROKEN:
        return msg("The whole iceberg has broken off.")
    if condition == NO_DECK:
        return msg("The draw deck is empty.")
    if condition == LIMIT:
        n = rule("max_turns_each")
        return msg_n("The game has reached its length limit of {n} turn per player.",
                     "The game has reached its length limit of {n} turns per player.", n)
    return msg("The game is over.")


def result(state: IluliaqState) -> Result:
    """Each seat scores minus its stack's size, so the highest score is the fewest cards; a tie
    shares the win."""
    rows = tuple({"stack": -len(stack)} for stack in state.stacks)
    scores = tuple(row["stack"] for row in rows)
    best = max(scores)
    final = state.to_act is None
    return Result(scores=scores, winners=tuple(s for s, v in enumerate(scores) if v == best), terms=TERMS,
                  breakdown=rows, final=final, reason=end_reason(state) if final else "")
