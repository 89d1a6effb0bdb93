"""What one seat may see (others' hands, their marks and the deck order are hidden; sizes are not),
and a full state dealt to agree with a view (for the hard bot)."""

from __future__ import annotations

from game.borealis.data import cards
from game.borealis.state import BorealisState
from game.core.clone import clone
from game.core.contract import HIDDEN
from game.core.rng import Rng

ALL_IDS = frozenset(c.id for c in cards())


def seat_view(state: BorealisState, seat: int) -> BorealisState:
    """The state as ``seat`` sees it; the marks in another seat's frame are hidden by the core
    (the marking stages' ``private`` key, rules.py)."""
    view = clone(state)
    for other, player in enumerate(view.players):
        if other != seat:
            player.hand = [HIDDEN] * len(player.hand)
    view.deck = [HIDDEN] * len(view.deck)
    view.rng = Rng(0)
    return view


def unseen_cards(state: BorealisState, seat: int) -> list[int]:
    """All card ids minus every card ``seat`` can see (its hand, cards in play, pool, discard)."""
    seen: set[int] = set(state.players[seat].hand)
    for player in state.players:
        for col in player.cards:
            seen.update(col)
    seen.update(state.pool)
    seen.update(state.discard)
    return sorted(ALL_IDS - seen)


def resample(view: BorealisState, seat: int, rng: Rng) -> BorealisState:
    """A full state consistent with ``view``: the unseen cards dealt at random into the hidden
    slots (the other hands, then the deck); a hidden mark becomes one of that seat's hand cards."""
    state = clone(view)
    unseen = unseen_cards(view, seat)
    rng.shuffle(unseen)
    slots = sum(1 for i, p in enumerate(state.players) if i != seat for c in p.hand if c == HIDDEN)
    slots += sum(1 for c in state.deck if c == HIDDEN)
    if slots > len(unseen):
        # An inconsistent view (should not happen): drop the deck slots that cannot be filled.
        state.deck = state.deck[: max(0, len(state.deck) - (slots - len(unseen)))]
    deal = iter(unseen)
    for i, p in enumerate(state.players):
        if i != seat:
            p.hand = [c for c in (next(deal, None) if c == HIDDEN else c for c in p.hand) if c is not None]
    state.deck = [c for c in (next(deal, None) if c == HIDDEN else c for c in state.deck) if c is not None]
    for frame in state.flow:
        marked = frame.data.get("marked")
        if marked and HIDDEN in marked:
            hand = state.players[frame.seat].hand
            frame.data["marked"] = sorted(rng.sample(hand, min(len(marked), len(hand))))
    state.rng = Rng(rng.next64())
    return state
