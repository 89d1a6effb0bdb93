"""The conformance suite's driver (tests/conformance.py tells what the suite checks): cases, the
seeded random playout of a case with its checks at every step, the failure records, and the helpers
the checks share (the states they pick, rendering, comparing spaces)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import registry
from game.core.contract import Action, Game, Options, State, Transition
from game.core.flow import copy_json
from game.core.messages import Msg, text_of
from game.core.record import Record
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace, UnionSpace, listed
from game.core.stages import StagedGame
from physics import resolvers

FAILURES = Path(__file__).resolve().parent / ".failures"
MAX_ACTIONS = 5_000
STATES = 30
"""How many states (spread over a game) the expensive checks examine, beside the first of each
kind of decision."""
LEAK_STEPS = 60
"""How many steps (spread over a game) the leak check replays on resampled states."""
SAMPLES = 3
"""Resampled states per seat and per checked step."""
DESCRIBE = 40
"""Most listed actions described per state."""
CONTINUOUS_SAMPLES = 3
"""Intents sampled from a continuous space to describe and check."""


# --- cases, playouts and failure records --------------------------------------------------------


@dataclass(frozen=True)
class Case:
    game: Game
    options: Options
    seed: int
    actions: int | None = None
    """A short game: the playout stops after this many actions (tests/conformance_budget.py)."""

    @property
    def label(self) -> str:
        return case_label(self.options)

    @property
    def name(self) -> str:
        short = "" if self.actions is None else f"-short{self.actions}"
        return f"{self.game.info.id}-{self.label}-s{self.seed}{short}"


def case_label(options: Options) -> str:
    parts = [f"{options.players}p", "kids" if options.kids else "full"]
    parts += [f"{k}={v}" for k, v in sorted(options.variants.items())]
    return "-".join(parts)


def cases(games: list[Game], seeds: tuple[int, ...]) -> list[Case]:
    return [Case(game, options, seed) for game in games for options in game.option_sets() for seed in seeds]


@dataclass
class Playout:
    case: Case
    states: list[State]
    """Every state, the first to the last: ``states[i + 1]`` is ``steps[i].state``."""
    actions: list[Action]
    steps: list[Transition]

    @property
    def game(self) -> Game:
        return self.case.game

    @property
    def whole(self) -> bool:
        """The game was played to its end (not a short game stopped on the way)."""
        return self.game.is_over(self.states[-1])


def record_of(case: Case, actions: list[Action]) -> Record:
    return Record(case.game.info.id, case.game.version, case.options, case.seed, [a.to_json() for a in actions])


def write_failure(case: Case, check: str, actions: list[Action]) -> Path:
    """Write the record of the failing game (as far as it went) and return its path."""
    FAILURES.mkdir(parents=True, exist_ok=True)
    path = FAILURES / f"{case.game.info.id}-{case.label}-{check}-{case.seed}.json"
    path.write_text(json.dumps(record_of(case, actions).to_json(), indent=1, sort_keys=True) + "\n")
    return path


def replay_hint(game: Game, path: Path) -> str:
    known = {entry.id for entry in registry.entries() if entry.module}
    rules = "" if game.info.id in known else f" --rules {type(game).__module__}"
    return f"polar-table replay {path}{rules}"


@contextlib.contextmanager
def recorded(case: Case, check: str, actions: list[Action]) -> Iterator[None]:
    """On any failure inside, write the game's record and say where it is."""
    try:
        yield
    except Exception as exc:
        path = write_failure(case, check, actions)
        where = f"after {len(actions)} actions" if actions else "at the start"
        raise AssertionError(
            f"{case.name}: {check} failed {where}: {type(exc).__name__}: {exc}\n"
            f"  the game's record: {path}\n  open it with: {replay_hint(case.game, path)}"
        ) from exc


def resolver_of(game: Game) -> Any:
    resolver = resolvers.resolver_for(game.info.id)
    assert resolver is not None or not game.resolved, f"{game.info.id} has intents but no resolver registered"
    return resolver


def complete(game: Game, state: State, action: Action) -> Action:
    """An intent made full by the game's resolver (from the acting seat's view); others as they are."""
    if not game.needs_resolver(action):
        return action
    seat = state.to_act
    assert seat is not None
    full = resolver_of(game)(game, game.view(state, seat), action)
    assert game.intent(full) == action, f"the resolver changed the intent {action} into {game.intent(full)}"
    return full


def dumps(game: Game, state: State) -> str:
    return json.dumps(game.state_to_json(state), sort_keys=True)


_PLAYOUTS: dict[tuple[str, Options, int, int | None], Playout] = {}


def play(case: Case) -> Playout:
    """One seeded random game to its end, checked at every step (kept, so checks share it)."""
    key = (case.game.info.id, case.options, case.seed, case.actions)
    if key not in _PLAYOUTS:
        _PLAYOUTS[key] = _play(case)
    return _PLAYOUTS[key]


