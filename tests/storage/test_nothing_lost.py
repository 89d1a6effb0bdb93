"""A full disk or a read-only folder at a game's end never loses the finished game, and never says it
stays saved when it is not: its last action and result are held in memory, written as soon as space
returns (tried again while the app runs, and as it closes), and a finished game whose save reached the
disk is kept with the others at the next start."""

from __future__ import annotations

import contextlib
import errno
import json
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from scenes.session import games, persist
from scenes.session.match import Match
from scenes.storage import atomic, in_progress
from scenes.storage.profiles import Profiles
from tests.storage.helpers import play_saved, tmpfs


def _one_move_from_the_end(toy) -> Match:
    """A game saved as the app saves it (after every action), its last action still to play."""
    saved, states = play_saved(toy, actions=500)
    assert toy.is_over(states[-1])
    last = saved.record.actions.pop()
    match = Match.from_saved(saved, on_action=persist.autosave)
    match.last = toy.action_from_json(last)  # type: ignore[attr-defined]
    persist.autosave(match)
    assert not match.is_over()
    return match


def _last_move(match: Match) -> None:
    match.apply(match.last)  # type: ignore[attr-defined]
    assert match.is_over()


def _rows(data_dir: Path) -> int:
    path = data_dir / "polar_table.sqlite3"
    if not path.exists():
        return 0
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


def _saved_actions(match: Match) -> int:
    return len(json.loads(in_progress.path_of(match.save_name).read_text())["record"]["actions"])


@contextlib.contextmanager
def _disk_full(patched: pytest.MonkeyPatch):
    """Every write fails as on a full disk: the saves' atomic writer and the profiles database."""

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]

    def keep(self, finished):
        raise error

    with patched.context() as inner:
        inner.setattr(atomic, "write_bytes", full)
        inner.setattr(Profiles, "keep_finished", keep)
        yield


def test_a_full_disk_at_the_end_holds_the_finished_game_and_writes_it_when_space_returns(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _one_move_from_the_end(toy)
    before = _saved_actions(match)
    with _disk_full(monkeypatch):
        _last_move(match)  # its save fails
        report = persist.record_finished(match)  # and so does the database
        assert report is not None and not report.recorded
        problem = persist.STATUS.record_problem or ""
        assert "stays saved" not in problem, "it says the game is saved when it is not"
        assert problem.startswith("The finished game is not saved yet: the disk is full.") and "open" in problem
        assert _saved_actions(match) == before and _rows(data_dir) == 0
        assert persist.unsaved()
        assert persist.retry(), "still held while the disk is full"
    assert not persist.retry(), "space returned: nothing is held any more"
    assert _rows(data_dir) == 1, "the finished game was not kept"
    assert not in_progress.path_of(match.save_name).exists(), "a kept game leaves the games in progress"
    assert persist.STATUS.record_problem is None and persist.STATUS.save_problem is None
    with Profiles() as profiles:
        (row,) = profiles.history()
        assert profiles.game_record(row.id).actions == match.history.record.actions, "its last action was lost"


def test_space_for_the_save_but_not_the_database_says_so_and_the_next_start_keeps_it(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _one_move_from_the_end(toy)
    with _disk_full(monkeypatch):
        _last_move(match)
        persist.record_finished(match)
    with monkeypatch.context() as patched:  # the save can be written again; the database still cannot
        patched.setattr(Profiles, "keep_finished", lambda self, finished: (_ for _ in ()).throw(
            sqlite3.OperationalError("locked")))
        assert persist.retry()
        assert _saved_actions(match) == len(match.history.actions), "the last action reached the disk"
        problem = persist.STATUS.record_problem or ""
        assert "It stays saved, and Polar Table keeps it when it next starts." in problem
    persist.STATUS.reset()  # the app closed; the next start, the database writable again
    assert games.listing() == [] and _rows(data_dir) == 1
    assert not in_progress.path_of(match.save_name).exists()


def test_a_save_held_back_is_written_by_the_app_while_it_runs_and_the_banner_says_so(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from scenes.shell.app import RETRY_EVERY, App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    app = App((1280, 720), headless=True, settings=Settings())
    try:
        app.push(MenuScene(app))
        match = _one_move_from_the_end(toy)
        with _disk_full(monkeypatch):
            _last_move(match)
            persist.record_finished(match)
            app.update()
            assert app.storage_banner() == persist.STATUS.record_problem
            app.draw()
            app.toasts.items.clear()
            assert app.next_wait() == round(RETRY_EVERY * 1000), "an idle app wakes to try again"
            app.retry_writes(time.perf_counter() + RETRY_EVERY)
            assert app.storage_banner() is not None and _rows(data_dir) == 0
        app.retry_writes(time.perf_counter() + 2 * RETRY_EVERY)
        assert app.storage_banner() is None and _rows(data_dir) == 1
        app.draw()
        assert app.next_wait() is None, "nothing held: the idle app sleeps"
    finally:
        app.bots.shutdown()


def test_a_game_in_progress_held_back_is_written_when_the_app_closes(
    data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from scenes.shell.app import App
    from scenes.storage.settings import Settings

    saved, _states = play_saved(toy, actions=3)
    match = Match.from_saved(saved, on_action=persist.autosave)
    persist.autosave(match)
    with _disk_full(monkeypatch):
        match.apply(match.legal_actions()[0])
        assert persist.STATUS.save_problem == "This game is not being saved: the disk is full."
    app = App((1280, 720), headless=True, settings=Settings())
    assert app.storage_banner() == persist.STATUS.save_problem, "said even with no table open"
    app.close()
    assert _saved_actions(match) == 4 and not persist.unsaved()


def test_a_folder_made_read_only_before_the_last_move(tmp_path: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    with tmpfs(tmp_path / "ro", "1m") as folder:
        monkeypatch.setenv("POLAR_TABLE_DATA", str(folder))
        with Profiles():
            pass
        match = _one_move_from_the_end(toy)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        _last_move(match)
        report = persist.record_finished(match)
        assert report is not None and not report.recorded
        problem = persist.STATUS.record_problem or ""
        assert "stays saved" not in problem and "not saved yet" in problem, problem
        assert persist.retry()
        subprocess.run(["mount", "-o", "remount,rw", str(folder)], check=True)
        assert not persist.retry()
        assert _rows(folder) == 1 and not in_progress.path_of(match.save_name).exists()
