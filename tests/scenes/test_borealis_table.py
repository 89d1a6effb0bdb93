"""Headless tests of the Borealis table scene: clicks become actions, lit targets, privacy, layout."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.borealis.observe import fits  # noqa: E402
from game.borealis.regroup import camp_scientists  # noqa: E402
from game.borealis.state import (  # noqa: E402
    ACTION,
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    Confirm,
    Keep,
    Mark,
    PlayCard,
    Regroup,
    SendScientists,
    TakeFromPool,
)
from game.core.contract import HIDDEN  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from scenes.borealis.table import BorealisTable  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """Overrides the shell's fixture of the same name (which swaps Borealis for a toy game): these
    tests play the real Borealis rules, in a throwaway data folder."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield


def make_table(size=(1280, 720), kids=False, seed=3, players=2) -> tuple[App, BorealisTable]:
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig(name, i) for i, name in enumerate(["Ana", "Bruno", "Carla", "Dario"][:players])]
    match = Match.start("borealis", seats, kids=kids, seed=seed)
    table = BorealisTable(app, match)
    app.push(table)
    take_screen(app, table)
    APPS.append(app)
    return app, table


APPS: list[App] = []


@pytest.fixture(autouse=True)
def _shutdown_bots():
    yield
    while APPS:
        APPS.pop().bots.shutdown()


def take_screen(app: App, table: BorealisTable) -> None:
    """Let the last move show, then press "I am X" on the hand-over screen(s) between humans."""
    if table.passing.pending():
        table.passing.confirm()
        app.update()
    while app.top is not table:
        top = app.top
        assert hasattr(top, "ready"), f"unexpected scene {type(top).__name__}"
        top.ready()
    app.draw()


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.draw()


def click_button(app: App, button) -> None:
    assert button.visible and button.is_enabled, f"{button.text} cannot be pressed"
    click(app, button.rect.center)


def keep_all(app: App, table: BorealisTable) -> None:
    while table.match.state.phase == MULLIGAN:
        assert table.submit(Keep())
        take_screen(app, table)


def state(table):
    return table.match.state


def test_hand_card_then_lit_location_plays_it():
    app, table = make_table()
    keep_all(app, table)
    seat = state(table).to_act
    assert table.viewer == seat and state(table).phase == ACTION
    player = state(table).players[seat]
    card_id, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    click(app, table.hand_rects[card_id].center)
    assert table.selected == card_id
    assert loc in table.lit_locations()
    assert table.lit_locations() == {i for i in (0, 1, 2) if fits(player, card_id, i)}
    before = len(table.match.history.actions)
    click(app, table.geo.locs[loc].center)
    assert len(table.match.history.actions) == before + 1
    assert table.match.history.actions[-1] == PlayCard(card_id, loc)
    assert card_id in state(table).players[seat].cards[loc]
    assert state(table).phase == TAKE


def test_unlit_location_toasts_and_changes_nothing():
    for seed in range(40):
        app, table = make_table(seed=seed)
        keep_all(app, table)
        for _move in range(12):  # a card that fits somewhere, not everywhere (a greyed card is not picked up)
            seat = state(table).to_act
            player = state(table).players[seat]
            pair = next(((c, loc) for c in player.hand for loc in (0, 1, 2) if not fits(player, c, loc)
                         and any(fits(player, c, other) for other in (0, 1, 2))), None)
            if pair is not None and state(table).phase == ACTION:
                break
            assert table.submit(table.legal()[0])
            take_screen(app, table)
        if pair is None or state(table).phase != ACTION:
            continue
        card_id, loc = pair
        click(app, table.hand_rects[card_id].center)
        assert loc not in table.lit_locations()
        before = len(table.match.history.actions)
        app.toasts.items.clear()
        click(app, table.geo.locs[loc].center)
        assert len(table.match.history.actions) == before
        assert app.toasts.items and app.toasts.items[-1].kind == "error"
        assert "location needs" in app.toasts.texts()[-1]
        return
    pytest.fail("no seed gave a card that does not fit somewhere")


def play_any(app, table) -> None:
    seat = state(table).to_act
    player = state(table).players[seat]
    card_id, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    click(app, table.hand_rects[card_id].center)
    click(app, table.geo.locs[loc].center)
    assert state(table).phase == TAKE


def test_take_phase_pool_card_is_taken():
    app, table = make_table()
    keep_all(app, table)
    seat = state(table).to_act
    play_any(app, table)
    pool_card = state(table).pool[2]
    rect = table.pool_rects[pool_card]
    click(app, rect.center)
    assert pool_card in state(table).players[seat].hand
    assert pool_card not in state(table).pool
    assert state(table).phase == ACTION and state(table).to_act != seat


