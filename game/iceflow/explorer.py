"""The explorer actions (§7.3, §8.1): Bi, move one explorer step by step and then pick up one item;
Bii, fish.

A move is a sequence of steps to neighbouring places, each paid from the items usable this turn,
as long as the player likes (up to the data's ``max_steps_per_move``), and ends where the explorer
may rest: a floe or an Alaskan station with room, an island, or a Siberian station, which ends the
move by itself (and the game, with the third). A swim's two halves are two steps; it never stops in
between. Stopping on a floe with bears sends them away (hazards.py), then the explorer may take one
rope or fish from its floe into an empty slot of the backpack: not usable before the next turn.
"""

from __future__ import annotations

from game.core import flow
from game.core.errors import IllegalAction
from game.core.events import Events, Moved
from game.core.flow import Frame
from game.core.messages import msg
from game.iceflow.data import config
from game.iceflow.hazards import stopped
from game.iceflow.places import Where, floe_id_of
from game.iceflow.reach import move_steps
from game.iceflow.state import FISH, MOVE, ROPE, Hex, IceFlowState, PickUp, Step, Stop
from game.iceflow.steps import Price
from game.iceflow.turns import budget, check_win, pay, turn_data

STOP = Stop()


def start_move(state: IceFlowState, seat: int, explorer: int) -> None:
    loc = state.players[seat].explorers[explorer]
    if Where(state).kind_of(loc) == "siberia":
        raise IllegalAction(msg("That explorer has reached Siberia: it stays there."))
    turn_data(state)["explorer"] = True
    flow.call(state, MOVE, seat, explorer=explorer, steps=0, came=[])


def steps_now(state: IceFlowState, frame: Frame) -> list[tuple[Hex, Price]]:
    ropes, fish = budget(state, frame.seat)
    left = config().max_steps_per_move - frame.data["steps"]
    came = tuple(frame.data["came"]) if frame.data["came"] else None
    return move_steps(Where(state), (frame.seat, frame.data["explorer"]), ropes, fish, left, came)


def may_stop(state: IceFlowState, frame: Frame) -> bool:
    who = (frame.seat, frame.data["explorer"])
    return Where(state).room_at(state.players[frame.seat].explorers[who[1]], who)


def move_legal(state: IceFlowState, frame: Frame) -> list:
    out: list = [Step(*h) for h, _p in steps_now(state, frame)]
    if may_stop(state, frame):
        out.append(STOP)
    return out


def take_step(state: IceFlowState, frame: Frame, action: Step | Stop, events: Events) -> None:
    seat, explorer = frame.seat, frame.data["explorer"]
    if isinstance(action, Stop):
        if not may_stop(state, frame):
            raise IllegalAction(msg("The explorer cannot stop here: a swim ends on a floe, and a floe holds at most "
                                    "2 explorers."))
        stopped(state, explorer, events)
        return
    target = (action.col, action.row)
    prices = dict(steps_now(state, frame))
    if target not in prices:
        raise IllegalAction(why_no_step(state, frame, target))
    where = Where(state)
    player = state.players[seat]
    before = player.explorers[explorer]
    pay(state, seat, prices[target], events)
    swimming = where.kind_of(where.loc_at(target)) == "sea"
    frame.data["came"] = list(where.hex_of(before)) if swimming else []
    player.swims += swimming
    player.explorers[explorer] = where.loc_at(target)
    frame.data["steps"] += 1
    if events.collecting:
        events.add(Moved(f"explorer:{seat}:{explorer}", before, player.explorers[explorer]))
    if where.kind_of(player.explorers[explorer]) == "siberia":
        check_win(state, seat, events)
        stopped(state, explorer, events)


def why_no_step(state: IceFlowState, frame: Frame, target: Hex) -> msg:
    if frame.data["steps"] >= config().max_steps_per_move:
        return msg("That is as far as one move goes: stop here.")
    return msg("The explorer cannot go there: a step goes to a neighbouring floe, station or island (or into the "
               "sea to swim to a floe), and the ropes and fish it costs must be in the backpack since the turn "
               "began.")


def pick_up_legal(state: IceFlowState, frame: Frame) -> list[PickUp]:
    floe = Where(state).by_id[floe_id_of(state.players[frame.seat].explorers[frame.data["explorer"]])]
    out = [PickUp(ROPE)] if floe.ropes else []
    if floe.fish:
        out.append(PickUp(FISH))
    out.append(STOP)
    return out


def pick_up(state: IceFlowState, frame: Frame, action: PickUp | Stop, events: Events) -> None:
    """Take the item, or nothing (Stop)."""
    seat = frame.seat
    if isinstance(action, Stop):
        flow.end(state)
        return
    floe = Where(state).by_id[floe_id_of(state.players[seat].explorers[frame.data["explorer"]])]
    player = state.players[seat]
    if action.item == ROPE and floe.ropes:
        floe.ropes -= 1
        player.ropes += 1
    elif action.item == FISH and floe.fish:
        floe.fish -= 1
        player.fish += 1
    else:
        raise IllegalAction(msg("There is no such item on this floe."))
    if events.collecting:
        events.add(Moved(action.item, f"floe:{floe.id}", f"backpack:{seat}"))
    flow.end(state)


# --- Bii: fishing -----------------------------------------------------------------------------------


def can_fish(state: IceFlowState, seat: int) -> bool:
    """A rope in the backpack, room for both fish once it is gone, and an explorer on a floe."""
    player = state.players[seat]
    if not player.ropes or player.items > config().backpack_size - 1:
        return False
    return any(loc.startswith("floe:") for loc in player.explorers)


def why_no_fishing(state: IceFlowState, seat: int) -> msg:
    player = state.players[seat]
    if not player.ropes:
        return msg("Fishing takes a rope from your backpack, and you have none.")
    if player.items > config().backpack_size - 1:
        return msg("Your backpack has no room for two fish once the rope is gone.")
    return msg("One of your explorers must stand on a floe to fish.")


def fish(state: IceFlowState, seat: int, events: Events) -> None:
    if not can_fish(state, seat):
        raise IllegalAction(why_no_fishing(state, seat))
    player = state.players[seat]
    data = turn_data(state)
    player.ropes -= 1
    state.ropes += 1
    data["explorer"] = True
    data["ropes"] = min(data["ropes"], player.ropes)
    caught = min(2, state.fish)
    state.fish -= caught
    player.fish += caught
    if events.collecting:
        events.add(Moved("rope", f"backpack:{seat}", "supply"))
        for _ in range(caught):
            events.add(Moved("fish", "supply", f"backpack:{seat}"))
