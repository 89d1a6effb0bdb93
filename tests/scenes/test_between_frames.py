"""A move lands between frames in a real window: the frame of the loop's turn in which a bot's answer
arrives is presented first, the move is applied after it (``Scene.between_frames``), the still
picture, the top bar and the log are made for the next frame there, and that next frame paints no
piece and remakes no picture. Headless (tests, shots) a move lands in the turn's update, as before.
And the kit's worker gives way while a frame is drawn."""

from __future__ import annotations

import os
import threading
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core.bots import decide  # noqa: E402
from scenes.borealis.table import BorealisTable  # noqa: E402
from scenes.kit import layer as kit_layer  # noqa: E402
from scenes.kit import refining  # noqa: E402
from scenes.kit.widgets import LogPanel  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell import app as app_module  # noqa: E402
from scenes.shell import table as table_module  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.shell.table import NEXT_FRAME, TableScene  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.scenes.test_borealis_table import APPS, _shutdown_bots  # noqa: E402, F401 - the apps' bots stop after each test


@pytest.fixture
def painted(monkeypatch) -> list[str]:
    """Each piece painted and each top-bar and log picture made, by what it was."""
    made: list[str] = []
    real_piece, real_bar, real_log = kit_layer.StaticLayer.piece, TableScene._bar_picture, LogPanel._render

    def piece(self, key, r, margin, painter, *args, **kwargs):
        def counted(surface, off):
            made.append(f"piece {key[0]}")
            painter(surface, off)

        return real_piece(self, key, r, margin, counted, *args, **kwargs)

    def bar(self, size):
        made.append("bar")
        return real_bar(self, size)

    def log(self, *args, **kwargs):
        made.append("log")
        return real_log(self, *args, **kwargs)

    monkeypatch.setattr(kit_layer.StaticLayer, "piece", piece)
    monkeypatch.setattr(TableScene, "_bar_picture", bar)
    monkeypatch.setattr(LogPanel, "_render", log)
    return made


def bots_table(real_window: bool) -> tuple[App, BorealisTable]:
    """Three bots at Borealis, the test handing their answers; ``real_window``: the app behaves as
    it does with a window (frames may wait, moves land between frames), drawn offscreen."""
    app = App((1600, 900), headless=True, settings=Settings())
    APPS.append(app)
    app.may_wait = real_window
    seats = [SeatConfig(f"Bot {i + 1}", i, BOT, "easy") for i in range(3)]
    table = BorealisTable(app, Match.start("borealis", seats, seed=7))
    table.bots_play = False
    app.push(table)
    for _ in range(5):
        app.step(block=False)
    table.finish_animations()
    app.step(block=False)
    return app, table


def next_move(table: BorealisTable):
    m = table.match
    return decide(m.game, m.state, "easy", m.bot_seed())


def test_in_a_real_window_a_bots_move_lands_after_the_frame_and_the_next_frame_paints_nothing_new(painted,
                                                                                                monkeypatch):
    app, table = bots_table(real_window=True)
    # the table's clock stopped: however slow the machine, the next frame comes at the time its pictures
    # were made for, or after it: nothing it shows moved on in between
    monkeypatch.setattr(table_module, "time", Clock(time.perf_counter()))
    moves = len(table.match.history.actions)
    shown: list[int] = []
    render = table.render

    in_frames: list[list[str]] = []

    def watched(surface):
        shown.append(len(table.match.history.actions))
        before = len(painted)
        render(surface)
        in_frames.append(painted[before:])

    table.render = watched
    table.hand_bot_answer(next_move(table))
    painted.clear()
    app.dirty = True
    app.step(block=False)
    assert shown == [moves], "the turn's frame is drawn before the move lands"
    assert len(table.match.history.actions) == moves + 1, "the move landed in the same turn, after its frame"
    made_between = list(painted)
    assert any(p.startswith("piece") for p in made_between), "the still picture of the new state was made ahead"
    assert "bar" in made_between, "the top bar's new words were made ahead"

    # after its present the next turn may paint ahead for later (the boards of the seats to come, on a
    # machine too busy to have done it in the landing's turn): only the frame itself is watched
    app.step(block=False)
    assert shown[-1] == moves + 1, "the next frame shows the move"
    assert in_frames[-1] == [], f"the frame after a landing only draws what moves, yet made {in_frames[-1]}"


class Clock:
    """The time module, but for a ``perf_counter`` the test sets."""

    def __init__(self, now: float) -> None:
        self.now = now

    def perf_counter(self) -> float:
        return self.now

    def __getattr__(self, name: str):
        return getattr(time, name)