def test_take_phase_deck_draws():
    app, table = make_table()
    keep_all(app, table)
    seat = state(table).to_act
    play_any(app, table)
    size = len(state(table).deck)
    click(app, table.lay.deck_rect.center)
    assert len(state(table).players[seat].hand) == 4
    assert len(state(table).deck) == size - 1


def test_drag_a_card_onto_a_location():
    app, table = make_table()
    keep_all(app, table)
    seat = state(table).to_act
    player = state(table).players[seat]
    card_id, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    start = table.hand_rects[card_id].center
    end = table.geo.locs[loc].center
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    app.draw()
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert table.match.history.actions[-1] == PlayCard(card_id, loc)


def test_regroup_flow_discards_marked_cards_and_sends_camps_to_a_location():
    app, table = make_table()
    keep_all(app, table)
    # play one card each so that someone has scientists in a camp
    for _turn in range(2):
        play_any(app, table)
        click(app, table.pool_rects[state(table).pool[0]].center)
        take_screen(app, table)
    match = table.match
    seat = state(table).to_act
    player = state(table).players[seat]
    assert table.bar["regroup"].visible
    click_button(app, table.bar["regroup"])
    assert match.history.actions[-1] == Regroup() and state(table).phase == REGROUP
    assert table.bar["regroup/confirm"].visible and table.bar["cancel"].visible and not table.bar["regroup"].visible
    hand = list(player.hand)
    click(app, table.hand_rects[hand[0]].center)
    click(app, table.hand_rects[hand[2]].center)
    assert match.history.actions[-2:] == [Mark(hand[0]), Mark(hand[2])]
    assert table.marked == {hand[0], hand[2]}
    assert table.bar["regroup/confirm"].text in ("Redraw 2 cards", "Redraw 2")  # as much as fits
    other = match.view(1 - seat)
    assert other.marked() and all(c == HIDDEN for c in other.marked())  # the marks are the actor's secret
    marks = [e for e in match.log if isinstance(e.action, Mark)]
    assert len(marks) == 2 and all(e.to == (seat,) for e in marks)  # which cards: only the marker reads it
    back = camp_scientists(player)
    click_button(app, table.bar["regroup/confirm"])
    assert match.history.actions[-1] == Confirm()
    if back:
        assert state(table).phase == SEND and match.to_act == seat
        assert table.lit_locations() == {0, 1, 2}
        click(app, table.geo.locs[2].center)
        assert match.history.actions[-1] == SendScientists(2)
    assert not table.marked
    after = match.history.state.players[seat]
    assert hand[0] not in after.hand and hand[2] not in after.hand
    assert camp_scientists(after) == 0


def test_regroup_cancel_goes_back_to_playing():
    app, table = make_table()
    keep_all(app, table)
    before = len(table.match.history.actions)
    click_button(app, table.bar["regroup"])
    card_id = state(table).players[state(table).to_act].hand[0]
    click(app, table.hand_rects[card_id].center)
    assert table.marked == {card_id}
    click_button(app, table.bar["cancel"])
    assert len(table.match.history.actions) == before  # the marks and the Regroup() were taken back
    assert state(table).phase == ACTION and not table.marked
    assert table.bar["regroup"].visible and not table.bar["cancel"].visible


def test_mulligan_marks_and_redraws():
    app, table = make_table()
    seat = state(table).to_act
    assert state(table).phase == MULLIGAN
    assert table.bar["keep"].visible and table.bar["mulligan/confirm"].visible
    assert not table.bar["mulligan/confirm"].is_enabled  # nothing marked yet
    hand = list(state(table).players[seat].hand)
    click(app, table.hand_rects[hand[1]].center)
    assert table.match.history.actions[-1] == Mark(hand[1])
    assert table.marked == {hand[1]}
    assert "1" in table.bar["mulligan/confirm"].text
    click_button(app, table.bar["mulligan/confirm"])
    assert table.match.history.actions[-1] == Confirm()
    assert hand[1] not in table.match.history.state.players[seat].hand


def test_only_the_viewers_hand_is_drawn():
    app, table = make_table()
    keep_all(app, table)
    for _turn in range(3):
        viewer = table.viewer
        assert viewer == state(table).to_act
        view = table.match.view(viewer)
        own = view.players[viewer].hand
        assert sorted(table.drawn_hand()) == sorted(own)
        for other, p in enumerate(state(table).players):
            if other != viewer:
                assert not set(p.hand) & set(table.drawn_hand())
                assert all(c == HIDDEN for c in view.players[other].hand)
        play_any(app, table)
        click(app, table.pool_rects[state(table).pool[0]].center)
        # the move shows on the mover's own table, then the shell covers it before the next human
        assert app.top is table and table.viewer == viewer and table.passing.pending()
        table.passing.confirm()
        app.update()
        assert app.top is not table
        take_screen(app, table)


