"""The animal deck: drawing, and reshuffling the discard pile when the deck runs out."""

from __future__ import annotations

from game.borealis.state import BorealisState


def reshuffle_discard_pile(state: BorealisState) -> None:
    """If the animal deck is exhausted, shuffle the discard pile to form a new one."""
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)


def draw_card(state: BorealisState) -> int | None:
    """The deck's top card, reshuffling first if needed; None if deck and discard are both empty
    (PROPOSED: the draw is then skipped)."""
    if not state.deck:
        if not state.discard:
            return None
        reshuffle_discard_pile(state)
    return state.deck.pop(0)


def cards_to_draw(state: BorealisState) -> int:
    return len(state.deck) + len(state.discard)


def refill_pool(state: BorealisState, slot: int) -> None:
    """Refill one pool slot from the deck (the slot closes if there is nothing left to draw)."""
    new = draw_card(state)
    if new is None:
        del state.pool[slot]
    else:
        state.pool[slot] = new
