"""Borealis's kids' table: cards half as big again, the log out of the way, no starting redraw and no
paid refresh to choose, every place the chosen card can go lit."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.borealis.state import ACTION  # noqa: E402
from tests.scenes.test_borealis_table import _shutdown_bots, make_table, state  # noqa: E402, F401


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_kids_cards_are_at_least_half_as_big_again(size):
    _app, grown = make_table(size=size)
    app, kids = make_table(size=size, kids=True)
    assert kids.lay.card_w >= 1.5 * grown.lay.card_w - 1 and kids.lay.small_w >= 1.5 * grown.lay.small_w - 1
    screen = app.surface.get_rect()
    for r in [*kids.hand_rects.values(), *kids.lay.pool_slots, kids.lay.deck_rect, kids.lay.discard_rect]:
        assert screen.contains(r) and kids.table_rect.contains(r)
    assert kids.log_hidden and not grown.log_hidden


def test_a_kids_table_starts_playing_and_never_offers_a_redraw_or_a_refresh():
    app, table = make_table(kids=True)
    assert state(table).phase == ACTION  # no starting redraw: the first turn at once
    assert not table.bar["keep"].visible and not table.bar["mulligan/confirm"].visible
    assert table.lit_locations() == {a.location for a in table.plays()}  # every place a card can go
    for _turn in range(6):
        play = next((a for a in table.plays()), None)
        if play is None:
            break
        assert table.submit(play)
        assert not table.bar["refresh_pool"].visible  # the take step offers no paid refresh
        take = next(a for a in table.legal() if a.kind in ("take", "draw"))
        assert table.submit(take)
        table.passing.confirm()
        app.update()
        while app.top is not table:
            app.top.ready()


def test_a_kids_lit_targets_pulse_while_it_is_their_turn(monkeypatch):
    from scenes.borealis import lit

    app, table = make_table(kids=True)
    table.finish_animations()
    assert table.my_turn() and table.animating()  # the loop keeps drawing: the targets pulse
    strengths = set()
    for t in (0.0, 0.2, 0.4, 0.6):
        monkeypatch.setattr(lit.time, "perf_counter", lambda t=t: 1000.0 + t)
        strengths.add(round(lit.pulse(table), 3))
    assert len(strengths) > 2 and min(strengths) >= 0.45 and max(strengths) <= 1.0
    _app, grown = make_table()
    assert lit.pulse(grown) == 1.0


def drawn_pictures(monkeypatch) -> list[str]:
    from scenes.kit import art

    seen: list[str] = []
    real = art.blit_svg

    def record(surface, path, rect, *args, **kw):
        seen.append(path)
        return real(surface, path, rect, *args, **kw)

    monkeypatch.setattr(art, "blit_svg", record)
    return seen


def test_a_kids_prompt_is_a_picture_and_a_very_few_words(monkeypatch):
    seen = drawn_pictures(monkeypatch)
    app, table = make_table(kids=True)
    assert table.kids_prompt() == ("play", "Play a card!")
    assert table.prompt() == "Play a card!" and table.turn_text() == "Play a card!"
    assert "art/ui/prompt/play.svg" in seen
    assert table.submit(next(iter(table.plays())))
    assert table.kids_prompt() == ("take", "Take a card!")
    seen.clear()
    for _frame in range(3):
        app.update()
        app.draw()
    assert "art/ui/prompt/take.svg" in seen
    _app, grown = make_table()
    assert grown.kids_prompt() is None and len(grown.prompt().split()) > 5  # the full sentence


def test_a_kids_hand_where_nothing_fits_asks_for_the_regroup_button(monkeypatch):
    _app, table = make_table(kids=True)
    monkeypatch.setattr(type(table), "plays", lambda self: [])
    assert table.kids_prompt() == ("swap", "Press Regroup!")


def test_a_kids_game_ends_on_a_podium_with_medals_and_confetti(monkeypatch):
    import time

    from game.core.bots import decide
    from scenes.shell import podium
    from scenes.shell.end import EndScene

    seen = drawn_pictures(monkeypatch)
    app, table = make_table(kids=True, players=3)
    match = table.match
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    end = app.top
    assert isinstance(end, EndScene) and end.kids
    app.draw()
    places = end.places()
    assert sorted(st.seat for st in end.steps) == [0, 1, 2]
    assert all(st.place == places[st.seat] for st in end.steps)
    best = min(end.steps, key=lambda st: (st.place, -st.block.h))
    assert all(best.block.h >= st.block.h for st in end.steps)  # the winner stands highest
    assert all(end.card.contains(st.block) for st in end.steps)
    assert end.card.top >= table.top_bar.bottom  # clear of the top bar
    assert podium.TROPHY in seen and podium.medal(1) in seen
    assert end.animating()  # the confetti falls...
    assert not end.confetti.active(end.confetti.start + podium.CONFETTI_SECONDS)  # ...for a few seconds
    end.finish_animations()
    assert not end.animating()
    assert podium.podium_order([2, 1, 3, 4]) == [3, 0, 1, 2]  # 1st in the middle, 2nd left, 3rd right