def test_kids_mode_lights_legal_locations_without_a_selection():
    app, table = make_table(kids=True)
    keep_all(app, table)
    assert table.selected is None
    legal = {a.location for a in table.match.legal_actions() if isinstance(a, PlayCard)}
    assert legal
    assert table.lit_locations() == legal
    app2, grown = make_table(kids=False)
    keep_all(app2, grown)
    assert grown.lit_locations() == set()


def test_hover_tooltips_name_the_pieces():
    app, table = make_table()
    keep_all(app, table)
    card_id = state(table).players[table.viewer].hand[0]
    assert "Vehicle" in table.hover_text(table.hand_rects[card_id].center)
    assert "deck" in table.hover_text(table.lay.deck_rect.center).lower()
    sci = table.geo.sci_slots[(1, 0)].center
    assert "scientist" in table.hover_text(sci)
    assert "track" in table.hover_text(table.track_space(0, 3).center)
    goal = next(iter(table.objective_rects.values()))
    assert "Objective" in table.hover_text(goal.center)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
@pytest.mark.parametrize("players", [2, 4])
def test_layout_keeps_everything_inside_the_window(size, players):
    app, table = make_table(size=size, players=players)
    keep_all(app, table)
    window = pygame.Rect((0, 0), size)
    rects = [
        table.lay.board_rect,
        table.lay.market_rect,
        table.lay.hand_rect,
        table.lay.right_rect,
        table.lay.deck_rect,
        table.lay.discard_rect,
        *table.pool_rects.values(),
        *table.hand_rects.values(),
        *table.opp_rects.values(),
        *table.objective_rects.values(),
        *table.geo.locs,
        *table.geo.camps,
        *table.geo.tracks,
    ]
    for r in rects:
        assert window.contains(r), r
        assert table.table_rect.contains(r), r
    for r in table.opp_rects.values():
        assert r.h > 0
    assert table.fonts.px("small") >= 14
    for btn in table.buttons():
        assert window.contains(btn.rect)


def test_resize_relays_out():
    app, table = make_table()
    keep_all(app, table)
    small = table.lay.board_rect.copy()
    app.resize((1920, 1080))
    app.draw()
    assert table.lay.board_rect.w > small.w and table.lay.board_rect.h > small.h
    assert table.table_rect.contains(table.lay.board_rect)


def bot_table(players=3, seed=4, size=(1280, 720)) -> tuple[App, BorealisTable]:
    """Bots only, moved by the test (``bots_play`` off), as the bench and ``polar-table shot`` do."""
    app = App(size, headless=True, settings=Settings())
    APPS.append(app)
    names = ["Ana", "Bruno", "Carla", "Dario"][:players]
    match = Match.start("borealis", [SeatConfig(n, i, BOT, "easy") for i, n in enumerate(names)], seed=seed)
    table = BorealisTable(app, match)
    table.bots_play = False
    app.push(table)
    app.draw()
    return app, table


def test_shot_lets_every_animation_arrive_before_the_picture(monkeypatch):
    from scenes.tools import shot

    moving_after_submit = []
    real_submit = BorealisTable.submit

    def submit(self, action, by_bot=False):
        ok = real_submit(self, action, by_bot)
        moving_after_submit.append(bool(self.animator.anims or self.animator.flashes) and self.animating())
        return ok

    at_draw = []
    real_draw = BorealisTable.draw

    def draw(self, surface):
        at_draw.append((self.app.animating(), list(self.animator.anims), list(self.animator.flashes)))
        real_draw(self, surface)

    monkeypatch.setattr(BorealisTable, "submit", submit)
    monkeypatch.setattr(BorealisTable, "draw", draw)
    surface = shot.render_scene("borealis", 2, 7, 9, (1280, 720))
    assert surface.get_size() == (1280, 720)
    assert moving_after_submit == [True]  # the last move was played through the table and set things moving
    assert at_draw == [(False, [], [])]  # ... and all of it had arrived when the picture was taken


