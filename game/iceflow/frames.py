"""One decision per prompt frame: its legal actions and how an answer is applied.

Setup: ``setup.explorer`` (Place an explorer on an Alaskan station, seat after seat), then
``setup.floe`` (Place the floe drawn, then ``orient`` it). A turn (``turn``): one iceberg action
(Drift, Rotate, or NewFloe, then ``new_floe``: Place on an entry point, then ``orient``) and at most
one explorer action (Move, then ``move``: Step ... Stop, maybe ``bears`` and ``send_bear``, then
``pick_up``; or Fish), in either order (kids' mode: the ice first), then EndTurn. A bear sent onto
explorers, or a floe drifting off the board (``leave_board``), asks the hit seats to ``evacuate``.
"""

from __future__ import annotations

from game.core import flow
from game.core.errors import IllegalAction
from game.core.events import Events, Logged
from game.core.flow import Frame
from game.core.messages import msg
from game.iceflow import explorer as moves
from game.iceflow.hazards import bear_targets
from game.iceflow.ice import can_drift, draw_floe, drift_path, free_entries, move_floe, put_floe, rotate
from game.iceflow.places import Where
from game.iceflow.setup import explorer_stations, floe_placed, place_explorer, start_hexes
from game.iceflow.state import (
    LEAVE_BOARD,
    NEW_FLOE,
    ORIENT,
    Drift,
    EndTurn,
    Fish,
    IceFlowState,
    Move,
    NewFloe,
    Orient,
    Place,
    Rotate,
    SendBear,
)
from game.iceflow.turns import end_turn

ORIENTS = tuple(Orient(r) for r in range(6))
NEW, FISHING, END = NewFloe(), Fish(), EndTurn()


# --- setup ------------------------------------------------------------------------------------------


def explorer_legal(state: IceFlowState, frame: Frame) -> list[Place]:
    return [Place(*h) for h in explorer_stations(state, frame.seat)]


def put_explorer(state: IceFlowState, frame: Frame, action: Place, events: Events) -> None:
    if (action.col, action.row) not in explorer_stations(state, frame.seat):
        raise IllegalAction(msg("An explorer starts on an Alaskan station with room, and yours on three different "
                                "stations."))
    place_explorer(state, frame.seat, (action.col, action.row), events)


def floe_legal(state: IceFlowState, frame: Frame) -> list[Place]:
    return [Place(*h) for h in start_hexes(state)]


def put_starting_floe(state: IceFlowState, frame: Frame, action: Place, events: Events) -> None:
    h = (action.col, action.row)
    if h not in start_hexes(state):
        raise IllegalAction(msg("A starting floe goes on an empty sea hex touching no other floe, leaving room for "
                                "the floes still to come."))
    put_floe(state, frame.data["floe"], frame.data["card"], h, events)
    flow.goto(state, ORIENT, floe=frame.data["floe"], setup=True)


def orient_legal(state: IceFlowState, frame: Frame) -> tuple[Orient, ...]:
    return ORIENTS


def orient(state: IceFlowState, frame: Frame, action: Orient, events: Events) -> None:
    if not 0 <= action.rotation < 6:
        raise IllegalAction(msg("A floe turns by sixths: 0 to 5."))
    floe = Where(state).by_id[frame.data["floe"]]
    turn = (action.rotation - floe.rotation) % 6
    if turn:
        rotate(state, floe, turn if turn <= 3 else turn - 6, events)
    if frame.data["setup"]:
        floe_placed(state, frame.seat, events)
    else:
        flow.end(state)


# --- a turn -----------------------------------------------------------------------------------------


def ice_allowed(state: IceFlowState, data: dict) -> bool:
    return data["ice"] == 0 or (state.double_ice and data["ice"] == 1 and not data["explorer"])


def explorer_allowed(state: IceFlowState, data: dict) -> bool:
    return not data["explorer"] and not (state.kids and data["ice"] == 0)


def ice_actions(state: IceFlowState) -> list:
    where = Where(state)
    out: list = [Drift(f.id) for f in state.floes if can_drift(where, f)]
    out += [Rotate(f.id, t) for f in state.floes for t in (1, -1)]
    if state.bag and free_entries(state):
        out.append(NEW)
    return out


