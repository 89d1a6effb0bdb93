"""Flick: a toy coin game proving a continuous action resolved by physics.

Rules (2 or 3 players; perfect information, no chance)

- The table: a 60 x 100 cm felt with a target 75 cm up from the near edge: a bull (4 cm), an inner
  ring (9 cm) and an outer ring (15 cm) around it. Each player has two coins.
- Turn: flick your next coin from the near edge: where along it (x), which way (angle, degrees
  from straight up the table), how hard (power, a share of full strength) and with how much spin
  (which curls its path). Coins knock each other; a coin that slides off the table is out.
- End: once every coin has been flicked. Each coin on the table scores for its owner: 5 in the
  bull, 3 in the inner ring, 1 in the outer ring (the ring its centre lies in). The highest score
  wins; ties share the win.
- Kids' mode: no spin (the spin is fixed at 0 and the coin runs straight).
- Variant "passing": instead of flicking, a player may pass; that coin is out of the game.

How it uses the contract

- ``legal_actions`` is a ``ContinuousSpace`` of the intent ``Flick(x, angle, power, spin)``; kids'
  mode fixes ``spin``; with passing allowed it is a ``UnionSpace`` of the flicks and a Pass button
  (``Forfeit``), as a table shows an aiming widget beside a button. ``Game.resolved = {Flick: Landed}``:
  a resolver outside the rules (``tests.toys.coin_physics``, pymunk) turns an intent into
  ``Landed(intent, outcome)``, whose outcome holds where every coin settled, which fell off and
  which touched which.
- ``step`` validates the outcome (each coin in play once, positions finite and on the table, the
  thrown coin the right one) and applies it; the record stores it, so replay never simulates.
- This module never imports pymunk; the physics constants of the table live here, and the
  resolver reads them.
- Things: ``coin:K`` (coin K belongs to seat K mod players); places ``hand:S``, ``table``, ``floor``.
- Setup: the base class checks the options (``check_options``: 2 or 3 players, a passing choice
  it has) and the toy writes only its deal.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import flow
from game.core import prompt as prompts
from game.core.bots import RandomBot
from game.core.contract import Action, Game, GameInfo, Options, Result, State, Term, Variant
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Changed, Events, Logged, Moved, Scored
from game.core.messages import Msg, msg
from game.core.registry import register
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace, ListSpace, Param, UnionSpace

# --- the table (the resolver reads these) ------------------------------------------------------
WIDTH = 60.0
LENGTH = 100.0
RELEASE_Y = 4.0
"""The coins start on this line, near the player."""
COIN_RADIUS = 1.5
TARGET = (30.0, 75.0)
RINGS = (("bull", 4.0, 5), ("inner", 9.0, 3), ("outer", 15.0, 1))
"""(term, radius, points), innermost first."""
COINS_EACH = 2
MAX_SPEED = 120.0
"""cm/s at full power."""
FELT = 0.3
"""The share of its speed a sliding coin keeps after one second (pymunk's space damping)."""
CURL = 0.35
"""How fast full spin turns the thrown coin's path (radians per second)."""

X = Param("x", 6.0, 54.0, unit="cm from the left edge")
ANGLE = Param("angle", -30.0, 30.0, unit="degrees from straight up the table")
POWER = Param("power", 0.1, 1.0, unit="share of full strength")
SPIN = Param("spin", -1.0, 1.0, unit="share of full spin, positive curls right")


@dataclass(frozen=True)
class Flick(Action):
    """The intent: a throw's parameters (the physics works out where everything lands)."""

    kind = "flick"
    x: float
    angle: float
    power: float
    spin: float


@dataclass(frozen=True)
class Forfeit(Action):
    """Pass instead of flicking: the coin is out (no physics needed)."""

    kind = "forfeit"


@dataclass(frozen=True)
class Spot:
    coin: int
    x: float
    y: float


@dataclass(frozen=True)
class Outcome:
    coin: int
    """The coin that was thrown."""
    rest: tuple[Spot, ...]
    """Every coin on the table once all stopped (by coin id)."""
    off: tuple[int, ...] = ()
    """The coins that slid off the table in this throw."""
    touches: tuple[tuple[int, int], ...] = ()
    """Pairs of coins that touched (smaller id first)."""


@dataclass(frozen=True)
class Landed(Action):
    """The full action: the intent and what the physics made of it."""

    kind = "landed"
    intent: Flick
    outcome: Outcome


@dataclass
class FlickState(State):
    players: int = 2
    coins: int = 0
    thrown: int = 0
    table: list[Spot] = field(default_factory=list)
    """Coins resting on the table, by id."""
    off: list[int] = field(default_factory=list)
    kids: bool = False
    passing: bool = False

    def owner(self, coin: int) -> int:
        return coin % self.players


# --- the rules ----------------------------------------------------------------------------------


def space_of(state: FlickState) -> ContinuousSpace:
    if state.kids:
        return ContinuousSpace(Flick, (X, ANGLE, POWER), fixed={"spin": 0.0})
    return ContinuousSpace(Flick, (X, ANGLE, POWER, SPIN))


def legal_space(state: FlickState) -> ActionSpace:
    flicks = space_of(state)
    return UnionSpace([flicks, ListSpace([Forfeit()])]) if state.passing else flicks


def on_table(x: float, y: float) -> bool:
    return math.isfinite(x) and math.isfinite(y) and 0.0 <= x <= WIDTH and 0.0 <= y <= LENGTH


def check_outcome(state: FlickState, action: Landed) -> None:
    """The resolver's outcome must fit the table as it stood: refuse it with a sentence if not."""
    if not space_of(state).contains(action.intent):
        raise IllegalAction(msg("That flick is out of bounds: {why}.", why=space_of(state).why_not(action.intent)))
    out = action.outcome
    if out.coin != state.thrown:
        raise IllegalAction(msg("Coin {right} is the one to flick, not coin {wrong}.", right=state.thrown,
                                wrong=out.coin))
    in_play = [s.coin for s in state.table] + [state.thrown]
    named = [s.coin for s in out.rest] + list(out.off)
    if sorted(named) != sorted(in_play):
        raise IllegalAction(msg("The outcome must place every coin in play exactly once."))
    for spot in out.rest:
        if not on_table(spot.x, spot.y):
            raise IllegalAction(msg("Coin {coin} cannot rest off the table.", coin=spot.coin))
    for a, b in out.touches:
        if a == b or a not in in_play or b not in in_play:
            raise IllegalAction(msg("Only two different coins in play can touch."))


def ring_of(spot: Spot) -> tuple[str, int] | None:
    d = math.hypot(spot.x - TARGET[0], spot.y - TARGET[1])
    for term, radius, points in RINGS:
        if d <= radius:
            return term, points
    return None


def next_throw(state: FlickState) -> None:
    state.thrown += 1
    if state.thrown == state.coins:
        flow.finish(state)
    else:
        flow.start(state, "flick", state.owner(state.thrown))


def forfeit(state: FlickState, events: Events) -> None:
    coin = state.thrown
    state.off.append(coin)
    events.add(Moved(f"coin:{coin}", f"hand:{state.owner(coin)}", "floor"))
    next_throw(state)


def land(state: FlickState, action: Landed, events: Events) -> None:
    out = action.outcome
    seat = state.owner(out.coin)
    before = {s.coin: s for s in state.table}
    state.table = sorted(out.rest, key=lambda s: s.coin)
    state.off.extend(sorted(out.off))
    for spot in state.table:
        old = before.get(spot.coin)
        if spot.coin == out.coin:
            events.add(Moved(f"coin:{spot.coin}", f"hand:{seat}", "table"))
        if old != spot:
            events.add(Changed(f"coin:{spot.coin}", [spot.x, spot.y]))
    for coin in out.off:
        events.add(Moved(f"coin:{coin}", f"hand:{seat}" if coin == out.coin else "table", "floor"))
    for a, b in out.touches:
        events.add(Logged(msg("Coin {a} touched coin {b}.", a=a, b=b), seat))
    ring = next((ring_of(s) for s in state.table if s.coin == out.coin), None)
    if ring is not None:
        events.add(Scored(seat, ring[1], ring[0]))
    next_throw(state)


# --- bots ---------------------------------------------------------------------------------------


def aim(x: float, target: tuple[float, float]) -> Flick:
    """The flick from ``x`` that would stop on ``target`` on an empty table."""
    dx, dy = target[0] - x, target[1] - RELEASE_Y
    angle = math.degrees(math.atan2(dx, dy))
    power = math.hypot(dx, dy) * -math.log(FELT) / MAX_SPEED
    return Flick(x, angle, power, 0.0)


class AimBot:
    """Normal: aim straight at the bull from near the middle, with a steady but human hand."""

    def choose(self, game: Any, view: FlickState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        if isinstance(legal, UnionSpace):
            legal = next(p for p in legal.parts if isinstance(p, ContinuousSpace))
        assert isinstance(legal, ContinuousSpace)
        x = 30.0 + (rng.randbelow(2001) - 1000) / 100.0
        ideal = aim(x, TARGET)
        wobble = (rng.randbelow(2001) - 1000) / 1000.0
        shake = (rng.randbelow(2001) - 1000) / 1000.0
        values = {"x": x, "angle": ideal.angle + 1.5 * wobble, "power": ideal.power * (1.0 + 0.04 * shake),
                  "spin": 0.0}
        for p in legal.params:
            values[p.name] = min(max(values[p.name], p.low), p.high)
        values.update(legal.fixed)
        return Flick(**values)


# --- the game -----------------------------------------------------------------------------------


class FlickGame(Game[FlickState]):
    info = GameInfo(
        id="toy_coin",
        name="Flick (toy)",
        min_players=2,
        max_players=3,
        cover="",
        variants=(Variant("passing", "Passing", (("no", "Every coin is flicked"),
                                                 ("yes", "A player may pass instead: that coin is out"))),),
        kids_turns_off=("No spin: coins run straight.",),
        physics=True,
    )
    state_type = FlickState
    action_types = (Flick, Landed, Forfeit)
    resolved = {Flick: Landed}

    def deal(self, options: Options, rng: Rng) -> FlickState:
        state = FlickState(rng=rng, players=options.players, coins=COINS_EACH * options.players,
                           kids=options.kids, passing=options.variants["passing"] == "yes")
        flow.start(state, "flick", 0)
        return state

    def legal_actions(self, state: FlickState) -> ActionSpace:
        return legal_space(state)

    def step(self, state: FlickState, action: Action, events: Events = NO_EVENTS) -> None:
        if state.to_act is None:
            raise IllegalAction(msg("The game is over."))
        if isinstance(action, Forfeit):
            if not state.passing:
                raise IllegalAction(msg("Every coin must be flicked in this game."))
            forfeit(state, events)
            return
        if not isinstance(action, Landed):
            raise IllegalAction(msg("A flick needs the physics to work out where the coins land."))
        check_outcome(state, action)
        land(state, action, events)

    def view(self, state: FlickState, seat: int) -> FlickState:
        view = self.clone(state)
        view.rng = Rng(0)
        return view

    def components(self, state: FlickState) -> Counter[str]:
        out = Counter(f"coin:{c}" for c in range(state.thrown, state.coins))
        out.update(f"coin:{s.coin}" for s in state.table)
        out.update(f"coin:{c}" for c in state.off)
        return out

    def result(self, state: FlickState) -> Result:
        rows = [{term: 0 for term, _r, _p in RINGS} for _ in range(state.players)]
        for spot in state.table:
            ring = ring_of(spot)
            if ring is not None:
                rows[state.owner(spot.coin)][ring[0]] += ring[1]
        scores = tuple(sum(row.values()) for row in rows)
        best = max(scores)
        over = self.is_over(state)
        return Result(scores, tuple(s for s, v in enumerate(scores) if v == best),
                      tuple(Term(term, term.title()) for term, _r, _p in RINGS), tuple(rows), over,
                      msg("Every coin has been flicked.") if over else "")

    def prompt(self, view: FlickState, seat: int) -> prompts.Prompt:
        if view.to_act is None:
            return prompts.over()
        waiting = msg("Waiting for {player} to flick…")
        if seat != view.to_act:
            return prompts.Prompt(view.to_act, waiting, waiting=waiting, frame="flick")
        return prompts.build(self, view, seat, self.space(view), msg("Flick your coin {coin}", coin=view.thrown),
                             waiting, {"forfeit": msg("Pass")}, "flick")

    def targets(self, view: FlickState, action: Action) -> tuple[str, ...]:
        return (f"coin:{view.thrown}",)

    def describe(self, state: FlickState, action: Action) -> Msg | str:
        if isinstance(action, Landed):
            out = action.outcome
            spot = next((s for s in out.rest if s.coin == out.coin), None)
            if spot is None:
                return msg("flicks coin {coin} off the table", coin=out.coin)
            distance = math.hypot(spot.x - TARGET[0], spot.y - TARGET[1])
            return msg("flicks coin {coin}: it stops {d} cm from the bull", coin=out.coin, d=round(distance, 1))
        if isinstance(action, Forfeit):
            return msg("passes: coin {coin} stays out", coin=state.thrown)
        if isinstance(action, Flick):
            return msg("aims coin {coin} {angle} degrees off straight at {power}% power", coin=state.thrown,
                       angle=round(action.angle), power=round(100 * action.power))
        return action.kind

    def turns(self, state: FlickState) -> int:
        return state.thrown

    def bots(self) -> dict[str, Any]:
        return {"easy": RandomBot(), "normal": AimBot()}


RULES = FlickGame()
register(RULES)
