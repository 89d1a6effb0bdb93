"""The layered frame every table stands on (scenes/shell/layered.py): the still picture is painted only
when what it shows changed or a piece that waited is owed, a frame that continues the last one hands
the shell only what it drew over and what changed, and the widgets count as drawn over the table.
And the kit's refining (scenes/kit/refining.py): a rough timeline plays until the worker's finer one
is there, and a failed worker leaves the rough one."""

from __future__ import annotations

import threading

import pygame
import pytest

from scenes.kit.refining import refine_soon
from scenes.shell.layered import LayeredTable
from tests.scenes.helpers import one_human
from tests.scenes.toy_game import Choose, Play

pytestmark = pytest.mark.usefixtures("toy_borealis")


class Counted(LayeredTable):
    """A table whose still picture is one piece that may wait, and a dot that moves over it."""

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.painted = 0
        self.dot: pygame.Rect | None = None
        self.wait = False

    def paint_still(self) -> None:
        self.painted += 1
        self.layer.begin(self.table_rect, 0.0 if self.wait else None)
        r = self.table_rect.inflate(-40, -40)
        key = ("board", len(self.match.history.actions), tuple(r))
        self.layer.piece(key, r, 0, lambda surf, o: surf.fill((30, 60, 90)), self.hits, [], slot="board")
        self.layer.compose(pygame.Surface(self.app.view_size), (tuple(self.table_rect),))

    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        if self.dot is not None:
            self.mark(surface.fill((255, 255, 255), self.dot))


def shown(app, table) -> None:
    while app.top is not table:
        app.top.ready()
    table.bots_play = False
    app.draw()


def test_the_still_picture_is_painted_once_per_what_it_shows(app):
    table = app.push(Counted(app, one_human()))
    shown(app, table)
    painted = table.painted
    assert painted >= 1
    for _i in range(5):
        app.dirty = True
        app.draw()
    assert table.painted == painted, "frames that showed the same thing painted the still picture again"
    seat = table.match.to_act
    assert table.submit(Choose(table.match.state.hands[seat][0]))
    app.draw()
    assert table.painted == painted + 1, "a move's frame did not paint the still picture of the new state"


def test_a_continuing_frame_hands_over_only_what_it_drew_and_the_widgets(app):
    table = app.push(Counted(app, one_human()))
    shown(app, table)
    t = table.table_rect
    table.dot = pygame.Rect(t.x + 60, t.y + 60, 10, 10)
    app.frame_continues = True
    surface = app.surface
    table.draw(surface)
    app.frame_continues = True
    table.draw(surface)
    damage = table.table_damage
    assert damage is not None, "a frame continuing the last one repainted the whole table"
    widgets = table.widget_rects()
    for r in [table.dot, *(w.clip(t) for w in widgets if w.colliderect(t))]:
        assert any(d.contains(r) for d in damage), f"{r} was drawn but not handed to the shell"
    covered = sum(d.w * d.h for d in damage)
    assert covered < t.w * t.h / 2, "the frame handed over far more than it drew"


def test_a_piece_that_waited_is_painted_in_the_next_frame(app):
    table = app.push(Counted(app, one_human()))
    shown(app, table)
    seat = table.match.to_act
    table.wait = True  # every frame is past its deadline: a changed piece shows its last picture once
    assert table.submit(Choose(table.match.state.hands[seat][0]))
    assert table.submit(Play())
    app.frame_started = 1.0
    table.draw(app.surface)
    assert table.layer.owed and table.animating(), "a piece that showed an old picture is not owed"
    painted = table.painted
    app.frame_started = 2.0
    table.draw(app.surface)
    assert table.painted == painted + 1 and not table.layer.owed, "the owed piece was not painted a frame later"
    assert not table._owed_at


def test_a_rough_timeline_plays_until_the_finer_one_is_there():
    go = threading.Event()

    def work(n: int) -> int:
        go.wait(30)
        return n * 2

    job = refine_soon("rough", work, 21, finish=lambda n: f"fine {n}")
    assert job.rough == "rough"
    assert job.take(0.0) == (False, None), "the finer timeline was taken before the worker had it"
    go.set()
    assert job.take(None) == (True, "fine 42")


def test_a_failed_or_empty_refinement_leaves_the_rough_timeline():
    def broken() -> None:
        raise RuntimeError("no physics here")

    assert refine_soon("rough", broken, finish=lambda x: "fine").take(None) == (True, None)
    assert refine_soon("rough", lambda: None, finish=lambda x: None if x is None else "fine").take(None) == (True, None)
