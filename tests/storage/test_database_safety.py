"""The profiles database: busy is not corrupt, schema checks that mean it, private permissions."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest

from scenes.session import persist
from scenes.storage import profiles as profiles_module
from scenes.storage.profiles import MIGRATIONS, SCHEMA_VERSION, Profiles, ProfilesUnavailable

INTERNALS = ("sqlite3.", "Error", "Traceback", "Exception", "errno", "OperationalError", "DatabaseError")


def _kept(data_dir: Path) -> list[Path]:
    folder = data_dir / "corrupt"
    return sorted(folder.iterdir()) if folder.exists() else []


def _make(path: Path, name: str = "Ana") -> None:
    with Profiles(path) as db:
        db.ensure_profile(name, 0xE69F00)


def _no_internals(text: str) -> None:
    assert not any(word in text for word in INTERNALS), text


def test_a_locked_database_is_reported_never_replaced(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(profiles_module, "BUSY_TIMEOUT", 0.2, raising=False)
    path = data_dir / "polar_table.sqlite3"
    _make(path)
    before = path.read_bytes()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(ProfilesUnavailable) as caught:
            Profiles(path)
        assert "in use" in str(caught.value)
        _no_internals(str(caught.value))
        assert persist.known_profiles() == []
        notices = persist.take_notices()
        assert any("in use" in n.text for n in notices), notices
        assert _kept(data_dir) == [], "a busy database was set aside as corrupt"
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert path.read_bytes() == before
    with Profiles(path) as db:
        assert [p.name for p in db.profiles()] == ["Ana"]
        assert db.message is None


def test_a_corrupt_database_is_still_set_aside_and_said(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "polar_table.sqlite3").write_bytes(b"not a database at all" * 100)
    assert persist.known_profiles() == []
    notices = persist.take_notices()
    assert len(notices) == 1 and "could not be read" in notices[0].text, notices
    assert len(_kept(data_dir)) == 1


def test_old_database_with_tables_and_version_0_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(MIGRATIONS[0])
    conn.execute("INSERT INTO profiles (name, colour, created_at) VALUES ('Ana', 1, '2025-01-01')")
    conn.close()
    with Profiles(path) as db:
        assert db.message is None
        assert db.schema_version == SCHEMA_VERSION
        assert [p.name for p in db.profiles()] == ["Ana"]
    assert not (tmp_path / "corrupt").exists()


def test_missing_table_is_repaired_by_the_migrations(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    _make(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE achievements")
    conn.close()
    with Profiles(path) as db:
        assert [p.name for p in db.profiles()] == ["Ana"]
        assert db.add_achievements("Ana", "toy_nim", ["first_win"], None) == ["first_win"]


def test_tables_that_do_not_match_their_version_are_set_aside(data_dir: Path) -> None:
    path = data_dir / "polar_table.sqlite3"
    data_dir.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(MIGRATIONS[0].replace("colour INTEGER NOT NULL,", ""))
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.close()
    with Profiles() as db:
        assert db.message is not None and "kept as" in db.message
        _no_internals(db.message)
        db.ensure_profile("Ana", 1)
        assert [p.colour for p in db.profiles()] == [1]
    assert len(_kept(data_dir)) == 1


def test_a_version_0_database_with_foreign_tables_is_set_aside(data_dir: Path) -> None:
    path = data_dir / "polar_table.sqlite3"
    data_dir.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE profiles (who TEXT)")
    conn.close()
    with Profiles() as db:
        assert db.message is not None
        _no_internals(db.message)
        assert db.schema_version == SCHEMA_VERSION
    assert len(_kept(data_dir)) == 1


def test_the_database_is_private(data_dir: Path) -> None:
    with Profiles():
        pass
    mode = stat.S_IMODE((data_dir / "polar_table.sqlite3").stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)
