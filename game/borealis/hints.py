"""Why a move is good, in one sentence, for the table's Hint (``Game.hint_reason``)."""

from __future__ import annotations

from game.borealis.data import TRACK_SPACES, boards, card
from game.borealis.observe import fits
from game.borealis.regroup import camp_scientists
from game.borealis.state import BorealisState, PlayCard, Regroup, TakeFromPool
from game.core.contract import Action
from game.core.messages import Msg, msg, msg_n


def hint_reason(view: BorealisState, action: Action) -> Msg | None:
    seat = view.to_act
    if seat is None:
        return None
    player = view.players[seat]
    if isinstance(action, PlayCard):
        space = player.flags[action.location]
        track = boards()[player.board].tracks[action.location]
        if space < TRACK_SPACES and card(action.card).vehicle in track[space]:
            return msg("Its vehicle takes your flag one step up that location's track.")
        return msg("Its two scientists stand in that location.")
    if isinstance(action, TakeFromPool):
        if any(fits(player, action.card, loc) for loc in range(3)):
            return msg("It fits one of your locations now.")
        return None
    if isinstance(action, Regroup):
        n = camp_scientists(player)
        if n:
            return msg_n("Your camps hold {n} scientist: regrouping scores a point for it and brings it back.",
                         "Your camps hold {n} scientists: regrouping scores a point for each and brings them back.",
                         n)
        return msg("No card of your hand fits a location: regrouping brings your scientists back.")
    return None
