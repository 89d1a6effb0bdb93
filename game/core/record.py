"""Game records: the save file, the replay and the undo history in one value."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.core import registry
from game.core.codec import from_data, to_data
from game.core.contract import Action, Game, Options, State
from game.core.errors import IllegalAction, SaveError

MAX_ACTIONS = 100_000


@dataclass
class Record:
    game: str
    version: int
    options: Options
    seed: int
    actions: list[dict[str, Any]] = field(default_factory=list)
    start: dict[str, Any] | None = None
    """A position to start from instead of a new game (a game opened from a position file)."""

    def to_json(self) -> dict[str, Any]:
        return to_data(self)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Validate and build a record; raise SaveError with a readable reason."""
        if not isinstance(data, dict):
            raise SaveError("The file does not hold a game record.")
        record = from_data(cls, data, "record")
        if len(record.actions) > MAX_ACTIONS:
            raise SaveError("The record holds far too many actions.")
        return record


def loads(text: str) -> Record:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise SaveError(f"The file is not valid JSON ({exc.__class__.__name__}).") from None
    return Record.from_json(data)


def rules_for(record: Record) -> Game:
    game = registry.get(record.game)
    if record.version != game.version:
        raise SaveError(
            f"The record was made by version {record.version} of {game.info.name}; "
            f"this app plays version {game.version}."
        )
    return game


def replay_states(record: Record) -> tuple[Game, list[State], list[Action]]:
    """Every state of the game, from setup to the last action; raises SaveError."""
    game = rules_for(record)
    options = record.options
    if not game.info.min_players <= options.players <= game.info.max_players:
        raise SaveError(f"{game.info.name} is for {game.info.min_players} to {game.info.max_players} players.")
    try:
        state = game.new_game(options, record.seed) if record.start is None else game.from_position(record.start)
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise SaveError(f"The game cannot be set up from this record: {exc}") from None
    states = [state]
    actions = []
    for index, data in enumerate(record.actions):
        action = game.action_from_json(data)
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise SaveError(f"Action {index + 1} of the record is not legal: {exc}") from None
        states.append(state)
        actions.append(action)
    return game, states, actions


def replay(record: Record) -> State:
    return replay_states(record)[1][-1]
