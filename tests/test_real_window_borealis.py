"""A whole game of Borealis in a real window under Xvfb: two humans and a bot, clicked as a family
would from the menu to the end screen (Borealis's one real-window game in `make test`).

Checked through the automation trace and the pixels of xwd screenshots: before each human acts a
hand-over screen covers the table (no card face shows, its button drawn); right after it the hand
drawn is the named seat's own (the trace's hand against the rules' state, and every card's pixels
against its face); every frame of the table draws only the hand of the seat that took the screen, and
none while the bot plays; the cards a human marked (a mulligan, a Regroup) are never named on the
other human's screen (its log, its hand-over recap); the newest log line, the one the last move
wrote, is lit; the end screen gives the places, closes to show the final boards and opens again from
the Scores button; the finished game is kept in the profiles."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scenes.shell.setup import BOT_NAMES
from tests.realwindow import SHOTS as ALL_SHOTS
from tests.realwindow import RunningApp, load, needs_real_window, shot_is_a_picture, start_two_humans_and_a_bot

pytestmark = needs_real_window()

SHOTS = ALL_SHOTS / "borealis"
NAMES = ("Ana", "Bo", BOT_NAMES[2])  # the setup's names: two humans, then a bot named as a bot
"""The setup's default names: seats 0 and 1 are made human, seat 2 stays a bot."""
BOT = 2
PAPER = (251, 253, 254)
"""The paper of a card face (scenes/borealis/pieces.py): nothing else on the table is this white."""
GREEN = (61, 220, 151)
"""The primary button's fill (assets/theme/theme.json, green)."""
HANDOVERS = 8
"""The hand-overs looked at closely: the mulligans, then a few turns each."""
BOT_SHOTS = 4
"""The bot's turns looked at closely (the first frame of each)."""
MAX_STEPS = 2_000
"""More steps than any game takes (a stalled one ends after 5 idle rounds): a loop that never ends fails."""


# --- reading pictures ------------------------------------------------------------------------


def paper_pixels(shot: Any, area: tuple[int, int, int, int]) -> int:
    """How many pixels of ``area`` are card-face paper."""
    import pygame

    return pygame.mask.from_threshold(shot.subsurface(area), PAPER, (6, 6, 6, 255)).count()


_faces: dict[int, Any] = {}


def face(card_id: int, width: int) -> Any:
    """The card's face as the table paints it (scale 1: a 1280x720 window)."""
    import pygame

    from scenes.borealis.pieces import Pieces
    from scenes.kit import style

    pygame.font.init()
    if "pieces" not in _faces:
        _faces["pieces"] = Pieces(style.Fonts(width / 82))
    return _faces["pieces"].face(card_id, width)


def shows_face(shot: Any, rect: list[int], card_id: int, dimmed: bool = False) -> bool:
    """Whether the screenshot shows ``card_id``'s face at ``rect``, pixel for pixel (the rounded
    corners, where the face blends with what is under it, left out); ``dimmed``: under the shade of
    a card that fits no location."""
    from scenes.borealis.hand import unplayable_shade
    from scenes.kit import style

    x, y, w, h = rect
    crop = shot.subsurface((x, y, w, h)).copy()
    expected = crop.copy()
    expected.blit(face(card_id, w), (0, 0))
    if dimmed:
        expected.blit(unplayable_shade((w, h), style.palette("standard").night), (0, 0))
    corner = 8
    slack = 1 if dimmed else 0  # blending the shade rounds a level either way
    for cy in range(h):
        xs = range(corner, w - corner) if cy < corner or cy >= h - corner else range(w)
        for cx in xs:
            got, want = crop.get_at((cx, cy)), expected.get_at((cx, cy))
            if any(abs(got[i] - want[i]) > slack for i in range(3)):
                return False
    return True


