"""The app shell, driven headless by injected events; each test checks what the player would see."""

from __future__ import annotations

import time

import pygame
import pytest

from game.core import i18n
from scenes.session.match import Match
from scenes.shell.end import EndScene
from scenes.shell.generic_table import GenericTable
from scenes.shell.handover import HandoverScene
from scenes.shell.menu import MenuScene
from scenes.shell.pause import PauseScene
from scenes.shell.rules import RulesScene, parse
from scenes.shell.scene import Scene
from scenes.shell.settings_menu import SettingsScene
from scenes.shell.setup import SetupScene
from scenes.shell.table import TableScene
from tests.scenes.helpers import bots_only, click, click_button, key, one_human, pass_screen, two_humans_and_bot
from tests.scenes.toy_game import Choose, Play

pytestmark = pytest.mark.usefixtures("toy_borealis")


def test_scene_stack_push_pop_replace(app):
    a, b, c = Scene(app), Scene(app), Scene(app)
    app.push(a)
    app.push(b)
    assert app.top is b and app.stack == [a, b]
    app.replace(c)
    assert app.stack == [a, c]
    assert app.pop() is c
    assert app.top is a and app.running
    app.pop()
    assert not app.stack and not app.running


def test_menu_shows_five_tiles_and_only_built_games_open(app):
    menu = app.push(MenuScene(app))
    app.draw()
    assert len(menu.tiles) == 5
    playable = [t.entry.id for t in menu.tiles if t.playable]
    assert playable == ["borealis"]
    locked = next(t for t in menu.tiles if not t.playable)
    click(app, locked.rect.center)
    assert app.top is menu
    assert any("coming soon" in text for text in app.toasts.texts())
    tile = next(t for t in menu.tiles if t.playable)
    click(app, tile.rect.center)
    assert isinstance(app.top, SetupScene) and app.top.game_id == "borealis"


def test_menu_offers_continue_only_with_an_autosave(app):
    from scenes.session import persist

    menu = app.push(MenuScene(app))
    assert "Continue" not in menu.menu_buttons
    match = one_human()
    match.apply(match.legal_actions()[0])
    persist.autosave(match)
    menu.uncover()
    assert "Continue" in menu.menu_buttons
    click_button(app, menu.menu_buttons["Continue"])
    listing = app.top  # the games in progress: choose one
    click(app, listing.rows[0].box.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert len(table.match.history.actions) == 1


def test_setup_changes_seats_kinds_kids_and_starts_that_match(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app, "borealis"))
    assert setup.players == 2
    click_button(app, setup.find_button("+"))
    assert setup.players == 3
    kind_buttons = [b for b in setup.buttons() if b.text in ("Human", "Bot: easy", "Bot: normal", "Bot: hard")]
    assert [b.text for b in kind_buttons] == ["Human", "Bot: normal", "Bot: normal"]
    click_button(app, kind_buttons[1])  # Bot: normal -> Bot: hard
    assert setup.seats[1].level == "hard"
    kind_buttons = [b for b in setup.buttons() if b.text.startswith(("Human", "Bot"))]
    click_button(app, kind_buttons[1])  # -> Human
    assert setup.seats[1].kind == "human"
    kind_buttons = [b for b in setup.buttons() if b.text.startswith(("Human", "Bot"))]
    click_button(app, kind_buttons[1])  # -> Bot: easy
    kind_buttons = [b for b in setup.buttons() if b.text.startswith(("Human", "Bot"))]
    click_button(app, kind_buttons[1])  # -> Bot: normal
    setup.set_kind(2, "bot", "hard")
    click_button(app, setup.kids_button)
    assert setup.kids
    assert setup.kids_button.text == "Kids' mode: on"
    setup.entries[1].set_text("Zoe")
    click_button(app, setup.more_button)  # the seed is behind More
    setup.seed_entry.set_text("42")
    click_button(app, setup.start_button)
    table = app.top
    assert isinstance(table, GenericTable)
    m = table.match
    assert m.options.players == 3 and m.options.kids
    assert m.history.record.seed == 42
    assert [(s.name, s.kind, s.level) for s in m.seats] == [
        ("Ana", "human", "normal"),
        ("Zoe", "bot", "easy"),  # kids' mode made the normal bot a beginner
        ("Robo Owl", "bot", "hard"),  # a level chosen on purpose stays; a bot seat has a bot's name
    ]
    assert m.options.names == ("Ana", "Zoe", "Robo Owl")
    assert len({s.colour for s in m.seats}) == 3


