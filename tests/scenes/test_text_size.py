"""No text drawn smaller than 14 px at 1280x720: every screen a family meets (menu, setup, settings,
players, rules, the Borealis table with 2 and 4 players and in kids' mode, hand-over, pause, the
end screens), in English and Italian, with the size of every font that renders a word recorded."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.core.bots import decide  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402

MIN_PX = 14


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    yield
    set_language("en")


def frames(app, n: int = 3) -> None:
    for _i in range(n):
        app.update()
        app.draw()


def finish(app, table) -> None:
    match = table.match
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    frames(app)


def visit_everything(app) -> None:
    from scenes.shell.menu import MenuScene
    from scenes.shell.pause import PauseScene
    from scenes.shell.profiles_screen import ProfilesScene
    from scenes.shell.rules import RulesScene
    from scenes.shell.settings_menu import SettingsScene
    from scenes.shell.setup import SetupScene
    from scenes.shell.tables import table_scene_for

    menu = app.push(MenuScene(app))
    frames(app)
    for scene in (SetupScene(app, "borealis"), SettingsScene(app), ProfilesScene(app), RulesScene(app, "borealis")):
        app.push(scene)
        frames(app)
        app.pop()
    for players, kids, humans in ((4, False, 2), (2, True, 1), (3, False, 1)):
        seats = [SeatConfig(n, i, HUMAN if i < humans else BOT, "easy")
                 for i, n in enumerate(["Ana", "Bruno", "Carla Maria Josephine", "Dario"][:players])]
        table = table_scene_for("borealis")(app, Match.start("borealis", seats, kids=kids, seed=5))
        app.push(table)
        frames(app)
        while app.top is not table:  # the hand-over screen
            frames(app)
            app.top.ready()
        frames(app)
        app.push(PauseScene(app, table))
        frames(app)
        app.pop()
        finish(app, table)  # the end screen (kids' podium, grown-ups' table)
        while app.top is not menu:
            app.pop()


@pytest.mark.parametrize("language", ["en", "it"])
def test_no_text_below_14_px_at_1280x720(sizes, language):
    from scenes.shell.app import App
    from scenes.storage.settings import Settings

    set_language(language)
    app = App((1280, 720), headless=True, settings=Settings(language=language))
    try:
        visit_everything(app)
    finally:
        app.bots.shutdown()
    assert len(set(sizes)) > 200 and any("Carla Maria" in text for _px, text in sizes)  # the screens were drawn
    small = sorted({(px, text) for px, text in sizes if px < MIN_PX})
    assert not small, f"text under {MIN_PX} px: {small[:12]}"


@pytest.mark.parametrize("window", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.3, 1.5])
def test_borealis_table_gives_way_at_large_text_sizes(scale, window):
    """At 130 % and 150 % the Borealis table drew a market row wider than the table (a surface of
    negative width: pygame.error); now its pieces are drawn smaller where they must, the words keep
    their size, and every part of the table has room inside it."""
    from scenes.shell.app import App
    from scenes.shell.tables import table_scene_for
    from scenes.storage.settings import Settings

    app = App(window, headless=True, settings=Settings(ui_scale=scale))
    try:
        for players, kids in ((2, False), (4, False), (2, True)):
            seats = [SeatConfig(n, i, HUMAN if i == 0 else BOT, "easy")
                     for i, n in enumerate(["Ana", "Bruno", "Carla", "Dario"][:players])]
            match = Match.start("borealis", seats, kids=kids, seed=5)
            match.savable = False
            table = app.push(table_scene_for("borealis")(app, match))
            frames(app)
            t = table.table_rect
            lay = table.lay
            parts = {"market": lay.market_rect, "round": lay.info_rect, "board": lay.board_rect,
                     "hand": lay.hand_rect, "prompt and buttons": lay.side_rect, "column": lay.right_rect}
            for name, r in parts.items():
                assert r.w > 0 and r.h > 0 and t.contains(r), f"{name} {r} in {t} ({players} players, kids {kids})"
            for button in table.buttons():
                if button.visible:
                    assert t.contains(button.rect) or table.top_bar.contains(button.rect), button.text
            assert app.fonts.scale == pytest.approx(app.scale), "the words keep the text size"
            assert table.pieces_scale <= app.scale
            print(f"{scale} {window} {players}p kids={kids}: pieces at {table.pieces_scale:.2f}, words at {app.scale}")
            app.pop()
    finally:
        app.bots.shutdown()
