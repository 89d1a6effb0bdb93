"""The conformance suite every game runs, in every player count, variant and kids' mode.

A ``Case`` is (game, options, seed). ``play(case)`` plays one seeded random game to its end through
the action space (``game.space(state).sample(rng)``; a continuous space is never listed, and an
intent is completed by the game's resolver from ``physics.resolvers``), checking every step on the
way: no dead end, no duplicate actions, ``apply`` never mutates its input, components conserved,
the stack sane. The playout is kept (one per case), and each ``check_*`` then examines its states:

- ``check_end``: the result is final, with winners and a breakdown that adds up; live results too,
  from the state and from every seat's view (a table shows the score its seat may see).
- ``check_flags``: GameInfo says the truth (no RNG use without ``chance``, equal views without
  ``hidden``, no resolver without ``physics``); action kinds are unique.
- ``check_round_trips``: JSON, ``clone`` (equal to a JSON round trip, and independent of the
  original), positions (``from_position(to_position(s))``; the RNG aside when the game sets
  ``positions_carry_rng = False``).
- ``check_views``: the acting seat's view offers the same legal space; for every seat,
  ``view(resample(view, seat, rng), seat) == view``, resampled states are full states (same
  components, same seat to act), and the easy and normal bots decide the same from either state.
- ``check_leaks``: a step without a barrier teaches its seat nothing: replayed on states resampled
  from that seat's view before the step, it gives the seat the same view and events after it. What a
  step reveals to some seats only leaves every other seat the same frames' data in states resampled
  from its view (the cards a peek shows are a stage's ``private`` keys), and those keys are HIDDEN to
  every seat but the frame's, whose views do not change with them.
- ``check_log_privacy``: a log line a seat may read (``log_audience``) tells it nothing its view
  does not: two legal actions whose lines differ must leave that seat different views.
- ``check_prompts``: every seat's prompt (waiting for the others), every Msg renders with
  ``player`` (a kids' picture is a known one, its words a few); the choices and buttons are legal
  and every listed legal action is offered;
  ``describe`` and ``targets`` work for every listed action (sampled ones in a continuous space)
  and for every step taken; events filter per seat.
- ``check_undo``: through a ``History``, ``can_undo`` agrees with the barrier and the seat change,
  an undo gives back the state before, and a barrier is set whenever the events reveal or the
  RNG moved.
- ``check_replay``: the record, through JSON, replays to the same states, with the resolver made to
  raise (replay never runs physics).
- ``check_illegal``: actions legal elsewhere, out-of-bounds parameters, bare intents, foreign
  objects and moves after the end are refused with a sentence.
- ``check_bots``: every level chooses legal actions, at every kind of decision.

Any failure writes the record of the game so far to ``tests/.failures/<game>-<case>-<seed>.json``
(``FAILURES``) and names it in the message: ``polar-table replay FILE`` opens it (a toy game's with
``--rules <its module>``). Budgets (``STATES``, ``SAMPLES``...) keep long games fast: the expensive
checks look at a spread of states, not at all of them. What each game plays in `make test` (seeds,
short games: ``Case.actions``) is set in tests/conformance_budget.py.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import registry
from game.core.bots import LEVELS, decide
from game.core.codec import to_data
from game.core.contract import HIDDEN, Action, Game, Options, State, Transition
from game.core.errors import IllegalAction
from game.core.events import Revealed, for_seat
from game.core.flow import copy_json
from game.core.history import History
from game.core.messages import Msg, text_of
from game.core.prompt import PICTURES
from game.core.record import Record, loads
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace, UnionSpace, listed
from game.core.stages import StagedGame, hidden_like
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


# --- the checks -----------------------------------------------------------------------------------


def check_end(p: Playout) -> None:
    """The result at the end (a short game has none: the live results on the way only)."""
    game, final = p.game, p.states[-1]
    with recorded(p.case, "result", p.actions):
        turns = [game.turns(state) for state in p.states]
        assert all(a <= b for a, b in zip(turns, turns[1:])), "the count of turns went down"
        for index in spread(len(p.states) - (1 if p.whole else 0), 4):
            live = game.result(p.states[index])
            assert not live.final, f"the result of a game still going on is final (state {index})"
            check_result(game, p.case.options, live)
        for index in picks(p):
            for seat in range(p.case.options.players):
                live = game.result(game.view(p.states[index], seat))  # a table scores what its seat sees
                assert live.final == game.is_over(p.states[index])
                check_result(game, p.case.options, live)
        if p.case.actions is not None and not p.whole:
            return
        assert game.is_over(final) and game.space(final).is_empty()
        result = game.result(final)
        assert result.final, "the result of a finished game is not final"
        assert result.winners, "a finished game has no winner"
        render(result.reason, "the result's reason")
        assert text_of(result.reason).strip(), "a finished game does not say why it ended"
        check_result(game, p.case.options, result)
        json.dumps(result.to_json())


def check_result(game: Game, options: Options, result: Any) -> None:
    players = options.players
    assert len(result.scores) == players and len(result.breakdown) == players
    assert set(result.winners) <= set(range(players)), f"winners {result.winners} are not seats"
    assert len(set(result.winners)) == len(result.winners)
    keys = {t.key for t in result.terms}
    for seat, row in enumerate(result.breakdown):
        assert sum(row.values()) == result.scores[seat], f"seat {seat}'s breakdown does not add up to its score"
        assert set(row) <= keys, f"seat {seat}'s breakdown has terms {set(row) - keys} the result does not list"


def check_flags(p: Playout) -> None:
    """GameInfo's flags, which the shell reads instead of probing, say the truth."""
    game, info = p.game, p.game.info
    with recorded(p.case, "flags", p.actions):
        kinds = [t.kind for t in game.action_types]
        assert all(kinds) and len(set(kinds)) == len(kinds), f"action kinds must be unique and set: {kinds}"
        assert bool(game.resolved) == info.physics, "GameInfo.physics and Game.resolved disagree"
        for intent, full in game.resolved.items():
            assert intent in game.action_types and full in game.action_types
        for index, step in enumerate(p.steps):
            if not info.chance:
                assert step.state.rng == p.states[index].rng, f"step {index} drew from the RNG of a game without chance"
                assert not any(e.kind == "shuffled" for e in step.events), "a game without chance shuffled"
            assert type(p.actions[index]) in game.action_types
        if not info.chance:
            seeds = (p.case.seed, p.case.seed + 1)
            one, two = (game.state_to_json(game.new_game(p.case.options, seed)) for seed in seeds)
            one.pop("rng", None)
            two.pop("rng", None)
            assert one == two, "two seeds set up different games, yet GameInfo.chance is False"
        if not info.hidden or not info.hands_over:
            for index in spread(len(p.states)):
                state = p.states[index]
                views = {dumps(game, game.view(state, s)) for s in range(p.case.options.players)}
                assert len(views) == 1, (f"the seats' views differ (state {index}) in a game without hidden "
                                         "information, or one whose hidden things nobody sees (GameInfo.private)")


