"""Game records: the actions of a game, as a save file holds them (History replays one).

A record written by an older version of a game is brought up to date by the game's
``migrations`` (version k's actions -> version k+1's) before it is replayed.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from game.core import registry
from game.core.codec import from_data, to_data
from game.core.contract import Game, Options
from game.core.errors import SaveError

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
    if record.version > game.version or (record.version < game.version and record.version not in game.migrations):
        raise SaveError(
            f"The record was made by version {record.version} of {game.info.name}; "
            f"this app plays version {game.version}."
        )
    return game


def upgrade(record: Record, game: Game) -> Record:
    """The record in the game's current version (the same record when it already is)."""
    actions, version = record.actions, record.version
    while version < game.version:
        migrate = game.migrations.get(version)
        if migrate is None:
            raise SaveError(f"Records of version {version} of {game.info.name} cannot be read any more.")
        try:
            actions = migrate([dict(a) for a in actions])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"The record's actions of version {version} cannot be brought up to date: {exc}") from None
        version += 1
    if version == record.version:
        return record
    return dataclasses.replace(record, version=version, actions=actions)
