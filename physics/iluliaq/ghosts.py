"""Cards lying partly on a card of their own layer. A card that lands or drops where it reaches into
cards of its new layer physically lies on their edge, tilted: the pairs (card on top, card under it)
pass through each other (``World.set_ghosts``) while they move, the card on top climbs onto the one
under it once its centre is over it, and a pair that comes apart is forgotten. Once everything rests,
each card still lying on an edge is laid flat where it needs to move least: one layer up with its
centre just inside the card under it, or just off that card."""

from __future__ import annotations

import math

from game.iluliaq.table import CARD_L, CARD_W, Pose
from physics.iluliaq.world import World

MARGIN = 1.0
"""mm a card laid flat is moved past the edge it lay on (so it holds, or stays clear)."""
REACH = CARD_W / 2
"""mm a card is moved at most to lie flat; one with no place that near is pushed off by pymunk."""


def ghost(world: World, card: int) -> None:
    """Let ``card`` pass through the cards of its layer it already reaches into: it lies on them."""
    if card in world.cards:
        pairs = {(card, other) for other in world.overlapped(card)
                 if (card, other) not in world.pushed and (other, card) not in world.pushed}
        world.set_ghosts(world.ghosts | pairs)


def climb(world: World) -> tuple[list[int], list[int]]:
    """Raise each card on top whose centre has come over the card under it; return the cards raised
    and the cards to check (those of a raised card's old layer + 1 may have lain on it)."""
    raised: list[int] = []
    check: list[int] = []
    for top, under in sorted(world.ghosts):
        if top in raised or top not in world.cards or under not in world.cards:
            continue
        layer = world.cards[top].layer
        if world.cards[under].layer == layer and world.centre_over(top, under):
            check.extend(world.at_layer(layer + 1))
            world.set_layer(top, layer + 1)
            raised.append(top)
    return raised, check


def part(world: World) -> None:
    """Forget the pairs that came apart (or no longer share a layer)."""
    cards = world.cards
    world.set_ghosts({(a, b) for a, b in world.ghosts if a in cards and b in cards
                      and cards[a].layer == cards[b].layer and not world.apart(a, b)})


def _onto(under: Pose, x: float, y: float) -> tuple[float, float]:
    """The nearest point to (x, y) at least MARGIN inside the card ``under``."""
    t = math.radians(under.turn)
    c, s = math.cos(t), math.sin(t)
    dx, dy = x - under.x, y - under.y
    lx, ly = dx * c + dy * s, -dx * s + dy * c
    hw, hl = CARD_W / 2 - MARGIN, CARD_L / 2 - MARGIN
    lx, ly = min(max(lx, -hw), hw), min(max(ly, -hl), hl)
    return under.x + lx * c - ly * s, under.y + lx * s + ly * c


def _offs(top: Pose, under: Pose) -> list[tuple[float, float]]:
    """Where ``top`` moves to clear ``under`` (plus MARGIN), along each edge direction of the two
    cards, away from ``under``."""
    out = []
    for turn in (top.turn, under.turn):
        t = math.radians(turn)
        for ux, uy in ((math.cos(t), math.sin(t)), (-math.sin(t), math.cos(t))):
            gap = (top.x - under.x) * ux + (top.y - under.y) * uy
            need = _half_extent(top, ux, uy) + _half_extent(under, ux, uy) - abs(gap) + MARGIN
            sign = 1.0 if gap >= 0 else -1.0
            out.append((top.x + sign * ux * need, top.y + sign * uy * need))
    return out


def _half_extent(pose: Pose, ux: float, uy: float) -> float:
    """Half the length of a card's shadow on the direction (ux, uy)."""
    t = math.radians(pose.turn)
    c, s = math.cos(t), math.sin(t)
    return CARD_W / 2 * abs(ux * c + uy * s) + CARD_L / 2 * abs(-ux * s + uy * c)


RINGS = (3.0, 7.0, 12.0, 19.0, REACH)
"""mm: how far the places tried around a card that found none near the edges it lies on are."""
DIRECTIONS = 8


def _around(here: Pose) -> list[tuple[float, float]]:
    return [(here.x + r * math.cos(2 * math.pi * k / DIRECTIONS), here.y + r * math.sin(2 * math.pi * k / DIRECTIONS))
            for r in RINGS for k in range(DIRECTIONS)]


def _lay(world: World, top: int, unders: list[int]) -> bool:
    """Move ``top`` to the nearest place (within REACH) where it lies flat: on whatever lies under its
    centre there, up to one layer above its own, in the water never, reaching into no card of its new
    layer. The places next to the edges it lies on are tried first, then rings around it."""
    here = world.pose(top)
    spots = []
    for under in unders:
        there = world.pose(under)
        spots.append(_onto(there, here.x, here.y))
        spots.extend(_offs(here, there))
    for near in (spots, _around(here)):
        for cost, x, y in sorted((math.hypot(x - here.x, y - here.y), x, y) for x, y in near):
            if cost > REACH:
                break
            layer = world.landing(x, y, here.layer + 1)
            if layer >= 1 and world.fits(top, x, y, layer):
                world.place(top, x, y)
                if layer != here.layer:
                    world.set_layer(top, layer)
                return True
    return False


def lay_flat(world: World) -> bool:
    """At rest: move each card still lying on an edge the least to where it lies flat (``_lay``); a
    card with no such place is left to pymunk to push off the cards it lies on (``World.push_off``).
    Return whether any card moved."""
    pairs = sorted((a, b) for a, b in world.ghosts if a in world.cards and b in world.cards
                   and world.cards[a].layer == world.cards[b].layer)
    world.set_ghosts(set())
    tops = sorted({a for a, _b in pairs}, key=lambda card: (world.cards[card].layer, card))
    laid = []
    for top in tops:
        unders = [b for a, b in pairs if a == top]
        if _lay(world, top, unders):
            laid.append(top)
        else:
            world.push_off(top, unders)
    for card in laid:
        ghost(world, card)
    return bool(laid)
