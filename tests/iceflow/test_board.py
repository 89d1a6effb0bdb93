"""The strait as the map file says (shared/rules/iceflow.md §3.3), a map edited and the rules following
it, and maps that are not a strait refused with a sentence naming the problem."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.paths import asset
from game.core.tiled import MapError
from game.iceflow.board import Board, board_by_digest, default_board, load_board, read_board
from game.iceflow.rules import IceFlowRules
from game.iceflow.state import Drift
from tests.iceflow.build import position

PATH = asset("data", "iceflow", "strait.tmx")
TEXT = PATH.read_text(encoding="utf-8")
SEATS = [["A1", "A2", "A3"], ["A4", "A5", "A6"]]


def test_the_strait_is_the_specs_map() -> None:
    board = default_board()
    assert (board.cols, board.rows) == (9, 8)
    assert board.siberia == (("S1", (0, 1)), ("S2", (0, 3)), ("S3", (0, 4)), ("S4", (0, 6)))
    assert board.alaska == tuple((f"A{k}", (8, k)) for k in range(1, 7))
    assert board.islands == (("Big Diomede", (4, 3)), ("Little Diomede", (4, 4)))
    assert board.coast == {(0, 0), (0, 2), (0, 5), (0, 7), (8, 0), (8, 7)}
    assert board.sea == {(c, r) for c in range(1, 8) for r in range(8)} - {(4, 3), (4, 4)}
    assert len(board.sea) == 54
    lanes = {lane.name: (lane.speed, lane.direction, lane.path) for lane in board.lanes}
    assert lanes == {
        "L1": (1, "south", tuple((1, r) for r in range(8))),
        "L2": (2, "south", tuple((2, r) for r in range(8))),
        "L3": (1, "north", tuple((3, r) for r in range(7, -1, -1))),
        "L4N": (1, "north", ((4, 2), (4, 1), (4, 0))),
        "L4S": (1, "south", ((4, 5), (4, 6), (4, 7))),
        "L5": (2, "north", tuple((5, r) for r in range(7, -1, -1))),
        "L6": (3, "north", tuple((6, r) for r in range(7, -1, -1))),
        "L7": (2, "north", tuple((7, r) for r in range(7, -1, -1))),
    }
    assert board.entries == ((1, 0), (2, 0), (3, 7), (4, 2), (4, 5), (5, 7), (6, 7), (7, 7))
    assert [lane.entry for lane in board.lanes] == list(board.entries)
    in_lanes = [h for lane in board.lanes for h in lane.path]
    assert sorted(in_lanes) == sorted(board.sea), "every sea hex in exactly one lane"
    assert board.sea_neighbours((0, 1)) == {(1, 0), (1, 1)}, "S1"
    assert board.sea_neighbours((8, 1)) == {(7, 0), (7, 1)}, "A1"
    assert board.sea_neighbours((0, 3)) == {(1, 2), (1, 3)} and board.sea_neighbours((0, 6)) == {(1, 5), (1, 6)}
    for k in range(1, 7):
        assert board.sea_neighbours((8, k)) == {(7, k - 1), (7, k)}
    assert board.sea_neighbours((4, 3)) == {(4, 2), (5, 2), (5, 3), (3, 3), (3, 2)}, "Big Diomede"


def test_the_boards_lookups() -> None:
    board = default_board()
    assert [board.kind_of(h) for h in ((2, 2), (0, 0), (0, 1), (8, 6), (4, 4), (9, 0), (-1, 3), (3, 8))] == [
        "sea", "coast", "siberia", "alaska", "island", None, None, None]
    assert board.name_at((0, 4)) == "S3" and board.name_at((4, 3)) == "Big Diomede"
    assert board.name_at((2, 2)) is None and board.name_at((0, 0)) is None
    assert board.lane_position((3, 7)) == (2, 0) and board.lane_position((3, 0)) == (2, 7)
    assert board.lane_position((4, 7)) == (4, 2) and board.lane_position((4, 3)) is None
    for i, lane in enumerate(board.lanes):
        assert [board.lane_position(h) for h in lane.path] == [(i, k) for k in range(len(lane.path))]
    assert board.label("A2") == "Wales" and board.label("Big Diomede") == "Big Diomede"
    assert board.label("nowhere") == "nowhere"
    assert board.sea_neighbours((20, 20)) == frozenset()


def test_a_board_is_kept_by_its_digest(tmp_path: Path) -> None:
    board = default_board()
    assert re.fullmatch(r"[0-9a-f]{64}", board.digest)
    assert default_board() is board and board_by_digest(board.digest) is board
    assert read_board(TEXT) is board and read_board(TEXT.encode("utf-8")) is board
    copy = tmp_path / "strait.tmx"
    copy.write_text(TEXT, encoding="utf-8")
    assert load_board(copy) is board
    copy.write_text(in_object("L6", 'value="3"', 'value="2"'), encoding="utf-8")
    slower = load_board(copy)
    assert slower.digest != board.digest and board_by_digest(slower.digest) is slower
    assert isinstance(slower, Board) and slower != board


def test_a_map_no_longer_here_is_refused_for_a_game_played_on_it() -> None:
    with pytest.raises(SaveError, match="does not have"):
        board_by_digest("0" * 64)


# --- edited maps --------------------------------------------------------------------------------------


def edited(old: str, new: str) -> str:
    assert TEXT.count(old) == 1, old
    return TEXT.replace(old, new)


def block(name: str, text: str = TEXT) -> str:
    """The <object> element called ``name``."""
    found = re.search(rf'<object id="\d+" name="{name}".*?</object>\n', text, re.S)
    assert found, name
    return found.group(0)


def in_object(name: str, old: str, new: str, text: str = TEXT) -> str:
    part = block(name, text)
    assert part.count(old) == 1, (name, old)
    return text.replace(part, part.replace(old, new))


def without_object(name: str, text: str = TEXT) -> str:
    return text.replace(block(name, text), "")


def with_tile(col: int, row: int, gid: int, text: str = TEXT) -> str:
    """The map with the terrain's cell (col, row) set to ``gid`` (1 sea, 2 coast, 3 Siberia, 4 Alaska, 5 island)."""
    start = text.index('<data encoding="csv">') + len('<data encoding="csv">')
    end = text.index("</data>", start)
    rows = [line.rstrip(",").split(",") for line in text[start:end].split()]
    rows[row][col] = str(gid)
    csv = "\n" + ",\n".join(",".join(cells) for cells in rows) + "\n"
    return text[:start] + csv + text[end:]


