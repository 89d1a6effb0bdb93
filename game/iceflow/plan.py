"""What the bots and the hint weigh: how far an explorer still is from Siberia over the ice as it
lies, and the best place a move can take it to.

The way still to go (``way``) is a shortest path from the Siberian stations the seat may still
enter, over the strait: a floe or land costs a step, a floe with bears a little more, open sea more
still (a swim, or a floe that has yet to come). A move is worth the way it gains, less what it
spends (a fish a little more than a rope: it also swims and calms bears), less the risk of standing
on a floe near its lane's end, plus a little for an item to pick up there. An explorer's place on a
floe is worth as much as the ice lets it go on from there.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from game.core.hexgrid import distance, neighbours, opposite, rotate_mask
from game.iceflow.board import Board
from game.iceflow.data import config, ridges
from game.iceflow.places import Where, land_names, lane_index
from game.iceflow.reach import Route, reach
from game.iceflow.state import Hex
from game.iceflow.steps import price
from game.iceflow.turns import budget

ITEM_VALUES = (1.6, 1.1, 0.7)
"""What the first, second and third item in the backpack are worth: with none, an explorer can
cross no ridge, swim nowhere and fish for nothing."""
SIBERIA_BONUS = 1.5
"""Reaching a station is worth more than its last step: nothing can take the explorer back."""
FLOE_STEP, LAND_STEP, BEAR_STEP, SEA_STEP = 1.0, 1.0, 2.0, 2.6
RIDGE_STEP = 0.6
"""A ridged edge on the way costs a rope: a little more than half a step."""
SHORT = 2.0
"""With no rope in the backpack a ridge is that much harder, with no fish a bear or a swim: the item
must be found first."""
ARRIVAL_STEP = 0.45
"""An empty sea hex a floe could drift onto in n actions costs a floe's step and n of these."""
EDGE_RISK = 1.2
"""Standing on a floe that the next drift along its lane takes off the board."""


def items_worth(n: int) -> float:
    return sum(ITEM_VALUES[:max(0, n)])


def open_goals(where: Where, seat: int) -> frozenset[Hex]:
    """The Siberian stations the seat's explorers may still enter (every one once all are taken)."""
    names = land_names(where.board)
    taken = {loc for loc in where.state.players[seat].explorers if names.get(loc, ("",))[0] == "siberia"}
    free = frozenset(h for name, h in where.board.siberia if name not in taken)
    return free or frozenset(h for _n, h in where.board.siberia)


def way(where: Where, seat: int) -> dict[Hex, float]:
    """The way still to go from every hex an explorer can stand on, over the ice as it lies."""
    ice = tuple(sorted((f.hex, bool(f.bears), rotate_mask(ridges()[f.id], f.rotation)) for f in where.state.floes))
    player = where.state.players[seat]
    return _way(where.board, ice, open_goals(where, seat), RIDGE_STEP * (SHORT if player.ropes == 0 else 1.0),
                SHORT if player.fish == 0 else 1.0)


