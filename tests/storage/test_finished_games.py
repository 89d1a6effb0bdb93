"""A finished game is never lost: kept in the database first, its save removed from the games in
progress only after, and a game found again among them at the next start kept exactly once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from scenes.session import games, persist
from scenes.session.match import Match
from scenes.storage import in_progress
from scenes.storage import profiles as profiles_module
from scenes.storage.profiles import Profiles
from tests.storage.helpers import play_saved


def _finished(toy) -> Match:
    saved, _states = play_saved(toy, actions=500)
    match = Match.from_saved(saved)
    assert match.is_over()
    persist.autosave(match)
    return match


def _saved(match: Match) -> bool:
    return in_progress.path_of(match.save_name).exists()


def _rows(data_dir: Path) -> int:
    conn = sqlite3.connect(data_dir / "polar_table.sqlite3")
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def test_finishing_keeps_the_game_then_removes_the_autosave(data_dir: Path, toy) -> None:
    match = _finished(toy)
    report = persist.record_finished(match)
    assert report is not None and report.recorded
    assert _rows(data_dir) == 1
    assert not _saved(match)


def test_a_kill_between_the_database_and_the_autosave_removal(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _finished(toy)

    def killed(name: str) -> None:
        raise KeyboardInterrupt  # the process dies right after the database write

    with monkeypatch.context() as patched:
        patched.setattr(in_progress, "remove", killed)
        with pytest.raises(KeyboardInterrupt):
            persist.record_finished(match)
    assert _rows(data_dir) == 1 and _saved(match)
    persist.STATUS.reset()  # the next start
    assert games.listing() == [], "a finished game is not offered as Continue"
    assert _rows(data_dir) == 1, "the game was kept twice"
    assert not _saved(match)
    assert games.listing() == [] and _rows(data_dir) == 1


def test_a_read_only_database_leaves_the_autosave_for_the_next_start(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Profiles():
        pass  # the database exists; now it may only be read
    real = sqlite3.connect

    def read_only(path, *args, **kwargs):
        return real(f"file:{path}?mode=ro", *args, uri=True, **kwargs)

    match = _finished(toy)
    with monkeypatch.context() as patched:
        patched.setattr(profiles_module.sqlite3, "connect", read_only)
        report = persist.record_finished(match)
    assert report is not None and not report.recorded
    assert _saved(match), "the only copy of the finished game was removed"
    problem = persist.STATUS.record_problem
    assert problem is not None and "read-only" in problem and "next starts" in problem
    assert _rows(data_dir) == 0
    persist.STATUS.reset()  # the next start, the database writable again
    assert games.listing() == [] and _rows(data_dir) == 1
    assert not _saved(match)
    assert persist.STATUS.record_problem is None
    assert any("finished games" in n.text for n in persist.take_notices())


def test_the_table_keeps_the_autosave_when_the_database_fails(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table scene's end of game: the save goes only once the database has the game."""
    from scenes.shell.table import TableScene

    def failing(*_args, **_kwargs):
        raise profiles_module.ProfilesUnavailable("busy")

    monkeypatch.setattr(persist, "Profiles", failing)
    match = _finished(toy)

    class Stub:
        pass

    scene = Stub()
    scene.match = match
    scene._finished_recorded = False
    TableScene._finish(scene)  # type: ignore[arg-type]
    assert _saved(match)
    assert scene.finish_report is not None and not scene.finish_report.recorded


def test_a_full_disk_while_keeping_the_game(data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    match = _finished(toy)

    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]

    def keep(self, finished):
        raise error

    monkeypatch.setattr(Profiles, "keep_finished", keep)
    persist.record_finished(match)
    assert _saved(match)
    assert "disk is full" in (persist.STATUS.record_problem or "")


def test_keeping_the_same_game_twice_keeps_it_once(data_dir: Path, toy) -> None:
    match = _finished(toy)
    assert games.listing() == []  # the start found it first
    persist.autosave(match)
    report = persist.record_finished(match)  # and the table, finishing it too
    assert report is not None and not report.recorded
    assert _rows(data_dir) == 1 and not _saved(match)
