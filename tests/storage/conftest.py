from __future__ import annotations

from pathlib import Path

import pytest

from game.core import registry
from game.core.errors import SaveError
from game.core.i18n import set_language
from tests.storage import toy_game


@pytest.fixture(autouse=True)
def english() -> None:
    """Messages are checked in English whatever an earlier test chose."""
    set_language("en")


@pytest.fixture(autouse=True)
def fresh_storage_status():
    """Each test starts with nothing said, nothing held in memory and no game in progress read yet."""
    from scenes.session import games, persist

    persist.STATUS.reset()
    games.forget_cache()
    yield
    persist.STATUS.reset()
    games.forget_cache()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("POLAR_TABLE_DATA", str(folder))
    return folder


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> toy_game.Nim:
    return toy_game.install(monkeypatch)


def borealis_or_skip():
    try:
        return registry.get("borealis")
    except (SaveError, ImportError, AttributeError) as exc:
        pytest.skip(f"Borealis rules are not importable yet: {exc}")


@pytest.fixture(params=["borealis", toy_game.GAME_ID])
def any_game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """The real Borealis rules (skipped until they land) and the toy game (always)."""
    if request.param == "borealis":
        return borealis_or_skip()
    return toy_game.install(monkeypatch)
