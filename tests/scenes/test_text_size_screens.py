"""The menu, Settings and the setup at the largest text size, at 1280x720: the menu's buttons stay in
the window and off the games' tiles, Settings scrolls (wheel, keys, its bar) to its last rows, the
setup's rows keep their height and scroll, and the seed waits behind More."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.session import persist  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from tests.scenes.helpers import click, click_button, key  # noqa: E402

LARGEST = 1.5


@pytest.fixture
def big_app():
    from scenes.shell.app import App
    from scenes.storage.settings import Settings

    application = App((1280, 720), headless=True, settings=Settings(ui_scale=LARGEST))
    yield application
    application.bots.shutdown()


def wheel(app, pos, dy: int) -> None:
    """The wheel turned ``dy`` notches (up: positive) with the pointer at ``pos``."""
    mp = pytest.MonkeyPatch()
    mp.setattr(pygame.mouse, "get_pos", lambda: pos)  # the dummy video driver has no pointer
    try:
        app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)))
    finally:
        mp.undo()


def shown_buttons(scene) -> dict[str, pygame.Rect]:
    return {b.text: pygame.Rect(b.rect) for b in scene.buttons() if b.visible}


def test_menu_buttons_fit_the_window_and_keep_off_the_tiles(big_app):
    from scenes.shell.menu import MenuScene

    persist.autosave(Match.start("borealis", [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT)], seed=3))
    menu = big_app.push(MenuScene(big_app))
    big_app.draw()
    window = pygame.Rect(0, 0, *big_app.size)
    buttons = shown_buttons(menu)
    assert {"Continue", "Players", "Settings", "Quit"} <= set(buttons)
    for text, r in buttons.items():
        assert window.contains(r), f"{text} at {r} runs off the window"
        for tile in menu.tiles:
            assert not r.colliderect(tile.rect), f"{text} at {r} lies over the tile of {tile.entry.name}"
    for tile in menu.tiles:
        assert tile.art_rect.h >= tile.art_rect.w // 3, "the covers still show"


def test_settings_scroll_to_their_last_rows(big_app):
    from scenes.shell.settings_menu import SettingsScene

    settings = big_app.push(SettingsScene(big_app))
    big_app.draw()
    window = pygame.Rect(0, 0, *big_app.size)
    assert all(window.contains(r) for r in shown_buttons(settings).values())
    assert "On" not in shown_buttons(settings) and settings.volume_slider is None, "the last rows wait below"
    assert settings.list.most > 0
    wheel(big_app, settings.list.view.center, -1)
    assert settings.list.offset > 0, "the wheel scrolls the rows"
    key(big_app, pygame.K_END)
    assert settings.list.offset == settings.list.most
    big_app.draw()
    assert "Off (M)" in shown_buttons(settings) and settings.volume_slider is not None
    assert window.contains(settings.volume_slider.rect)
    key(big_app, pygame.K_HOME)
    assert settings.list.offset == 0 and "English" in shown_buttons(settings)
    key(big_app, pygame.K_PAGEDOWN)
    assert settings.list.offset > 0
    click(big_app, (settings.list.view.right - 4, settings.list.view.y + 4))  # the bar: a page up
    assert settings.list.offset == 0
    while settings.find_button("Slow") is None:
        key(big_app, pygame.K_DOWN)  # a row at a time
    assert settings.list.offset == settings.pitch, "an arrow moves one row"
    click_button(big_app, settings.find_button("Normal"))  # a row scrolled into sight works
    assert big_app.settings.bot_speed == "normal"


def test_setup_rows_keep_their_height_and_scroll(big_app):
    from scenes.shell.setup import SetupScene

    setup = big_app.push(SetupScene(big_app, "iluliaq"))
    setup.set_players(6)
    big_app.draw()
    heights = {r.h for r in setup.seat_rows.values()}
    assert heights == {round(42 * LARGEST)}, "a seat's row is as tall as at any size"
    start = setup.start_button.rect
    for entry in setup.entries.values():
        assert not entry.rect.colliderect(start)
    assert 5 not in setup.entries, "the last seats wait below"
    wheel(big_app, setup.seat_list.view.center, -10)
    assert 5 in setup.entries and 0 not in setup.entries
    assert setup.seat_rows[5].bottom <= setup.left.bottom
    setup.entries[5].set_text("Zed")
    wheel(big_app, setup.seat_list.view.center, 10)
    assert 0 in setup.entries
    assert setup.table_seats()[5].name == "Zed", "a name typed in a row scrolled away is kept"


def test_the_seed_waits_behind_more(app):
    from scenes.shell.setup import SetupScene

    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    assert setup.seed_entry is None and setup.more_button.text == "More"
    click_button(app, setup.more_button)
    assert setup.seed_entry is not None and setup.more_button.text == "Less"
    setup.seed_entry.set_text("42")
    click_button(app, setup.more_button)
    assert setup.seed_entry is None and setup.more_button.text == "More (seed 42)"
    assert setup.chosen_seed() == 42, "a seed typed stays while More is closed"
    setup.remember()
    app.pop()
    again = app.push(SetupScene(app, "borealis"))
    assert not again.more and again.chosen_seed() is None, "More opens closed, and no seed is remembered"
