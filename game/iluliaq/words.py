"""The log line of each action, in words, from the state before it (the acting seat's view suffices:
the card in play is a top card, which everyone sees)."""

from __future__ import annotations

from game.core.contract import Action
from game.core.messages import Msg, msg
from game.iluliaq.data import card_name
from game.iluliaq.state import IluliaqState
from game.iluliaq.table import Outcome, Place, Placed, Throw, Thrown
from game.iluliaq.turn import seal_stays


def in_hand(state: IluliaqState) -> Msg:
    return card_name(state.card_in_hand())


def where(state: IluliaqState, out: Outcome) -> str:
    """"iceberg", "water" or "stays" (a seal staying in the water) for the card in play."""
    pose = next((p for p in out.poses if p.card == out.card), None)
    if pose is not None and pose.layer >= 1:
        return "iceberg"
    return "stays" if seal_stays(state.kids, state.table, out) else "water"


def describe(state: IluliaqState, action: Action) -> Msg:
    if isinstance(action, Thrown):
        card = card_name(action.outcome.card)
        ends = where(state, action.outcome)
        if ends == "iceberg":
            return msg("throws the {card}: it lands on the iceberg", card=card)
        if ends == "stays":
            return msg("throws the {card}: it slides off into the water, and stays there", card=card)
        return msg("throws the {card}: it ends in the water", card=card)
    if isinstance(action, Placed):
        card = card_name(action.outcome.card)
        if where(state, action.outcome) == "iceberg":
            return msg("lays the {card} on the iceberg", card=card)
        return msg("lays the {card}, but it ends in the water", card=card)
    if state.frame is None:
        return msg("The game is over.")
    if isinstance(action, Throw):
        return msg("throws the {card} at {power}% strength", card=in_hand(state), power=round(100 * action.power))
    if isinstance(action, Place):
        return msg("lays the {card} on the iceberg", card=in_hand(state))
    return msg("That is not an action of this game.")
