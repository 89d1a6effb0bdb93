"""Ice Flow's bots, deciding from the view alone (nothing is hidden but what the bag and deck will give).

- **easy** takes a random iceberg action, but never wastes its explorer action: when a move gains
  ground it walks toward a random place that gains some;
- **normal** plans its move with the cheapest-path search (plan.py), and chooses the iceberg action
  that makes its own move (this turn or the next) worth most while taking the most from the leader's
  next one; it takes the ice first when that opens a better move than it has now;
- **hard** is normal looking one turn further: of its best iceberg actions it keeps the one whose
  worth holds best against the next player's most harmful iceberg action.

A decision inside a move (a step, a stop) is worked out again from where the explorer stands: the
best place from here is the one the move set out for, so the bot follows its path without memory.
"""

from __future__ import annotations

import copy
import time
from typing import Any

from game.core.contract import Action
from game.core.hexgrid import distance, rotate_mask
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.iceflow.data import config, ridges
from game.iceflow.frames import ice_actions
from game.iceflow.ice import free_entries
from game.iceflow.places import Where, floe_loc
from game.iceflow.plan import best_plan, items_worth, left_to_go, potential, route_worth, standing, to_goal, way
from game.iceflow.reach import reach
from game.iceflow.state import (
    EVACUATE,
    MOVE,
    ORIENT,
    PICK_UP,
    SEND_BEAR,
    SETUP_EXPLORER,
    SETUP_FLOE,
    TURN,
    Drift,
    EndTurn,
    Fish,
    Floe,
    IceFlowState,
    Move,
    NewFloe,
    PickUp,
    Place,
    Rotate,
    Step,
    Stop,
)
from game.iceflow.turns import budget, start_turn

LEADER_WEIGHT = 0.3
"""How much of the leader's next move an iceberg action is worth taking away."""
NEAR = 2
"""Iceberg actions are weighed on the floes this close to an explorer that matters (others rarely do)."""
MOVE_THRESHOLD = 0.05
"""A move worth less than this is not worth the explorer action."""
ICE_FIRST = 0.2
"""The iceberg action goes first when it makes the seat stand this much better than moving now."""
NEW_FLOE_DOUBT = 0.5
"""What a new floe's unknown ridges and cargo take off the hope of it."""
HARM_WEIGHT = 0.5
"""How much of the next player's most harmful answer the hard bot counts."""


def choose_common(game: Any, view: IceFlowState, legal: list[Action], rng: Rng) -> Action | None:
    """The decisions every level takes alike, or None for the ones that differ."""
    frame = view.frame
    name = frame.name
    if name == SETUP_EXPLORER:
        return rng.choice(legal)
    if name == SETUP_FLOE:
        return _place_starting_floe(view, legal, rng)
    if name == ORIENT:
        return _orient(view, legal)
    if name == PICK_UP:
        return _pick_up(view, legal)
    if name == SEND_BEAR:
        return _send_bear(view, legal)
    if name == EVACUATE:
        return _evacuate(view, legal)
    return None


def _place_starting_floe(view: IceFlowState, legal: list[Action], rng: Rng) -> Action:
    """Near the seat's own explorers (the Alaskan side), else anywhere."""
    where = Where(view)
    seat = view.to_act
    mine = [where.hex_of(loc) for loc in view.players[seat].explorers]
    scored = [(min((abs(a.col - h[0]) + abs(a.row - h[1]) for h in mine if h), default=0), rng.next64(), a)
              for a in legal]
    return min(scored)[2]


def _orient(view: IceFlowState, legal: list[Action]) -> Action:
    """Ridges facing north and south as far as the floe allows: the crossing goes east to west."""
    floe = view.frame.data["floe"]
    mask = ridges()[floe]
    across = 0b001001  # N and S edges
    return max(legal, key=lambda a: (bin(rotate_mask(mask, a.rotation) & across).count("1"), -a.rotation))


def _pick_up(view: IceFlowState, legal: list[Action]) -> Action:
    player = view.players[view.to_act]
    want = "fish" if player.fish <= player.ropes else "rope"
    items = [a for a in legal if isinstance(a, PickUp)]
    for a in items:
        if a.item == want:
            return a
    return items[0] if items else legal[-1]


def _send_bear(view: IceFlowState, legal: list[Action]) -> Action:
    """Onto the leader's explorers if a floe next to it holds some, never onto the seat's own."""
    where = Where(view)
    seat = view.to_act
    lead = {s: -left_to_go(where, s) for s in range(len(view.players)) if s != seat}

    def worth(a: Action) -> float:
        here = where.explorers_at(floe_loc(where.at[(a.col, a.row)].id))
        value = 0.0
        for s, _i in here:
            value += -2.0 if s == seat else 1.0 + 0.05 * (lead[s] - min(lead.values()))
        return value

    return max(legal, key=worth)


def _evacuate(view: IceFlowState, legal: list[Action]) -> Action:
    """The landing nearest Siberia, the cheapest of those."""
    where = Where(view)
    frame = view.frame
    seat = frame.seat

    def worth(a: Step) -> tuple[int, int]:
        h = (a.col, a.row)
        loc = where.loc_at(h)
        if where.kind_of(loc) == "sea":
            return -to_goal(where, seat, h) - 1, -1
        return -to_goal(where, seat, h), 0

    return max(legal, key=worth)


