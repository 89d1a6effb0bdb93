"""The table kit's pieces on their own: the hit registry, the hand row and drag, the prompt's
targets, the event animator and the warm-up."""

from __future__ import annotations

import time

import pygame

from game.core.events import Moved, Scored
from game.core.prompt import Button, Choice, Prompt
from scenes.kit import warm
from scenes.kit.animator import FLY, STAGGER, Animator, EventMotion
from scenes.kit.hand_row import Drag, row_rects
from scenes.kit.hits import Hit, Hits
from scenes.kit.prompt_bar import lit, offers
from scenes.kit.warm import Warmer


def test_the_last_hit_drawn_is_on_top_and_what_is_drawn_over_comes_first():
    hits = Hits()
    hits.add(pygame.Rect(0, 0, 100, 100), "board", target="board")
    hits.add(pygame.Rect(10, 10, 20, 20), "card", 7, "a card", "card:7")
    assert hits.at((15, 15)).kind == "card"
    assert hits.at((50, 50)).kind == "board"
    assert hits.at((500, 500)) is None
    over = [Hit(pygame.Rect(12, 12, 5, 5), "hand", 3)]
    assert hits.key_at((14, 14), over) == ("hand", 3)
    assert hits.targets() == {"board": pygame.Rect(0, 0, 100, 100), "card:7": pygame.Rect(10, 10, 20, 20)}


def test_a_hand_row_spreads_then_overlaps_within_its_room():
    roomy = row_rects([1, 2, 3], 0, 200, (60, 84), 10, 1000)
    assert [r.x for r in roomy.values()] == [0, 70, 140] and all(r.bottom == 200 for r in roomy.values())
    tight = row_rects(list(range(10)), 0, 200, (60, 84), 10, 300)
    assert max(r.right for r in tight.values()) <= 300
    xs = [r.x for r in tight.values()]
    assert xs == sorted(xs) and xs[1] - xs[0] < 60  # they overlap


def test_a_press_becomes_a_drag_only_past_the_threshold():
    drag = Drag.press(5, (100, 100), pygame.Rect(90, 80, 60, 84))
    assert drag.grab == (10, 20)
    drag.follow((103, 102), 8)
    assert not drag.moved
    surface = pygame.Surface((300, 300))
    assert drag.draw(surface, pygame.Surface((60, 84))) is None
    drag.follow((140, 100), 8)
    assert drag.moved
    assert drag.draw(surface, pygame.Surface((60, 84))) == pygame.Rect(130, 80, 60, 84)


def test_targets_lit_follow_the_prompts_choices_and_the_focus():
    prompt = Prompt(0, "Play", (
        Choice("a", ("card:1", "location:0")),
        Choice("b", ("card:1", "location:2")),
        Choice("c", ("card:2", "location:1")),
        Choice("d", ("deck",)),
    ), (Button("pass", "p", "Pass"),))
    assert lit(prompt, "card:1") == {"location:0", "location:2"}
    assert lit(prompt, kind="location") == {"location:0", "location:1", "location:2"}
    assert lit(prompt, kind="deck") == {"deck"}
    assert lit(prompt, "card:9") == set()
    assert [o.action for o in offers(prompt, str, 1)] == ["a", "b", "c", "d", "p"]


class Places(EventMotion):
    spots = {"hand": pygame.Rect(0, 0, 10, 10), "pile": pygame.Rect(100, 0, 10, 10),
             "seat:1": pygame.Rect(0, 50, 80, 20)}

    def where(self, place, thing, before):
        return self.spots.get(place)

    def hide_key(self, thing, place):
        return ("thing", thing) if place == "pile" else None

    def seat_rect(self, seat):
        return self.spots.get(f"seat:{seat}")


def test_events_set_things_flying_one_after_another_and_light_the_seats():
    animator = Animator()
    motion = Places(animator)
    events = [Moved("card:1", "hand", "pile"), Moved("card:2", "hand", "pile"), Moved("card:3", "nowhere", "pile"),
              Scored(1, 2)]
    assert motion.plan(events) == {("thing", "card:1"), ("thing", "card:2"), ("thing", "card:3")}
    motion.start(events, None, 10.0, actor=1, main=0)
    flights = animator.anims
    assert [a.payload for a in flights] == ["card:1", "card:2"]  # nothing is known of "nowhere"
    assert abs(flights[1].began - flights[0].began - STAGGER) < 1e-9
    assert animator.hides() == {("thing", "card:1"), ("thing", "card:2")}
    assert [tuple(r) for r, _at in animator.flashes] == [tuple(Places.spots["seat:1"])]  # once, though twice due
    assert animator.live(10.0)
    assert animator.tick(10.0 + FLY + STAGGER + 0.01) and animator.anims == []
    # their sounds: set down as they land, the points as they score (the one that went nowhere at once)
    assert animator.due(10.0 + STAGGER * 2) == ["card_placed"]
    assert animator.due(100.0) == ["card_placed", "token", "card_placed"]  # in the order they fall due
    assert not animator.live(100.0)


