"""Where an explorer can get to in one move, and the cheapest way there: for the table (every place
lit with its price, the path drawn on hover) and the bots.

A search over (hex, ropes left, fish left), cheapest first (items spent, then steps), taking the
steps a move may take (steps.py): a swim's two halves, Siberia ending the move, a full floe passed
through but never stopped on. A place is reached at the first, cheapest, route to it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from game.core.hexgrid import neighbours
from game.iceflow.data import config
from game.iceflow.places import Where
from game.iceflow.state import Hex
from game.iceflow.steps import Price, price


@dataclass(frozen=True)
class Route:
    to: Hex
    ropes: int
    fish: int
    path: tuple[Hex, ...]
    """The hexes stepped on, the start left out."""

    @property
    def cost(self) -> int:
        return self.ropes + self.fish


def reach(where: Where, who: tuple[int, int], ropes: int, fish: int, max_steps: int | None = None,
          first: Hex | None = None, came: Hex | None = None) -> dict[Hex, Route]:
    """Every place explorer ``who`` may end a move at with ``ropes`` and ``fish`` to spend, by its
    cheapest route (its own place too, at no cost, when it may stay there). ``first``: from there
    instead, as if it had just stepped there from where it stands (the route leaves that step out).
    ``came``: for a swimmer, the floe its swim began on, which it cannot climb back onto."""
    limit = config().max_steps_per_move if max_steps is None else max_steps
    start_loc = where.state.players[who[0]].explorers[who[1]]
    start = where.hex_of(start_loc)
    if first is not None:
        came, start, start_loc = start, first, where.loc_at(first)
    if start is None or start_loc is None or where.kind_of(start_loc) == "siberia":
        return {}
    out: dict[Hex, Route] = {}
    seen: set[tuple[Hex, int, int, Hex | None]] = set()
    queue: list[tuple] = [(0, 0, 0, start, ropes, fish, (), came)]
    order = 0
    while queue:
        _spent, steps, _o, h, r, f, path, prev = heapq.heappop(queue)
        loc = start_loc if not path else where.loc_at(h)
        kind = where.kind_of(loc)
        key = (h, r, f, prev if kind == "sea" else None)
        if key in seen:
            continue
        seen.add(key)
        if h not in out and kind != "sea" and where.room_at(loc, who):
            out[h] = Route(h, ropes - r, fish - f, path)
        if (kind == "siberia" and path) or steps >= limit:
            continue
        for n in neighbours(h):
            if kind == "sea" and n == prev:
                continue
            p = price(where, loc, n)
            if p is None or not p.fits(r, f):
                continue
            target = where.loc_at(n)
            if where.kind_of(target) == "siberia" and not where.room_at(target, who):
                continue
            order += 1
            heapq.heappush(queue, (ropes - r + len(p.ropes) + fish - f + p.fish, steps + 1, order, n,
                                   r - len(p.ropes), f - p.fish, (*path, n), h))
    return out


def move_steps(where: Where, who: tuple[int, int], ropes: int, fish: int, steps_left: int,
               came: Hex | None = None) -> list[tuple[Hex, Price]]:
    """The steps explorer ``who`` may take now in its own move, with ``ropes`` and ``fish`` usable and
    ``steps_left`` steps: each to a place it may stop at, or from which one can still be reached
    (the middle of a swim, a floe or station passed through though full); Siberia only where no
    teammate stands. ``came``: for a swimmer, the floe its swim began on."""
    loc = where.state.players[who[0]].explorers[who[1]]
    here = where.hex_of(loc)
    if here is None or where.kind_of(loc) == "siberia" or steps_left <= 0:
        return []
    out = []
    for n in neighbours(here):
        if n == came:
            continue
        p = price(where, loc, n)
        if p is None or not p.fits(ropes, fish):
            continue
        if _may_end_from(where, who, n, ropes - len(p.ropes), fish - p.fish, steps_left - 1):
            out.append((n, p))
    return out


def _may_end_from(where: Where, who: tuple[int, int], h: Hex, ropes: int, fish: int, steps_left: int) -> bool:
    """Whether a move that steps to ``h`` can end: there, or somewhere it can still get to."""
    target = where.loc_at(h)
    if where.room_at(target, who):
        return True
    return where.kind_of(target) != "siberia" and bool(reach(where, who, ropes, fish, steps_left, first=h))
