"""Setup: a game that fixes its seats' colours (the Avalanche toy's rope teams, as ILAN's expeditions)
offers those, each with its shape, instead of the family's colours, and the rules get each seat's; a
variant that holds for some player counts only shows at those counts, and the game is played with its
default at the others."""

from __future__ import annotations

import os

import pygame
import pytest

from scenes.kit import style
from scenes.shell.setup import SetupScene
from tests.scenes.helpers import click_button
from tests.toys import fanout

ROPES = fanout.ROPES
PICTURE = os.environ.get("POLAR_TABLE_SETUP_PNG")
"""Where to save the setup's picture to look at (unset: not saved)."""


@pytest.fixture
def setup(app):
    scene = app.push(SetupScene(app, fanout.RULES.info.id))
    app.draw()
    return scene


def token_pixel(app, setup: SetupScene, seat: int) -> tuple[int, int, int]:
    return tuple(app.surface.get_at(setup.token_rects[seat].center))[:3]


def test_the_seats_take_the_games_colours_with_their_shapes(app, setup):
    setup.set_players(4)
    app.draw()
    assert [setup.colour(i).key for i in range(4)] == ["red", "gold", "teal", "violet"]
    assert [setup.colour(i).shape for i in range(4)] == ["triangle", "square", "diamond", "star"]
    for seat, rope in enumerate(ROPES):
        assert token_pixel(app, setup, seat) == tuple(pygame.Color(rope.rgb))[:3]
    family = {tuple(c.colour)[:3] for c in style.PLAYER_COLOURS}
    assert not family & {token_pixel(app, setup, i) for i in range(4)}
    tips = [text for _rect, text in setup.tips]
    assert "Colour: Gold rope. Click for the next one." in tips
    if PICTURE:
        pygame.image.save(app.surface, PICTURE)


def test_a_seats_colour_goes_round_the_games_colours_the_others_leave_free(app, setup):
    setup.set_players(2)
    seen = []
    for _turn in range(4):
        setup.cycle_colour(0)
        seen.append(setup.colour(0).key)
    assert seen == ["teal", "violet", "red", "teal"]  # gold is seat 1's; four ropes, not seven colours
    assert len(setup.colours) == len(ROPES)


def test_the_rules_get_each_seats_colour(app, setup):
    setup.set_players(3)
    setup.cycle_colour(0)  # red -> (gold and teal taken) violet
    click_button(app, setup.start_button)
    match = app.top.match
    assert match.options.colours == ("violet", "gold", "teal")
    assert [c.key for c in match.game.colours_of(match.options)] == ["violet", "gold", "teal"]


def test_a_variant_shows_only_at_the_counts_it_holds_for(app, setup):
    setup.set_players(3)
    assert [label for _y, label in setup.option_labels] == ["Mountain"]
    setup.cycle_variant("mountain")
    assert setup.find_button("Six rows") is not None
    setup.set_players(4)
    assert [label for _y, label in setup.option_labels] == []
    assert setup.find_button("Six rows") is None and setup.find_button("Four rows") is None
    assert setup.chosen_variants() == {}
    setup.set_players(2)
    assert setup.find_button("Six rows") is not None  # the choice comes back with the count


def test_a_variant_chosen_at_another_count_is_played_with_its_default(app, setup):
    setup.set_players(3)
    setup.cycle_variant("mountain")
    setup.set_players(4)
    click_button(app, setup.start_button)
    match = app.top.match
    assert match.options.variants["mountain"] == "4" and match.state.summit == 4


def test_the_remembered_setup_keeps_the_colours_within_the_games(app, setup):
    setup.set_players(2)
    setup.cycle_colour(1)
    setup.remember()
    again = app.push(SetupScene(app, fanout.RULES.info.id))
    assert [again.colour(i).key for i in range(2)] == ["red", "teal"]
