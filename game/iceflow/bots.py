"""Ice Flow's bots, deciding from the view alone (nothing is hidden but what the bag and deck will give).

- **easy** takes a random iceberg action, but never wastes its explorer action: when a move gains
  ground it walks toward a random place that gains some;
- **normal** plans its move with the cheapest-path search (plan.py), and chooses the iceberg action
  that makes its own move (this turn or the next) worth most while taking the most from the leader's
  next one, weighing the floes and entry points near the explorers that matter; it takes the ice first
  when that opens a better move than it has now. When no iceberg action opens a move at all, it builds
  a bridge for a later turn (bridge.py) instead of turning floes back and forth;
- **hard** weighs every floe and entry point, and plays its few best choices (iceberg actions, and
  its move) two turns ahead: the rest of the turn as the normal bot would, then its best turn after.

A decision inside a move (a step, a stop) is worked out again from where the explorer stands: the
best place from here is the one the move set out for, so the bot follows its path without memory.
"""

from __future__ import annotations

import copy
import time
from dataclasses import replace
from typing import Any

from game.core.contract import Action
from game.core.hexgrid import distance, rotate_mask
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.iceflow.bridge import bridges
from game.iceflow.data import config, ridges
from game.iceflow.frames import ice_actions
from game.iceflow.ice import free_entries
from game.iceflow.places import Where, floe_loc
from game.iceflow.plan import (
    Plan,
    best_plan,
    gain,
    items_worth,
    left_to_go,
    potential,
    route_worth,
    standing,
    to_goal,
    way,
)
from game.iceflow.reach import reach
from game.iceflow.state import (
    EVACUATE,
    MOVE,
    NEW_FLOE,
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
    Hex,
    IceFlowState,
    Move,
    NewFloe,
    Orient,
    PickUp,
    Place,
    Rotate,
    Step,
    Stop,
)
from game.iceflow.turns import budget, start_turn, turn_data

LEADER_WEIGHT = 0.3
"""How much of the leader's next move an iceberg action is worth taking away."""
NEAR = 2
"""Iceberg actions are weighed on the floes this close to an explorer that matters (others rarely do)."""
MOVE_THRESHOLD = 0.05
"""A move worth less than this is not worth the explorer action; when no iceberg action opens a move
worth more, the seat builds a bridge for a later turn (bridge.py)."""
ICE_FIRST = 0.2
"""The iceberg action goes first when it makes the seat stand this much better than moving now."""
NEW_FLOE_DOUBT = 0.5
"""What a new floe's unknown ridges and cargo take off the hope of it."""
ENTRY_REACH = 3
"""A new floe is weighed on the free entry points this close to one of the seat's explorers."""


