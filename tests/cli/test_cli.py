from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import registry
from game.core.errors import SaveError
from scenes.storage import saves
from scenes.tools import cli
from tests.storage.helpers import play_saved

SUBCOMMANDS = ["selfplay", "shot", "replay", "open", "score", "bench"]


def _json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.mark.parametrize("command", [[], *[[c] for c in SUBCOMMANDS]])
def test_help_of_every_subcommand_exits_0(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main([*command, "--help"])
    assert done.value.code == 0
    assert "usage: polar-table" in capsys.readouterr().out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("polar-table ")


def test_selfplay_three_games(toy, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["selfplay", "toy_nim", "--games", "3", "--seed", "10", "--players", "3"]) == 0
    lines = _json_lines(capsys.readouterr().out)
    assert len(lines) == 4
    games, summary = lines[:3], lines[3]
    assert [g["seed"] for g in games] == [10, 11, 12]
    for line in games:
        assert {"game", "seed", "players", "kids", "winners", "scores", "turns", "actions", "seconds"} <= set(line)
        assert line["game"] == "toy_nim" and line["players"] == 3 and line["kids"] is False
        assert len(line["scores"]) == 3 and line["actions"] > 0
    assert summary["summary"] is True and summary["games"] == 3 and summary["failed"] == 0
    assert summary["games_per_second"] > 0


def test_selfplay_reports_a_crashing_game_and_exits_1(toy, monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    original = type(toy).new_game

    def flaky(self, options, seed):
        if seed == 6:
            raise RuntimeError("boom")
        return original(self, options, seed)

    monkeypatch.setattr(type(toy), "new_game", flaky)
    assert cli.main(["selfplay", "toy_nim", "--games", "3", "--seed", "5", "--kids", "--level", "easy"]) == 1
    lines = _json_lines(capsys.readouterr().out)
    assert len(lines) == 4
    assert lines[1]["seed"] == 6 and "RuntimeError: boom" in lines[1]["error"]
    assert "winners" in lines[0] and "winners" in lines[2] and lines[0]["kids"] is True
    assert lines[3]["failed"] == 1


@pytest.mark.parametrize(
    "argv, words",
    [
        (["selfplay", "no_such_game"], "There is no game called"),
        (["selfplay", "toy_nim", "--players", "9"], "for 2 to 4 players"),
        (["selfplay", "toy_nim", "--level", "genius"], "bot level"),
        (["selfplay", "toy_nim", "--variant", "speed=fast"], "no variant"),
        (["selfplay", "toy_nim", "--variant", "oops"], "key=value"),
    ],
)
def test_selfplay_bad_input(toy, argv, words, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_replay_of_a_save_and_of_a_bare_record(toy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved, states = play_saved(toy, actions=6)
    save_path = tmp_path / "game.json"
    saves.save_as(save_path, saved)
    record_path = tmp_path / "record.json"
    record_path.write_text(json.dumps(saved.record.to_json()))
    for path in (save_path, record_path):
        assert cli.main(["replay", str(path)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == 7
        assert lines[0].startswith("1. Seat 1: takes ") and lines[1].startswith("2. Seat 2: takes ")
        final = json.loads(lines[-1])
        assert final["game"] == "toy_nim" and final["actions"] == 6
        assert final["result"]["scores"] == list(toy.result(states[-1]).scores)


def test_replay_of_a_finished_game(toy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved, states = play_saved(toy, actions=500)
    assert toy.is_over(states[-1])
    path = tmp_path / "done.json"
    saves.save_as(path, saved)
    assert cli.main(["replay", str(path)]) == 0
    final = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert final["over"] is True and final["result"]["winners"] == list(toy.result(states[-1]).winners)


@pytest.mark.parametrize(
    "content, words",
    [
        (None, "There is no file"),
        (b"", "empty"),
        (b"{not json", "not valid JSON"),
        (b"\x89PNG\r\n", "not UTF-8"),
        (b'{"game": "toy_nim", "version": 1, "options": {"players": 2}, "seed": 1, "actions": [{"kind": "take", '
         b'"stones": 9}]}', "Action 1 of the record is not legal"),
        (b'{"game": "chess", "version": 1, "options": {"players": 2}, "seed": 1}', "no game called"),
        (b"[" * 100_000, "nested far too deeply"),
    ],
)
def test_replay_bad_files_exit_2(toy, tmp_path: Path, content, words, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_bytes(content)
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and str(path) in err


def _position(toy, tmp_path: Path, actions: int) -> tuple[Path, object]:
    _, states = play_saved(toy, actions=actions)
    data = {"game": "toy_nim", **toy.state_to_json(states[-1])}
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data))
    return path, states[-1]


def test_score_prints_the_breakdown(toy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, state = _position(toy, tmp_path, actions=500)
    assert cli.main(["score", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == toy.result(state).to_json()
    assert {"scores", "winners", "terms", "breakdown", "final"} <= set(out)


@pytest.mark.parametrize(
    "content, words",
    [
        (b"[1, 2]", 'with "game" naming the game'),
        (b'{"pile": 3}', 'with "game" naming the game'),
        (b'{"game": "atlantis"}', "no game called"),
        (b'{"game": "toy_nim", "pile": "many"}', "cannot be set up"),
        (b"\xff", "not UTF-8"),
    ],
)
def test_score_bad_positions_exit_2(toy, tmp_path: Path, content, words, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(content)
    assert cli.main(["score", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_open_checks_the_position_then_opens_the_app(toy, tmp_path: Path, monkeypatch) -> None:
    import types

    seen = {}
    fake = types.ModuleType("scenes.shell.start")

    def run(open_position=None, smoke=False, idle_probe=None, first_frame_probe=False, open_data=None):
        seen["open_position"] = open_position
        seen["open_data"] = open_data
        return 0

    fake.run = run  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scenes.shell.start", fake)
    import scenes.shell

    monkeypatch.setattr(scenes.shell, "start", fake, raising=False)
    path, _ = _position(toy, tmp_path, actions=3)
    assert cli.main(["open", str(path)]) == 0
    assert seen["open_position"] == str(path)
    saved, _ = play_saved(toy, actions=4)
    saves.save_as(tmp_path / "save.json", saved)
    assert cli.main(["open", str(tmp_path / "save.json")]) == 0
    assert seen["open_position"] == str(tmp_path / "save.json")
    assert seen["open_data"] == json.loads((tmp_path / "save.json").read_text())  # read once, handed over
    bad = tmp_path / "bad.json"
    for content in ("{", '{"format": "polar-table-save", "format_version": 1}', '{"game": "toy_nim"}'):
        bad.write_text(content)
        seen.clear()
        assert cli.main(["open", str(bad)]) == 2
        assert seen == {}, f"the app must not open on {content!r}"


def test_shot_refuses_a_bad_size_and_name(toy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["shot", "toy_nim", "--size", "big", "--out", str(tmp_path / "a.png")])
    assert done.value.code == 2
    assert cli.main(["shot", "toy_nim", "--out", str(tmp_path / "a.jpg")]) == 2
    assert cli.main(["shot", "toy_nim", "--out", str(tmp_path / "missing" / "a.png")]) == 2


def _borealis_ready() -> bool:
    try:
        registry.get("borealis")
    except (SaveError, ImportError, AttributeError):
        return False
    return True


@pytest.mark.skipif(not _borealis_ready(), reason="Borealis rules are not importable yet")
def test_console_script_selfplay_borealis(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "scenes.tools.cli", "selfplay", "borealis", "--games", "3", "--seed", "1"],
        capture_output=True, text=True, timeout=300, cwd=Path(cli.__file__).resolve().parents[1],
    )
    assert done.returncode == 0, done.stderr
    lines = _json_lines(done.stdout)
    assert len(lines) == 4 and lines[-1]["summary"] is True and lines[-1]["failed"] == 0


@pytest.mark.skipif(not _borealis_ready(), reason="Borealis rules are not importable yet")
def test_borealis_replay_and_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = registry.get("borealis")
    saved, states = play_saved(game, actions=40)
    path = tmp_path / "borealis.json"
    saves.save_as(path, saved)
    assert cli.main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(saved.record.actions) + 1
    assert json.loads(lines[-1])["result"] == game.result(states[-1]).to_json()
    position = tmp_path / "position.json"
    position.write_text(json.dumps(game.to_position(states[-1])))
    assert cli.main(["score", str(position)]) == 0
    assert json.loads(capsys.readouterr().out) == game.result(states[-1]).to_json()


BRITTA = Path(__file__).resolve().parents[1] / "borealis" / "positions" / "britta_54_points.json"


@pytest.mark.skipif(not (_borealis_ready() and BRITTA.exists()), reason="Borealis worked example not there yet")
def test_score_of_a_rulebook_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", str(BRITTA)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"][0] == 54 and len(out["breakdown"]) == len(out["scores"])


def _throw_record(tmp_path: Path) -> Path:
    from tests.scenes import toy_physics

    throws = [toy_physics.Landed(toy_physics.Throw(p), round(p * 30)) for p in (0.2, 0.5, 0.9)]
    record = {"game": toy_physics.GAME_ID, "version": 1, "options": {"players": 2, "names": ["Ana", "Bo"]},
              "seed": 1, "actions": [a.to_json() for a in throws]}
    path = tmp_path / "throw-failure.json"
    path.write_text(json.dumps(record))
    return path


def test_replay_rules_registers_a_game_made_at_run_time(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))  # whatever --rules registers goes with the test
    path = _throw_record(tmp_path)
    assert cli.main(["replay", str(path)]) == 2
    assert "no game called 'toy_throw'" in capsys.readouterr().err
    assert cli.main(["replay", str(path), "--rules", "tests.scenes.toy_physics"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "1. Ana: throws a stone 6 metres" and len(lines) == 4
    final = json.loads(lines[-1])
    assert final["game"] == "toy_throw" and final["actions"] == 3 and final["over"] is False


def test_replay_never_runs_physics(tmp_path: Path, monkeypatch, capsys) -> None:
    from physics import resolvers

    monkeypatch.setattr(registry, "_extra", dict(registry._extra))

    def never(*args):
        raise AssertionError("replay ran the physics")

    monkeypatch.setattr(resolvers, "resolver_for", lambda game_id: never)
    assert cli.main(["replay", str(_throw_record(tmp_path)), "--rules", "tests.scenes.toy_physics"]) == 0


@pytest.mark.parametrize(
    "module, words",
    [
        ("os.path", "a module of Polar Table itself"),
        ("../evil", "a module of Polar Table itself"),
        ("tests.no_such_toy", "cannot be imported"),
        ("game.core.contract", "has no RULES"),
    ],
)
def test_replay_rules_refuses_modules_it_cannot_use(module, words, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(registry, "_extra", dict(registry._extra))
    assert cli.main(["replay", str(_throw_record(tmp_path)), "--rules", module]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
