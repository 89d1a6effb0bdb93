"""Seeing what happened on Iluliaq's table, headless: a card falling off a pile is drawn over the
pile it falls from; a lynx's extra throw says "Again!" over the lynx and a polar bear's draw flies
from the deck over the bear to the thrower's stack, with a badge there; the Hint and the next
seat's lit zone wait until the last throw has landed; the dodo's card is under the pointer from the
first frame it may be laid."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.bots import decide  # noqa: E402
from game.iluliaq.table import LINE, PLACE_X, PLACE_Y, SIDE, Placed, Thrown, release_point  # noqa: E402
from physics.resolvers import resolver_for  # noqa: E402
from scenes.iluliaq import playback  # noqa: E402
from scenes.iluliaq.motion import Plan, Step, Track  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.scenes.test_iluliaq_table import (  # noqa: E402, F401 - _isolated: the same data folder and clean-up
    APPS,
    _isolated,
    dodo_match_seed,
    event,
    pull,
    release,
)


def make_table(players=2, humans=1, seed=4, size=(1280, 720)) -> tuple[App, IluliaqTable]:
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig(n, i, HUMAN if i < humans else BOT, "normal") for i, n in enumerate(("Ana", "Bo", "Cleo")[
        :players])]
    table = IluliaqTable(app, Match.start("iluliaq", seats, seed=seed))
    table.bots_play = False
    app.push(table)
    APPS.append(app)
    app.draw()
    return app, table


def bot_throw(table: IluliaqTable) -> None:
    m = table.match
    assert table.submit(decide(m.game, m.state, m.seats[m.to_act].level, m.bot_seed(),
                               resolver=resolver_for("iluliaq")), by_bot=True)


def colour_near(surface: pygame.Surface, colour: pygame.Color, points, slack: int = 10) -> int:
    seen = 0
    for x, y in points:
        for dx in range(-2, 3):
            for dy in range(-2, 3):
                px, py = round(x) + dx, round(y) + dy
                if 0 <= px < surface.get_width() and 0 <= py < surface.get_height():
                    c = surface.get_at((px, py))
                    seen += all(abs(c[i] - colour[i]) <= slack for i in range(3))
    return seen


# --- a falling card ---------------------------------------------------------------------------------


def test_a_card_falling_off_a_pile_is_drawn_over_the_pile_it_falls_from():
    """Card 5 falls from layer 3 off the pile whose top card 7 lies at layer 3: halfway down, it is
    still drawn after (over) card 7, never passing under it."""
    plan = Plan(0, 0)
    plan.tracks[7] = Track(7, "penguin", rest=(0.0, 0.0, 0.0, 3.0))
    plan.tracks[5] = Track(5, "seal", [Step(0.0, 1.0, (10.0, 0.0, 0.0, 3.0), (140.0, 0.0, 0.0, 0.0))])
    for t in (0.2, 0.5, 0.8, 0.99):
        order = [s.card for s in playback.sample(plan, t)]
        assert order == [7, 5], f"at {t} s the falling card is drawn under the pile's top card: {order}"
    _app, table = make_table()
    drawn: list[str] = []
    real = table.pieces.blit_card
    table.pieces.blit_card = lambda surface, view, kind, *rest, **kw: drawn.append(kind) or real(  # type: ignore
        surface, view, kind, *rest, **kw)
    resting = table.pieces.blit_resting  # the cards lying still, drawn together (lowest first)
    table.pieces.blit_resting = lambda surface, view, cards: drawn.extend(c[0] for c in cards) or resting(  # type: ignore
        surface, view, cards)
    plan.duration = 1.0
    table.play(plan)
    table.plan_started = time.perf_counter() - 0.5
    table.app.draw()
    assert drawn.index("seal") > drawn.index("penguin"), drawn


# --- the lynx and the bear ----------------------------------------------------------------------------


def play_until(table: IluliaqTable, line: str, limit: int = 80) -> int:
    """Bots play until a throw whose log says ``line`` (the rules' words); its index."""
    m = table.match
    for _step in range(limit):
        if m.is_over():
            break
        bot_throw(table)
        index = len(m.history.actions) - 1
        if any(getattr(getattr(e, "text", None), "text", None) == line for e in m.history.events[index]):
            return index
        table.finish_animations()
    raise AssertionError(f"no throw said {line!r}")


def test_a_lynxs_extra_throw_says_again_over_the_lynx():
    app, table = make_table(humans=0, seed=1)
    index = play_until(table, "The lynx lands: {player} throws again.")
    thrown = table.match.history.actions[index]
    lynx = next(p for p in table.match.state.table if p.card == thrown.outcome.card)
    badge = next(b for b in table.plan.badges if b.kind == "again")
    assert (badge.x, badge.y) == (lynx.x, lynx.y)
    assert table.plan.duration >= badge.end, "the badge is cut short"
    view = table.lay.view
    x, y = view.to_screen(lynx.x, lynx.y, lynx.layer)
    above = [(x + dx, y - view.card_size()[1] * 0.7) for dx in range(-30, 31, 3)]
    table.plan_started = time.perf_counter() - badge.start - 0.5
    table.app.draw()
    assert colour_near(table.app.surface, table.pal.green_hi, above) > 20, "no badge over the lynx"
    table.finish_animations()
    table.app.draw()
    assert colour_near(table.app.surface, table.pal.green_hi, above) < 5, "the badge stays after the throw"


def test_a_polar_bears_draw_flies_from_the_deck_over_the_bear_to_the_thrower():
    app, table = make_table(humans=0, seed=1)
    index = play_until(table, "The polar bear is hungry: {player} draws a card.")
    action = table.match.history.actions[index]
    assert isinstance(action, Thrown | Placed)
    thrower = table.match.history.actor(index)
    bear = next(p for p in table.match.state.table if p.card == action.outcome.on_bear)
    fed = [f for f in table.plan.flights if f.via is not None]
    assert len(fed) == 1 and fed[0].source == ("deck",) and fed[0].target == ("seat", thrower)
    assert fed[0].via[1:3] == (bear.x, bear.y)
    assert any(b.kind == "hungry" and (b.x, b.y) == (bear.x, bear.y) for b in table.plan.badges)
    # halfway, the drawn card is seen over the bear: the picture there differs with and without it
    middle = (fed[0].start + fed[0].end) / 2
    table.plan_started = time.perf_counter() - middle
    table.app.draw()
    with_card = table.app.surface.copy()
    table.plan.flights.remove(fed[0])
    table.plan_started = time.perf_counter() - middle
    table.forget_still()
    table.app.draw()
    bx, by = table.lay.view.to_screen(bear.x, bear.y, bear.layer)
    area = pygame.Rect(0, 0, 40, 40)
    area.center = (round(bx), round(by))
    changed = sum(with_card.get_at(p) != table.app.surface.get_at(p) for p in
                  ((x, y) for x in range(area.left, area.right, 2) for y in range(area.top, area.bottom, 2)))
    assert changed > 100, f"the drawn card does not pass over the bear ({changed} px)"


# --- the hint and the lit zone wait for the landing ----------------------------------------------------


def test_the_hint_and_the_next_seats_lit_zone_wait_for_the_throw_to_land():
    app, table = make_table(humans=1)
    start = table.lay.view.to_screen(*release_point(0, 2, LINE + 20, 0.0))
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.5))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.5))
    table.finish_animations()
    table.drive()
    app.draw()
    bot_throw(table)  # the bot's throw lands on Ana's turn
    assert table.match.to_act == 0 and table.playing()
    table.drive()
    app.draw()
    view = table.lay.view
    line = [view.to_screen(*release_point(0, 2, LINE, o)) for o in range(-round(SIDE), round(SIDE), 8)]
    assert colour_near(app.surface, table.pal.green_hi, line) == 0, "Ana's zone lit while the bot's card flies"
    assert not table.can_hint() and not table.hint_button.visible, "a hint offered while the card flies"
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    assert table.hinted()[0] is None and any("landed" in t for t in app.toasts.texts())
    table.finish_animations()
    table.drive()
    app.draw()
    assert colour_near(app.surface, table.pal.green_hi, line) > 20, "Ana's zone is not lit once the card landed"
    assert table.can_hint() and table.hint_button.visible


# --- the dodo's card ------------------------------------------------------------------------------


def test_the_dodos_card_is_under_the_pointer_from_the_first_frame_it_may_be_laid():
    from game.iluliaq import bots as aiming
    from scenes.iluliaq import throwing

    app, table = make_table(seed=dodo_match_seed())
    view = table.match.view(0)
    space = table.game.space(table.match.state)
    throw = space.action_type(**aiming.aimed_throw(view, space, (0.0, 0.0)))
    over = table.lay.view.to_screen(20.0, 10.0, 2.0)
    event(app, pygame.MOUSEMOTION, over, rel=(0, 0), buttons=(0, 0, 0))  # where the pointer rests
    assert table.submit(throw)
    assert table.match.state.frame.name == "place", "the dodo did not land on the iceberg"
    app.draw()
    assert table.telling()
    table.finish_animations()
    app.draw()  # the first frame with the dodo landed: no pointer motion since
    p = table.placing
    assert p.shown, "the dodo's card waits for the pointer to move"
    x, y = table.lay.view.to_table(*over, p.layer)
    assert (p.x, p.y) == pytest.approx((throwing.clamp(PLACE_X, x), throwing.clamp(PLACE_Y, y)), abs=0.5)
