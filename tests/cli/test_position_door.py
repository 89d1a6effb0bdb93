"""`polar-table score` and `polar-table open` read a position through the door
(game.core.positions.read_position): impossible, dead-end, oversize and deep positions exit 2 with a
sentence naming the problem, before any app opens, and the file is read once. Every game's positions
in the documented form (``{"game": id, ...}``, tests/<game>/positions/) score, and open on their
table through the app's own open path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scenes.tools import cli

VALID = {"game": "borealis", "players": [{"hand": [1, 2, 3, 4]}, {"hand": [5, 6, 7, 8]}],
         "pool": [60, 61, 62, 63], "deck": list(range(20, 40))}
POSITIONS = Path(__file__).resolve().parents[1]
ILULIAQ = json.loads((POSITIONS / "iluliaq" / "positions" / "seal_in_the_water.json").read_text(encoding="utf-8"))


def ILULIAQ_AT(**pose: Any) -> dict[str, Any]:  # noqa: N802 - reads as the constants around it
    """The Iluliaq example with its seal in the water moved or lifted."""
    data = json.loads(json.dumps(ILULIAQ))
    next(p for p in data["table"] if p["card"] == 52).update(pose)
    return data


BAD = {
    "junk key": ({**VALID, "junk": 1}, "junk"),
    "scoring card twice": ({**VALID, "scoring": ["mating_season", "mating_season"]}, "twice"),
    "kids with objectives": ({**VALID, "kids": True, "objectives": ["bold_explorers"]}, "Kids' mode"),
    "dead end": ({**VALID, "pool": [], "deck": [], "phase": "take",
                  "players": [{"hand": [1], "tokens": {"1": 0}}, {"hand": [], "tokens": {"1": 0}}]},
                 "card to take"),
    "dead end after one action": ({**VALID, "pool": [], "deck": [], "phase": "take"}, "card to take"),
    "twelve cards in one location": ({**VALID, "players": [{"hand": [1], "left": {"cards": list(range(40, 52))}},
                                                           {"hand": [5]}]}, "never holds more than 7"),
    "a hand of 40 cards": ({**VALID, "players": [{"hand": list(range(40, 60)) + list(range(64, 84))}, {"hand": [5]}]},
                           "never holds more than 4"),
    "an Iluliaq card at x = 1e300": (ILULIAQ_AT(x=1e300), "off the table"),
    "an Iluliaq card at layer 40": (ILULIAQ_AT(layer=40), "nothing holds it up"),
    "deep": ({**VALID, "note": json.loads("[" * 500 + "]" * 500)}, "nested far too deeply"),
    "huge list": ({**VALID, "deck": list(range(250_000))}, "list far too long"),
}


@pytest.mark.parametrize("command", ["score", "open"])
@pytest.mark.parametrize("label", sorted(BAD))
def test_a_bad_position_exits_2_with_a_sentence(command: str, label: str, tmp_path: Path, monkeypatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    data, words = BAD[label]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    monkeypatch.setattr(cli, "_app_run", lambda **kw: pytest.fail("the app opened"))
    assert cli.main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_open_reads_the_file_once(tmp_path: Path, monkeypatch) -> None:
    from scenes.storage import saves

    path = tmp_path / "p.json"
    path.write_text(json.dumps(VALID))
    reads = []
    real = saves.read_bytes
    monkeypatch.setattr(saves, "read_bytes", lambda p: reads.append(p) or real(p))
    monkeypatch.setattr(cli, "_app_run", lambda **kw: 0)
    assert cli.main(["open", str(path)]) == 0
    assert len(reads) == 1


EXAMPLES = sorted((POSITIONS / "iluliaq" / "positions").glob("*.json")) + sorted(
    (POSITIONS / "iceflow" / "positions").glob("*.json")) + [
    POSITIONS / "borealis" / "positions" / "ootah_three_turns.json",
    POSITIONS / "borealis" / "positions" / "britta_54_points.json",
]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_position_in_the_documented_form_scores(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.core import registry

    data = json.loads(path.read_text(encoding="utf-8"))
    assert cli.main(["score", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    state = registry.get(data["game"]).from_position(data)
    assert len(result["scores"]) == len(result["breakdown"]) > 1
    if data["game"] == "iluliaq":
        assert result["scores"] == [-len(stack) for stack in state.stacks]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_position_in_the_documented_form_opens_on_its_table(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from scenes.shell import app as app_module
    from scenes.shell import opening
    from scenes.shell.tables import table_scene_for
    from scenes.storage.settings import Settings

    data = json.loads(path.read_text(encoding="utf-8"))
    opened = []
    monkeypatch.setattr(cli, "_app_run", lambda **kw: opened.append(kw) or 0)
    assert cli.main(["open", str(path)]) == 0 and len(opened) == 1  # the command line lets it through
    app = app_module.App((1280, 720), headless=True, settings=Settings())
    try:
        opening.open_position(app, str(path))  # and the app's own open path sets it on its table
        assert app.toasts.texts() == []
        # (a hand-over screen, or the end screen of a finished game, may lie over the table)
        (table,) = [scene for scene in app.stack if isinstance(scene, table_scene_for(data["game"]))]
        assert table.match.state == table.match.game.from_position(data)
    finally:
        app.bots.shutdown()
