"""The strait as the map file says (shared/rules/iceflow.md §3.3), a map edited and the rules following
it, and maps that are not a strait refused with a sentence naming the problem."""

from __future__ import annotations

import pytest

from game.core.errors import SaveError
from game.core.paths import asset
from game.core.tiled import MapError
from game.iceflow.board import board_by_digest, default_board, read_board
from game.iceflow.rules import IceFlowRules
from game.iceflow.state import Drift

TEXT = asset("data", "iceflow", "strait.tmx").read_text(encoding="utf-8")


def test_the_strait_is_the_specs_map() -> None:
    board = default_board()
    assert dict(board.siberia) == {"S1": (0, 1), "S2": (0, 3), "S3": (0, 4), "S4": (0, 6)}
    assert dict(board.alaska) == {f"A{k}": (8, k) for k in range(1, 7)}
    assert dict(board.islands) == {"Big Diomede": (4, 3), "Little Diomede": (4, 4)}
    assert board.coast == {(0, 0), (0, 2), (0, 5), (0, 7), (8, 0), (8, 7)}
    assert len(board.sea) == 54
    lanes = {lane.name: (lane.speed, lane.path) for lane in board.lanes}
    assert lanes["L1"] == (1, tuple((1, r) for r in range(8)))
    assert lanes["L2"] == (2, tuple((2, r) for r in range(8)))
    assert lanes["L3"] == (1, tuple((3, r) for r in range(7, -1, -1)))
    assert lanes["L4N"] == (1, ((4, 2), (4, 1), (4, 0)))
    assert lanes["L4S"] == (1, ((4, 5), (4, 6), (4, 7)))
    assert lanes["L5"] == (2, tuple((5, r) for r in range(7, -1, -1)))
    assert lanes["L6"] == (3, tuple((6, r) for r in range(7, -1, -1)))
    assert lanes["L7"] == (2, tuple((7, r) for r in range(7, -1, -1)))
    assert set(board.entries) == {(1, 0), (2, 0), (3, 7), (4, 2), (4, 5), (5, 7), (6, 7), (7, 7)}
    assert board.sea_neighbours((0, 1)) == {(1, 0), (1, 1)}
    assert board.sea_neighbours((8, 1)) == {(7, 0), (7, 1)}
    assert board.label("A2") == "Wales"


def edited(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new)


def test_an_edited_map_is_another_board_and_the_rules_follow_it() -> None:
    faster = read_board(edited('name="L7" type="lane"', 'name="L7" type="lane"').replace(
        '<property name="speed" type="int" value="2"/>\n   </properties>\n   <polyline points="0,0 0,-56 0,-112',
        '<property name="speed" type="int" value="3"/>\n   </properties>\n   <polyline points="0,0 0,-56 0,-112'))
    assert faster.digest != default_board().digest
    assert {lane.name: lane.speed for lane in faster.lanes}["L7"] == 3
    assert board_by_digest(faster.digest) is faster
    rules = IceFlowRules(faster)
    state = rules.new_game(rules.default_options(2), 3)
    assert state.board == faster.digest
    from tests.iceflow.build import position

    state = position([["A1", "A2", "A3"], ["A4", "A5", "A6"]], [(8, (7, 7))])
    state.board = faster.digest
    assert rules.apply(state, Drift(8)).floes[0].hex == (7, 4), "three hexes up the faster lane"
    assert IceFlowRules().apply(position([["A1", "A2", "A3"], ["A4", "A5", "A6"]], [(8, (7, 7))]),
                                Drift(8)).floes[0].hex == (7, 5)


def test_a_station_moved_along_the_coast_moves_in_the_rules() -> None:
    onto_coast = edited('<object id="5" name="A1" type="station" x="416" y="84">',
                        '<object id="5" name="A1" type="station" x="416" y="28">')
    with pytest.raises(MapError, match=r"stands on \(8, 0\), where the terrain is coast, not alaska"):
        read_board(onto_coast)
    # the station and its tile swap with the coast above it: A1 is now (8, 0), touching only (7, 0)
    swapped = onto_coast.replace("2,1,1,1,1,1,1,1,2,\n3,1,1,1,1,1,1,1,4,", "2,1,1,1,1,1,1,1,4,\n3,1,1,1,1,1,1,1,2,")
    board = read_board(swapped)
    assert dict(board.alaska)["A1"] == (8, 0) and (8, 1) in board.coast
    from game.iceflow.rules import IceFlowRules

    rules = IceFlowRules(board)
    state = rules.new_game(rules.default_options(2), 1)
    places = {(a.col, a.row) for a in rules.legal_actions(state)}
    assert (8, 0) in places and (8, 1) not in places, "the explorers start where the map now puts A1"


def test_a_label_changes_no_board_and_a_speed_does() -> None:
    relabelled = read_board(edited('value="Wales"', 'value="Kingigin"'))
    assert relabelled.digest == default_board().digest and relabelled.label("A2") == "Wales"


def test_a_map_no_longer_here_is_refused_for_a_game_played_on_it() -> None:
    with pytest.raises(SaveError, match="does not have"):
        board_by_digest("0" * 64)


@pytest.mark.parametrize("old, new, words", [
    ('<property name="speed" type="int" value="1"/>', '<property name="speed" type="int" value="4"/>', "speed 4"),
    ("3,1,1,1,5,1,1,1,4", "3,1,1,1,1,1,1,1,4", "the terrain is sea, not island"),
    ('name="Little Diomede" type="island" x="224" y="252"', 'name="Little Diomede" type="island" x="234" y="252"',
     "not at the centre"),
    ("2,1,1,1,1,1,1,1,2,\n3", "2,1,1,1,1,1,1,1,7,\n3", "tile number 7"),
])
def test_a_map_that_is_not_a_strait_is_refused_naming_the_problem(old: str, new: str, words: str) -> None:
    with pytest.raises(MapError) as err:
        read_board(edited(old, new))
    assert words.lower() in str(err.value).lower()


def test_a_lane_off_the_sea_and_a_sea_hex_in_no_lane_are_refused() -> None:
    one = TEXT.split('name="L4N"')[1].split("</object>")[0]
    broken = TEXT.replace(one, one.replace('points="0,0 0,-56 0,-112"', 'points="0,0 0,-56"'))
    with pytest.raises(MapError, match=r"\(4, 0\) lies in no lane"):
        read_board(broken)
    island = TEXT.replace('points="0,0 0,-56 0,-112"', 'points="0,56 0,0 0,-56 0,-112"')
    with pytest.raises(MapError, match="not sea"):
        read_board(island)


def test_score_prints_each_explorers_steps_still_to_go(capsys: pytest.CaptureFixture[str]) -> None:
    import json
    from pathlib import Path

    from scenes.tools import cli

    path = Path(__file__).parent / "positions" / "two_in_siberia.json"
    assert cli.main(["score", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == [1, 2]
    seats = out["details"]["players"]
    assert [e["steps_to_go"] for e in seats[0]["explorers"]] == [0, 3, 8]
    assert seats[1]["explorers"][2] == {"at": "Big Diomede", "hex": [4, 3], "steps_to_go": 4}
    assert out["details"]["rounds"] == 37


def test_selfplay_counts_the_games_the_round_cap_ended(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from scenes.tools import cli

    assert cli.main(["selfplay", "iceflow", "--games", "2", "--variant", "length=short"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]
    assert sum(summary["endings"].values()) == 2 and set(summary["endings"]) <= {"win", "round_cap"}
    assert summary["turns_per_game"] == sum(line["turns"] for line in lines[:-1]) / 2
    assert all(line["ending"] in ("win", "round_cap") for line in lines[:-1])
