"""Player profiles, finished games and achievements in SQLite (data_dir/polar_table.sqlite3).

The schema version is SQLite's ``PRAGMA user_version``; ``MIGRATIONS`` lists, in order, the
scripts that bring a database from version N-1 to N, each applied in one transaction on open.
A file that is not a usable database is moved aside into ``corrupt/`` and a fresh one is made;
so is a database written by a newer app (it is kept, untouched, for that app). Either way
``Profiles.message`` holds a sentence to show the player.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.i18n import _
from game.core.record import Record
from scenes.storage.paths import data_dir, move_aside

DATABASE = "polar_table.sqlite3"

MIGRATIONS: tuple[str, ...] = (
    # 1: profiles, finished games, achievements
    """
    CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        colour INTEGER NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        options_json TEXT NOT NULL,
        seed INTEGER NOT NULL,
        players_json TEXT NOT NULL,
        scores_json TEXT NOT NULL,
        winners_json TEXT NOT NULL,
        record_json TEXT NOT NULL
    );
    CREATE INDEX games_by_time ON games (finished_at);
    CREATE TABLE achievements (
        profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        game TEXT NOT NULL,
        achievement TEXT NOT NULL,
        first_game_id INTEGER REFERENCES games (id) ON DELETE SET NULL,
        at TEXT NOT NULL,
        UNIQUE (profile_id, game, achievement)
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class FutureSchema(Exception):
    """The database was written by a newer version of the app."""


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    colour: int
    created_at: str


@dataclass(frozen=True)
class GameRow:
    id: int
    game: str
    finished_at: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    scores: list[int]
    winners: list[int]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def migrate(conn: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring ``conn`` up to ``len(migrations)``; return the version it was at. Raises FutureSchema."""
    found = conn.execute("PRAGMA user_version").fetchone()[0]
    if found > len(migrations):
        raise FutureSchema(found)
    for version in range(found + 1, len(migrations) + 1):
        # executescript commits first; the whole step then runs in one transaction with its version.
        try:
            conn.executescript(f"BEGIN;\n{migrations[version - 1]}\nPRAGMA user_version = {version};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    return found


class Profiles:
    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else data_dir() / DATABASE
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.message: str | None = None
        try:
            self.conn = self._open()
        except FutureSchema as exc:
            kept = self._set_aside()
            self.message = _(
                "Your profiles were saved by a newer version of Polar Table (database version {found}); "
                "this one reads version {version}. They were kept as {path} and a new list was started."
            ).format(found=exc.args[0], version=SCHEMA_VERSION, path=kept)
            self.conn = self._open()
        except sqlite3.DatabaseError:
            kept = self._set_aside()
            self.message = _(
                "Your profiles could not be read. The file was kept as {path} and a new list was started."
            ).format(path=kept)
            self.conn = self._open()

    # --- opening ---------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            conn.execute("PRAGMA foreign_keys = ON")
            migrate(conn)
        except BaseException:
            conn.close()
            raise
        return conn

    def _set_aside(self) -> Path:
        for suffix in ("-wal", "-shm", "-journal"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                with contextlib.suppress(OSError):
                    move_aside(side)
        return move_aside(self.path)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Profiles:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    # --- profiles --------------------------------------------------------------------------
    def ensure_profile(self, name: str, colour: int) -> int:
        """The id of the profile called ``name``, made with ``colour`` if it is new."""
        self.conn.execute(
            "INSERT OR IGNORE INTO profiles (name, colour, created_at) VALUES (?, ?, ?)", (name, colour, _now())
        )
        return self._profile_id(name)

    def _profile_id(self, name: str) -> int:
        row = self.conn.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise KeyError(name)
        return row[0]

    def profiles(self) -> list[Profile]:
        rows = self.conn.execute("SELECT id, name, colour, created_at FROM profiles ORDER BY name COLLATE NOCASE")
        return [Profile(*row) for row in rows]

    def update_colour(self, name: str, colour: int) -> None:
        if self.conn.execute("UPDATE profiles SET colour = ? WHERE name = ?", (colour, name)).rowcount == 0:
            raise KeyError(name)

    # --- games -----------------------------------------------------------------------------
    def record_game(
        self,
        game_id: str,
        record: Record,
        names: Sequence[str],
        scores: Sequence[int],
        winners: Sequence[int],
    ) -> int:
        """Keep a finished game; returns its row id."""
        cursor = self.conn.execute(
            "INSERT INTO games (game, finished_at, options_json, seed, players_json, scores_json, winners_json,"
            " record_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                _now(),
                json.dumps(record.to_json()["options"]),
                record.seed,
                json.dumps(list(names)),
                json.dumps(list(scores)),
                json.dumps(list(winners)),
                json.dumps(record.to_json()),
            ),
        )
        return int(cursor.lastrowid or 0)

    def history(self, limit: int = 50) -> list[GameRow]:
        """The last ``limit`` finished games, newest first."""
        rows = self.conn.execute(
            "SELECT id, game, finished_at, options_json, seed, players_json, scores_json, winners_json"
            " FROM games ORDER BY id DESC LIMIT ?",
            (limit,),
        )
        return [
            GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], json.loads(r[5]), json.loads(r[6]), json.loads(r[7]))
            for r in rows
        ]

    def game_record(self, row_id: int) -> Record:
        row = self.conn.execute("SELECT record_json FROM games WHERE id = ?", (row_id,)).fetchone()
        if row is None:
            raise KeyError(row_id)
        return Record.from_json(json.loads(row[0]))

    # --- achievements ----------------------------------------------------------------------
    def add_achievements(
        self, profile_name: str, game_id: str, achievement_ids: Iterable[str], game_row_id: int | None
    ) -> list[str]:
        """Give ``profile_name`` these achievements in ``game_id``; return the ones newly earned."""
        profile_id = self._profile_id(profile_name)
        new = []
        at = _now()
        self.conn.execute("BEGIN")
        try:
            for achievement in dict.fromkeys(achievement_ids):
                cursor = self.conn.execute(
                    "INSERT OR IGNORE INTO achievements (profile_id, game, achievement, first_game_id, at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (profile_id, game_id, achievement, game_row_id, at),
                )
                if cursor.rowcount:
                    new.append(achievement)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return new

    def achievements(self, profile_name: str, game_id: str) -> set[str]:
        rows = self.conn.execute(
            "SELECT a.achievement FROM achievements a JOIN profiles p ON p.id = a.profile_id"
            " WHERE p.name = ? AND a.game = ?",
            (profile_name, game_id),
        )
        return {row[0] for row in rows}
