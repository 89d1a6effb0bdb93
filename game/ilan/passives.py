"""What sets off ILAN's passives (rules spec §3.3.2: the icons' exact triggers, resolution rules 4-6).

Each event a clause makes (a card entering play, dying, changing ecosystem; a web; a turn's start) is
matched against every triggered passive of the cards in the ecosystems, and what matches is recorded
in the state's trigger queue (game/core/triggers.py): it fires once the ability has finished, the
active player's first, then clockwise, within a seat by card id (copies in the order they arrived).

- A passive never fires on an event about its own card unless its trigger names ``self``; a ``self``
  trigger fires although its card has just left play, for the card's owner after the event or, with
  none, the one before (rule 5). A card in the Current has no owner: its ``you`` clauses do nothing,
  but a ``self`` trigger acting on the ``actor`` still fires (rule 6: B10 devoured from the Current).
- ``by=you`` / ``by=others``: only when the actor is the passive's owner / another player.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import triggers
from game.ilan.abilities.match import Context, matches
from game.ilan.abilities.notation import Event, Triggered
from game.ilan.cards import card
from game.ilan.state import ABILITY, IlanState

NOBODY = -1


@dataclass(frozen=True)
class Happening:
    """One event: its kind (enter, die, change, web, turn), the cards it is about, how (``via``),
    who did it (``actor``) and the owner of the card before and after it (-1: none)."""

    kind: str
    cards: tuple[int, ...]
    via: str = ""
    actor: int = NOBODY
    before: int = NOBODY
    after: int = NOBODY


@dataclass(frozen=True)
class SetOff:
    """A passive set off: the seat whose frame runs it, its order in the batch, and its frame's data."""

    seat: int
    order: int
    card: int
    span: int
    owner: int
    actor: int
    that: int
    self_trigger: bool

    def data(self) -> dict[str, object]:
        return {"card": self.card, "span": self.span, "owner": self.owner, "actor": self.actor, "that": self.that,
                "self_trigger": self.self_trigger, "kind": "passive", "at": [0], "hit": 0}


def order_of(state: IlanState, number: int, seat: int) -> int:
    """A passive's place among one seat's: by card id, copies in the order they entered the ecosystem."""
    eco = state.ecosystems[seat] if seat >= 0 else []
    return card(number).entry * 1000 + (eco.index(number) if number in eco else 999)


def _fits(state: IlanState, event: Event, what: Happening, number: int, owner: int) -> bool:
    if event.kind != what.kind or (event.via and event.via != what.via):
        return False
    if what.kind == "turn":
        return owner == what.actor
    if event.by == "you" and what.actor != owner:
        return False
    if event.by == "others" and (what.actor == owner or what.actor == NOBODY):
        return False
    if event.filter is None:
        return True
    return any(matches(state, event.filter, that, Context(number, that, owner)) for that in what.cards)


def set_off(state: IlanState, what: Happening) -> list[SetOff]:
    """The passives this event sets off, in the order they were found."""
    if state.kids:
        return []
    found: list[SetOff] = []
    for seat, eco in enumerate(state.ecosystems):
        for number in eco:
            if number in what.cards:
                continue
            for span, ability in enumerate(card(number).abilities):
                if isinstance(ability, Triggered) and _fits(state, ability.event, what, number, seat):
                    that = next((c for c in what.cards if ability.event.filter is None
                                 or matches(state, ability.event.filter, c, Context(number, c, seat))), NOBODY)
                    order = order_of(state, number, seat)
                    found.append(SetOff(seat, order, number, span, seat, what.actor, that, False))
    for number in what.cards:
        owner = what.after if what.after != NOBODY else what.before
        for span, ability in enumerate(card(number).abilities):
            if not isinstance(ability, Triggered) or ability.event.filter is None \
                    or not ability.event.filter.has("self") or not _fits(state, ability.event, what, number, owner):
                continue
            seat = owner if owner != NOBODY else what.actor
            found.append(SetOff(seat, order_of(state, number, seat), number, span, owner, what.actor, number, True))
    return found


def fire(state: IlanState, passives: list[SetOff]) -> None:
    for passive in passives:
        triggers.fire(state, passive.seat, ABILITY, order=passive.order, **passive.data())


def happened(state: IlanState, what: Happening) -> None:
    """Record the passives an event sets off; they fire once the ability has finished."""
    fire(state, set_off(state, what))


def turn_starts(state: IlanState, seat: int) -> None:
    """The start of ``seat``'s turn: its TURN passives, by card id."""
    happened(state, Happening("turn", (), actor=seat))