def choose_common(game: Any, view: IceFlowState, legal: list[Action], rng: Rng) -> Action | None:
    """The decisions every level takes alike, or None for the ones that differ."""
    frame = view.frame
    name = frame.name
    if name == SETUP_EXPLORER:
        return rng.choice(legal)
    if name == SETUP_FLOE:
        return _place_starting_floe(view, legal, rng)
    if name == ORIENT and frame.data["setup"]:
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
    leader_weight = LEADER_WEIGHT
    near = NEAR
    entry_reach = ENTRY_REACH

    def choose(self, game: Any, view: IceFlowState, space: ActionSpace, rng: Rng, deadline: float) -> Action:
        legal = list(space.actions())
        common = choose_common(game, view, legal, rng)
        if common is not None:
            return common
        frame = view.frame
        if frame.name == MOVE:
            return self.move(view, legal)
        if frame.name == NEW_FLOE:
            return self.place_new_floe(game, view, legal)
        if frame.name == ORIENT:
            return self.orient_new_floe(game, view, legal)
        if frame.name != TURN:
            return legal[0]
        return self.turn(game, view, legal, rng, deadline)

    def move(self, view: IceFlowState, legal: list[Action]) -> Action:
        return follow(view, legal)

    def turn(self, game: Any, view: IceFlowState, legal: list[Action], rng: Rng, deadline: float) -> Action:
        return self.weigh_turn(game, view, legal, deadline)[0]

    def weigh_turn(self, game: Any, view: IceFlowState, legal: list[Action],
                   deadline: float) -> tuple[Action, list[tuple[float, Action]], Plan | None]:
        """The choice in the turn, with the iceberg actions weighed (best first) and the best move now."""
        frame = view.frame
        seat = frame.seat
        where = Where(view)
        ice = [a for a in legal if isinstance(a, (Drift, Rotate, NewFloe))]
        can_move = any(isinstance(a, Move) for a in legal)
        now = best_plan(where, seat) if can_move else None
        moving = now is not None and now.worth > MOVE_THRESHOLD
        scored: list[tuple[float, Action]] = []
        if ice:
            scored, moves = self.weigh_ice(game, view, ice, can_move, deadline)
            best_worth, best_ice = scored[0]
            move_now = gain(now) if can_move else move_worth(view, seat, False)
            if max(moves.get(best_ice, 0.0), move_now) <= MOVE_THRESHOLD:
                best_ice = next((b.action for b in bridges(where, seat) if b.action in ice), best_ice)
            if not moving or best_worth > standing(where, seat) + now.worth + ICE_FIRST:
                return best_ice, scored, now
        fishing = Fish() in legal and items_worth(view.players[seat].items + 1) - items_worth(view.players[seat].items)
        if moving and (not fishing or now.worth >= fishing):
            return Move(now.explorer), scored, now
        if fishing:
            return Fish(), scored, now
        return (EndTurn() if EndTurn() in legal else legal[0]), scored, now

    def weigh_ice(self, game: Any, view: IceFlowState, ice: list[Action], explorer_after: bool,
                  deadline: float) -> tuple[list[tuple[float, Action]], dict[Action, float]]:
        """The iceberg actions worth weighing, best first: how well the seat stands after it (with its
        move still to come this turn, if it is), less how well it leaves the leader; and what each
        makes the seat's best move worth. A turn of a floe that opens no move for the seat and closes
        none of the leader's comes last: it changes only the guess of the way still to go, and two
        seats would turn the floe back and forth for ever."""
        seat = view.to_act
        where = Where(view)
        leader = self.leader(view, seat)
        near = self.floes_that_matter(where, (seat, leader))
        candidates = [a for a in ice if not isinstance(a, (Drift, Rotate)) or a.floe in near] or ice[:6]
        move_now = move_worth(view, seat, explorer_after)
        lead_now = leader_move(view, leader)
        out, idle = [], []
        moves: dict[Action, float] = {}
        for action in candidates:
            if isinstance(action, NewFloe):
                worth, move = self.new_floe_worth(view, seat, leader, explorer_after)
            else:
                after = game.advance(view, action, check=False).state
                if after.frame is None or after.frame.name != TURN:
                    worth, move = self.evacuation_worth(view, after, seat) + standing(Where(after), seat), 0.0
                else:
                    worth, move = self.worth_after(after, seat, leader, explorer_after)
                    if (isinstance(action, Rotate) and move <= move_now + MOVE_THRESHOLD
                            and leader_move(after, leader) >= lead_now - MOVE_THRESHOLD):
                        idle.append((worth, action))
                        moves[action] = move
                        continue
            out.append((worth, action))
            moves[action] = move
            if time.monotonic() > deadline:
                break
        out.sort(key=lambda pair: -pair[0])
        idle.sort(key=lambda pair: -pair[0])
        return out + idle, moves

    def new_floe_worth(self, view: IceFlowState, seat: int, leader: int | None,
                       explorer_after: bool) -> tuple[float, float]:
        """The hope of a new floe: on the best free entry point near the seat's explorers, turned the
        best way, with the ridges most floes in the bag have and carrying nothing (as ``worth_after``)."""
        entries = self.entries_that_matter(view, seat)
        if not view.bag or not entries:
            return -99.0, -99.0
        floe = typical_floe(view.bag)
        worth, move = max(self.worth_after(self.with_floe(view, Floe(floe, h[0], h[1], r)), seat, leader,
                                           explorer_after) for h in entries for r in distinct_turns(floe))
        return worth - NEW_FLOE_DOUBT, move - NEW_FLOE_DOUBT

    @staticmethod
    def with_floe(view: IceFlowState, floe: Floe) -> IceFlowState:
        probe = copy.copy(view)
        probe.floes = [*view.floes, floe]
        return probe

    def entries_that_matter(self, view: IceFlowState, seat: int) -> list[Hex]:
        where = Where(view)
        spots = [h for loc in view.players[seat].explorers
                 if where.kind_of(loc) != "siberia" and (h := where.hex_of(loc)) is not None]
        return [h for h in free_entries(view) if any(distance(h, s) <= self.entry_reach for s in spots)]

    def worth_after(self, after: IceFlowState, seat: int, leader: int | None,
                    explorer_after: bool) -> tuple[float, float]:
        """How well the seat stands in ``after`` (its move still to come this turn, if it is), less how
        well it leaves the leader; and what its best move is worth there."""
        move = move_worth(after, seat, explorer_after)
        own = standing(Where(after), seat) + move
        if leader is None:
            return own, move
        return own - self.leader_weight * potential(Where(after), leader), move

    def place_new_floe(self, game: Any, view: IceFlowState, legal: list[Action]) -> Action:
        """The drawn floe (its ridges and what it carries now known) where, turned its best way, it
        helps the seat most."""
        seat = view.to_act
        leader = self.leader(view, seat)
        explorer_after = not turn_data(view)["explorer"]
        scored = []
        for action in legal:
            placed = game.advance(view, action, check=False).state
            scored.append((*max(self.orient_worth(game, placed, seat, leader, explorer_after).values()),
                           -action.col, -action.row, action))
        best = max(scored)
        if max(move_worth(view, seat, explorer_after), best[1]) <= MOVE_THRESHOLD:
            entries = [b.entry for b in bridges(Where(view), seat) if b.entry is not None]
            return next((Place(*h) for h in entries if Place(*h) in legal), best[-1])
        return best[-1]

    def orient_worth(self, game: Any, view: IceFlowState, seat: int, leader: int | None,
                     explorer_after: bool) -> dict[Orient, tuple[float, float]]:
        floe = view.frame.data["floe"]
        return {Orient(r): self.worth_after(game.advance(view, Orient(r), check=False).state, seat, leader,
                                            explorer_after) for r in distinct_turns(floe)}

    def orient_new_floe(self, game: Any, view: IceFlowState, legal: list[Action]) -> Action:
        seat = view.to_act
        worths = self.orient_worth(game, view, seat, self.leader(view, seat), not turn_data(view)["explorer"])
        return max(worths, key=lambda a: (worths[a], -a.rotation))

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

    def floes_that_matter(self, where: Where, seats: tuple[int | None, ...]) -> set[int]:
        spots = [h for s in seats if s is not None for loc in where.state.players[s].explorers
                 if (h := where.hex_of(loc)) is not None]
        return {f.id for f in where.state.floes if any(distance(f.hex, h) <= self.near for h in spots)}


