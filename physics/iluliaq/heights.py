"""Which layer each card lies at as cards move: a card that nothing holds any more (its centre left
the iceberg, or no card of the layer just below lies under it) drops to one above the highest lower
card it lies over, or into the water, and the cards of the layer above it are checked in turn."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from physics.iluliaq.world import World


def update(world: World, cards: Iterable[int]) -> bool:
    """Check ``cards`` (and, after any drop, the cards of the layer above the dropped one), lowest
    layers first; return whether any card changed layer. A dropped card lands on what ``support``
    found, so it holds; the heap pops layers in rising order, so each card is checked once, after
    everything under it."""
    queue = [(world.cards[c].layer, c) for c in sorted(set(cards)) if c in world.cards]
    heapq.heapify(queue)
    seen: set[tuple[int, int]] = set()
    moved = False
    while queue:
        layer, card = heapq.heappop(queue)
        if (layer, card) in seen or card not in world.cards or world.cards[card].layer != layer:
            continue
        seen.add((layer, card))
        if world.held(card):
            continue
        world.set_layer(card, world.support(card))
        moved = True
        for above in world.at_layer(layer + 1):
            heapq.heappush(queue, (layer + 1, above))
    return moved


def update_all(world: World) -> bool:
    return update(world, list(world.cards))
