"""Headless tests of the Iluliaq table: a slingshot pull becomes a Thrown through the resolver, a
press outside the release zone explains itself, kids' mode shows where the card touches down, bots
throw through the same resolver and their throws play out, the dodo's card is laid by a click, the
hand-over shows only the stacks' tops, Replay plays the last throw again, every seat fits the
window, and no text is drawn under 14 px."""

from __future__ import annotations

import math
import os
import time

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.i18n import set_language  # noqa: E402
from game.iluliaq import bots as aiming  # noqa: E402
from game.iluliaq.state import PLACE, THROW  # noqa: E402
from game.iluliaq.table import LINE, Placed, Thrown, animal_type, release_point, touchdown_point  # noqa: E402
from physics import resolvers  # noqa: E402
from scenes.iluliaq import throwing  # noqa: E402
from scenes.iluliaq.pieces import kind_of  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

NAMES = ["Ana", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
APPS: list[App] = []


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """The real Iluliaq rules and physics, in a throwaway data folder."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    while APPS:
        APPS.pop().bots.shutdown()


def make_table(size=(1280, 720), players=2, humans=1, kids=False, seed=4) -> tuple[App, IluliaqTable]:
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig(NAMES[i], i, HUMAN if i < humans else BOT, "easy") for i in range(players)]
    match = Match.start("iluliaq", seats, kids=kids, seed=seed)
    table = IluliaqTable(app, match)
    table.bots_play = False
    app.push(table)
    APPS.append(app)
    take_screen(app, table)
    return app, table


def take_screen(app: App, table: IluliaqTable) -> None:
    """Let the last throw play out, then press "I am X" on the hand-over screen between humans (the
    demonstration of a first throw skipped: tests/scenes/test_iluliaq_teaching.py shows it)."""
    table.finish_animations()
    table.drive()
    table.teaching.skip()
    if table.passing.pending():
        table.passing.confirm()
        app.update()
    while app.top is not table:
        assert hasattr(app.top, "ready"), f"unexpected scene {type(app.top).__name__}"
        app.top.ready()
    app.draw()


def event(app: App, kind: int, pos, **extra) -> None:
    app.handle(pygame.event.Event(kind, pos=(round(pos[0]), round(pos[1])), **extra))


def pull(app: App, start, end, steps: int = 8) -> None:
    """Press at ``start`` and drag to ``end`` (held there a moment, so no spin), without letting go."""
    event(app, pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(0, 0, 0))
    event(app, pygame.MOUSEBUTTONDOWN, start, button=1)
    for k in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps)
        event(app, pygame.MOUSEMOTION, p, rel=(0, 0), buttons=(1, 0, 0))
    time.sleep(0.12)  # still for longer than the spin window: a throw without a twist
    event(app, pygame.MOUSEMOTION, end, rel=(0, 0), buttons=(1, 0, 0))


def release(app: App, pos) -> None:
    event(app, pygame.MOUSEBUTTONUP, pos, button=1)
    app.draw()


def behind_line(table: IluliaqTable, distance: float, offset: float = 0.0) -> tuple[float, float]:
    v = table.vstate
    return table.lay.view.to_screen(*release_point(v.to_act, v.players, distance, offset))


def toasts(app: App) -> list[str]:
    return app.toasts.texts()


# --- throwing -------------------------------------------------------------------------------------


def test_a_pull_behind_the_line_throws_the_way_it_was_pulled_and_the_game_goes_on():
    app, table = make_table()
    state = table.match.state
    top = state.stacks[0][0]
    start = behind_line(table, LINE + 20)
    pulled = table.lay.full_pull * 0.5
    end = (start[0] + pulled * math.sin(0.2), start[1] + pulled * math.cos(0.2))  # down and a little right
    pull(app, start, end)
    assert table.pulling == 0
    app.draw()
    release(app, end)
    history = table.match.history
    assert len(history.actions) == 1
    thrown = history.actions[0]
    assert isinstance(thrown, Thrown) and thrown.outcome.card == top
    intent = thrown.intent
    assert intent.distance == pytest.approx(LINE + 20, abs=1.5) and abs(intent.offset) < 1.5
    assert intent.power == pytest.approx(throwing.power_of(0.5, math.hypot(intent.distance, intent.offset)),
                                         abs=0.03) and intent.spin == 0.0
    dx, dy = throwing.screen_direction(table.lay.view, intent, 0, 2)
    assert dx == pytest.approx(-math.sin(0.2), abs=0.03) and dy == pytest.approx(-math.cos(0.2), abs=0.03)
    assert intent.angle > 0  # up and to the left of straight, for the seat at the bottom
    after = table.match.state
    assert after.stacks[0][:1] != [top] and after.turns == 1 or after.frame.name == PLACE
    assert table.playing() and table.plan.index == 0 and table.plan.tracks[top].steps[0].ease == "flight"


def test_a_press_outside_the_zone_says_why_and_changes_nothing():
    app, table = make_table()
    for pos, why in ((behind_line(table, LINE - 40), "behind your trampoline"),
                     (behind_line(table, LINE + 20, 200.0), "your own side")):
        event(app, pygame.MOUSEBUTTONDOWN, pos, button=1)
        event(app, pygame.MOUSEBUTTONUP, (pos[0], pos[1] + 60), button=1)
        assert table.pulling is None and not table.match.history.actions
        assert any(why in text for text in toasts(app)), toasts(app)


def test_a_pull_the_wrong_way_throws_nothing():
    app, table = make_table()
    start = behind_line(table, LINE + 30)
    pull(app, start, (start[0], start[1] - table.lay.full_pull * 0.5))
    release(app, (start[0], start[1] - table.lay.full_pull * 0.5))
    assert not table.match.history.actions and any("Pull back" in t for t in toasts(app))


def test_kids_mode_shows_where_the_card_touches_down_and_lets_a_child_throw_from_close():
    app, table = make_table(kids=True)
    start = behind_line(table, 150.0)
    end = (start[0], start[1] + table.lay.full_pull * 0.3)
    pull(app, start, end)
    app.draw()
    throw = table.current_throw()
    spot = table.lay.view.to_screen(*touchdown_point(0, 2, throw))
    assert app.surface.get_at((round(spot[0]), round(spot[1]))) == table.pal.green_hi  # the guide's end
    release(app, end)
    thrown = table.match.history.actions[-1]
    assert isinstance(thrown, Thrown) and thrown.intent.distance == pytest.approx(150.0, abs=1.5)


def test_without_kids_mode_there_is_no_guide():
    app, table = make_table()
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.5))
    app.draw()
    spot = table.lay.view.to_screen(*touchdown_point(0, 2, table.current_throw()))
    assert app.surface.get_at((round(spot[0]), round(spot[1]))) != table.pal.green_hi


def test_the_arrow_keys_aim_and_space_throws():
    app, table = make_table()
    for key in (pygame.K_UP, pygame.K_UP, pygame.K_LEFT, pygame.K_SPACE):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    thrown = table.match.history.actions[-1]
    assert thrown.intent.power == pytest.approx(0.54) and thrown.intent.angle == pytest.approx(2.0)


# --- bots, the dodo, hand-over, replay ------------------------------------------------------------------


def test_a_bot_throws_through_the_resolver_and_its_throw_plays_out():
    real = resolvers.resolver_for("iluliaq")
    calls = []

    def counting(game, view, intent):
        calls.append(intent)
        return real(game, view, intent)

    resolvers.register("iluliaq", counting)
    try:
        app, table = make_table()
        table.bots_play = True
        start = behind_line(table, LINE + 20)
        pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.55))
        release(app, (start[0], start[1] + table.lay.full_pull * 0.55))
        assert len(calls) == 1
        table.drive()
        assert table._bot_token is None and table._bot_action is None  # the bot waits for the throw to show
        table.finish_animations()
        deadline = time.perf_counter() + 20
        while len(table.match.history.actions) < 2 and time.perf_counter() < deadline:
            table.drive(now=time.perf_counter() + 10)
            time.sleep(0.005)
    finally:
        resolvers.unregister("iluliaq")
        resolvers.register("iluliaq", real)
    history = table.match.history
    assert len(history.actions) == 2 and history.actor(1) == 1 and isinstance(history.actions[1], Thrown)
    assert len(calls) == 2  # the bot's intent went through the same resolver
    assert table.playing() and table.plan.index == 1 and table.plan.seat == 1
    card = history.actions[1].outcome.card
    table.plan_started = time.perf_counter() - 0.25  # in the air
    app.draw()
    assert table.plan.tracks[card].steps[0].ease == "flight" and table.hidden_cards() >= {card}


def dodo_match_seed() -> int:
    from game.core.contract import Options
    from game.iluliaq.rules import RULES

    for seed in range(1, 400):
        state = RULES.new_game(Options(2, ("Ana", "Bo")), seed)
        if animal_type(state.stacks[0][0]) == "dodo":
            return seed
    raise AssertionError("no seed gives seat 0 a dodo on top")


def test_the_dodos_card_follows_the_pointer_turns_with_the_wheel_and_is_laid_by_a_click():
    app, table = make_table(seed=dodo_match_seed())
    view = table.match.view(0)
    space = table.game.space(table.match.state)
    throw = space.action_type(**aiming.aimed_throw(view, space, (0.0, 0.0)))
    assert table.submit(throw)
    take_screen(app, table)
    assert table.match.state.frame.name == PLACE, "the dodo did not land on the iceberg"
    card = table.match.state.deck[0]
    over = table.lay.view.to_screen(10.0, -5.0, 2.0)
    event(app, pygame.MOUSEMOTION, over, rel=(0, 0), buttons=(0, 0, 0))
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.draw()
    assert table.placing.shown and table.placing.turn == pytest.approx(30.0)
    event(app, pygame.MOUSEBUTTONDOWN, over, button=1)
    event(app, pygame.MOUSEBUTTONUP, over, button=1)
    placed = table.match.history.actions[-1]
    assert isinstance(placed, Placed) and placed.outcome.card == card
    assert placed.intent.turn == pytest.approx(30.0)
    x, y = placed.intent.x, placed.intent.y
    assert table.lay.view.to_screen(x, y, table.placing.layer)[0] == pytest.approx(over[0], abs=1.0)


def test_laying_the_dodos_card_off_the_iceberg_is_refused_with_a_reason():
    app, table = make_table(seed=dodo_match_seed())
    view = table.match.view(0)
    space = table.game.space(table.match.state)
    assert table.submit(space.action_type(**aiming.aimed_throw(view, space, (0.0, 0.0))))
    take_screen(app, table)
    far = table.lay.seats[1].panel.center
    event(app, pygame.MOUSEBUTTONDOWN, far, button=1)
    event(app, pygame.MOUSEBUTTONUP, far, button=1)
    assert table.match.state.frame.name == PLACE and any("on the iceberg" in t for t in toasts(app))


def test_the_dodos_card_is_dragged_and_laid_where_it_is_let_go():
    app, table = make_table(seed=dodo_match_seed())
    view = table.match.view(0)
    space = table.game.space(table.match.state)
    assert table.submit(space.action_type(**aiming.aimed_throw(view, space, (0.0, 0.0))))
    take_screen(app, table)
    actions = len(table.match.history.actions)
    start, end = table.lay.view.to_screen(-30.0, -20.0, 2.0), table.lay.view.to_screen(25.0, 15.0, 2.0)
    event(app, pygame.MOUSEBUTTONDOWN, start, button=1)
    for k in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * k / 5, start[1] + (end[1] - start[1]) * k / 5)
        event(app, pygame.MOUSEMOTION, p, rel=(0, 0), buttons=(1, 0, 0))
    assert len(table.match.history.actions) == actions, "the card was laid before it was let go"
    assert table.placing.held
    event(app, pygame.MOUSEBUTTONUP, end, button=1)
    placed = table.match.history.actions[-1]
    assert isinstance(placed, Placed)
    assert table.lay.view.to_screen(placed.intent.x, placed.intent.y, table.placing.layer)[0] == \
        pytest.approx(end[0], abs=1.0)


def test_between_two_humans_the_table_shows_only_the_tops_of_the_stacks():
    app, table = make_table(humans=2)
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.55))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.55))
    take_screen(app, table)  # the hand-over screen came, and Bruno took the screen
    assert table.viewer == 1 and table.match.to_act == 1
    state = table.match.state
    table.forget_still()
    app.draw()
    assert table.drawn_tops == {s: kind_of(cards[0]) if cards else None for s, cards in enumerate(state.stacks)}
    seen = table.vstate
    assert all(all(c == -1 for c in cards[1:]) for cards in seen.stacks)  # nothing under a top is known


def test_the_replay_button_plays_the_last_throw_again():
    app, table = make_table(humans=2)
    assert not table.replay_button.visible
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.55))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.55))
    take_screen(app, table)
    assert not table.playing() and table.replay_button.visible
    assert not table.animating()  # a still table: the loop may sleep (no waves, nothing fading)
    button = table.replay_button
    event(app, pygame.MOUSEBUTTONDOWN, button.rect.center, button=1)
    event(app, pygame.MOUSEBUTTONUP, button.rect.center, button=1)
    assert table.playing() and table.plan.index == 0
    table.plan = None  # a game continued from its save: the plan is worked out from the record
    table.replay()
    assert table.playing() and table.plan.index == 0 and table.plan.seat == 0


# --- layout and text ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("kids", [False, True])
def test_every_seat_and_panel_is_inside_the_table(size, players, kids):
    app, table = make_table(size=size, players=players, kids=kids)
    lay, rect = table.lay, table.table_rect
    panels = [sp.panel for sp in lay.seats]
    for sp in lay.seats:
        assert rect.contains(sp.panel) and sp.panel.contains(sp.card)
        x, y, turn = sp.trampoline
        centre = lay.view.to_screen(x, y)
        assert rect.collidepoint(centre)
    for i, a in enumerate(panels):
        assert not any(a.colliderect(b) for b in panels[i + 1:])
    assert rect.contains(lay.deck) and rect.contains(lay.replay)
    assert not any(lay.deck.colliderect(p) for p in panels)
    if kids:
        assert lay.prompt is not None and rect.contains(lay.prompt)
    ice = lay.view.to_screen(0, 0)
    assert rect.collidepoint(ice)


@pytest.mark.parametrize("language", ["en", "it"])
def test_no_text_under_14_px_at_1280x720(sizes, language):
    set_language(language)
    for players, kids in ((2, False), (6, False), (3, True)):
        app, table = make_table(players=players, kids=kids)
        start = behind_line(table, (150.0 if kids else LINE + 20))
        pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.5))
        app.draw()
        release(app, (start[0], start[1] + table.lay.full_pull * 0.5))
        take_screen(app, table)
        table.replay()
        app.draw()
    set_language("en")
    assert any("Draw deck" in t or "Mazzo" in t for _px, t in sizes) or len(sizes) > 40
    small = sorted({(px, text) for px, text in sizes if px < 14})
    assert not small, f"text under 14 px: {small[:12]}"


def test_the_throw_frame_is_the_stage_the_table_aims_for():
    app, table = make_table()
    assert table.vstate.frame.name == THROW and table.my_turn()


def test_frames_drawn_in_part_look_like_frames_drawn_whole_through_pulls_and_throws():
    """A screen that receives only each frame's damage shows exactly what was drawn, while a pull is
    aimed, throws fly, cards fall and highlights fade."""
    from game.core.bots import decide
    from tests.scenes.helpers import Screen

    app, table = make_table(players=3)
    screen = Screen(app)
    match = table.match

    def frames(n: int) -> None:
        for _i in range(n):
            app.update()
            app.draw()
            screen.present()
            time.sleep(0.03)

    start = behind_line(table, LINE + 20)
    event(app, pygame.MOUSEBUTTONDOWN, start, button=1)
    for k in range(1, 7):
        event(app, pygame.MOUSEMOTION, (start[0] + 4 * k, start[1] + 10 * k), rel=(0, 0), buttons=(1, 0, 0))
        frames(1)
    event(app, pygame.MOUSEBUTTONUP, (start[0] + 24, start[1] + 60), button=1)
    frames(12)
    for step in range(8):
        if match.is_over():
            break
        if match.is_bot(match.to_act):
            assert table.submit(decide(match.game, match.state, "easy", step,
                                       resolver=resolvers.resolver_for("iluliaq")), by_bot=True)
        else:
            app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="", scancode=0))
        frames(10)
    assert screen.partial > 40


def test_hovering_a_card_or_a_seat_says_what_it_is():
    app, table = make_table()
    cap = next(p for p in table.vstate.table if p.card == 68)
    assert table.hover_text(table.lay.view.to_screen(cap.x, cap.y, cap.layer)) == "Iceberg card"
    assert "Bruno" in table.hover_text(table.lay.seats[1].panel.center)
    assert table.hover_text(table.table_rect.topleft) is None or table.lay.deck.collidepoint(table.table_rect.topleft)


def test_a_throw_sounds_as_it_lands_and_a_skipped_one_stays_quiet():
    app, table = make_table()
    heard: list[str] = []
    app.sounds.play = lambda name, now=None: heard.append(name) or True  # type: ignore[method-assign]
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.55))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.55))
    assert heard == []  # in the air
    table.plan_started -= 0.6
    app.draw()
    assert heard and heard[0] in ("card_placed", "card_drawn")
    heard.clear()
    table.replay()
    table.finish_animations()
    app.draw()
    assert heard == []


def test_the_throw_follows_the_physics_recording_worked_out_on_a_worker():
    app, table = make_table()
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.56))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.56))
    thrown = table.match.history.actions[-1]
    card = thrown.outcome.card
    owed = table._path_owed
    if owed is not None:  # still being worked out (no frame waits for it): the plan slides meanwhile
        assert owed.rough is table.plan
        assert owed.job.result(timeout=60)
    app.draw()  # the first frame once the recording is there
    assert table._path_owed is None
    steps = table.plan.tracks[card].steps
    assert steps[0].ease == "flight"
    assert any(s.ease == "line" for s in steps), "the card did not follow the physics' recording"
    rest = next(p for p in thrown.outcome.poses if p.card == card)
    assert steps[-1].b[:2] == pytest.approx((rest.x, rest.y), abs=0.05)


def test_a_recording_that_ends_elsewhere_is_not_played():
    from dataclasses import replace

    from scenes.iluliaq.trajectory import paths

    app, table = make_table()
    before = {p.card: p for p in table.vstate.table}
    start = behind_line(table, LINE + 20)
    pull(app, start, (start[0], start[1] + table.lay.full_pull * 0.56))
    release(app, (start[0], start[1] + table.lay.full_pull * 0.56))
    thrown = table.match.history.actions[-1]
    assert paths(thrown, 0, 2, before)
    moved = replace(thrown.outcome, poses=tuple(replace(p, x=p.x + 1.0) for p in thrown.outcome.poses))
    assert paths(replace(thrown, outcome=moved), 0, 2, before) is None


def test_a_card_that_falls_into_the_water_splashes_with_its_own_sound():
    from game.iluliaq.table import Throw

    app, table = make_table()
    heard: list[str] = []
    app.sounds.play = lambda name, now=None: heard.append(name) or True  # type: ignore[method-assign]
    assert table.submit(Throw(LINE + 20, 0.0, 0.0, 1.0, 0.0))  # full power: over the far edge
    thrown = table.match.history.actions[-1]
    wet = {p.card for p in thrown.outcome.poses if p.layer == 0}
    assert thrown.outcome.card in wet
    table.follow_the_physics(wait=None)
    plan = table.plan
    assert plan.splashes, "no splash where the card fell"
    assert any(name == "splash" and at == plan.splashes[0][0] for at, name in plan.sounds)
    table.plan_started -= plan.splashes[0][0] + 0.01
    app.draw()
    assert "splash" in heard


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_kids_table_is_seen_closer_so_every_card_is_half_as_big_again(players):
    _app, grown = make_table(players=players, humans=0)
    _app, kids = make_table(players=players, humans=0, kids=True)
    big, small = kids.lay.view.card_size(), grown.lay.view.card_size()
    assert big[1] >= 1.4 * small[1]
    for sp in kids.lay.seats:  # every seat still in the table, with room to pull behind it
        assert kids.table_rect.contains(sp.panel)


def test_a_tall_pile_stands_over_the_iceberg_and_the_pointer_finds_its_cards():
    from game.iluliaq.table import HALF

    _app, table = make_table(players=2, humans=0)
    view = table.lay.view
    for layer in (0.0, 1.0, 2.5, 16.0):
        sx, sy = view.to_screen(12.0, -30.0, layer)
        assert view.to_table(sx, sy, layer) == pytest.approx((12.0, -30.0))
    far_edge = view.to_screen(0.0, -HALF, 1.0)[1]
    top_of_16 = view.to_screen(0.0, 0.0, 16.0)[1]
    near_edge = view.to_screen(0.0, HALF, 1.0)[1]
    assert far_edge - top_of_16 < (near_edge - far_edge) / 2, "a pile of 16 climbs far above the iceberg"
    rises = [view.to_screen(0.0, 0.0, k)[1] - view.to_screen(0.0, 0.0, k + 1)[1] for k in range(16)]
    assert all(r > 0 for r in rises), "each layer must still stand a little higher than the one under it"


def test_the_log_and_the_top_bar_wait_for_the_throw_to_land():
    from game.core.bots import decide

    _app, table = make_table(players=2, humans=0)
    match = table.match
    for step in range(3):
        assert table.submit(decide(match.game, match.state, "easy", step,
                                   resolver=resolvers.resolver_for("iluliaq")), by_bot=True)
        table.finish_animations()
    before = table.prompt_text()
    assert table.submit(decide(match.game, match.state, "easy", 9, resolver=resolvers.resolver_for("iluliaq")),
                        by_bot=True)
    index = len(match.history.actions) - 1
    assert table.playing()
    assert table.log_held_from() == index, "the log tells how the throw ends while the card is still flying"
    thrower = match.history.actor(index)
    assert table.prompt_text() == f"{match.name(thrower)} is throwing a card at the iceberg…", \
        "the top bar moved on to the next player mid-throw"
    assert table.bar_seat() == thrower
    drawn: list[list] = []
    render = table.log_panel._render
    table.log_panel._render = lambda size, m, lines, *rest: drawn.append(lines) or render(size, m, lines, *rest)
    table.log_panel._cache = None
    table.app.draw()
    assert drawn and drawn[-1] and all(e.index < index for e in drawn[-1]), "the throw's own lines were drawn"
    table.finish_animations()
    table.app.draw()
    assert any(e.index == index for e in drawn[-1]), "the throw's lines did not come once it landed"
    assert table.log_held_from() is None
    assert table.bar_seat() == match.to_act
    assert table.prompt_text() != before or match.to_act == thrower
    table.replay()
    assert table.playing() and table.log_held_from() is None, "a replay hides lines the log already showed"


def test_the_end_screen_and_the_podium_count_the_cards_left_where_the_fewest_wins():
    from game.core.bots import decide
    from scenes.shell.end import EndScene

    for kids in (False, True):
        app, table = make_table(players=3, humans=0, kids=kids)
        match = table.match
        while not match.is_over():
            match.apply(decide(match.game, match.state, "easy", match.bot_seed(),
                               resolver=resolvers.resolver_for("iluliaq")))
        before = pygame.image.tobytes(app.draw(), "RGB")
        kept = len(table.layer.pieces)
        end = app.push(EndScene(app, table))
        assert kept and not table.layer.pieces, "the finished table kept its spare pieces under the end screen"
        assert table.layer.surface is not None, "the finished table's picture went too"
        rows = dict(end.rows())
        cards = [len(stack) for stack in match.state.stacks]
        assert rows == {"Cards left in their stack": cards}  # one term: its row is the total
        assert min(cards) == 0 or match.result().reason
        winners = set(match.result().winners)
        assert winners == {s for s, n in enumerate(cards) if n == min(cards)}
        assert any(cards)
        for seat, left in enumerate(cards):
            breakdown = table.score_breakdown(seat)
            assert "-" not in breakdown
            if left:  # its one term is the total: said once
                assert f"Cards left in their stack: {left}" in breakdown and "Total" not in breakdown, breakdown
            else:
                assert "Total: 0" in breakdown, breakdown
        app.draw()
        app.pop()  # "See the boards": the table shows as it was
        assert pygame.image.tobytes(app.draw(), "RGB") == before
