"""What the rules say when a player clicks a thing no legal move is about now (``Game.why_not``):
the sentence of the move the click most likely meant, as ``step`` refuses it.

Things: ``hex:<col>,<row>`` (a place on the strait), ``floe:<id>``, ``explorer:<seat>:<i>``,
``bag`` (the floes still to come), ``item:rope`` / ``item:fish``."""

from __future__ import annotations

from game.core.messages import Msg, msg
from game.core.prompt import refusal
from game.iceflow.state import (
    EVACUATE,
    MOVE,
    NEW_FLOE,
    SEND_BEAR,
    SETUP_EXPLORER,
    SETUP_FLOE,
    TURN,
    Drift,
    IceFlowState,
    Move,
    NewFloe,
    Place,
    SendBear,
    Step,
)


def why_not(game: object, view: IceFlowState, thing: str, focus: str | None) -> Msg | str | None:
    seat = view.to_act
    frame = view.frame
    if seat is None or frame is None:
        return None
    kind, _sep, value = thing.partition(":")
    if kind == "hex":
        col, row = (int(v) for v in value.split(","))
        if frame.name in (SETUP_EXPLORER, SETUP_FLOE, NEW_FLOE):
            return refusal(game, view, Place(col, row))
        if frame.name in (MOVE, EVACUATE):
            return refusal(game, view, Step(col, row))
        if frame.name == SEND_BEAR:
            return refusal(game, view, SendBear(col, row))
        return None
    if kind == "floe" and frame.name == TURN:
        return refusal(game, view, Drift(int(value)))
    if kind == "explorer" and frame.name == TURN:
        owner, index = (int(v) for v in value.split(":"))
        if owner != seat:
            return msg("That explorer is another player's: move one of yours.")
        return refusal(game, view, Move(index))
    if thing == "bag" and frame.name == TURN:
        return refusal(game, view, NewFloe())
    return None
