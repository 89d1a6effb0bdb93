"""Scoring Cards Explained: each card's example, and the edge cases the rulebook spells out."""

from __future__ import annotations

import pytest

from game.borealis.data import cards
from game.borealis.rules import RULES
from game.borealis.scoring_cards import score_card
from tests.borealis.helpers import load, player_with

EXAMPLES = {
    "common_destination": 5,
    "expansive_species": 10,
    "interspecies_relationships": 3,
    "outer_lands": 7,
    "farewell_party": 8,
    # The rulebook's text counts only the two pairs of polar bears (4 points); the touching pair of
    # puffins in the same sequence also is "exactly 2 of a species next to each other", so the card's
    # rule gives 6. See test_mating_season_example_bear_pairs below for the 4 the text names.
    "mating_season": 6,
    "safe_return": 15,
    "popular_vehicle": 8,
    "untrodden_path": 6,
    "territorial_animals": 12,
}


@pytest.mark.parametrize(("card_id", "points"), sorted(EXAMPLES.items()))
def test_scoring_card_example(card_id, points):
    state = load(f"sc_{card_id}")
    result = RULES.result(state)
    assert result.breakdown[0][card_id] == points
    assert score_card(card_id, state.players[0]) == points


def _ids(*species: str) -> list[int]:
    """Distinct card ids of the given species, in order."""
    used: set[int] = set()
    out = []
    for name in species:
        found = next(c.id for c in cards() if c.species == name and c.id not in used)
        used.add(found)
        out.append(found)
    return out


def test_mating_season_example_bear_pairs():
    middle = _ids("bear", "bear", "fox", "puffin", "seal", "bear", "bear")
    assert score_card("mating_season", player_with(middle={"cards": middle})) == 4


@pytest.mark.parametrize(
    ("column", "pairs"),
    [
        (("bear", "bear"), 1),
        (("bear", "bear", "bear"), 0),  # a run of three is not a set of exactly 2
        (("bear", "bear", "bear", "bear"), 0),
        (("bear", "bear", "fox", "bear", "bear", "bear"), 1),
        (("bear", "fox", "bear"), 0),
        (("owl", "owl", "seal", "seal", "owl", "owl"), 3),
    ],
)
def test_mating_season_counts_only_runs_of_exactly_two(column, pairs):
    assert score_card("mating_season", player_with(left={"cards": _ids(*column)})) == 2 * pairs


def _vehicle_ids(*vehicles: str) -> list[int]:
    used: set[int] = set()
    out = []
    for name in vehicles:
        found = next(c.id for c in cards() if c.vehicle == name and c.id not in used)
        used.add(found)
        out.append(found)
    return out


def test_popular_vehicle_tie_scores_one_vehicle_only():
    ids = _vehicle_ids("kayak", "kayak", "kayak", "sleigh", "sleigh", "sleigh", "skis")
    player = player_with(left={"cards": ids[:4]}, right={"cards": ids[4:]})
    assert score_card("popular_vehicle", player) == 6


def test_popular_vehicle_with_no_cards_scores_nothing():
    assert score_card("popular_vehicle", player_with()) == 0


def test_untrodden_path_tie_uses_one_flag():
    player = player_with(left={"flag": 3}, middle={"flag": 3}, right={"flag": 6})
    assert score_card("untrodden_path", player) == 6  # 2 x 3, not 2 x (3 + 3)


def test_untrodden_path_middle_track_values():
    player = player_with(left={"flag": 7}, middle={"flag": 7}, right={"flag": 7})
    assert score_card("untrodden_path", player) == 22  # middle's last space is worth 11


def test_common_destination_all_three_in_a_line():
    player = player_with(left={"flag": 4}, middle={"flag": 4}, right={"flag": 4})
    assert score_card("common_destination", player) == 12
    assert score_card("common_destination", player_with(left={"flag": 1}, middle={"flag": 1})) == 5
    assert score_card("common_destination", player_with(left={"flag": 1}, middle={"flag": 2}, right={"flag": 3})) == 0


def test_expansive_species_needs_the_same_height():
    # Bears at heights 1, 2, 1: not a horizontal row.
    ids = _ids("bear", "fox", "bear", "bear")
    player = player_with(left={"cards": ids[:1]}, middle={"cards": ids[1:3]}, right={"cards": ids[3:]})
    assert score_card("expansive_species", player) == 0


def test_outer_lands_both_sides():
    player = player_with(left={"cards": _ids("bear", "fox")}, right={"cards": _ids("owl")})
    assert score_card("outer_lands", player) == 14


def test_farewell_party_chooses_the_best_location_and_ignores_camps():
    player = player_with(left={"scientists": "A"}, middle={"scientists": "MP"}, right={"scientists": "P"},
                         left_camp="AAMMP")
    assert score_card("farewell_party", player) == 4


def test_territorial_animals_looks_only_inside_a_location():
    # Bears side by side across locations do not matter.
    ids = _ids("bear", "bear", "fox", "owl")
    player = player_with(left={"cards": ids[:1]}, middle={"cards": ids[1:2]}, right={"cards": ids[2:]})
    assert score_card("territorial_animals", player) == 18


def test_interspecies_needs_exactly_two_species():
    ids = _ids("bear", "fox", "bear", "bear", "bear", "bear", "fox", "owl")
    player = player_with(left={"cards": ids[0:3]}, middle={"cards": ids[3:5]}, right={"cards": ids[5:8]})
    assert score_card("interspecies_relationships", player) == 3
