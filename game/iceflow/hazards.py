"""Bears, forced evacuation and the airlift (§8.3, §8.4).

An explorer that stops on a floe with bears sends them away one at a time, each to an adjacent floe
of the active player's choice holding fewer than 2 bears (to the supply when none can take it);
a bear arriving on explorers makes them evacuate before the next bear moves. Evacuees leave
clockwise from the active player, each seat's explorers one after the other, by one walk or one
swim to a floe with room and no bears, paying as in a move (the whole backpack on another player's
turn, the usable items left on their own); an evacuee with no such floe in reach is airlifted to an
Alaskan station with room of its owner's choice. Nobody reaches land, let alone Siberia, this way.
"""

from __future__ import annotations

from game.core import flow
from game.core.errors import IllegalAction
from game.core.events import Events, Logged, Moved
from game.core.flow import Frame
from game.core.messages import msg, seat_ref
from game.iceflow.data import config
from game.iceflow.ice import take_off_board
from game.iceflow.places import Where, floe_id_of, floe_loc
from game.iceflow.state import BEARS, EVACUATE, PICK_UP, SEND_BEAR, Floe, Hex, IceFlowState, Step
from game.iceflow.steps import airlifts, evacuation_steps, price
from game.iceflow.turns import budget, pay

NOBODY = -1


# --- bears ------------------------------------------------------------------------------------------


def bear_targets(where: Where, floe: Floe) -> list[Hex]:
    """The adjacent floes a bear of ``floe`` may go to."""
    return [other.hex for _d, other in where.floes_near(floe.hex) if other.bears < config().max_bears_per_floe]


def send_bears_away(state: IceFlowState, frame: Frame, events: Events) -> None:
    """Automatic (``BEARS``): the next bear of the floe leaves, or the move ends once none is left."""
    where = Where(state)
    floe = where.by_id[frame.data["floe"]]
    if not floe.bears:
        end_of_move(state, frame.data["explorer"], events)
        return
    if bear_targets(where, floe):
        flow.call(state, SEND_BEAR, frame.seat, floe=floe.id)
        return
    floe.bears -= 1
    state.bears += 1
    if events.collecting:
        events.add(Moved("bear", floe_loc(floe.id), "supply"))
        events.add(Logged(msg("No floe next to it can take the bear: it goes back to the supply.")))


def send_bear(state: IceFlowState, frame: Frame, action: Step, events: Events) -> None:
    where = Where(state)
    floe = where.by_id[frame.data["floe"]]
    target = (action.col, action.row)
    if target not in bear_targets(where, floe):
        raise IllegalAction(msg("A bear can only go to a floe next to its own that holds fewer than 2 bears."))
    other = where.at[target]
    floe.bears -= 1
    other.bears += 1
    if events.collecting:
        events.add(Moved("bear", floe_loc(floe.id), floe_loc(other.id)))
    if any(seat != frame.seat for seat, _i in where.explorers_at(floe_loc(other.id))):
        state.players[frame.seat].bear_hits += 1
    flow.end(state)
    evacuate(state, other.id, events)


# --- evacuation -------------------------------------------------------------------------------------


def evacuate(state: IceFlowState, floe_id: int, events: Events) -> None:
    """The explorers on the floe must leave it, seat by seat clockwise from the active player."""
    loc = floe_loc(floe_id)
    hit = sorted({seat for seat, player in enumerate(state.players) if loc in player.explorers})
    if not hit:
        return
    if events.collecting:
        for seat in hit:
            events.add(Logged(msg("{player} must get off the floe!", player=seat_ref(seat)), seat))
    flow.fan_out(state, EVACUATE, flow.clockwise_from(state.turn_seat, len(state.players), hit),
                 floe=floe_id, swimmer=NOBODY)


def evacuee(state: IceFlowState, frame: Frame) -> int:
    """Which of the seat's explorers leaves now: the one swimming, else the first still on the floe."""
    if frame.data["swimmer"] != NOBODY:
        return frame.data["swimmer"]
    loc = floe_loc(frame.data["floe"])
    return state.players[frame.seat].explorers.index(loc)


