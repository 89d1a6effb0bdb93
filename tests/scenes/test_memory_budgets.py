"""What the tables keep is bounded in bytes, so a bigger window keeps fewer pictures rather than more
memory: card pictures (``Pictures.cards_bytes``), groups of the still layer (a seat's big board,
``GROUPS_BYTES``); a scene covered by an opaque one lets its picture of itself go; a table's
pictures go when it closes; Iluliaq's water is the size of the still picture, not of the window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scenes.kit import layer as kit_layer  # noqa: E402
from scenes.kit.layer import StaticLayer  # noqa: E402
from scenes.kit.pictures import Pictures, surface_bytes  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.shell.menu import MenuScene  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.scenes.test_borealis_table import APPS, _shutdown_bots  # noqa: E402, F401 - the apps' bots stop after each test


def _square(side: int):
    return lambda: pygame.Surface((side, side), pygame.SRCALPHA)


def test_card_pictures_past_their_bytes_go_least_recently_used_first() -> None:
    pygame.font.init()
    one = surface_bytes(pygame.Surface((100, 100), pygame.SRCALPHA))
    pictures = Pictures(fonts=None, cards_kept=100, cards_bytes=3 * one)
    for key in ("a", "b", "c"):
        pictures.card((key,), _square(100))
    pictures.card(("a",), _square(100))  # shown again: now the most recent
    pictures.card(("d",), _square(100))
    assert list(pictures._cards) == [("c",), ("a",), ("d",)], "b, the least recently shown, went"
    pictures.card(("big",), _square(400))  # larger than the budget alone: kept, the others go
    assert list(pictures._cards) == [("big",)]
    pictures.clear()
    pictures.card(("e",), _square(100))
    assert list(pictures._cards) == [("e",)], "clearing forgets the bytes counted too"


def test_groups_past_their_bytes_go_least_recently_used_first(monkeypatch) -> None:
    monkeypatch.setattr(kit_layer, "GROUPS_BYTES", 2 * 200 * 100 * 4)  # two groups of 200x100
    layer = StaticLayer()
    bg = pygame.Surface((800, 600))
    rect = pygame.Rect(0, 0, 800, 600)

    def frame(*names: str) -> None:
        layer.begin(rect)
        for i, name in enumerate(names):
            outer = layer.open_group()
            layer.close_group(name, pygame.Rect(0, 100 * i, 200, 100), outer, bg, ("bg",))
        layer.compose(bg, ("bg",))

    frame("north")
    frame("east")
    first_north = layer.groups["north"]
    frame("north")  # used again: the most recent
    frame("south")
    assert list(layer.groups) == ["north", "south"], "east, the least recently used, went"
    assert layer.groups["north"] is first_north, "the one used again was kept as it was"


def test_a_new_group_makes_room_before_its_picture_is_made(monkeypatch) -> None:
    monkeypatch.setattr(kit_layer, "GROUPS_BYTES", 2 * 200 * 100 * 4)  # two groups of 200x100
    layer = StaticLayer()
    bg = pygame.Surface((800, 600))
    seen: list[int] = []
    compose = kit_layer.Composite.compose

    def counting(self, *args, **kwargs):
        seen.append(sum(surface_bytes(g.surface) for g in layer.groups.values() if g.surface is not None))
        return compose(self, *args, **kwargs)

    monkeypatch.setattr(kit_layer.Composite, "compose", counting)
    for i, name in enumerate(("north", "east", "south", "west")):
        layer.begin(pygame.Rect(0, 0, 800, 600))
        outer = layer.open_group()
        layer.close_group(name, pygame.Rect(0, 100 * i, 200, 100), outer, bg, ("bg",))
    assert seen == [0, 80_000, 80_000, 80_000], "one kept as the second comes, then always one"
    assert list(layer.groups) == ["south", "west"]


def test_a_scene_covered_by_an_opaque_one_lets_its_picture_go_and_draws_it_again_when_it_shows() -> None:
    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    menu = app.push(MenuScene(app))
    app.step(block=False)
    assert menu._layer is not None
    from scenes.shell.pause import PauseScene

    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    from scenes.shell.tables import table_scene_for

    table = table_scene_for("borealis")(app, Match.start("borealis", seats, seed=1))
    table.bots_play = False
    app.push(table)
    assert menu._layer is None, "the table covers the menu whole"
    app.step(block=False)
    app.push(PauseScene(app, table))  # not opaque: the table still shows under it
    assert table.layer.surface is not None
    app.back_to_menu()
    assert table.layer.surface is None and table.pieces._cards == {}, "the closed table's pictures went"
    app.step(block=False)
    assert menu._layer is not None


def test_iluliaqs_water_is_the_still_pictures_size_not_the_windows() -> None:
    app = App((1920, 1080), headless=True, settings=Settings())
    APPS.append(app)
    seats = [SeatConfig("Ana", 0), SeatConfig("Bea", 1), SeatConfig("Cai", 2)]
    from scenes.shell.tables import table_scene_for

    table = app.push(table_scene_for("iluliaq")(app, Match.start("iluliaq", seats, seed=2)))
    app.step(block=False)
    waters = [surf for key, surf in table.pieces._misc.items() if key[0] == "water"]
    assert [w.get_size() for w in waters] == [table.table_rect.size]
    assert table.table_rect.size != app.view_size


def test_the_menu_under_a_table_lets_its_widgets_go_and_makes_them_again_when_it_shows() -> None:
    """Its buttons go under a table; its manager stays, empty (a new one for every return, its theme
    and fonts made among a closed game's freed memory, pinned heap pages: memory after a game stepped
    up 4-6 MB at a game chosen by chance)."""
    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    menu = app.push(MenuScene(app))
    app.step(block=False)
    assert menu.manager is not None and menu._buttons
    from scenes.shell.tables import table_scene_for

    manager = menu.manager
    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    table = table_scene_for("borealis")(app, Match.start("borealis", seats, seed=1))
    table.bots_play = False
    app.push(table)
    assert not menu._buttons and not manager.get_root_container().elements, "its buttons went"
    app.apply_look()  # a new look while it is hidden: laid out when it shows, not now
    assert not menu._buttons
    app.back_to_menu()
    assert menu.manager is manager, "the same manager, not a new one for every return"
    assert menu._buttons and manager.get_root_container().elements, "laid out again as it shows"
    app.step(block=False)


def test_every_scenes_manager_draws_from_one_cache_of_shapes() -> None:
    from scenes.kit.theme import new_manager

    pygame.font.init()
    first = new_manager((1280, 720), 1.0, "standard")
    second = new_manager((1920, 1080), 1.5, "standard")
    shapes = first.get_theme().shape_cache
    assert shapes is second.get_theme().shape_cache
    sizes = [c["surface"].get_size() for c in shapes.cache_surfaces]
    assert set(sizes) == {(1024, 256)} and len(sizes) <= 3, "pictures of 1 MB (not 4), three at most"


def _bots_only_borealis(players: int) -> object:
    from scenes.shell.tables import table_scene_for

    app = App((1920, 1080), headless=True, settings=Settings())
    APPS.append(app)
    seats = [SeatConfig(f"Bot {i}", i, BOT, "easy") for i in range(players)]
    table = table_scene_for("borealis")(app, Match.start("borealis", seats, seed=4))
    table.bots_play = False
    app.push(table)
    app.step(block=False)
    return table


def test_borealis_paints_ahead_only_the_boards_its_layer_keeps_the_next_to_act_first(monkeypatch) -> None:
    from scenes.borealis.static_layer import board_rect
    from scenes.borealis.warmup import plan_ahead

    table = _bots_only_borealis(4)
    main = table.main_seat()
    plan_ahead(table)
    assert table.warmer.slow == [(main + 3) % 4, (main + 2) % 4, (main + 1) % 4], "all three fit"
    w, h = board_rect(table).size
    monkeypatch.setattr(kit_layer, "GROUPS_BYTES", 2 * w * h * 4)  # the shown board and one more
    plan_ahead(table)
    assert table.warmer.slow == [(main + 1) % 4], "only the next seat's: another would push it out"
    monkeypatch.setattr(kit_layer, "GROUPS_BYTES", w * h * 4)
    plan_ahead(table)
    assert table.warmer.slow == []


def test_the_top_bar_drawn_over_its_last_picture_is_the_one_made_from_nothing() -> None:
    from game.core.bots import decide

    table = _bots_only_borealis(3)
    app = table.app
    size = app.view_size
    table.prepare_top_bar(size)
    first = table._bar_pic[1]
    match = table.match
    while table._bar_pic[0] == table._bar_key(size):  # until the bar says something else
        table.submit(decide(match.game, match.state, "easy", match.bot_seed()), by_bot=True)
        table.finish_animations()
    table.prepare_top_bar(size)
    again = table._bar_pic[1]
    assert again is first, "the last picture was drawn over, no new one made"
    shown = pygame.image.tobytes(again, "RGB")
    table._bar_pic = table._bar_under = None
    table.prepare_top_bar(size)
    assert table._bar_pic[1] is not first
    assert pygame.image.tobytes(table._bar_pic[1], "RGB") == shown


def test_the_widgets_fonts_are_read_from_their_files_not_held_in_memory_per_size() -> None:
    from pygame_gui.core.utility import PackageResource

    from scenes.kit.theme import FONT_NAME, new_manager

    pygame.font.init()
    manager = new_manager((2560, 1440), 2.0, "standard")
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts
    ours = {font_id: res for font_id, res in fonts.items() if font_id.startswith(FONT_NAME)}
    assert len(ours) >= 3, "the theme's sizes, preloaded"
    assert not [font_id for font_id, res in ours.items() if isinstance(res.location, PackageResource)]


PLAYS_WITHOUT_OPENSSL = """
import sys
from game.core.bots import decide
from physics.resolvers import resolver_for
from scenes.session.match import BOT, Match, SeatConfig, new_seed
from scenes.shell.app import App
from scenes.shell.menu import MenuScene
from scenes.shell.tables import table_scene_for
from scenes.storage import in_progress, profiles
from scenes.storage.settings import Settings

