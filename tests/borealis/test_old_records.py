"""Version-1 records (one action chose a whole subset) replay through the migration to the same
game as the release that wrote them, and play goes on from there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.borealis.migrate import migrate_v1
from game.borealis.rules import RULES
from game.core.bots import decide
from game.core.history import History
from game.core.record import Record, upgrade

SAVES = Path(__file__).parents[1] / "core" / "saves"
OLD = sorted(p for p in SAVES.glob("borealis-v1-*.json") if not p.name.endswith(".expected.json"))
PLAYER_KEYS = ("board", "hand", "cards", "scientists", "flags", "tokens", "pad", "mulliganed", "refreshed_round",
               "max_regroup", "turns")
STATE_KEYS = ("deck", "discard", "pool", "round", "bank", "scoring", "objectives", "removed_tokens", "first_player",
              "final_round", "side", "kids", "rng")


def test_the_mapping_of_each_old_kind():
    old = [
        {"kind": "mulligan", "cards": [3, 9]},
        {"kind": "keep"},
        {"kind": "play", "card": 4, "location": 2},
        {"kind": "take", "card": 7},
        {"kind": "regroup", "discards": [], "location": -1},
        {"kind": "regroup", "discards": [5], "location": 1},
        {"kind": "draw"},
    ]
    assert migrate_v1(old) == [
        {"kind": "mark", "card": 3}, {"kind": "mark", "card": 9}, {"kind": "confirm"},
        {"kind": "keep"},
        {"kind": "play", "card": 4, "location": 2},
        {"kind": "take", "card": 7},
        {"kind": "regroup"}, {"kind": "confirm"},
        {"kind": "regroup"}, {"kind": "mark", "card": 5}, {"kind": "confirm"}, {"kind": "send", "location": 1},
        {"kind": "draw"},
    ]
    assert RULES.version == 2 and RULES.migrations == {1: migrate_v1}


def test_the_fixtures_are_version_one():
    assert len(OLD) == 2
    for path in OLD:
        record = json.loads(path.read_text())["record"]
        assert record["version"] == 1 and record["game"] == "borealis"
        assert {a["kind"] for a in record["actions"]} & {"mulligan", "regroup"}


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_an_old_record_replays_to_the_same_game_and_play_goes_on(path):
    record = Record.from_json(json.loads(path.read_text())["record"])
    history = History.from_record(record)
    assert history.record.version == 2
    assert history.record.actions == upgrade(record, RULES).actions
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    old = expected["state"]
    state = history.state
    assert state.to_act == expected["to_act"] == old["to_act"]
    assert state.phase == expected["phase"] == old["phase"]
    now = RULES.state_to_json(state)
    for key in STATE_KEYS:
        assert now[key] == old[key], key
    for seat, player in enumerate(now["players"]):
        for key in PLAYER_KEYS:
            assert player[key] == old["players"][seat][key], (seat, key)

    for i in range(12):
        if RULES.is_over(history.state):
            break
        history.push(decide(RULES, history.state, "normal", 100 + i))
    assert len(history.actions) > len(upgrade(record, RULES).actions)
    again = History.from_record(Record.from_json(json.loads(json.dumps(history.record.to_json()))))
    assert RULES.state_to_json(again.state) == RULES.state_to_json(history.state)
