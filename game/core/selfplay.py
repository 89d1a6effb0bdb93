"""Headless bot-against-bot games through the rules, for the command line and tests.

A game may count how its actions went with an optional hook, ``rates(state, action) -> dict[str,
bool]`` (the state before the action, the full action applied): each named outcome of the acting
seat, yes or no (Iluliaq: ``{"landed": ...}`` for a throw). A game's line then carries, for each name,
each seat's [yes, tried] counts, and ``tally`` adds them up over games."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.bots import decide
from game.core.contract import Action, Game, Options, Resolver

MAX_ACTIONS_PER_GAME = 20_000


def scripted(game: Game, options: Options, seed: int, choose: Callable[[Game, Any], Action]) -> list[Action]:
    """The actions of a whole game in which ``choose(game, state)`` decides every step (a game's
    longest known game, for the load bench)."""
    state = game.new_game(options, seed)
    played: list[Action] = []
    while not game.is_over(state):
        action = choose(game, state)
        played.append(action)
        state = game.apply(state, action, check=False)
    return played


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
    rates = getattr(game, "rates", None)
    counts: dict[str, list[list[int]]] = {}
    error = ""
    while not game.is_over(state):
        if actions >= MAX_ACTIONS_PER_GAME:
            error = f"no end after {actions} actions"
            break
        seat = state.to_act
        assert seat is not None
        action = decide(game, state, levels[seat % len(levels)], seed * 1_000_003 + actions, resolver=resolver)
        # decide() checked the action against the space; a resolved action is checked by its rules
        after = game.apply(state, action, check=game.intent(action) is not None)
        if callable(rates):
            for name, yes in rates(state, action).items():
                row = counts.setdefault(name, [[0, 0] for _seat in range(options.players)])
                row[seat][0] += bool(yes)
                row[seat][1] += 1
        state = after
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
    if counts:
        line["rates"] = counts
    if error:
        line["error"] = error
        return GameRun(line, False)
    result = game.result(state)
    line["winners"] = list(result.winners)
    line["scores"] = list(result.scores)
    ending = game.ending(state)
    if ending:
        line["ending"] = ending
    if result.reason:
        line["reason"] = str(result.reason)
    return GameRun(line, True)


def tally(lines: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The ``rates`` of many games' lines added up: for each name, the share of yes over every seat
    and each seat's share (None for a seat that never tried), with the counts."""
    totals: dict[str, list[list[int]]] = {}
    for line in lines:
        for name, seats in line.get("rates", {}).items():
            row = totals.setdefault(name, [])
            row.extend([0, 0] for _seat in range(len(seats) - len(row)))
            for k, (yes, tried) in enumerate(seats):
                row[k][0] += yes
                row[k][1] += tried
    out = {}
    for name, row in totals.items():
        yes, tried = sum(r[0] for r in row), sum(r[1] for r in row)
        out[name] = {"share": _share(yes, tried), "yes": yes, "tried": tried,
                     "seats": [_share(r[0], r[1]) for r in row]}
    return out


def endings(lines: list[dict[str, Any]]) -> dict[str, int]:
    """How many of the games ended each way (``Game.ending``)."""
    out: dict[str, int] = {}
    for line in lines:
        if "ending" in line:
            out[line["ending"]] = out.get(line["ending"], 0) + 1
    return dict(sorted(out.items()))


def _share(yes: int, tried: int) -> float | None:
    return round(yes / tried, 3) if tried else None
