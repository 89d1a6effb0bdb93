"""Continue after an update: an autosave written by an older release (Borealis record version 1)
resumes, and the next autosave is written in the current version."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.core.i18n import set_language  # noqa: E402
from scenes.shell.menu import MenuScene  # noqa: E402
from scenes.shell.table import TableScene  # noqa: E402
from scenes.storage import saves  # noqa: E402
from tests.scenes.helpers import click_button  # noqa: E402

OLD = Path(__file__).resolve().parents[1] / "core" / "saves" / "borealis-v1-2p.json"


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """The real Borealis rules (the shell's fixture would swap in a toy game), in English."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield


def test_continue_from_a_version_1_autosave_saves_version_2(app):
    old = json.loads(OLD.read_text())
    assert old["record"]["version"] == 1
    shutil.copy(OLD, saves.autosave_path())
    menu = app.push(MenuScene(app))
    assert "Continue" in menu.menu_buttons
    click_button(app, menu.menu_buttons["Continue"])
    table = app.top
    while not isinstance(table, TableScene):
        table.ready()
        table = app.top
    match = table.match
    assert match.history.record.version == 2
    assert len(match.log) >= len(match.history.actions) > len(old["record"]["actions"])  # small choices now
    app.draw()
    table.bots_play = False
    seat = match.to_act
    action = match.legal_actions()[0]
    assert table.submit(action, by_bot=match.is_bot(seat))
    kept = json.loads(saves.autosave_path().read_text())
    assert kept["record"]["version"] == 2
    assert kept["record"]["actions"][-1] == action.to_json()
    assert saves.load_autosave()[0].history().state == match.state
