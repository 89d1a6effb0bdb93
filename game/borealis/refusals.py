"""What the rules say when a player clicks a thing no legal move is about now (``Game.why_not``):
the sentence of the move the click most likely meant, as ``step`` refuses it.

Things are named as in report.py: ``card:<id>`` (in the hand or the pool), ``location:<loc>``,
``deck``, and ``board:<seat>:<pos>`` for a camp (pos 0 or 4)."""

from __future__ import annotations

from game.borealis.observe import why_fits_nowhere
from game.borealis.state import ACTION, BorealisState, DrawFromDeck, Mark, PlayCard, SendScientists, TakeFromPool
from game.core.messages import Msg, msg
from game.core.prompt import refusal


def why_not(game: object, view: BorealisState, thing: str, focus: str | None) -> Msg | str | None:
    seat = view.to_act
    if seat is None:
        return None
    kind, _sep, value = thing.partition(":")
    if kind == "location" and focus is not None and focus.startswith("card:"):
        return refusal(game, view, PlayCard(int(focus[5:]), int(value)))
    if kind == "location":
        if view.phase == ACTION:
            return None  # no card of the hand fits there: the prompt says what to do
        return refusal(game, view, SendScientists(int(value)))
    if kind == "card":
        card_id = int(value)
        if card_id in view.pool:
            return refusal(game, view, TakeFromPool(card_id))
        if view.phase == ACTION:
            return why_fits_nowhere(card_id)
        return refusal(game, view, Mark(card_id))
    if thing == "deck":
        return refusal(game, view, DrawFromDeck())
    if kind == "board" and view.phase == ACTION and value.endswith((":0", ":4")):
        return msg("Camps only fill up when scientists walk off the board; play a card in a location.")
    return None
