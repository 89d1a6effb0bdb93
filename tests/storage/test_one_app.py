"""One app per data folder: a second Polar Table on the same folder says so and changes nothing;
the lock goes with the process, however it ends; the subcommands that open no app never need it."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenes.storage import lock

ROOT = Path(__file__).resolve().parents[2]


def _env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        POLAR_TABLE_DATA=str(data), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    env.pop("POLAR_TABLE_TRACE", None)
    return env


def _app(data: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "scenes.tools.cli", *args],
        cwd=ROOT,
        env=_env(data),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _held(data: Path) -> bool:
    try:
        lock.acquire(data).release()
    except lock.AlreadyOpen:
        return True
    return False


def _snapshot(folder: Path) -> dict[str, tuple[int, str]]:
    """Every file's time and content; the lock file's content only (a second app knocks on its time)."""
    return {
        str(p.relative_to(folder)): (0 if p.name == lock.LOCK_FILE else p.stat().st_mtime_ns,
                                     hashlib.sha256(p.read_bytes()).hexdigest())
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_lock_is_one_holder_at_a_time(tmp_path: Path) -> None:
    first = lock.acquire(tmp_path)
    with pytest.raises(lock.AlreadyOpen):
        lock.acquire(tmp_path)
    first.release()
    with lock.acquire(tmp_path):
        pass


def test_a_second_app_on_the_same_folder_says_so_and_changes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_text('{"format": "polar-table-save"}')  # must stay as it is
    first = _app(data)
    try:
        deadline = time.monotonic() + 30
        while not _held(data):
            assert first.poll() is None, first.communicate()[1]
            assert time.monotonic() < deadline, "the first app never took the data folder"
            time.sleep(0.1)
        time.sleep(0.5)
        before = _snapshot(data)
        knocked = (data / lock.LOCK_FILE).stat().st_mtime_ns
        second = _app(data)
        out, err = second.communicate(timeout=60)
        assert second.returncode != 0
        assert "Polar Table is already open" in err, err
        assert "Traceback" not in err
        assert _snapshot(data) == before, "the second app touched the data folder"
        assert (data / lock.LOCK_FILE).stat().st_mtime_ns != knocked, "the second app did not knock"
        assert first.poll() is None, "the first app was disturbed"
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=30)
    assert not _held(data), "a killed app left its lock behind"


def test_a_knock_is_seen_once(tmp_path: Path) -> None:
    with lock.acquire(tmp_path) as held:
        assert not held.knocked()
        time.sleep(0.01)
        assert lock.knock(tmp_path)
        assert held.knocked() and not held.knocked()
    assert not lock.knock(tmp_path / "missing")


def test_the_app_holding_the_folder_comes_to_the_front_when_knocked(tmp_path: Path, monkeypatch) -> None:
    import pygame

    from scenes.shell.app import KNOCK_EVERY, App

    calls: list[str] = []

    class Window:
        @classmethod
        def from_display_module(cls) -> Window:
            return cls()

        def restore(self) -> None:
            calls.append("restore")

        def focus(self) -> None:
            calls.append("focus")

        def flash(self, how: int) -> None:
            calls.append("flash")

    monkeypatch.setattr(pygame, "Window", Window)
    monkeypatch.setattr(pygame.display, "get_active", lambda: False)  # minimised
    app = App(headless=True)
    app.headless = False  # a real window, as far as answer_knock is concerned
    with lock.acquire(tmp_path) as held:
        app.data_lock = held
        app.answer_knock(time.perf_counter())
        assert app.knocks == 0 and calls == []
        time.sleep(0.01)
        lock.knock(tmp_path)
        later = time.perf_counter() + KNOCK_EVERY
        app.answer_knock(later)
        assert app.knocks == 1 and calls == ["restore", "focus", "flash"]
        app.answer_knock(later + KNOCK_EVERY)
        assert app.knocks == 1, "one knock, one answer"
    assert app.next_wait() is not None, "the idle loop wakes to look for knocks"


def test_subcommands_that_open_no_app_run_beside_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    with lock.acquire(data):
        position = ROOT / "tests" / "borealis" / "positions" / "britta_54_points.json"
        scored = _app(data, "score", str(position))
        out, err = scored.communicate(timeout=120)
        assert scored.returncode == 0, err
        assert out.strip().startswith("{")


def test_leftover_temporary_files_are_cleared_at_start(data_dir: Path) -> None:
    from scenes.session import persist

    (data_dir / "saves").mkdir(parents=True)
    leftover = data_dir / ".autosave.json.k2j4h5.tmp"
    leftover.write_text("half a save")
    among_saves = data_dir / "saves" / ".borealis-20260101-120000-abc123.json.x8k2m1.tmp"
    among_saves.write_text("half a save")
    keep = {data_dir / "autosave.json": "{}", data_dir / ".hidden": "x", data_dir / "notes.tmp": "y",
            data_dir / "saves" / "borealis-20260101-120000-abc123.json": "{}"}
    for path, text in keep.items():
        path.write_text(text)
    held = persist.claim_data_folder()
    try:
        assert held is not None
        assert not leftover.exists() and not among_saves.exists()
        assert all(path.read_text() == text for path, text in keep.items())
    finally:
        held.release()