def turn_legal(state: IceFlowState, frame: Frame) -> list:
    data = frame.data
    out: list = ice_actions(state) if ice_allowed(state, data) else []
    seat = frame.seat
    if explorer_allowed(state, data):
        where = Where(state)
        out += [Move(i) for i, loc in enumerate(state.players[seat].explorers) if where.kind_of(loc) != "siberia"]
        if moves.can_fish(state, seat):
            out.append(FISHING)
    if data["ice"] or not ice_actions(state):
        out.append(END)
    return out


def take_turn(state: IceFlowState, frame: Frame, action, events: Events) -> None:
    data = frame.data
    if isinstance(action, (Drift, Rotate, NewFloe)):
        if not ice_allowed(state, data):
            raise IllegalAction(msg("You have taken your iceberg action this turn."))
        iceberg_action(state, frame, action, events)
        return
    if isinstance(action, (Move, Fish)):
        if not explorer_allowed(state, data):
            if state.kids and not data["ice"]:
                raise IllegalAction(msg("First move the ice, then an explorer."))
            raise IllegalAction(msg("You have taken your explorer action this turn."))
        if isinstance(action, Fish):
            moves.fish(state, frame.seat, events)
        else:
            if not 0 <= action.explorer < len(state.players[frame.seat].explorers):
                raise IllegalAction(msg("You have three explorers: 0, 1 and 2."))
            moves.start_move(state, frame.seat, action.explorer)
        return
    if not data["ice"] and ice_actions(state):
        raise IllegalAction(msg("Every turn needs one iceberg action: move, turn or bring in a floe first."))
    end_turn(state, events)


def iceberg_action(state: IceFlowState, frame: Frame, action, events: Events) -> None:
    data = frame.data
    if isinstance(action, NewFloe):
        if not state.bag:
            raise IllegalAction(msg("The bag is empty: no floe is left to bring in."))
        if not free_entries(state):
            raise IllegalAction(msg("Every entry point holds a floe: none can come in now."))
        floe, card = draw_floe(state, frame.seat, events)
        _count_ice(data)
        flow.call(state, NEW_FLOE, frame.seat, floe=floe, card=card)
        return
    where = Where(state)
    floe = where.by_id.get(action.floe)
    if floe is None:
        raise IllegalAction(msg("That floe is not on the board."))
    if isinstance(action, Rotate):
        if action.turn not in (1, -1):
            raise IllegalAction(msg("A floe turns one sixth at a time, clockwise or anticlockwise."))
        _count_ice(data)
        rotate(state, floe, action.turn, events)
        return
    path, off = drift_path(where, floe)
    if len(path) == 1 and not off:
        raise IllegalAction(msg("That floe cannot drift: the next hex along its current is taken."))
    _count_ice(data)
    move_floe(state, floe, path, events)
    if off:
        if events.collecting:
            events.add(Logged(msg("The floe drifts off the board.")))
        flow.call(state, LEAVE_BOARD, frame.seat, floe=floe.id)


def _count_ice(data: dict) -> None:
    data["ice"] += 1
    if data["ice"] == 2:
        data["explorer"] = True


def entry_legal(state: IceFlowState, frame: Frame) -> list[Place]:
    return [Place(*h) for h in free_entries(state)]


def put_new_floe(state: IceFlowState, frame: Frame, action: Place, events: Events) -> None:
    h = (action.col, action.row)
    if h not in free_entries(state):
        raise IllegalAction(msg("A new floe goes on a free entry point, at the start of a current."))
    put_floe(state, frame.data["floe"], frame.data["card"], h, events)
    flow.goto(state, ORIENT, floe=frame.data["floe"], setup=False)


def send_bear_legal(state: IceFlowState, frame: Frame) -> list[SendBear]:
    where = Where(state)
    return [SendBear(*h) for h in bear_targets(where, where.by_id[frame.data["floe"]])]


def no_actions(state: IceFlowState, frame: Frame) -> list:
    """An automatic frame asks nobody."""
    return []


def no_step(state: IceFlowState, frame: Frame, action, events: Events) -> None:
    raise IllegalAction(msg("Nothing is to be decided now."))
