"""The app in a real window under Xvfb, driven with xdotool: menu to table, a SIGKILL in the middle
of a game and Continue, and the bench's idle probe. Each game's whole game in a real window is in
its own file (tests/test_real_window_borealis.py, tests/test_real_window_iluliaq.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.realwindow import SHOTS, RunningApp, needs_real_window, newest_save, shot_is_a_picture

pytestmark = needs_real_window()

TABLES = ("BorealisTable", "HandOverScene")


def test_menu_to_a_new_game_in_a_real_window(display, data, tmp_path):
    app = RunningApp(display, data)
    try:
        menu = app.wait_scene("MenuScene")
        assert "game:borealis" in menu["targets"]
        app.click(menu["targets"]["game:borealis"])
        app.wait_scene("SetupScene")
        app.click_button("Start the game")
        table = app.wait_scene(*TABLES)
        SHOTS.mkdir(parents=True, exist_ok=True)
        shot = app.screenshot(SHOTS / "new_game.png")
        shot_is_a_picture(shot)
        assert table["size"][0] >= 1280 and table["size"][1] >= 720
    finally:
        app.stop()


def bots_only_save(data: Path, tmp_path: Path) -> Path:
    from game.core import registry
    from game.core.history import History
    from scenes.storage.saves import SavedGame, Seat, save_as

    game = registry.get("borealis")
    history = History.start(game, game.default_options(2), seed=31)
    seats = [Seat("Ana", 0, "bot", "normal"), Seat("Bo", 1, "bot", "easy")]
    path = tmp_path / "bots.json"
    save_as(path, SavedGame(history.record, seats))
    return path


def test_sigkill_mid_game_then_continue_resumes_at_the_last_action(display, data, tmp_path):
    from scenes.storage import saves

    app = RunningApp(display, data, "open", str(bots_only_save(data, tmp_path)))
    try:
        app.wait(lambda s: s.get("actions", 0) >= 6, 60, "six bot actions")
    finally:
        app.kill()
    autosave = newest_save(data)
    kept = json.loads(autosave.read_text())
    done = len(kept["record"]["actions"])
    assert done >= 6

    again = RunningApp(display, data)
    try:
        app_menu = again.wait_scene("MenuScene")
        assert any(b["text"] == "Continue" for b in app_menu["buttons"]), "no Continue after the crash"
        again.click_button("Continue")
        listing = again.wait_scene("ContinueScene")
        again.click(listing["targets"]["game:0"])
        first = again.wait(lambda s: s["scene"] in TABLES and "actions" in s, 20, "the resumed table")
        assert first["actions"] == done
        again.wait(lambda s: s.get("actions", 0) > done, 30, "the bots to play on")
    finally:
        again.stop()
    assert [p.name for p in (data / "saves").glob("*.json")] == [autosave.name], "the game goes on in its own file"
    saved = saves.load_file(autosave)
    assert len(saved.record.actions) > done


EARLY_WAKE = """
import sys, time
import pygame
from scenes.tools import probes

real = pygame.time.set_timer
armed = []


def early(event, millis, loops=0):
    armed.append(millis)
    if len(armed) == 1 and millis:  # the first wake is handed over at once, long before its time
        pygame.event.post(pygame.event.Event(event))
        return
    real(event, millis, loops=loops)


pygame.time.set_timer = early
sys.exit(probes.idle_probe(float(sys.argv[1]), time.perf_counter()))
"""


def test_the_idle_probe_ends_in_a_real_window_even_when_its_wake_comes_early(display, data):
    """A busy machine can deliver the probe's wake-up before its time is up: the probe must still
    end, after the seconds it was asked for, instead of sleeping on with nothing left to wake it."""
    root = Path(__file__).resolve().parents[1]
    env = display.env()
    env.pop("SDL_VIDEODRIVER", None)
    env.update(SDL_AUDIODRIVER="dummy", POLAR_TABLE_DATA=str(data))
    done = subprocess.run([sys.executable, "-c", EARLY_WAKE, "0.5"], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads([line for line in done.stdout.splitlines() if line.startswith("{")][-1])
    assert out["driver"] == "x11"
    assert out["seconds"] >= 0.5
    assert {"idle_cpu_percent", "frames", "sdl_wait_cpu_percent"} <= set(out)
