"""Shared helpers for the Borealis rules tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.borealis import RULES
from game.borealis.state import BorealisState, PlayerState

POSITIONS = Path(__file__).parent / "positions"


def position_data(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))


def load(name: str) -> BorealisState:
    return RULES.from_position(position_data(name))


def position(players: list[dict[str, Any]], **extra: Any) -> BorealisState:
    """A state from an inline position (the rest filled with the position defaults)."""
    return RULES.from_position({"players": players, **extra})


def player_with(**locations: Any) -> PlayerState:
    """A PlayerState built through the position format, e.g. player_with(left={"cards": [1]})."""
    return position([locations, {"hand": []}], deck=[], pool=[]).players[0]


def act(state: BorealisState, *actions: Any) -> BorealisState:
    for action in actions:
        state = RULES.apply(state, action)
    return state
