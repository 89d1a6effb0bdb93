"""The pause menu: Settings (bot speed, sound...) during a game, coming back to the pause menu; once
the game is over, nothing offers to save it: back to the table, the scores, back to the menu."""

from __future__ import annotations

import pygame
import pytest

from scenes.shell.end import EndScene
from scenes.shell.generic_table import GenericTable
from scenes.shell.pause import PauseScene
from scenes.shell.scene import Scene
from scenes.shell.settings_menu import SettingsScene
from tests.scenes.helpers import click_button, key, one_human
from tests.scenes.test_shell import finished_game

pytestmark = pytest.mark.usefixtures("toy_borealis")


class Home(Scene):
    """Stands for the main menu at the bottom of the stack."""

    main_menu = True


def _button(scene: Scene, text: str):
    found = [b for b in scene.buttons() if b.text == text]
    assert found, f"no {text!r} among {[b.text for b in scene.buttons()]}"
    return found[0]


def test_settings_during_a_game_and_back_to_the_pause_menu(app):
    home = app.push(Home(app))
    table = app.push(GenericTable(app, one_human()))
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    texts = [b.text for b in pause.buttons()]
    assert texts == ["Resume", "Undo", "Rules", "Settings", "Save and quit"]
    click_button(app, pause.item_buttons["Settings"])
    settings = app.top
    assert isinstance(settings, SettingsScene)
    app.draw()
    assert app.settings.bot_speed == "normal" and not app.settings.muted
    click_button(app, _button(settings, "Fast"))
    click_button(app, _button(settings, "Off (M)"))
    assert app.settings.bot_speed == "fast" and app.settings.muted
    key(app, pygame.K_ESCAPE)  # Back
    assert app.top is pause, "Settings did not come back to the pause menu"
    app.draw()
    click_button(app, pause.item_buttons["Resume"])
    assert app.top is table and app.stack[0] is home
    assert app.settings.bot_speed == "fast" and app.settings.muted


def test_a_finished_game_offers_no_save_and_quit(app):
    _match, table, end = finished_game(app)
    home = app.stack[0]
    click_button(app, end.boards_button)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    texts = [b.text for b in pause.buttons()]
    assert "Save and quit" not in texts and "Undo" not in texts, texts
    assert texts == ["Back to the table", "Scores", "Rules", "Settings", "Back to the menu"]
    app.draw()
    click_button(app, pause.item_buttons["Scores"])
    assert isinstance(app.top, EndScene) and app.top is not end
    click_button(app, app.top.boards_button)
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.item_buttons["Back to the table"])
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.item_buttons["Back to the menu"])
    assert app.top is home


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("text_size", [1.0, 1.5])
def test_every_pause_button_is_inside_the_card_and_the_window(app, size, text_size):
    app.settings.ui_scale = text_size
    app.resize(size)
    app.apply_look()
    table = app.push(GenericTable(app, one_human()))
    pause = app.push(PauseScene(app, table))
    app.draw()
    window = pygame.Rect(0, 0, *app.size)
    rects = [b.rect for b in pause.buttons()]
    assert len(rects) == 5
    for r in rects:
        assert window.contains(r) and pause.card.contains(r), (r, pause.card, app.size)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
