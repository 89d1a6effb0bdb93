"""Headless tests of the ILAN table: clicks on cards and decks go through the prompt's targets and become
the rules' actions (a card played from the hand, a target chosen, a web picked card by card, the draw),
a refused click changes nothing, a choose's two options are boxes, and only the seat at the screen
shows its hand."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.i18n import set_language  # noqa: E402
from game.ilan.rules import RULES  # noqa: E402
from game.ilan.state import PICK, WEB, Collect, Done, Draw, Option, Pick, PlayCard  # noqa: E402
from scenes.ilan.table import IlanTable  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.ilan.build import position  # noqa: E402
from tests.ilan.test_scenarios import num  # noqa: E402

APPS: list[App] = []


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    while APPS:
        APPS.pop().bots.shutdown()


def table_at(state, size=(1280, 720)) -> tuple[App, IlanTable]:
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig("Ana", 0), SeatConfig("Bo", 1, BOT, "easy")]
    match = Match.from_position(RULES, RULES.to_position(state), seats)
    table = IlanTable(app, match)
    table.bots_play = False
    app.push(table)
    app.step(block=False)
    APPS.append(app)
    return app, table


def click(app: App, table: IlanTable, thing: str) -> None:
    table.ensure()
    pos = table.click_targets()[thing]
    centre = (pos[0] + pos[2] // 2, pos[1] + min(pos[3] // 2, 8))  # a cascaded card shows its top
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre))
    app.step(block=False)


def test_a_click_on_a_hand_card_plays_it_and_a_click_on_a_target_chooses_it() -> None:
    state = position([[], ["B03", "B01"]], hands=[["B28", "B14"], ["B49"]])
    app, table = table_at(state)
    click(app, table, f"card:{num(state.hands[0], 'B28')}")
    assert table.match.history.actions[-1] == PlayCard(num(state.hands[0], "B28"))
    assert table.match.state.frame.name == PICK
    click(app, table, f"card:{num(state.ecosystems[1], 'B03')}")
    assert table.match.history.actions[-1] == Pick(num(state.ecosystems[1], "B03"))
    assert table.match.state.vp[0] == 1


def test_a_web_is_picked_card_by_card_and_the_deck_ends_the_turn() -> None:
    state = position([["B03", "B19", "B35", "B50"], []], hands=[["B49"], ["B14"]])
    app, table = table_at(state)
    click(app, table, f"card:{num(state.hands[0], 'B49')}")
    table.submit(Collect())
    app.step(block=False)
    assert table.match.state.frame.name == WEB
    for cid in ("B03", "B19", "B35", "B50"):
        click(app, table, f"card:{num(state.ecosystems[0], cid)}")
    assert Done() in table.match.legal_actions()
    table.submit(Done())
    app.step(block=False)
    assert table.match.state.vp[0] == 1 + 7
    click(app, table, "deck:bio")
    assert table.match.history.actions[-1] == Draw("bio")


def test_a_refused_click_changes_nothing() -> None:
    state = position([[], ["B03"]], hands=[["B14"], []])
    app, table = table_at(state)
    before = len(table.match.history.actions)
    click(app, table, f"card:{num(state.ecosystems[1], 'B03')}")  # not a target now
    assert len(table.match.history.actions) == before


def test_a_choose_shows_its_two_options_as_boxes() -> None:
    state = position([[], []], hands=[["F23", "B14"], []], current=("B69", "B15", "B24"))
    app, table = table_at(state)
    click(app, table, f"card:{num(state.hands[0], 'F23')}")
    assert {"option:0", "option:1"} <= set(table.click_targets())
    click(app, table, "option:1")
    assert table.match.history.actions[-1] == Option(1)
    assert table.match.state.vp[0] == 1


def test_only_the_seat_at_the_screen_shows_its_hand() -> None:
    state = position([[], []], hands=[["B28", "B14"], ["B49", "B41"]])
    app, table = table_at(state)
    shown = set(table.click_targets())
    assert {f"card:{c}" for c in state.hands[0]} <= shown
    assert not {f"card:{c}" for c in state.hands[1]} & shown
