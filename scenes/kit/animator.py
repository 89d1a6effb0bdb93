"""Moving pieces and fading highlights, made from the contract's events (game/core/events.py): a
thing the rules moved flies from where it was drawn to where it is drawn now, what changed lights up
and fades. Nothing here compares states: a card flies because the rules said it moved.

``Animator`` keeps the pieces in motion and the highlights and draws them; ``EventMotion`` turns a
step's events into them, asking the table (a subclass) where each place is drawn. A table calls
``plan`` before it paints the layer of the new state (what the layer leaves out while it moves),
then ``start`` once the new rects are known."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.events import Changed, Event, Moved, Scored, Shuffled
from scenes.kit.timeline import last_end
from scenes.kit.tween import ease_out_cubic

FLY = 0.35
"""Seconds a card flies (DESIGN.md: 150-400 ms)."""
FLASH = 1.6
"""Seconds the highlight on what just changed takes to fade."""
STAGGER = 0.06
"""Seconds between two things of one step setting off (a refresh discards four)."""
MAX_STAGGER = 6

Mark = Callable[[pygame.Rect | None], None]
Glow = Callable[[pygame.Surface, pygame.Rect, float], list[pygame.Rect]]
"""Draws a highlight around a rect at a strength (0..1); returns the rects it drew on."""


@dataclass
class Anim:
    """A piece in motion from ``source`` to ``target``: a ``Timeline`` sampled as its progress."""

    kind: str
    """``fly`` (the kit draws it with the table's picture of the payload), or the table's own kinds."""
    source: Any
    target: Any
    began: float
    duration: float
    payload: Any = None
    hides: tuple = ()
    """What the static layer leaves out while this runs (the table's keys)."""

    @property
    def start(self) -> float:
        return self.began

    @property
    def end(self) -> float:
        return self.began + self.duration

    def t(self, now: float) -> float:
        return max(0.0, min(1.0, (now - self.began) / self.duration))

    def sample(self, now: float) -> float:
        """Its progress at ``now``, 0 to 1 (-1 while waiting to set off)."""
        return -1.0 if now < self.began else self.t(now)

    def done(self, now: float) -> bool:
        return now >= self.end


class Animator:
    def __init__(self, fade: float = FLASH) -> None:
        self.fade = fade
        self.anims: list[Anim] = []
        self.flashes: list[tuple[pygame.Rect, float]] = []
        """(rect, when it lights up)"""
        self.cues: list[tuple[float, str]] = []
        """(when, sound): the sounds of what moves, due as it lands."""

    def add(self, anim: Anim) -> None:
        self.anims.append(anim)

    def flash(self, r: pygame.Rect, at: float) -> None:
        self.flashes.append((pygame.Rect(r), at))

    def cue(self, sound: str, at: float) -> None:
        self.cues.append((at, sound))

    def due(self, now: float) -> list[str]:
        """The sounds due by ``now``, in order, and forget them."""
        if not self.cues:
            return []
        due = sorted(c for c in self.cues if c[0] <= now)
        self.cues = [c for c in self.cues if c[0] > now]
        return [sound for _at, sound in due]

    def hides(self) -> set:
        return {h for a in self.anims for h in a.hides}

    def clear(self) -> None:
        self.anims.clear()
        self.flashes.clear()
        self.cues.clear()

    def tick(self, now: float) -> bool:
        """Drop what has arrived and the highlights that faded; whether anything arrived."""
        arrived = any(a.done(now) for a in self.anims)
        if arrived:
            self.anims = [a for a in self.anims if not a.done(now)]
        self.flashes = [(r, at) for r, at in self.flashes if now < at + self.fade]
        return arrived

    def until(self) -> float | None:
        """When the last piece in motion lands (None: none moves)."""
        return last_end(self.anims)

    def live(self, now: float) -> bool:
        return bool(self.anims or self.cues) or any(now < at + self.fade for _r, at in self.flashes)

    def draw_flashes(self, surface: pygame.Surface, now: float, glow: Glow, mark: Mark) -> None:
        for r, at in self.flashes:
            strength = 1.0 - (now - at) / self.fade
            if now < at or strength <= 0:
                continue
            for touched in glow(surface, r, strength):
                mark(touched)

    def draw(self, surface: pygame.Surface, now: float,
             painters: dict[str, Callable[[pygame.Surface, Anim, float], pygame.Rect | None]], mark: Mark) -> None:
        """Every piece in motion, by its kind's painter (given ``t``: -1 while waiting to set off)."""
        for a in self.anims:
            paint = painters.get(a.kind)
            if paint is not None:
                mark(paint(surface, a, a.sample(now)))


def flight(surface: pygame.Surface, a: Anim, t: float, picture: Callable[[Any, int, int, float], pygame.Surface],
           lift: float) -> pygame.Rect:
    """A thing flying from rect ``a.source`` to rect ``a.target`` along an arc ``lift`` high, eased; its
    picture (``picture(payload, start width, end width, progress)``) resized on the way."""
    s, d = a.source, a.target
    if t < 0:
        return surface.blit(picture(a.payload, s.w, d.w, 0.0), s.topleft)
    e = ease_out_cubic(t)
    x = s.x + (d.x - s.x) * e
    y = s.y + (d.y - s.y) * e - lift * (1 - (2 * e - 1) ** 2)
    return surface.blit(picture(a.payload, s.w, d.w, e), (round(x), round(y)))


def resized(img: pygame.Surface, w0: int, w1: int, e: float) -> pygame.Surface:
    """``img`` (drawn at the larger of the two widths) at the width ``e`` of the way from ``w0`` to ``w1``."""
    w = round(w0 + (w1 - w0) * e)
    if w == img.get_width():
        return img
    h = max(4, round(img.get_height() * w / max(1, img.get_width())))
    return pygame.transform.smoothscale(img, (max(4, w), h))


class EventMotion:
    """A step's events as anims and highlights on ``animator``. The hooks say where the table draws
    each place; by default nothing flies and only the seats that scored or acted light up."""

    fly = FLY

    def __init__(self, animator: Animator) -> None:
        self.animator = animator

    # --- hooks -----------------------------------------------------------------------------------
    def where(self, place: str, thing: str, before: Any) -> pygame.Rect | None:
        """Where ``thing`` is drawn at ``place``: before the step (``before`` is what the table kept
        of it) or now (``before`` is None)."""
        return None

    def lit_on_arrival(self, place: str, arrived: pygame.Rect) -> pygame.Rect | None:
        """What lights up when a thing arrives at ``place`` (drawn at ``arrived``)."""
        return None

    def hide_key(self, thing: str, place: str) -> tuple | None:
        """What the layer leaves out while ``thing`` flies to ``place`` (None: it draws nothing there)."""
        return None

    def flier(self, thing: str) -> Any:
        """The payload of a flying ``thing`` (what the table's picture of it needs)."""
        return thing

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return None

    def moved(self, event: Moved, now: float, flash: Callable[[pygame.Rect | None, float], None],
              index: int, before: Any) -> bool:
        """A move the table shows its own way (a piece walking; ``before`` as in ``where``); True
        when handled."""
        return False

    def changed(self, event: Changed, now: float, flash: Callable[[pygame.Rect | None, float], None]) -> None:
        """A changed thing (a flag's space, a claimed objective): light or move it."""

    def sound(self, event: Event) -> str | None:
        """The sound of an event (None: silent): a card drawn from the deck swishes, a card moved
        is set down, points ding (scenes/kit/sound.py names them)."""
        if isinstance(event, Moved):
            return "card_drawn" if event.source == "deck" else "card_placed"
        if isinstance(event, Scored):
            return "token"
        return None

    def own_hides(self, events: Iterable[Event]) -> set:
        """What else the layer leaves out while the step's pieces move."""
        return set()

    # --- the drive ---------------------------------------------------------------------------------
    def plan(self, events: Iterable[Event]) -> set:
        events = list(events)
        hides = self.own_hides(events)
        for event in events:
            if isinstance(event, Moved):
                key = self.hide_key(event.thing, event.target)
                if key is not None:
                    hides.add(key)
        return hides

    def start(self, events: Iterable[Event], before: Any, now: float, actor: int | None,
              main: int | None) -> None:
        """Set the step's things moving and its highlights fading. Things set off one after another
        (``STAGGER``); cards drawn from the deck after those that went first."""
        flashed: set[tuple] = set()

        def flash(r: pygame.Rect | None, at: float) -> None:
            if r is not None and tuple(r) not in flashed:
                flashed.add(tuple(r))
                self.animator.flash(r, at)

        moved = from_deck = 0
        for event in events:
            sound = self.sound(event)
            if sound is not None and not isinstance(event, Moved):
                self.animator.cue(sound, now + self.fly)
            if isinstance(event, Moved):
                if self.moved(event, now, flash, moved, before):
                    if sound is not None:
                        self.animator.cue(sound, now)
                    continue
                if event.source == "deck" and moved:
                    at = now + self.fly * 0.7 + STAGGER * min(from_deck, MAX_STAGGER)
                    from_deck += 1
                else:
                    at = now + STAGGER * min(moved, MAX_STAGGER)
                    moved += 1
                src = self.where(event.source, event.thing, before)
                dst = self.where(event.target, event.thing, None)
                if sound is not None:  # a card drawn swishes as it leaves, one set down as it lands
                    lands = sound != "card_drawn" and src is not None and dst is not None
                    self.animator.cue(sound, at + self.fly if lands else at)
                if src is None or dst is None:
                    continue
                key = self.hide_key(event.thing, event.target)
                self.animator.add(Anim("fly", pygame.Rect(src), pygame.Rect(dst), at, self.fly,
                                       self.flier(event.thing), () if key is None else (key,)))
                flash(self.lit_on_arrival(event.target, dst), at + self.fly)
            elif isinstance(event, Changed):
                self.changed(event, now, flash)
            elif isinstance(event, Scored):
                flash(self.seat_rect(event.seat), now + self.fly)
            elif isinstance(event, Shuffled):
                flash(self.where(event.place, "", None), now)
        if actor is not None and actor != main:
            flash(self.seat_rect(actor), now)
