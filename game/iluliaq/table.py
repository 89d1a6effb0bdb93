"""Iluliaq's table, shared by the rules (game/iluliaq) and the physics (physics/iluliaq): the
geometry in millimetres (shared/rules/iluliaq.md 2.3, PROPOSED where the rulebook is silent), the
throw and placement intents, and the outcome the resolver returns for them.

Coordinates: top-down, x to the right, y down the screen, the iceberg's centre at (0, 0). A card's
pose is its centre, its turn in degrees (0: portrait, its long side along y) and its layer: 0 is
the table (the water), 1 a card lying on the walls' tops, 2 a card on a layer-1 card, and so on.
Seat k sits at angle ``seat_angle(k, n)`` around the iceberg, looking at its centre.

This module never imports pymunk: the resolver reads these numbers.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from game.core.contract import Action
from game.core.paths import asset
from game.core.spaces import Param

# --- sizes (mm) --------------------------------------------------------------------------------
CARD_W = 63.0
CARD_L = 88.0
"""Every card (animal, iceberg, trampoline) is 63 x 88 mm (PROPOSED: poker size)."""
HALF_DIAGONAL = math.hypot(CARD_W, CARD_L) / 2
"""mm from a card's centre to its corners."""
ICEBERG = 151.0
"""The iceberg's top is a square this wide (one card length plus one card width)."""
HALF = ICEBERG / 2
LID = 157.0
"""The box lid's outer rim around the iceberg."""
TRAMPOLINE = 3 * CARD_L
"""The trampoline line lies this far from the nearest point of the iceberg's footprint ("3 cards"),
for every seat (``line``)."""
LINE = HALF + TRAMPOLINE
"""mm from the centre of the line of a seat facing a side of the iceberg square on (the nearest any
seat's line comes; a seat's own is ``line``)."""
KIDS_CLEAR = CARD_W / 2
"""Kids' mode has no trampoline: a release point only has to clear the box's rim by this much."""
KIDS_LINE = LID / 2 + KIDS_CLEAR
"""``LINE`` in kids' mode."""
REACH = 650.0
"""The farthest a release point may be from the centre."""
SIDE = 160.0
"""How far left or right of a seat's axis its release point may be."""

ANIMALS = 64
FRAME = (64, 65, 66, 67)
"""The 4 iceberg cards lying on the walls (layer 1), as a pinwheel around the central gap."""
CAP = (68, 69)
"""The 2 iceberg cards closing the gap (layer 2)."""
TOP = FRAME + CAP
WALLS = tuple(range(70, 78))
"""The 8 upright iceberg cards: fixed, never moved, never thrown (they only hold the top up)."""
MAX_LAYER = 2 + ANIMALS
"""The highest layer a card can rest at: every animal card piled on a cap card (layer 2). Positions
and outcomes above it are refused, and the physics holds every layer up to it (its collision bits
repeat every 32 layers, so it keeps cards of different layers apart itself)."""

FRAME_POSES = ((-31.5, -44.0, 90.0), (44.0, -31.5, 0.0), (31.5, 44.0, 90.0), (-44.0, 31.5, 0.0))
"""(x, y, turn) of the frame cards: the spec's pinwheel (x 0-88 y 0-63, x 88-151 y 0-88, x 63-151
y 88-151, x 0-63 y 63-151 from the iceberg's top-left corner), centred."""
CAP_POSES = ((-31.0, -0.5, 0.0), (32.0, -0.5, 0.0))
"""The cap cards, portrait, side by side over the gap (x 13-76 and 76-139, y 31-119)."""

# --- throwing (the resolver reads these) ---------------------------------------------------------
FLIGHT = 520.0
"""mm a card flies through the air at full power before it touches down."""
SLIDE_SPEED = 900.0
"""mm/s a card still moves at when it touches down, at full power."""
SPIN_SPEED = 12.0
"""rad/s of turn at full spin."""
MU = 0.35
"""Sliding friction between cards (and of a card on the table)."""
G = 9810.0
"""mm/s²."""
CARD_MASS = 2.0
"""g."""
FARTHEST = math.hypot(REACH, SIDE) + FLIGHT
"""mm: no card can lie farther than this from the iceberg's centre (the farthest release point and a
full flight: a card that touches down in the water stays there, one on the iceberg ends near it)."""
TURNS = 360.0
"""A card's turn is given in degrees, at most one full turn either way."""


