"""Iluliaq's bots: they aim by geometry alone (the rules cannot run the physics). A throw is let go
just behind the trampoline line, straight at a target point: the card flies ``power * FLIGHT`` and
then slides to a stop, so the power is the one whose flight and slide together reach the target.
The dodo's card is laid on the flat middle of the iceberg. The levels differ in how steady the hand
is, and the normal and hard bots keep clear of a polar bear nothing covers (landing on it costs a
card). A hard bot that searches with the physics can replace the hard level later.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.core.contract import Action
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace
from game.iluliaq.lying import overlaps, uncovered_bears
from game.iluliaq.state import IluliaqState
from game.iluliaq.table import (
    FLIGHT,
    MU,
    SLIDE_SPEED,
    G,
    Place,
    Pose,
    Throw,
    angle_toward,
    release_point,
    seat_angle,
)

SLIDE = SLIDE_SPEED**2 / (2 * MU * G)
"""mm a card slides after touching down at full power (the slide grows with the square of power)."""
BEHIND_LINE = 10.0
"""mm behind the trampoline line the bots let go."""
TARGETS = tuple((x, y) for r in (0.0, 20.0, 40.0) for x, y in
                ((r, 0.0), (-r, 0.0), (0.0, r), (0.0, -r)))
"""Points the bots aim at, nearest the centre first."""


def power_for(length: float) -> float:
    """The power whose flight and slide together cover ``length`` mm."""
    return (-FLIGHT + math.sqrt(FLIGHT**2 + 4 * SLIDE * length)) / (2 * SLIDE)


def free_of_bears(table: list[Pose], x: float, y: float, turn: float = 0.0) -> bool:
    """Whether a card stopping at (x, y) turned ``turn`` lies over no uncovered polar bear."""
    return not any(overlaps(bear, Pose(-1, x, y, turn, 0)) for bear in uncovered_bears(table))


def target(table: list[Pose], careful: bool, turn: float = 0.0) -> tuple[float, float]:
    """The point to aim at: the middle, or for a careful bot the first of TARGETS where a card turned
    ``turn`` would stay clear of an uncovered polar bear (the middle if none is)."""
    if careful:
        for x, y in TARGETS:
            if free_of_bears(table, x, y, turn):
                return x, y
    return 0.0, 0.0


def facing(seat: int, players: int) -> float:
    """The turn of a card thrown straight from ``seat`` (it flies lengthwise, see physics' flight)."""
    return math.degrees(seat_angle(seat, players)) - 90.0


def wobble(rng: Rng) -> float:
    """A number in [-1, 1], most often near 0."""
    return (rng.randbelow(1_000_001) + rng.randbelow(1_000_001)) / 1_000_000 - 1.0


def clamped(space: ContinuousSpace, values: dict[str, float]) -> Action:
    for p in space.params:
        values[p.name] = min(max(values[p.name], p.low), p.high)
    values.update(space.fixed)
    return space.action_type(**values)


def aimed_throw(view: IluliaqState, space: ContinuousSpace, point: tuple[float, float]) -> dict[str, float]:
    """The throw from just behind the line that would stop on ``point`` on a bare table."""
    seat, players = view.to_act or 0, view.players
    line = space.param("distance")
    distance = min(line.low + BEHIND_LINE, line.high)
    rx, ry = release_point(seat, players, distance, 0.0)
    vx, vy = point[0] - rx, point[1] - ry
    angle = angle_toward(seat, players, vx, vy)
    return {"distance": distance, "offset": 0.0, "angle": angle, "power": power_for(math.hypot(vx, vy)),
            "spin": 0.0}


@dataclass(frozen=True)
class AimBot:
    angle: float
    """Degrees the aim may be off, at most."""
    power: float
    """The share of the power the throw may be off, at most."""
    hand: float
    """mm a laid card may end off the spot, at most."""
    careful: bool

    def choose(self, game: Any, view: IluliaqState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        assert isinstance(legal, ContinuousSpace)
        turn = 0.0 if legal.action_type is Place else facing(view.to_act or 0, view.players)
        point = target(view.table, self.careful, turn)
        if legal.action_type is Place:
            values = {"x": point[0] + self.hand * wobble(rng), "y": point[1] + self.hand * wobble(rng),
                      "turn": 0.0}
            return clamped(legal, values)
        assert legal.action_type is Throw
        values = aimed_throw(view, legal, point)
        values["angle"] += self.angle * wobble(rng)
        values["power"] *= 1.0 + self.power * wobble(rng)
        return clamped(legal, values)


BOTS = {
    "easy": AimBot(angle=7.0, power=0.25, hand=25.0, careful=False),
    "normal": AimBot(angle=2.5, power=0.08, hand=8.0, careful=True),
    "hard": AimBot(angle=1.0, power=0.03, hand=2.0, careful=True),
}
