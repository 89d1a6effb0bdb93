"""The leave-room rule for the starting floes (shared/rules/iceflow.md §6 step 4): a hex may take the
next floe only if the hexes still free afterwards (empty sea touching no floe) hold as many mutually
non-adjacent hexes as there are floes left to place, so the setup can never jam.

``fits`` first tries a greedy pick (fewest free neighbours first), which almost always settles it at
once, and only then the exact search of the spec: some largest set of mutually non-adjacent hexes
holds the hex with the fewest neighbours or one of its neighbours, so trying each is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from game.iceflow.state import Hex

Neighbours = Callable[[Hex], frozenset[Hex]]


def _greedy(region: frozenset[Hex], sea_neighbours: Neighbours) -> int:
    left = set(region)
    count = 0
    while left:
        v = min(left, key=lambda h: (len(sea_neighbours(h) & left), h))
        left -= {v} | sea_neighbours(v)
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


@lru_cache(maxsize=4096)
def _exact(region: frozenset[Hex], k: int, sea_neighbours: Neighbours) -> bool:
    if k <= 0:
        return True
    if len(region) < k:
        return False
    v = min(region, key=lambda h: (len(sea_neighbours(h) & region), h))
    return any(_exact(region - {u} - sea_neighbours(u), k - 1, sea_neighbours)
               for u in sorted(({v} | sea_neighbours(v)) & region))


def legal_start_hexes(free: Iterable[Hex], floes_left: int, sea_neighbours: Neighbours) -> list[Hex]:
    """The hexes of ``free`` (empty sea touching no floe) where the next of ``floes_left`` floes (this
    one included) may go."""
    free = frozenset(free)
    return sorted(h for h in free if fits(free - {h} - sea_neighbours(h), floes_left - 1, sea_neighbours))


def most_apart(region: Iterable[Hex], sea_neighbours: Neighbours) -> int:
    """The most hexes of ``region`` no two of which are adjacent (exact)."""
    region = frozenset(region)
    k = _greedy(region, sea_neighbours)
    while _exact(region, k + 1, sea_neighbours):
        k += 1
    return k