def test_bench_frames_include_the_frames_where_moves_land(monkeypatch):
    from scenes.tools import shot

    moves = []
    real_submit = BorealisTable.submit
    monkeypatch.setattr(
        BorealisTable,
        "submit",
        lambda self, action, by_bot=False: moves.append(action) or real_submit(self, action, by_bot),
    )
    times = shot.frame_times("borealis", (1280, 720), frames=8, move_every=4, pace=0)
    assert len(times) == 8 and all(t > 0 for t in times)
    assert len(moves) == 2


def test_a_move_repaints_only_what_changed_and_the_layer_matches_a_fresh_one(monkeypatch):
    from game.core.bots import decide
    from scenes.borealis import goals

    app, table = bot_table()
    match = table.match
    painted = []
    real_scoring = goals.draw_scoring
    monkeypatch.setattr(goals, "draw_scoring", lambda scene, *a: painted.append(a[3]) or real_scoring(scene, *a))
    for step in range(14):
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
        app.draw()
        if step % 3 == 2:
            table.finish_animations()
            app.draw()
    assert painted == []  # the scoring cards never changed: never painted again
    table.finish_animations()
    app.draw()
    pieced = pygame.image.tobytes(table.layer.surface, "RGB")
    # the same layer painted and composed from nothing
    table.layer.clear()
    table.ensure(force=True)
    assert pygame.image.tobytes(table.layer.surface, "RGB") == pieced


PROMPTS = (
    "Keep your starting hand, or click cards to redraw them (once).",
    "Take a card: click one in the pool, or the deck for its top card.",
    "Click cards to discard (optional), then press Regroup.",
    "Choose the location where your camp scientists go.",
    "No card fits a location: regroup to bring your scientists back.",
    "Now click a lit location (or drag the card there).",
    "Your turn: pick a card, then a lit location — or regroup.",
)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440)])
def test_every_prompt_fits_its_box(size, monkeypatch):
    app, table = make_table(size=size)  # mulligan: two buttons under the prompt, the smallest box
    for text in PROMPTS:
        monkeypatch.setattr(table, "prompt", lambda text=text: text)
        step, lines, area = table.prompt_lines()
        font = table.fonts.font(step, True)
        assert area == table.lay.prompt_rect
        assert " ".join(lines) == text  # all of it: nothing cut, no ellipsis
        assert table.px(4) + len(lines) * font.get_linesize() <= area.h
        assert all(font.size(line)[0] <= area.w for line in lines)
        assert font.get_height() >= 14
        app.draw()


def test_card_faces_and_boards_are_warmed_before_a_move_lands(monkeypatch):
    """The idle turns of the loop paint every card face at every width in use (and, with bots only,
    the next boards): no SVG is rasterised and no face painted in the frame where a move lands."""
    from game.borealis.data import cards
    from game.core.bots import decide
    from scenes.borealis import board
    from scenes.kit import warm

    app, table = bot_table(players=4, size=(1920, 1080))
    assert table.warming()
    assert app.next_wait() is not None and app.next_wait() <= 1  # the loop wakes to warm up
    monkeypatch.setattr(warm, "WARM_UNTIL", 10.0)  # each idle turn may take its time here
    monkeypatch.setattr(warm, "AHEAD_BEFORE", 10.0)
    for _turn in range(20):
        if not table.warming():
            break
        app.step(block=False)  # nothing to draw: the turn's time goes to the warm-up
    assert not table.warming()
    widths = table.face_widths()
    assert {table.lay.card_w, table.lay.small_w} <= set(widths)
    for c in cards():
        for w in widths:
            assert ("face", c.id, w, app.fonts.scale, "en") in table.pieces._cards
    rasterised = []
    real = pygame.image.load_sized_svg
    monkeypatch.setattr(pygame.image, "load_sized_svg", lambda *a: rasterised.append(a) or real(*a))
    painted = []
    real_paint = board.draw_location
    monkeypatch.setattr(board, "draw_location", lambda scene, *a: painted.append(a[-2]) or real_paint(scene, *a))
    match = table.match
    assert table.submit(decide(match.game, match.state, "easy", 1), by_bot=True)
    app.draw()
    assert rasterised == []
    assert painted == []  # the next seat's board was painted ahead


