"""Starting the app: open the window on the main menu (or on a position or save given on the command
line), or, as a smoke run, draw a few frames offscreen through every main scene; a second app started
on a data folder another one holds only knocks on it and says so. The one module that creates the app
and its first scenes, so that the app itself imports no scene."""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import pygame

from game.core import i18n, registry
from game.core.i18n import _
from scenes.kit import style
from scenes.session import persist
from scenes.shell import opening
from scenes.shell.app import App
from scenes.shell.menu import MenuScene
from scenes.shell.settings_menu import SettingsScene
from scenes.shell.setup import SetupScene
from scenes.storage.lock import AlreadyOpen


def run(open_position: str | None = None, smoke: bool = False, open_data: Any = None) -> int:
    """Open the app (the main menu, or ``open_position``); ``smoke`` draws a few frames offscreen
    through every main scene and returns 0 if all went well."""
    started = time.perf_counter()
    if smoke:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        held = persist.claim_data_folder()
    except AlreadyOpen:
        return _already_open()
    try:
        app = App(headless=smoke, started_at=started)
        app.data_lock = held
        app.push(MenuScene(app))
        if open_position:
            opening.open_position(app, open_position, open_data)
        if smoke:
            return _smoke(app)
        return app.run_loop()
    finally:
        if held is not None:
            held.release()


ALREADY_OPEN = 3
"""The exit code of a second app started on a data folder another one holds."""


def _already_open() -> int:
    """Another Polar Table holds the data folder: knock (it brings its window to the front), say so
    (on stderr, and in a small window where there is a screen) and touch nothing else."""
    persist.knock_on_data_folder()
    i18n.set_language(persist.language_on_file())
    sentence = _("Polar Table is already open. Use the window that is open: only one can play at a time.")
    print(sentence, file=sys.stderr)
    if _has_screen():
        try:
            pygame.display.init()
            try:
                pygame.display.message_box("Polar Table", sentence, "info")
            except (pygame.error, AttributeError, TypeError):  # no system dialog here (X11 without zenity)
                _message_window(sentence)
        except pygame.error:
            pass
        finally:
            pygame.display.quit()
    return ALREADY_OPEN


def _message_window(sentence: str, seconds: float = 12.0) -> None:
    """A small window with ``sentence``; it goes on a click, a key, its close button or after ``seconds``."""
    pygame.font.init()
    fonts, pal = style.Fonts(1.0), style.palette()
    pad, width = 28, 560
    lines = fonts.wrap(sentence, width - pad * 2, "body")
    line_h = fonts.font("body").get_linesize()
    screen = pygame.display.set_mode((width, pad * 2 + line_h * len(lines)))
    pygame.display.set_caption("Polar Table")
    screen.fill(pal.night)
    for i, line in enumerate(lines):
        screen.blit(fonts.render(line, "body", pal.text), (pad, pad + i * line_h))
    pygame.display.flip()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) for e in pygame.event.get()):
            return
        time.sleep(0.05)


def _has_screen() -> bool:
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if os.name == "posix" and sys.platform != "darwin":
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def _smoke(app: App) -> int:
    app.step(block=False)
    app.push(SettingsScene(app))
    app.step(block=False)
    app.pop()
    for game_id in registry.available()[:1]:
        try:
            registry.get(game_id)
        except Exception:  # noqa: BLE001 - a game under construction
            continue
        setup = app.push(SetupScene(app, game_id))
        app.step(block=False)
        assert isinstance(setup, SetupScene)
        setup.set_kind(0, "bot", "easy")
        setup.start()
        for _frame in range(5):
            app.step(block=False)
    app.resize((1920, 1080))
    app.step(block=False)
    app.close()
    return 0
