"""The setup screen remembers the last choices made for each game (in the settings), and a settings
file whose remembered setup does not read loses only that."""

from __future__ import annotations

import json

from scenes.shell.app import App
from scenes.shell.setup import SetupScene
from scenes.storage.settings import Settings, load_settings, save_settings, settings_path


def test_the_next_setup_starts_from_the_last_one(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    app = App((1280, 720), headless=True, settings=Settings())
    setup = app.push(SetupScene(app, "borealis"))
    setup.set_players(3)
    setup.set_name(0, "Zoë")
    setup.set_kind(1, "human")
    setup.set_kind(2, "bot", "hard")
    setup.kids = True
    setup.cycle_variant("side")
    chosen = [(s.name, s.colour, s.kind, s.level) for s in setup.seats[:3]]
    side = setup.variants["side"]
    setup.start()
    app.bots.shutdown()

    again = App((1280, 720), headless=True, settings=load_settings())  # as the next time the app opens
    fresh = again.push(SetupScene(again, "borealis"))
    assert fresh.players == 3 and fresh.kids and fresh.variants["side"] == side
    assert [(s.name, s.colour, s.kind, s.level) for s in fresh.seats[:3]] == chosen
    assert len({s.colour for s in fresh.seats}) == len(fresh.seats)
    again.bots.shutdown()


def test_a_remembered_setup_that_does_not_read_is_forgotten_and_nothing_else(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    save_settings(Settings(volume=0.3))
    data = json.loads(settings_path().read_text())
    data["last_setup"] = {
        "borealis": {"players": "three", "kids": False, "variants": {}, "seats": []},
        "x" * 500: {"players": 2, "kids": False, "variants": {}, "seats": []},
        "fine": {"players": 2, "kids": False, "variants": {}, "seats": [
            {"name": "Ana", "colour": 1, "kind": "human", "level": "normal"}]},
        "hostile": {"players": 2, "kids": False, "variants": {}, "seats": [
            {"name": "A" * 5000, "colour": 1, "kind": "human", "level": "normal"}]},
    }
    settings_path().write_text(json.dumps(data))
    loaded = load_settings()
    assert loaded.volume == 0.3
    assert set(loaded.last_setup) == {"fine"}
    app = App((1280, 720), headless=True, settings=loaded)
    setup = app.push(SetupScene(app, "borealis"))  # nothing remembered for it: the defaults
    assert setup.players == 2 and not setup.kids
    app.bots.shutdown()