def check_round_trips(p: Playout) -> None:
    game = p.game
    keeps_rng = game.positions_carry_rng
    for index in picks(p):
        state = p.states[index]
        with recorded(p.case, "round-trips", p.actions[:index]):
            text = dumps(game, state)
            again = game.state_from_json(json.loads(text))
            assert dumps(game, again) == text, "a JSON round trip changes the state's JSON"
            assert again == state, "a JSON round trip gives a state that is not equal"
            copy = game.clone(state)
            assert copy == again, "clone(state) differs from a JSON round trip"
            assert type(copy) is type(state)
            scramble(copy)
            assert dumps(game, state) == text, "changing a clone changed the original: clone shares a part"
            position = json.loads(json.dumps(game.to_position(state)))
            back = game.from_position(position)
            want, got = game.state_to_json(state), game.state_to_json(back)
            if not keeps_rng:
                want.pop("rng", None)
                got.pop("rng", None)
            assert json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True), (
                "from_position(to_position(state)) is not the state"
            )


def scramble(value: Any, seen: set[int] | None = None) -> None:
    """Change every mutable part of ``value`` in place (to show what a clone shares)."""
    seen = set() if seen is None else seen
    if id(value) in seen or value is None or isinstance(value, (bool, int, float, str)):
        return
    seen.add(id(value))
    if isinstance(value, list):
        for item in value:
            scramble(item, seen)
        value.append(value[0] if value else 0)
        value.reverse()
    elif isinstance(value, dict):
        for item in value.values():
            scramble(item, seen)
        with contextlib.suppress(TypeError):  # a FrozenDict cannot change, so it need not be copied
            value["scrambled"] = 1
    elif isinstance(value, (tuple, frozenset)):
        for item in value:
            scramble(item, seen)
    elif isinstance(value, set):
        value.add("scrambled")
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            scramble(item, seen)
            if frozen:
                continue
            if isinstance(item, bool):
                setattr(value, f.name, not item)
            elif isinstance(item, (int, float)):
                setattr(value, f.name, item + 1)
            elif isinstance(item, str):
                setattr(value, f.name, item + "~")