def _play(case: Case) -> Playout:
    game = case.game
    actions: list[Action] = []
    with recorded(case, "playout", actions):
        state = game.new_game(case.options, case.seed)
        out = Playout(case, [state], actions, [])
        components = game.components(state)
        rng = Rng.from_seed(case.seed)
        while not game.is_over(state) and (case.actions is None or len(actions) < case.actions):
            assert len(actions) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
            check_stack(game, state, case.options.players)
            space = game.space(state)
            assert not space.is_empty(), f"dead end: nothing to do for seat {state.to_act}"
            if space.finite:
                every = space.actions()
                assert len(set(every)) == len(every), "the legal actions list an action twice"
                for candidate in every[:: max(1, len(every) // 8)]:
                    assert game.is_legal(state, candidate), f"{candidate} is listed but is_legal refuses it"
            action = complete(game, state, space.sample(rng))
            again = game.action_from_json(json.loads(json.dumps(action.to_json())))
            assert again == action and type(again) is type(action), f"{action} does not survive JSON: {again}"
            before = dumps(game, state)
            try:
                step = game.advance(state, action)
            except Exception as exc:
                raise AssertionError(f"applying {json.dumps(action.to_json())} raised {type(exc).__name__}: {exc}"
                                     ) from exc
            assert dumps(game, state) == before, f"applying {action} changed the state it was given"
            assert game.components(step.state) == components, f"components changed after {action}"
            actions.append(action)
            out.steps.append(step)
            state = step.state
            out.states.append(state)
        check_stack(game, state, case.options.players)
    return out


def check_stack(game: Game, state: State, players: int) -> None:
    """``to_act`` is the top frame's seat; every frame names a seat at the table and holds JSON."""
    top = state.flow[-1].seat if state.flow else None
    assert state.to_act == top, f"to_act is {state.to_act} but the top frame's seat is {top}"
    assert (state.to_act is None) == game.is_over(state), "is_over disagrees with the prompt stack"
    for frame in state.flow:
        seats = [frame.seat, *frame.queue]
        assert all(isinstance(s, int) and 0 <= s < players for s in seats), f"frame {frame.name} names seats {seats}"
        assert json.loads(json.dumps(frame.data)) == frame.data, f"frame {frame.name} holds data that is not JSON"
        assert copy_json(frame.data) == frame.data
    if isinstance(game, StagedGame) and state.flow:
        for frame in state.flow:
            assert frame.name in game.stages, f"no stage for the frame {frame.name!r}"
        assert game.stages[state.flow[-1].name].auto is None, f"the automatic frame {state.flow[-1].name!r} is on top"


def spread(count: int, most: int = STATES) -> list[int]:
    """Up to ``most`` indices of ``range(count)`` spread evenly, the first and the last included."""
    if count <= most:
        return list(range(count))
    return sorted({round(i * (count - 1) / (most - 1)) for i in range(most)})


def picks(p: Playout, most: int = STATES, steps: bool = False) -> list[int]:
    """The states (or, with ``steps``, the steps) the expensive checks look at: a spread over the
    game, plus the first state of each kind of decision (top frame name and its depth), so that no
    kind of decision goes unchecked however rare it is."""
    count = len(p.steps) if steps else len(p.states)
    chosen = set(spread(count, most))
    kinds: set[tuple[str, int]] = set()
    for index in range(count):
        state = p.states[index]
        if state.flow:
            kind = (state.flow[-1].name, len(state.flow))
            if kind not in kinds:
                kinds.add(kind)
                chosen.add(index)
    return sorted(chosen)


def render(message: Msg | str, what: str) -> str:
    """A Msg rendered as the table renders it (``player`` filled in): it must be whole."""
    assert isinstance(message, (Msg, str)), f"{what} is a {type(message).__name__}, not a Msg"
    text = text_of(message, player="X")
    assert isinstance(text, str)
    assert "{" not in text and "}" not in text, f"{what} renders with a placeholder left: {text!r}"
    return text


def stack_of(state: State) -> list[tuple[str, int, list[int]]]:
    return [(f.name, f.seat, f.queue) for f in state.flow]


def signature(space: ActionSpace) -> Any:
    """What a space offers, comparable between a state and a view."""
    if isinstance(space, ContinuousSpace):
        return ("continuous", space.action_type, space.params, sorted(space.fixed.items()))
    if isinstance(space, UnionSpace):
        return ("union", [signature(p) for p in space.parts])
    if space.finite:
        return ("list", space.actions())
    return ("space", repr(space))


def sampled(space: ActionSpace, rng: Rng) -> list[Any]:
    """The listed members (some of them) and a few sampled ones: what to describe."""
    out = listed(space)[:DESCRIBE]
    if not space.finite:
        out += [space.sample(rng) for _ in range(CONTINUOUS_SAMPLES)]
    return out
