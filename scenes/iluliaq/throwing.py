"""Input to intents: a slingshot pull on the screen becomes a ``Throw`` in the seat's own frame (the
release point's distance and offset along the seat's axis, the aim's angle off the centre line, the
power and the spin, each clamped to the rules' parameters), and the pointer over the iceberg becomes
the dodo's ``Place``. The maths of the seat's frame is ``game/iluliaq/table.py``'s."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.i18n import _
from game.core.spaces import Param
from game.iluliaq.table import (
    ANGLE,
    FLIGHT,
    OFFSET,
    PLACE_TURN,
    PLACE_X,
    PLACE_Y,
    POWER,
    SPIN,
    Place,
    Pose,
    Throw,
    aim,
    angle_toward,
    release_distance,
    release_point,
    seat_frame,
    supports,
)
from scenes.iluliaq.view import TableView
from scenes.kit.slingshot import Aim, Curve

TURN_STEP = 15.0
"""Degrees a wheel notch or a Q/E press turns the dodo's card."""
KEY_ANGLE = 2.0
KEY_POWER = 0.02
KEY_MOVE = 4.0
"""mm an arrow key moves the dodo's card."""
KEY_BEHIND = 20.0
"""mm behind the line a keyboard throw is let go from."""


def clamp(p: Param, value: float) -> float:
    return min(max(value, p.low), p.high)


def distance_param(seat: int, players: int, kids: bool) -> Param:
    """How far from the iceberg's centre, along its axis, a seat may let go (the rules' own: behind
    its trampoline line, which lies farther out for a seat facing a corner)."""
    return release_distance(seat, players, kids)


def why_not_here(distance: float, offset: float, seat: int, players: int, kids: bool) -> str | None:
    """Why a throw cannot be let go from there (None: it can)."""
    if abs(offset) > OFFSET.high:
        return _("Throw from your own side of the table.")
    if distance < distance_param(seat, players, kids).low:
        return _("Throw from outside the box.") if kids else _("Throw from behind your trampoline.")
    if distance > distance_param(seat, players, kids).high:
        return _("Come a little closer to the iceberg.")
    return None


def release_at(view: TableView, pos: tuple[float, float], seat: int, players: int) -> tuple[float, float]:
    x, y = view.to_table(*pos)
    return seat_frame(seat, players, x, y)


REACH = Curve(((0.0, 0.2), (0.25, 0.76), (0.8, 1.04), (1.0, 1.6)))
"""The share of a full pull -> how far the card flies before it touches down, as a share of the way
from where it is let go to the iceberg's centre. The middle half of the pull (a flat stretch) lands
it between the near edge and just past the centre, wherever the thrower stands (a seat farther off,
a child close by); shorter pulls fall short, longer ones fly over."""


def power_of(share: float, distance: float) -> float:
    """The power of a pull of ``share`` of a full pull let go ``distance`` mm from the iceberg's centre."""
    return clamp(POWER, REACH.at(share) * distance / FLIGHT)


def share_of(power: float, distance: float) -> float:
    """The share of a full pull that throws with ``power`` from ``distance`` mm (``power_of``'s inverse)."""
    return REACH.inverse(power * FLIGHT / max(1.0, distance))


def throw_of(view: TableView, a: Aim, seat: int, players: int, kids: bool) -> Throw:
    """The intent of a pull: released where it was pressed, the screen's aim turned into the
    table's, its length into a power (``power_of``), everything clamped to what the rules allow."""
    x, y = view.to_table(*a.start)
    distance, offset = seat_frame(seat, players, x, y)
    dx, dy = view.table_way(x, y, a.direction)
    return Throw(clamp(distance_param(seat, players, kids), distance), clamp(OFFSET, offset),
                 clamp(ANGLE, angle_toward(seat, players, dx, dy)), power_of(a.power, math.hypot(x, y)),
                 clamp(SPIN, a.spin))


def pull_share(throw: Throw) -> float:
    """The share of a full pull that throws ``throw`` (its power, from where it is let go)."""
    return share_of(throw.power, math.hypot(throw.distance, throw.offset))


def start_of(throw: Throw, seat: int, players: int) -> tuple[float, float]:
    return release_point(seat, players, throw.distance, throw.offset)


def screen_direction(view: TableView, throw: Throw, seat: int, players: int) -> tuple[float, float]:
    """The throw's aim as it looks on the screen from where it is let go (a unit vector)."""
    x, y = start_of(throw, seat, players)
    return view.screen_way(x, y, aim(seat, players, throw.angle))


def keyboard_throw(seat: int, players: int, kids: bool) -> Throw:
    """The throw arrow keys start from: straight at the middle, from just behind the line, half power."""
    low = distance_param(seat, players, kids).low
    return Throw(low + KEY_BEHIND, 0.0, 0.0, 0.5, 0.0)


def nudged(throw: Throw, angle: float = 0.0, power: float = 0.0) -> Throw:
    return Throw(throw.distance, throw.offset, clamp(ANGLE, throw.angle + angle),
                 clamp(POWER, throw.power + power), throw.spin)


# --- the dodo's card laid by hand -----------------------------------------------------------------------


@dataclass
class Placing:
    """The draw deck's top card following the pointer over the iceberg (dragged, or carried under the
    pointer and laid with a click), turned by the wheel or Q/E."""

    x: float = 0.0
    y: float = 0.0
    turn: float = 0.0
    layer: int = 1
    shown: bool = False
    """Whether the pointer (or a key) has brought the card over the table yet."""
    held: bool = False
    """Whether the mouse button is down on it (it is laid where it is let go)."""

    def follow(self, view: TableView, pos: tuple[float, float], table: list[Pose], card: int) -> None:
        """Put the card's centre under the pointer at the height it would lie at (a few rounds: the
        height moves the point the pointer is over)."""
        others = [p for p in table if p.card != card]
        layer = self.layer
        for _round in range(3):
            x, y = view.to_table(pos[0], pos[1], layer)
            layer = max(1, supports(others, clamp(PLACE_X, x), clamp(PLACE_Y, y)) + 1)
        self.x, self.y = clamp(PLACE_X, x), clamp(PLACE_Y, y)
        self.layer = max(1, supports(others, self.x, self.y) + 1)
        self.shown = True

    def move(self, dx: float, dy: float, table: list[Pose], card: int) -> None:
        others = [p for p in table if p.card != card]
        self.x, self.y = clamp(PLACE_X, self.x + dx), clamp(PLACE_Y, self.y + dy)
        self.layer = max(1, supports(others, self.x, self.y) + 1)
        self.shown = True

    def rotate(self, steps: float) -> None:
        self.turn = (self.turn + steps * TURN_STEP) % 180.0

    def intent(self) -> Place:
        return Place(clamp(PLACE_X, self.x), clamp(PLACE_Y, self.y), clamp(PLACE_TURN, self.turn % 180.0))
