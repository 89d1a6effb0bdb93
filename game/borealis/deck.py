"""The animal deck: drawing, and reshuffling the discard pile when the deck runs out."""

from __future__ import annotations

from game.borealis import report
from game.borealis.state import BorealisState
from game.core.events import NO_EVENTS, Events


def reshuffle_discard_pile(state: BorealisState, events: Events = NO_EVENTS) -> None:
    """If the animal deck is exhausted, shuffle the discard pile to form a new one."""
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    report.shuffled(events)


def draw_card(state: BorealisState, events: Events = NO_EVENTS) -> int | None:
    """The deck's top card, reshuffling first if needed; None if deck and discard are both empty
    (PROPOSED: the draw is then skipped)."""
    if not state.deck:
        if not state.discard:
            return None
        reshuffle_discard_pile(state, events)
    return state.deck.pop(0)


def draw_to_hand(state: BorealisState, seat: int, events: Events = NO_EVENTS) -> int | None:
    drawn = draw_card(state, events)
    if drawn is not None:
        state.players[seat].hand.append(drawn)
        report.drawn_to_hand(events, seat, drawn)
    return drawn


def cards_to_draw(state: BorealisState) -> int:
    return len(state.deck) + len(state.discard)


def refill_pool(state: BorealisState, slot: int, events: Events = NO_EVENTS) -> None:
    """Refill one pool slot from the deck (the slot closes if there is nothing left to draw)."""
    new = draw_card(state, events)
    if new is None:
        del state.pool[slot]
        report.slot_closed(events, slot)
    else:
        state.pool[slot] = new
        report.drawn_to_pool(events, slot, new)
