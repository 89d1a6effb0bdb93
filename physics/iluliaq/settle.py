"""Stepping a world to rest: fixed time steps, the layers checked as cards move; once every card is
still, the cards lying on an edge are laid flat, and it is rest when nothing is left to drop, lay or
push apart."""

from __future__ import annotations

from collections.abc import Callable

from game.iluliaq.table import CARD_MASS
from physics.iluliaq import ghosts, heights
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
MAX_LAYS = 40
"""Rounds of laying cards flat (one layer up or off an edge each) before pymunk pushes the rest apart."""
HEAVY_TIME = 0.25
"""s a card is pushed off heavy cards at most; after that everything it overlaps is pushed as well."""
OVERLAP = 0.3
"""mm: cards of one layer reaching deeper into each other than this are still being pushed apart."""
MAX_TIME = 6.0
"""s of simulated time at most (a full-power throw into a crowd rests in well under a second)."""


def _moving(world: World) -> list[int]:
    return [card for card, c in world.cards.items() if c.body.kinetic_energy > REST_ENERGY]


def _lay_all(world: World) -> None:
    """Lay flat the cards lying on an edge, and drop what that leaves unheld, until nothing changes
    (laying one card can leave it on another edge); past MAX_LAYS rounds, pymunk pushes the rest apart."""
    for _ in range(MAX_LAYS):
        laid = ghosts.lay_flat(world) if world.ghosts else False
        if not heights.update_all(world) and not laid:
            return
    for top in sorted({a for a, _b in world.ghosts}):
        world.push_off(top, sorted(b for a, b in world.ghosts if a == top))
    world.set_ghosts(set())


FRAME_STEPS = 4
"""Steps between two recorded frames: 60 a second."""


def run(world: World, record: Callable[[World], None] | None = None) -> float:
    """Step ``world`` until everything rests (or MAX_TIME); return the simulated seconds.
    ``record`` (for the table's animation) is called with the world every 1/60 s of it."""
    settle = round(SETTLE / DT)
    last = 0
    steps = round(MAX_TIME / DT)
    heavy_since = None
    for step in range(1, steps + 1):
        world.space.step(DT)
        if record is not None and step % FRAME_STEPS == 0:
            record(world)
        if step % CHECK_EVERY:
            continue
        if world.heavy:
            heavy_since = heavy_since or step
            if step - heavy_since > HEAVY_TIME / DT:  # wedged between heavy cards: push both ways
                world.lighten()
        else:
            heavy_since = None
        moving = _moving(world)
        if heights.update(world, moving):
            last = step
            continue
        if moving or step - last < settle:
            continue
        if world.ghosts:
            _lay_all(world)
            last = step - settle + CHECK_EVERY * 2  # a few steps for pymunk to see what is left
            continue
        # overlap pushes move cards without speed, so check every card once before calling it rest
        if heights.update_all(world):
            last = step
            continue
        if world.deepest_overlap() > OVERLAP:
            continue
        if world.lighten():  # the pushes are done: what they pushed weighs its own weight again
            last = step
            continue
        return step * DT
    heights.update_all(world)
    return MAX_TIME
