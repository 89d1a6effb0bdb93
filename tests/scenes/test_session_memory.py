"""One session, many games: memory does not grow from game to game, and a finished table (with its
pygame_gui manager and buttons) is let go when the family is back at the main menu."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

from tests.scenes.holders import holders

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", ["borealis", "iluliaq"])
def test_a_finished_table_and_its_ui_manager_are_let_go(tmp_path, monkeypatch, game_id) -> None:
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings
    from scenes.tools import probes

    app = App((1280, 720), headless=True, settings=Settings())
    try:
        app.push(MenuScene(app))
        table = probes._bot_table(app, game_id, 2, 7)
        assert table.manager is not None
        gone = weakref.ref(table), weakref.ref(table.manager)
        probes.play_whole_game(app, table, move_every=2, pace=False)
        del table
        probes.back_to_menu(app)  # the end screen, then the menu, as a family leaves a game
        assert isinstance(app.top, MenuScene)
        for ref, what in zip(gone, ("table", "table's UI manager"), strict=True):
            held = ref()
            assert held is None, f"the finished {what} is still reachable:\n{holders(held)}"
    finally:
        app.bots.shutdown()


BUDGET_MB = 5.0
"""Growth allowed from the 2nd game to the 20th, per table (issue 20)."""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="resident memory is read from /proc")
@pytest.mark.parametrize(("game_id", "players"), [("borealis", 4), ("iluliaq", 6)])
def test_twenty_games_in_one_process_do_not_grow_memory(tmp_path, game_id, players) -> None:
    env = {**os.environ, "POLAR_TABLE_DATA": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    out = subprocess.run([sys.executable, "-m", "scenes.tools.cli", "--probe", "games-memory", game_id, str(players),
                          "20"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert out.returncode == 0, out.stderr
    after = json.loads(out.stdout.strip().splitlines()[-1])["rss_after_mb"]
    assert len(after) == 20
    assert after[-1] - after[1] <= BUDGET_MB, f"{game_id} {players}p: memory grew from game to game: {after}"


def test_the_menu_gives_memory_back_once_the_saves_are_read_on_the_worker(tmp_path, monkeypatch) -> None:
    """A long save replayed on the worker after a table closed (and the heap was trimmed) left tens of
    megabytes resident until the next table closed: the menu asks for a trim when the read is done."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    from scenes.shell import menu as menu_module
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    monkeypatch.setattr(menu_module, "BACKGROUND_BYTES", -1)  # every read on the worker thread
    app = App((1280, 720), headless=True, settings=Settings())
    asked = []
    monkeypatch.setattr(app, "give_back_memory_soon", lambda: asked.append(True))
    try:
        menu = MenuScene(app)
        assert menu._reader is not None, "the saves were not read on the worker"
        assert not asked
        menu.wait_for_saves()
        assert asked, "the menu read the saves on the worker and did not ask for the heap to be trimmed"
    finally:
        app.bots.shutdown()
