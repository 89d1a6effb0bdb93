from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import pytest

from scenes.storage import profiles as profiles_module
from scenes.storage.profiles import SCHEMA_VERSION, Profiles, migrate
from tests.storage.helpers import play_saved

TABLES = {"profiles", "games", "achievements"}


def _tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def test_new_database_in_the_data_folder(data_dir: Path) -> None:
    with Profiles() as db:
        assert db.path == data_dir / "polar_table.sqlite3"
        assert db.schema_version == SCHEMA_VERSION == 3
        assert db.message is None
    assert _tables(data_dir / "polar_table.sqlite3") >= TABLES


def test_profiles(tmp_path: Path) -> None:
    with Profiles(tmp_path / "p.sqlite3") as db:
        ana = db.ensure_profile("Ana", 0xE69F00)
        assert db.ensure_profile("Ana", 0x56B4E9) == ana, "ensure keeps the existing profile"
        ben = db.ensure_profile("Ben", 0x009E73)
        assert ben != ana
        db.update_colour("Ana", 0xCC79A7)
        assert [(p.name, p.colour) for p in db.profiles()] == [("Ana", 0xCC79A7), ("Ben", 0x009E73)]
        with pytest.raises(KeyError):
            db.update_colour("Nobody", 1)


def test_games_and_history(tmp_path: Path, toy) -> None:
    saved, _ = play_saved(toy, actions=200)
    with Profiles(tmp_path / "p.sqlite3") as db:
        first = db.record_game(toy.info.id, saved.record, ["Ana", "Ben"], [1, 0], [0])
        second = db.record_game(toy.info.id, saved.record, ["Ana", "Ben"], [0, 1], [1])
        assert second > first
        rows = db.history(limit=10)
        assert [r.id for r in rows] == [second, first]
        assert rows[0].players == ["Ana", "Ben"] and rows[0].scores == [0, 1] and rows[0].winners == [1]
        assert rows[0].seed == saved.record.seed and rows[0].options["players"] == 2
        assert db.history(limit=1)[0].id == second
        assert db.game_record(first).to_json() == saved.record.to_json()


def test_achievements_are_earned_once(tmp_path: Path, toy) -> None:
    saved, _ = play_saved(toy, actions=5)
    with Profiles(tmp_path / "p.sqlite3") as db:
        db.ensure_profile("Ana", 1)
        row = db.record_game(toy.info.id, saved.record, ["Ana", "Ben"], [1, 0], [0])
        assert db.add_achievements("Ana", "toy_nim", ["first_win", "last_stone"], row) == ["first_win", "last_stone"]
        assert db.add_achievements("Ana", "toy_nim", ["first_win", "streak", "streak"], row) == ["streak"]
        assert db.add_achievements("Ana", "borealis", ["first_win"], row) == ["first_win"]
        assert db.achievements("Ana", "toy_nim") == {"first_win", "last_stone", "streak"}
        assert db.achievements("Ben", "toy_nim") == set()
        with pytest.raises(KeyError):
            db.add_achievements("Nobody", "toy_nim", ["x"], row)
    with Profiles(tmp_path / "p.sqlite3") as db:
        assert db.achievements("Ana", "borealis") == {"first_win"}


def test_empty_version_0_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    sqlite3.connect(path).close()
    path.touch()
    assert _version(path) == 0
    with Profiles(path) as db:
        assert db.message is None
        assert db.schema_version == SCHEMA_VERSION
        db.ensure_profile("Ana", 1)
    assert _tables(path) >= TABLES


def test_migrations_apply_in_order_and_only_once(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    steps = ("CREATE TABLE a (x);", "ALTER TABLE a ADD COLUMN y; INSERT INTO a VALUES (1, 2);")
    assert migrate(conn, steps[:1]) == 0
    assert migrate(conn, steps) == 1
    assert migrate(conn, steps) == 2
    assert conn.execute("SELECT x, y FROM a").fetchall() == [(1, 2)]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()


def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "m.sqlite3", isolation_level=None)
    migrate(conn, ("CREATE TABLE a (x);",))
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, ("CREATE TABLE a (x);", "CREATE TABLE b (x); INSERT INTO nowhere VALUES (1);"))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master")} == {"a"}
    conn.close()


def test_database_from_the_future_is_kept_aside(data_dir: Path) -> None:
    path = data_dir / "polar_table.sqlite3"
    data_dir.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE mystery (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    with Profiles() as db:
        assert db.message is not None and "newer version" in db.message
        assert db.schema_version == SCHEMA_VERSION
        assert db.profiles() == []
    kept = [p for p in (data_dir / "corrupt").iterdir() if p.name.endswith("polar_table.sqlite3")]
    assert len(kept) == 1 and str(kept[0]) in db.message
    assert _version(kept[0]) == SCHEMA_VERSION + 5 and "mystery" in _tables(kept[0])


@pytest.mark.parametrize("content", [b"this is not a database" * 100, bytes(range(256)) * 64,
                                     b"SQLite format 3\x00" + b"\xff" * 4000])
def test_corrupt_database_is_moved_aside_and_recreated(data_dir: Path, content: bytes) -> None:
    path = data_dir / "polar_table.sqlite3"
    data_dir.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    with Profiles() as db:
        assert db.message is not None and "could not be read" in db.message
        assert db.ensure_profile("Ana", 1) > 0
    kept = [p for p in (data_dir / "corrupt").iterdir() if p.name.endswith("polar_table.sqlite3")]
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_no_pygame_import_anywhere_in_storage() -> None:
    folder = Path(profiles_module.__file__).parent
    for source in folder.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0].startswith("pygame") for n in names), f"{source.name} imports {names}"