# --- the explorer's move ------------------------------------------------------------------------------


def follow(view: IceFlowState, legal: list[Action], pick: Any = None) -> Action:
    """In a move: the next step toward the best place from here (``pick`` chooses among the routes
    instead), or Stop when it is here."""
    frame = view.frame
    seat, i = frame.seat, frame.data["explorer"]
    where = Where(view)
    ropes, fish = budget(view, seat)
    start = where.hex_of(view.players[seat].explorers[i])
    came = tuple(frame.data["came"]) if frame.data["came"] else None
    routes = reach(where, (seat, i), ropes, fish, config().max_steps_per_move - frame.data["steps"], came=came)
    if not routes:
        return next((a for a in legal if isinstance(a, Step)), legal[0])
    ways = way(where, seat)
    route = pick(routes, ways) if pick is not None else max(
        routes.values(), key=lambda r: (route_worth(where, seat, start, r, ways), -len(r.path), r.to))
    if not route.path:
        return Stop() if Stop() in legal else legal[0]
    step = Step(*route.path[0])
    return step if step in legal else (Stop() if Stop() in legal else legal[0])


class EasyBot:
    def choose(self, game: Any, view: IceFlowState, space: ActionSpace, rng: Rng, deadline: float) -> Action:
        legal = list(space.actions())
        common = choose_common(game, view, legal, rng)
        if common is not None:
            return common
        frame = view.frame
        if frame.name == MOVE:
            where = Where(view)
            seat, i = frame.seat, frame.data["explorer"]
            start = where.hex_of(view.players[seat].explorers[i])

            def gaining(routes: dict, ways: dict) -> Any:
                good = [r for r in routes.values() if route_worth(where, seat, start, r, ways) > 0]
                if not good:
                    return routes.get(start) or next(iter(routes.values()))
                return max(good, key=lambda r: (route_worth(where, seat, start, r, ways), r.to))
            return follow(view, legal, gaining)
        if frame.name == TURN:
            where = Where(view)
            moves = [a for a in legal if isinstance(a, Move)]
            plan = best_plan(where, frame.seat)
            if moves and plan is not None and plan.worth > 0 and (frame.data["ice"] or rng.randbelow(2)):
                return Move(plan.explorer)
            ice = [a for a in legal if isinstance(a, (Drift, Rotate, NewFloe))]
            if ice:
                return rng.choice(ice)
            return EndTurn() if EndTurn() in legal else rng.choice(legal)
        return rng.choice(legal)


