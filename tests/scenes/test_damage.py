"""Frames that paint only what changed look exactly like frames painted whole: with a tooltip and
a toast over the table (they no longer force whole frames), and the damage helpers cover what they
are given."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402

import pygame  # noqa: E402

from scenes.kit.damage import coalesced, union_area  # noqa: E402
from tests.scenes.test_borealis_table import _isolated, _shutdown_bots, keep_all, make_table  # noqa: E402, F401


def _covered(rects: list[pygame.Rect], bounds: pygame.Rect) -> set[tuple[int, int]]:
    return {(x, y) for r in rects for x in range(r.left, r.right) for y in range(r.top, r.bottom)
            if bounds.collidepoint(x, y)}


def test_coalesced_rects_cover_every_mark_within_bounds_in_few_rects() -> None:
    rng = random.Random(4)
    bounds = pygame.Rect(10, 20, 300, 200)
    for _case in range(40):
        rects = [pygame.Rect(rng.randrange(0, 320), rng.randrange(0, 240), rng.randrange(0, 60), rng.randrange(0, 60))
                 for _i in range(rng.randrange(0, 30))]
        out = coalesced(rects, bounds, tile=16)
        assert _covered(rects, bounds) <= _covered(out, bounds)
        assert all(bounds.contains(r) for r in out)
        assert len(out) <= max(1, len(rects)) * 4


def test_union_area_counts_overlaps_once() -> None:
    a, b = pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10)
    assert union_area([a, b]) == 175
    assert union_area([a, a, pygame.Rect(0, 0, 0, 5)]) == 100
    assert union_area([]) == 0


def _whole(app) -> pygame.Surface:
    app.invalidate()
    app.draw()
    return app.surface.copy()


def test_partial_frames_under_a_tooltip_and_a_toast_match_a_whole_frame() -> None:
    app, table = make_table(size=(1280, 720))
    keep_all(app, table)
    table.finish_animations()
    app.draw()
    card = next(iter(table.hand_rects.values()))
    app.tooltip.motion(card.center)
    app.tooltip.text = "A tooltip over a card of the hand"
    app.toast("A message at the bottom")
    app.toasts.finish_fading_in()
    app.dirty = True
    app.draw()
    assert app.damage is not None, "a tooltip or a toast forced a whole frame"
    app.tooltip.motion((card.centerx + 150, card.centery - 200))  # it moves elsewhere
    app.tooltip.text = "Somewhere else now"
    app.draw()
    assert app.damage is not None
    partial = app.surface.copy()
    whole = _whole(app)
    assert partial.get_view("2").raw == whole.get_view("2").raw, "a partial frame left a tooltip's trace"
    app.tooltip.leave()
    app.toasts.items.clear()
    app.draw()
    partial = app.surface.copy()
    assert partial.get_view("2").raw == _whole(app).get_view("2").raw


def test_what_the_damage_presents_is_the_whole_frame() -> None:
    """A screen that receives only the damage rects of each frame (all of it when there are none)
    shows exactly what the app drew, through bot moves, flights, hovers and a bot thinking in the
    top bar: the top bar, the log and the buttons are presented only where they changed."""
    import time

    from game.core.bots import decide
    from tests.scenes.helpers import Screen
    from tests.scenes.test_borealis_table import bot_table

    app, table = bot_table(players=4)
    screen = Screen(app)
    match = table.match
    thinking = [False]
    table.bot_thinking = lambda: thinking[0]  # type: ignore[method-assign]
    rng = random.Random(5)

    def frame() -> None:
        app.update()
        app.draw()
        screen.present()

    for step in range(14):
        thinking[0] = step % 3 == 1
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
        for _i in range(8):
            if rng.random() < 0.3:
                pos = (rng.randrange(app.surface.get_width()), rng.randrange(app.surface.get_height()))
                app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            frame()
            time.sleep(0.01)
        thinking[0] = False
        frame()
    assert screen.partial > 40


def test_in_a_busy_frame_some_pictures_wait_one_frame_and_never_more(monkeypatch) -> None:
    """With every frame over its budget, a move's opponent boards, log line and top bar words show
    their last picture for one frame and their new one in the next; what is presented stays true to
    what is drawn throughout."""
    from game.core.bots import decide
    from tests.scenes.helpers import Screen
    from tests.scenes.test_borealis_table import bot_table

    app, table = bot_table(players=4)
    monkeypatch.setattr("scenes.shell.app.FRAME_BUDGET", -1.0)  # every frame is past its budget
    app.may_wait = True
    screen = Screen(app)
    match = table.match
    waited = {"layer": 0, "log": 0, "bar": 0}
    for step in range(12):
        app.update()
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
        app.draw()
        screen.present()
        waited["layer"] += table.layer.owed
        waited["log"] += table.log_panel.owed
        waited["bar"] += table._bar_pic[0][4] != table.turn_text()
        app.update()
        app.draw()
        screen.present()
        assert not table.layer.owed and not table.log_panel.owed, "a picture waited two frames"
        assert table._bar_pic[0][4] == table.turn_text()
        assert table.still_key() == table._still_key
    assert all(waited.values()), waited
