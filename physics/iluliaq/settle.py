"""Stepping a world to rest: fixed time steps, the layers checked as cards move; it is rest when
every card is still, nothing is left to drop and no two cards of one layer are still being pushed
apart."""

from __future__ import annotations

from collections.abc import Callable

from game.iluliaq.table import CARD_MASS
from physics.iluliaq import heights
from physics.iluliaq.world import World

DT = 1.0 / 240.0
CHECK_EVERY = 2
"""Steps between checks of speeds and layers (a card at full speed moves 7.5 mm between them)."""
REST_SPEED = 1.0
"""mm/s: a card whose kinetic energy is under that of this speed has stopped (spinning, about 0.03
rad/s)."""
REST_ENERGY = CARD_MASS * REST_SPEED**2 / 2
SETTLE = 0.05
"""s after a card changed layer before it can be called rest (pymunk pushes overlaps apart meanwhile)."""
OVERLAP = 0.3
"""mm: cards of one layer reaching deeper into each other than this are still being pushed apart."""
MAX_TIME = 6.0
"""s of simulated time at most (a full-power throw into a crowd rests in well under a second)."""


def _moving(world: World) -> list[int]:
    return [card for card, c in world.cards.items() if c.body.kinetic_energy > REST_ENERGY]


FRAME_STEPS = 4
"""Steps between two recorded frames: 60 a second."""


def run(world: World, record: Callable[[World], None] | None = None) -> float:
    """Step ``world`` until everything rests (or MAX_TIME); return the simulated seconds.
    ``record`` (for the table's animation) is called with the world every 1/60 s of it."""
    settle = round(SETTLE / DT)
    last = 0
    steps = round(MAX_TIME / DT)
    for step in range(1, steps + 1):
        world.space.step(DT)
        if record is not None and step % FRAME_STEPS == 0:
            record(world)
        if step % CHECK_EVERY:
            continue
        moving = _moving(world)
        if heights.update(world, moving):
            last = step
            continue
        if moving or step - last < settle:
            continue
        # overlap pushes move cards without speed, so check every card once before calling it rest
        if heights.update_all(world):
            last = step
            continue
        if world.deepest_overlap() > OVERLAP:
            continue
        return step * DT
    heights.update_all(world)
    return MAX_TIME
