"""The leave-room rule for the starting floes (shared/rules/iceflow.md §6 step 4): a hex may take the
next floe only if the hexes still free afterwards (empty sea touching no floe) hold as many mutually
non-adjacent hexes as there are floes left to place, so the setup can never jam.

``fits`` is the spec's exact search, with two bounds that settle most questions without it:

- a greedy pick (fewest free neighbours first) finds some hexes apart: at least that many fit;
- a cover of the region by cliques (three hexes around one corner, two sharing an edge, or one
  alone) allows at most one floe in each: no more than that many fit. The search checks it at every
  step, which prunes the whole sea's "not 21" to a handful of regions.

The search itself: some largest set of mutually non-adjacent hexes holds the hex with the fewest
neighbours or one of its neighbours, so trying each is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from game.iceflow.state import Hex

Neighbours = Callable[[Hex], frozenset[Hex]]
"""A map's ``sea_neighbours``: the sea hexes sharing an edge with a hex."""


def _greedy(region: frozenset[Hex], sea_neighbours: Neighbours) -> int:
    """How many mutually non-adjacent hexes taking the least crowded hex first finds (a lower bound)."""
    left = set(region)
    count = 0
    while left:
        v = min(left, key=lambda h: (len(sea_neighbours(h) & left), h))
        left -= {v} | sea_neighbours(v)
        count += 1
    return count


def _cover(region: frozenset[Hex], sea_neighbours: Neighbours) -> int:
    """The number of cliques of a cover of ``region`` (an upper bound): from the first hex left, a
    triangle when one is left around it, else a pair, else the hex alone."""
    left = set(region)
    count = 0
    while left:
        v = min(left)
        left.discard(v)
        near = sea_neighbours(v) & left
        ordered = sorted(near)
        clique: tuple[Hex, ...] = tuple(ordered[:1])
        for u in ordered:
            common = sea_neighbours(u) & near
            if common:
                clique = (u, min(common))
                break
        left.difference_update(clique)
        count += 1
    return count


def fits(region: Iterable[Hex], k: int, sea_neighbours: Neighbours) -> bool:
    """True if ``region`` holds ``k`` hexes of which no two are adjacent."""
    region = frozenset(region)
    if k <= 0:
        return True
    if len(region) < k:
        return False
    if _greedy(region, sea_neighbours) >= k:
        return True
    return _exact(region, k, sea_neighbours)


@lru_cache(maxsize=4096)  # the same regions come back hex after hex of a listing, and setup after setup
def _exact(region: frozenset[Hex], k: int, sea_neighbours: Neighbours) -> bool:
    if k <= 0:
        return True
    if len(region) < k or _cover(region, sea_neighbours) < k:
        return False
    v = min(region, key=lambda h: (len(sea_neighbours(h) & region), h))
    return any(_exact(region - {u} - sea_neighbours(u), k - 1, sea_neighbours)
               for u in sorted(({v} | sea_neighbours(v)) & region))


def legal_start_hexes(free: Iterable[Hex], floes_left: int, sea_neighbours: Neighbours) -> list[Hex]:
    """The hexes of ``free`` (empty sea touching no floe) where the next of ``floes_left`` floes (this
    one included) may go, in order."""
    free = frozenset(free)
    return sorted(h for h in free if fits(free - {h} - sea_neighbours(h), floes_left - 1, sea_neighbours))


def max_independent(region: Iterable[Hex], sea_neighbours: Neighbours) -> int:
    """The most hexes of ``region`` no two of which are adjacent (exact): the greedy count, raised
    while the exact search finds one more."""
    region = frozenset(region)
    k = _greedy(region, sea_neighbours)
    while _exact(region, k + 1, sea_neighbours):
        k += 1
    return k


most_apart = max_independent
"""The name tests/iceflow/test_setup.py knows it by."""
