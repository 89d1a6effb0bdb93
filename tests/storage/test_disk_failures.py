"""Storage failures are said: a full disk, a read-only folder or a refused write leave a lasting
warning (until a later save succeeds), the last good save in place and no temporary file behind."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from pathlib import Path

import pytest

from scenes.session import persist
from scenes.session.match import Match
from scenes.storage import in_progress
from tests.storage.helpers import play_saved, tmpfs


def _match(toy, actions: int = 3) -> Match:
    saved, _states = play_saved(toy, actions=actions)
    return Match.from_saved(saved)


def _leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.rglob("*") if p.name.endswith(".tmp")]


def test_a_full_disk_is_said_until_a_save_works(data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    match = _match(toy)
    persist.autosave(match)
    path = in_progress.path_of(match.save_name)
    good = path.read_bytes()
    assert persist.STATUS.save_problem is None

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        match.apply(match.legal_actions()[0])
        persist.autosave(match)
    problem = persist.STATUS.save_problem
    assert problem == "This game is not being saved: the disk is full."
    assert path.read_bytes() == good, "the last good save was spoiled"
    assert _leftovers(data_dir) == []
    persist.autosave(match)
    assert persist.STATUS.save_problem is None


def test_a_really_full_tmpfs(tmp_path: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    with tmpfs(tmp_path / "small") as small:
        monkeypatch.setenv("POLAR_TABLE_DATA", str(small))
        filler = small / "filler"
        with contextlib.suppress(OSError), filler.open("wb") as handle:
            while True:
                handle.write(b"x" * 4096)
                handle.flush()
        match = _match(toy, 6)
        persist.autosave(match)
        assert "the disk is full" in (persist.STATUS.save_problem or "")
        assert _leftovers(small) == []
        filler.unlink()
        persist.autosave(match)
        assert persist.STATUS.save_problem is None and not persist.unsaved()


def test_a_read_only_folder(tmp_path: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    with tmpfs(tmp_path / "ro", "1m") as folder:
        monkeypatch.setenv("POLAR_TABLE_DATA", str(folder))
        finished = Match.from_saved(play_saved(toy, actions=500)[0])
        assert finished.is_over()
        persist.autosave(finished)
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        persist.autosave(_match(toy, 6))
        assert persist.STATUS.save_problem == "This game is not being saved: the folder is read-only."
        report = persist.record_finished(finished)
        assert report is not None and not report.recorded
        assert in_progress.path_of(finished.save_name).exists()
        assert "read-only" in (persist.STATUS.record_problem or "")
        notices = [n.text for n in persist.take_notices()]
        assert notices and all("Traceback" not in n and "Errno" not in n for n in notices), notices
        assert persist.claim_data_folder() is None, "no lock file can be made there; the app opens anyway"


def test_a_refused_write_without_root(data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    with monkeypatch.context() as patched:
        patched.setattr("tempfile.mkstemp", refused)
        persist.autosave(_match(toy))
    assert persist.STATUS.save_problem == "This game is not being saved: Polar Table is not allowed to write there."


def test_the_warning_reaches_the_screen_and_stays(data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.shell.table import TableScene
    from scenes.shell.tables import table_scene_for
    from scenes.storage.settings import Settings

    app = App((1280, 720), headless=True, settings=Settings())
    try:
        app.push(MenuScene(app))
        persist.STATUS.notice("Your profiles could not be read.")
        app.step(block=False)
        assert "Your profiles could not be read." in app.toasts.texts()
        coral = tuple(app.pal.coral)[:3]
        assert tuple(app.surface.get_at((2, 2)))[:3] != coral

        persist.STATUS.save_problem = "This game is not being saved: the disk is full."
        assert app.storage_banner() is None, "the menu has no game being saved"
        table = table_scene_for(toy.info.id)(app, _match(toy))
        assert isinstance(table, TableScene)
        app.stack.insert(0, table)
        assert app.storage_banner() == persist.STATUS.save_problem
        app.dirty = True
        app.step(block=False)
        assert tuple(app.surface.get_at((2, 2)))[:3] == coral
        for _ in range(3):
            app.dirty = True
            app.step(block=False)
            assert tuple(app.surface.get_at((2, 2)))[:3] == coral, "the warning went away by itself"
        persist.autosave(_match(toy))
        assert app.storage_banner() is None
        app.dirty = True
        app.step(block=False)
        assert tuple(app.surface.get_at((2, 2)))[:3] != coral
    finally:
        app.stack.pop(0)
        app.bots.shutdown()


@pytest.mark.parametrize("content", [None, b"[1, 2", b"\xff\xfe not text", b'{"game": "no_such_game"}'])
def test_a_file_that_cannot_be_opened_is_said_in_words(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes | None
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from scenes.shell import app as app_module
    from scenes.shell import opening
    from scenes.storage.settings import Settings

    target = tmp_path / "chosen"
    if content is None:
        target.mkdir()
    else:
        target.write_bytes(content)
    app = app_module.App((1280, 720), headless=True, settings=Settings())
    try:
        opening.open_position(app, str(target))
        (text,) = app.toasts.texts()
        assert text.startswith("That file could not be opened: ")
        for internal in ("Errno", "Expecting", "codec", "char ", "Error"):
            assert internal not in text, text
    finally:
        app.bots.shutdown()
