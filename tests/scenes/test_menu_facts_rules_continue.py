"""The main menu tells each built game's players and length, opens its rules from its tile, and says
which game Continue resumes."""

from __future__ import annotations

import pygame
import pytest

from game.core import registry
from scenes.session import persist
from scenes.session.match import Match, SeatConfig
from scenes.shell.menu import MenuScene, facts_line
from scenes.shell.rules import RulesScene
from scenes.shell.setup import SetupScene
from tests.scenes.helpers import click, key, one_human


def test_borealis_says_its_players_and_length():
    info = registry.get("borealis").info
    assert info.play_minutes == (45, 45)
    assert facts_line(info) == "2–4 players · about 45 min"


def test_a_game_with_a_range_or_no_length_says_what_it_knows():
    from dataclasses import replace

    info = registry.get("borealis").info
    assert facts_line(replace(info, play_minutes=(30, 60))) == "2–4 players · 30–60 min"
    assert facts_line(replace(info, play_minutes=None)) == "2–4 players"
    assert facts_line(replace(info, min_players=2, max_players=2, play_minutes=None)) == "2 players"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_tile_shows_its_facts_and_its_badges_inside_it(app, size):
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    menu = app.push(MenuScene(app))
    app.draw()
    tile = next(t for t in menu.tiles if t.entry.id == "borealis")
    assert tile.rect.contains(tile.play_rect) and tile.rect.contains(tile.rules_rect)
    assert tile.play_rect.right < tile.rules_rect.left and tile.play_rect.bottom == tile.rules_rect.bottom
    facts = facts_line(registry.get("borealis").info)
    assert menu.fonts.font("small").size(facts)[0] <= tile.rect.w - round(16 * menu.s)
    assert all(t.rules_rect.w == 0 for t in menu.tiles if not t.playable)
    assert menu.click_targets()["rules:borealis"] == list(tile.rules_rect)


@pytest.mark.usefixtures("toy_borealis")
def test_the_rules_badge_opens_the_rules_and_back_returns_to_the_menu(app):
    menu = app.push(MenuScene(app))
    app.draw()
    tile = next(t for t in menu.tiles if t.playable)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tile.rules_rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert menu.rules_hovered == menu.tiles.index(tile)
    menu.tweens.finish()  # the hovered tile has risen: its badge is still where the click lands
    app.draw()
    click(app, tile.rules_rect.move(0, -round(6 * menu.s)).center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game_id == "borealis"
    assert any(tip == "Read the rules of Borealis: Arctic Expeditions" for _r, tip in menu.tips)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    app.push(RulesScene(app, "borealis"))
    back = app.top.find_button("Back")
    click(app, back.rect.center)
    assert app.top is menu
    click(app, tile.art_rect.center)  # the rest of the tile still opens the setup
    assert isinstance(app.top, SetupScene)


@pytest.mark.usefixtures("toy_borealis")
def test_continue_names_the_game_and_who_plays_under_its_button(app):
    match = one_human()
    match.apply(match.legal_actions()[0])
    persist.autosave(match)
    menu = app.push(MenuScene(app))
    app.draw()
    button = menu.menu_buttons["Continue"]
    assert button.text == "Continue"
    assert menu.continue_lines == ["Borealis: Arctic Expeditions", "Ana, Bo · 1 move"]
    under = menu.continue_under
    assert under.centerx == button.rect.centerx and under.top >= button.rect.bottom
    assert pygame.Rect(0, 0, *app.size).contains(under)
    assert not any(under.colliderect(t.rect) for t in menu.tiles)
    small, bold = menu.fonts.font("small"), menu.fonts.font("small", True)
    assert bold.size(menu.continue_lines[0])[0] <= button.rect.w
    assert small.size(menu.continue_lines[1])[0] <= button.rect.w
    # the words are drawn there: many light pixels where the night sky has a few stars at most
    light = [(x, y) for x in range(under.x, under.right) for y in range(under.y, under.bottom)
             if min(tuple(app.surface.get_at((x, y)))[:3]) > 200]
    assert len(light) > 60


@pytest.mark.usefixtures("toy_borealis")
def test_long_names_under_continue_give_way_to_the_number_of_players(app):
    seats = [SeatConfig("Bartholomew-Alexander Jo", 0, "human"), SeatConfig("Maximiliana Rosalind", 1, "bot")]
    match = Match.start("borealis", seats, seed=3)
    persist.autosave(match)
    menu = app.push(MenuScene(app))
    app.draw()
    assert menu.continue_lines == ["Borealis: Arctic Expeditions", "2 players · 0 moves"]
    assert not any(line.endswith("…") for line in menu.continue_lines)


def test_no_autosave_no_lines_under_the_buttons(app):
    menu = app.push(MenuScene(app))
    app.draw()
    assert "Continue" not in menu.menu_buttons and menu.continue_lines == []
