"""A slingshot for throwing games: press where you let go from, drag back to aim and set the power,
twist while letting go for spin, release. Pure pointer maths (screen pixels and seconds); the table
turns an ``Aim`` into its game's intent and draws the band, the power bar and, in kids' mode, where
the throw will land.

The card flies away from the pull: dragging down-left throws up-right. Power grows with the pull's
length up to ``full_pull``; a pull shorter than ``dead_pull`` lets go of nothing (a tap, or a
change of mind). Spin is how fast the pointer was moving across the throw's line during the last
``spin_window`` seconds before the release: positive (clockwise seen from above) when it moved to
the right of the flight, full at ``full_spin`` px/s.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Curve:
    """A rising curve through ``knots`` ((x, y) pairs, x and y both increasing), straight between
    them: how a game turns the share of a full pull into what it throws with (a flatter stretch
    gives more pull to the throws that matter), and back."""

    knots: tuple[tuple[float, float], ...]

    def at(self, x: float) -> float:
        return self._through(x, 0, 1)

    def inverse(self, y: float) -> float:
        return self._through(y, 1, 0)

    def _through(self, v: float, a: int, b: int) -> float:
        k = self.knots
        if v <= k[0][a]:
            return k[0][b]
        for p, q in zip(k, k[1:]):
            if v <= q[a]:
                u = (v - p[a]) / (q[a] - p[a]) if q[a] > p[a] else 1.0
                return p[b] + (q[b] - p[b]) * u
        return k[-1][b]


@dataclass(frozen=True)
class Aim:
    start: tuple[float, float]
    """Where the pointer was pressed: the release point."""
    direction: tuple[float, float]
    """The unit vector the throw goes (screen axes)."""
    power: float
    """0..1: the share of a full pull (a game may bend it into its own power, ``Curve``)."""
    spin: float
    """-1..1."""


class Slingshot:
    def __init__(self, full_pull: float, dead_pull: float = 12.0, full_spin: float = 900.0,
                 spin_window: float = 0.09) -> None:
        self.full_pull = full_pull
        self.dead_pull = dead_pull
        self.full_spin = full_spin
        self.spin_window = spin_window
        self.start: tuple[float, float] | None = None
        self.now: tuple[float, float] | None = None
        self._trail: deque[tuple[float, float, float]] = deque(maxlen=64)

    @property
    def held(self) -> bool:
        return self.start is not None

    def press(self, pos: tuple[float, float], t: float) -> None:
        self.start = self.now = (float(pos[0]), float(pos[1]))
        self._trail.clear()
        self._trail.append((t, *self.start))

    def move(self, pos: tuple[float, float], t: float) -> None:
        if self.start is None:
            return
        self.now = (float(pos[0]), float(pos[1]))
        self._trail.append((t, *self.now))

    def cancel(self) -> None:
        self.start = self.now = None
        self._trail.clear()

    def aim(self) -> Aim | None:
        """The throw as it stands (no spin: that comes with the release); None while nothing is pulled."""
        if self.start is None or self.now is None:
            return None
        dx, dy = self.start[0] - self.now[0], self.start[1] - self.now[1]
        pull = math.hypot(dx, dy)
        if pull < self.dead_pull:
            return None
        return Aim(self.start, (dx / pull, dy / pull), min(1.0, pull / self.full_pull), 0.0)

    def release(self, pos: tuple[float, float], t: float) -> Aim | None:
        """Let go at ``pos``: the throw (with its spin), or None for a pull too short to throw."""
        self.move(pos, t)
        aim = self.aim()
        spin = self._spin(aim, t) if aim is not None else 0.0
        self.cancel()
        if aim is None:
            return None
        return Aim(aim.start, aim.direction, aim.power, spin)

    def _spin(self, aim: Aim, t: float) -> float:
        recent = [p for p in self._trail if t - p[0] <= self.spin_window]
        if len(recent) < 2 or recent[-1][0] - recent[0][0] <= 0:
            return 0.0
        (t0, x0, y0), (t1, x1, y1) = recent[0], recent[-1]
        vx, vy = (x1 - x0) / (t1 - t0), (y1 - y0) / (t1 - t0)
        ux, uy = aim.direction
        across = vx * -uy + vy * ux  # the pointer's speed to the right of the flight (screen y is down)
        return max(-1.0, min(1.0, across / self.full_spin))


def draw_pull(surface: pygame.Surface, aim: Aim, now: tuple[float, float], colour: pygame.Color,
              width: int) -> list[pygame.Rect]:
    """The band from the release point to the pointer and an arrow the way the throw goes, as long
    as its power; returns what it drew over."""
    sx, sy = aim.start
    drawn = [pygame.draw.line(surface, colour, (sx, sy), now, width)]
    length = 40 + 160 * aim.power
    tip = (sx + aim.direction[0] * length, sy + aim.direction[1] * length)
    drawn.append(pygame.draw.line(surface, colour, (sx, sy), tip, width))
    ux, uy = aim.direction
    head = 6 + width * 2
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    drawn.append(pygame.draw.polygon(surface, colour, [tip, left, right]))
    return drawn


def draw_power_bar(surface: pygame.Surface, rect: pygame.Rect, power: float, frame: pygame.Color,
                   low: pygame.Color, high: pygame.Color) -> pygame.Rect:
    """A bar filling with ``power``, its colour going from ``low`` to ``high``."""
    pygame.draw.rect(surface, frame, rect, max(1, rect.w // 8), border_radius=rect.w // 2)
    inner = rect.inflate(-max(2, rect.w // 4), -max(2, rect.w // 4))
    h = round(inner.h * max(0.0, min(1.0, power)))
    if h > 0:
        fill = pygame.Rect(inner.x, inner.bottom - h, inner.w, h)
        colour = pygame.Color(low).lerp(high, max(0.0, min(1.0, power)))
        pygame.draw.rect(surface, colour, fill, border_radius=inner.w // 2)
    return rect


# --- the gesture shown to a new player ------------------------------------------------------------------

LESSON = (0.5, 0.35, 1.1, 0.35, 0.75, 0.45)
"""Seconds of the demonstration's parts: the hand comes in, presses, pulls back, holds, lets go (the
throw flies), fades."""
STEPS = 3
"""The steps it names: press (0), pull back (1), let go (2)."""


@dataclass(frozen=True)
class LessonFrame:
    """Where the demonstration's ghost hand is at a moment, and what it does."""

    pointer: tuple[float, float]
    pressed: bool
    aim: Aim | None
    """The pull as it stands while held (its power the share of a full pull)."""
    step: int
    """0: press where you throw from, 1: pull back, 2: let go."""
    flight: float | None
    """0..1 of the throw's flight once let go (None before)."""
    alpha: float
    """0..1: how much of the ghost shows (it fades in and out)."""


