"""Iluliaq's resolver: ``resolve(game, view, intent)`` turns a Throw or a Place into the full action,
every card's resting pose and layer included. Registered in ``physics.resolvers`` as "iluliaq".

Deterministic: the same view and intent give the same outcome on one machine (fixed steps, cards
added in id order, no randomness)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pymunk

from game.iluliaq.lying import bitten, lying_layer
from game.iluliaq.table import Outcome, Place, Placed, Pose, TableView, Throw, Thrown
from physics.iluliaq import geometry, settle
from physics.iluliaq.flight import touchdown
from physics.iluliaq.world import THROWN, World

DIGITS = 2
"""Poses are rounded to 0.01 mm and 0.01 degree."""


def resolve(game: Any, view: TableView, intent: Throw | Place) -> Thrown | Placed:
    return _resolve(view, intent, None)


def trajectory(view: TableView, intent: Throw | Place,
               between: Callable[[], None] | None = None) -> tuple[Thrown | Placed, list[tuple[Pose, ...]]]:
    """The full action as ``resolve`` gives it, and the poses of every card 60 times a second from
    the touch-down to rest (unrounded, layers as they were then), for the table to play back.
    ``between`` is called after each recorded frame (a worker thread giving way to the app's frame)."""
    frames: list[tuple[Pose, ...]] = []

    def record(world: World) -> None:
        frames.append(tuple(world.poses()))
        if between is not None:
            between()

    action = _resolve(view, intent, record)
    return action, frames


def _resolve(view: TableView, intent: Throw | Place, record: Any) -> Thrown | Placed:
    if isinstance(intent, Throw):
        names = ("distance", "offset", "angle", "power", "spin")
    elif isinstance(intent, Place):
        names = ("x", "y", "turn")
    else:
        raise TypeError(f"Iluliaq's physics resolves a Throw or a Place, not {type(intent).__name__}")
    if not all(math.isfinite(getattr(intent, name)) for name in names):
        raise ValueError(f"Iluliaq's physics needs finite numbers, not {intent!r}")
    card = view.card_in_hand()
    if isinstance(intent, Place):
        return Placed(intent, simulate(view.table, card, (intent.x, intent.y, intent.turn), (0.0, 0.0), 0.0, record))
    seat = view.to_act if view.to_act is not None else 0
    land = touchdown(seat, view.players, intent)
    return Thrown(intent, simulate(view.table, card, (land.x, land.y, land.turn), (land.vx, land.vy), land.spin,
                                   record))


def simulate(table: list[Pose] | tuple[Pose, ...], card: int, at: tuple[float, float, float],
             velocity: tuple[float, float], spin: float, record: Any = None) -> Outcome:
    """Put ``card`` down at ``at`` (x, y, turn) moving at ``velocity`` and ``spin``, on top of every card
    it lies over (``lying_layer``), and run the world to rest."""
    table = sorted((p for p in table if p.card != card), key=lambda p: p.card)
    x, y, turn = at
    layer = lying_layer(table, Pose(card, x, y, turn, 0))
    if layer == 0:
        mine = Pose(card, x, y, turn, 0)
        poses = geometry.drop_unheld([_rounded(p) for p in [*table, mine]])
        return Outcome(card, tuple(poses), (), geometry.brushes_iceberg(table, mine))
    world = World(table)
    touched: set[int] = set()

    def touch(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: Any) -> None:
        if not world.same_layer(arbiter):
            return
        for shape in arbiter.shapes:
            other = world.shape_card.get(shape)
            if other is not None and other != card:
                touched.add(other)

    world.space.on_collision(THROWN, None, begin=touch)
    world.add(Pose(card, x, y, turn, layer), velocity, spin, thrown=True)
    settle.run(world, record)
    poses = geometry.drop_unheld([_rounded(p) for p in world.poses()])
    return Outcome(card, tuple(poses), tuple(sorted(touched)), True, bitten(table, poses, card))


def _rounded(pose: Pose) -> Pose:
    turn = round(pose.turn % 360.0, DIGITS) % 360.0
    return Pose(pose.card, round(pose.x, DIGITS) + 0.0, round(pose.y, DIGITS) + 0.0, turn + 0.0, pose.layer)