def check_views(p: Playout) -> None:
    game, players = p.game, p.case.options.players
    rng = Rng.from_seed(p.case.seed * 7919 + 1)
    resolver = resolvers.resolver_for(game.info.id)
    for index in picks(p, steps=True):
        state = p.states[index]
        actor = state.to_act
        with recorded(p.case, "views", p.actions[:index]):
            assert actor is not None
            components = game.components(state)
            for seat in range(players):
                view = game.view(state, seat)
                text = dumps(game, view)
                assert dumps(game, game.view(state, seat)) == text, "view is not a function of the state"
                assert stack_of(view) == stack_of(state), "a view changes the prompt stack (only frames' data may hide)"
                if seat == actor:
                    assert signature(game.space(view)) == signature(game.space(state)), (
                        "the acting seat's view offers other legal actions than the state"
                    )
                for _ in range(SAMPLES):
                    world = game.resample(view, seat, rng)
                    assert dumps(game, game.view(world, seat)) == text, (
                        f"view(resample(view, {seat}), {seat}) is not the view: resample is not consistent with it"
                    )
                    assert world.to_act == state.to_act
                    assert game.components(world) == components, "a resampled state is not a whole game"
                    assert game.state_from_json(json.loads(dumps(game, world))) == world
                    if seat == actor:
                        assert signature(game.space(world)) == signature(game.space(state))
                        for level in ("easy", "normal"):
                            seed = p.case.seed * 1_000 + index
                            mine = decide(game, state, level, seed, budget=10.0, resolver=resolver)
                            theirs = decide(game, world, level, seed, budget=10.0, resolver=resolver)
                            assert mine == theirs, (
                                f"the {level} bot decides differently in a state that differs only in what "
                                f"seat {seat} cannot see: {mine} / {theirs}"
                            )


def check_leaks(p: Playout) -> None:
    """A step must not teach its acting seat anything hidden unless a ``Revealed`` event tells it.

    For each checked step whose seat receives no ``Revealed`` (every step without a barrier, and
    barrier steps that only drew from the RNG or revealed things to others), the state before it is
    resampled from the acting seat's view and the same action applied: the seat's view and events
    after it must be the same as in the game. A step without a barrier must also be legal and stay
    without a barrier in every sample: that is what makes undo safe.

    Only the acting seat is checked this way: another seat's resampled states do not know what the
    actor knew, so the same action can mean something else there (a toggle of a hidden mark)."""
    game = p.game
    rng = Rng.from_seed(p.case.seed * 104_729 + 3)
    for index in picks(p, LEAK_STEPS, steps=True):
        state, action, step = p.states[index], p.actions[index], p.steps[index]
        actor = state.to_act
        assert actor is not None
        told = for_seat(step.events, actor)
        if any(isinstance(e, Revealed) for e in told):
            continue
        with recorded(p.case, "leaks", p.actions[: index + 1]):
            after = dumps(game, game.view(step.state, actor))
            heard = to_data(list(told))
            before = game.view(state, actor)
            for _ in range(SAMPLES):
                world = game.resample(before, actor, rng)
                assert game.is_legal(world, action), f"{action} is not legal in a state resampled from its seat's view"
                other = game.advance(world, action)
                if not step.barrier:
                    assert not other.barrier, f"{action} is a barrier in a resampled state but not in the game"
                assert dumps(game, game.view(other.state, actor)) == after, (
                    f"seat {actor} learns something hidden from {action} (its view after it depends on what it "
                    "could not see), yet no Revealed event tells it so (and the step is "
                    f"{'a barrier' if step.barrier else 'no barrier: undo would show it'})"
                )
                assert to_data(list(for_seat(other.events, actor))) == heard, (
                    f"the events of {action} tell seat {actor} something hidden, yet no Revealed event tells it so"
                )
    check_private_reveals(p)
    check_private_frames(p)


def frames_data(game: Game, state: State, seat: int) -> list[Any]:
    return [frame.data for frame in game.view(state, seat).flow]


