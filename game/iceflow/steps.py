"""What one step of an explorer costs, and which steps it may take (shared/rules/iceflow.md §8).

A step goes to a neighbouring hex. From a floe: onto a floe (a walk: 1 rope per ridged edge
crossed, the floe's own toward the step and the other's facing it, plus 1 fish per bear there),
onto land (a station or an island: only the floe's ridge counts) or into the open sea (the first
half of a swim: 1 fish and the floe's ridge). From the sea: onto a floe (the second half: its
facing ridge and its bears); a swim never ends at sea or on land. From land: onto a floe only.
A rope paid for a ridge stays on the floe whose ridge it was; fish go to the supply.

An evacuation (§8.4) is one such walk or swim to a floe with room and no bears, never to land and
never back to the floe it leaves.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.hexgrid import direction, neighbours, opposite
from game.iceflow.data import config
from game.iceflow.places import Where, is_ridged
from game.iceflow.state import Floe, Hex


@dataclass(frozen=True)
class Price:
    ropes: tuple[int, ...] = ()
    """The floes the ropes paid stay on, one id a rope."""
    fish: int = 0

    def fits(self, ropes: int, fish: int) -> bool:
        return len(self.ropes) <= ropes and self.fish <= fish


FREE = Price()


def _ridges(leaving: Floe | None, d: int, entering: Floe | None) -> tuple[int, ...]:
    out = ()
    if leaving is not None and is_ridged(leaving, d):
        out += (leaving.id,)
    if entering is not None and is_ridged(entering, opposite(d)):
        out += (entering.id,)
    return out


def price(where: Where, loc: str, to: Hex) -> Price | None:
    """The price of a step from ``loc`` to the neighbouring hex ``to``; None when no step goes there
    (coast, off the map, sea to sea or land, land to sea, from Siberia)."""
    here = where.hex_of(loc)
    if here is None:
        return None
    d = direction(here, to)
    if d is None:
        return None
    kind = where.kind_of(loc)
    target = where.loc_at(to)
    if target is None:
        return None
    target_kind = where.kind_of(target)
    if kind == "floe":
        leaving = where.at[here]
        if target_kind == "floe":
            entering = where.at[to]
            return Price(_ridges(leaving, d, entering), entering.bears)
        if target_kind == "sea":
            return Price(_ridges(leaving, d, None), 1)
        return Price(_ridges(leaving, d, None))
    if kind == "sea":
        if target_kind != "floe":
            return None
        entering = where.at[to]
        return Price(_ridges(None, d, entering), entering.bears)
    if kind in ("alaska", "island"):
        if target_kind == "floe":
            entering = where.at[to]
            return Price(_ridges(None, d, entering), entering.bears)
        if target_kind in ("alaska", "island", "siberia") and config().land_to_land_walk:
            return FREE
    return None


def landings(where: Where, sea: Hex, ropes: int, fish: int, avoid: int | None = None,
             evacuating: bool = False, moving: tuple[int, int] | None = None) -> list[tuple[Hex, Price]]:
    """The floes a swimmer in ``sea`` can climb onto with ``ropes`` and ``fish`` left (an evacuee: not
    ``avoid``, its own floe, nor one with bears or without room)."""
    out = []
    loc = f"sea:{sea[0]},{sea[1]}"
    for n in neighbours(sea):
        floe = where.at.get(n)
        if floe is None or floe.id == avoid:
            continue
        if evacuating and (floe.bears or not where.room_at(f"floe:{floe.id}", moving)):
            continue
        p = price(where, loc, n)
        if p is not None and p.fits(ropes, fish):
            out.append((n, p))
    return out


def evacuation_steps(where: Where, who: tuple[int, int], origin: int, ropes: int, fish: int) -> list[tuple[Hex, Price]]:
    """The steps evacuee ``who`` may take, leaving floe ``origin`` (or already swimming from it)."""
    loc = where.state.players[who[0]].explorers[who[1]]
    here = where.hex_of(loc)
    if here is None:
        return []
    if where.kind_of(loc) == "sea":
        return landings(where, here, ropes, fish, origin, True, who)
    out = []
    for n in neighbours(here):
        target = where.loc_at(n)
        if target is None:
            continue
        kind = where.kind_of(target)
        p = price(where, loc, n)
        if p is None or not p.fits(ropes, fish):
            continue
        if kind == "floe":
            floe = where.at[n]
            if floe.bears or not where.room_at(target, who):
                continue
        elif kind == "sea":
            if not landings(where, n, ropes - len(p.ropes), fish - p.fish, origin, True, who):
                continue
        else:
            continue
        out.append((n, p))
    return out


def airlifts(where: Where, who: tuple[int, int]) -> list[Hex]:
    """The Alaskan stations with room, where an evacuee with no floe in reach is flown."""
    return [h for name, h in where.board.alaska if where.room_at(name, who)]
