"""The conformance checks of what the rules themselves say and keep (tests/conformance.py tells what
each checks): the result, GameInfo's flags, JSON, clone and position round trips, undo through a
History, replay without physics, refusals of illegal actions, and the bots."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import math
from collections.abc import Iterator
from typing import Any

from game.core.bots import LEVELS, decide
from game.core.contract import Action, Game, Options, State
from game.core.errors import IllegalAction
from game.core.history import History
from game.core.messages import text_of
from game.core.record import Record, loads
from game.core.rng import Rng
from game.core.spaces import ContinuousSpace, UnionSpace, listed
from physics import resolvers
from tests.conformance_playout import (
    Playout,
    dumps,
    picks,
    record_of,
    recorded,
    render,
    spread,
)

# --- results, flags and round trips ------------------------------------------------------------


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


# --- undo and replay ----------------------------------------------------------------------------


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


# --- refusals and bots --------------------------------------------------------------------------


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