@cache
def card_data() -> dict[str, Any]:
    return json.loads(asset("data/iluliaq/cards.json").read_text(encoding="utf-8"))


@cache
def _types() -> tuple[str, ...]:
    data = card_data()
    return tuple(kind for kind in data["order"] for _i in range(data["types"][kind]["count"]))


def animal_type(card: int) -> str:
    """penguin, dodo, lynx, bear or seal for an animal card; "iceberg" for a top iceberg card."""
    return "iceberg" if card >= ANIMALS else _types()[card]


class TableView(Protocol):
    """What a resolver reads of the rules' view (game/iluliaq/state.py provides it)."""

    players: int
    to_act: int | None
    table: list[Pose]
    """Every top iceberg card and animal card on the table, the seals in the water included."""

    def card_in_hand(self) -> int:
        """The card the seat to act throws (a Throw) or lays by hand (a Place)."""
        ...


def seat_angle(seat: int, players: int) -> float:
    """Where seat ``seat`` sits, in radians: seat 0 at the bottom of the screen (+y), then clockwise
    as seen from above."""
    return math.pi / 2 + 2 * math.pi * seat / players


def line(seat: int, players: int, kids: bool = False) -> float:
    """mm from the iceberg's centre, along seat ``seat``'s axis, to its trampoline line: a line square
    to the axis whose nearest point lies TRAMPOLINE from the iceberg's footprint (in kids' mode,
    KIDS_CLEAR from the box's rim), whichever way the seat faces the square (a diagonal seat's line
    lies farther out along its axis, level with the corner)."""
    a = seat_angle(seat, players)
    corner = round(abs(math.cos(a)) + abs(math.sin(a)), 12)  # how far a square's corner reaches along the axis
    return LID / 2 * corner + KIDS_CLEAR if kids else HALF * corner + TRAMPOLINE


def release_distance(seat: int, players: int, kids: bool = False) -> Param:
    """The distance a seat may let go from: behind its line, up to REACH. With any offset within SIDE,
    the release point lies at least TRAMPOLINE from the footprint (KIDS_CLEAR from the box's rim)."""
    return Param("distance", line(seat, players, kids), REACH, unit=DISTANCE.unit)


def release_point(seat: int, players: int, distance: float, offset: float) -> tuple[float, float]:
    """The release point ``distance`` from the centre along the seat's axis, ``offset`` to the
    thrower's left (facing the iceberg)."""
    a = seat_angle(seat, players)
    ux, uy = math.cos(a), math.sin(a)
    return (ux * distance - uy * offset, uy * distance + ux * offset)


def aim(seat: int, players: int, angle: float) -> tuple[float, float]:
    """The unit direction of a throw from seat ``seat``: towards the centre line, turned ``angle``
    degrees (positive to the thrower's left, facing the iceberg)."""
    a = seat_angle(seat, players) + math.pi - math.radians(angle)
    return (math.cos(a), math.sin(a))


def seat_frame(seat: int, players: int, x: float, y: float) -> tuple[float, float]:
    """(distance, offset) of the table point (x, y) for seat ``seat``: the inverse of ``release_point``."""
    a = seat_angle(seat, players)
    ux, uy = math.cos(a), math.sin(a)
    return x * ux + y * uy, -x * uy + y * ux


def angle_toward(seat: int, players: int, dx: float, dy: float) -> float:
    """The throw angle (degrees, as ``aim`` reads it) of the table direction (dx, dy): its inverse."""
    a = seat_angle(seat, players) + math.pi - math.atan2(dy, dx)
    return math.degrees(math.atan2(math.sin(a), math.cos(a)))


def touchdown_point(seat: int, players: int, throw: Throw) -> tuple[float, float]:
    """Where a thrown card first touches the table: ``power * FLIGHT`` along its aim from its release."""
    rx, ry = release_point(seat, players, throw.distance, throw.offset)
    dx, dy = aim(seat, players, throw.angle)
    return rx + dx * throw.power * FLIGHT, ry + dy * throw.power * FLIGHT


def corners(x: float, y: float, turn: float) -> list[tuple[float, float]]:
    """The four corners of a card lying at (x, y) turned ``turn`` degrees."""
    t = math.radians(turn)
    c, s = math.cos(t), math.sin(t)
    hw, hl = CARD_W / 2, CARD_L / 2
    return [(x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))]


