"""Player profiles, finished games and achievements in SQLite (data_dir/polar_table.sqlite3).

The schema version is SQLite's ``PRAGMA user_version``; ``MIGRATIONS`` lists, in order, the
scripts that bring a database from version N-1 to N, each applied in one transaction on open.
Before migrating, the tables are checked against the ones the migrations make for that version: a
database whose tables say a version (an old one left at version 0) is taken at it, missing tables
are made again, and tables of another shape set the file aside. Only a file proved unusable (SQLite
says it is corrupt, or its tables do not fit) is moved aside into ``corrupt/`` and a fresh one made;
so is a database written by a newer app (it is kept, untouched, for that app). Either way
``Profiles.message`` holds a sentence to show the player. A database that is busy (another program
holds it), read-only or on a failing disk is never replaced: ``ProfilesUnavailable`` says why.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.digest import sha256_hex
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
    # 2: a finished game's identity, so that keeping it again (after a crash) keeps it once
    """
    ALTER TABLE games ADD COLUMN record_key TEXT;
    CREATE INDEX games_by_key ON games (record_key);
    """,
    # 3: which seats were human (a JSON list of seat numbers; NULL in a game kept before: unknown), so a
    # bot that bears a family member's name adds nothing to that player's games and wins
    """
    ALTER TABLE games ADD COLUMN humans_json TEXT;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
BUSY_TIMEOUT = 1.0
"""Seconds SQLite keeps retrying a database another program holds before we say it is busy."""


class FutureSchema(Exception):
    """The database was written by a newer version of the app."""


class SchemaMismatch(Exception):
    """The database's tables are not the ones its version says, and cannot be made so."""


class ProfilesUnavailable(Exception):
    """The database cannot be used now (busy, read-only, disk failing); it was left as it is.
    ``str()`` is a sentence for the player, ``reason`` the why alone."""

    def __init__(self, sentence: str, reason: str = "") -> None:
        super().__init__(sentence)
        self.reason = reason or sentence


def database_reason(exc: BaseException) -> str:
    """Why SQLite failed, in words for the player (never SQLite's or Python's own text)."""
    if isinstance(exc, OSError):
        from scenes.storage.atomic import reason

        return reason(exc)
    kind = _kind(exc)
    if kind in ("BUSY", "LOCKED"):
        return _("the profiles file is in use by another program")
    if kind == "READONLY":
        return _("the profiles file is read-only")
    if kind == "FULL":
        return _("the disk is full")
    if kind in ("PERM", "AUTH", "CANTOPEN"):
        return _("Polar Table is not allowed to open the profiles file")
    if kind == "IOERR":
        return _("the disk reported an error")
    return _("the profiles file cannot be used right now")


def _kind(exc: BaseException) -> str:
    """SQLite's primary result code name without its prefix ("BUSY", "CORRUPT", ...), or ""."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    parts = name.split("_")
    return parts[1] if len(parts) > 1 and parts[0] == "SQLITE" else ""


def _proves_corrupt(exc: BaseException) -> bool:
    return _kind(exc) in ("CORRUPT", "NOTADB")


def record_key(record: Record) -> str:
    """A finished game's identity: the digest of its whole record (game, options, seed, every action)."""
    text = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256_hex(text.encode("utf-8"))


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
    humans: list[int] | None = None
    """The seats that were human (None: a game kept before the database said so)."""

    def human_seats_of(self, name: str) -> list[int]:
        """The seats ``name`` played as a human (every seat of that name in a game kept before)."""
        return [i for i, player in enumerate(self.players)
                if player == name and (self.humans is None or i in self.humans)]


class _Corrupt(sqlite3.DatabaseError):
    """SQLite opened the file but its own check found it damaged."""

    sqlite_errorname = "SQLITE_CORRUPT"


def _seats(text: str | None) -> list[int] | None:
    """The human seats a row lists (None when it lists none, or not as seat numbers)."""
    try:
        seats = json.loads(text) if text is not None else None
    except ValueError:
        return None
    if not isinstance(seats, list) or not all(type(seat) is int for seat in seats):
        return None
    return seats


