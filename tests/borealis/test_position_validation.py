"""A position the rules do not allow is refused with a sentence naming the problem (POSITION.md,
"What is refused"); a valid one reads as before."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from game.borealis.rules import RULES
from game.core.errors import SaveError
from game.core.positions import read_position

BASE: dict[str, Any] = {
    "game": "borealis",
    "players": [{"hand": [1, 2, 3, 4], "name": "Ana"}, {"hand": [5, 6, 7, 8]}],
    "pool": [60, 61, 62, 63],
    "deck": list(range(20, 40)),
    "scoring": ["mating_season", "outer_lands"],
    "objectives": ["bold_explorers"],
}


def _with(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        target: Any = data
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return data


def test_the_base_position_is_valid() -> None:
    state = read_position(RULES, BASE)
    assert state.to_act == 0


IMPOSSIBLE = {
    # cards: more than exist, and one copy of each
    "card number past the last": (_with(players__0__hand=[1, 2, 100]), "outside"),
    "a card twice": (_with(pool=[60, 61, 62, 1]), "twice"),
    # scientists, tokens and flags within their counts
    "four amber scientists": (_with(players__0__left_camp="A"), "3 scientists"),
    "negative tokens": (_with(players__0__tokens={"1": -5}), "tokens"),
    "fractional tokens": (_with(players__0__tokens={"1": 1.5}), "tokens"),
    "tokens as text": (_with(players__0__tokens={"1": "two"}), "tokens"),
    "more tokens than the supply": (_with(players__0__tokens={"5": 13}), "more scoring tokens"),
    "a bank bigger than the supply": (_with(bank=[24, 12, 12]), "more scoring tokens"),
    "a flag past the track": (_with(players__0__left={"flag": 9}), "flag"),
    "refreshed in a later round": (_with(players__0__refreshed_round=5), "refreshed_round"),
    # scoring and objective cards that exist and differ
    "unknown scoring card": (_with(scoring=["mating_season", "nope"]), "Unknown scoring card"),
    "scoring card twice": (_with(scoring=["mating_season", "mating_season"]), "twice"),
    "three scoring cards": (_with(scoring=["mating_season", "outer_lands", "safe_return"]), "at most 2"),
    "scoring card not text": (_with(scoring=[["x"]]), "scoring"),
    "objective twice": (_with(objectives=["bold_explorers", "bold_explorers"]), "twice"),
    "objective not text": (_with(objectives=[[1]]), "objective"),
    "two objectives of one type": (_with(objectives=["bold_explorers", "combing_the_area"]), "same type"),
    "objective with too many tokens": (_with(objectives=[{"id": "bold_explorers", "tokens": 3}]), "tokens"),
    "objective claimed by a seat not playing": (
        _with(objectives=[{"id": "bold_explorers", "claimed_by": [5]}]), "claimed_by"),
    # variant values among the choices
    "side III": (_with(side="III"), "side"),
    "a side-II board on side I": (_with(players__0__board=3), "board"),
    "a side-I board on side II": (_with(side="II", players__0__board=0), "board"),
    # kids' mode consistent with its setup
    "kids' mode with scoring cards": (_with(kids=True), "Kids' mode"),
    "kids as text": (_with(kids="yes"), "kids"),
    # turn flow and bookkeeping
    "first player not seated": (_with(first_player=7), "first_player"),
    "to act not seated": (_with(to_act=-3), "to_act"),
    "round zero": (_with(round=0), "round"),
    "seed as text": (_with(seed="abc"), "seed"),
    "marked outside a marking phase": (_with(marked=[1]), "marked"),
    "mark changes outside a marking phase": (_with(mark_changes=3), "mark_changes"),
    "more mark changes than a choice allows": (_with(phase="regroup", mark_changes=17), "mark_changes"),
    "fewer mark changes than marked cards": (_with(phase="regroup", marked=[1, 2], mark_changes=1), "mark_changes"),
    "an animal observed in a later round": (_with(round=3, observed_round=4), "observed_round"),
    "six rounds with no animal observed": (_with(round=8, observed_round=2), "more than 5 rounds"),
    "phase as a list": (_with(phase=["action"]), "phase"),
    # cards where no game can have them (the limits come from rules.json: cards_to_end, hand_size)
    "twelve cards in one location": (_with(players__0__left={"cards": list(range(40, 52))}), "never holds more than 7"),
    "a hand of 40 cards": (_with(players__0__hand=[*range(40, 60), *range(64, 84)]), "never holds more than 4"),
    "a full location whose player starts a turn": (_with(players__0__left={"cards": list(range(40, 47))}),
                                                   "starting a turn"),
    "a full location before the last round": (_with(players__1__left={"cards": list(range(40, 47))}), "final_round"),
    "phase take with no card to take": (_with(pool=[], deck=[], phase="take"), "card to take"),
    # unknown and junk keys are refused, so nothing foreign reaches an autosave
    "a junk top-level key": (_with(junk={"a": 1}), "junk"),
    "a junk player key": (_with(players__1__script="rm -rf"), "script"),
    "a junk location key": (_with(players__0__left={"cards": [], "extra": 1}), "extra"),
    "a junk objective key": (_with(objectives=[{"id": "bold_explorers", "x": 1}]), "x"),
}


@pytest.mark.parametrize("label", sorted(IMPOSSIBLE))
def test_an_impossible_position_is_refused_with_a_sentence(label: str) -> None:
    data, words = IMPOSSIBLE[label]
    with pytest.raises(SaveError) as caught:
        read_position(RULES, json.loads(json.dumps(data)))
    message = str(caught.value)
    assert words.lower() in message.lower(), message
    assert message.endswith(".") and "\n" not in message and len(message) < 300, message


def test_a_position_that_runs_out_of_moves_after_one_action_is_refused() -> None:
    # Phase take with the pool, deck and discard pile empty: with a point to spend, the seat may
    # refresh the pool, and then has nothing left to do. No game gets there (a turn whose card
    # cannot be followed by a take ends at once), and the game could never reach its end.
    dead = _with(pool=[], deck=[], phase="take", players__0__tokens={"1": 2})
    with pytest.raises(SaveError, match="card to take"):
        RULES.from_position(dead)
    with pytest.raises(SaveError, match="card to take"):
        read_position(RULES, dead)


def test_the_door_looks_one_move_ahead() -> None:
    # The same dead end, built past the game's own checks: the door (check_can_go_on) plays each
    # first move one step ahead and finds that the refresh leaves the seat with nothing to do.
    from game.core.positions import check_can_go_on

    state = read_position(RULES, _with(phase="take", players__0__tokens={"1": 2}))
    state.pool, state.deck = [], []
    assert not RULES.space(state).is_empty()
    with pytest.raises(SaveError, match="After one of player 1's moves, player 1 would have nothing"):
        check_can_go_on(RULES, state)


@pytest.mark.parametrize("data", [
    _with(players__0__left={"cards": list(range(40, 47))}, phase="take"),
    _with(players__1__left={"cards": list(range(40, 47))}, final_round=True),
], ids=["the player who just played the seventh card takes one", "another player's turn in the last round"])
def test_a_full_location_the_game_can_reach_is_read(data: dict[str, Any]) -> None:
    assert read_position(RULES, data).to_act == 0


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("label", "extra", "words"), [
    ("deeply nested", {"deck": _nested(2_000)}, "nested"),
    ("a huge list", {"pool": list(range(300_000))}, "list far too long"),
    ("a huge text", {"side": "I" * 50_000}, "text far too long"),
])
def test_oversize_and_deep_positions_are_refused_quickly(label: str, extra: dict[str, Any], words: str) -> None:
    data = {**copy.deepcopy(BASE), **extra}
    with pytest.raises(SaveError, match=words):
        read_position(RULES, data)


def test_the_legal_actions_of_the_largest_hand_are_few() -> None:
    # The biggest hand there can be (rules.json's hand_size), marking: a mark a card and a confirm.
    hand = [1, 2, 3, 4]
    state = read_position(RULES, {"players": [{"hand": hand}, {"hand": []}], "pool": [60, 61, 62, 63], "deck": [],
                                  "phase": "regroup"})
    assert len(RULES.space(state).actions()) == len(hand) + 1
