"""A tiny game on the real rules contract (Nim), so storage and CLI tests run whatever games are built.

``install(monkeypatch)`` registers it as game id "toy_nim" for one test.
"""

from __future__ import annotations

import sys
import types
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import flow, registry
from game.core.contract import Action, Game, GameInfo, Options, Result, State, Term
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events, Moved
from game.core.messages import Msg, msg, msg_n
from game.core.rng import Rng

GAME_ID = "toy_nim"


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    stones: int


@dataclass
class NimState(State):
    pile: int = 0
    players: int = 2
    taken: list[int] = field(default_factory=list)
    last: int | None = None
    turn: int = 0


class Nim(Game[NimState]):
    info = GameInfo(GAME_ID, "Toy Nim", 2, 4, "art/covers/toy.svg", chance=True)
    state_type = NimState
    action_types = (Take,)

    def deal(self, options: Options, rng: Rng) -> NimState:
        pile = 15 + rng.randbelow(10)
        state = NimState(rng, pile=pile, players=options.players, taken=[0] * options.players)
        flow.start(state, "take", 0)
        return state

    def legal_actions(self, state: NimState) -> list[Action]:
        if state.to_act is None:
            return []
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def step(self, state: NimState, action: Action, events: Events = NO_EVENTS) -> None:
        seat = state.to_act
        if not isinstance(action, Take) or seat is None:
            raise IllegalAction(msg("Take one, two or three stones."))
        if not 1 <= action.stones <= min(3, state.pile):
            raise IllegalAction(msg("Take one, two or three stones, and no more than the pile holds."))
        state.pile -= action.stones
        state.taken[seat] += action.stones
        state.last = seat
        state.turn += 1
        events.add(Moved(f"stones:{action.stones}", "pile", f"taken:{seat}"))
        if state.pile == 0:
            flow.finish(state)
        else:
            flow.start(state, "take", (seat + 1) % state.players)

    def view(self, state: NimState, seat: int) -> NimState:
        return self.clone(state)

    def result(self, state: NimState) -> Result:
        scores = tuple(1 if seat == state.last else 0 for seat in range(state.players))
        winners = (state.last,) if state.last is not None else ()
        over = state.to_act is None
        reason: Msg | str = msg("The last stone was taken.") if over else ""
        return Result(scores, winners, (Term("last", "Took the last stone"),), tuple({"last": s} for s in scores),
                      over, reason)

    def components(self, state: NimState) -> Counter[str]:
        return Counter({"stone": state.pile + sum(state.taken)})

    def describe(self, state: NimState, action: Action) -> Msg:
        assert isinstance(action, Take)
        return msg_n("takes {n} stone", "takes {n} stones", action.stones)

    def from_position(self, data: dict[str, Any]) -> NimState:
        """A position file is the state's JSON with ``"game"`` naming the game."""
        return self.state_from_json({k: v for k, v in data.items() if k != "game"})


RULES = Nim()


def install(monkeypatch) -> Nim:  # noqa: ANN001 - pytest's MonkeyPatch
    module = types.ModuleType("tests_toy_nim_rules")
    module.RULES = RULES  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    entry = registry.Entry(GAME_ID, "Toy Nim", "art/covers/toy.svg", module.__name__)
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, entry))
    return RULES
