"""Iluliaq's bots aim by geometry: legal intents from the view alone, completed by a resolver."""

from __future__ import annotations

import math

import pytest

from game.core.bots import HINT, LEVELS, decide
from game.core.selfplay import play as selfplay
from game.iluliaq.bots import BOTS, SLIDE, aimed_throw, free_of_bears, target
from game.iluliaq.rules import RULES
from game.iluliaq.table import FLIGHT, KIDS_LINE, LINE, Place, Placed, Throw, Thrown, aim, release_point
from tests.iluliaq import stand_in
from tests.iluliaq.helpers import BEARS, DODOS, PENGUINS, position, resting, thrown

P = PENGUINS


def test_every_level_is_offered():
    assert set(RULES.bots()) == {*LEVELS, HINT}


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("kids", [False, True])
def test_the_aim_reaches_the_target_with_flight_and_slide(players, kids):
    state = RULES.new_game(RULES.default_options(players, kids=kids), 1)
    state.flow[-1].seat = players - 1
    space = RULES.space(state)
    values = aimed_throw(RULES.view(state, players - 1), space, (20.0, -10.0))
    assert space.contains(Throw(**values))
    assert values["distance"] >= (KIDS_LINE if kids else LINE)
    rx, ry = release_point(players - 1, players, values["distance"], values["offset"])
    dx, dy = aim(players - 1, players, values["angle"])
    reach = values["power"] * FLIGHT + SLIDE * values["power"] ** 2
    assert math.isclose(rx + reach * dx, 20.0, abs_tol=1e-6) and math.isclose(ry + reach * dy, -10.0, abs_tol=1e-6)


@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_throws_a_legal_card_that_the_resolver_completes(level):
    state = RULES.new_game(RULES.default_options(3), 2)
    action = decide(RULES, state, level, 11, resolver=stand_in.resolve)
    assert isinstance(action, Thrown) and RULES.is_legal(state, action)
    RULES.advance(state, action)


def test_the_hard_bot_lands_most_of_its_throws_on_a_bare_iceberg():
    state = RULES.new_game(RULES.default_options(4), 3)
    landed = 0
    for seed in range(20):
        action = decide(RULES, state, "hard", seed, resolver=stand_in.resolve)
        landed += next(p for p in action.outcome.poses if p.card == action.outcome.card).layer >= 1
    assert landed >= 16


def test_careful_bots_keep_clear_of_an_uncovered_bear():
    bear = resting(position([[P[0]], [P[1]]], deck=[P[2]]).table, BEARS[0], -31.0, -0.5)
    state = position([[P[0], P[1]], [P[2]]], deck=[P[3]], on_table=[bear])
    point = target(state.table, careful=True)
    assert free_of_bears(state.table, *point) and not free_of_bears(state.table, 0.0, 0.0)
    assert target(state.table, careful=False) == (0.0, 0.0)


def test_the_dodos_card_is_laid_on_the_middle():
    state = position([[DODOS[0], P[1]], [P[2]]], deck=[P[3], P[4]])
    after = RULES.apply(state, thrown(state))
    action = decide(RULES, after, "hard", 5, resolver=stand_in.resolve)
    assert isinstance(action, Placed) and isinstance(action.intent, Place)
    assert abs(action.intent.x) <= 2.0 and abs(action.intent.y) <= 2.0
    RULES.advance(after, action)


@pytest.mark.parametrize("kids", [False, True])
def test_selfplay_finishes_games_at_every_level(kids):
    for seed in range(3):
        run = selfplay(RULES, RULES.default_options(4, kids=kids), seed, LEVELS, resolver=stand_in.resolve)
        assert run.ok and run.line["winners"], run.line


@pytest.mark.parametrize("kids", [False, True])
def test_the_bots_are_steadier_at_higher_levels(kids):
    easy, normal, hard = (BOTS[level].steady(kids) for level in LEVELS)
    assert easy.angle > normal.angle > hard.angle and easy.power > normal.power > hard.power
    assert easy.place > normal.place > hard.place


def test_in_kids_mode_the_bots_stand_back_from_the_box():
    state = RULES.new_game(RULES.default_options(3, kids=True), 1)
    for level in LEVELS:
        values = aimed_throw(RULES.view(state, 0), RULES.space(state), (0.0, 0.0), BOTS[level].steady(True).back)
        assert values["distance"] >= KIDS_LINE + 150.0
