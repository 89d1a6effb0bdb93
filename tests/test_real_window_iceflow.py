"""A whole game of Ice Flow in a real window under Xvfb: two humans and a bot, clicked as a family
would from the menu to the end screen (Ice Flow's one real-window game in `make test`; the short
game, 20 rounds, so that it ends in time).

The humans click what the trace says is where: an explorer to move it, then the places it steps to
(or a place farther away, walked a step at a time), Stop and the other buttons by their words, a
floe to drift or turn it (the chooser's row), a new floe's entry point and then one of its six turns.
Checked: every click lands as the action meant; nothing is hidden, so no hand-over screen ever shows;
the finished game is kept in the profiles and replays to the same end."""

from __future__ import annotations

import json
import time
from typing import Any

from game.core.rng import Rng
from scenes.shell.setup import BOT_NAMES
from tests.realwindow import SHOTS as ALL_SHOTS
from tests.realwindow import RunningApp, needs_real_window, shot_is_a_picture, start_two_humans_and_a_bot

pytestmark = needs_real_window()

SHOTS = ALL_SHOTS / "iceflow"
NAMES = ("Ana", "Bo", BOT_NAMES[2])
BOT = 2
MAX_STEPS = 3_000
BUTTONS = {"end_turn": "End", "stop": ("Stop", "Take"), "fish": "Go fishing", "new_floe": "New"}
"""The first words of each prompt button (a long label is shortened to fit)."""


def button(snap: dict[str, Any], kind: str) -> list[int] | None:
    words = BUTTONS.get(kind)
    words = (words,) if isinstance(words, str) else words or ()
    return next((b["rect"] for b in snap["buttons"] if b["text"].startswith(tuple(words))), None)


def choose(app: RunningApp, snap: dict[str, Any], rng: Rng) -> tuple[dict[str, Any], int]:
    """The action a human takes (mostly toward Siberia, sometimes any), and the actions before it."""
    legal = snap["legal"]
    kinds = {a["kind"] for a in legal}
    if snap["frame"] == "turn" and "move" in kinds and rng.randbelow(3):
        return next(a for a in legal if a["kind"] == "move"), snap["actions"]
    if snap["frame"] == "move":
        west = [a for a in legal if a["kind"] == "step" and a["col"] < 8]
        if west and rng.randbelow(4):
            return min(west, key=lambda a: (a["col"], rng.randbelow(9))), snap["actions"]
        if any(a["kind"] == "stop" for a in legal):
            return next(a for a in legal if a["kind"] == "stop"), snap["actions"]
    return legal[rng.randbelow(len(legal))], snap["actions"]


def click_action(app: RunningApp, snap: dict[str, Any], action: dict[str, Any]) -> None:
    """Click what the action is about, as the table shows it (a chooser's row when it asks which)."""
    kind, targets = action["kind"], snap["targets"]
    seat = snap["to_act"]
    rect = button(snap, kind)
    if rect is not None and kind in BUTTONS:
        app.click(rect)
        return
    if kind in ("place", "step", "send_bear"):
        app.click(targets[f"hex:{action['col']},{action['row']}"])
    elif kind == "move":
        app.click(targets[f"explorer:{seat}:{action['explorer']}"])
    elif kind == "orient":
        app.click(targets[f"orient:{action['rotation']}"])
    elif kind == "pick_up":
        app.click(targets[f"item:{action['item']}"])
    elif kind in ("drift", "rotate"):
        x, y, w, h = targets[f"floe:{action['floe']}"]
        app.click([x + w // 2 - 1, y + h // 8, 2, 2])  # the floe's top, clear of the explorers in its middle
        asked = app.wait(lambda s: any(k.startswith("choose:") for k in s.get("targets", {})), 10, "the chooser")
        order = [{"kind": "drift", "floe": action["floe"]}, {"kind": "rotate", "floe": action["floe"], "turn": 1},
                 {"kind": "rotate", "floe": action["floe"], "turn": -1}]
        offered = [a for a in order if a in snap["legal"]]
        app.click(asked["targets"][f"choose:{offered.index(action)}"])
    else:
        raise AssertionError(f"no way to click {action}")


def play_to_the_end(app: RunningApp) -> int:
    rng = Rng(11)
    clicks = 0
    start_two_humans_and_a_bot(app, "iceflow", "Until three explorers reach Siberia")
    for _step in range(MAX_STEPS):
        snap = app.wait(
            lambda s: s["scene"] in ("HandoverScene", "EndScene")
            or (s["scene"] == "IceFlowTable" and not s.get("passing")
                and (s.get("to_act") == BOT or bool(s.get("legal")))),
            60, "a human's step, the bot or the end")
        assert snap["scene"] != "HandoverScene", "Ice Flow hides nothing: no hand-over"
        if snap["scene"] == "EndScene":
            return clicks
        if snap["to_act"] == BOT:
            app.wait(lambda s, n=snap["actions"]: s.get("actions", 0) > n or s["scene"] == "EndScene", 30, "the bot")
            continue
        action, before = choose(app, snap, rng)
        click_action(app, snap, action)
        clicks += 1
        done = app.wait(lambda s, n=before: s.get("actions", 0) > n or s["scene"] == "EndScene", 20, "the click")
        if clicks == 40:
            shot_is_a_picture(app.screenshot(SHOTS / "mid-game.png"))
        if done["scene"] == "IceFlowTable" and done.get("actions") == before + 1 and done.get("legal") is not None:
            time.sleep(0.05)
    raise AssertionError(f"no end screen after {MAX_STEPS} steps")


def test_two_humans_and_a_bot_play_a_whole_short_game_by_clicks(display, data):
    SHOTS.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"bot_speed": "fast"}), encoding="utf-8")
    app = RunningApp(display, data)
    try:
        clicks = play_to_the_end(app)
        end = app.wait_scene("EndScene")
        shot_is_a_picture(app.screenshot(SHOTS / "end.png"))
        assert "Menu" in {b["text"] for b in end["buttons"]}
        app.click_button("Menu")
        app.wait_scene("MenuScene", timeout=10)
    finally:
        app.stop()
    assert clicks > 50, "the humans played their turns by clicks"
    from scenes.storage.profiles import DATABASE, Profiles

    with Profiles(data / DATABASE) as db:
        rows = db.history()
    assert rows and rows[0].game == "iceflow"