def _all_rects(scene: Scene) -> list[pygame.Rect]:
    rects = [b.rect for b in scene.buttons()]
    if isinstance(scene, MenuScene):
        rects += [t.rect for t in scene.tiles]
    if isinstance(scene, TableScene):
        rects += [scene.table_rect, scene.log_panel.rect, scene.top_bar]
    return rects


@pytest.mark.parametrize("make", ["menu", "setup", "table", "settings", "pause", "end"])
def test_resize_relays_out_and_nothing_is_off_screen(app, make):
    app.push(MenuScene(app))
    if make == "setup":
        app.push(SetupScene(app, "borealis")).set_players(4)
    elif make == "settings":
        app.push(SettingsScene(app))
    elif make in ("table", "pause", "end"):
        table = app.push(GenericTable(app, one_human()))
        if make == "pause":
            app.push(PauseScene(app, table))
        if make == "end":
            app.push(EndScene(app, table))
    scene = app.top
    sizes = {}
    for size in ((1280, 720), (2560, 1440), (1280, 720)):
        app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        assert app.size == size
        app.draw()
        screen = pygame.Rect(0, 0, *size)
        rects = _all_rects(scene)
        assert rects
        for r in rects:
            assert screen.contains(r), f"{r} is off a {size} screen"
        sizes[size] = [tuple(r) for r in rects]
    assert sizes[(1280, 720)] != sizes[(2560, 1440)]
    assert app.scale == pytest.approx(1.0)


def test_escape_opens_pause_and_undo_works_when_allowed(app):
    table = app.push(GenericTable(app, one_human()))
    assert table.viewer == 0 and app.top is table
    table.submit(Choose(table.match.state.hands[0][0]))
    assert len(table.match.history.actions) == 1
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    undo = pause.item_buttons["Undo"]
    assert undo.is_enabled
    click_button(app, undo)
    assert app.top is table
    assert len(table.match.history.actions) == 0 and table.match.log == []
    key(app, pygame.K_ESCAPE)
    assert not app.top.item_buttons["Undo"].is_enabled  # nothing left to take back
    key(app, pygame.K_ESCAPE)
    assert app.top is table


def test_hand_over_between_two_humans_covers_the_table(app):
    table = app.push(GenericTable(app, two_humans_and_bot()))
    assert isinstance(app.top, HandoverScene) and app.top.seat == 0
    click_button(app, app.top.ready_button)
    assert app.top is table and table.viewer == 0
    app.draw()
    hand = table.actions_rect.inflate(-40, -40)
    uncovered = app.surface.subsurface(hand).copy()
    first = table.match.state.hands[0][0]
    table.submit(Choose(first))
    table.submit(Play())
    # Bo, another human, is to act: Ana first sees what her move did, summed up in a line...
    assert app.top is table and table.viewer == 0 and table.passing.pending()
    assert app.toasts.texts()[-1].startswith("Ana: ")
    pass_screen(app, table)
    # ... then the hand-over screen covers everything
    handover = app.top
    assert isinstance(handover, HandoverScene) and handover.seat == 1
    assert table.viewer == 0
    app.draw()
    covered = app.surface.subsurface(hand).copy()
    assert pygame.image.tobytes(covered, "RGB") != pygame.image.tobytes(uncovered, "RGB")
    # the covered area shows the hand-over screen only: exactly what it draws on its own
    alone = pygame.Surface(app.size)
    handover.render(alone)
    assert pygame.image.tobytes(alone.subsurface(hand), "RGB") == pygame.image.tobytes(covered, "RGB")
    assert app._visible() == [handover]  # the table is not drawn at all
    click_button(app, handover.ready_button)
    assert table.viewer == 1 and app.top is table