def check_private_reveals(p: Playout) -> None:
    """What a step reveals to some seats only (a peek) stays theirs: for every seat the reveal is not
    for, the frames' data it sees after the step are the same in every state it could not tell from the
    game's before it (resampled from its view), so a frame holding the revealed cards must declare
    them ``private`` (a stage's data keys, hidden by the core)."""
    game, players = p.game, p.case.options.players
    rng = Rng.from_seed(p.case.seed * 15_485_863 + 5)
    private = [i for i, step in enumerate(p.steps)
               if any(isinstance(e, Revealed) and e.to is not None for e in step.events)]
    for index in [private[i] for i in spread(len(private), LEAK_STEPS)]:
        state, action, step = p.states[index], p.actions[index], p.steps[index]
        with recorded(p.case, "private reveals", p.actions[: index + 1]):
            for seat in range(players):
                if seat == state.to_act or any(isinstance(e, Revealed) for e in for_seat(step.events, seat)):
                    continue
                after = frames_data(game, step.state, seat)
                before = game.view(state, seat)
                for _ in range(SAMPLES):
                    world = game.resample(before, seat, rng)
                    if not game.is_legal(world, action):
                        continue
                    assert frames_data(game, game.advance(world, action).state, seat) == after, (
                        f"seat {seat} sees in the frames' data after {action} what was revealed to others only "
                        "(a stage's private keys name what only the frame's seat may see)"
                    )


def check_private_frames(p: Playout) -> None:
    """A stage's ``private`` data keys are HIDDEN to every seat but the frame's, and a state whose
    private data differ gives those seats the same view."""
    game, players = p.game, p.case.options.players
    if not isinstance(game, StagedGame):
        return
    for index in picks(p):
        state = p.states[index]
        keyed = [(i, frame, game.stages[frame.name].private) for i, frame in enumerate(state.flow)
                 if game.stages[frame.name].private]
        if not keyed:
            continue
        with recorded(p.case, "private frames", p.actions[:index]):
            other = game.clone(state)
            for i, frame, keys in keyed:
                data = copy_json(frame.data)
                for key in keys:
                    if key in data:
                        value = data[key]  # other values, none a real one
                        data[key] = [HIDDEN - 1 - n for n in range(len(value))] if isinstance(value, list) \
                            else HIDDEN - 1
                other.flow[i] = dataclasses.replace(frame, data=data)
            for seat in range(players):
                view = game.view(state, seat)
                for i, frame, keys in keyed:
                    if frame.seat == seat:
                        continue
                    for key in keys:
                        if key in frame.data:
                            assert view.flow[i].data[key] == hidden_like(frame.data[key]), (
                                f"seat {seat} sees the private {key!r} of seat {frame.seat}'s frame {frame.name!r}"
                            )
                if all(frame.seat != seat for _i, frame, _k in keyed):
                    assert dumps(game, game.view(other, seat)) == dumps(game, view), (
                        f"seat {seat}'s view changes with another seat's private frame data"
                    )


def check_log_privacy(p: Playout) -> None:
    game, players = p.game, p.case.options.players
    for index in picks(p, steps=True):
        state = p.states[index]
        actor = state.to_act
        space = game.space(state)
        if actor is None or not space.finite:
            continue
        actions = space.actions()[:DESCRIBE]
        with recorded(p.case, "log privacy", p.actions[:index]):
            lines = {a: text_of(game.describe(state, a)) for a in actions}
            afters = {a: game.apply(state, a, check=False) for a in actions if not game.needs_resolver(a)}
            for seat in range(players):
                if seat == actor:
                    continue
                seen: dict[str, tuple[Action, str]] = {}
                for action, after in afters.items():
                    audience = game.log_audience(state, action)
                    if audience is not None and seat not in audience:
                        continue
                    view = dumps(game, game.view(after, seat))
                    other = seen.setdefault(view, (action, lines[action]))
                    assert other[1] == lines[action], (
                        f"seat {seat} reads {lines[action]!r} and {other[1]!r} in the log, though its view cannot "
                        f"tell {action} from {other[0]}: the line tells it something hidden (see log_audience)"
                    )


