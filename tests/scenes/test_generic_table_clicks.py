"""The generic table's clicks go through the prompt, as every table's: a seat one choice targets
plays it, a seat several target opens the kit's chooser, a seat none targets gets the rules' sentence
(the game's ``why_not``, else the prompt's own)."""

from __future__ import annotations

import pygame
import pytest

from game.core.messages import text_of
from game.core.prompt import Choice, Prompt
from scenes.shell.generic_table import GenericTable
from tests.scenes.helpers import Screen, click, one_human
from tests.scenes.test_generic_table import shown

pytestmark = pytest.mark.usefixtures("toy_borealis")


def seat_targets(app, monkeypatch, *targets: tuple[str, ...]):
    """A generic table whose prompt's first choices target ``targets`` (one tuple per choice)."""
    table = app.push(GenericTable(app, one_human()))
    shown(app, table)
    real = table.rules_prompt()
    choices = tuple(Choice(c.action, t, c.label) for c, t in zip(real.choices, targets))
    prompt = Prompt(real.seat, real.text, choices + real.choices[len(targets):], real.buttons, real.waiting)
    monkeypatch.setattr(table, "rules_prompt", lambda: prompt)
    return table, prompt


def test_a_seat_one_choice_targets_plays_it(app, monkeypatch):
    table, prompt = seat_targets(app, monkeypatch, ("seat:1",), ())
    click(app, table.hits.targets()["seat:1"].center)
    assert table.match.history.actions[-1] == prompt.choices[0].action
    assert table.chooser is None


def test_a_seat_several_choices_target_asks_which(app, monkeypatch):
    table, prompt = seat_targets(app, monkeypatch, ("seat:1",), ("seat:1",))
    before = len(table.match.history.actions)
    cell = table.hits.targets()["seat:1"]
    click(app, cell.center)
    assert len(table.match.history.actions) == before
    assert table.chooser is not None
    assert [c.action for c in table.chooser.choices] == [c.action for c in prompt.choices[:2]]
    app.draw()
    assert any(table.chooser.labels[1] in w.name for w in table.words_over)
    click(app, table.chooser.rows[1].center)
    assert table.match.history.actions[-1] == prompt.choices[1].action


def test_a_seat_no_choice_targets_gets_the_rules_sentence(app, monkeypatch):
    table, prompt = seat_targets(app, monkeypatch, ("seat:1",))
    monkeypatch.setattr(type(table.game), "why_not", lambda self, view, thing, focus=None:
                        "Not that seat." if thing == "seat:0" else None, raising=False)
    app.toasts.items.clear()
    before = len(table.match.history.actions)
    click(app, table.hits.targets()["seat:0"].center)
    assert len(table.match.history.actions) == before and table.chooser is None
    assert app.toasts.texts()[-1] == "Not that seat." and app.toasts.items[-1].kind == "error"
    # a game that explains nothing more: its prompt's sentence
    monkeypatch.setattr(type(table.game), "why_not", lambda self, view, thing, focus=None: None, raising=False)
    click(app, table.hits.targets()["seat:0"].center)
    assert app.toasts.texts()[-1] == text_of(prompt.text)


def test_the_chooser_is_painted_and_repainted_away_in_the_frame_s_damage(app, monkeypatch):
    table, _prompt = seat_targets(app, monkeypatch, ("seat:1",), ("seat:1",))
    app.draw()
    before = app.surface.copy()
    screen = Screen(app)

    def pixels(surface, area) -> bytes:
        return surface.subsurface(area).copy().get_view("2").raw

    click(app, table.hits.targets()["seat:1"].center)
    app.draw()
    screen.present()  # the window shows the chooser even when only the damage is presented
    area = table.chooser.rect
    assert pixels(app.surface, area) != pixels(before, area)
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.draw()
    screen.present()
    assert app.top is table and table.chooser is None
    assert pixels(app.surface, area) == pixels(before, area)