def test_an_edited_map_is_another_board_and_the_rules_follow_it() -> None:
    faster = read_board(in_object("L7", '<property name="speed" type="int" value="2"/>',
                                  '<property name="speed" type="int" value="3"/>'))
    assert faster.digest != default_board().digest
    assert {lane.name: lane.speed for lane in faster.lanes}["L7"] == 3
    assert board_by_digest(faster.digest) is faster
    rules = IceFlowRules(faster)
    assert rules.new_game(rules.default_options(2), 3).board == faster.digest
    state = position(SEATS, [(8, (7, 7))])
    state.board = faster.digest
    assert rules.apply(state, Drift(8)).floes[0].hex == (7, 4), "three hexes up the faster lane"
    assert IceFlowRules().apply(position(SEATS, [(8, (7, 7))]), Drift(8)).floes[0].hex == (7, 5)


def test_a_reversed_lane_flows_the_other_way() -> None:
    # L3 now enters at (3, 0), the centre of which is (176, 56), and flows south
    reversed_ = in_object("L3", 'x="176" y="448"', 'x="176" y="56"')
    reversed_ = in_object("L3", 'points="0,0 0,-56 0,-112 0,-168 0,-224 0,-280 0,-336 0,-392"',
                          'points="0,0 0,56 0,112 0,168 0,224 0,280 0,336 0,392"', reversed_)
    with pytest.raises(MapError, match="Lane L3 is said to flow north, but its hexes run the other way."):
        read_board(reversed_)
    board = read_board(in_object("L3", 'value="north"', 'value="south"', reversed_))
    lane = {lane.name: lane for lane in board.lanes}["L3"]
    assert lane.path == tuple((3, r) for r in range(8)) and lane.entry == (3, 0) and lane.direction == "south"
    assert (3, 0) in board.entries and (3, 7) not in board.entries
    assert board.digest != default_board().digest
    state = position(SEATS, [(8, (3, 3))])
    state.board = board.digest
    assert IceFlowRules(board).apply(state, Drift(8)).floes[0].hex == (3, 4)
    assert IceFlowRules().apply(position(SEATS, [(8, (3, 3))]), Drift(8)).floes[0].hex == (3, 2)


def test_a_station_moved_along_the_coast_moves_in_the_rules() -> None:
    onto_coast = in_object("A1", 'x="416" y="84"', 'x="416" y="28"')
    with pytest.raises(MapError, match=r"stands on \(8, 0\), where the terrain is coast, not alaska"):
        read_board(onto_coast)
    # the station and its tile swap with the coast above it: A1 is now (8, 0), touching only (7, 0)
    board = read_board(with_tile(8, 1, 2, with_tile(8, 0, 4, onto_coast)))
    assert dict(board.alaska)["A1"] == (8, 0) and (8, 1) in board.coast
    assert board.sea_neighbours((8, 0)) == {(7, 0)} and board.name_at((8, 0)) == "A1"
    rules = IceFlowRules(board)
    state = rules.new_game(rules.default_options(2), 1)
    places = {(a.col, a.row) for a in rules.legal_actions(state)}
    assert (8, 0) in places and (8, 1) not in places, "the explorers start where the map now puts A1"


