"""A stand-in for Iluliaq's physics resolver, pure geometry: Iluliaq's own tests (rules, bots) throw with it.

A thrown card touches down at release + power * FLIGHT along the aim and stops there; it rests one
layer above the highest card under its centre (``supports``), or in the water over nothing. Nothing
is pushed, except that a landing with a hard spin (|spin| > KNOCK) knocks the card it lands on off
the iceberg, so that the water rule and the iceberg cards' fall get played in random games too;
whatever rested on the knocked card settles lower, or falls. A card ending in the water within half
a card of the iceberg touched it on the way (the seal's rule). A laid card rests where it is laid.
"""

from __future__ import annotations

import math
from typing import Any

from game.iluliaq.table import (
    CARD_L,
    FLIGHT,
    HALF,
    Outcome,
    Place,
    Placed,
    Pose,
    Throw,
    Thrown,
    aim,
    animal_type,
    contains,
    release_point,
    seat_angle,
    supports,
)

KNOCK = 0.8


def support_of(table: list[Pose], x: float, y: float, layer: int) -> int | None:
    """The card of ``layer`` under (x, y), if any."""
    return next((p.card for p in table if p.layer == layer and contains(p, x, y)), None)


def settle(poses: list[Pose]) -> list[Pose]:
    """Each card, lowest first, rests one above the highest card still under it that lay lower than
    it did, or falls into the water: a card whose support stayed keeps its layer."""
    done: list[tuple[Pose, int]] = []
    for pose in sorted(poses, key=lambda p: (p.layer, p.card)):
        if pose.layer == 0:
            done.append((pose, 0))
            continue
        lower = [p for p, was in done if was < pose.layer and p.layer >= 1]
        under = supports(lower, pose.x, pose.y)
        done.append((Pose(pose.card, pose.x, pose.y, pose.turn, under + 1 if under >= 0 else 0), pose.layer))
    return sorted((p for p, _was in done), key=lambda p: p.card)


def knocked_off(pose: Pose) -> Pose:
    """Where a knocked card lands: straight out from the centre, beyond the iceberg's edge."""
    a = math.atan2(pose.y, pose.x) if (pose.x or pose.y) else 0.0
    r = HALF * math.sqrt(2) + CARD_L
    return Pose(pose.card, r * math.cos(a), r * math.sin(a), pose.turn, 0)


def near_iceberg(x: float, y: float) -> bool:
    return abs(x) <= HALF + CARD_L / 2 and abs(y) <= HALF + CARD_L / 2


def outcome(table: list[Pose], card: int, x: float, y: float, turn: float, knock: bool) -> Outcome:
    under = supports(table, x, y)
    layer = under + 1 if under >= 0 else 0
    resting = support_of(table, x, y, under) if under >= 1 else None
    poses = list(table)
    if knock and resting is not None:
        poses = [knocked_off(p) if p.card == resting else p for p in poses]
    poses = settle([*poses, Pose(card, x, y, turn, layer)])
    final = next(p for p in poses if p.card == card)
    bear = None
    if resting is not None and not knock and final.layer >= 2 and animal_type(resting) == "bear":
        bear = resting
    touched = (resting,) if resting is not None else ()
    return Outcome(card, tuple(poses), touched, layer >= 1 or near_iceberg(x, y), bear)


def resolve(game: Any, view: Any, intent: Any) -> Any:
    table = list(view.table)
    card = view.card_in_hand()
    if isinstance(intent, Place):
        return Placed(intent, outcome(table, card, intent.x, intent.y, intent.turn, False))
    assert isinstance(intent, Throw)
    seat, players = view.to_act, view.players
    rx, ry = release_point(seat, players, intent.distance, intent.offset)
    dx, dy = aim(seat, players, intent.angle)
    x, y = rx + intent.power * FLIGHT * dx, ry + intent.power * FLIGHT * dy
    turn = (math.degrees(seat_angle(seat, players)) + 90.0 * intent.spin) % 180.0
    return Thrown(intent, outcome(table, card, x, y, turn, abs(intent.spin) > KNOCK))
