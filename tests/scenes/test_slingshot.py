"""The slingshot: the throw goes away from the pull, its power grows with the pull's length, a tap
throws nothing, and a twist across the line at the release gives spin."""

from __future__ import annotations

import math

import pytest

from scenes.kit.slingshot import Slingshot


def pull(sling: Slingshot, start, end, steps: int = 10, t0: float = 0.0, dt: float = 0.02):
    sling.press(start, t0)
    for k in range(1, steps + 1):
        f = k / steps
        sling.move((start[0] + (end[0] - start[0]) * f, start[1] + (end[1] - start[1]) * f), t0 + k * dt)
    return t0 + steps * dt


def test_the_throw_goes_away_from_the_pull_with_power_from_its_length():
    sling = Slingshot(full_pull=200)
    t = pull(sling, (500, 400), (500, 500))  # pulled 100 px down
    aim = sling.release((500, 500), t + 0.2)  # held still before letting go: no spin
    assert aim is not None and aim.start == (500.0, 400.0)
    assert aim.direction == pytest.approx((0.0, -1.0)) and aim.power == pytest.approx(0.5)
    assert aim.spin == 0.0 and not sling.held
    t = pull(sling, (500, 400), (200, 700))  # far beyond full: full power, thrown up-right
    aim = sling.release((200, 700), t + 0.2)
    assert aim.power == 1.0 and aim.direction == pytest.approx((math.sqrt(0.5), -math.sqrt(0.5)))


def test_a_tap_or_a_short_pull_throws_nothing():
    sling = Slingshot(full_pull=200, dead_pull=12)
    sling.press((10, 10), 0.0)
    assert sling.aim() is None and sling.release((15, 15), 0.1) is None
    assert not sling.held


@pytest.mark.parametrize("sideways,sign", [(60, 1), (-60, -1)])
def test_twisting_across_the_line_while_letting_go_gives_spin(sideways, sign):
    sling = Slingshot(full_pull=200, full_spin=900)
    t = pull(sling, (500, 400), (500, 560))  # a throw straight up the screen
    sling.move((500 + sideways / 2, 560), t + 0.03)
    aim = sling.release((500 + sideways, 560), t + 0.06)  # moving right of the flight: clockwise
    assert aim is not None and sign * aim.spin > 0.5
    assert aim.power == pytest.approx(min(1.0, math.hypot(sideways, 160) / 200))
