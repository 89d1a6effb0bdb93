"""The generic table stands on the table kit: its seats are pieces of a static layer and frames
repaint only what changed, the prompt's choices are buttons, hovering a choice lights the seats it
targets, and what a step did lights up from its events."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core.prompt import Choice, Prompt
from scenes.shell.generic_table import GenericTable
from tests.scenes.helpers import Screen, one_human
from tests.scenes.toy_game import Choose, Play

pytestmark = pytest.mark.usefixtures("toy_borealis")


def shown(app, table) -> None:
    while app.top is not table:
        app.top.ready()
    table.bots_play = False
    app.draw()


def test_hovering_a_choice_lights_the_seats_it_targets(app, monkeypatch):
    table = app.push(GenericTable(app, one_human()))
    shown(app, table)
    real = table.rules_prompt()
    first = real.choices[0]
    prompt = Prompt(real.seat, real.text, (Choice(first.action, ("seat:1",), first.label), *real.choices[1:]),
                    real.buttons, real.waiting)
    monkeypatch.setattr(table, "rules_prompt", lambda: prompt)
    r, action = table.action_buttons[0]
    assert action == first.action
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.lit_seats() == {"seat:1"}
    app.draw()
    seat_cell = table.hits.targets()["seat:1"]
    lit = app.surface.subsurface(seat_cell.inflate(8, 8)).copy()
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, app.size[1] - 2), rel=(0, 0), buttons=(0, 0, 0)))
    assert table.lit_seats() == set()
    app.draw()
    dark = app.surface.subsurface(seat_cell.inflate(8, 8)).copy()
    assert lit.get_view("2").raw != dark.get_view("2").raw, "the targeted seat was not lit"


def test_a_step_lights_the_seat_that_acted_and_frames_repaint_in_part(app):
    table = app.push(GenericTable(app, one_human()))
    shown(app, table)
    seat = table.match.to_act
    assert table.submit(Choose(table.match.state.hands[seat][0]))
    assert table.submit(Play())
    flashed = [tuple(r) for r, _at in table.animator.flashes]
    assert flashed, "a step that scored or passed the turn lit nothing"
    assert all(any(tuple(cell) == f for cell in table.hits.targets().values()) for f in flashed)
    app.draw()
    screen = Screen(app)
    for _i in range(20):
        time.sleep(0.02)
        app.update()
        app.draw()
        screen.present()
    assert screen.partial >= 10


def test_a_kids_generic_table_shows_its_prompt_as_a_picture(app, monkeypatch):
    from scenes.kit import art
    from scenes.session.match import BOT, HUMAN, Match, SeatConfig

    seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT, "easy")]
    table = app.push(GenericTable(app, Match.start("borealis", seats, kids=True, seed=3)))
    shown(app, table)
    seen: list[str] = []
    real = art.blit_svg
    monkeypatch.setattr(art, "blit_svg", lambda s, p, r, *a, **k: seen.append(p) or real(s, p, r, *a, **k))
    app.dirty = True
    app.draw()
    picture, words = table.kids_prompt()
    assert f"art/ui/prompt/{picture}.svg" in seen and words == table.prompt_text()
    assert len(words.split()) <= 5