def check_prompts(p: Playout) -> None:
    game, players = p.game, p.case.options.players
    rng = Rng.from_seed(p.case.seed + 17)
    for index in picks(p):
        state = p.states[index]
        actor = state.to_act
        with recorded(p.case, "prompts", p.actions[:index]):
            for seat in range(players):
                view = game.view(state, seat)
                prompt = game.prompt(view, seat)
                if actor is None:
                    assert prompt.seat is None, "a finished game still asks someone"
                    render(prompt.text, "the prompt after the end")
                    continue
                assert prompt.seat == actor, f"seat {seat}'s prompt says seat {prompt.seat} decides, not {actor}"
                assert prompt.frame in ("", state.flow[-1].name), f"the prompt names the frame {prompt.frame!r}"
                if seat != actor:
                    assert not prompt.choices and not [b for b in prompt.buttons if b.enabled], (
                        f"seat {seat} is offered actions while seat {actor} decides"
                    )
                    assert render(prompt.waiting or prompt.text, "the waiting sentence").strip()
                    continue
                check_own_prompt(game, state, view, prompt, rng)
        if index < len(p.actions):
            with recorded(p.case, "describe", p.actions[: index + 1]):
                check_step_words(game, p, index)


def check_own_prompt(game: Game, state: State, view: State, prompt: Any, rng: Rng) -> None:
    render(prompt.text, "the prompt")
    if prompt.waiting:
        render(prompt.waiting, "the waiting sentence")
    assert prompt.picture in ("", *PICTURES), f"the kids' picture {prompt.picture!r} is not one of {PICTURES}"
    if prompt.short:
        assert len(render(prompt.short, "the kids' words").split()) <= 5, "kids' words are a very few words"
    space = game.space(state)
    offered = prompt.actions()
    for choice in prompt.choices:
        render(choice.label, f"the label of {choice.action}")
        assert all(isinstance(t, str) and t for t in choice.targets), f"{choice.action} has bad targets"
    for button in prompt.buttons:
        render(button.label, f"the button {button.name}")
        assert button.name
    for action in offered:
        assert space.contains(action) and game.is_legal(state, action), f"the prompt offers {action}, not legal"
    if space.finite:
        missing = [a for a in space.actions() if a not in offered]
        assert not missing, f"legal actions missing from the prompt: {missing[:5]}"
    else:
        assert prompt.space is not None and signature(prompt.space) == signature(space), (
            "a continuous decision's prompt does not carry its space"
        )
        missing = [a for a in listed(space) if a not in offered]
        assert not missing, f"listed actions missing from the prompt: {missing[:5]}"
    for action in sampled(space, rng):
        for where in (view, state):
            line = render(game.describe(where, action), f"describe({action})")
            assert line.strip(), f"describe({action}) is empty"
        targets = game.targets(view, action)
        assert isinstance(targets, tuple) and all(isinstance(t, str) for t in targets)


def check_step_words(game: Game, p: Playout, index: int) -> None:
    state, action, step = p.states[index], p.actions[index], p.steps[index]
    actor = state.to_act
    assert actor is not None
    for where in (state, game.view(state, actor)):
        assert render(game.describe(where, action), f"describe({action})").strip()
    audience = game.log_audience(state, action)
    if audience is not None:
        assert actor in audience and all(0 <= s < p.case.options.players for s in audience), (
            f"the log line of {action} is for seats {audience}: its own seat must read it, and only seats at the table"
        )
    json.dumps(to_data(list(step.events)))
    for seat in [*range(p.case.options.players), None]:
        for event in for_seat(step.events, seat):
            json.dumps(to_data(event))
            text = getattr(event, "text", None)
            if text is not None:
                render(text, f"the log line of {event}")


def check_undo(p: Playout) -> None:
    game = p.game
    history = History.start(game, p.case.options, p.case.seed)
    for index, action in enumerate(p.actions):
        with recorded(p.case, "undo", p.actions[: index + 1]):
            actor = history.state.to_act
            history.push(action)
            step = p.steps[index]
            assert dumps(game, history.state) == dumps(game, step.state), "History plays differently from advance"
            assert history.barriers[-1] == step.barrier
            if any(e.barrier for e in step.events) or step.state.rng != p.states[index].rng:
                assert step.barrier, "a step that revealed something or drew from the RNG is not a barrier"
            expected = not step.barrier and actor == step.state.to_act
            assert history.can_undo() == expected, (
                f"can_undo is {history.can_undo()} after {action} (barrier {step.barrier}, "
                f"seat {actor} -> {step.state.to_act})"
            )
            if expected:
                assert history.undo() == action
                assert dumps(game, history.state) == dumps(game, p.states[index]), "undo does not restore the state"
                history.push(action)
    with recorded(p.case, "undo", p.actions):
        again = History.from_record(loads(json.dumps(history.record.to_json())))
        assert dumps(game, again.state) == dumps(game, p.states[-1]), "the History's record replays differently"