app = App((1280, 720), headless=True, settings=Settings())
app.push(MenuScene(app))
app.step(block=False)
for game in ("borealis", "iluliaq"):
    match = Match.start(game, [SeatConfig("A", 0, BOT, "easy"), SeatConfig("B", 1, BOT, "easy")], seed=3)
    table = app.push(table_scene_for(game)(app, match))
    table.bots_play = False
    for _ in range(3):
        table.submit(decide(match.game, match.state, "easy", match.bot_seed(), resolver=resolver_for(game)),
                     by_bot=True)
        app.step(block=False)
    profiles.record_key(match.history.record)
    app.back_to_menu()
in_progress.new_name("borealis")
assert all(0 <= new_seed() < 2**31 for _ in range(100))
app.bots.shutdown()
assert "_hashlib" not in sys.modules, "OpenSSL's libcrypto was loaded"
"""


def test_a_session_never_loads_openssl(tmp_path) -> None:
    """hashlib, hmac and secrets map libcrypto (3.3 MB resident for good) for what Python's own
    modules do: a seed, a file name's random part, a finished game's digest."""
    import subprocess
    import sys

    env = {**os.environ, "POLAR_TABLE_DATA": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", PLAYS_WITHOUT_OPENSSL], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_borealis_shares_one_budget_between_its_pieces_and_its_faces_by_the_tables_scale() -> None:
    from scenes.borealis.pieces import FACES_BYTES
    from scenes.borealis.static_layer import PICTURES_BYTES, share_budgets

    table = _bots_only_borealis(4)  # 1920x1080: as they were
    assert (table.layer.budget, table.pieces.cards_bytes) == (kit_layer.PIECES_BUDGET, FACES_BYTES)
    table.pieces_scale *= 2560 / 1920  # the scale of a 2560x1440 window
    share_budgets(table)
    assert table.layer.budget > kit_layer.PIECES_BUDGET, "a move's pieces and a board ahead fit"
    assert table.layer.budget + table.pieces.cards_bytes == PICTURES_BYTES, "no more memory for it"


def test_a_window_resized_through_many_sizes_keeps_three_backgrounds() -> None:
    from scenes.kit import style

    pal = style.palette("standard")
    first = style.background((320, 200), pal)
    for width in (330, 340, 350, 360):
        style.background((width, 200), pal)
    assert style._background.cache_info().currsize == style.BACKGROUNDS_KEPT == 3
    assert style.background((360, 200), pal) is style.background((360, 200), pal)
    assert style.background((320, 200), pal) is not first, "the oldest went"


def test_a_closed_tables_art_goes_the_menus_stays_and_art_is_kept_by_its_bytes(monkeypatch) -> None:
    from scenes.kit import art
    from scenes.shell.tables import table_scene_for

    art.clear()  # the art is the process's: another test's table may have left its own
    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    app.push(MenuScene(app))
    app.step(block=False)
    menus = art.held()
    assert menus, "the menu's covers"
    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    table = table_scene_for("borealis")(app, Match.start("borealis", seats, seed=1))
    table.bots_play = False
    app.push(table)
    app.step(block=False)
    assert art.held() - menus, "the table drew art of its own"
    app.back_to_menu()
    assert art.held() == menus
    monkeypatch.setattr(art, "ART_BYTES", 3 * 67 * 67 * 4)
    art.clear()
    for size in (64, 65, 66, 67):
        art.load_svg("art/icon.svg", (size, size))
    assert ("art/icon.svg", (64, 64)) not in art.held(), "the least recently used went"
    assert len(art.held()) == 3 and ("art/icon.svg", (67, 67)) in art.held()


def test_a_finished_table_gives_its_pictures_back_before_the_end_screen_is_made(monkeypatch) -> None:
    from scenes.shell import memory
    from scenes.shell.scene import Scene
    from scenes.shell.tables import table_scene_for

    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    table = app.push(table_scene_for("borealis")(app, Match.start("borealis", seats, seed=1)))
    table.bots_play = False
    app.step(block=False)
    calls: list[str] = []
    monkeypatch.setattr(memory, "give_back", lambda: calls.append("trim") or True)

    class EndScreen(Scene):
        opaque = False

        def enter(self) -> None:
            calls.append("end screen")
            super().enter()

    monkeypatch.setattr(type(table.match), "is_over", lambda self: True)
    app.push(EndScreen(app))
    assert calls[:2] == ["trim", "end screen"], calls
    assert table.pieces._cards == {} and table.layer.pieces == {}


def test_a_table_left_for_the_menu_is_let_go_before_the_menu_lays_itself_out_again() -> None:
    import gc
    import weakref

    from scenes.shell.tables import table_scene_for

    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    app.push(MenuScene(app))
    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    table = table_scene_for("iluliaq")(app, Match.start("iluliaq", seats, seed=1))
    table.bots_play = False
    app.push(table)
    app.step(block=False)  # drawn: the last frame holds the table
    gone = weakref.ref(table)
    table = None
    gc.disable()  # only the app's own collection may free it
    try:
        app.back_to_menu()
        assert gone() is None, "the table and its pictures went before the menu's next update"
    finally:
        gc.enable()


def test_a_closed_table_takes_the_words_and_fonts_opened_for_it_along() -> None:
    """Words rendered and fonts opened (with their glyphs) during a game, kept, sat among the game's
    freed memory and pinned the heap's pages: Borealis's memory after a game stepped up by 5 MB at a
    game chosen by chance, and stayed."""
    from scenes.shell.tables import table_scene_for

    app = App((1280, 720), headless=True, settings=Settings())
    APPS.append(app)
    app.push(MenuScene(app))
    app.step(block=False)
    seats = [SeatConfig("Ana", 0), SeatConfig("Bot", 1, BOT, "easy")]
    table = table_scene_for("borealis")(app, Match.start("borealis", seats, seed=1))
    table.bots_play = False
    app.push(table)
    app.step(block=False)
    name = ("Ana", app.fonts.px("body"), False, tuple(pygame.Color("#F3F7FA")))
    app.fonts.render("Ana", "body")
    assert name in app.fonts._text
    opened = dict(app.fonts._fonts)
    table = None
    app.back_to_menu()
    assert name not in app.fonts._text, "the table's words stayed after it closed"
    kept = [key for key, font in app.fonts._fonts.items() if opened.get(key) is font]
    assert not kept, f"the fonts opened for the table stayed after it closed: {kept}"
    app.step(block=False)
    assert app.fonts._text, "the menu renders its own words again"