def evacuation_choices(state: IceFlowState, frame: Frame) -> tuple[list[tuple[Hex, object]], bool]:
    """The evacuee's steps with their prices, or the airlift stations (True) when none is in reach."""
    who = (frame.seat, evacuee(state, frame))
    where = Where(state)
    ropes, fish = budget(state, frame.seat)
    steps = evacuation_steps(where, who, frame.data["floe"], ropes, fish)
    if steps or frame.data["swimmer"] != NOBODY:
        return steps, False
    return [(h, None) for h in airlifts(where, who)], True


def evacuate_legal(state: IceFlowState, frame: Frame) -> list[Step]:
    choices, _airlift = evacuation_choices(state, frame)
    return [Step(*h) for h, _p in choices]


def evacuate_step(state: IceFlowState, frame: Frame, action: Step, events: Events) -> None:
    seat = frame.seat
    i = evacuee(state, frame)
    choices, airlift = evacuation_choices(state, frame)
    target = (action.col, action.row)
    found = dict(choices)
    if target not in found:
        if airlift:
            raise IllegalAction(msg("No floe is in reach: choose an Alaskan station with room for the airlift."))
        raise IllegalAction(msg("An evacuee goes to a floe next to it, or one sea hex away, with room and no "
                                "bears, and pays for it as in a move."))
    where = Where(state)
    player = state.players[seat]
    before = player.explorers[i]
    if airlift:
        player.airlifts += 1
        player.explorers[i] = where.loc_at(target)
        if events.collecting:
            events.add(Moved(f"explorer:{seat}:{i}", before, player.explorers[i]))
            events.add(Logged(msg("No floe in reach: {player}'s explorer is airlifted to {station}.",
                                  player=seat_ref(seat), station=where.board.label(player.explorers[i])), seat))
    else:
        pay(state, seat, price(where, before, target), events)
        player.explorers[i] = where.loc_at(target)
        if events.collecting:
            events.add(Moved(f"explorer:{seat}:{i}", before, player.explorers[i]))
        if where.kind_of(player.explorers[i]) == "sea":
            player.swims += 1
            frame.data["swimmer"] = i
            return
    frame.data["swimmer"] = NOBODY
    if floe_loc(frame.data["floe"]) not in player.explorers:
        flow.answered(state)


# --- a floe drifting off the board --------------------------------------------------------------------


def leave_board(state: IceFlowState, frame: Frame, events: Events) -> None:
    """Automatic (``LEAVE_BOARD``): evacuate the floe, then it goes to the bag."""
    floe_id = frame.data["floe"]
    if any(floe_loc(floe_id) in p.explorers for p in state.players):
        evacuate(state, floe_id, events)
        return
    take_off_board(state, Where(state).by_id[floe_id], events)
    flow.end(state)


# --- the end of a move ------------------------------------------------------------------------------


def end_of_move(state: IceFlowState, explorer: int, events: Events) -> None:
    """After the bears: pick up an item when the floe has one and the backpack room, else done."""
    seat = state.turn_seat
    loc = state.players[seat].explorers[explorer]
    where = Where(state)
    floe_id = floe_id_of(loc)
    floe = where.by_id.get(floe_id) if floe_id is not None else None
    room = state.players[seat].items < config().backpack_size
    if floe is not None and room and (floe.ropes or floe.fish):
        flow.goto(state, PICK_UP, explorer=explorer)
    else:
        flow.end(state)


def stopped(state: IceFlowState, explorer: int, events: Events) -> None:
    """The explorer's move ends where it stands: its floe's bears leave first."""
    loc = state.players[state.turn_seat].explorers[explorer]
    where = Where(state)
    floe_id = floe_id_of(loc)
    if floe_id is not None and where.by_id[floe_id].bears:
        flow.goto(state, BEARS, floe=floe_id, explorer=explorer)
    else:
        end_of_move(state, explorer, events)
