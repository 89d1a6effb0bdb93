"""Achievements and titles."""

from __future__ import annotations

import pytest

from game.borealis.achievements import achievement_names, achievements, title
from game.borealis.data import cards
from game.borealis.rules import RULES
from tests.borealis.helpers import load, position


def test_nineteen_achievements_with_names():
    names = achievement_names()
    assert len(names) == 19
    assert names["win"] == "Win a game"


@pytest.mark.parametrize(
    ("count", "name"),
    [(0, "Tundra Tourist"), (4, "Tundra Tourist"), (5, "Arctic Amateur"), (8, "Arctic Amateur"),
     (9, "Boreal Backpacker"), (12, "Boreal Backpacker"), (13, "Experienced Expeditioner"),
     (16, "Experienced Expeditioner"), (17, "Polar Pro"), (19, "Polar Pro")],
)
def test_titles(count, name):
    assert title(count) == name


def test_britta_wins_with_50_plus():
    state = load("britta_54_points")
    result = RULES.result(state)
    assert achievements(result, state, 0) == {"win", "score_50"}
    assert achievements(result, state, 1) == set()


def test_scoring_card_achievements():
    state = load("sc_safe_return")  # 5 scientists in camps: 15 points
    assert "safe_return" in achievements(RULES.result(state), state, 0)
    state = load("sc_common_destination")  # only 5 points
    assert "common_destination" not in achievements(RULES.result(state), state, 0)


def test_last_space_and_seven_of_a_kind():
    seven = [c.id for c in cards() if c.species == "puffin"][:7]
    state = position([{"hand": [], "right": {"flag": 7}, "middle": {"cards": seven}}, {"hand": []}],
                     pool=[], deck=[], phase="over", to_act=None)
    done = achievements(RULES.result(state), state, 0)
    assert {"last_space", "seven_of_a_kind", "win"} <= done


def test_objective_achievements():
    claimed = [{"id": o, "claimed_by": [0], "removed": True, "tokens": 0}
               for o in ("comparing_notes", "spotting_list", "bold_explorers")]
    state = position([{"hand": [], "tokens": {"5": 3}}, {"hand": [], "tokens": {"3": 6}}], pool=[], deck=[],
                     objectives=claimed, removed_tokens=3, phase="over", to_act=None)
    result = RULES.result(state)
    assert "all_objectives" in achievements(result, state, 0)
    assert result.winners == (1,)
    assert "win_without_objectives" in achievements(result, state, 1)
    kids = position([{"hand": []}, {"hand": [], "tokens": {"1": 3}}], pool=[], deck=[], kids=True, phase="over",
                    to_act=None)
    assert achievements(RULES.result(kids), kids, 1) == {"win"}