class _NoPhysics:
    def __call__(self, *args: Any) -> Any:
        raise AssertionError("replay ran the physics resolver")


@contextlib.contextmanager
def physics_off(game: Game) -> Iterator[None]:
    """Make the game's resolver raise while inside (replay must not need it)."""
    old = resolvers.resolver_for(game.info.id)
    resolvers.register(game.info.id, _NoPhysics())
    try:
        yield
    finally:
        if old is None:
            resolvers.unregister(game.info.id)
        else:
            resolvers.register(game.info.id, old)


def check_replay(p: Playout) -> None:
    game = p.game
    with recorded(p.case, "replay", p.actions), physics_off(game):
        text = json.dumps(record_of(p.case, p.actions).to_json())
        again = History.from_record(Record.from_json(json.loads(text)), keep_all=True)
        assert len(again.states) == len(p.states)
        for index in spread(len(p.states)):
            assert dumps(game, again.states[index]) == dumps(game, p.states[index]), f"replay differs at state {index}"
        assert again.barriers == [s.barrier for s in p.steps], "replay finds other undo barriers"


class _Foreign(Action):
    kind = "not-an-action-of-any-game"


def refused(game: Game, state: State, action: Any) -> None:
    try:
        game.advance(state, action)
    except IllegalAction as exc:
        assert str(exc).strip(), f"{action} is refused without a sentence"
        render(exc.message, f"the refusal of {action}")
    else:
        raise AssertionError(f"{action} was applied though it is not legal")


def out_of_bounds(space: ContinuousSpace, rng: Rng) -> list[Any]:
    base = space.sample(rng)
    out = []
    for param in space.params:
        for bad in (param.high + abs(param.high - param.low) + 1.0, math.nan):
            out.append(dataclasses.replace(base, **{param.name: bad}))
    return out


def check_illegal(p: Playout) -> int:
    """Actions legal elsewhere in the game are refused with a sentence where they are not."""
    game = p.game
    rng = Rng.from_seed(p.case.seed + 5)
    seen: list[Any] = []
    count = 0
    for index in picks(p):
        state = p.states[index]
        with recorded(p.case, "illegal", p.actions[:index]):
            refused(game, state, _Foreign())
            count += 1
            if game.is_over(state):
                for action in p.actions[-3:]:
                    refused(game, state, action)
                    count += 1
                continue
            space = game.space(state)
            for candidate in seen[-40:]:
                if not game.is_legal(state, candidate):
                    refused(game, state, candidate)
                    count += 1
            if p.actions[index:index + 1] and game.intent(p.actions[index]) is not None:
                refused(game, state, game.intent(p.actions[index]))  # a bare intent needs its physics
                count += 1
            parts = space.parts if isinstance(space, UnionSpace) else (space,)
            for part in parts:
                if isinstance(part, ContinuousSpace):
                    for bad in out_of_bounds(part, rng):
                        assert not space.contains(bad)
                        refused(game, state, bad)
                        count += 1
            seen.extend(listed(space)[:20])
            if index < len(p.actions):
                seen.append(p.actions[index])
    return count


def check_bots(p: Playout, budget: float = 0.05) -> None:
    """Every level chooses a legal action from its seat's view, at states spread over the game: easy
    and normal at each, hard (within a short budget) at the first state of each kind of decision."""
    game = p.game
    resolver = resolvers.resolver_for(game.info.id)
    kinds: set[tuple[str, int]] = set()
    for index in picks(p, steps=True):
        state = p.states[index]
        assert state.flow
        kind = (state.flow[-1].name, len(state.flow))
        levels = LEVELS if kind not in kinds else tuple(level for level in LEVELS if level != "hard")
        kinds.add(kind)
        with recorded(p.case, "bots", p.actions[:index]):
            for level in levels:
                action = decide(game, state, level, p.case.seed * 31 + index, budget=budget, resolver=resolver)
                assert game.is_legal(state, action), f"the {level} bot chose an illegal action: {action}"
                game.advance(state, action)
