"""Which cards a filter, a source or a zone means in a position, and which cards are shielded
(DEFENSE's ``immune``, ``protect``): what the interpreter asks before it offers a target."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import flow
from game.ilan.abilities.notation import Count, Filter, Immune, Term, Verb, walk
from game.ilan.cards import card
from game.ilan.places import owner
from game.ilan.state import IlanState


@dataclass(frozen=True)
class Context:
    """What ``self``, ``that`` and the zones mean for one clause: the card whose ability it is, the
    card of the event that fired it (-1: none) and the subject (the player it acts for)."""

    me: int
    that: int = -1
    subject: int = -1


def term_holds(state: IlanState, term: Term, number: int, ctx: Context) -> bool:
    c = card(number)
    if term.kind == "any":
        return True
    if term.kind == "bio":
        return c.bio
    if term.kind == "cat":
        return c.bio and c.category in term.values
    if term.kind == "id":
        return c.id in term.values
    if term.kind == "dead":
        return number in state.dead
    if term.kind == "self":
        return number == ctx.me
    if term.kind == "that":
        return number == ctx.that
    raise ValueError(f"unknown filter term {term.kind!r}")


def matches(state: IlanState, found: Filter, number: int, ctx: Context) -> bool:
    return all(term_holds(state, term, number, ctx) for term in found.terms)


def source_holds(term: Term, source: int) -> bool:
    c = card(source)
    if term.kind == "any":
        return True
    if term.kind == "bio":
        return c.bio
    if term.kind == "factors":
        return not c.bio
    if term.kind in ("natural", "human"):
        return c.type == term.kind
    if term.kind == "cat":
        return c.bio and c.category in term.values
    if term.kind == "id":
        return c.id in term.values
    raise ValueError(f"unknown source term {term.kind!r}")


def source_matches(found: Filter, source: int) -> bool:
    return all(source_holds(term, source) for term in found.terms)


def zone_cards(state: IlanState, zone: str, subject: int) -> list[int]:
    """The cards of a zone seen from ``subject``: ``others`` pools the other ecosystems, clockwise
    from the subject's left."""
    if zone == "current":
        return list(state.current)
    if zone == "own":
        return list(state.ecosystems[subject]) if subject >= 0 else []
    if zone == "hand":
        return list(state.hands[subject]) if subject >= 0 else []
    if zone == "discard":
        return list(state.bio_discard) + list(state.factors_discard)
    if zone == "others":
        seats = flow.clockwise_from(subject + 1, state.players) if subject >= 0 else range(state.players)
        return [n for seat in seats if seat != subject for n in state.ecosystems[seat]]
    raise ValueError(f"unknown zone {zone!r}")


def immune(state: IlanState, target: int, verb: str, source: int) -> bool:
    """The target's DEFENSE shields it from ``verb`` done by ``source``'s ability (it works wherever
    the card is in play: an ecosystem or the Current)."""
    if state.kids or not (target in state.current or owner(state, target) is not None):
        return False
    for ability in card(target).passives:
        if not isinstance(ability, Immune) or verb not in ability.verbs:
            continue
        if ability.by is not None and not source_matches(ability.by, source):
            continue
        if ability.unless is not None and source_matches(ability.unless, source):
            continue
        return True
    return False


def protected(state: IlanState, target: int, verb: str) -> bool:
    """A ``protect`` in force over the target's ecosystem shields it from ``verb``."""
    seat = owner(state, target)
    if seat is None:
        return False
    for shield in state.protections:
        if shield.seat != seat or verb not in shield.verbs:
            continue
        found = protect_filter(shield.card)
        if found is None or matches(state, found, target, Context(shield.card, subject=seat)):
            return True
    return False


def protect_filter(number: int) -> Filter | None:
    """The filter of the ``protect`` clause of the card's ability (None: it protects everything)."""
    active = card(number).active
    if active is None:
        return None
    for clause in walk(active.clauses):
        if isinstance(clause.effect, Verb) and clause.effect.name == "protect":
            return clause.effect.filter
    return None


def shielded(state: IlanState, target: int, verb: str, source: int) -> bool:
    return immune(state, target, verb, source) or protected(state, target, verb)


def count(state: IlanState, found: Count, ctx: Context) -> int:
    """``count(filter, zone) [max N]`` from the subject's seat."""
    n = sum(1 for number in zone_cards(state, found.zone, ctx.subject) if matches(state, found.filter, number, ctx))
    return n if found.cap is None else min(n, found.cap)
