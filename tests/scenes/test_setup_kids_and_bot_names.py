"""Setup: kids' mode off gives back the bot levels kids' mode on changed (also when the setup was
remembered with kids' mode on); bot seats carry bots' names, never the family's default names, and a
seat turned human again gets its human name back."""

from __future__ import annotations

import pytest

from game.core.i18n import set_language
from scenes.session.match import BOT, HUMAN
from scenes.shell.app import App
from scenes.shell.setup import BOT_NAMES, DEFAULT_NAMES, SetupScene
from scenes.storage.settings import Settings, load_settings
from tests.scenes.helpers import click_button


@pytest.fixture
def setup_app(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    apps: list[App] = []

    def make(settings: Settings | None = None) -> tuple[App, SetupScene]:
        app = App((1280, 720), headless=True, settings=settings or Settings())
        apps.append(app)
        return app, app.push(SetupScene(app, "borealis"))

    yield make
    set_language("en")
    for app in apps:
        app.bots.shutdown()


def levels(setup: SetupScene) -> list[tuple[str, str]]:
    return [(s.kind, s.level) for s in setup.seats[: setup.players]]


def test_kids_mode_off_gives_back_the_levels_it_changed(setup_app):
    app, setup = setup_app()
    setup.set_players(4)
    setup.set_kind(2, BOT, "hard")
    setup.set_kind(3, BOT, "easy")
    before = levels(setup)
    assert before == [(HUMAN, "normal"), (BOT, "normal"), (BOT, "hard"), (BOT, "easy")]
    click_button(app, setup.kids_button)
    assert setup.kids and levels(setup) == [(HUMAN, "normal"), (BOT, "easy"), (BOT, "hard"), (BOT, "easy")]
    click_button(app, setup.kids_button)
    assert not setup.kids and levels(setup) == before, "kids' mode off left the bots it eased at easy"
    # a level changed by hand while kids' mode is on is the family's choice: it stays
    click_button(app, setup.kids_button)
    setup.set_kind(1, BOT, "easy")
    click_button(app, setup.kids_button)
    assert levels(setup)[1] == (BOT, "easy")


def test_a_setup_remembered_with_kids_mode_on_still_gives_the_levels_back(setup_app):
    app, setup = setup_app()
    setup.set_players(3)
    setup.set_kind(2, BOT, "hard")
    click_button(app, setup.kids_button)
    setup.start()
    assert [(s.kind, s.level) for s in app.top.match.seats] == [(HUMAN, "normal"), (BOT, "easy"), (BOT, "hard")]
    _again, fresh = setup_app(load_settings())  # the next time the app opens
    assert fresh.kids and levels(fresh) == [(HUMAN, "normal"), (BOT, "easy"), (BOT, "hard")]
    fresh.toggle_kids()
    assert levels(fresh) == [(HUMAN, "normal"), (BOT, "normal"), (BOT, "hard")]


def test_bot_seats_have_bot_names_and_a_seat_turned_human_gets_a_human_name(setup_app):
    app, setup = setup_app()
    setup.set_players(4)
    names = [s.name for s in setup.seats[: setup.players]]
    assert names[0] == "Ana"
    assert all(setup.seats[i].kind == BOT for i in range(1, 4))
    assert not set(names[1:]) & set(DEFAULT_NAMES), f"bots carry the family's names: {names}"
    assert len(set(names)) == len(names)
    setup.cycle_kind(1)  # Bot: normal -> Bot: hard
    assert setup.seats[1].name == names[1], "a bot changing level keeps its name"
    setup.cycle_kind(1)  # -> Human
    assert setup.seats[1].kind == HUMAN and setup.seats[1].name == "Bo"
    setup.entries[1].set_text("Zoe")
    setup.set_kind(1, BOT, "easy")
    assert setup.seats[1].name == names[1] and setup.seats[1].name != "Zoe"
    setup.set_kind(1, HUMAN)
    assert setup.seats[1].name == "Zoe", "the name typed for the person came back"
    setup.set_kind(0, BOT, "normal")
    assert setup.seats[0].name not in DEFAULT_NAMES
    setup.entries[2].set_text("   ")
    setup.start()
    seats = app.top.match.seats
    assert [s.kind for s in seats] == [BOT, HUMAN, BOT, BOT]
    assert seats[2].name == names[2], "an emptied bot name becomes a bot's name, not a family's"
    assert not {s.name for s in seats if s.kind == BOT} & set(DEFAULT_NAMES)


def test_a_setup_remembered_with_a_bot_named_like_the_family_gets_a_bot_name(setup_app):
    remembered = Settings()
    remembered.last_setup["borealis"] = {"players": 3, "kids": False, "variants": {}, "seats": [
        {"name": "Ana", "colour": 0, "kind": "human", "level": "normal"},
        {"name": "Bo", "colour": 1, "kind": "bot", "level": "normal"},
        {"name": "Grandpa's robot", "colour": 2, "kind": "bot", "level": "hard"},
    ]}
    _app, setup = setup_app(remembered)
    assert [s.name for s in setup.seats[:3]] == ["Ana", BOT_NAMES[1], "Grandpa's robot"]


def test_bot_names_are_in_the_language_of_the_table(setup_app):
    _app, setup = setup_app(Settings(language="it"))
    name = setup.seats[1].name
    assert name != BOT_NAMES[1] and name.startswith("Robo"), name
