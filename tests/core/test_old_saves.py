"""Saves written by the release before the contract change (Borealis record version 1) still load,
continue, and are written back in the current version."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import registry
from game.core.bots import decide
from scenes.storage import saves

SAVES = Path(__file__).parent / "saves"
OLD = sorted(p for p in SAVES.glob("borealis-v1-*.json") if not p.name.endswith(".expected.json"))


def test_the_fixtures_are_old_saves():
    assert len(OLD) == 2
    for path in OLD:
        assert json.loads(path.read_text())["record"]["version"] == 1


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.stem)
def test_an_old_save_loads_continues_and_saves_in_the_current_version(path):
    game = registry.get("borealis")
    saved = saves.loads(path.read_bytes())
    history = saved.history()
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    state = history.state
    assert state.to_act == expected["to_act"]
    assert state.phase == expected["phase"]
    old = expected["state"]
    for key in ("deck", "discard", "pool", "round", "bank", "scoring"):
        assert game.state_to_json(state)[key] == old[key], key
    for seat, player in enumerate(game.state_to_json(state)["players"]):
        for key in ("hand", "cards", "scientists", "flags", "tokens", "turns", "max_regroup"):
            assert player[key] == old["players"][seat][key], (seat, key)

    for i in range(12):
        if game.is_over(history.state):
            break
        history.push(decide(game, history.state, "normal", 100 + i))
    assert history.record.version == game.version > 1

    again = saves.loads(saves.SavedGame(history.record, saved.seats).dumps().encode())
    assert again.record.version == game.version
    assert game.state_to_json(again.history().state) == game.state_to_json(history.state)
