"""Fixtures of the real-window tests (tests/test_real_window*.py): a virtual screen and a data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


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