def contains(pose: Pose, x: float, y: float) -> bool:
    """Whether the point (x, y) lies over the card at ``pose``."""
    dx, dy = x - pose.x, y - pose.y
    if abs(dx) > HALF_DIAGONAL or abs(dy) > HALF_DIAGONAL:
        return False
    t = math.radians(pose.turn)
    lx = dx * math.cos(t) + dy * math.sin(t)
    ly = -dx * math.sin(t) + dy * math.cos(t)
    return abs(lx) <= CARD_W / 2 and abs(ly) <= CARD_L / 2


def over_iceberg(x: float, y: float) -> bool:
    """Whether (x, y) lies over the walls' footprint (what holds layer 1 up)."""
    return abs(x) <= HALF and abs(y) <= HALF


# --- intents and outcomes --------------------------------------------------------------------------
DISTANCE = Param("distance", LINE, REACH, unit="mm from the iceberg's centre, along your seat's axis")
"""The release distance of a seat facing a side square on; every seat's own is ``release_distance``."""
OFFSET = Param("offset", -SIDE, SIDE, unit="mm to your left of your seat's axis")
ANGLE = Param("angle", -40.0, 40.0, unit="degrees to your left of straight at the iceberg's centre line")
POWER = Param("power", 0.05, 1.0, unit="share of full strength")
SPIN = Param("spin", -1.0, 1.0, unit="share of full spin, positive turns clockwise")
PLACE_X = Param("x", -HALF - CARD_L / 2, HALF + CARD_L / 2, unit="mm right of the iceberg's centre")
PLACE_Y = Param("y", -HALF - CARD_L / 2, HALF + CARD_L / 2, unit="mm below the iceberg's centre")
PLACE_TURN = Param("turn", 0.0, 180.0, unit="degrees")


@dataclass(frozen=True)
class Throw(Action):
    """The intent of a throw: where you let go (behind your trampoline), which way, how hard, how
    much spin. The physics works out where everything ends."""

    kind = "throw"
    distance: float
    offset: float
    angle: float
    power: float
    spin: float


@dataclass(frozen=True)
class Place(Action):
    """The dodo's gift: where the top card of the draw deck is laid by hand (its centre and turn)."""

    kind = "place"
    x: float
    y: float
    turn: float


@dataclass(frozen=True)
class Pose:
    card: int
    x: float
    y: float
    turn: float
    layer: int
    """0: in the water (on the table); 1 and up: on the iceberg, one more than what it rests on."""


@dataclass(frozen=True)
class Outcome:
    """What the physics made of a throw or a placement, once everything rests."""

    card: int
    """The card thrown (or placed)."""
    poses: tuple[Pose, ...]
    """Every top iceberg card and animal card on the table afterwards, by card id (those in the
    water with layer 0, the seals that stayed there from earlier throws included)."""
    touched: tuple[int, ...] = ()
    """The cards the thrown card touched (by id)."""
    touched_iceberg: bool = False
    """Whether the thrown card touched the iceberg or a card on it (the seal's rule)."""
    on_bear: int | None = None
    """The uncovered polar bear the card in play came to rest on (``lying.bitten``), if any."""


@dataclass(frozen=True)
class Thrown(Action):
    """The full action: the intent and its outcome (the record keeps it, so replays never simulate)."""

    kind = "thrown"
    intent: Throw
    outcome: Outcome


@dataclass(frozen=True)
class Placed(Action):
    kind = "placed"
    intent: Place
    outcome: Outcome


def start_poses() -> tuple[Pose, ...]:
    """The built iceberg: the frame on the walls, the cap on the frame."""
    frame = [Pose(card, x, y, turn, 1) for card, (x, y, turn) in zip(FRAME, FRAME_POSES)]
    cap = [Pose(card, x, y, turn, 2) for card, (x, y, turn) in zip(CAP, CAP_POSES)]
    return tuple(frame + cap)


def supports(poses: tuple[Pose, ...] | list[Pose], x: float, y: float, below: int | None = None) -> int:
    """The layer a card whose centre is at (x, y) rests on: the highest card (of layer under
    ``below``, when given) lying under that point, 0 over the bare walls' tops (which hold layer 1),
    -1 over the water."""
    best = 0 if over_iceberg(x, y) else -1
    for p in poses:
        if p.layer >= 1 and (below is None or p.layer < below) and p.layer > best and contains(p, x, y):
            best = p.layer
    return best
