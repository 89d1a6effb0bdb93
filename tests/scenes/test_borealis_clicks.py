"""Borealis: a click goes through the prompt (``Prompt.targeted``). A thing one choice targets plays
it; several open the kit's chooser, listing them by ``describe``; none says the rules' own sentence
(the ``IllegalAction`` of the move the click meant), never one the table wrote."""

from __future__ import annotations

import inspect

import pygame
import pytest

from game.borealis.observe import fits
from game.borealis.state import MULLIGAN, TAKE, Mark, PlayCard, TakeFromPool
from game.core.errors import IllegalAction
from game.core.i18n import set_language
from game.core.messages import text_of
from scenes.borealis import controls, pointer
from tests.scenes.test_borealis_table import APPS, click, keep_all, make_table, play_any


@pytest.fixture(autouse=True)
def _real_borealis(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    while APPS:
        APPS.pop().bots.shutdown()


def fitting(table, loc: int) -> list[int]:
    player = table.match.state.players[table.match.to_act]
    return [c for c in player.hand if fits(player, c, loc)]


def table_where(count) -> tuple:
    """A table on its first turn with a location that ``count`` cards of the hand fit (how many)."""
    for seed in range(3, 60):
        app, table = make_table(seed=seed)
        keep_all(app, table)
        table.finish_animations()
        app.draw()
        for loc in range(3):
            if count(len(fitting(table, loc))):
                return app, table, loc
    raise AssertionError("no deal fits")


def refused(table, action) -> str:
    """The rules' sentence refusing ``action`` now."""
    with pytest.raises(IllegalAction) as exc:
        table.game.apply(table.match.state, action)
    return text_of(exc.value.message)


def test_a_location_one_card_fits_plays_it_without_picking_a_card():
    app, table, loc = table_where(lambda n: n == 1)
    (card,) = fitting(table, loc)
    assert table.selected is None
    click(app, table.geo.locs[loc].center)
    assert table.match.history.actions[-1] == PlayCard(card, loc)
    assert table.chooser is None


def test_a_location_several_cards_fit_asks_which_and_plays_the_one_chosen():
    app, table, loc = table_where(lambda n: n >= 2)
    cards = fitting(table, loc)
    before = len(table.match.history.actions)
    click(app, table.geo.locs[loc].center)
    assert len(table.match.history.actions) == before, "a click that could mean several moves played one"
    chooser = table.chooser
    assert chooser is not None
    assert sorted((c.action for c in chooser.choices), key=repr) == sorted((PlayCard(c, loc) for c in cards), key=repr)
    view = table.visible_state
    for choice, label in zip(chooser.choices, chooser.labels):
        said = text_of(table.game.describe(view, choice.action))
        assert label.lower() == said.lower() and label[0].isupper()
    # it is drawn over the table, its words with it
    assert table.chooser.rect.w and table.table_rect.contains(table.chooser.rect)
    assert any(chooser.labels[0] in w.name for w in table.words_over), table.words_over
    # Esc and a click beside it close it, playing nothing
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert table.chooser is None and app.top is table, "Esc opened the pause menu instead of closing the chooser"
    click(app, table.geo.locs[loc].center)
    outside = (table.table_rect.x + 2, table.table_rect.y + 2)
    assert not table.chooser.rect.collidepoint(outside)
    click(app, outside)
    assert table.chooser is None and len(table.match.history.actions) == before
    # a row plays its move
    click(app, table.geo.locs[loc].center)
    second = table.chooser.choices[1].action
    click(app, table.chooser.rows[1].center)
    assert table.match.history.actions[-1] == second and table.chooser is None
    assert table.match.state.phase == TAKE


def test_the_chooser_takes_number_keys():
    app, table, loc = table_where(lambda n: n >= 2)
    click(app, table.geo.locs[loc].center)
    first = table.chooser.choices[0].action
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0))
    assert table.match.history.actions[-1] == first


def test_a_hand_card_is_picked_up_and_its_location_asked_with_it():
    app, table, loc = table_where(lambda n: n >= 2)
    card = fitting(table, loc)[1]
    click(app, table.hand_rects[card].center)
    assert table.selected == card and table.chooser is None
    click(app, table.geo.locs[loc].center)
    assert table.match.history.actions[-1] == PlayCard(card, loc)


def test_a_click_nothing_targets_says_the_rules_sentence():
    app, table = make_table()
    assert table.match.state.phase == MULLIGAN
    app.toasts.items.clear()
    click(app, table.geo.locs[0].center)
    assert app.toasts.texts()[-1] == refused(table, PlayCard(table.hand_cards()[0], 0))
    keep_all(app, table)
    # a pool card before a card was played: what the rules say to TakeFromPool now
    pool_card = table.match.state.pool[0]
    click(app, table.pool_rects[pool_card].center)
    assert app.toasts.texts()[-1] == refused(table, TakeFromPool(pool_card))
    assert app.toasts.items[-1].kind == "error"
    # after playing a card: a hand card is not marked, the rules say to take a card
    play_any(app, table)
    card = table.hand_cards()[0]
    before = len(table.match.history.actions)
    click(app, table.hand_rects[card].center)
    assert len(table.match.history.actions) == before
    assert app.toasts.texts()[-1] == refused(table, Mark(card))
    click(app, table.geo.locs[1].center)
    assert app.toasts.texts()[-1] == refused(table, PlayCard(card, 1))


def test_a_camp_clicked_while_a_card_is_to_be_played_says_how_camps_fill():
    app, table = make_table()
    keep_all(app, table)
    camp = table.geo.camps[0]
    click(app, camp.center)
    assert "Camps only fill up" in app.toasts.texts()[-1]


def test_no_borealis_click_is_decided_by_the_turn_s_phase():
    """The click code asks the prompt; it never reads which frame or phase is asking."""
    for code in (controls.Controls.click_hand, controls.Controls.click_location, controls.Controls.click_on,
                 controls.Controls.playable_cards, controls.Controls.lit_locations, pointer.click,
                 pointer.handle_event):
        source = inspect.getsource(code)
        assert ".phase" not in source and "frame" not in source, code.__name__


def test_the_chooser_shows_and_goes_in_frames_presented_in_part():
    from tests.scenes.helpers import Screen

    app, table, loc = table_where(lambda n: n >= 2)
    app.draw()
    screen = Screen(app)

    def press(pos) -> None:  # each event, then a frame presented as the window would
        for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
            app.handle(event)
            app.draw()
            screen.present()

    press(table.geo.locs[loc].center)
    assert table.chooser is not None
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=table.chooser.rows[1].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.draw()
    screen.present()
    press((table.table_rect.x + 2, table.table_rect.y + 2))
    app.draw()
    screen.present()
    assert table.chooser is None and screen.partial
