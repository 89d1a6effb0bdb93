"""Iluliaq's physics on many throws: deterministic, and every outcome valid (finite numbers, every
card held up or in the water, no card inside another of its layer), edge cases included."""

from __future__ import annotations

import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from game.iluliaq.table import (
    ANGLE,
    ANIMALS,
    DISTANCE,
    FLIGHT,
    HALF,
    LINE,
    OFFSET,
    PLACE_TURN,
    PLACE_X,
    PLACE_Y,
    POWER,
    REACH,
    SIDE,
    SPIN,
    TOP,
    Outcome,
    Place,
    Throw,
    Thrown,
    animal_type,
    start_poses,
)
from physics import resolvers
from physics.iluliaq import bench
from physics.iluliaq.resolver import resolve
from physics.iluliaq.tables import View, crowded
from tests.physics.iluliaq_checks import problems

ROOT = Path(__file__).resolve().parents[2]
CROWD = 40
"""Animal cards on the iceberg past which a random game starts again from the built iceberg."""


def _uniform(rng: random.Random, param) -> float:
    return rng.uniform(param.low, param.high)


def _intent(rng: random.Random, aimed: bool) -> Throw:
    if not aimed:
        return Throw(*(_uniform(rng, p) for p in (DISTANCE, OFFSET, ANGLE, POWER, SPIN)))
    distance = rng.uniform(LINE, LINE + 150.0)  # touches down within 75 mm of the centre line's middle
    power = min(max((distance + rng.uniform(-HALF, HALF)) / FLIGHT, POWER.low), POWER.high)
    return Throw(distance, rng.uniform(-40.0, 40.0), rng.uniform(-8.0, 8.0), power, _uniform(rng, SPIN))


def random_throws(count: int, seed: int = 1, aimed: bool = False, places: float = 0.0) -> Counter:
    """Play ``count`` throws (a share ``places`` of them dodo placements) from random seats of random
    table sizes, each on the table the last one left (cards in the water picked up, seals left
    there); return what happened, ``problems`` listing every invalid outcome."""
    rng = random.Random(seed)
    table = list(start_poses())
    stats: Counter = Counter()
    found: list[str] = []
    hand = 0
    for i in range(count):
        players = rng.randint(2, 6)
        seat = rng.randrange(players)
        lying = {p.card for p in table}
        hand = next(c % ANIMALS for c in range(hand + 1, hand + 1 + ANIMALS) if c % ANIMALS not in lying)
        if rng.random() < places:
            intent: Throw | Place = Place(*(_uniform(rng, p) for p in (PLACE_X, PLACE_Y, PLACE_TURN)))
        else:
            intent = _intent(rng, aimed)
        out = resolve(None, View(players, seat, table, hand), intent).outcome
        found.extend(f"#{i} {intent}: {why}" for why in problems(table, hand, out))
        mine = next(p for p in out.poses if p.card == hand)
        stats["landed" if mine.layer >= 1 else "in the water"] += 1
        stats["touched the iceberg"] += out.touched_iceberg
        stats["pushed a card"] += bool(out.touched)
        before = {p.card: p.layer for p in table}
        stats["knocked a card into the water"] += any(p.layer == 0 and before.get(p.card, 0) >= 1 for p in out.poses)
        stats["landed on a bear"] += out.on_bear is not None
        table = [p for p in out.poses if p.layer >= 1 or animal_type(p.card) == "seal"]
        animals = sum(1 for p in table if p.card < ANIMALS and p.layer >= 1)
        if animals > CROWD or not any(p.card in TOP and p.layer >= 1 for p in table):
            table = list(start_poses())
            stats["new iceberg"] += 1
    stats["problems"] = len(found)
    stats.update({f"problem: {why}": 1 for why in found[:5]})
    return stats


def test_uniform_random_throws_all_give_valid_outcomes():
    stats = random_throws(1000)
    assert stats["problems"] == 0, stats
    assert stats["landed"] > 0 and stats["in the water"] > 0


def test_aimed_random_throws_and_placements_on_a_growing_iceberg_all_give_valid_outcomes():
    stats = random_throws(250, seed=2, aimed=True, places=0.1)
    assert stats["problems"] == 0, stats
    assert stats["landed"] > 50 and stats["pushed a card"] >= 15 and stats["knocked a card into the water"] >= 1


def test_the_same_throw_gives_the_same_outcome():
    table = list(crowded())
    rng = random.Random(7)
    for _ in range(20):
        intent = _intent(rng, aimed=True)
        first = resolve(None, View(4, 1, table, 40), intent)
        assert resolve(None, View(4, 1, table, 40), intent) == first


