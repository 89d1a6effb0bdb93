from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core.errors import SaveError
from scenes.session import games, persist
from scenes.storage import atomic, in_progress, saves
from scenes.storage.paths import data_dir
from tests.storage.corruption import COUNT, variants
from tests.storage.helpers import play_saved


def _put(saved_or_bytes, name: str = "game.json") -> Path:
    """A save among the games in progress, as a file of that name."""
    raw = saved_or_bytes if isinstance(saved_or_bytes, bytes) else saved_or_bytes.dumps().encode("utf-8")
    path = in_progress.path_of(name)
    path.write_bytes(raw)
    return path


def _notices() -> list[str]:
    return [n.text for n in persist.take_notices()]


def test_data_dir_is_overridable_and_created(data_dir: Path) -> None:
    assert not data_dir.exists()
    assert in_progress.folder().parent == data_dir
    assert data_dir.is_dir()


def test_data_dir_default_is_the_user_folder_not_the_install(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("POLAR_TABLE_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = data_dir()
    assert folder.name == "polar-table"
    assert tmp_path in folder.parents
    assert Path(saves.__file__).resolve().parents[2] not in folder.parents


def test_atomic_write_crash_keeps_old_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    atomic.write_text(target, "old")

    def crash(src: str, dst: str) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        atomic.write_text(target, "new" * 1000)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.json"], "the temporary file was left behind"
    monkeypatch.undo()
    atomic.write_text(target, "new")
    assert target.read_text() == "new"


def test_atomic_write_crash_while_writing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    atomic.write_text(target, "old")

    def crash(fd: int) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        atomic.write_text(target, "new")
    assert target.read_text() == "old"
    assert len(list(tmp_path.iterdir())) == 1


def test_save_and_resume_round_trip(data_dir: Path, any_game) -> None:
    saved, states = play_saved(any_game, actions=30)
    from scenes.session.match import Match

    match = Match.from_saved(saved)
    persist.autosave(match)
    resumed = saves.load_resumable(in_progress.path_of(match.save_name))
    assert resumed.dropped == 0 and _notices() == []
    loaded = resumed.saved
    assert loaded.seats == saved.seats
    assert loaded.record.to_json() == saved.record.to_json()
    history = loaded.history()
    assert any_game.state_to_json(history.state) == any_game.state_to_json(states[-1])
    on_disk = json.loads((data_dir / "saves" / match.save_name).read_text())
    assert on_disk["format"] == "polar-table-save" and on_disk["format_version"] == 1


def test_no_game_in_progress_is_not_an_error(data_dir: Path) -> None:
    assert games.listing() == [] and _notices() == []
    assert games.delete("nothing.json")  # deleting nothing is fine


def test_delete_a_game_in_progress(data_dir: Path, toy) -> None:
    saved, _ = play_saved(toy, actions=3)
    _put(saved)
    assert [g.name for g in games.listing()] == ["game.json"]
    assert games.delete("game.json")
    assert games.listing() == []


def test_save_as_and_load_file(tmp_path: Path, toy) -> None:
    saved, _ = play_saved(toy, actions=5)
    path = tmp_path / "my game.json"
    saves.save_as(path, saved)
    assert saves.load_file(path).record.to_json() == saved.record.to_json()
    assert saves.load_record(path).to_json() == saved.record.to_json()


def test_load_record_accepts_a_bare_record(tmp_path: Path, toy) -> None:
    saved, _ = play_saved(toy, actions=5)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(saved.record.to_json()))
    assert saves.load_record(path).actions == saved.record.actions
    with pytest.raises(SaveError, match="not a Polar Table save"):
        saves.load_file(path)


@pytest.mark.parametrize(
    "content, reason",
    [(b"", "empty"), (b"{", "not valid JSON"), (b"\xff\xfe", "not UTF-8"), (b"[]", "not a Polar Table save")],
)
def test_load_file_raises_a_sentence(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=reason) as caught:
        saves.load_file(path)
    assert str(caught.value).endswith(".")


def test_load_file_missing_and_folder(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="There is no file"):
        saves.load_file(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        saves.load_file(tmp_path)


def test_oversized_file_is_refused_before_parsing(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = in_progress.path_of("big.json")
    with path.open("wb") as handle:
        handle.truncate(saves.MAX_BYTES + 1)  # sparse: no real megabytes written

    def never(*args, **kwargs):
        raise AssertionError("an oversized file was parsed")

    monkeypatch.setattr(saves.json, "loads", never)
    assert games.listing() == []
    (message,) = _notices()
    assert "far too large" in message
    assert not path.exists()


def test_unexpected_exception_in_rules_gives_a_message(data_dir: Path, toy, monkeypatch: pytest.MonkeyPatch) -> None:
    saved, _ = play_saved(toy, actions=5)
    _put(saved)

    def broken(*args, **kwargs):
        raise TypeError("'NoneType' object is not subscriptable")

    monkeypatch.setattr(type(toy), "step", broken)
    assert games.listing() == []
    (message,) = _notices()
    assert "cannot use" in message
    assert "TypeError" not in message and "NoneType" not in message and "Traceback" not in message  # no internals


def _assert_readable(message: str | None, label: str) -> None:
    assert message, f"{label}: no message"
    assert message.startswith(("A game in progress could not be resumed: ", "1 move at the end", "2 moves at")) or (
        " moves at the end of a saved game could not be replayed" in message), f"{label}: {message!r}"
    assert "\n" not in message and "Traceback" not in message and 'File "' not in message, f"{label}: {message!r}"
    assert message.endswith("."), f"{label}: {message!r}"
    assert len(message) < 600, f"{label}: message far too long ({len(message)} characters)"


def test_two_hundred_corrupted_saves(data_dir: Path, any_game) -> None:
    """Every variant is refused (moved into corrupt/ with a sentence), or, when only its last actions
    are spoilt, resumes before them (its original kept in corrupt/, with a sentence saying how many
    moves were left out); nothing raises, nothing is lost."""
    saved, states = play_saved(any_game, actions=30)
    if any_game.is_over(states[-1]):  # a game in progress, not one that ended (it would leave the list)
        saved, states = play_saved(any_game, actions=len(states) - 2)
    raw = saved.dumps().encode("utf-8")
    _put(saved)
    assert [g.dropped for g in games.listing()] == [0] and _notices() == [], "the uncorrupted save must load"
    corrupt = data_dir / "corrupt"
    produced = list(variants(raw, any_game, states))
    assert len(produced) == COUNT
    assert len({content for _, content in produced}) > COUNT * 0.9, "variants should differ"
    problems = []
    resumed = 0
    for number, (label, content) in enumerate(produced):
        path = _put(content)
        before = set(corrupt.iterdir()) if corrupt.exists() else set()
        try:
            listed = games.listing()
        except BaseException as exc:  # noqa: BLE001 - the point of the test
            problems.append(f"{number} {label}: raised {exc!r}")
            continue
        messages = _notices()
        message = messages[0] if len(messages) == 1 else None
        try:
            _assert_readable(message, f"{number} {label}")
        except AssertionError as exc:
            problems.append(str(exc))
        moved = set(corrupt.iterdir()) - before
        if len(moved) != 1:
            problems.append(f"{number} {label}: {len(moved)} files moved aside")
            continue
        kept = moved.pop()
        if kept.read_bytes() != content or not kept.name.endswith("-game.json"):
            problems.append(f"{number} {label}: the kept file differs")
        if str(kept) not in (message or ""):
            problems.append(f"{number} {label}: the message does not say where the file was kept")
        if listed:
            (game,) = listed
            resumed += 1
            if not 0 < game.dropped <= len(saved.record.actions) or not path.exists():
                problems.append(f"{number} {label}: resumed without saying what was left out")
            elif game.saved.record.actions != saved.record.actions[: len(game.saved.record.actions)]:
                problems.append(f"{number} {label}: resumed from actions the save did not hold")
            path.unlink()
        elif path.exists():
            problems.append(f"{number} {label}: the save was not moved aside")
    assert not problems, "\n".join(problems)
    assert len(list(corrupt.iterdir())) == COUNT
    print(f"{resumed} of {COUNT} spoilt saves resumed before their spoilt actions")


def test_an_older_record_is_brought_up_to_date_on_load_and_saved_in_the_new_version(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Version 1 of the toy game called the field ``count``; version 2 calls it ``stones``. A version 1
    save loads as version 2, and the next save writes version 2."""
    from tests.storage import toy_game

    class NimTwo(toy_game.Nim):
        version = 2
        migrations = {1: lambda actions: [{"kind": a["kind"], "stones": a["count"]} for a in actions]}

    game = NimTwo()
    module = type(toy_game)("tests_toy_nim_two")
    module.RULES = game  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, module.__name__, module)
    from game.core import registry

    entry = registry.Entry(toy_game.GAME_ID, "Toy Nim", "art/covers/toy.svg", module.__name__)
    monkeypatch.setattr(registry, "CATALOGUE", (*registry.CATALOGUE, entry))
    saved, states = play_saved(game, actions=4)
    old = saved.to_json()
    old["record"]["version"] = 1
    old["record"]["actions"] = [{"kind": "take", "count": a["stones"]} for a in old["record"]["actions"]]
    path = _put(json.dumps(old).encode())
    (listed,) = games.listing()
    assert _notices() == [] and listed.dropped == 0
    loaded = listed.saved
    assert loaded.record.version == 2 and loaded.record.actions == saved.record.actions
    history = loaded.history()
    assert history.record.version == 2 and game.state_to_json(history.state) == game.state_to_json(states[-1])
    persist.autosave(listed.match())
    assert json.loads(path.read_text())["record"]["version"] == 2
    assert saves.load_record(path).version == 2


def test_a_borealis_save_of_record_version_1_still_loads(data_dir: Path) -> None:
    from tests.storage.conftest import borealis_or_skip

    game = borealis_or_skip()
    folder = Path(__file__).resolve().parents[1] / "core" / "saves"
    for path in sorted(folder.glob("borealis-v1-*.json")):
        if path.name.endswith(".expected.json"):
            continue
        data = json.loads(path.read_text())
        record = data.get("record", data)
        assert record["version"] == 1
        loaded = saves.load_record(path)
        assert loaded.version == game.version == 2, path.name
