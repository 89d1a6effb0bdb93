"""Games saved by the previous release (commit 39c0dd2, before the rules contract's refactor: the
generated clones, the flow pieces, the trigger queue) load through the app's loader and replay
exactly as that release replayed them.

Each fixture is a save file the release's own app code wrote (its Match with the autosave hook,
bots at every seat), and beside it ``.expected.json``: what that release's replay of the file gave,
worked out by its code: the sha256 of the JSON of every state (the dealt one, then the one after each
action), of every action's events and of each seat's view at the end, the final state itself, and
the result when the game was over. Two Borealis (a finished 3-player game; a 2-player side II game
stopped in the middle of a regroup, its marked cards in the frame), two Iluliaq (a finished
5-player game; a 6-player kids' game stopped mid-way).

The digests are canonical JSON (keys sorted, no spaces, UTF-8), the same way on both sides."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.bots import decide
from game.core.codec import to_data
from game.core.history import History
from physics.resolvers import resolver_for
from scenes.storage import saves

SAVES = Path(__file__).parent / "saves"
PREVIOUS = sorted(p for p in SAVES.glob("*-39c0dd2-*.json") if not p.name.endswith(".expected.json"))


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def expected_of(path: Path) -> dict[str, Any]:
    return json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))


def test_the_fixtures_are_the_previous_release_saves():
    assert [p.name.split("-39c0dd2-")[0] for p in PREVIOUS] == ["borealis", "borealis", "iluliaq", "iluliaq"]
    over = {}
    for path in PREVIOUS:
        assert path.stat().st_size < 200_000
        data = json.loads(path.read_text(encoding="utf-8"))
        expected = expected_of(path)
        assert data["format"] == "polar-table-save" and expected["written_by"] == "39c0dd2"
        record = data["record"]
        assert len(record["actions"]) == expected["actions"]
        over[path.stem] = (record["game"], record["options"]["players"], record["options"]["kids"], expected["over"])
    assert over == {
        "borealis-39c0dd2-2p-side2-mid-regroup": ("borealis", 2, False, False),
        "borealis-39c0dd2-3p-finished": ("borealis", 3, False, True),
        "iluliaq-39c0dd2-5p-finished": ("iluliaq", 5, False, True),
        "iluliaq-39c0dd2-6p-kids-mid": ("iluliaq", 6, True, False),
    }


@pytest.mark.parametrize("path", PREVIOUS, ids=lambda p: p.stem)
def test_a_previous_release_save_replays_as_it_did(path):
    expected = expected_of(path)
    saved = saves.loads(path.read_bytes())
    history = saved.history()
    game = history.game
    state = history.state
    assert len(history.actions) == expected["actions"]
    assert history.record.to_json() == json.loads(path.read_text(encoding="utf-8"))["record"]

    every = History.from_record(saved.record, keep_all=True)
    assert digest([game.state_to_json(s) for s in every.states]) == expected["states_sha256"]
    assert digest([[to_data(e) for e in step] for step in history.events]) == expected["events_sha256"]
    assert game.state_to_json(state) == expected["final_state"]
    views = [game.state_to_json(game.view(state, seat)) for seat in range(history.record.options.players)]
    assert digest(views) == expected["final_views_sha256"]
    assert game.is_over(state) == expected["over"]
    assert state.to_act == expected["to_act"]
    assert (to_data(game.result(state)) if expected["over"] else None) == expected["result"]


@pytest.mark.parametrize("path", [p for p in PREVIOUS if "-mid" in p.stem], ids=lambda p: p.stem)
def test_a_previous_release_game_in_progress_goes_on_and_saves_again(path):
    saved = saves.loads(path.read_bytes())
    history = saved.history()
    game = history.game
    for i in range(6):
        if game.is_over(history.state):
            break
        history.push(decide(game, history.state, "easy", 300 + i, resolver=resolver_for(game.info.id)))
    again = saves.loads(saves.SavedGame(history.record, saved.seats).dumps().encode())
    assert game.state_to_json(again.history().state) == game.state_to_json(history.state)
