"""The conformance suite every registered game runs, in every player count and variant.

Each check takes a game, options and a seed, so a game's own tests can call them too.
"""

from __future__ import annotations

import json
from typing import Any

from game.core.bots import LEVELS, decide
from game.core.contract import Action, Game, Options
from game.core.errors import IllegalAction
from game.core.record import Record, replay
from game.core.rng import Rng

MAX_ACTIONS = 5_000


def random_playout(game: Game, options: Options, seed: int) -> tuple[list[Action], Any]:
    """Play seeded random legal actions to the end, checking every step on the way."""
    state = game.new_game(options, seed)
    components = game.components(state)
    rng = Rng.from_seed(seed)
    actions: list[Action] = []
    while not game.is_over(state):
        assert len(actions) < MAX_ACTIONS, f"{game.info.id} did not end after {MAX_ACTIONS} actions"
        legal = game.legal_actions(state)
        assert legal, f"dead end: no legal action at step {len(actions)} for seat {state.to_act}"
        assert len(set(legal)) == len(legal), "legal_actions lists an action twice"
        action = rng.choice(legal)
        before = json.dumps(game.state_to_json(state), sort_keys=True)
        new = game.apply(state, action)
        assert json.dumps(game.state_to_json(state), sort_keys=True) == before, "apply mutated its input"
        state = new
        assert game.components(state) == components, f"components changed after {action}"
        actions.append(action)
    return actions, state


def check_json_round_trip(game: Game, state: Any) -> None:
    data = game.state_to_json(state)
    text = json.dumps(data, sort_keys=True)
    again = game.state_from_json(json.loads(text))
    assert json.dumps(game.state_to_json(again), sort_keys=True) == text
    assert again == state


def check_replay(game: Game, options: Options, seed: int, actions: list[Action], final: Any) -> None:
    record = Record(game.info.id, game.version, options, seed, [a.to_json() for a in actions])
    text = json.dumps(record.to_json())
    again = replay(Record.from_json(json.loads(text)))
    assert game.state_to_json(again) == game.state_to_json(final)


def check_illegal_refused(game: Game, options: Options, seed: int, steps: int = 60) -> int:
    """Actions legal elsewhere in a game are refused with a readable sentence where they are not."""
    state = game.new_game(options, seed)
    rng = Rng.from_seed(seed + 1)
    seen: list[Action] = []
    refused = 0
    for _ in range(steps):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        for candidate in seen[-40:]:
            if candidate not in legal:
                try:
                    game.apply(state, candidate)
                except IllegalAction as exc:
                    assert str(exc).strip(), "IllegalAction without a sentence"
                    refused += 1
                else:
                    raise AssertionError(f"{candidate} was applied though it is not legal")
        seen.extend(legal)
        state = game.apply(state, rng.choice(legal))
    return refused


def check_views(game: Game, state: Any) -> None:
    """A view is JSON, and the acting seat's view offers the same actions as the full state."""
    seat = state.to_act
    if seat is None:
        return
    view = game.view(state, seat)
    json.dumps(game.state_to_json(view))
    assert game.legal_actions(view) == game.legal_actions(state), "the view changes the legal actions"


def check_bots(game: Game, options: Options, seed: int, actions: int = 40) -> None:
    state = game.new_game(options, seed)
    for step in range(actions):
        if game.is_over(state):
            break
        level = LEVELS[step % len(LEVELS)]
        action = decide(game, state, level, seed + step, budget=0.2)
        assert action in game.legal_actions(state), f"{level} bot chose an illegal action"
        state = game.apply(state, action)
