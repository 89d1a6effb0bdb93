"""Teaching Iluliaq's throw, headless: the prompt, the rules page and the kids' picture say how
(press behind your line, pull back, let go); a human's first throw of a game starts with a short
demonstration on the table that any click or key skips, shown once per player and game and
remembered when the game is continued (also by a new app on the same data folder), never to bots,
never longer than it lasts; a practice throw one click away plays out on the table against the
iceberg as it is, then everything goes back and the table says it did not count, the game, its
record and its autosave untouched."""

from __future__ import annotations

import json
import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.paths import asset  # noqa: E402
from game.iluliaq.table import LINE, Thrown, release_point  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.scenes.test_iluliaq_table import APPS, _isolated, pull, release  # noqa: E402, F401 - _isolated: the fixture


def open_table(match: Match, size=(1280, 720)) -> tuple[App, IluliaqTable]:
    app = App(size, headless=True, settings=Settings())
    table = IluliaqTable(app, match)
    table.bots_play = False
    app.push(table)
    APPS.append(app)
    app.update()
    app.draw()
    return app, table


def new_match(humans=1, players=2, kids=False, seed=4, on_action=None) -> Match:
    seats = [SeatConfig(n, i, HUMAN if i < humans else BOT, "easy") for i, n in enumerate(("Ana", "Bo", "Cleo")[
        :players])]
    return Match.start("iluliaq", seats, kids=kids, seed=seed, on_action=on_action)


def key(app: App, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(app: App, pos) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(pos[0]), round(pos[1])), button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(pos[0]), round(pos[1])), button=1))


def throw_spot(table: IluliaqTable) -> tuple[float, float]:
    v = table.vstate
    return table.lay.view.to_screen(*release_point(v.to_act, v.players, LINE + 20, 0.0))


def picture_at(app: App, table: IluliaqTable, seconds: float) -> pygame.Surface:
    table.teaching.demo.started = time.perf_counter() - seconds
    table.forget_still()
    app.draw()
    return app.surface.copy()


# --- saying how ---------------------------------------------------------------------------------------


def test_the_prompt_the_rules_page_and_the_kids_picture_say_how_to_throw():
    _app, table = open_table(new_match())
    assert "press behind your line, pull back, let go" in table.prompt_text()
    _app, kids = open_table(new_match(kids=True))
    picture, words = kids.kids_prompt()
    assert picture.endswith("throw_how.svg") and asset(picture).exists()
    from scenes.kit.kids_prompt import picture_path

    assert picture_path(picture) == picture, "the kids' prompt draws another picture"
    assert words == "Press, pull back, let go!"
    english = asset("rules/iluliaq.md").read_text(encoding="utf-8")
    italian = asset("rules/iluliaq.it.md").read_text(encoding="utf-8")
    for words in ("**Press** behind your line", "**Pull back**", "**Let go**", "Practice throw", "throw_how.svg"):
        assert words in english, words
    for words in ("**Premi** dietro la tua linea", "**Tira indietro**", "**Lascia**", "Tiro di prova"):
        assert words in italian, words


# --- the demonstration -------------------------------------------------------------------------------


def test_a_players_first_throw_starts_with_a_demonstration_on_the_table():
    app, table = open_table(new_match())
    assert table.teaching.showing(), "no demonstration before the first throw"
    skipped = table.teaching.demo.length + 1
    for seconds in (0.8, 1.6, 2.6):  # pressing, pulling (band, arrow, power bar), the ghost card flying
        with_it = picture_at(app, table, seconds)
        without = picture_at(app, table, skipped)
        around = pygame.Rect(0, 0, table.px(260), table.px(260))
        around.center = tuple(round(v) for v in throw_spot(table))
        around = around.clip(app.surface.get_rect())
        changed = sum(with_it.get_at((x, y)) != without.get_at((x, y))
                      for x in range(around.left, around.right, 3) for y in range(around.top, around.bottom, 3))
        assert changed > 200, f"nothing of the demonstration drawn at {seconds} s ({changed})"
    assert table.teaching.demo.length <= 5.0, "the demonstration lasts more than a few seconds"
    table.teaching.demo.started = time.perf_counter() - table.teaching.demo.length - 0.01
    assert not table.teaching.showing()
    start = throw_spot(table)  # once over, a press behind the line pulls at once
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(start[0]), round(start[1])), button=1))
    assert table.pulling == 0


@pytest.mark.parametrize("skip", ["click", "key"])
def test_any_click_or_key_skips_the_demonstration_and_does_nothing_else(skip):
    app, table = open_table(new_match())
    assert table.teaching.showing()
    table.teaching.demo.started = time.perf_counter() - 1.0
    if skip == "click":
        click(app, throw_spot(table))
    else:
        key(app, pygame.K_SPACE)  # Space would throw
    assert not table.teaching.showing(), "the demonstration was not skipped"
    assert not table.match.history.actions and table.pulling is None
    app.update()
    assert not table.teaching.showing(), "it came back"


def test_it_is_shown_once_per_human_player_and_game_and_remembered_when_continued():
    match = new_match(humans=2)
    app, table = open_table(match)
    assert table.teaching.showing() and table.teaching.seat == 0
    table.teaching.skip()
    # Ana saw it but quits before throwing; the game is continued (a new table, a new app, the same data)
    app, table = open_table(match)
    assert not table.teaching.showing(), "shown again to Ana after a Continue"
    start = throw_spot(table)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.5))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.5))
    table.finish_animations()
    app.update()
    assert match.to_act == 1 and table.teaching.showing() and table.teaching.seat == 1, "Bo's first throw"
    table.teaching.skip()
    while match.to_act == 1:
        key(app, pygame.K_SPACE)
        table.finish_animations()
        app.update()
    assert match.to_act == 0 and not table.teaching.showing(), "shown twice to Ana in one game"
    _app, other = open_table(new_match(humans=2, seed=5))
    assert other.teaching.showing(), "a new game does not show it"