def test_a_label_changes_no_board_and_a_speed_does() -> None:
    relabelled = read_board(edited('value="Wales"', 'value="Kingigin"'))
    assert relabelled.digest == default_board().digest and relabelled.label("A2") == "Wales"
    assert read_board(in_object("L1", 'value="1"', 'value="2"')).digest != default_board().digest


# --- maps that are not a strait -----------------------------------------------------------------------


def small_strait() -> str:
    """A strait two lanes wide: everything in order but the room for 12 floes apart."""
    rows = ["2,1,1,2", "3,1,1,4", "2,1,1,4", "3,1,1,4", "3,1,1,4", "2,1,1,4", "3,1,1,4", "2,1,1,2"]
    places = "".join(
        f'<object id="{i}" name="{name}" x="{x}" y="{y}"><properties><property name="kind" value="{kind}"/>'
        f"</properties><point/></object>\n"
        for i, (name, kind, x, y) in enumerate(
            [(f"S{k}", "siberia", 32, r * 56 + 28) for k, r in enumerate((1, 3, 4, 6), 1)]
            + [(f"A{r}", "alaska", 176, r * 56 + 56) for r in range(1, 7)], 1))
    lanes = ('<object id="20" name="L1" x="80" y="56"><properties><property name="direction" value="south"/>'
             '<property name="speed" type="int" value="1"/></properties>'
             '<polyline points="0,0 0,56 0,112 0,168 0,224 0,280 0,336 0,392"/></object>\n'
             '<object id="21" name="L2" x="128" y="420"><properties><property name="direction" value="north"/>'
             '<property name="speed" type="int" value="2"/></properties>'
             '<polyline points="0,0 0,-56 0,-112 0,-168 0,-224 0,-280 0,-336 0,-392"/></object>\n')
    tileset = TEXT[TEXT.index("<tileset"):TEXT.index("</tileset>") + len("</tileset>")]
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" width="4" '
            f'height="8" tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" '
            f'staggerindex="odd">\n{tileset}\n<layer id="1" name="terrain" width="4" height="8"><data '
            f'encoding="csv">\n{",".join(rows)}\n</data></layer>\n<objectgroup id="2" name="places">\n{places}'
            f'</objectgroup>\n<objectgroup id="3" name="lanes">\n{lanes}</objectgroup>\n</map>\n')


LANE_L1 = 'points="0,0 0,56 0,112 0,168 0,224 0,280 0,336 0,392"'

