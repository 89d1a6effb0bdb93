"""Setup: a name field shows it is nearly full and refuses a letter visibly, Rules opens the rules
reference and Back comes back to the same setup, and the seat button goes round its four kinds."""

from __future__ import annotations

import pygame
import pytest

from scenes.shell.menu import MenuScene
from scenes.shell.rules import RulesScene
from scenes.shell.setup import COUNT_FROM, MAX_NAME, SetupScene
from tests.scenes.helpers import click, click_button, key

pytestmark = pytest.mark.usefixtures("toy_borealis")


def _type(app, text: str) -> None:
    for ch in text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def _focus_name(app, setup: SetupScene, seat: int) -> None:
    click(app, setup.entries[seat].rect.center)
    assert setup.entries[seat] in setup.manager.get_focus_set()


def test_a_name_near_its_limit_counts_and_a_full_one_refuses_letters_visibly(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    entry = setup.entries[1]
    entry.set_text("")
    _focus_name(app, setup, 1)
    _type(app, "B" * (COUNT_FROM - 1))
    assert setup.name_count(1) is None  # far from the limit: nothing to say
    _type(app, "B")
    assert setup.name_count(1) == f"{COUNT_FROM}/{MAX_NAME}"
    _type(app, "B" * (MAX_NAME - COUNT_FROM))
    assert entry.get_text() == "B" * MAX_NAME and setup.name_count(1) == f"{MAX_NAME}/{MAX_NAME}"
    assert not app.toasts.texts()  # the last letter that fits is taken quietly
    app.update()
    app.draw()
    frame = entry.rect.inflate(4, 4)
    coral = tuple(setup.pal.coral)[:3]
    assert tuple(app.surface.get_at((frame.centerx, frame.y)))[:3] == coral  # the full field is framed
    count = setup.count_rects[1]
    assert any(tuple(app.surface.get_at((x, y)))[:3] == coral
               for x in range(count.x, count.right) for y in range(count.y, count.bottom))
    _type(app, "x")
    assert entry.get_text() == "B" * MAX_NAME
    assert app.toasts.texts() == [f"A name can have {MAX_NAME} letters at most."]
    assert setup.tweens.active()  # the frame flashes
    _type(app, "yz")
    assert app.toasts.texts() == [f"A name can have {MAX_NAME} letters at most."]  # said once, not thrice
    key(app, pygame.K_BACKSPACE)
    assert setup.name_count(1) == f"{MAX_NAME - 1}/{MAX_NAME}"
    click_button(app, setup.start_button)
    assert app.top.match.seats[1].name == "B" * (MAX_NAME - 1)


def test_a_letter_typed_into_a_field_with_room_is_no_refusal(app):
    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    _focus_name(app, setup, 0)
    _type(app, "o")
    assert setup.entries[0].get_text() == "Anao"
    assert not app.toasts.texts() and setup.name_count(0) is None


def test_rules_from_the_setup_and_back_to_the_same_choices(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    setup.set_players(3)
    setup.entries[2].set_text("Zoe")
    assert setup.find_button("Rules") is setup.rules_button
    assert pygame.Rect(0, 0, *app.size).contains(setup.rules_button.rect)
    click_button(app, setup.rules_button)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game_id == "borealis"
    key(app, pygame.K_ESCAPE)
    assert app.top is setup
    assert setup.players == 3 and setup.table_seats()[2].name == "Zoe"
    click_button(app, setup.rules_button)
    click_button(app, app.top.find_button("Back"))
    assert app.top is setup


def test_the_seat_button_goes_human_easy_normal_hard_and_round_again(app):
    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    assert setup.seats[0].kind == "human"

    def seat_button():
        return next(b for b in setup.buttons() if b.text in ("Human", "Bot: easy", "Bot: normal", "Bot: hard")
                    and b.rect.y == setup.seat_rows[0].y)

    seen = [seat_button().text]
    for _click in range(4):
        click_button(app, seat_button())
        seen.append(seat_button().text)
    assert seen == ["Human", "Bot: easy", "Bot: normal", "Bot: hard", "Human"]
    assert (setup.seats[0].kind, setup.seats[0].level) == ("human", "normal")