def test_the_warm_up_runs_quick_jobs_then_slow_ones_and_requeues_what_has_more():
    done = []

    def quick():
        for i in range(3):
            done.append(("quick", i))
            yield

    def slow(job):
        done.append(("slow", job))
        return None if job[1] else (job[0], True)

    warmer = Warmer(slow)
    warmer.quick = quick()
    warmer.slow = [("b", False), ("a", False)]
    warmer.step(0.0, float("inf"), float("inf"))
    assert not warmer.busy()
    assert done == [("quick", 0), ("quick", 1), ("quick", 2), ("slow", ("a", False)), ("slow", ("a", True)),
                    ("slow", ("b", False)), ("slow", ("b", True))]


class FakeButton:
    def __init__(self, text):
        self.text, self.visible, self.is_enabled = text, True, True

    def show(self):
        self.visible = True

    def hide(self):
        self.visible = False

    def enable(self):
        self.is_enabled = True

    def disable(self):
        self.is_enabled = False

    def set_text(self, text):
        self.text = text


class FakeScene:
    def __init__(self):
        self.pressed, self.submitted = {}, []

    def button(self, rect, text, on_press, kind=None):
        widget = FakeButton(text)
        self.pressed[id(widget)] = on_press
        return widget

    def submit(self, action):
        self.submitted.append(action)


def test_the_button_bar_shows_what_the_prompt_offers_in_the_tables_words():
    from scenes.kit.button_bar import ButtonBar, Spec

    scene = FakeScene()
    cancelled = []
    can_cancel = [False]
    specs = [
        Spec("pass", "a", "turn", labels=lambda: ["Pass my turn", "Pass"]),
        Spec("confirm", "b", "turn", keep_in_sight=True),
        Spec("confirm", "b", "other"),
        Spec("cancel", "c", None, labels=lambda: ["Cancel"], own=lambda: can_cancel[0],
             press=lambda _a: cancelled.append(True)),
    ]
    places = {k: pygame.Rect(0, 0, 100, 40) for k in "abc"}
    bar = ButtonBar(scene, specs, places, lambda widget, text: len(text) <= 8)
    prompt = Prompt(0, "Go", (), (Button("pass", "P", "Pass"),), frame="turn")
    bar.sync(prompt)
    assert bar["pass"].visible and bar["pass"].text == "Pass"  # the longer words do not fit
    assert bar["turn/confirm"].visible and not bar["turn/confirm"].is_enabled  # kept in sight, not offered
    assert not bar["other/confirm"].visible and not bar["cancel"].visible
    scene.pressed[id(bar["pass"])]()
    assert scene.submitted == ["P"]
    can_cancel[0] = True
    bar.sync(Prompt(0, "Go", (), (Button("confirm", "C", "Confirm"),), frame="turn"))
    assert not bar["pass"].visible and bar["turn/confirm"].is_enabled and bar["turn/confirm"].text == "Confirm"
    assert bar["cancel"].visible
    scene.pressed[id(bar["cancel"])]()
    assert cancelled == [True]
    bar.sync(None)  # not this screen's turn
    assert not bar.visible()


def test_the_warmer_starts_no_job_that_could_reach_the_next_frame() -> None:
    done = []

    def quick():
        while True:
            done.append("quick")
            yield

    warmer = Warmer(lambda job: done.append(("slow", job)))
    warmer.quick = quick()
    now = time.perf_counter()
    warmer.step(now, ends=now + warm.QUICK_ROOM / 2)  # a move landed: the next frame is near
    assert done == [], "not even a quick job"
    warmer.quick = None
    warmer.slow = ["board"]
    warmer.step(now, ends=now + warm.SLOW_ROOM / 2)
    assert done == [] and warmer.slow == ["board"], "the slow job waits for a turn with room"
    warmer.step(time.perf_counter(), ends=time.perf_counter() + 1.0)
    assert done == [("slow", "board")]
