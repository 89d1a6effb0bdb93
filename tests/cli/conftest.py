from __future__ import annotations

from pathlib import Path

import pytest

from tests.storage import toy_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("POLAR_TABLE_DATA", str(folder))
    return folder


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> toy_game.Nim:
    return toy_game.install(monkeypatch)
