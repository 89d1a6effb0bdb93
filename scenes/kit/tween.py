"""Eased tweens (150 to 400 ms, DESIGN.md "Motion"): a value moves from a start to an end over time.

A Tween is driven by the clock it is given (``now`` in seconds, time.perf_counter by default), so
tests can step it by hand. ``Tweens`` is a small set a scene owns; the app keeps ticking at 60 fps
while any of them runs and sleeps on events otherwise.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

MIN_MS = 150
MAX_MS = 400


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def clamp_ms(ms: float) -> float:
    return max(MIN_MS, min(MAX_MS, ms))


@dataclass
class Tween:
    start: float
    end: float
    duration: float = 0.25
    """Seconds; kept within 150-400 ms."""
    ease: Callable[[float], float] = ease_out_cubic
    began: float = field(default_factory=time.perf_counter)
    on_done: Callable[[], None] | None = None
    _fired: bool = False

    def __post_init__(self) -> None:
        self.duration = clamp_ms(self.duration * 1000) / 1000

    def progress(self, now: float | None = None) -> float:
        now = time.perf_counter() if now is None else now
        return max(0.0, min(1.0, (now - self.began) / self.duration))

    def value(self, now: float | None = None) -> float:
        return self.start + (self.end - self.start) * self.ease(self.progress(now))

    def done(self, now: float | None = None) -> bool:
        return self.progress(now) >= 1.0


class Tweens:
    """Named tweens; ``get`` gives the current value (the end value once finished)."""

    def __init__(self) -> None:
        self._items: dict[str, Tween] = {}

    def start(
        self,
        name: str,
        start: float,
        end: float,
        duration: float = 0.25,
        ease: Callable[[float], float] = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
        now: float | None = None,
    ) -> Tween:
        tween = Tween(start, end, duration, ease, time.perf_counter() if now is None else now, on_done)
        self._items[name] = tween
        return tween

    def to(
        self,
        name: str,
        end: float,
        duration: float = 0.25,
        default: float = 0.0,
        ease: Callable[[float], float] = ease_out_cubic,
        now: float | None = None,
    ) -> None:
        """Animate ``name`` from its current value to ``end`` (no-op if it is already heading there)."""
        current = self._items.get(name)
        if current is not None and current.end == end:
            return
        self.start(name, self.get(name, default, now), end, duration, ease, now=now)

    def get(self, name: str, default: float = 0.0, now: float | None = None) -> float:
        tween = self._items.get(name)
        return default if tween is None else tween.value(now)

    def active(self, now: float | None = None) -> bool:
        return any(not t.done(now) for t in self._items.values())

    def update(self, now: float | None = None) -> None:
        """Fire the ``on_done`` of finished tweens (once each)."""
        for tween in list(self._items.values()):
            if tween.done(now) and not tween._fired:
                tween._fired = True
                if tween.on_done is not None:
                    tween.on_done()

    def finish(self, now: float | None = None) -> None:
        """Jump every tween to its end (still pictures); their ``on_done`` fire."""
        now = time.perf_counter() if now is None else now
        for tween in self._items.values():
            tween.began = min(tween.began, now - tween.duration)
        self.update(now)

    def __contains__(self, name: str) -> bool:
        return name in self._items

    def remove(self, name: str) -> None:
        self._items.pop(name, None)
