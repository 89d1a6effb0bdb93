"""Headless tests of the Ice Flow table: clicks on the strait go through the prompt's targets and
become the rules' actions, a path in reach is walked a step at a time, a refused click says why and
changes nothing, a new floe is turned by clicking one of its six pictures, and after a drift every
floe the physics showed rests exactly at its rules pose."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.i18n import set_language  # noqa: E402
from game.iceflow.rules import RULES  # noqa: E402
from game.iceflow.state import MOVE, ORIENT, TURN, Drift, Fish, Move, NewFloe, Place, Rotate, Step  # noqa: E402
from scenes.iceflow.table import IceFlowTable  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.iceflow.build import position  # noqa: E402

APPS: list[App] = []


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    while APPS:
        APPS.pop().bots.shutdown()


def table_at(state, size=(1280, 720)) -> tuple[App, IceFlowTable]:
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig("Ana", 0), SeatConfig("Bo", 1, BOT, "easy")]
    match = Match.from_position(RULES, RULES.to_position(state), seats)
    table = IceFlowTable(app, match)
    table.bots_play = False
    app.push(table)
    app.step(block=False)
    APPS.append(app)
    return app, table


def centre(table: IceFlowTable, h) -> tuple[int, int]:
    x, y = table.lay.hexes.centre(h)
    return round(x), round(y)


def click(app: App, table: IceFlowTable, pos) -> None:
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(block=False)


def start() -> object:
    # Ana's explorer on floe 8 (7, 3); floes 9 (6, 3) and 10 (5, 3) flat east and west: a free walk west
    return position([["floe:8", "A2", "A3"], ["A4", "A5", "A6"]],
                    [(8, (7, 3)), (9, (6, 3)), (10, (5, 3)), (11, (3, 6))], [(1, 1), (1, 1)])


def test_a_click_on_your_explorer_starts_its_move_and_lights_the_places_in_reach() -> None:
    app, table = table_at(start())
    box = table.hits.targets()["explorer:0:0"]
    click(app, table, box.center)
    assert table.match.history.actions[-1] == Move(0)
    assert table.match.state.frame.name == MOVE
    routes = table.routes()
    assert (5, 3) in routes and routes[(5, 3)].path == ((6, 3), (5, 3)) and routes[(5, 3)].cost == 0


def test_a_click_on_a_place_two_steps_away_walks_there_one_step_at_a_time() -> None:
    app, table = table_at(start())
    click(app, table, table.hits.targets()["explorer:0:0"].center)
    click(app, table, centre(table, (5, 3)))
    assert table.match.history.actions[-1] == Step(6, 3), "the first step at once"
    table.walk_at = 0.0
    table.advance(1e9)
    assert table.match.history.actions[-1] == Step(5, 3), "the next when its time comes"
    assert table.match.state.players[0].explorers[0] == "floe:10"


def test_a_click_on_a_floe_asks_which_iceberg_action() -> None:
    app, table = table_at(start())
    click(app, table, centre(table, (3, 6)))
    chooser = table.chooser
    assert chooser is not None
    assert {c.action for c in chooser.choices} == {Drift(11), Rotate(11, 1), Rotate(11, -1)}
    table.choose([c.action for c in chooser.choices].index(Drift(11)))
    assert table.match.history.actions[-1] == Drift(11)
    assert next(f for f in table.match.state.floes if f.id == 11).hex == (3, 5)


def test_a_refused_click_says_why_and_changes_nothing() -> None:
    app, table = table_at(start())
    click(app, table, table.hits.targets()["explorer:0:0"].center)
    before = len(table.match.history.actions)
    click(app, table, centre(table, (2, 2)))
    assert len(table.match.history.actions) == before
    assert any("cannot go there" in t.text for t in app.toasts.items), [t.text for t in app.toasts.items]


def test_a_drift_plays_through_the_physics_and_ends_at_the_rules_pose() -> None:
    app, table = table_at(start())
    table.submit(Drift(11))
    assert table.world.busy() and 11 in table.moving_floes()
    for _ in range(200):
        table.advance(0.0)
    assert not table.world.busy()
    rules = {f.id: (f.hex, f.rotation) for f in table.match.state.floes}
    assert table.world.check(rules) == []


def test_a_new_floe_is_placed_on_a_lit_entry_and_turned_by_a_click_on_its_picture() -> None:
    app, table = table_at(start())
    table.submit(NewFloe())
    state = table.match.state
    entries = [t for c in table.rules_prompt().choices for t in c.targets]
    assert entries and all(t.startswith("hex:") for t in entries)
    col, row = (int(v) for v in entries[0][4:].split(","))
    click(app, table, centre(table, (col, row)))
    assert table.match.history.actions[-1] == Place(col, row)
    assert table.match.state.frame.name == ORIENT
    app.step(block=False)
    click(app, table, table.hits.targets()["orient:2"].center)
    placed = next(f for f in table.match.state.floes if f.id == state.frame.data["floe"])
    assert placed.rotation == 2 and table.match.state.frame.name == TURN


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_table_draws_at_both_sizes_with_everything_inside_it(size) -> None:
    app, table = table_at(start(), size)
    app.draw()
    inside = table.table_rect
    for thing, r in table.hits.targets().items():
        assert inside.contains(r) or thing.startswith("hex:"), thing
    assert table.lay.board.right <= table.lay.side.x


def test_what_an_action_did_sounds_once_each() -> None:
    from game.core.events import Changed, Moved
    from scenes.iceflow.table import sounds_of

    events = [Changed("floe:3", {"path": [[1, 0], [1, 1]], "rotation": 0}),
              Moved("explorer:0:1", "floe:3", "sea:2,2"), Moved("bear", "floe:4", "floe:5"),
              Moved("bear", "floe:5", "supply"), Moved("fish", "floe:5", "backpack:0"),
              Changed("floe:4", {"turn": 1, "rotation": 1})]
    assert sounds_of(events) == ["ice_drift", "splash", "bear", "token"]


def test_after_every_move_of_a_few_hundred_every_floe_rests_at_its_rules_pose() -> None:
    """§13.8 scenario 11: the physics shows, the rules decide; played out or skipped, every floe ends
    on its rules hex and turn (within 0.5 px and 0.1 degree)."""
    from game.core.bots import decide

    app, table = table_at(start())
    match = table.match
    for n in range(300):
        if match.is_over():
            break
        table.submit(decide(match.game, match.state, "easy", 1000 + n), by_bot=True)
        rules = {f.id: (f.hex, f.rotation) for f in match.state.floes}
        if n % 3 == 0:
            table.finish_animations()  # a skip
        else:
            for _ in range(240):  # the world's own steps: the table's would snap it at the end
                if not table.world.busy():
                    break
                table.world.step(1 / 60)
            assert not table.world.busy(), f"still moving after 4 s at action {n}"
        assert table.world.check(rules) == [], f"after action {n}: {table.world.check(rules)}"


def test_the_fish_caught_this_turn_wait_in_the_backpack_for_the_next_turn() -> None:
    app, table = table_at(start())
    assert table.backpack(0) == (("rope", True), ("fish", True))
    table.submit(Fish())
    app.step(block=False)
    assert table.backpack(0) == (("fish", True), ("fish", False), ("fish", False))
    seat = next(hit for hit in table.hits if hit.target == "seat:0")
    assert "next turn" in seat.tip
