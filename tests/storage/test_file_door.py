"""The door every file comes in by: a path that is not an ordinary file (a named pipe, a folder, a
device) is refused at once with a sentence, by the command line and by Continue, and never waited on;
a file bigger than any save is refused before it is read."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.core.errors import SaveError
from scenes.session import persist
from scenes.storage import saves

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")

WAIT = 20.0
"""Seconds a call may take before it counts as hung (it takes milliseconds)."""


@contextlib.contextmanager
def _unblocked(*pipes: Path) -> Iterator[list[Path]]:
    """Watch over a call that must not wait on ``pipes``: should it hang, a writer opens each pipe
    after WAIT seconds and closes it (the reader then sees an empty file), and the test fails."""
    rescued: list[Path] = []
    done = threading.Event()

    def rescue() -> None:
        if done.wait(WAIT):
            return
        for pipe in pipes:
            with contextlib.suppress(OSError):
                os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
                rescued.append(pipe)

    watcher = threading.Thread(target=rescue, daemon=True)
    watcher.start()
    try:
        yield rescued
    finally:
        done.set()
        watcher.join()


def _in_time(call: Callable[[], Any], *pipes: Path) -> Any:
    """``call()`` on a worker thread; its result (or what it raised) once done; fails if it had to be
    rescued from waiting on a pipe."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out["error"] = exc

    with _unblocked(*pipes) as rescued:
        worker = threading.Thread(target=run, daemon=True)
        worker.start()
        worker.join(WAIT * 3)
    assert not rescued, f"it waited on the named pipe {rescued[0]} for a writer"
    assert not worker.is_alive(), "it hung"
    if "error" in out:
        raise out["error"]
    return out.get("value")


@pytest.fixture
def pipe(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    os.mkfifo(path)
    return path


def test_a_named_pipe_is_refused_unopened(pipe: Path) -> None:
    with pytest.raises(SaveError) as refused:
        _in_time(lambda: saves.read_bytes(pipe), pipe)
    assert str(refused.value) == f"{pipe} is a named pipe, not a file."


@pytest.mark.parametrize("path, words", [("/dev/null", "is a device, not a file."),
                                         ("/dev/zero", "is a device, not a file.")])
def test_a_device_is_refused(path: str, words: str) -> None:
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    with pytest.raises(SaveError, match=words):
        saves.read_bytes(Path(path))


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="is a folder, not a file"):
        saves.read_bytes(tmp_path)


