"""Headless bot-against-bot games through the rules, for the command line and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game.core.bots import decide
from game.core.contract import Game, Options, Resolver

MAX_ACTIONS_PER_GAME = 20_000


@dataclass(frozen=True)
class GameRun:
    line: dict[str, Any]
    ok: bool


def play(game: Game, options: Options, seed: int, levels: tuple[str, ...],
         resolver: Resolver | None = None) -> GameRun:
    """One complete game; each seat plays at its level (cycled if fewer levels than seats)."""
    started = time.perf_counter()
    state = game.new_game(options, seed)
    actions = 0
    error = ""
    while not game.is_over(state):
        if actions >= MAX_ACTIONS_PER_GAME:
            error = f"no end after {actions} actions"
            break
        seat = state.to_act
        assert seat is not None
        action = decide(game, state, levels[seat % len(levels)], seed * 1_000_003 + actions, resolver=resolver)
        # decide() checked the action against the space; a resolved action is checked by its rules
        state = game.apply(state, action, check=game.intent(action) is not None)
        actions += 1
    line: dict[str, Any] = {
        "game": game.info.id,
        "seed": seed,
        "players": options.players,
        "kids": options.kids,
        "actions": actions,
        "turns": game.turns(state) or actions,
        "seconds": round(time.perf_counter() - started, 4),
    }
    if error:
        line["error"] = error
        return GameRun(line, False)
    result = game.result(state)
    line["winners"] = list(result.winners)
    line["scores"] = list(result.scores)
    if result.reason:
        line["reason"] = str(result.reason)
    return GameRun(line, True)
