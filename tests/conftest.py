"""Every test's own data folder; fixtures of the real-window tests (tests/test_real_window*.py): a
virtual screen and a data folder; the order tests run in."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _throwaway_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test saves into a folder of its own: never into the saves, settings and profiles of
    whoever runs the tests (a test that forgot to ask for one left a 20,000-action save there, which
    the main menu then replayed and kept for Continue: 21 MB more in every session after)."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))


@pytest.fixture
def display():
    from tests.realwindow import Display

    screen = Display()
    yield screen
    screen.close()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The real-window tests (a whole game each, the longest tests) run first: with two workers
    (`make test`), the long ones then start while there is still plenty for the other worker to share,
    instead of one worker finishing a game alone at the end."""
    items.sort(key=lambda item: not Path(str(item.path)).name.startswith("test_real_window"))


CRASH_DIR = "POLAR_TABLE_TEST_CRASHES"


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """A worker of `make test` that dies (a crash in a library's C code) leaves its threads' stacks in
    a file, which the summary prints: xdist itself says only that the worker crashed, and what the
    worker wrote to its stderr is lost among the progress dots."""
    import faulthandler
    import os
    import tempfile

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        if os.environ.get(CRASH_DIR) is None:
            os.environ[CRASH_DIR] = tempfile.mkdtemp(prefix="polar-table-crashes-")
        return
    folder = os.environ.get(CRASH_DIR)
    if folder:
        config._polar_crash_file = open(Path(folder) / f"{worker}-{os.getpid()}.txt", "w")  # noqa: SIM115
        faulthandler.enable(config._polar_crash_file, all_threads=True)


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    import os

    folder = os.environ.get(CRASH_DIR)
    if not folder or os.environ.get("PYTEST_XDIST_WORKER") or not Path(folder).is_dir():
        return
    for crash in sorted(Path(folder).glob("*.txt")):
        text = crash.read_text(errors="replace").strip()
        if text:
            terminalreporter.section(f"a worker crashed: {crash.stem}")
            terminalreporter.write_line(text)
