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


def test_cards_that_fit_nowhere_are_dimmed_before_they_are_clicked():
    from game.borealis.observe import fits

    for seed in range(3, 30):
        app, table = make_table(seed=seed)
        keep_all(app, table)
        table.finish_animations()
        app.draw()
        player = table.match.state.players[table.viewer]
        dead = [c for c in player.hand if not any(fits(player, c, loc) for loc in range(3))]
        live = [c for c in player.hand if c not in dead]
        if dead and live:
            break
    else:
        raise AssertionError("no deal with both a playable and an unplayable card")

    def brightness(card_id):
        r = table.hand_rects[card_id]
        shown = pygame.image.tobytes(app.surface.subsurface(r), "RGB")
        face = pygame.Surface(r.size)
        face.blit(app.surface, (0, 0), r)  # the background under it is the same either way
        face.blit(table.pieces.face(card_id, table.lay.card_w), (0, 0))
        alone = pygame.image.tobytes(face, "RGB")
        return sum(shown) / len(shown), sum(alone) / len(alone)

    dim, plain = brightness(dead[0])
    assert dim < plain * 0.8, "an unplayable card looks like a playable one"
    shown, alone = brightness(live[0])
    assert abs(shown - alone) < 1.0, "a playable card is dimmed"
