"""Borealis: a greyed hand card (one the prompt's choices do not target: it fits none of the locations)
is not picked up by a click, a hover or a drag; the click says why, in the rules' words."""

from __future__ import annotations

import pygame
import pytest

from game.borealis.data import ONE_SCIENTIST, card
from game.borealis.observe import why_fits_nowhere
from game.borealis.state import ACTION, PlayCard
from game.core.errors import IllegalAction
from game.core.i18n import _, set_language
from game.core.prompt import Choice
from tests.scenes.test_borealis_table import APPS, click, keep_all, make_table


@pytest.fixture(autouse=True)
def _real_borealis(tmp_path, monkeypatch):
    """The real Borealis rules (not the shell's toy), in a throwaway data folder."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    set_language("en")
    while APPS:
        APPS.pop().bots.shutdown()


def _deal_with_a_greyed_card():
    """A table on the first turn whose viewer holds a card that fits nowhere and one that fits."""
    for seed in range(3, 40):
        app, table = make_table(seed=seed)
        keep_all(app, table)
        table.finish_animations()
        app.draw()
        assert table.my_turn() and table.vstate.phase == ACTION
        targeted = {t for choice in table.rules_prompt().choices for t in choice.targets}
        hand = table.hand_cards()
        dead = [c for c in hand if f"card:{c}" not in targeted]
        live = [c for c in hand if f"card:{c}" in targeted]
        if dead and live:
            return app, table, dead[0], live[0]
    raise AssertionError("no deal with both a playable and a greyed card")


def _hand_pixels(app, table) -> bytes:
    app.draw()
    band = table.lay.hand_rect.clip(app.surface.get_rect())
    return pygame.image.tobytes(app.surface.subsurface(band), "RGB")


def test_a_greyed_card_clicked_is_not_lifted_and_the_rules_say_why():
    app, table, dead, live = _deal_with_a_greyed_card()
    app.toasts.items.clear()
    click(app, table.hand_rects[dead].center)
    assert table.selected is None, "a card that fits nowhere was picked up as if it could be played"
    assert not table.lit_locations()
    assert table.prompt() != _("Now click a lit location (or drag the card there).")
    said = app.toasts.texts()
    assert said and app.toasts.items[-1].kind == "error"
    assert said[-1] == why_fits_nowhere(dead).render()
    c = card(dead)
    wanted = [_(ONE_SCIENTIST[c.left]), _(ONE_SCIENTIST[c.right])] if c.left != c.right else []
    assert all(w in said[-1] for w in wanted), said[-1]
    # the sentence agrees with the rules: the card is refused in every location
    for loc in range(3):
        with pytest.raises(IllegalAction):
            table.game.apply(table.state, PlayCard(dead, loc))
    # a card the prompt targets is picked up as before, and lights its locations
    click(app, table.hand_rects[live].center)
    assert table.selected == live and table.lit_locations()
    # clicking the greyed card then lets the picked one go rather than lifting the greyed one
    click(app, table.hand_rects[dead].center)
    assert table.selected is None


def test_a_greyed_card_neither_rises_under_the_pointer_nor_can_be_dragged():
    app, table, dead, live = _deal_with_a_greyed_card()
    far = (table.lay.hand_rect.right - 2, table.lay.hand_rect.y + 2)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=far, rel=(0, 0), buttons=(0, 0, 0)))
    still = _hand_pixels(app, table)
    pos = table.hand_rects[dead].center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert _hand_pixels(app, table) == still, "a greyed card rose under the pointer"
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=table.hand_rects[live].center, rel=(0, 0),
                                  buttons=(0, 0, 0)))
    assert _hand_pixels(app, table) != still, "a playable card no longer rises under the pointer"
    before = len(table.match.history.actions)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert table.drag is None, "a greyed card was picked up to be dragged"
    to = table.geo.locs[1].center
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    assert len(table.match.history.actions) == before and table.selected is None


def test_the_table_decides_from_the_prompt_s_targets(monkeypatch):
    """A card the prompt's choices leave out is greyed even if the table's own reading of the rules
    would let it go somewhere: the table asks the prompt, never decides what is legal itself."""
    app, table, dead, live = _deal_with_a_greyed_card()
    prompt = table.rules_prompt()
    kept = tuple(ch for ch in prompt.choices if f"card:{live}" not in ch.targets)
    assert all(isinstance(ch, Choice) for ch in kept)
    monkeypatch.setattr(type(table), "rules_prompt", lambda self: type(prompt)(
        prompt.seat, prompt.text, kept, prompt.buttons, prompt.waiting, prompt.space, prompt.frame))
    assert live not in table.playable_cards()
    click(app, table.hand_rects[live].center)
    assert table.selected is None


def test_the_reason_reads_in_italian():
    app, table, dead, _live = _deal_with_a_greyed_card()
    set_language("it")
    app.toasts.items.clear()
    click(app, table.hand_rects[dead].center)
    said = app.toasts.texts()[-1]
    assert "località" in said and "location" not in said, said
