"""Iluliaq's bots: they aim by geometry alone (the rules cannot run the physics). A throw is let go
behind the trampoline line, straight at a target point: the card flies ``power * FLIGHT`` and then
slides to a stop, so the power is the one whose flight and slide together reach the target. Then the
bot's hand shakes it (``Hand``): the levels differ in how steady the hand is (BOTS says what they were
tuned for), and the normal and hard bots keep clear of a polar bear nothing covers (landing on it costs
a card). The dodo's card is laid on the flat middle of the iceberg. The hard level searches with the
physics (game.iluliaq.search) and throws its choice with the hard hand."""

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
    KIDS_LINE,
    LINE,
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


def aimed_throw(view: IluliaqState, space: ContinuousSpace, point: tuple[float, float],
                back: float = BEHIND_LINE) -> dict[str, float]:
    """The throw let go ``back`` mm behind the line that would stop on ``point`` on a bare table."""
    seat, players = view.to_act or 0, view.players
    line = space.param("distance")
    distance = min(line.low + back, line.high)
    rx, ry = release_point(seat, players, distance, 0.0)
    vx, vy = point[0] - rx, point[1] - ry
    angle = angle_toward(seat, players, vx, vy)
    return {"distance": distance, "offset": 0.0, "angle": angle, "power": power_for(math.hypot(vx, vy)),
            "spin": 0.0}


@dataclass(frozen=True)
class Hand:
    """How steady a bot's hand is (each error drawn by ``wobble``, so most throws are nearer)."""

    angle: float
    """Degrees the aim may be off, at most."""
    power: float
    """The share of the power the throw may be off, at most."""
    place: float
    """mm a laid card may end off the spot, at most."""
    back: float = BEHIND_LINE
    """mm behind the line the bot lets go."""

    def throw(self, values: dict[str, float], rng: Rng) -> dict[str, float]:
        """``values`` (an aimed throw) as this hand lets it go."""
        values["angle"] += self.angle * wobble(rng)
        values["power"] *= 1.0 + self.power * wobble(rng)
        return values


@dataclass(frozen=True)
class AimBot:
    hand: Hand
    kids_hand: Hand
    """Its hand in kids' mode, where everyone may throw from just outside the box."""
    careful: bool
    """Whether it aims clear of the polar bears nothing covers."""

    def steady(self, kids: bool) -> Hand:
        return self.kids_hand if kids else self.hand

    def choose(self, game: Any, view: IluliaqState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        assert isinstance(legal, ContinuousSpace)
        hand = self.steady(view.kids)
        turn = 0.0 if legal.action_type is Place else facing(view.to_act or 0, view.players)
        point = target(view.table, self.careful, turn)
        if legal.action_type is Place:
            values = {"x": point[0] + hand.place * wobble(rng), "y": point[1] + hand.place * wobble(rng),
                      "turn": 0.0}
            return clamped(legal, values)
        assert legal.action_type is Throw
        return clamped(legal, hand.throw(aimed_throw(view, legal, point, hand.back), rng))


STEADY = Hand(angle=0.0, power=0.0, place=0.0)
"""A hand that throws just as it aims (the hint's)."""
KIDS_BACK = LINE - KIDS_LINE
"""mm behind the kids' line that puts a release point as far out as a trampoline line: in kids' mode
the bots stand back where a grown-up would, so a child throwing from close by can win."""
BOTS = {
    "easy": AimBot(Hand(angle=22.0, power=0.7, place=25.0), Hand(angle=22.0, power=0.7, place=25.0, back=200.0),
                   careful=False),
    "normal": AimBot(Hand(angle=12.0, power=0.35, place=8.0), Hand(angle=12.0, power=0.35, place=8.0, back=KIDS_BACK),
                     careful=True),
    "hard": AimBot(Hand(angle=7.0, power=0.2, place=2.0), Hand(angle=7.0, power=0.2, place=2.0, back=KIDS_BACK),
                   careful=True),
}
"""Tuned (December 2026, whole games of 2 to 6 players with the real physics, every seat at one level;
rerun with ``polar-table selfplay iluliaq --games N --players P --level L [--kids]``) so that the share
of throws landing on the iceberg is: easy about a third, as a first-time player's; normal about two
thirds; hard (this hand after its search, game.iluliaq.search) about nine in ten. In kids' mode the
easy bot lets go 200 mm behind the kids' line and lands a little under half its throws, so a child who
misses about as often still wins (it used to land every throw and win in the fewest throws)."""