def find_text(shot: Any, text: str, area: tuple[int, int, int, int]) -> tuple[float, int]:
    """Where ``text`` (the app's small type, light on a dark panel) best matches inside ``area``:
    (how well, 0..1, the share of lit pixels that agree; the brightness of its strokes there)."""
    import pygame

    from scenes.kit import style

    pygame.font.init()
    img = style.Fonts(1.0).render(text, "small", "#FFFFFF")
    glyph = pygame.mask.from_surface(img, 100)
    core = pygame.mask.from_surface(img, 230)
    region = shot.subsurface(area).copy()
    lit = pygame.mask.from_threshold(region, (255, 255, 255), (156, 156, 156, 255))
    box = pygame.mask.Mask(glyph.get_size(), fill=True)
    gw, gh = glyph.get_size()
    n = glyph.count()
    best, where = 0.0, None
    for y in range(area[3] - gh):
        for x in range(area[2] - gw):
            hit = lit.overlap_area(glyph, (x, y))
            if hit * 2 < n:
                continue
            score = hit / (n + lit.overlap_area(box, (x, y)) - hit)
            if score > best:
                best, where = score, (x, y)
    if where is None:
        return 0.0, 0
    x0, y0 = where
    strokes = [region.get_at((x0 + cx, y0 + cy)) for cx in range(gw) for cy in range(gh) if core.get_at((cx, cy))]
    return best, round(sum(sum(c[:3]) / 3 for c in strokes) / len(strokes))


# --- what the test saw -------------------------------------------------------------------------


@dataclass
class Handover:
    seat: int
    over: Path
    """The hand-over screen."""
    after: Path
    """The table right after the seat said it was ready."""
    table: dict[str, Any]
    """The trace's first frame of the table after it."""
    button: list[int]
    """Where the hand-over's "I am ..." button was."""


@dataclass
class Seen:
    handovers: list[Handover] = field(default_factory=list)
    bot: list[tuple[Path, dict[str, Any]]] = field(default_factory=list)
    marked: Path | None = None
    """The first human's Regroup with two cards marked."""
    first: int | None = None
    """The human who redraws at the mulligan and regroups with marks (the other keeps and plays)."""
    steps: int = 0
    """The humans' steps clicked."""


def hand_ids(snap: dict[str, Any]) -> set[int]:
    return {int(k[5:]) for k in snap.get("targets", {}) if k.startswith("hand:")}


def click_starting(app: RunningApp, prefixes: tuple[str, ...]) -> int:
    """Click the button whose words start with one of ``prefixes`` (its count of marked cards varies);
    the number of actions before the click."""
    snap = app.wait(lambda s: any(b["text"].startswith(prefixes) for b in s["buttons"]), 10, f"a button {prefixes}")
    app.click(next(b["rect"] for b in snap["buttons"] if b["text"].startswith(prefixes)))
    return snap["actions"]


def act(app: RunningApp, snap: dict[str, Any], seen: Seen, turns: dict[int, int]) -> int:
    """One step of the human to act, clicked as a player would; the number of actions before its last click."""
    seat, frame, legal, targets = snap["to_act"], snap["frame"], snap["legal"], snap["targets"]
    before = snap["actions"]
    if seen.first is None:
        seen.first = seat
    hand = sorted(hand_ids(snap))
    if frame == "mulligan":
        if seat != seen.first:
            app.click_button("Keep my hand")
            return before
        app.click(targets[f"hand:{hand[0]}"])
        app.wait(lambda s: s.get("actions", 0) > before, 10, "the mark")
        return click_starting(app, ("Redraw",))
    if frame == "action":
        turns[seat] = turns.get(seat, 0) + 1
        play = next((a for a in legal if a["kind"] == "play"), None)
        if (seat == seen.first and turns[seat] == 1) or play is None:
            app.click_button("Regroup…")
            snap = app.wait(lambda s: s.get("frame") == "regroup" and s["actions"] > before, 10, "the regroup")
            if seat == seen.first and seen.marked is None:
                for card in hand[:2]:
                    n = snap["actions"]
                    app.click(snap["targets"][f"hand:{card}"])
                    snap = app.wait(lambda s, n=n: s.get("actions", 0) > n, 10, "a mark")
                time.sleep(0.3)
                seen.marked = app.screenshot(SHOTS / "regroup-marked.png")
            return click_starting(app, ("Redraw", "Regroup"))
        app.click(targets[f"hand:{play['card']}"])
        app.click(targets[f"loc:{play['location']}"])
        return before
    if frame == "regroup":
        app.click_button("Regroup")
    elif frame == "regroup.send":
        send = next(a for a in legal if a["kind"] == "send")
        app.click(targets[f"loc:{send['location']}"])
    elif frame == "take":
        take = next((a for a in legal if a["kind"] == "take"), None)
        app.click(targets[f"pool:{take['card']}"] if take else targets["deck"])
    else:
        raise AssertionError(f"an unexpected prompt frame: {frame}")
    return before