def own_worth(state: IceFlowState, seat: int, explorer_now: bool) -> float:
    """How well the seat stands, with the best move it can still make this turn (or, its explorer
    action taken, half of what its next turn's move may be worth)."""
    return standing(Where(state), seat) + move_worth(state, seat, explorer_now)


def leader_move(state: IceFlowState, leader: int | None) -> float:
    """What the leader's best move with its whole backpack is worth (0 for none, or no leader)."""
    if leader is None:
        return 0.0
    player = state.players[leader]
    return gain(best_plan(Where(state), leader, player.ropes, player.fish))


def move_worth(state: IceFlowState, seat: int, explorer_now: bool) -> float:
    """What the seat's best move is worth: this turn's, or half of next turn's (0 for none)."""
    where = Where(state)
    player = state.players[seat]
    if explorer_now:
        return gain(best_plan(where, seat))
    return 0.5 * gain(best_plan(where, seat, player.ropes, player.fish))


class HardBot(NormalBot):
    near = entry_reach = 99
    """Every floe and every free entry point is weighed, not only those near the explorers."""
    candidates = 5
    """How many of the best iceberg actions it plays two turns ahead."""

    def move(self, view: IceFlowState, legal: list[Action]) -> Action:
        """Toward the place worth most with what the explorer can do from there next turn (half of it)."""
        frame = view.frame
        seat, i = frame.seat, frame.data["explorer"]
        where = Where(view)
        start = where.hex_of(view.players[seat].explorers[i])

        def pick(routes: dict, ways: dict) -> Any:
            def worth(r: Any) -> float:
                return route_worth(where, seat, start, r, ways) + 0.5 * _move_from(where, seat, i, r)
            return max(routes.values(), key=lambda r: (worth(r), -len(r.path), r.to))
        return follow(view, legal, pick)

    def turn(self, game: Any, view: IceFlowState, legal: list[Action], rng: Rng, deadline: float) -> Action:
        """What the normal bot would do, the normal bot's best iceberg actions and its move each played
        two turns ahead (the rest of this turn as the normal bot would, then the seat's best iceberg
        action and move of the turn after, the others' turns left out): the one that promises most."""
        choice, scored, now = self.weigh_turn(game, view, legal, deadline)
        if not isinstance(choice, (Drift, Rotate, NewFloe, Move)):
            return choice
        seat = view.to_act
        options = [choice, *(a for _w, a in scored[:self.candidates])]
        if now is not None and now.worth > MOVE_THRESHOLD:
            options.append(Move(now.explorer))
        ranked = []
        for order, action in enumerate(dict.fromkeys(options)):
            ranked.append((-self.two_turns(game, view, action, seat, deadline), order, action))
            if time.monotonic() > deadline:
                break
        return min(ranked, key=lambda r: r[:2])[-1]

    @staticmethod
    def two_turns(game: Any, view: IceFlowState, action: Action, seat: int, deadline: float) -> float:
        state = game.advance(view, action, check=False).state
        for _ in range(TURN_STEPS):
            if game.is_over(state) or state.to_act != seat:
                break
            state = game.advance(state, NORMAL.choose(game, state, game.space(state), Rng(0), deadline),
                                 check=False).state
        if game.is_over(state):
            return WON if state.winner == seat else -WON
        probe = _as_turn_of(state, seat)
        scored, _moves = NORMAL.weigh_ice(game, probe, ice_actions(probe), True, deadline)
        return scored[0][0] if scored else own_worth(probe, seat, True)