def test_frames_drawn_in_part_equal_frames_drawn_whole(monkeypatch):
    """Two tables play the same moves on the same (fake) clock: one draws every frame into the same
    surface (so only what changed is drawn again), the other every frame into a new surface (so all
    of it). Their frames are the same, pixel for pixel, through moves, hovers, a toast and a tooltip
    that come and go."""
    import time

    from game.core.bots import decide

    now = [1000.0]
    monkeypatch.setattr(time, "perf_counter", lambda: now[0])
    (app_a, table_a), (app_b, table_b) = bot_table(players=4), bot_table(players=4)
    match = table_a.match
    size = app_a.surface.get_size()
    partial = 0

    def frame(events=()):
        nonlocal partial
        now[0] += 1 / 60
        for app in (app_a, app_b):
            for event in events:
                app.handle(pygame.event.Event(event[0], **event[1]))
            app.update()
        app_a.draw()  # into the surface of the last frame
        partial += app_a.damage is not None
        whole = pygame.Surface(size)
        app_b.draw(whole)
        assert app_b.damage is None
        assert pygame.image.tobytes(app_a.surface, "RGB") == pygame.image.tobytes(whole, "RGB")

    motion = pygame.MOUSEMOTION
    for step in range(16):
        action = decide(match.game, match.state, "easy", step)
        assert table_a.submit(action, by_bot=True) and table_b.submit(action, by_bot=True)
        for i in range(12):
            frame()
            if step == 4 and i == 2:
                for app in (app_a, app_b):
                    app.toast("A toast")
                    app.toasts.items[-1].born = now[0]  # its default clock is the real one
            if step in (6, 11) and i == 0:  # hover the pool (a tooltip comes), then leave
                pos = table_a.lay.pool_slots[1].center
                frame([(motion, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)})])
                now[0] += 2.0
                frame()
                assert app_a.tooltip.text
                hand = table_a.lay.hand_rect.center
                frame([(motion, {"pos": hand, "rel": (0, 0), "buttons": (0, 0, 0)})])
        if step == 5:
            now[0] += 10.0  # the toast goes
            frame()
            assert not app_a.toasts.items
    assert partial > 50  # many frames were drawn in part


def test_moves_animate_from_the_steps_events_not_from_comparing_states():
    from game.core.events import Changed, Moved

    app, table = make_table()
    keep_all(app, table)
    seat = table.viewer
    player = state(table).players[seat]
    card_id, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    assert table.submit(PlayCard(card_id, loc))
    assert [a.payload for a in table.animator.anims if a.kind == "fly"] == [card_id]
    assert len([a for a in table.animator.anims if a.kind == "walk"]) == 2  # the card's two scientists walk off
    table.finish_animations()
    # the same step, as if the rules had said something else: the table shows what the events say
    table.match.history.events[-1] = (Moved("card:5", "deck", "discard"), Changed(f"flag:{seat}:1", 3))
    table.on_state_changed(table.match.history.actions[-1])
    assert [(a.kind, a.payload) for a in table.animator.anims] == [("fly", 5), ("flag", 1)]
    fly, flag = table.animator.anims
    assert fly.source == table.lay.deck_rect and fly.target == table.lay.discard_rect and fly.hides == (("card", 5),)
    assert (flag.source, flag.target) == ((0.0, 2), (0.0, 3))
    app.draw()
    table.finish_animations()
    app.draw()


def test_a_card_another_seat_draws_flies_face_down():
    from game.borealis.state import DrawFromDeck

    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    match = Match.start("borealis", [SeatConfig("Ana", 0), SeatConfig("Bo", 1, BOT, "easy")], seed=3)
    table = BorealisTable(app, match)
    table.bots_play = False
    app.push(table)
    app.draw()
    while match.state.phase == MULLIGAN:
        assert table.submit(Keep(), by_bot=match.is_bot(match.to_act))
    while match.to_act != 1 or match.state.phase != TAKE:
        action = next(a for a in match.legal_actions() if isinstance(a, (PlayCard, TakeFromPool)))
        assert table.submit(action, by_bot=match.is_bot(match.to_act))
    table.finish_animations()
    assert table.submit(DrawFromDeck(), by_bot=True)
    flies = [a for a in table.animator.anims if a.kind == "fly"]
    assert [a.payload for a in flies] == [HIDDEN]  # Ana sees a card back, never which card
    assert flies[0].source == table.lay.deck_rect and flies[0].target.center == table.opp_rects[1].midtop
    assert all(a.hides == () for a in flies)


@pytest.mark.parametrize("size,players", [((1280, 720), 4), ((1920, 1080), 2)])
def test_with_the_log_hidden_the_board_does_not_stretch_into_gaps(size, players):
    from scenes.borealis.layout import MAIN_MAX_W

    app, table = make_table(size=size, players=players)
    shown_w = table.lay.main_rect.w
    table.log_hidden = True
    table.relayout()
    app.draw()
    assert table.lay.main_rect.w <= table.px(MAIN_MAX_W) + 1  # the room the log left went to the right column
    assert table.lay.right_rect.w > table.px(252) and table.lay.main_rect.w >= shown_w - 1
    assert table.table_rect.contains(table.lay.right_rect)
