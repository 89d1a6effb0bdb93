"""Headless tests of what a throw playing costs Iluliaq's table per frame: the still picture is made
once when the throw lands and once when it has played, never in between (the counts that change as
cards arrive are drawn over it, as moving things), and the counts shown while it plays are right."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.bots import decide  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from physics.resolvers import resolver_for  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

NAMES = ["Ana", "Bruno", "Carla", "Dario"]


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")


def bots_table(players: int = 3, seed: int = 5) -> tuple[App, IluliaqTable]:
    app = App((1280, 720), headless=True, settings=Settings())
    seats = [SeatConfig(NAMES[i], i, BOT, "easy") for i in range(players)]
    table = IluliaqTable(app, Match.start("iluliaq", seats, seed=seed))
    table.bots_play = False
    app.push(table)
    app.draw()
    return app, table


def throw_until(app: App, table: IluliaqTable, wanted) -> None:
    """Bots' throws, each played out, until one whose plan ``wanted`` says yes to is playing."""
    m = table.match
    for _turn in range(200):
        assert not m.is_over()
        action = decide(m.game, m.state, "easy", m.bot_seed(), resolver=resolver_for("iluliaq"))
        assert table.submit(action, by_bot=True)
        table.follow_the_physics(wait=None)  # the physics' recording first: the same plan all along
        if table.plan is not None and wanted(table.plan):
            return
        table.finish_animations()
        app.draw()
    raise AssertionError("no such throw in 200")


def collects(plan) -> bool:
    return any(f.target[0] == "seat" for f in plan.flights)


def at(app: App, table: IluliaqTable, t: float) -> None:
    """Draw the frame ``t`` seconds into the plan."""
    table.plan_started = time.perf_counter() - t
    app.draw()


def test_an_animations_frames_do_not_rebuild_the_still_layer():
    app, table = bots_table()
    painted, begun = [], []
    paint, begin = table.paint_still, table.layer.begin

    def counting_paint():
        painted.append(table.plan_time())
        paint()

    def counting_begin(*args, **kwargs):
        begun.append(1)
        begin(*args, **kwargs)

    table.paint_still, table.layer.begin = counting_paint, counting_begin
    throw_until(app, table, collects)
    plan = table.plan
    at(app, table, 0.0)  # the frame it lands in
    assert len(painted) == 1 and len(begun) == 1
    steps = 40
    for i in range(1, steps):
        at(app, table, plan.duration * i / steps)
    assert len(painted) == 1 and len(begun) == 1, "a frame of the throw playing made the still picture again"
    at(app, table, plan.duration + 0.01)  # it has played
    assert len(painted) == 2 and len(begun) == 2
    at(app, table, plan.duration + 0.05)
    assert len(painted) == 2


def arrives_before_the_end(plan) -> bool:
    return any(f.target[0] == "seat" and f.end < plan.duration - 0.05 for f in plan.flights)


def test_a_seats_count_goes_up_as_its_card_arrives_while_the_throw_plays():
    app, table = bots_table()
    throw_until(app, table, arrives_before_the_end)
    plan = table.plan
    flight = next(f for f in plan.flights if f.target[0] == "seat" and f.end < plan.duration - 0.05)
    seat = flight.target[1]
    final = len(table.vstate.stacks[seat])
    arriving = sum(1 for f in plan.flights if f.target == ("seat", seat))
    at(app, table, 0.0)
    assert table.seat_shown(seat).count == final - arriving
    assert ("seat", seat) in table.changing_panels()
    before = table.seat_shown(seat).count
    at(app, table, flight.end - 0.01)
    assert table.seat_shown(seat).count == before + sum(1 for f in plan.flights if f.target == ("seat", seat)
                                                        and f.end <= flight.end - 0.01)
    at(app, table, flight.end + 0.01)
    assert table.seat_shown(seat).count > before
    drawn = {k[2].count for k in table.panel_pictures if k[0] == "seat" and k[1] == seat}
    assert table.seat_shown(seat).count in drawn and before in drawn  # the overlay drew both counts
    at(app, table, plan.duration + 0.01)
    assert table.seat_shown(seat).count == final and not table.changing_panels()
    shown = table.still_shown()
    assert shown.seats[seat] is not None and shown.seats[seat].count == final
