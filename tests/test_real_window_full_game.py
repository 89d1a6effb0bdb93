"""A whole Borealis game in a real window under Xvfb, two humans and a bot, clicked as a family
would from the menu to the end screen: every hand-over screen covers the hands, every frame of the
table draws only the hand of the seat that took the screen (none while the bot plays), and the end
screen gives the places, closes to show the final boards and opens again from the Scores button."""

from __future__ import annotations

import json

import pygame

from tests.realwindow import RunningApp, needs_real_window
from tests.test_real_window_hotseat import (
    BOT,
    NAMES,
    SHOTS,
    Seen,
    act,
    hands_follow_the_screen,
    load,
    paper_pixels,
    start_two_humans_and_a_bot,
)

pytestmark = needs_real_window()

GREEN = (61, 220, 151)
"""The primary button's fill (assets/theme/theme.json, green)."""
MAX_STEPS = 2_000
"""More steps than any game takes (a stalled one ends after 5 idle rounds): a loop that never ends fails."""


def play_to_the_end(app: RunningApp) -> tuple[Seen, list]:
    seen = Seen()
    turns: dict[int, int] = {}
    overs = []
    start_two_humans_and_a_bot(app)
    for _step in range(MAX_STEPS):
        snap = app.wait(
            lambda s: (
                s["scene"] in ("HandoverScene", "EndScene")
                or (s["scene"] == "BorealisTable" and not s.get("passing")
                    and (s.get("to_act") == BOT or bool(s.get("legal"))))
            ),
            40,
            "a hand-over, a human's step, the bot or the end",
        )
        if snap["scene"] == "EndScene":
            return seen, overs
        if snap["scene"] == "HandoverScene":
            ready = next(b for b in snap["buttons"] if b["text"].startswith("I am "))
            if len(overs) < 8:  # the first few, as pictures to look at and to count card paper in
                overs.append((app.screenshot(SHOTS / f"full-{len(overs):02d}-pass.png"), ready["rect"]))
            app.click(ready["rect"])
            app.wait(lambda s: s["scene"] != "HandoverScene", 10, "the table after the hand-over")
        elif snap["to_act"] == BOT:
            app.wait(lambda s, n=snap["actions"]: s.get("actions", 0) > n or s["scene"] == "EndScene", 30, "the bot")
        else:
            before = act(app, snap, seen, turns)
            app.wait(lambda s, n=before: s.get("actions", 0) > n, 20, "the click to act")
    raise AssertionError(f"no end screen after {MAX_STEPS} steps")


def finished(data):
    """The finished game as the app kept it in the profiles database (its autosave is gone)."""
    from game.core.history import History
    from scenes.session.match import BOT as BOT_KIND
    from scenes.session.match import HUMAN, Match, SeatConfig
    from scenes.storage.profiles import DATABASE, Profiles

    with Profiles(data / DATABASE) as db:
        rows = db.history()
        assert len(rows) == 1 and rows[0].players == list(NAMES)
        record = db.game_record(rows[0].id)
    seats = [SeatConfig(name, i, BOT_KIND if i == BOT else HUMAN, "normal") for i, name in enumerate(NAMES)]
    return Match(History.from_record(record, keep_all=True), seats)


def test_two_humans_and_a_bot_play_a_whole_game_to_the_end_screen(display, data):
    SHOTS.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"bot_speed": "fast"}), encoding="utf-8")
    app = RunningApp(display, data)
    try:
        seen, overs = play_to_the_end(app)
        end = app.wait_scene("EndScene")
        app.screenshot(SHOTS / "full-end.png")
        texts = {b["text"] for b in end["buttons"]}
        assert {"Play again", "See the boards", "Menu"} <= texts
        app.click_button("See the boards")
        app.wait(lambda s: s["scene"] == "BorealisTable" and any(b["text"] == "Scores" for b in s["buttons"]),
                 10, "the final boards with a Scores button")
        app.screenshot(SHOTS / "full-final-boards.png")
        app.click_button("Scores")
        app.wait_scene("EndScene", timeout=10)
        app.click_button("Menu")
        app.wait_scene("MenuScene", timeout=10)
        trace = app.snapshots()
    finally:
        app.stop()
    match = finished(data)
    assert match.is_over()
    assert seen.first is not None and len(match.history.actions) > 40
    states = match.history.states
    frames = hands_follow_the_screen(trace, states, until=len(states) - 2)  # not the final boards
    assert frames > 40
    hand_band = (10, 520, 640, 200)  # where the hand row is drawn in a 1280x720 window
    assert overs
    for over, button in overs:
        shot = load(over)
        assert paper_pixels(shot, hand_band) < 40, f"a card face shows on the hand-over screen {over}"
        green = pygame.mask.from_threshold(shot.subsurface(button), GREEN, (8, 8, 8, 255)).count()
        assert green > button[2] * button[3] // 2, f"the hand-over's button is not drawn in {over}"
