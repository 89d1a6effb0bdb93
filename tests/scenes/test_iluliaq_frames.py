"""Headless tests of what a throw playing costs Iluliaq's table per frame: the still picture is made
once when the throw lands and once when it has played, never in between (the counts that change as
cards arrive are drawn over it, as moving things), and the counts shown while it plays are right."""

from __future__ import annotations

import os
import types

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.bots import decide  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from physics.resolvers import resolver_for  # noqa: E402
from scenes.iluliaq import table as ilu_table  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell import table as shell_table  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

NAMES = ["Ana", "Bruno", "Carla", "Dario"]


NOW = 1000.0
"""The table's clock in these tests (stopped: a frame is drawn at the moment a test says)."""


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    stopped = types.SimpleNamespace(perf_counter=lambda: NOW)
    monkeypatch.setattr(shell_table, "time", stopped)  # the frame's time (table_now)
    monkeypatch.setattr(ilu_table, "time", stopped)


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
    table.plan_started = NOW - t
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


def test_cards_lying_still_drawn_from_one_picture_look_as_drawn_one_by_one():
    app, table = bots_table()
    throw_until(app, table, lambda plan: sum(1 for tr in plan.tracks.values() if tr.rest is not None) >= 2)
    plan = table.plan
    pieces = table.pieces

    def one_by_one(surface, view, cards):
        drawn = [pieces.blit_card(surface, view, *card) for card in cards]
        return drawn[0].unionall(drawn[1:])

    real, runs_drawn = pieces.blit_resting, []

    def counting(*args):
        runs_drawn.append(1)
        return real(*args)

    for share in (0.2, 0.5, 0.8):  # both pictures of the same moment
        table.plan_started = NOW - plan.duration * share
        pieces.blit_resting = counting
        app.full_redraw = True
        app.draw()
        runs = app.surface.copy()
        pieces.blit_resting = one_by_one
        app.full_redraw = True
        app.draw()
        a, b = pygame.image.tobytes(runs, "RGB"), pygame.image.tobytes(app.surface, "RGB")
        assert a == b or max(abs(x - y) for x, y in zip(a, b, strict=True)) <= 3
    assert runs_drawn


def test_a_run_made_again_premultiplies_no_card_again_and_its_pictures_count_with_the_cards():
    """The premultiplied pictures a run is made of are card pictures like the others, kept by the
    same byte budget: a run made again (a throw's runs change as cards pass each other) finds them."""
    app, table = bots_table()
    throw_until(app, table, lambda plan: sum(1 for tr in plan.tracks.values() if tr.rest is not None) >= 2)
    pieces = table.pieces
    table.plan_started = NOW - table.plan.duration * 0.5
    app.full_redraw = True
    app.draw()
    made = [key for key in pieces._cards if key[-1] == "premultiplied"]
    assert made, "the run's cards were premultiplied"
    painted = []
    real = pieces.card
    pieces.card = lambda key, paint: real(key, lambda: (painted.append(key), paint())[1])
    pieces._resting.clear()
    app.full_redraw = True
    app.draw()
    assert not [key for key in painted if key[-1] == "premultiplied"], "made again from the kept pictures"
    assert pieces._bytes <= pieces.cards_bytes


def test_the_runs_of_the_next_frame_are_made_ahead_and_that_frame_makes_none():
    app, table = bots_table()
    throw_until(app, table, lambda plan: sum(1 for tr in plan.tracks.values() if tr.rest is not None) >= 2)
    made = []
    real = table.pieces.resting

    def resting(view, cards):
        if ("resting", cards, view.key) not in table.pieces._resting:
            made.append(cards)
        return real(view, cards)

    table.pieces.resting = resting
    for share in (0.3, 0.6, 0.9):
        table.plan_started = NOW - table.plan.duration * share
        table.pieces._resting.clear()
        made.clear()
        with table.shown_at(NOW):
            table.ahead_of_next_frame()
        assert made, "the runs were made between frames"
        made.clear()
        app.draw()
        assert made == [], "the frame drew the runs made ahead"


def test_a_throws_save_is_written_in_the_frame_after_the_one_it_lands_in_and_an_ending_one_at_once():
    from scenes.session import match as matches
    from scenes.session import persist

    saved: list[int] = []
    app = App((1280, 720), headless=True, settings=Settings())
    seats = [SeatConfig(NAMES[i], i, BOT, "easy") for i in range(2)]
    m = Match.start("iluliaq", seats, seed=5, on_action=lambda match: saved.append(len(match.history.actions)))
    table = IluliaqTable(app, m)
    table.bots_play = False
    app.push(table)
    app.draw()
    action = decide(m.game, m.state, "easy", m.bot_seed(), resolver=resolver_for("iluliaq"))
    table.hand_bot_answer(action)
    app.update()  # the bot's throw lands in this frame
    assert len(m.history.actions) == 1 and saved == [] and m.save_owed and persist.unsaved()
    app.draw()
    app.update()  # the next frame
    assert saved == [1] and not m.save_owed and not matches.OWED
    action = decide(m.game, m.state, "easy", m.bot_seed(), resolver=resolver_for("iluliaq"))
    assert table.submit(action, by_bot=True) and saved == [1]
    persist.retry()  # as the app closes: what waits is written
    assert saved == [1, 2] and not persist.unsaved()
    action = decide(m.game, m.state, "easy", m.bot_seed(), resolver=resolver_for("iluliaq"))
    m.history.game.is_over = lambda state: True  # an action that ends the game is saved at once
    try:
        m.apply(action)
    finally:
        del m.history.game.is_over
    assert saved == [1, 2, 3] and not m.save_owed


def test_a_bigger_view_keeps_as_many_still_pieces_not_fewer():
    from scenes.iluliaq.table import LAYER_BUDGET, layer_budget

    assert layer_budget((1280, 720)) == layer_budget((1920, 1080)) == LAYER_BUDGET
    assert layer_budget((2560, 1440)) == round(LAYER_BUDGET * 2560 * 1440 / (1920 * 1080))
    app, table = bots_table()
    assert table.layer.budget == layer_budget(app.view_size)