NORMAL = NormalBot()
TURN_STEPS = 40
"""More decisions than any one turn takes."""
WON = 100.0


def typical_floe(bag: list[int]) -> int:
    """A floe of the bag with the ridge pattern most floes there have."""
    counts: dict[int, int] = {}
    for f in bag:
        counts[ridges()[f]] = counts.get(ridges()[f], 0) + 1
    return min(bag, key=lambda f: (-counts[ridges()[f]], f))


def distinct_turns(floe: int) -> list[int]:
    """The rotations of a floe that look different (a floe with ridges N and S looks the same turned half way)."""
    seen: dict[int, int] = {}
    for r in range(6):
        seen.setdefault(rotate_mask(ridges()[floe], r), r)
    return sorted(seen.values())


def _move_from(where: Where, seat: int, i: int, route: Any) -> float:
    """What explorer ``i``'s best move next turn is worth once ``route`` has taken it (and its cost)."""
    loc = where.loc_at(route.to)
    if loc is None or where.kind_of(loc) == "siberia":
        return 0.0
    player = where.state.players[seat]
    moved = replace(player, explorers=[loc if k == i else e for k, e in enumerate(player.explorers)],
                    ropes=player.ropes - route.ropes, fish=player.fish - route.fish)
    probe = copy.copy(where.state)
    probe.players = [moved if s == seat else p for s, p in enumerate(where.state.players)]
    return gain(best_plan(Where(probe), seat, moved.ropes, moved.fish, explorers=(i,)))


def _as_turn_of(state: IceFlowState, seat: int) -> IceFlowState:
    """``state`` as if ``seat``'s turn had just begun (for weighing its answers)."""
    probe = copy.copy(state)
    probe.flow = []
    start_turn(probe, seat)
    return probe

