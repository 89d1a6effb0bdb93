"""Where a thrown card touches down: it flies without contacts along its aim, then lands sliding."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.iluliaq.table import FLIGHT, SLIDE_SPEED, SPIN_SPEED, Throw, aim, touchdown_point

AIR_TIME = FLIGHT / SLIDE_SPEED
"""s in the air: the card flies at the speed it lands with, whatever the power (so power sets both
the distance and the speed, and the air time stays the same)."""


@dataclass(frozen=True)
class Touchdown:
    x: float
    y: float
    turn: float
    """degrees, as Pose.turn."""
    vx: float
    vy: float
    spin: float
    """rad/s, positive turns clockwise on the screen (y down)."""


def release_turn(direction: tuple[float, float]) -> float:
    """The turn (degrees) of a card held portrait along ``direction``: its long side along the throw
    and its top ahead, so the thrower sees its picture the right way up."""
    dx, dy = direction
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def touchdown(seat: int, players: int, throw: Throw) -> Touchdown:
    """The card's pose and velocity the moment it touches down (it keeps spinning in the air)."""
    x, y = touchdown_point(seat, players, throw)
    dx, dy = aim(seat, players, throw.angle)
    speed = throw.power * SLIDE_SPEED
    spin = throw.spin * SPIN_SPEED
    turn = release_turn((dx, dy)) + math.degrees(spin * AIR_TIME)
    return Touchdown(x, y, turn, dx * speed, dy * speed, spin)
