"""The conformance checks of what each seat sees (tests/conformance.py tells what each checks): views
and resampled states, leaks through a step, reveals and frames' data private to some seats, the
log's privacy, and every seat's prompt with the words of every step."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from game.core.bots import decide
from game.core.codec import to_data
from game.core.contract import HIDDEN, Action, Game, State
from game.core.events import Revealed, for_seat
from game.core.flow import copy_json
from game.core.messages import text_of
from game.core.prompt import PICTURES
from game.core.rng import Rng
from game.core.spaces import listed
from game.core.stages import StagedGame, hidden_like
from physics import resolvers
from tests.conformance_playout import (
    DESCRIBE,
    LEAK_STEPS,
    SAMPLES,
    Playout,
    dumps,
    picks,
    recorded,
    render,
    sampled,
    signature,
    spread,
    stack_of,
)


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
        keyed = [(i, frame, keys) for i, frame in enumerate(state.flow)
                 if (keys := [k for k in game.stages[frame.name].private_keys(state, frame) if k in frame.data])]
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
                    for shown, given in zip(view.flow[i].answers, frame.answers, strict=True):
                        if given["seat"] != seat:
                            assert shown["answer"] == hidden_like(given["answer"]), (
                                f"seat {seat} sees seat {given['seat']}'s private answer in the frame {frame.name!r}"
                            )
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