def play_to_the_end(app: RunningApp) -> Seen:
    """From the menu to the end screen: the humans click their steps, the first hand-overs and bot
    turns are kept as pictures."""
    seen = Seen()
    turns: dict[int, int] = {}
    bot_turn = False
    start_two_humans_and_a_bot(app, "borealis")
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
            return seen
        if snap["scene"] == "HandoverScene" or snap["to_act"] != BOT:
            bot_turn = False
        if snap["scene"] == "HandoverScene":
            ready = next(b for b in snap["buttons"] if b["text"].startswith("I am "))
            seat = NAMES.index(ready["text"][len("I am ") :].split(":")[0])
            k = len(seen.handovers)
            over = app.screenshot(SHOTS / f"{k:02d}-pass-to-{NAMES[seat]}.png") if k < HANDOVERS else None
            app.click(ready["rect"])
            table = app.wait(lambda s: s["scene"] == "BorealisTable", 10, "the table after the hand-over")
            if over is not None:
                after = app.screenshot(SHOTS / f"{k:02d}-after-{NAMES[seat]}-is-ready.png")
                seen.handovers.append(Handover(seat, over, after, table, ready["rect"]))
        elif snap["to_act"] == BOT:
            # the first frame of a bot turn: the last human's move is being shown (later the bot's
            # own may fly a pool card into the hand row, which is no secret); a picture the bot's
            # move overtook is not kept (the trace says what it shows)
            if not bot_turn and len(seen.bot) < BOT_SHOTS:
                path = app.screenshot(SHOTS / f"bot-{snap['actions']:03d}.png")
                now = app.snapshot()
                if now["scene"] == "BorealisTable" and now["actions"] == snap["actions"]:
                    seen.bot.append((path, snap))
            bot_turn = True
            app.wait(lambda s, n=snap["actions"]: s.get("actions", 0) > n or s["scene"] == "EndScene", 30, "the bot")
        else:
            before = act(app, snap, seen, turns)
            seen.steps += 1
            app.wait(lambda s, n=before: s.get("actions", 0) > n, 20, "the click to act")
    raise AssertionError(f"no end screen after {MAX_STEPS} steps")


def finished(data: Path) -> Any:
    """The finished game as the app kept it in the profiles database (its autosave is gone): every
    state, and the log with who may read each line."""
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


def newest_line(match: Any, actions: int, seat: int | None) -> str:
    """The first words of the newest log line ``seat`` may read after ``actions`` actions."""
    entry = [e for e in match.log if e.index < actions and e.visible_to(seat)][-1]
    return " ".join(f"{match.name(entry.actor)}: {entry.text}".split()[:3])


def hands_follow_the_screen(trace: list[dict[str, Any]], states: list[Any], until: int | None = None) -> int:
    """Check that every frame of the table draws the hand of the seat last handed the screen, and
    none while the bot acts (frames after ``until`` actions left out); the number of frames checked."""
    viewer, frames = None, 0
    for snap in trace:
        if snap["scene"] == "HandoverScene":
            ready = next(b["text"] for b in snap["buttons"] if b["text"].startswith("I am "))
            viewer = NAMES.index(ready[len("I am ") :].split(":")[0])
        elif snap["scene"] == "BorealisTable" and "actions" in snap:
            if until is not None and snap["actions"] > until:
                continue
            frames += 1
            hand = hand_ids(snap)
            if snap["to_act"] == BOT:
                viewer = None
            if viewer is None:
                assert not hand, f"a hand is drawn while nobody holds the screen: {snap}"
            else:
                assert hand == set(states[snap["actions"]].players[viewer].hand), (NAMES[viewer], snap)
    return frames


# --- the test ----------------------------------------------------------------------------------


