"""Playthroughs (after OpenSpiel's): one seeded game per file, every step written out, so that any
change in a game's behaviour shows up as a diff to review.

A file ``tests/playthroughs/<game>-<players>p-s<seed>.txt`` holds a header of game facts, then for
each step::

    # step 12 seat 2 frame regroup.discard
    stack: action(2) > regroup.discard(2)
    legal: 14                      (or "legal: continuous")
    view 0: 3f2a9c1b0e             (a short hash of each seat's view)
    ...
    events: moved card:17 hand:2 -> discard; scored 2 +3 height
    describe: discards the walrus
    action: {"card": 17, "kind": "discard"}

and the result at the end. The game is played by ``Rng.from_seed(seed)`` drawing each action from
the legal space (``space.sample``); an intent is completed by the game's resolver when the file is
made, and by the outcome recorded in the file when it is checked (a physics outcome is like a
chance outcome: it lives in the action), so checking never depends on floating-point physics.

``tests/test_playthroughs.py`` regenerates every file in memory and compares them line by line.
After an intended change of behaviour, rewrite them and review the diff::

    .venv/bin/python -m tests.playthroughs.regenerate          # every playthrough
    .venv/bin/python -m tests.playthroughs.regenerate toy_coin # one game's
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core import i18n, registry
from game.core.codec import to_data
from game.core.contract import Action, Game, Options, State
from game.core.events import Event, for_seat
from game.core.messages import text_of
from game.core.rng import Rng

FOLDER = Path(__file__).resolve().parent
MAX_STEPS = 3_000


@dataclass(frozen=True)
class Spec:
    game: str
    players: int
    seed: int
    module: str = ""
    """The module to import so that the game (and its resolver) is registered (the toys')."""
    variants: tuple[tuple[str, str], ...] = ()
    """Variant choices other than the defaults (a long game's short length)."""

    @property
    def path(self) -> Path:
        return FOLDER / f"{self.game}-{self.players}p-s{self.seed}.txt"

    def options(self, game: Game) -> Options:
        base = game.default_options(self.players)
        return dataclasses.replace(base, variants={**base.variants, **dict(self.variants)})


SPECS = (
    Spec("toy_interrupt", 2, 1, "tests.toys.interrupt"),
    Spec("toy_interrupt", 4, 7, "tests.toys.interrupt"),
    Spec("toy_fanout", 3, 1, "tests.toys.fanout"),
    Spec("toy_fanout", 4, 5, "tests.toys.fanout"),
    Spec("toy_chain", 3, 2, "tests.toys.chain"),
    Spec("toy_chain", 4, 9, "tests.toys.chain"),
    Spec("toy_coin", 2, 1, "tests.toys.coin_physics"),
    Spec("toy_coin", 3, 4, "tests.toys.coin_physics"),
    Spec("borealis", 2, 3),
    Spec("borealis", 4, 7),
    Spec("iluliaq", 2, 3),
    Spec("iluliaq", 5, 7),
    Spec("iceflow", 2, 3, variants=(("length", "short"),)),
    Spec("iceflow", 4, 7, variants=(("length", "short"),)),
    Spec("ilan", 2, 3),
    Spec("ilan", 5, 7),
)

Resolve = Callable[[int, Game, State, Action], Action]
"""(step index, game, the acting seat's view, intent) -> the full action."""


def rules(spec: Spec) -> Game:
    if spec.module:
        importlib.import_module(spec.module)
    return registry.get(spec.game)


def short_hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def event_text(event: Event) -> str:
    kind = event.kind or type(event).__name__.lower()
    if kind == "moved":
        return f"moved {event.thing} {event.source} -> {event.target}"  # type: ignore[attr-defined]
    if kind == "revealed":
        return f"revealed {event.thing} at {event.place}"  # type: ignore[attr-defined]
    if kind == "shuffled":
        return f"shuffled {event.place}"  # type: ignore[attr-defined]
    if kind == "scored":
        return f"scored {event.seat} {event.points:+d} {event.term}".rstrip()  # type: ignore[attr-defined]
    if kind == "logged":
        return f"logged {text_of(event.text)!r}"  # type: ignore[attr-defined]
    if kind == "changed":
        return f"changed {event.thing} = {json.dumps(to_data(event.value))}"  # type: ignore[attr-defined]
    return f"{kind} {json.dumps(to_data(event), sort_keys=True)}"


def header(game: Game, options: Options, seed: int) -> list[str]:
    info = game.info
    flags = [name for name in ("hidden", "chance", "physics") if getattr(info, name)] or ["none"]
    state = game.new_game(options, seed)
    components = game.components(state)
    return [
        "# Polar Table playthrough; after an intended change: python -m tests.playthroughs.regenerate",
        f"game: {info.id} ({info.name}) version {game.version}",
        f"players: {options.players} (of {info.min_players} to {info.max_players})",
        f"options: {json.dumps(to_data(options), sort_keys=True)}",
        f"seed: {seed}",
        f"flags: {' '.join(flags)}",
        f"action kinds: {' '.join(t.kind for t in game.action_types)}",
        f"components: {sum(components.values())} pieces of {len(components)} kinds, "
        f"hash {short_hash(sorted(components.items()))}",
        f"start: {short_hash(game.state_to_json(state))}",
    ]


def generate(game: Game, options: Options, seed: int, resolve: Resolve) -> list[str]:
    """The playthrough's lines: a seeded random game through the legal space."""
    i18n.set_language("en")
    lines = header(game, options, seed)
    state = game.new_game(options, seed)
    rng = Rng.from_seed(seed)
    step = 0
    while not game.is_over(state):
        if step >= MAX_STEPS:
            lines.append(f"# no end after {MAX_STEPS} steps")
            return lines
        seat = state.to_act
        assert seat is not None and state.frame is not None
        space = game.space(state)
        lines.append(f"# step {step} seat {seat} frame {state.frame.name}")
        lines.append("stack: " + " > ".join(f"{f.name}({f.seat}{'+' + ','.join(map(str, f.queue)) if f.queue else ''})"
                                             for f in state.flow))
        lines.append(f"legal: {space.count()}" if space.finite else "legal: continuous")
        for other in range(options.players):
            lines.append(f"view {other}: {short_hash(game.state_to_json(game.view(state, other)))}")
        action = space.sample(rng)
        if game.needs_resolver(action):
            action = resolve(step, game, game.view(state, seat), action)
        describe = text_of(game.describe(state, action))
        transition = game.advance(state, action)
        events = "; ".join(event_text(e) for e in for_seat(transition.events, None))
        lines.append(f"events: {events}" if events else "events: none")
        if transition.barrier:
            lines.append("barrier")
        lines.append(f"describe: {describe}")
        lines.append(f"action: {json.dumps(action.to_json(), sort_keys=True)}")
        state = transition.state
        step += 1
    result = game.result(state)
    lines.append(f"# end after {step} steps")
    lines.append(f"reason: {text_of(result.reason)}")
    lines.append(f"scores: {list(result.scores)} winners: {list(result.winners)}")
    for seat, row in enumerate(result.breakdown):
        lines.append(f"breakdown {seat}: {json.dumps(row, sort_keys=True)}")
    return lines


def with_physics(step: int, game: Game, view: State, intent: Action) -> Action:
    """Complete an intent with the game's resolver (when a playthrough is made)."""
    from physics import resolvers

    resolver = resolvers.resolver_for(game.info.id)
    if resolver is None:
        raise LookupError(f"{game.info.id} has no resolver registered: import its physics module")
    return resolver(game, view, intent)


def recorded_actions(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line[len("action: "):]) for line in lines if line.startswith("action: ")]


def from_file(lines: list[str]) -> Resolve:
    """Complete an intent with the outcome recorded at the same step of a playthrough's lines."""
    actions = recorded_actions(lines)

    def resolve(step: int, game: Game, view: State, intent: Action) -> Action:
        if step >= len(actions):
            raise LookupError(f"step {step}: the playthrough has no recorded action for {intent}")
        full = game.action_from_json(actions[step])
        if game.intent(full) != intent:
            raise LookupError(f"step {step}: the recorded action was made from {game.intent(full)}, not {intent}")
        return full

    return resolve


def make(spec: Spec, resolve: Resolve | None = None) -> list[str]:
    game = rules(spec)
    return generate(game, spec.options(game), spec.seed, resolve or with_physics)
