"""`polar-table score` and `polar-table open` read a position through the door
(game.core.positions.read_position): impossible, dead-end, oversize and deep positions exit 2 with a
sentence naming the problem, before any app opens, and the file is read once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenes.tools import cli

VALID = {"game": "borealis", "players": [{"hand": [1, 2, 3, 4]}, {"hand": [5, 6, 7, 8]}],
         "pool": [60, 61, 62, 63], "deck": list(range(20, 40))}
BAD = {
    "junk key": ({**VALID, "junk": 1}, "junk"),
    "scoring card twice": ({**VALID, "scoring": ["mating_season", "mating_season"]}, "twice"),
    "kids with objectives": ({**VALID, "kids": True, "objectives": ["bold_explorers"]}, "Kids' mode"),
    "dead end": ({**VALID, "pool": [], "deck": [], "phase": "take",
                  "players": [{"hand": [1], "tokens": {"1": 0}}, {"hand": [], "tokens": {"1": 0}}]},
                 "nothing they may do"),
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