class NormalBot:
    lookahead = False

    def choose(self, game: Any, view: IceFlowState, space: ActionSpace, rng: Rng, deadline: float) -> Action:
        legal = list(space.actions())
        common = choose_common(game, view, legal, rng)
        if common is not None:
            return common
        frame = view.frame
        if frame.name == MOVE:
            return follow(view, legal)
        if frame.name != TURN:
            return self.place_new_floe(view, legal) if all(isinstance(a, Place) for a in legal) else legal[0]
        return self.turn(game, view, legal, rng, deadline)

    def place_new_floe(self, view: IceFlowState, legal: list[Action]) -> Action:
        """The free entry point nearest the seat's explorers that are still far from Siberia."""
        where = Where(view)
        seat = view.to_act
        mine = [h for h in (where.hex_of(loc) for loc in view.players[seat].explorers) if h is not None]
        return min(legal, key=lambda a: (min((distance((a.col, a.row), h) for h in mine), default=0), a.col, a.row))

    def turn(self, game: Any, view: IceFlowState, legal: list[Action], rng: Rng, deadline: float) -> Action:
        frame = view.frame
        seat = frame.seat
        where = Where(view)
        ice = [a for a in legal if isinstance(a, (Drift, Rotate, NewFloe))]
        can_move = any(isinstance(a, Move) for a in legal)
        now = best_plan(where, seat) if can_move else None
        moving = now is not None and now.worth > MOVE_THRESHOLD
        if ice:
            scored = self.weigh_ice(game, view, ice, can_move, deadline)
            if self.lookahead and time.monotonic() < deadline:
                scored = self.look_further(game, view, scored[:4], deadline)
            best_worth, best_ice = scored[0]
            if not moving or best_worth > standing(where, seat) + now.worth + ICE_FIRST:
                return best_ice
        fishing = Fish() in legal and items_worth(view.players[seat].items + 1) - items_worth(view.players[seat].items)
        if moving and (not fishing or now.worth >= fishing):
            return Move(now.explorer)
        if fishing:
            return Fish()
        return EndTurn() if EndTurn() in legal else legal[0]

    def weigh_ice(self, game: Any, view: IceFlowState, ice: list[Action], explorer_after: bool,
                  deadline: float) -> list[tuple[float, Action]]:
        """The iceberg actions worth weighing, best first: how well the seat stands after it (with its
        move still to come this turn, if it is), less how well it leaves the leader."""
        seat = view.to_act
        where = Where(view)
        leader = self.leader(view, seat)
        near = self.floes_that_matter(where, (seat, leader))
        candidates = [a for a in ice if not isinstance(a, (Drift, Rotate)) or a.floe in near] or ice[:6]
        out = []
        for action in candidates:
            if isinstance(action, NewFloe):
                out.append((self.new_floe_worth(view, seat, leader, explorer_after), action))
                continue
            after = game.advance(view, action, check=False).state
            if after.frame is None or after.frame.name != TURN:
                worth = self.evacuation_worth(view, after, seat) + standing(Where(after), seat)
            else:
                worth = own_worth(after, seat, explorer_after)
                if leader is not None:
                    worth -= LEADER_WEIGHT * potential(Where(after), leader)
            out.append((worth, action))
            if time.monotonic() > deadline:
                break
        out.sort(key=lambda pair: -pair[0])
        return out

    def new_floe_worth(self, view: IceFlowState, seat: int, leader: int | None, explorer_after: bool) -> float:
        """A floe with ridges north and south put on the best free entry point (what comes out of the
        bag is not known: this is the hope of it)."""
        entries = free_entries(view)
        if not view.bag or not entries:
            return -99.0
        best = -99.0
        for h in entries:
            probe = copy.copy(view)
            probe.floes = [*view.floes, Floe(view.bag[0], h[0], h[1], 0)]
            worth = own_worth(probe, seat, explorer_after)
            if leader is not None:
                worth -= LEADER_WEIGHT * potential(Where(probe), leader)
            best = max(best, worth - NEW_FLOE_DOUBT)
        return best

    def look_further(self, game: Any, view: IceFlowState, best: list[tuple[float, Action]],
                     deadline: float) -> list[tuple[float, Action]]:
        return best

    @staticmethod
    def evacuation_worth(before: IceFlowState, after: IceFlowState, seat: int) -> float:
        """A drift off the board with explorers on it: bad for the seat's own, good for the others'."""
        floe = next((f.data["floe"] for f in after.flow if "floe" in f.data), None)
        value = 0.0
        if floe is not None:
            for s, player in enumerate(before.players):
                hit = player.explorers.count(floe_loc(floe))
                value += -3.0 * hit if s == seat else 1.5 * hit
        return value

    @staticmethod
    def leader(view: IceFlowState, seat: int) -> int | None:
        where = Where(view)
        others = [s for s in range(len(view.players)) if s != seat]
        return min(others, key=lambda s: (left_to_go(where, s), s)) if others else None

    @staticmethod
    def floes_that_matter(where: Where, seats: tuple[int | None, ...]) -> set[int]:
        spots = [h for s in seats if s is not None for loc in where.state.players[s].explorers
                 if (h := where.hex_of(loc)) is not None]
        return {f.id for f in where.state.floes if any(distance(f.hex, h) <= NEAR for h in spots)}


def own_worth(state: IceFlowState, seat: int, explorer_now: bool) -> float:
    """How well the seat stands, with the best move it can still make this turn (or, its explorer
    action taken, half of what its next turn's move may be worth)."""
    where = Where(state)
    if explorer_now:
        plan = best_plan(where, seat)
        return standing(where, seat) + (plan.worth if plan is not None and plan.worth > 0 else 0.0)
    player = state.players[seat]
    plan = best_plan(where, seat, player.ropes, player.fish)
    return standing(where, seat) + 0.5 * (plan.worth if plan is not None and plan.worth > 0 else 0.0)


class HardBot(NormalBot):
    lookahead = True

    def look_further(self, game: Any, view: IceFlowState, best: list[tuple[float, Action]],
                     deadline: float) -> list[tuple[float, Action]]:
        """Of the best iceberg actions, the one whose worth holds best once the next player answers
        with the iceberg action that harms the seat most."""
        seat = view.to_act
        nxt = (seat + 1) % len(view.players)
        scored: list[tuple[float, Action]] = []
        for worth, action in best:
            if isinstance(action, NewFloe):
                scored.append((worth, action))
                continue
            after = game.advance(view, action, check=False).state
            if after.frame is None or after.frame.name != TURN:
                continue
            probe = _as_turn_of(after, nxt)
            where = Where(probe)
            harm = [a for a in ice_actions(probe) if isinstance(a, (Drift, Rotate))
                    and a.floe in self.floes_that_matter(where, (seat,))]
            base = potential(Where(after), seat)
            worst = base
            for reply in harm[:12]:
                state = game.advance(probe, reply, check=False).state
                if state.frame is None or state.frame.name != TURN:
                    worst = min(worst, base - 3.0)
                    continue
                worst = min(worst, potential(Where(state), seat))
                if time.monotonic() > deadline:
                    break
            scored.append((worth + HARM_WEIGHT * (worst - base), action))
            if time.monotonic() > deadline:
                break
        scored.sort(key=lambda pair: -pair[0])
        return scored or best


def _as_turn_of(state: IceFlowState, seat: int) -> IceFlowState:
    """``state`` as if ``seat``'s turn had just begun (for weighing its answers)."""
    probe = copy.copy(state)
    probe.flow = []
    start_turn(probe, seat)
    return probe