def test_two_humans_and_a_bot_play_a_whole_game_keeping_their_hands_to_themselves(display, data):
    import pygame

    SHOTS.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(json.dumps({"bot_speed": "fast"}), encoding="utf-8")
    app = RunningApp(display, data)
    try:
        seen = play_to_the_end(app)
        end = app.wait_scene("EndScene")
        shot_is_a_picture(app.screenshot(SHOTS / "end.png"))
        texts = {b["text"] for b in end["buttons"]}
        assert {"Play again", "See the boards", "Menu"} <= texts
        app.click_button("See the boards")
        app.wait(lambda s: s["scene"] == "BorealisTable" and any(b["text"] == "Scores" for b in s["buttons"]),
                 10, "the final boards with a Scores button")
        app.screenshot(SHOTS / "final-boards.png")
        app.click_button("Scores")
        app.wait_scene("EndScene", timeout=10)
        app.click_button("Menu")
        app.wait_scene("MenuScene", timeout=10)
        trace = app.snapshots()
    finally:
        app.stop()
    match = finished(data)
    assert match.is_over()
    states = match.history.states
    first = seen.first
    assert first is not None and seen.marked is not None and seen.bot
    assert seen.steps > 10 and len(match.history.actions) > 40
    other = 1 - first

    frames = hands_follow_the_screen(trace, states, until=len(states) - 2)  # not the final boards
    assert frames > 40

    log_area = (940, 60, 340, 660)
    marks = f"{NAMES[first]}: marks the"
    shot = load(seen.marked)
    assert find_text(shot, marks, log_area)[0] > 0.75, "the marker's own log does not show the marks"
    assert len(seen.handovers) == HANDOVERS
    assert [h.seat for h in seen.handovers[:2]] == [first, other]
    band = None
    for h in seen.handovers:
        n = h.table["actions"]
        hand = states[n].players[h.seat].hand
        rects = {int(k[5:]): r for k, r in h.table["targets"].items() if k.startswith("hand:")}
        assert set(rects) == set(hand), f"{NAMES[h.seat]} is shown another hand: {h.after}"
        shot = load(h.after)
        playable = {a["card"] for a in h.table.get("legal", []) if a["kind"] == "play"}
        for card, rect in rects.items():
            dimmed = h.table.get("frame") == "action" and card not in playable
            assert shows_face(shot, rect, card, dimmed), f"card {card} of {NAMES[h.seat]} is not what {h.after} shows"
        if band is None:
            xs = [r[0] for r in rects.values()] + [r[0] + r[2] for r in rects.values()]
            ys = [r[1] for r in rects.values()] + [r[1] + r[3] for r in rects.values()]
            band = (min(xs) - 4, min(ys) - 14, max(xs) - min(xs) + 8, max(ys) - min(ys) + 16)
        assert paper_pixels(shot, band) > 3000
        # the hand-over screen covers every hand, and its button is drawn
        over = load(h.over)
        assert paper_pixels(over, band) < 40, f"a card face shows on the hand-over screen {h.over}"
        green = pygame.mask.from_threshold(over.subsurface(h.button), GREEN, (8, 8, 8, 255)).count()
        assert green > h.button[2] * h.button[3] // 2, f"the hand-over's button is not drawn in {h.over}"
        # what the last move did: the newest line this seat may read, lit
        if n:
            score, bright = find_text(shot, newest_line(match, n, h.seat), log_area)
            assert score > 0.75 and bright > 225, f"the last move's line is unlit in {h.after} ({score:.2f}, {bright})"
        if h.seat == other:
            # nothing tells the other human which cards were marked: not the log, not the recap
            assert not any(e.actor == first and e.action.kind == "mark" for e in match.visible_log(other))
            assert find_text(shot, marks, log_area)[0] < 0.6, f"{h.after} names the marked cards"
            recap = (300, 200, 680, 320)
            assert find_text(over, marks, recap)[0] < 0.6, f"{h.over} names the marked cards"
    # while the bot acts: no hand face up, and the last move's line lit
    for path, snap in seen.bot:
        shot = load(path)
        assert not hand_ids(snap)
        assert paper_pixels(shot, band) < 40, f"a hand shows while the bot acts: {path}"
        score, bright = find_text(shot, newest_line(match, snap["actions"], None), log_area)
        assert score > 0.75 and bright > 225, f"the last move's line is not lit in {path} ({score:.2f}, {bright})"
