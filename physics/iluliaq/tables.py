"""Tables to throw at, for the tests and the bench: a plain view and a crowded iceberg."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from game.iluliaq.table import ANIMALS, Place, Pose, start_poses
from physics.iluliaq.resolver import resolve


@dataclass
class View:
    """The parts of the rules' view a resolver reads (``game.iluliaq.table.TableView``)."""

    players: int = 2
    to_act: int | None = 0
    table: list[Pose] = field(default_factory=lambda: list(start_poses()))
    hand: int = 0

    def card_in_hand(self) -> int:
        return self.hand


def _spots(n: int) -> list[tuple[float, float, float]]:
    """n places over a 3 x 3 grid on the iceberg, centre first, each round shifted a little, the turn
    varying (a fixed pattern, no randomness)."""
    grid = [(x, y) for y in (-42.0, 0.0, 42.0) for x in (-42.0, 0.0, 42.0)]
    order = (4, 0, 8, 2, 6, 1, 7, 3, 5)
    out = []
    for i in range(n):
        x, y = grid[order[i % 9]]
        shift = i // 9
        out.append((x + 5.0 * shift, y - 4.0 * shift, (50.0 * i) % 180.0))
    return out


@cache
def crowded(animals: int = 20) -> tuple[Pose, ...]:
    """The built iceberg with ``animals`` animal cards laid on it one by one (each placement settled
    by the physics; a card that falls off is left out and the next spot tried)."""
    table = list(start_poses())
    card = 0
    for x, y, turn in _spots(4 * animals):
        if sum(1 for p in table if p.card < ANIMALS) == animals:
            break
        placed = resolve(None, View(table=table, hand=card), Place(x, y, turn))
        kept = [p for p in placed.outcome.poses if p.layer >= 1]
        if any(p.card == card for p in kept) and len(kept) == len(table) + 1:
            table = kept
            card += 1
    return tuple(table)
