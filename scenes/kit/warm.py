"""Painting ahead of need: a table's slow first paints (card faces, whose SVG art takes ~1 ms a
picture, and boards that will be shown later) done a little in each turn of the loop that has time
left, so that no frame where a move lands pays for them."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

WARM_UNTIL = 0.004
"""A turn of the loop goes on with the quick jobs until this many seconds after it began (so never
in a frame that is already busy, as one where a move lands)."""
AHEAD_BEFORE = 0.003
"""A slow job (a few ms) is started only in a turn of the loop that is less than this far along."""
QUICK_ROOM = 0.002
SLOW_ROOM = 0.008
"""Seconds a quick job, and a slow one, may take at most: none is started closer than this to the
next frame (``step``'s ``ends``)."""


class Warmer:
    """Two queues: ``quick`` (a generator, one small paint a step) and ``slow`` jobs (each a few
    ms, run by ``run_slow``; one that returns a job has more to do later)."""

    def __init__(self, run_slow: Callable[[Any], Any]) -> None:
        self.quick: Iterator[None] | None = None
        self.slow: list[Any] = []
        """Jobs still to run, popped from the end."""
        self.run_slow = run_slow

    def busy(self) -> bool:
        return self.quick is not None or bool(self.slow)

    def step(self, started: float, until: float | None = None, slow_before: float | None = None,
             ends: float | None = None) -> None:
        """Quick jobs until ``until`` (perf_counter; default ``WARM_UNTIL`` after ``started``), then
        slow ones, each started only before ``slow_before`` and after the quick ones are all done.
        ``ends``: when the next frame is due (after a present, the work that landed a move has used
        some of the time to it): no job is started that could reach it."""
        if not self.busy():
            return
        until = started + WARM_UNTIL if until is None else until
        slow_before = started + AHEAD_BEFORE if slow_before is None else slow_before
        if ends is not None:
            until, slow_before = min(until, ends - QUICK_ROOM), min(slow_before, ends - SLOW_ROOM)
        while self.quick is not None and time.perf_counter() < until:
            if next(self.quick, StopIteration) is StopIteration:
                self.quick = None
        while self.quick is None and self.slow and time.perf_counter() < slow_before:
            more = self.run_slow(self.slow.pop())
            if more is not None:
                self.slow.append(more)
