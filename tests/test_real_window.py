"""The app in a real window under Xvfb, driven with xdotool: menu to table, a SIGKILL in the middle
of a game and Continue, a whole game of Borealis clicked against a bot, and the bench's idle probe."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.realwindow import RunningApp, needs_real_window, newest_save

pytestmark = needs_real_window()

SHOTS = Path(__file__).resolve().parents[1] / ".pytest_cache" / "screens"
TABLES = ("BorealisTable", "HandOverScene")


def shot_is_a_picture(path: Path) -> None:
    import pygame

    image = pygame.image.load(str(path))
    w, h = image.get_size()
    colours = {image.get_at((x, y))[:3] for x in range(0, w, 37) for y in range(0, h, 29)}
    assert len(colours) > 20, "the screenshot is nearly blank"


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


def play_one_human_step(app: RunningApp, snap: dict) -> None:
    """Click what a player would click for one legal action of the human seat (the trace names the
    rules' prompt frame asking and lists its legal actions)."""
    legal = snap["legal"]
    kinds = {a["kind"] for a in legal}
    targets = snap.get("targets", {})
    frame = snap.get("frame")
    if frame == "mulligan" or "keep" in kinds:
        app.click_button("Keep my hand")
    elif frame == "regroup":
        app.click_button("Regroup")  # nothing marked: discard none and draw none
    elif frame == "regroup.send" or "send" in kinds:
        send = next(a for a in legal if a["kind"] == "send")
        app.click(targets[f"loc:{send['location']}"])
    elif "take" in kinds or "draw" in kinds:
        take = next((a for a in legal if a["kind"] == "take"), None)
        app.click(targets[f"pool:{take['card']}"] if take else targets["deck"])
    else:
        play = next((a for a in legal if a["kind"] == "play"), None)
        if play is not None:
            app.click(targets[f"hand:{play['card']}"])
            app.click(targets[f"loc:{play['location']}"])
        else:
            app.click_button("Regroup…")


def test_a_whole_game_of_borealis_clicked_against_a_bot(display, data, tmp_path):
    app = RunningApp(display, data)
    try:
        app.click(app.wait_scene("MenuScene")["targets"]["game:borealis"])
        app.wait_scene("SetupScene")
        app.click_button("Start the game")
        clicks = 0
        while True:
            snap = app.wait(
                lambda s: s["scene"] == "EndScene" or s["scene"] == "HandOverScene" or bool(s.get("legal")),
                60,
                "the human's turn or the end",
            )
            if snap["scene"] == "EndScene":
                break
            if snap["scene"] == "HandOverScene":
                app.click(next(b["rect"] for b in snap["buttons"] if b["text"].startswith("I am")))
                continue
            before = snap["actions"]
            play_one_human_step(app, snap)
            clicks += 1
            app.wait(lambda s, n=before: s.get("actions", 0) > n or s["scene"] == "EndScene", 20, "the click to act")
            assert clicks < 400, "the game does not end"
        SHOTS.mkdir(parents=True, exist_ok=True)
        shot_is_a_picture(app.screenshot(SHOTS / "game_over.png"))
        end = app.snapshot()
        assert end["over"] is True and clicks > 10
    finally:
        app.stop()
    from scenes.storage.profiles import Profiles

    games = Profiles(data / "polar_table.sqlite3").history(5)
    assert len(games) == 1


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