def test_a_hand_over_pushed_in_the_loops_update_shows_its_buttons_on_its_first_frame(app):
    table = app.push(GenericTable(app, two_humans_and_bot()))
    click_button(app, app.top.ready_button)
    table.submit(Choose(table.match.state.hands[0][0]))
    table.submit(Play())
    table.passing.confirm()
    app.update()  # the table's turn of the update pushes the hand-over...
    handover = app.top
    assert isinstance(handover, HandoverScene)
    app.draw()  # ...and this frame, before the hand-over's own first update, must show its button
    button = handover.ready_button.rect
    green = pygame.mask.from_threshold(app.surface.subsurface(button), app.pal.green, (8, 8, 8, 255)).count()
    assert green > button.w * button.h // 2


def test_with_confirm_end_of_turn_the_screen_passes_when_the_mover_says(app):
    app.settings.confirm_turn = True
    table = app.push(GenericTable(app, two_humans_and_bot()))
    click_button(app, app.top.ready_button)
    table.submit(Choose(table.match.state.hands[0][0]))
    table.submit(Play())
    assert table.passing.waiting_for_mover() and table.pass_button.visible
    for _frame in range(5):  # however long it takes
        app.update()
    assert app.top is table and table.viewer == 0
    click_button(app, table.pass_button)
    app.update()
    assert isinstance(app.top, HandoverScene) and app.top.seat == 1
    assert not table.pass_button.visible


def test_the_movers_summary_leaves_with_the_mover(app):
    """The line that sums up Ana's turn may name what only Ana may read: it is gone when the
    hand-over screen comes."""
    table = app.push(GenericTable(app, two_humans_and_bot()))
    click_button(app, app.top.ready_button)
    table.submit(Choose(table.match.state.hands[0][0]))
    table.submit(Play())
    assert any(t.startswith("Ana: ") for t in app.toasts.texts())
    pass_screen(app, table)
    assert isinstance(app.top, HandoverScene)
    assert app.toasts.texts() == []


def test_no_hand_over_with_one_human(app):
    table = app.push(GenericTable(app, one_human()))
    assert app.top is table and table.viewer == 0


def finished_game(app) -> tuple[Match, GenericTable, EndScene]:
    """Two bots play a game to its end; the end screen comes."""
    from game.core.bots import decide

    app.push(MenuScene(app))
    match = bots_only()
    table = app.push(GenericTable(app, match))
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    end = app.top
    assert isinstance(end, EndScene)
    return match, table, end


def test_end_screen_lists_every_term_and_the_winners(app):
    match, _table, end = finished_game(app)
    result = match.result()
    labels = [label for label, _values in end.rows()]
    assert labels == [t.label for t in result.terms] + ["Total"]
    for label, values in end.rows()[:-1]:
        key_ = next(t.key for t in result.terms if t.label == label)
        assert values == [row[key_] for row in result.breakdown]
    assert end.rows()[-1][1] == list(result.scores)
    app.draw()
    click_button(app, end.again_button)
    assert isinstance(app.top, GenericTable) and app.top.match is not match
    assert not app.top.match.history.actions


def test_the_end_screen_gives_places_and_can_be_closed_to_see_the_boards_and_reopened(app):
    from scenes.shell.end import places

    _match, table, end = finished_game(app)
    assert end.places() == places(end.result.scores, end.result.winners)
    assert places((7, 9, 9, 3), (1, 2)) == [3, 1, 1, 4]  # two winners share 1st; the next is 3rd
    assert places((7, 9, 7, 3), (1,)) == [2, 1, 2, 4]  # the same score, the same place
    assert places((9, 9), (0,)) == [1, 2]  # the rules' tie-break made one winner
    app.draw()
    assert end.card.top >= table.top_bar.bottom  # clear of the top bar
    app.toast("New achievement")
    buttons = [end.again_button.rect, end.boards_button.rect, end.menu_button.rect]
    assert end.toast_bottom() <= min(b.top for b in buttons)  # a message never covers the buttons
    click_button(app, end.boards_button)
    assert app.top is table and table.scores_button.visible
    click_button(app, table.scores_button)
    assert isinstance(app.top, EndScene) and app.top is not end


def test_illegal_action_shows_a_coral_toast_and_loses_nothing(app):
    table = app.push(GenericTable(app, one_human()))
    before = table.match.history.record.to_json()
    assert not table.submit(Play())
    assert app.toasts.items[-1].text == "Choose a card first."
    assert app.toasts.items[-1].kind == "error"
    assert not table.submit(Choose(99))
    assert "You do not hold that card." in app.toasts.texts()
    assert table.match.history.record.to_json() == before
    app.draw()


