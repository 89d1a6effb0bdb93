"""Which layer each card lies at as cards move: a card whose centre leaves what held it tips down to
the highest support under its centre (or into the water), and the cards lying on it are checked in
turn (``ghosts`` handles the cards lying partly on a card of their own layer)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from physics.iluliaq import ghosts
from physics.iluliaq.world import World


def update(world: World, cards: Iterable[int]) -> bool:
    """Check ``cards`` (and, after any drop, the cards of the layer above the dropped one), lowest
    layers first; return whether any card changed layer. A dropped card lands on what ``support``
    found, so it holds; the heap pops layers in rising order, so each card is checked once, after
    everything under it."""
    moved, check = ghosts.climb(world) if world.ghosts else ([], [])
    queue = [(world.cards[c].layer, c) for c in sorted(set(cards) | set(check)) if c in world.cards]
    heapq.heapify(queue)
    seen: set[tuple[int, int]] = set()
    while queue:
        layer, card = heapq.heappop(queue)
        if (layer, card) in seen or card not in world.cards or world.cards[card].layer != layer:
            continue
        seen.add((layer, card))
        if world.held(card):
            continue
        world.set_layer(card, world.support(card))
        moved.append(card)
        for above in world.at_layer(layer + 1):
            heapq.heappush(queue, (layer + 1, above))
    for card in sorted(set(moved)):
        ghosts.ghost(world, card)
    if world.ghosts:
        ghosts.part(world)
    return bool(moved)


def update_all(world: World) -> bool:
    return update(world, list(world.cards))