def _create_private(path: Path) -> None:
    """Make a new database file readable by its owner only, like the saves (SQLite gives its journal
    the same mode)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


@dataclass(frozen=True)
class Finished:
    """A finished game as the database keeps it."""

    game_id: str
    record: Record
    names: Sequence[str]
    scores: Sequence[int]
    winners: Sequence[int]
    humans: Sequence[tuple[str, int | None, Sequence[str]]]
    """(name, colour, ids of the achievements completed in this game) of every human seat; a colour of
    None (a game that fixes its seats' colours) gives a new profile the first colour no profile has."""
    human_seats: Sequence[int] | None = None
    """The seat numbers of those humans (None: not said)."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


Shape = dict[tuple[str, str], tuple]


def _shape(conn: sqlite3.Connection) -> Shape:
    """Every table (columns, unique constraints) and named index (table, unique, columns) of ``conn``."""
    shape: Shape = {}
    objects = conn.execute(
        "SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('table', 'index')"
        " AND substr(name, 1, 7) != 'sqlite_'"
    ).fetchall()
    for kind, name, table in objects:
        if kind == "table":
            columns = tuple(
                (r[1], str(r[2]).upper(), r[3], r[4], r[5]) for r in conn.execute(f"PRAGMA table_info({_q(name)})")
            )
            uniques = tuple(
                sorted(
                    _index_columns(conn, r[1]) for r in conn.execute(f"PRAGMA index_list({_q(name)})") if r[3] == "u"
                )
            )
            shape[("table", name)] = (columns, uniques)
        else:
            unique = [r[2] for r in conn.execute(f"PRAGMA index_list({_q(table)})") if r[1] == name]
            shape[("index", name)] = (table, unique[0] if unique else None, _index_columns(conn, name))
    return shape


def _index_columns(conn: sqlite3.Connection, index: str) -> tuple[str, ...]:
    return tuple(str(r[2]) for r in conn.execute(f"PRAGMA index_info({_q(index)})"))


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@functools.lru_cache(maxsize=32)
def _expected(migrations: tuple[str, ...], version: int) -> tuple[Shape, dict[tuple[str, str], str]]:
    """The shape the first ``version`` migrations make, and each object's CREATE statement."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for script in migrations[:version]:
            conn.executescript(script)
        sql = {(t, n): s for t, n, s in conn.execute("SELECT type, name, sql FROM sqlite_master") if s}
        return _shape(conn), sql
    finally:
        conn.close()


def _missing(actual: Shape, expected: Shape) -> list[tuple[str, str]] | None:
    """What of ``expected`` is missing from ``actual`` (tables first), or None when something present
    has another shape. Objects the migrations never make are left alone."""
    for key, value in expected.items():
        if key in actual and actual[key] != value:
            return None
    return sorted((k for k in expected if k not in actual), key=lambda k: (k[0] != "table", k[1]))


def _settle(conn: sqlite3.Connection, found: int, migrations: tuple[str, ...]) -> int:
    """Make the tables fit version ``found`` (or, at version 0, the version they show), remaking the
    missing ones; return that version. Raises SchemaMismatch when they cannot fit."""
    actual = _shape(conn)
    if found == 0:
        known = {k for v in range(1, len(migrations) + 1) for k in _expected(migrations, v)[0]}
        if not any(k in known for k in actual):
            return 0
        fits = [
            (len(missing), -v, v)
            for v in range(1, len(migrations) + 1)
            if (missing := _missing(actual, _expected(migrations, v)[0])) is not None
            and len(missing) < len(_expected(migrations, v)[0])
        ]
        if not fits:
            raise SchemaMismatch(0)
        version = min(fits)[2]
    else:
        version = found
    expected, sql = _expected(migrations, version)
    missing = _missing(actual, expected)
    if missing is None:
        raise SchemaMismatch(found)
    if missing or version != found:
        statements = ";\n".join(sql[k] for k in missing)
        conn.executescript(f"BEGIN;\n{statements};\nPRAGMA user_version = {version};\nCOMMIT;")
    return version


def migrate(conn: sqlite3.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring ``conn`` up to ``len(migrations)``; return the version it was at. Raises FutureSchema, and
    SchemaMismatch when its tables do not fit its version."""
    migrations = tuple(migrations)
    was = conn.execute("PRAGMA user_version").fetchone()[0]
    if was > len(migrations):
        raise FutureSchema(was)
    try:
        found = _settle(conn, was, migrations)
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if _kind(exc) == "ERROR":
            raise SchemaMismatch(was) from None
        raise
    for version in range(found + 1, len(migrations) + 1):
        # executescript commits first; the whole step then runs in one transaction with its version.
        try:
            conn.executescript(f"BEGIN;\n{migrations[version - 1]}\nPRAGMA user_version = {version};\nCOMMIT;")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
    if _missing(_shape(conn), _expected(migrations, len(migrations))[0]) != []:
        raise SchemaMismatch(was)
    return was


class Profiles:
    def __init__(self, path: Path | None = None) -> None:
        """Open (or make) the database; raises ProfilesUnavailable with a sentence when it cannot be used
        now, and then leaves the file exactly as it was."""
        self.path = Path(path) if path is not None else data_dir() / DATABASE
        self.message: str | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.conn = self._open_or_replace()
        except (sqlite3.Error, OSError) as exc:
            reason = database_reason(exc)
            sentence = _("Your profiles cannot be opened now: {reason}. Nothing was changed.").format(reason=reason)
            raise ProfilesUnavailable(sentence, reason) from None

    # --- opening ---------------------------------------------------------------------------
    def _open_or_replace(self) -> sqlite3.Connection:
        try:
            return self._open()
        except FutureSchema as exc:
            kept = self._set_aside()
            self.message = _(
                "Your profiles were saved by a newer version of Polar Table (database version {found}); "
                "this one reads version {version}. They were kept as {path} and a new list was started."
            ).format(found=exc.args[0], version=SCHEMA_VERSION, path=kept)
        except SchemaMismatch:
            kept = self._set_aside()
            self.message = _(
                "Your profiles file does not have the layout Polar Table expects. "
                "It was kept as {path} and a new list was started."
            ).format(path=kept)
        except sqlite3.Error as exc:
            if not _proves_corrupt(exc):
                raise
            kept = self._set_aside()
            self.message = _(
                "Your profiles could not be read. The file was kept as {path} and a new list was started."
            ).format(path=kept)
        return self._open()

    def _open(self) -> sqlite3.Connection:
        _create_private(self.path)
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT)
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise _Corrupt("quick_check")
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

    def _free_colour(self) -> int:
        """The first family colour no profile has."""
        taken = {row[0] for row in self.conn.execute("SELECT colour FROM profiles")}
        return next(c for c in range(len(taken) + 1) if c not in taken)

    def update_colour(self, name: str, colour: int) -> None:
        if self.conn.execute("UPDATE profiles SET colour = ? WHERE name = ?", (colour, name)).rowcount == 0:
            raise KeyError(name)

    # --- games ---------------------------------------------------------------------------
    def record_game(
        self,
        game_id: str,
        record: Record,
        names: Sequence[str],
        scores: Sequence[int],
        winners: Sequence[int],
        humans: Sequence[int] | None = None,
    ) -> int:
        """Keep a finished game (``humans``: its human seats, None when not known); returns its row id."""
        return self._insert_game(game_id, record, names, scores, winners, humans)

    def _insert_game(
        self,
        game_id: str,
        record: Record,
        names: Sequence[str],
        scores: Sequence[int],
        winners: Sequence[int],
        humans: Sequence[int] | None,
    ) -> int:
        data = record.to_json()
        cursor = self.conn.execute(
            "INSERT INTO games (game, finished_at, options_json, seed, players_json, scores_json, winners_json,"
            " record_json, record_key, humans_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                _now(),
                json.dumps(data["options"]),
                record.seed,
                json.dumps(list(names)),
                json.dumps(list(scores)),
                json.dumps(list(winners)),
                json.dumps(data),
                record_key(record),
                None if humans is None else json.dumps([int(seat) for seat in humans]),
            ),
        )
        return int(cursor.lastrowid or 0)

    def keep_finished(self, finished: Finished) -> list[tuple[list[str], int]] | None:
        """Keep a finished game, a profile for each of its humans and what each earned, all in one
        transaction. Returns, per human in order, (achievements earned for the first time, how many of
        the game's achievements they hold now); None, and nothing written, when this very record is
        kept already (the same game found again in the autosave after a crash). Two games alike to the
        last action and seed count as one."""
        key = record_key(finished.record)
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            if self.conn.execute("SELECT 1 FROM games WHERE record_key = ?", (key,)).fetchone():
                self.conn.execute("ROLLBACK")
                return None
            row = self._insert_game(
                finished.game_id, finished.record, finished.names, finished.scores, finished.winners,
                finished.human_seats,
            )
            out = []
            for name, colour, earned in finished.humans:
                self.conn.execute(
                    "INSERT OR IGNORE INTO profiles (name, colour, created_at) VALUES (?, ?, ?)",
                    (name, self._free_colour() if colour is None else colour, _now()),
                )
                new = self._give(self._profile_id(name), finished.game_id, earned, row)
                out.append((new, len(self.achievements(name, finished.game_id))))
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        return out

    def history(self, limit: int = 50) -> list[GameRow]:
        """The last ``limit`` finished games, newest first."""
        rows = self.conn.execute(
            "SELECT id, game, finished_at, options_json, seed, players_json, scores_json, winners_json, humans_json"
            " FROM games ORDER BY id DESC LIMIT ?",
            (limit,),
        )
        return [
            GameRow(r[0], r[1], r[2], json.loads(r[3]), r[4], json.loads(r[5]), json.loads(r[6]), json.loads(r[7]),
                    _seats(r[8]))
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
        self.conn.execute("BEGIN")
        try:
            new = self._give(profile_id, game_id, achievement_ids, game_row_id)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        return new

    def _give(
        self, profile_id: int, game_id: str, achievement_ids: Iterable[str], game_row_id: int | None
    ) -> list[str]:
        new = []
        at = _now()
        for achievement in dict.fromkeys(achievement_ids):
            cursor = self.conn.execute(
                "INSERT OR IGNORE INTO achievements (profile_id, game, achievement, first_game_id, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (profile_id, game_id, achievement, game_row_id, at),
            )
            if cursor.rowcount:
                new.append(achievement)
        return new

    def achievements(self, profile_name: str, game_id: str) -> set[str]:
        rows = self.conn.execute(
            "SELECT a.achievement FROM achievements a JOIN profiles p ON p.id = a.profile_id"
            " WHERE p.name = ? AND a.game = ?",
            (profile_name, game_id),
        )
        return {row[0] for row in rows}