def test_buttons_of_the_generic_table_submit_actions(app):
    table = app.push(GenericTable(app, one_human()))
    first = table.action_buttons[0]
    click(app, first[0].center)
    assert table.match.history.actions == [first[1]]


def test_event_loop_blocks_when_nothing_moves(app):
    app.push(MenuScene(app))
    app.step(block=False)
    assert app.next_wait() is None  # block on pygame.event.wait
    app.toast("Hello")
    assert app.next_wait() == 0  # fading in: tick
    for toast in app.toasts.items:
        toast.born -= 1.0
    app.draw()
    wait = app.next_wait()
    assert wait is not None and wait > 0  # sleep until the toast fades out


def test_bots_play_from_a_worker_thread_with_pacing(app, monkeypatch):
    monkeypatch.setattr("scenes.shell.table.BOT_PACE", 0.05)
    monkeypatch.setattr("scenes.shell.table.QUIET_PACE", 0.02)
    table = app.push(GenericTable(app, bots_only()))
    times = []
    quiet = []
    deadline = time.perf_counter() + 10
    while len(table.match.history.actions) < 3 and time.perf_counter() < deadline:
        n = len(table.match.history.actions)
        table.drive()
        if table.bot_thinking():
            assert app.next_wait() == 0  # a bot thinking shows an animation
        if table._bot_token is not None:
            app.bots.wait(table._bot_token, 2.0)
        if len(table.match.history.actions) > n:
            times.append(table.last_action_at)
            quiet.append(table.quiet)
        time.sleep(0.005)
    assert len(table.match.history.actions) >= 3
    # a bot's choice in its hidden hand shows nobody anything: the next move comes sooner
    assert quiet[0]  # a Choose, the first move there is
    played = [isinstance(a, Play) for a in table.match.history.actions[: len(quiet)]]
    assert all(not q for q, p in zip(quiet, played) if p)  # a card played is seen by all
    assert all(b - a >= (0.02 if q else 0.05) for a, b, q in zip(times, times[1:], quiet))


def test_rules_scene_renders_markdown_and_scrolls(app):
    text = "# Title\n\nA paragraph\nthat goes on.\n\n## Setup\n\n- one\n- two\n  - nested\n\n"
    text += "| a | b |\n|---|---|\n| 1 | 2 |\n"
    text += "\n".join(f"Line {i}\n" for i in range(200))
    blocks = parse(text)
    kinds = [b.kind for b in blocks[:7]]
    assert kinds == ["h1", "p", "h2", "li", "li", "li", "row"]
    assert blocks[1].text == "A paragraph that goes on."
    rules = app.push(RulesScene(app, "borealis", text))
    app.draw()
    assert rules.max_scroll > 0 and rules.scroll == 0
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    assert rules.scroll > 0
    key(app, pygame.K_END)
    assert rules.scroll == rules.max_scroll
    key(app, pygame.K_HOME)
    assert rules.scroll == 0
    key(app, pygame.K_ESCAPE)
    assert app.top is not rules


def test_missing_rules_file_says_so(app):
    rules = app.push(RulesScene(app, "borealis"))
    assert rules.blocks
    app.draw()


def test_settings_switch_language_without_restart(app):
    app.push(MenuScene(app))
    settings = app.push(SettingsScene(app))
    click_button(app, settings.find_button("Italiano"))
    assert i18n.language() == "it" and app.settings.language == "it"
    click_button(app, settings.find_button("English"))
    assert i18n.language() == "en"
    settings.set_palette("high_contrast")
    assert app.pal.name == "high_contrast"
    settings.set_ui_scale(1.3)
    assert app.scale == pytest.approx(1.3)
    app.draw()


def test_f11_toggles_full_screen_setting(app):
    app.push(MenuScene(app))
    key(app, pygame.K_F11)
    assert app.fullscreen
    key(app, pygame.K_F11)
    assert not app.fullscreen


def test_tooltip_shows_after_a_rest(app):
    menu = app.push(MenuScene(app))
    tile = menu.tiles[0]
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=tile.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert app.next_wait() == 0 or app.tooltip.due_in() > 0
    app.tooltip.moved_at -= 1
    app.update()
    assert app.tooltip.text and "coming soon" in app.tooltip.text
    app.draw()


