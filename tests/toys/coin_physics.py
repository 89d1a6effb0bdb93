"""The resolver of the toy game Flick: a top-down pymunk table on which coins slide until they rest.

Importing this module registers it (``physics.resolvers.register("toy_coin", resolve)``). The rules
(``tests.toys.coin``) never import it: a record holds each throw's outcome, so replay needs no
physics.
"""

from __future__ import annotations

import math
from typing import Any

import pymunk

from physics import resolvers
from tests.toys.coin import (
    COIN_RADIUS,
    CURL,
    FELT,
    LENGTH,
    MAX_SPEED,
    RELEASE_Y,
    WIDTH,
    Flick,
    FlickState,
    Landed,
    Outcome,
    Spot,
)

DT = 1.0 / 120.0
MAX_SECONDS = 20.0
REST_SPEED = 0.5
"""cm/s: slower than this, a coin has stopped."""
COIN = 1
"""The pymunk collision type of a coin."""


def resolve(game: Any, view: FlickState, intent: Flick) -> Landed:
    """Simulate ``intent`` on the table of ``view`` until every coin rests."""
    space = pymunk.Space()
    space.damping = FELT
    bodies: dict[int, pymunk.Body] = {}
    coin_of: dict[pymunk.Shape, int] = {}

    def add(coin: int, x: float, y: float) -> pymunk.Body:
        body = pymunk.Body(1.0, pymunk.moment_for_circle(1.0, 0.0, COIN_RADIUS))
        body.position = (x, y)
        shape = pymunk.Circle(body, COIN_RADIUS)
        shape.elasticity = 0.9
        shape.friction = 0.3
        shape.collision_type = COIN
        space.add(body, shape)
        bodies[coin] = body
        coin_of[shape] = coin
        return body

    for spot in view.table:
        add(spot.coin, spot.x, spot.y)
    thrown = view.thrown
    body = add(thrown, intent.x, RELEASE_Y)
    heading = math.radians(intent.angle)
    speed = MAX_SPEED * intent.power
    body.velocity = (speed * math.sin(heading), speed * math.cos(heading))
    body.angular_velocity = -4.0 * intent.spin

    touches: set[tuple[int, int]] = set()

    def touched(arbiter: pymunk.Arbiter, _space: pymunk.Space, _data: Any) -> None:
        a, b = (coin_of[s] for s in arbiter.shapes)
        touches.add((min(a, b), max(a, b)))

    space.on_collision(COIN, COIN, begin=touched)
    off: list[int] = []
    for _ in range(int(MAX_SECONDS / DT)):
        if thrown in bodies and intent.spin:
            turn = -CURL * intent.spin * DT  # positive spin curls right (towards +x)
            vx, vy = body.velocity
            c, s = math.cos(turn), math.sin(turn)
            body.velocity = (vx * c - vy * s, vx * s + vy * c)
        space.step(DT)
        for coin, b in list(bodies.items()):
            x, y = b.position
            if not (0.0 <= x <= WIDTH and 0.0 <= y <= LENGTH):
                space.remove(b, *b.shapes)
                del bodies[coin]
                off.append(coin)
        if all(b.velocity.length < REST_SPEED for b in bodies.values()):
            break
    rest = tuple(Spot(coin, round(b.position.x, 3), round(b.position.y, 3)) for coin, b in sorted(bodies.items()))
    rest = tuple(Spot(s.coin, min(max(s.x, 0.0), WIDTH), min(max(s.y, 0.0), LENGTH)) for s in rest)
    return Landed(intent, Outcome(thrown, rest, tuple(sorted(off)), tuple(sorted(touches))))


resolvers.register("toy_coin", resolve)
