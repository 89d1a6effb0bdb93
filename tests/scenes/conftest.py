"""Headless scene tests: the dummy video driver, a throwaway data folder, and the toy game standing in
for Borealis so the shell is tested on its own."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.core import registry  # noqa: E402

TOY = "tests.scenes.toy_game"


@pytest.fixture(autouse=True)
def _isolated():
    """Every scene test is in English (and saves into a throwaway data folder: tests/conftest.py)."""
    from game.core import i18n

    i18n.set_language("en")
    yield


@pytest.fixture
def toy_borealis(monkeypatch):
    """The shell's own tests: the toy game stands in for Borealis, on the generic table."""
    catalogue = tuple(
        registry.Entry(e.id, e.name, e.cover, TOY if e.id == "borealis" else None) for e in registry.CATALOGUE
    )
    monkeypatch.setattr(registry, "CATALOGUE", catalogue)
    monkeypatch.setattr("scenes.shell.tables.TABLES", {})
    yield


@pytest.fixture
def app():
    from scenes.shell.app import App
    from scenes.storage.settings import Settings

    application = App((1280, 720), headless=True, settings=Settings())
    yield application
    application.bots.shutdown()


@pytest.fixture
def sizes(monkeypatch):
    """(px, text) of every word rendered from now on (the no-text-under-14-px tests)."""
    import pygame

    seen: list[tuple[int, str]] = []
    base = pygame.font.Font

    class Recording(base):  # type: ignore[misc, valid-type]
        def __init__(self, file=None, size=20, *args, **kw):
            super().__init__(file, size, *args, **kw)
            self.px = size

        def render(self, text, *args, **kw):
            if str(text).strip():
                seen.append((self.px, str(text)))
            return super().render(text, *args, **kw)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    return seen
