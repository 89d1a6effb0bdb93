"""The Hint (H, and its button): what the normal bot would do, from the acting seat's view alone,
said in a sentence with the game's reason, and lit on the table until the next move."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.borealis.state import PlayCard  # noqa: E402
from game.core.bots import decide_from_view  # noqa: E402
from tests.scenes.helpers import key  # noqa: E402
from tests.scenes.test_borealis_table import _shutdown_bots, keep_all, make_table  # noqa: E402, F401


def test_the_hint_is_the_normal_bots_choice_from_the_view_and_is_lit():
    app, table = make_table()
    keep_all(app, table)
    table.finish_animations()
    app.draw()
    before = app.surface.copy()
    match = table.match
    seat = table.viewer
    assert table.hint_button.visible
    key(app, pygame.K_h)
    action, targets = table.hinted()
    expected = decide_from_view(match.game, match.view(seat), "normal", match.bot_seed())
    assert action == expected
    assert targets == set(match.game.targets(match.view(seat), action))
    said = app.toasts.texts()[-1]
    assert said.startswith("Hint: ")
    if isinstance(action, PlayCard):
        assert "location" in said and ("flag" in said or "scientists" in said)  # the game's reason
    app.draw()
    hinted = table.hand_rects.get(getattr(action, "card", -1)) or table.bar.shown_for(action.kind)
    assert hinted is not None
    area = hinted.inflate(16, 16).clip(app.surface.get_rect())
    shown = pygame.image.tobytes(app.surface.subsurface(area), "RGB")
    assert pygame.image.tobytes(before.subsurface(area), "RGB") != shown
    # the hint goes with the next move
    assert table.submit(action)
    assert table.hinted() == (None, set())


def test_no_hint_for_a_seat_that_is_not_to_act():
    from scenes.session.match import BOT, HUMAN, Match, SeatConfig
    from scenes.shell.app import App
    from scenes.storage.settings import Settings
    from tests.scenes.test_borealis_table import APPS, BorealisTable

    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    match = Match.start("borealis", [SeatConfig("Bo", 0, BOT, "easy"), SeatConfig("Ana", 1, HUMAN)], seed=3)
    table = app.push(BorealisTable(app, match))
    table.bots_play = False
    app.draw()
    if match.to_act == 0:
        assert not table.can_hint() and not table.hint_button.visible
        key(app, pygame.K_h)
        assert table.hinted() == (None, set())
        assert "whose turn" in app.toasts.texts()[-1]


def test_hovering_a_players_points_shows_the_breakdown_if_the_game_ended_now():
    app, table = make_table(players=3)
    keep_all(app, table)
    table.finish_animations()
    app.draw()
    result = table.game.result(table.visible_state)
    for hit in [h for h in table.hits if h.kind in ("header", "opp")]:
        seat = hit.value
        tip = table.hover_text(hit.rect.center)
        assert tip.startswith(f"If the game ended now, {table.match.name(seat)} would score:")
        lines = [line.strip() for line in tip.splitlines()[1:] if line.startswith("  ")]
        total = int(lines.pop().removeprefix("Total: ").split()[0])
        shown = {label: int(n) for label, n in (line.rsplit(": ", 1) for line in lines)}
        assert total == result.scores[seat]
        row = result.breakdown[seat]
        assert shown == {t.label: row[t.key] for t in result.terms if row.get(t.key, 0)}
        assert sum(shown.values()) == total
