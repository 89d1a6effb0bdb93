"""A tiny game on the real rules contract (Nim), so storage and CLI tests run whatever games are built.

``install(monkeypatch)`` registers it as game id "toy_nim" for one test.
"""

from __future__ import annotations

import sys
import types
from collections import Counter
from dataclasses import dataclass

from game.core import registry
from game.core.contract import Action, Game, GameInfo, Options, Result, State, Term
from game.core.rng import Rng

GAME_ID = "toy_nim"


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    stones: int


@dataclass
class NimState(State):
    pile: int
    players: int
    taken: list[int]
    last: int | None = None
    turn: int = 0


class Nim(Game[NimState]):
    info = GameInfo(GAME_ID, "Toy Nim", 2, 4, "art/covers/toy.svg")
    state_type = NimState
    action_types = (Take,)

    def new_game(self, options: Options, seed: int) -> NimState:
        rng = Rng.from_seed(seed)
        pile = 15 + rng.randbelow(10)
        return NimState(0, rng, pile, options.players, [0] * options.players)

    def legal_actions(self, state: NimState) -> list[Action]:
        if state.to_act is None:
            return []
        return [Take(n) for n in range(1, min(3, state.pile) + 1)]

    def step(self, state: NimState, action: Action) -> None:
        self.check_legal(state, action)
        assert isinstance(action, Take) and state.to_act is not None
        state.pile -= action.stones
        state.taken[state.to_act] += action.stones
        state.last = state.to_act
        state.turn += 1
        state.to_act = None if state.pile == 0 else (state.to_act + 1) % state.players

    def view(self, state: NimState, seat: int) -> NimState:
        return state

    def result(self, state: NimState) -> Result:
        scores = tuple(1 if seat == state.last else 0 for seat in range(state.players))
        winners = (state.last,) if state.last is not None else ()
        return Result(scores, winners, (Term("last", "Took the last stone"),), tuple({"last": s} for s in scores),
                      state.to_act is None)

    def components(self, state: NimState) -> Counter[str]:
        return Counter({"stone": state.pile + sum(state.taken)})

    def describe(self, state: NimState, action: Action) -> str:
        assert isinstance(action, Take)
        return f"takes {action.stones} stone(s)"


RULES = Nim()


def install(monkeypatch) -> Nim:  # noqa: ANN001 - pytest's MonkeyPatch
    module = types.ModuleType("tests_toy_nim_rules")
    module.RULES = RULES  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    entry = registry.Entry(GAME_ID, "Toy Nim", "art/covers/toy.svg", module.__name__)
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, entry))
    return RULES
