"""Build real saves by playing bot actions through the rules; a small disk of its own (tmpfs)."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core.bots import decide
from game.core.contract import Game
from game.core.record import Record
from scenes.storage.saves import SavedGame, Seat

COLOURS = (0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442, 0x0072B2, 0xD55E00, 0xCC79A7)


def play_saved(game: Game, actions: int = 30, seed: int = 7, players: int | None = None) -> tuple[SavedGame, list]:
    """A save of ``game`` after up to ``actions`` normal-bot actions; also every state on the way."""
    count = players or game.info.min_players
    names = tuple(f"Seat {i + 1}" for i in range(count))
    options = game.default_options(count)
    options = type(options)(players=count, names=names, kids=options.kids, variants=dict(options.variants))
    state = game.new_game(options, seed)
    states = [state]
    record = Record(game.info.id, game.version, options, seed, [])
    for step in range(actions):
        if game.is_over(state):
            break
        action = decide(game, state, "normal", seed * 1000 + step)
        state = game.apply(state, action)
        states.append(state)
        record.actions.append(action.to_json())
    seats = [
        Seat(name, COLOURS[i % len(COLOURS)], "human" if i == 0 else "bot", "normal") for i, name in enumerate(names)
    ]
    return SavedGame(record, seats), states


@contextlib.contextmanager
def tmpfs(where: Path, size: str = "64k") -> Iterator[Path]:
    """A tiny tmpfs mounted at ``where`` (root only); skips the test where it cannot be had."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)
