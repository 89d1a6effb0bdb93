"""A tiny physics game for the shell's tests: each player throws a stone twice; a throw is an intent
(its power, a continuous parameter) that a resolver turns into the full action with its outcome
(how far the stone went). The longest total wins. ``install(monkeypatch)`` registers the game as
"toy_throw" and its resolver, for one test."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.core import flow, registry
from game.core.contract import Action, Game, GameInfo, Options, Result, State, Term
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events, Scored
from game.core.messages import Msg, msg
from game.core.rng import Rng
from game.core.spaces import ContinuousSpace, Param
from physics import resolvers

GAME_ID = "toy_throw"
THROWS = 2


@dataclass(frozen=True)
class Throw(Action):
    """The intent: how hard the stone is thrown (0..1)."""

    kind = "throw"
    power: float


@dataclass(frozen=True)
class Landed(Action):
    """The resolved throw: the intent and where the stone came to rest."""

    kind = "landed"
    intent: Throw
    distance: int


@dataclass
class ThrowState(State):
    distances: list[list[int]] = field(default_factory=list)


class TossGame(Game[ThrowState]):
    info = GameInfo(GAME_ID, "Toy Throw", 2, 3, "art/covers/toy.svg", physics=True)
    state_type = ThrowState
    action_types = (Throw, Landed)
    resolved = {Throw: Landed}

    def deal(self, options: Options, rng: Rng) -> ThrowState:
        state = ThrowState(rng, distances=[[] for _ in range(options.players)])
        flow.start(state, "throw", 0)
        return state

    def legal_actions(self, state: ThrowState) -> ContinuousSpace:
        return ContinuousSpace(Throw, [Param("power", 0.0, 1.0, unit="share of full power")])

    def step(self, state: ThrowState, action: Action, events: Events = NO_EVENTS) -> None:
        seat = state.to_act
        if not isinstance(action, Landed) or seat is None:
            raise IllegalAction(msg("A throw needs its physics."))
        state.distances[seat].append(action.distance)
        events.add(Scored(seat, action.distance, "distance"))
        players = len(state.distances)
        if all(len(d) >= THROWS for d in state.distances):
            flow.finish(state)
        else:
            flow.start(state, "throw", (seat + 1) % players)

    def view(self, state: ThrowState, seat: int) -> ThrowState:
        return self.clone(state)

    def result(self, state: ThrowState) -> Result:
        scores = tuple(sum(d) for d in state.distances)
        best = max(scores)
        return Result(scores, tuple(i for i, s in enumerate(scores) if s == best), (Term("distance", "Distance"),),
                      tuple({"distance": s} for s in scores), state.to_act is None)

    def components(self, state: ThrowState) -> Counter[str]:
        return Counter({"stone": len(state.distances)})

    def describe(self, state: ThrowState, action: Action) -> Msg:
        if isinstance(action, Landed):
            return msg("throws a stone {n} metres", n=action.distance)
        return msg("throws a stone")


RULES = TossGame()
RESOLVED: list[Throw] = []
"""Every intent the resolver was asked about (tests read it)."""


def resolve(game: Game, view: ThrowState, intent: Throw) -> Landed:
    RESOLVED.append(intent)
    return Landed(intent, round(intent.power * 30))


def install(monkeypatch) -> TossGame:  # noqa: ANN001 - pytest's MonkeyPatch
    RESOLVED.clear()
    monkeypatch.setattr(registry, "_extra", {**registry._extra, GAME_ID: RULES})
    monkeypatch.setattr(resolvers, "_registered", {**resolvers._registered, GAME_ID: resolve})
    return RULES