def test_a_frame_that_comes_early_shows_the_time_its_pictures_were_made_for(painted, monkeypatch):
    """What plays ends between a frame and the time the next one was made ahead for, and the next
    turn of the loop comes early: it shows the time it was made for, so nothing is made again."""
    app, table = bots_table(real_window=True)
    table.hand_bot_answer(next_move(table))
    app.dirty = True
    app.step(block=False)  # the move lands after this frame
    table.finish_animations()
    clock = Clock(2000.0)
    monkeypatch.setattr(app_module, "time", clock)
    monkeypatch.setattr(table_module, "time", clock)
    table._made_for = 0.0
    ends = clock.now + NEXT_FRAME / 2
    monkeypatch.setattr(table, "plays_until", lambda: ends)
    seen: list[tuple[float, bool]] = []
    draw = table.draw
    table.draw = lambda surface: (seen.append((table.table_now(), table.holding())), draw(surface))[1]
    app.dirty = True
    app.step(block=False)
    assert seen == [(2000.0, True)], "this frame shows the move still playing; the next is made after it"
    painted.clear()
    clock.now += NEXT_FRAME / 4  # the next turn comes early, before the move has played
    app.dirty = True
    app.step(block=False)
    assert seen[-1] == (2000.0 + NEXT_FRAME, False), "it shows the time it was made for: the move has played"
    assert painted == [], f"the frame made again {painted}"


def test_headless_a_bots_move_lands_in_the_turn_and_its_frame_shows_it():
    app, table = bots_table(real_window=False)
    moves = len(table.match.history.actions)
    shown: list[int] = []
    render = table.render
    table.render = lambda surface: (shown.append(len(table.match.history.actions)), render(surface))
    table.hand_bot_answer(next_move(table))
    app.dirty = True
    app.step(block=False)
    assert shown == [moves + 1]


def test_a_bots_answer_waits_for_the_end_of_the_turn_in_a_real_window_not_for_ever():
    """The answer is held in the update (the frame comes first) and played in the same turn."""
    app, table = bots_table(real_window=True)
    moves = len(table.match.history.actions)
    table.hand_bot_answer(next_move(table))
    app.update()
    assert len(table.match.history.actions) == moves, "not in the update"
    app.between = True
    try:
        table.between_frames()
    finally:
        app.between = False
    assert len(table.match.history.actions) == moves + 1


def test_the_log_made_ahead_is_shown_by_the_next_draw_without_being_made_again():
    import pygame

    app, table = bots_table(real_window=True)
    panel = table.log_panel
    surface = pygame.Surface(app.view_size)
    m = table.match
    m.apply(next_move(table))
    made = []
    real = panel._render
    panel._render = lambda *a, **k: (made.append(1), real(*a, **k))[1]
    panel.prepare(surface.get_size(), m, table.fonts, table.pal, table.s, table.log_reader)
    assert made == [1]
    blits = panel.blits
    changed = panel.draw(surface, m, table.fonts, table.pal, table.s, table.log_reader, continues=True)
    assert changed and panel.blits == blits + 1, "the new picture is blitted and said to have changed"
    assert made == [1], "and not made again"
    assert not panel.draw(surface, m, table.fonts, table.pal, table.s, table.log_reader, continues=True)
    assert panel.blits == blits + 1, "a frame that continues the last one does not blit it again"


def test_a_worker_job_gives_way_while_a_frame_is_drawn(monkeypatch):
    monkeypatch.setattr(refining, "GIVE_WAY_MAX", 60.0)  # only the frame's end lets it go here
    steps: list[float] = []

    def job() -> int:
        for _ in range(3):
            refining.give_way()
            steps.append(time.perf_counter())
        return len(steps)

    refining.frame_begins()
    try:
        work = refining.refine_soon("rough", job, finish=lambda n: n)
        time.sleep(0.05)
        assert steps == [] and not work.ready(), "nothing runs while the frame is drawn"
        ended = time.perf_counter()
    finally:
        refining.frame_ends()
    assert work.take(wait=30.0) == (True, 3)
    assert all(at >= ended for at in steps), "it ran once the frame was presented"


def test_the_loops_thread_never_waits_and_a_job_never_let_go_still_ends(monkeypatch):
    monkeypatch.setattr(refining, "GIVE_WAY_MAX", 60.0)
    refining.frame_begins()
    try:
        refining.give_way()  # the loop's own thread: it returns (were it waiting, this test would hang)
        monkeypatch.setattr(refining, "GIVE_WAY_MAX", 0.01)
        done = threading.Event()
        worker = threading.Thread(target=lambda: (refining.give_way(), done.set()))
        worker.start()
        assert done.wait(30.0), "a job waits at most GIVE_WAY_MAX per step, whatever the frame does"
        worker.join()
    finally:
        refining.frame_ends()