def coming(board: Board, floes: Iterable[Hex]) -> dict[Hex, int]:
    """For each empty sea hex, how many drifts the nearest floe upstream in its lane needs to get
    there (a new floe at a free entry point counts one action more)."""
    out: dict[Hex, int] = {}
    for lane in board.lanes:
        last = None if lane.entry in floes else -1
        for k, h in enumerate(lane.path):
            if h in floes:
                last = k
                continue
            if last is not None:
                out[h] = -(-(k - last) // lane.speed) + (1 if last < 0 else 0)
    return out


@lru_cache(maxsize=512)
def _way(board: Board, ice: tuple[tuple[Hex, bool, int], ...], goals: frozenset[Hex],
         ridge: float, fishless: float) -> dict[Hex, float]:
    """Cheapest first from the goals back over the strait: stepping from a hex into ``h`` costs
    entering ``h`` (a floe, land, or an empty sea hex by how soon a floe may come; a bear or a swim
    ``fishless`` times more) and ``ridge`` for each ridged edge crossed (the one left and the one
    climbed)."""
    land = {h: kind for kind, h in land_names(board).values()}
    bears = {h: b for h, b, _m in ice}
    walls = {h: m for h, _b, m in ice}
    soon = coming(board, bears)
    out: dict[Hex, float] = {}
    queue = [(0.0, g) for g in sorted(goals)]
    sea = board.sea
    while queue:
        cost, h = heapq.heappop(queue)
        if h in out:
            continue
        out[h] = cost
        if h in bears:
            step = BEAR_STEP * fishless if bears[h] else FLOE_STEP
        elif h in sea:
            swim = SEA_STEP * fishless
            step = min(swim, FLOE_STEP + ARRIVAL_STEP * soon[h]) if h in soon else swim
        else:
            step = LAND_STEP
        mine = walls.get(h, 0)
        for d, n in enumerate(neighbours(h)):
            if n in out or (n not in sea and land.get(n) not in ("alaska", "island")):
                continue
            crossed = (mine >> d & 1) + (walls.get(n, 0) >> opposite(d) & 1)
            heapq.heappush(queue, (cost + step + ridge * crossed, n))
    return out


def to_goal(where: Where, seat: int, h: Hex) -> int:
    """Hex steps from ``h`` to the nearest Siberian station the seat may still enter."""
    return min(distance(h, g) for g in open_goals(where, seat))


def left_to_go(where: Where, seat: int) -> int:
    """The seat's explorers' hex steps to Siberia, summed (0 for those there)."""
    names = land_names(where.board)
    total = 0
    for loc in where.state.players[seat].explorers:
        if names.get(loc, ("",))[0] == "siberia":
            continue
        h = where.hex_of(loc)
        total += to_goal(where, seat, h) if h is not None else 12
    return total


def edge_risk(where: Where, h: Hex) -> float:
    """The risk of standing on the floe at ``h``: one drift could take it off the board."""
    if h not in where.at:
        return 0.0
    lane_no, k = lane_index(where.board)[h]
    lane = where.board.lanes[lane_no]
    return EDGE_RISK if len(lane.path) - 1 - k < lane.speed else 0.0


def standing(where: Where, seat: int, ways: dict[Hex, float] | None = None) -> float:
    """How well the seat stands (higher is better): its explorers' ways still to go, their risks
    and the items in the backpack."""
    ways = way(where, seat) if ways is None else ways
    names = land_names(where.board)
    player = where.state.players[seat]
    total = items_worth(player.items)
    for loc in player.explorers:
        if names.get(loc, ("",))[0] == "siberia":
            total += SIBERIA_BONUS
            continue
        h = where.hex_of(loc)
        if h is None:
            total -= 20.0
            continue
        total -= ways.get(h, 20.0) + edge_risk(where, h)
    return total


@dataclass(frozen=True)
class Plan:
    explorer: int
    route: Route
    worth: float


def route_worth(where: Where, seat: int, start: Hex, route: Route, ways: dict[Hex, float] | None = None) -> float:
    ways = way(where, seat) if ways is None else ways
    gain = ways.get(start, 20.0) + edge_risk(where, start) - ways.get(route.to, 20.0) - edge_risk(where, route.to)
    held = where.state.players[seat].items
    left = held - route.cost
    worth = gain - (items_worth(held) - items_worth(left))
    kind = where.kind_of(where.loc_at(route.to) or "")
    if kind == "siberia":
        worth += SIBERIA_BONUS
    elif kind == "floe":
        floe = where.at[route.to]
        if (floe.ropes or floe.fish or _rope_left_on(where, start, route)) and left < config().backpack_size:
            worth += items_worth(left + 1) - items_worth(left)
    return worth


def _rope_left_on(where: Where, start: Hex, route: Route) -> bool:
    """Whether the route's last step leaves a rope on the floe it ends on (a ridge climbed)."""
    if not route.path:
        return False
    before = route.path[-2] if len(route.path) > 1 else start
    last = price(where, where.loc_at(before) or "", route.to)
    return last is not None and where.at[route.to].id in last.ropes


def best_plan(where: Where, seat: int, ropes: int | None = None, fish: int | None = None,
              explorers: tuple[int, ...] | None = None) -> Plan | None:
    """The explorer move worth most for the seat (with the items it may spend now, unless given)."""
    if ropes is None or fish is None:
        ropes, fish = budget(where.state, seat)
    best: Plan | None = None
    player = where.state.players[seat]
    ways = way(where, seat)
    for i in explorers if explorers is not None else range(len(player.explorers)):
        start = where.hex_of(player.explorers[i])
        if start is None:
            continue
        for route in reach(where, (seat, i), ropes, fish).values():
            worth = route_worth(where, seat, start, route, ways)
            if best is None or worth > best.worth:
                best = Plan(i, route, worth)
    return best


def potential(where: Where, seat: int, moving: bool = True) -> float:
    """How well the seat stands, and with ``moving`` what its next move (with its whole backpack)
    adds to that."""
    ways = way(where, seat)
    value = standing(where, seat, ways)
    if moving:
        player = where.state.players[seat]
        value += gain(best_plan(where, seat, player.ropes, player.fish))
    return value


def gain(plan: Plan | None) -> float:
    """What a plan adds: its worth, or nothing for no plan or one not worth making."""
    return plan.worth if plan is not None and plan.worth > 0 else 0.0