def test_a_fresh_process_gives_the_same_outcomes():
    code = ("from physics.iluliaq.bench import HAND, throws\n"
            "from physics.iluliaq.resolver import resolve\n"
            "from physics.iluliaq.tables import View, crowded\n"
            "print(repr([resolve(None, View(4, 0, list(crowded()), HAND), t) for t in throws(5)]))\n")
    here = repr([resolve(None, View(4, 0, list(crowded()), bench.HAND), t) for t in bench.throws(5)])
    there = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert there.stdout.strip() == here


@pytest.mark.parametrize("table", ["built", "crowded"])
def test_the_strongest_throws(table):
    before = list(start_poses()) if table == "built" else list(crowded())
    for distance in (LINE, FLIGHT, REACH):
        for offset in (-SIDE, 0.0, SIDE):
            for angle in (ANGLE.low, 0.0, ANGLE.high):
                for spin in (SPIN.low, SPIN.high):
                    intent = Throw(distance, offset, angle, POWER.high, spin)
                    out = resolve(None, View(3, 2, before, 40), intent).outcome
                    assert problems(before, 40, out) == [], intent


def test_the_weakest_throw_falls_in_the_water_in_front_of_the_thrower():
    for distance in (LINE, REACH):
        out = resolve(None, View(2, 0, list(start_poses()), 1), Throw(distance, 0.0, 0.0, POWER.low, 0.0)).outcome
        mine = next(p for p in out.poses if p.card == 1)
        assert mine.layer == 0 and mine.y > HALF and not out.touched_iceberg
        assert problems(start_poses(), 1, out) == []


def test_throws_aimed_away_from_the_iceberg_leave_it_alone():
    for offset in (-SIDE, SIDE):
        for angle in (ANGLE.low, ANGLE.high):
            if (offset > 0) == (angle > 0):  # both towards one side: away from the iceberg
                for power in (0.3, 0.6, 1.0):
                    out = resolve(None, View(2, 0, list(crowded()), 40), Throw(LINE, offset, angle, power, 0.5)).outcome
                    assert next(p for p in out.poses if p.card == 40).layer == 0
                    assert [p for p in out.poses if p.card != 40] == list(crowded())
                    assert not out.touched_iceberg and out.touched == ()


def test_a_throw_into_a_crowded_iceberg():
    table = list(crowded())
    assert sum(1 for p in table if p.card < ANIMALS) == 20
    assert problems(table[1:], table[0].card, Outcome(table[0].card, tuple(table))) == []  # a valid table
    rng = random.Random(3)
    moved = 0
    for _ in range(30):
        intent = _intent(rng, aimed=True)
        out = resolve(None, View(2, 0, table, 40), intent).outcome
        assert problems(table, 40, out) == [], intent
        moved += any(p not in table for p in out.poses if p.card != 40)
    assert moved >= 3  # some throws into the crowd push cards (most ride over them on top)


def test_the_resolver_is_registered_for_iluliaq():
    assert resolvers.resolver_for("iluliaq") is resolve
    out = resolve(None, View(), Throw(LINE, 0.0, 0.0, 0.6, 0.0))
    assert isinstance(out, Thrown) and out.intent == Throw(LINE, 0.0, 0.0, 0.6, 0.0)


def test_the_resolver_refuses_what_it_cannot_simulate():
    with pytest.raises(ValueError):
        resolve(None, View(), Throw(LINE, 0.0, math.nan, 0.6, 0.0))
    with pytest.raises(TypeError):
        resolve(None, View(), "throw")


def test_the_bench_times_throws_on_a_crowded_iceberg():
    times = bench.time_throws(3)
    assert len(times) == 3 and all(t > 0 for t in times)


def test_the_trajectory_ends_where_the_resolver_says_and_changes_nothing():
    from game.iluliaq.table import Throw
    from physics.iluliaq.resolver import resolve, trajectory
    from physics.iluliaq.tables import View, crowded

    view = View(players=4, to_act=0, table=list(crowded(20)), hand=40)
    intent = Throw(360.0, 10.0, 2.0, 0.72, 0.4)
    action, frames = trajectory(view, intent)
    assert action == resolve(None, view, intent)  # recording changes nothing
    assert len(frames) >= 2
    last = {p.card: p for p in frames[-1]}
    for pose in action.outcome.poses:
        if pose.layer and pose.card in last:
            assert abs(last[pose.card].x - pose.x) < 40 and abs(last[pose.card].y - pose.y) < 40