def test_a_pipe_swapped_in_after_the_look_is_refused_without_waiting(
    tmp_path: Path, pipe: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The path was an ordinary file when it was looked at and is a named pipe when it is opened: the
    open does not wait for a writer, and what was opened is checked again."""
    ordinary = tmp_path / "ordinary.json"
    ordinary.write_text("{}")
    real_stat = os.stat

    def looked_before_the_swap(path, *args, **kwargs):
        return real_stat(ordinary if Path(path) == pipe else path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", looked_before_the_swap)
    with pytest.raises(SaveError, match="is a named pipe, not a file"):
        _in_time(lambda: saves.read_bytes(pipe), pipe)


@pytest.mark.parametrize("command", ["score", "replay", "open"])
def test_the_command_line_refuses_a_named_pipe_at_once(command: str, pipe: Path, capsys, monkeypatch) -> None:
    from scenes.tools import cli

    monkeypatch.setattr(cli, "_app_run", lambda **kwargs: pytest.fail("the app was opened on a named pipe"))
    code = _in_time(lambda: cli.main([command, str(pipe)]), pipe)
    err = capsys.readouterr().err
    assert code == cli.EXIT_BAD_INPUT
    assert f"{pipe} is a named pipe, not a file." in err and "Traceback" not in err


def test_continue_sets_a_named_pipe_in_the_saves_folder_aside_without_waiting(data_dir: Path, toy) -> None:
    """A named pipe dropped among the saves, and one where an older version kept its autosave: the
    menu's reading does not wait on them; they are moved into corrupt/ (renamed, never opened) and
    said, and the real game in progress is listed."""
    from scenes.session import games
    from scenes.storage import in_progress
    from tests.storage.helpers import play_saved

    games.forget_cache()
    saved, _states = play_saved(toy, actions=3)
    in_progress.write("real.json", saved.dumps())
    dropped = in_progress.folder() / "dropped.json"
    os.mkfifo(dropped)
    old = in_progress.legacy_path()
    os.mkfifo(old)
    listed = _in_time(games.listing, dropped, old, in_progress.folder() / "autosave.json")
    assert [g.name for g in listed] == ["real.json"]
    kept = sorted((data_dir / "corrupt").iterdir())
    assert len(kept) == 2 and all(stat.S_ISFIFO(os.lstat(p).st_mode) for p in kept)
    said = [n.text for n in persist.take_notices()]
    assert len(said) == 2 and all("is a named pipe, not a file." in t for t in said), said
    assert all(t.startswith("A game in progress could not be resumed: ") for t in said)


def test_the_menu_opens_with_a_named_pipe_for_an_autosave(data_dir: Path, monkeypatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    data_dir.mkdir(parents=True, exist_ok=True)
    os.mkfifo(data_dir / "autosave.json")
    app = App((1280, 720), headless=True, settings=Settings())
    try:
        with _unblocked(data_dir / "autosave.json", data_dir / "saves" / "autosave.json") as rescued:
            menu = app.push(MenuScene(app))
            menu.wait_for_saves(WAIT * 2)
        assert not rescued, "the menu waited on a named pipe"
        app.update()
        assert "Continue" not in menu.menu_buttons
        assert any("named pipe" in t for t in app.toasts.texts())
    finally:
        app.bots.shutdown()


# --- size -------------------------------------------------------------------------------------------


def test_a_file_far_bigger_than_any_save_is_refused_unread(tmp_path: Path, monkeypatch) -> None:
    """5 MB of what looks like a save (the longest game we know saves in 0.5 MB): refused before a
    byte of it is read or parsed."""
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.write(b'{"format": "polar-table-save", "padding": "')
        out.write(b"x" * (5 * 1024 * 1024))
        out.write(b'"}')
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))

    def never(*args, **kwargs):
        raise AssertionError("an oversize file was parsed")

    monkeypatch.setattr(saves.json, "loads", never)
    with pytest.raises(SaveError, match="far too large to be a save"):
        saves.load_file(path)
    assert read == [], "it was read"


def test_a_file_that_grows_past_the_limit_is_read_no_further(tmp_path: Path, monkeypatch) -> None:
    """A file that says it is small but goes on (it grows while read, a special file): reading stops
    one byte past the limit and refuses it."""
    path = tmp_path / "grows.json"
    with path.open("wb") as out:
        out.truncate(saves.MAX_BYTES * 2)  # sparse
    small = os.stat_result((stat.S_IFREG | 0o644, 1, 1, 1, 0, 0, 10, 0, 0, 0))
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: small)
    monkeypatch.setattr(os, "fstat", lambda fd: small)
    read: list[int] = []
    real_read = os.read

    def counted(fd: int, n: int) -> bytes:
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk

    monkeypatch.setattr(os, "read", counted)
    with pytest.raises(SaveError, match="far too large to be a save"):
        saves.read_bytes(path)
    assert sum(read) == saves.MAX_BYTES + 1


def test_a_save_near_the_limit_still_loads(tmp_path: Path, toy) -> None:
    from tests.storage.helpers import play_saved

    saved, _states = play_saved(toy, actions=3)
    raw = saved.dumps().encode()
    path = tmp_path / "fine.json"
    path.write_bytes(raw + b" " * (saves.MAX_BYTES - len(raw)))  # whitespace up to the very limit
    assert saves.load_file(path).record.actions == saved.record.actions


def test_a_file_that_cannot_be_read_says_why(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{}")

    def failing(fd: int, n: int) -> bytes:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "read", failing)
    with pytest.raises(SaveError, match=r"cannot be read \(Input/output error\)"):
        saves.read_bytes(path)