def test_save_and_quit_returns_to_the_menu_with_continue(app):
    menu = app.push(MenuScene(app))
    table = app.push(GenericTable(app, one_human()))
    table.match.on_action = None
    table.submit(Choose(table.match.state.hands[0][0]))
    key(app, pygame.K_ESCAPE)
    click_button(app, app.top.item_buttons["Save and quit"])
    assert app.top is menu
    assert "Continue" in menu.menu_buttons


def test_shot_renders_a_table_offscreen_and_times_frames():
    from scenes.tools.shot import frame_times, render_scene

    surface = render_scene("borealis", 3, 7, 4, (1280, 720))
    assert surface.get_size() == (1280, 720)
    colours = {surface.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 10  # something was drawn
    times = frame_times("borealis", (1280, 720), 5)
    assert len(times) == 5 and all(t > 0 for t in times)


def test_a_game_without_a_table_of_its_own_plays_on_the_generic_one():
    from scenes.shell import tables

    assert tables.table_scene_for("ilan") is GenericTable


def test_a_table_that_fails_to_import_fails_loudly(monkeypatch, tmp_path):
    from scenes.shell import tables

    (tmp_path / "broken_table.py").write_text("import no_such_dependency\n")
    (tmp_path / "not_a_table.py").write_text("Table = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(tables, "TABLES", {"borealis": "broken_table:Table", "iluliaq": "not_a_table:Table"})
    with pytest.raises(ImportError, match="no_such_dependency"):
        tables.table_scene_for("borealis")
    with pytest.raises(TypeError, match="not a table scene"):
        tables.table_scene_for("iluliaq")


def test_tweens_ease_within_the_house_durations():
    from scenes.kit.tween import Tween, Tweens

    t = Tween(0.0, 10.0, duration=1.0, began=0.0)
    assert t.duration == pytest.approx(0.4)
    assert t.value(0.0) == 0.0 and t.value(0.4) == 10.0 and 0 < t.value(0.2) < 10
    assert Tween(0, 1, duration=0.01, began=0).duration == pytest.approx(0.15)
    tw = Tweens()
    done = []
    tw.start("x", 0, 1, 0.2, on_done=lambda: done.append(1), now=0.0)
    assert tw.active(now=0.1) and not tw.active(now=0.3)
    tw.update(now=0.3)
    tw.update(now=0.4)
    assert done == [1]


def test_table_shortcuts_undo_rules_and_log(app):
    from scenes.shell.rules import RulesScene

    table = app.push(GenericTable(app, one_human()))
    table.submit(Choose(table.match.state.hands[0][0]))
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert len(table.match.history.actions) == 0
    wide = table.table_rect.w
    key(app, pygame.K_l)
    assert table.log_hidden and table.table_rect.w > wide
    key(app, pygame.K_l)
    assert not table.log_hidden and table.table_rect.w == wide
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene)


def test_log_panel_wraps_each_entry_once(app):
    """A new line of the log wraps only itself: the entries already shown come from the wrap cache
    (keyed by text, width and font size), and scrolling or redrawing wraps nothing again."""
    table = app.push(GenericTable(app, bots_only()))
    table.bots_play = False
    match = table.match
    for _ in range(6):
        assert table.submit(match.legal_actions()[-1], by_bot=True)
    app.draw()
    panel = table.log_panel
    shown = match.visible_log(table.log_reader)
    assert len(shown) < len(match.log)  # bots only: the lines only one seat may read are left out
    texts = {f"{match.name(e.actor)}: {e.text}" for e in shown}
    assert panel.wraps_made == len(texts) >= 2  # each distinct line wrapped once
    made = panel.wraps_made
    app.draw()
    assert panel.wraps_made == made  # nothing changed: the picture is reused
    assert table.submit(match.legal_actions()[-1], by_bot=True)
    app.draw()
    assert panel.wraps_made <= made + 1  # at most the new entry was wrapped, not the 6 shown before it
    made = panel.wraps_made
    assert panel.handle_wheel(panel.rect.center, 1)
    app.draw()
    assert panel.wraps_made == made  # scrolling re-renders from the cached lines
