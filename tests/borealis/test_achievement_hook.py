"""The optional per-game hooks of the rules contract (achievements, titles, term pictures) as Borealis
implements them, and their empty defaults for a game that has none."""

from __future__ import annotations

import pytest

from game.borealis import achievements as achievement_rules
from game.borealis.data import cards, scoring_cards
from game.borealis.rules import RULES
from game.core.contract import Options
from game.core.paths import asset
from tests.borealis.helpers import load, position


def test_the_hook_gives_what_the_rulebook_section_gives():
    state = load("britta_54_points")
    assert RULES.achievements(state, 0) == {"win", "score_50"}
    assert RULES.achievements(state, 1) == set()
    seven = [c.id for c in cards() if c.species == "puffin"][:7]
    state = position(
        [{"hand": [], "right": {"flag": 7}, "middle": {"cards": seven}}, {"hand": []}],
        pool=[], deck=[], phase="over", to_act=None,
    )
    assert RULES.achievements(state, 0) == achievement_rules.achievements(RULES.result(state), state, 0)
    assert {"last_space", "seven_of_a_kind", "win"} <= RULES.achievements(state, 0)


def test_nineteen_names_in_rulebook_order():
    names = RULES.achievement_names()
    assert len(names) == 19
    assert list(names)[:5] == ["win", "score_50", "score_60", "score_70", "score_80"]
    assert set(scoring_cards()) <= set(names), "every scoring card has its achievement"
    assert names["score_50"] == "Score 50+ points"


@pytest.mark.parametrize(
    ("count", "title"),
    [
        (0, "Tundra Tourist"),
        (4, "Tundra Tourist"),
        (5, "Arctic Amateur"),
        (8, "Arctic Amateur"),
        (9, "Boreal Backpacker"),
        (12, "Boreal Backpacker"),
        (13, "Experienced Expeditioner"),
        (16, "Experienced Expeditioner"),
        (17, "Polar Pro"),
        (19, "Polar Pro"),
    ],
)
def test_title_thresholds(count, title):
    assert RULES.achievement_title(count) == title


def test_every_term_of_a_result_has_a_picture_that_exists():
    icons = RULES.term_icons()
    for kids in (False, True):
        state = RULES.new_game(Options(players=3, kids=kids), seed=5)
        for term in RULES.result(state).terms:
            assert term.key in icons, term.key
    for path in set(icons.values()):
        assert asset(path).exists(), path
    assert icons["flags"].endswith("flag.svg") and icons["objectives"].endswith("token_5.svg")
    assert icons["tokens"].endswith("token_1.svg")


def test_a_game_without_achievements_gets_empty_defaults():
    from tests.scenes.toy_game import RULES as TOY

    state = TOY.new_game(Options(players=2), seed=1)
    assert TOY.achievements(state, 0) == set()
    assert TOY.achievement_names() == {}
    assert TOY.achievement_title(7) == ""
    assert TOY.term_icons() == {}