def test_bots_are_never_shown_it_nor_a_seat_that_has_thrown():
    _app, table = open_table(new_match(humans=0))
    assert not table.teaching.showing()
    match = new_match(humans=1)
    match.apply(_throw(match))  # Ana threw before this table opened (a game continued)
    _app, table = open_table(match)
    from game.core.bots import decide
    from physics.resolvers import resolver_for

    while match.to_act != 0:
        table.finish_animations()
        assert table.submit(decide(match.game, match.state, "easy", 1, resolver=resolver_for("iluliaq")), by_bot=True)
    table.finish_animations()
    table.app.update()
    assert not table.teaching.showing(), "shown to a player who has thrown already"


def _throw(match: Match):
    from game.iluliaq.table import Throw

    return Throw(LINE + 20, 0.0, 0.0, 0.6, 0.0)


# --- the practice throw ------------------------------------------------------------------------------


def test_a_practice_throw_plays_out_then_everything_goes_back_and_nothing_counts(tmp_path):
    saved: list[int] = []
    match = new_match(on_action=lambda m: saved.append(len(m.history.actions)))
    app, table = open_table(match)
    table.teaching.skip()
    app.update()
    button = table.practice_button
    assert button.visible and button.text == "Practice throw"
    state = json.dumps(match.game.state_to_json(match.state), sort_keys=True)
    record = json.dumps(match.history.record.to_json(), sort_keys=True)
    files = sorted(p.name for p in (tmp_path / "data").rglob("*") if "lessons" not in p.name)
    click(app, button.rect.center)
    app.update()
    assert table.practising and "does not count" in table.prompt_text()
    start = throw_spot(table)
    end = (start[0], start[1] + table.lay.full_pull * 0.5)
    pull(app, start, end)
    release(app, end)
    plan = table.plan
    assert table.practice is not None and plan is not None and plan.practice and table.playing()
    card = table.practice.card
    assert card == match.state.stacks[0][0] and card in plan.tracks, "the top card does not fly"
    assert plan.tracks[card].steps[0].ease == "flight"
    table.plan_started = time.perf_counter() - 1.0
    app.draw()
    assert any("does not count" in t for _px, t in _words(table)), "the table does not say it does not count"
    table.follow_the_physics(wait=None)  # the physics' own motion, once worked out
    table.plan_started = time.perf_counter() - table.plan.duration - 0.01
    app.update()  # it rested: the cards go back
    assert table.practice is not None and table.practice.returning
    assert any("did not count" in t for t in app.toasts.texts())
    table.plan_started = time.perf_counter() - 10
    app.update()
    app.draw()
    assert table.practice is None and not table.practising
    assert json.dumps(match.game.state_to_json(match.state), sort_keys=True) == state, "the game changed"
    assert json.dumps(match.history.record.to_json(), sort_keys=True) == record, "the record changed"
    assert not saved, "the practice was autosaved"
    assert sorted(p.name for p in (tmp_path / "data").rglob("*") if "lessons" not in p.name) == files
    assert not match.history.actions
    # a real throw still counts afterwards
    pull(app, start, end)
    release(app, end)
    assert len(match.history.actions) == 1 and isinstance(match.history.actions[0], Thrown)
    assert saved == [], "saved in the frame the throw lands in (release draws it)"
    app.update()  # the next frame writes the save
    assert saved == [1]


def test_the_practice_button_shows_only_on_your_own_throw():
    app, table = open_table(new_match(humans=0))
    app.update()
    assert not table.practice_button.visible, "a practice offered to nobody"
    app, table = open_table(new_match(humans=1, seed=9))
    table.teaching.skip()
    app.update()
    assert table.practice_button.visible
    click(app, table.practice_button.rect.center)
    app.update()
    assert table.practising and table.practice_button.text == "Stop practising"
    click(app, table.practice_button.rect.center)
    app.update()
    assert not table.practising and table.practice_button.text == "Practice throw"


def _words(table: IluliaqTable) -> list[tuple[int, str]]:
    """The texts drawn in the last frame (through a spy on the fonts' renders)."""
    seen: list[tuple[int, str]] = []
    fonts = table.app.fonts
    real = fonts.render

    def spy(text, step="body", colour="#F3F7FA", bold=False):
        seen.append((fonts.px(step), text))
        return real(text, step, colour, bold)

    fonts.render = spy  # type: ignore[method-assign]
    try:
        fonts._text.clear()
        table.app.draw()
    finally:
        fonts.render = real  # type: ignore[method-assign]
    return seen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("kids", [False, True])
def test_the_practice_button_never_covers_where_its_seat_presses_to_throw(size, kids):
    from scenes.iluliaq.throwing import distance_param

    for players in range(2, 7):
        seats = [SeatConfig(f"P{i}", i, HUMAN) for i in range(players)]
        _app, table = open_table(Match.start("iluliaq", seats, kids=kids, seed=4), size)
        lay = table.lay
        for sp in lay.seats:
            low = distance_param(sp.seat, players, kids).low
            button = lay.practice[sp.seat]
            for d in (2.0, 20.0, 40.0):
                for offset in range(-100, 101, 20):
                    x, y = lay.view.to_screen(*release_point(sp.seat, players, low + d, float(offset)))
                    assert not button.collidepoint(x, y), f"seat {sp.seat} of {players}: its button covers its line"
            assert table.table_rect.contains(button)
