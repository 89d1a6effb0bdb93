"""A save goes through the same door as a position: its record's start position is checked by the
game, its options by the game's variants, its shape is capped, and a seat must be able to act."""

from __future__ import annotations

import json

import pytest

from game.borealis.rules import RULES
from game.core.errors import SaveError
from game.core.history import History
from scenes.storage import saves
from scenes.storage.saves import SavedGame, Seat
from tests.storage.helpers import play_saved

START = {"players": [{"hand": [1, 2, 3, 4]}, {"hand": [5, 6, 7, 8]}], "pool": [60, 61, 62, 63],
         "deck": list(range(20, 40))}


def _save_from(start: dict) -> bytes:
    record = History.from_position(RULES, START, RULES.default_options(2)).record
    data = SavedGame(record, [Seat("Ana", 0, "human"), Seat("Bo", 1, "bot")]).to_json()
    data["record"]["start"] = start
    return json.dumps(data).encode()


def test_a_save_from_a_valid_position_loads() -> None:
    assert saves.loads(_save_from(START)).replayed().state.to_act == 0


@pytest.mark.parametrize(("label", "start", "words"), [
    ("junk key in the start", {**START, "virus": "x"}, "virus"),
    ("a card twice in the start", {**START, "pool": [60, 61, 62, 1]}, "twice"),
    ("kids' mode with scoring cards", {**START, "kids": True, "scoring": ["mating_season"]}, "Kids' mode"),
    ("a dead end", {**START, "pool": [], "deck": [], "phase": "take",
                    "players": [{"hand": [1], "tokens": {"1": 0}}, {"hand": [], "tokens": {"1": 0}}]},
     "card to take"),
    ("deep nesting in the start", {**START, "deck": json.loads("[" * 40 + "]" * 40)}, "nested far too deeply"),
])
def test_a_save_with_an_impossible_start_is_refused(label: str, start: dict, words: str) -> None:
    with pytest.raises(SaveError, match=words):
        saves.loads(_save_from(start))


def test_a_variant_the_game_does_not_offer_is_refused() -> None:
    saved, _states = play_saved(RULES, actions=5)
    data = saved.to_json()
    data["record"]["options"]["variants"] = {"side": "III"}
    with pytest.raises(SaveError, match="does not offer"):
        saves.loads(json.dumps(data).encode())
    data["record"]["options"]["variants"] = {"cheat": "on"}
    with pytest.raises(SaveError, match="does not offer"):
        saves.loads(json.dumps(data).encode())


def test_a_huge_list_in_a_save_is_refused_before_the_replay() -> None:
    saved, _states = play_saved(RULES, actions=5)
    data = saved.to_json()
    data["record"]["options"]["names"] = ["x"] * 250_000
    with pytest.raises(SaveError, match="list far too long"):
        saves.loads(json.dumps(data).encode())
