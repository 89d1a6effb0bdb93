"""Shared helpers for the Borealis rules tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.borealis.rules import RULES
from game.borealis.state import BorealisState, Confirm, Mark, PlayerState, Regroup, SendScientists
from game.core.contract import Action

POSITIONS = Path(__file__).parent / "positions"


def position_data(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))


def load(name: str) -> BorealisState:
    return RULES.from_position(position_data(name))


def position(players: list[dict[str, Any]], **extra: Any) -> BorealisState:
    """A state from an inline position (the rest filled with the position defaults)."""
    return RULES.from_position({"players": players, **extra})


def player_with(**locations: Any) -> PlayerState:
    """A PlayerState built through the position format, e.g. player_with(left={"cards": [1]}) (in a
    finished game: a location may hold as many cards as a game ends with)."""
    return position([locations, {"hand": []}], deck=[], pool=[], phase="over").players[0]


def act(state: BorealisState, *actions: Any) -> BorealisState:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def regroup(discards: tuple[int, ...] = (), location: int = -1) -> list[Action]:
    """A whole Regroup as its small answers: Regroup, a Mark per discard, Confirm, then
    SendScientists unless the camps are empty (``location`` -1)."""
    out: list[Action] = [Regroup(), *(Mark(c) for c in discards), Confirm()]
    if location >= 0:
        out.append(SendScientists(location))
    return out


def redraw(cards: tuple[int, ...]) -> list[Action]:
    """The starting hand's redraw: a Mark per card, then Confirm."""
    return [*(Mark(c) for c in cards), Confirm()]


PASS = regroup()
"""A Regroup with empty camps and no discard: the turn passes."""
