"""ILAN's bots, deciding from their seat's view.

- Easy samples the legal actions, but collects a web when it holds one (the biggest it can).
- Hard plays each candidate on several worlds to the end of its turn (``HardBot``).
- Normal tries each legal action on a world dealt from its view (the unseen cards at random), makes
  its own further choices of the same ability the same way, and keeps the action whose outcome it
  values most (``worth``): its VP against the leader's, what its ecosystem promises as webs, its
  cards in hand, and its cards the others could eat.
"""

from __future__ import annotations

import time
from typing import Any

from game.core.contract import Action
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.ilan.abilities.match import Context, matches
from game.ilan.abilities.notation import Active, Verb, walk
from game.ilan.cards import card
from game.ilan.data import config
from game.ilan.state import CHOOSE, PICK, TURN, WEB, Collect, Done, IlanState, Pick
from game.ilan.web import colours, is_web

OWN_CHOICES = (PICK, CHOOSE)
"""Frames in which the normal bot makes its next choice itself while weighing an action."""
DEPTH = 4


def web_choice(view: IlanState, actions: list[Action]) -> Action:
    """In a web's frame: add the card of a colour still missing (green first), then collect."""
    frame = view.frame
    assert frame is not None
    picked = frame.data["picked"]
    adds = [a for a in actions if isinstance(a, Pick) and a.card not in picked]
    if adds:
        return min(adds, key=lambda a: (card(a.card).colour != config().web_needs, card(a.card).icon != "WEB", a.card))
    done = [a for a in actions if isinstance(a, Done)]
    return done[0] if done and is_web(view, picked) else actions[-1]


class EasyBot:
    def choose(self, game: Any, view: IlanState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        frame = view.frame
        if frame is not None and frame.name == WEB:
            return web_choice(view, actions)
        collect = [a for a in actions if isinstance(a, Collect)]
        return collect[0] if collect else actions[rng.randbelow(len(actions))]


def web_promise(state: IlanState, seat: int) -> float:
    """The VP the seat's ecosystem promises as a web: more with more colours, less without green."""
    found = colours(state, state.ecosystems[seat])
    points = config().web_points
    k = len(found)
    promise = points[min(k, max(points))] * 0.9 if k >= min(points) else (0.0, 0.6, 1.6, 3.4)[k]
    return promise if config().web_needs in found else promise * 0.55


def threatened(state: IlanState, seat: int) -> int:
    """The seat's ecosystem cards the cards in the Current could eat if someone played their like:
    a rough measure of how exposed its web material is."""
    eaters = [ability for number in state.current for ability in card(number).abilities if isinstance(ability, Active)]
    count = 0
    for number in state.ecosystems[seat]:
        for ability in eaters:
            if any(isinstance(c.effect, Verb) and c.effect.name == "devour" and c.effect.filter is not None
                   and matches(state, c.effect.filter, number, Context(-1)) for c in walk(ability.clauses)):
                count += 1
                break
    return count


def worth(state: IlanState, seat: int) -> float:
    """How good the position is for ``seat``."""
    if state.winner == seat:
        return 1e6
    if state.winner >= 0:
        return -1e6
    mine = state.vp[seat]
    leader = max((v for s, v in enumerate(state.vp) if s != seat), default=0)
    hand = state.hands[seat]
    bio = sum(1 for c in hand if card(c).bio)
    factors = len(hand) - bio
    near = 0.02 * mine * mine / max(1, state.target)
    return (mine + near - 0.4 * leader + web_promise(state, seat) + 0.7 * min(bio, 4) + 0.3 * min(factors, 2)
            + 0.2 * len(state.ecosystems[seat]) - 0.3 * threatened(state, seat))


class NormalBot:
    def choose(self, game: Any, view: IlanState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        if len(actions) == 1:
            return actions[0]
        seat = view.to_act
        assert seat is not None
        if view.frame is not None and view.frame.name == WEB:
            return web_choice(view, actions)
        world = game.resample(view, seat, rng) if game.info.hidden else view
        return self.best(game, world, seat, actions, DEPTH)[0]

    def best(self, game: Any, world: IlanState, seat: int, actions: list[Action], depth: int) -> tuple[Action, float]:
        scored = [(self.value(game, world, seat, action, depth), i, action) for i, action in enumerate(actions)]
        value, _i, action = max(scored, key=lambda t: (t[0], -t[1]))
        return action, value

    def value(self, game: Any, world: IlanState, seat: int, action: Action, depth: int) -> float:
        """What ``action`` leads to once the seat's own further choices of the same ability are made,
        each the one whose immediate outcome is best (so the cost grows with the choices, not their
        product)."""
        after = self.settle(game, game.apply(world, action, check=False), seat, depth)
        return worth(after, seat)

    def settle(self, game: Any, state: IlanState, seat: int, steps: int) -> IlanState:
        for _ in range(steps + 8):
            frame = state.frame
            if frame is None or frame.seat != seat or frame.name not in (*OWN_CHOICES, WEB):
                break
            actions = game.space(state).actions()
            if not actions:
                break
            if frame.name == WEB:
                action = web_choice(state, actions)
            else:
                action = max(actions, key=lambda a: worth(game.apply(state, a, check=False), seat))
            state = game.apply(state, action, check=False)
        return state


WORLDS = 6
"""Worlds the hard bot deals from its view per decision (fixed, so it is deterministic; its deadline
only cuts it short on a loaded machine)."""
CANDIDATES = 8
MARGIN = 0.05


class HardBot:
    """Hard: each candidate is played on several worlds dealt from the view, and the rest of the turn
    is played out by the normal bot's choices (the answers other players give on the way too); the
    candidate whose ends of turn it values most on average is chosen."""

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds
        self.normal = NormalBot()

    def choose(self, game: Any, view: IlanState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        seat = view.to_act
        assert seat is not None
        if len(actions) == 1:
            return actions[0]
        if view.frame is not None and view.frame.name == WEB:
            return web_choice(view, actions)
        worlds = [game.resample(view, seat, Rng(rng.next64())) for _ in range(self.worlds)]
        if len(actions) > CANDIDATES:
            ranked = sorted(range(len(actions)), key=lambda i: -self.normal.value(game, worlds[0], seat, actions[i], 1))
            actions = [actions[i] for i in sorted(ranked[:CANDIDATES])]
        totals = [0.0] * len(actions)
        for played, world in enumerate(worlds):
            if played and time.monotonic() > deadline - MARGIN:
                break
            for i, action in enumerate(actions):
                totals[i] += worth(self.rest_of_turn(game, game.apply(world, action, check=False), seat), seat)
        return actions[max(range(len(actions)), key=lambda i: (totals[i], -i))]

    def rest_of_turn(self, game: Any, state: IlanState, seat: int) -> IlanState:
        """``state`` once ``seat``'s turn is over, every choice on the way made by the normal bot."""
        for _ in range(40):
            frame = state.frame
            if frame is None or (frame.name == TURN and frame.seat != seat):
                return state
            actions = game.space(state).actions()
            if frame.name == WEB:
                action = web_choice(state, actions)
            elif len(actions) == 1:
                action = actions[0]
            else:
                action = self.normal.best(game, state, frame.seat, actions, 1)[0]
            state = game.apply(state, action, check=False)
        return state
