"""Throw timings for the app's bench: one throw simulated to rest on an iceberg with 20 resting animal
cards (DESIGN.md's budget: a median of 5 ms or less)."""

from __future__ import annotations

import random
import statistics
import time

from game.iluliaq.table import FLIGHT, LINE, POWER, Throw
from physics.iluliaq.resolver import resolve
from physics.iluliaq.tables import View, crowded

RESTING = 20
HAND = 40
"""The card thrown (a lynx: no card of the crowded table)."""


def throws(n: int, seed: int = 1) -> list[Throw]:
    """``n`` throws from seat 0 that touch down on the iceberg (a throw into the water costs nothing)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        distance = rng.uniform(LINE, LINE + 120.0)
        reach = distance + rng.uniform(-60.0, 60.0)
        power = min(max(reach / FLIGHT, POWER.low), POWER.high)
        out.append(Throw(distance, rng.uniform(-40.0, 40.0), rng.uniform(-8.0, 8.0), power, rng.uniform(-1.0, 1.0)))
    return out


def time_throws(n: int = 50) -> list[float]:
    """Seconds each of ``n`` throws took to resolve, on the crowded table (built before the timing)."""
    table = list(crowded(RESTING))
    out = []
    for intent in throws(n):
        view = View(players=4, to_act=0, table=table, hand=HAND)
        start = time.perf_counter()
        resolve(None, view, intent)
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    times = time_throws(200)
    print(f"Iluliaq throw to rest, {RESTING} resting cards: median {1000 * statistics.median(times):.2f} ms, "
          f"max {1000 * max(times):.2f} ms over {len(times)} throws")


if __name__ == "__main__":
    main()