def lesson_length(timing: tuple[float, ...] = LESSON) -> float:
    return sum(timing)


def lesson_frame(t: float, start: tuple[float, float], way: tuple[float, float], pull: float, full_pull: float,
                 timing: tuple[float, ...] = LESSON) -> LessonFrame | None:
    """The demonstration of a throw ``t`` seconds in: a hand comes to ``start``, presses, pulls back
    ``pull`` px against ``way`` (the way the throw goes; ``full_pull`` px is full power), holds, lets
    go; None once it is over."""
    come, press, back, hold, fly, fade = timing
    sx, sy = start
    ux, uy = way
    if t < 0 or t >= sum(timing):
        return None
    if t < come:  # gliding in from the side, fading in
        u = t / come
        off = pull * 0.8 * (1 - u) ** 2
        return LessonFrame((sx + uy * off, sy - ux * off), False, None, 0, None, u)
    t -= come
    if t < press:
        return LessonFrame(start, t > press * 0.4, None, 0, None, 1.0)
    t -= press
    if t < back + hold:
        u = min(1.0, t / back)
        length = max(1.0, pull * u * u * (3 - 2 * u))
        aim = Aim(start, way, min(1.0, length / full_pull), 0.0)
        return LessonFrame((sx - ux * length, sy - uy * length), True, aim, 1, None, 1.0)
    t -= back + hold
    end = (sx - ux * pull, sy - uy * pull)
    if t < fly:
        return LessonFrame(end, False, None, 2, t / fly, 1.0 - 0.5 * t / fly)
    t -= fly
    return LessonFrame(end, False, None, 2, 1.0, 0.5 * (1 - t / fade))
