"""Ice for an explorer with nowhere to go: a bridge built over several turns.

When no iceberg action makes the seat stand better this turn, the weighing of single actions sees
nothing, and a bot that goes by it alone rotates floes back and forth while the strait empties. So
the bots look at the gaps instead: the empty sea hexes nearer Siberia next to a place one of the
seat's explorers can reach this turn (its own place too). The floe nearest upstream in a gap's lane
drifts toward it (one that would carry it past the gap clears the lane for a new floe), or, with no
floe upstream, a new floe comes in at the lane's entry point; a floe already there whose ridge bars
the step is turned, and one barred by its bears, by ridges no turn opens or by being full drifts
away (the floes ahead of it first, when they hold it back). A gap is worth its steps still to go
and the iceberg actions it needs (one each); the least wins.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from game.core.contract import Action
from game.core.hexgrid import neighbours
from game.iceflow.ice import drift_path
from game.iceflow.places import Where, floe_loc, lane_index
from game.iceflow.plan import to_goal
from game.iceflow.reach import reach
from game.iceflow.state import Drift, Floe, Hex, IceFlowState, NewFloe, Rotate
from game.iceflow.steps import price
from game.iceflow.turns import budget


@dataclass(frozen=True, order=True)
class Bridge:
    cost: int
    """The gap's steps to Siberia and the iceberg actions it needs."""
    actions: int
    """How many iceberg actions until a floe lies in the gap."""
    gap: Hex
    action: Action = field(compare=False)
    entry: Hex | None = field(default=None, compare=False)
    """For a new floe: the entry point it goes on."""


def bridges(where: Where, seat: int) -> list[Bridge]:
    """Every way to bring ice into a gap before one of the seat's explorers, least first."""
    board = where.board
    index = lane_index(board)
    ropes, fish = budget(where.state, seat)
    found: dict[tuple[Hex, Action], Bridge] = {}
    for i, loc in enumerate(where.state.players[seat].explorers):
        if where.hex_of(loc) is None or where.kind_of(loc) == "siberia":
            continue
        places = reach(where, (seat, i), ropes, fish)
        for place in places:
            left = to_goal(where, seat, place)
            for gap in neighbours(place):
                if gap not in board.sea or gap in places or (togo := to_goal(where, seat, gap)) >= left:
                    continue
                ways = (_turn_toward(where, (seat, i), place, gap, ropes, fish) if gap in where.at
                        else _ice_toward(where, index, gap))
                for actions, action, entry in ways:
                    bridge = Bridge(togo + actions, actions, gap, action, entry)
                    found[(gap, action)] = min(bridge, found.get((gap, action), bridge))
    return sorted(found.values())


def _ice_toward(where: Where, index: dict[Hex, tuple[int, int]], gap: Hex) -> list[tuple[int, Action, Hex | None]]:
    """The iceberg action that brings ice nearer ``gap`` in its lane, and how many it takes in all."""
    lane_no, k = index[gap]
    lane = where.board.lanes[lane_no]
    upstream = next((j for j in range(k - 1, -1, -1) if lane.path[j] in where.at), None)
    if upstream is None:
        return [(1 + _drifts(k, lane.speed), NewFloe(), lane.entry)] if where.state.bag else []
    floe = where.at[lane.path[upstream]]
    path, off = drift_path(where, floe)
    if off or len(path) < 2:
        return []
    end = index[path[-1]][1]
    if end > k:
        return [(2 + _drifts(k, lane.speed), Drift(floe.id), None)] if where.state.bag else []
    return [(1 + _drifts(k - end, lane.speed), Drift(floe.id), None)]


def _turn_toward(where: Where, who: tuple[int, int], place: Hex, gap: Hex, ropes: int,
                 fish: int) -> list[tuple[int, Action, Hex | None]]:
    """For a floe in ``gap`` explorer ``who`` cannot step onto from ``place`` with what it has, or
    cannot stay on (it is full): the turn of it that lets it, or else drifting it away (a floe may come
    in its place)."""
    loc = where.loc_at(place)
    p = price(where, loc, gap) if loc is not None else None
    room = where.room_at(floe_loc(where.at[gap].id), who)
    if p is None or (p.fits(ropes, fish) and room):
        return []
    floe = where.at[gap]
    out: list[tuple[int, Action, Hex | None]] = []
    for turn in (1, -1):
        q = price(Where(_with_turned(where.state, floe.id, turn)), loc, gap)
        if room and q is not None and q.fits(ropes, fish):
            out.append((1, Rotate(floe.id, turn), None))
    if not out:
        out += _drift_away(where, floe)
    return out


def _drift_away(where: Where, floe: Floe) -> list[tuple[int, Action, Hex | None]]:
    """Drifting ``floe`` out of the way, or, when floes ahead of it in its lane hold it back, the one at
    the front of them first (each a drift more); a floe whose drift off the board would carry
    explorers away is left where it is."""
    index = lane_index(where.board)
    lane_no, k = index[floe.hex]
    path = where.board.lanes[lane_no].path
    front = k
    while front + 1 < len(path) and path[front + 1] in where.at:
        front += 1
    ahead = where.at[path[front]]
    steps, off = drift_path(where, ahead)
    if len(steps) < 2 and not off or off and where.explorers_at(floe_loc(ahead.id)):
        return []
    return [(2 + front - k, Drift(ahead.id), None)]


def _with_turned(state: IceFlowState, floe_id: int, turn: int) -> IceFlowState:
    probe = copy.copy(state)
    probe.floes = [replace(f, rotation=(f.rotation + turn) % 6) if f.id == floe_id else f for f in state.floes]
    return probe


def _drifts(hexes: int, speed: int) -> int:
    return -(-hexes // speed)
