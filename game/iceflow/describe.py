"""The log line of each action, from the state before it."""

from __future__ import annotations

from game.core.contract import Action
from game.core.messages import Msg, msg, msg_n
from game.iceflow.hazards import evacuation_choices
from game.iceflow.ice import drift_path
from game.iceflow.places import Where
from game.iceflow.state import (
    EVACUATE,
    NEW_FLOE,
    PICK_UP,
    SETUP_EXPLORER,
    Drift,
    EndTurn,
    Fish,
    IceFlowState,
    Move,
    NewFloe,
    Orient,
    PickUp,
    Place,
    Rotate,
    SendBear,
    Step,
    Stop,
)
from game.iceflow.steps import price


def place_name(where: Where, loc: str) -> Msg | str:
    """A floe, the sea, or the station's or island's name as the map labels it."""
    kind = where.kind_of(loc)
    if kind == "floe":
        return msg("a floe")
    if kind == "sea":
        return msg("the sea")
    return where.board.label(loc)


def cost_words(ropes: int, fish: int) -> Msg | None:
    """What a step cost, in words (None when it was free)."""
    if ropes and fish:
        return msg("{ropes} and {fish}", ropes=msg_n("{n} rope", "{n} ropes", ropes),
                   fish=msg_n("{n} fish", "{n} fish", fish))
    if ropes:
        return msg_n("{n} rope", "{n} ropes", ropes)
    if fish:
        return msg_n("{n} fish", "{n} fish", fish)
    return None


def describe_action(state: IceFlowState, action: Action) -> Msg:
    frame = state.frame
    name = frame.name if frame is not None else ""
    where = Where(state)
    if isinstance(action, Place):
        target = where.loc_at((action.col, action.row))
        if name == SETUP_EXPLORER:
            return msg("puts an explorer on {station}", station=place_name(where, target or ""))
        if name == NEW_FLOE:
            return msg("puts the new floe at the start of a current")
        return msg("puts a starting floe on the strait")
    if isinstance(action, Orient):
        return msg("turns the floe and leaves it so")
    if isinstance(action, Drift):
        floe = where.by_id.get(action.floe)
        if floe is None:
            return msg("drifts a floe")
        path, off = drift_path(where, floe)
        if off:
            return msg("drifts a floe off the board")
        return msg_n("drifts a floe {n} hex along its current", "drifts a floe {n} hexes along its current",
                     len(path) - 1)
    if isinstance(action, Rotate):
        return msg("turns a floe clockwise") if action.turn > 0 else msg("turns a floe anticlockwise")
    if isinstance(action, NewFloe):
        return msg("brings in a new floe")
    if isinstance(action, Move):
        return msg("sets off with an explorer")
    if isinstance(action, Fish):
        return msg("fishes: 1 rope for 2 fish")
    if isinstance(action, PickUp):
        return msg("picks up a rope") if action.item == "rope" else msg("picks up a fish")
    if isinstance(action, Stop):
        return msg("takes nothing") if name == PICK_UP else msg("stops there")
    if isinstance(action, SendBear):
        return msg("sends a polar bear to the next floe")
    if isinstance(action, EndTurn):
        return msg("ends the turn")
    if isinstance(action, Step) and frame is not None:
        return _step_line(state, where, action)
    return msg(action.kind)


def _step_line(state: IceFlowState, where: Where, action: Step) -> Msg:
    frame = state.frame
    target = (action.col, action.row)
    to = where.loc_at(target) or ""
    if frame.name == EVACUATE:
        _choices, airlift = evacuation_choices(state, frame)
        if airlift:
            return msg("is airlifted to {station}", station=place_name(where, to))
        explorer = frame.data["swimmer"]
        if explorer == -1:
            explorer = state.players[frame.seat].explorers.index(f"floe:{frame.data['floe']}")
    else:
        explorer = frame.data["explorer"]
    here = state.players[frame.seat].explorers[explorer]
    cost = price(where, here, target)
    paid = cost_words(len(cost.ropes), cost.fish) if cost is not None else None
    if where.kind_of(to) == "sea":
        return msg("jumps into the sea to swim ({cost})", cost=paid) if paid else msg("jumps into the sea to swim")
    if where.kind_of(to) == "floe":
        return msg("steps onto a floe ({cost})", cost=paid) if paid else msg("steps onto a floe")
    if paid:
        return msg("steps onto {place} ({cost})", place=place_name(where, to), cost=paid)
    return msg("steps onto {place}", place=place_name(where, to))