REFUSALS = [
    ("lane over land", in_object("L4N", 'points="0,0 0,-56 0,-112"', 'points="0,56 0,0 0,-56 0,-112"'),
     "Lane L4N runs over (4, 3), which is not sea."),
    ("lane jumps", in_object("L1", LANE_L1, 'points="0,0 0,112 0,168 0,224 0,280 0,336 0,392"'),
     "Lane L1 jumps from (1, 0) to (1, 2), which are not neighbours."),
    ("lane twice", in_object("L1", LANE_L1, 'points="0,0 0,56 0,112 0,168 0,224 0,280 0,336 0,280"'),
     "Lane L1 passes twice through the same hex."),
    ("two lanes", in_object("L1", LANE_L1, LANE_L1[:-1] + ' 48,364"'),
     "The sea hex (2, 7) lies in two lanes, L1 and L2."),
    ("no lane", in_object("L4N", 'points="0,0 0,-56 0,-112"', 'points="0,0 0,-56"'),
     "The sea hex (4, 0) lies in no lane."),
    ("speed 4", in_object("L1", 'value="1"', 'value="4"'),
     "Lane L1 has the speed 4; a lane's speed is a whole number from 1 to 3."),
    ("speed 0", in_object("L6", 'value="3"', 'value="0"'),
     "Lane L6 has the speed 0; a lane's speed is a whole number from 1 to 3."),
    ("speed as text", in_object("L2", '<property name="speed" type="int" value="2"/>',
                                '<property name="speed" value="2"/>'),
     "Lane L2 has the speed '2'; a lane's speed is a whole number from 1 to 3."),
    ("no speed", in_object("L2", '<property name="speed" type="int" value="2"/>', ""),
     "Lane L2 has the speed None; a lane's speed is a whole number from 1 to 3."),
    ("direction", in_object("L3", 'value="north"', 'value="up"'),
     "Lane L3 has the direction 'up'; a lane flows north or south."),
    ("wrong direction", in_object("L5", 'value="north"', 'value="south"'),
     "Lane L5 is said to flow south, but its hexes run the other way."),
    ("polygon", in_object("L1", "<polyline ", "<polygon "), "Lane L1 is not a polyline through its hexes."),
    ("lane off centre", in_object("L1", 'x="80"', 'x="85"'),
     "A point of lane L1 is not at the centre of a hex of the map."),
    ("lane names", in_object("L2", 'name="L2"', 'name="L1"'), "Two lanes are called 'L1'."),
    ("Siberian station inland", in_object("S1", 'x="32" y="84"', 'x="80" y="112"',
                                          with_tile(0, 1, 1, with_tile(1, 1, 3))),
     "The station 'S1' at (1, 1) is not on the western coast (column 0)."),
    ("Alaskan station inland", in_object("A1", 'x="416" y="84"', 'x="368" y="112"',
                                         with_tile(8, 1, 1, with_tile(7, 1, 4))),
     "The station 'A1' at (7, 1) is not on the eastern coast (column 8)."),
    ("station away from the sea", with_tile(1, 0, 2, with_tile(1, 1, 2)),
     "The station 'S1' at (0, 1) does not touch the sea."),
    ("island off centre", in_object("Little Diomede", 'x="224"', 'x="234"'),
     "The place 'Little Diomede' is not at the centre of a hex of the map."),
    ("station off the map", in_object("S1", 'x="32" y="84"', 'x="-16" y="112"'),
     "The place 'S1' is not at the centre of a hex of the map."),
    ("island on sea", with_tile(4, 4, 1), "The place 'Little Diomede' stands on (4, 4), where the terrain is sea, "
                                          "not island."),
    ("station on an island tile", with_tile(0, 3, 5), "The place 'S2' stands on (0, 3), where the terrain is island, "
                                                      "not siberia."),
    ("unknown kind", in_object("S1", 'value="siberia"', 'value="mars"'),
     "The place 'S1' has the kind 'mars', not siberia, alaska or island."),
    ("place names", in_object("S2", 'name="S2"', 'name="S1"'), "Two places of the map are called 'S1'."),
    ("unknown terrain", edited('<tile id="4" type="island">', '<tile id="4" type="lava">'),
     "The hex (4, 3) is 'lava', not one of sea, coast, siberia, alaska, island."),
    ("tile number", with_tile(8, 0, 7), "The hex (8, 0) holds tile number 7, which no tile of the map has."),
    ("empty cell", with_tile(3, 3, 0), "The hex (3, 3) holds tile number 0, which no tile of the map has."),
    ("3 Siberian stations", without_object("S4", with_tile(0, 6, 2)),
     "The strait has 3 Siberian stations; it needs at least 4."),
    ("5 Alaskan stations", without_object("A6", with_tile(8, 6, 2)),
     "The strait has 5 Alaskan stations; it needs at least 6."),
    ("unnamed station", without_object("S4"), "The Siberian station tile at (0, 6) has no place object naming it."),
    ("unnamed island", without_object("Little Diomede"), "The island tile at (4, 4) has no place object naming it."),
    ("stagger", edited('staggerindex="odd"', 'staggerindex="even"'),
     "The strait must be a hexagonal map staggered along x, odd columns lowered."),
    ("no terrain", edited('name="terrain"', 'name="ground"'), "The map has no tile layer called 'terrain'."),
    ("no lanes", edited('name="lanes"', 'name="currents"'), "The map has no object layer called 'lanes'."),
    ("no room", small_strait(), "The sea has no room for 12 starting floes of which no two touch."),
]


@pytest.mark.parametrize("text, sentence", [pytest.param(t, s, id=i) for i, t, s in REFUSALS])
def test_a_map_that_is_not_a_strait_is_refused_naming_the_problem(text: str, sentence: str) -> None:
    with pytest.raises(MapError) as err:
        read_board(text)
    assert str(err.value) == sentence


@pytest.mark.parametrize("floes", [6, 7])
def test_the_small_strait_is_refused_only_for_its_room(floes: int, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.iceflow.board as board_module
    from game.iceflow.data import config

    fewer = replace(config(), start_floes={2: floes - 2, 3: floes - 1, 4: floes})
    monkeypatch.setattr(board_module, "config", lambda: fewer)
    if floes == 7:
        with pytest.raises(MapError, match="^The sea has no room for 7 starting floes of which no two touch.$"):
            read_board(small_strait())
        return
    board = read_board(small_strait())
    assert len(board.sea) == 16 and len(board.alaska) == 6 and board.entries == ((1, 0), (2, 7))


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
