"""What one seat may see (others' hands, their marks and the deck order are hidden; sizes are not),
the fast copy of a state, and a full state dealt to agree with a view (for the hard bot)."""

from __future__ import annotations

from game.borealis.data import cards
from game.borealis.state import BorealisState, ObjectiveSlot, PlayerState
from game.core.contract import HIDDEN
from game.core.flow import Frame
from game.core.rng import Rng

ALL_IDS = frozenset(c.id for c in cards())


def copy_player(p: PlayerState) -> PlayerState:
    """A copy of one player's board and hand, made by hand (fast)."""
    return PlayerState(
        p.board,
        p.hand[:],
        [p.cards[0][:], p.cards[1][:], p.cards[2][:]],
        [p.scientists[0][:], p.scientists[1][:], p.scientists[2][:], p.scientists[3][:], p.scientists[4][:]],
        p.flags[:],
        p.tokens[:],
        p.pad,
        p.mulliganed,
        p.refreshed_round,
        p.max_regroup,
        p.turns,
    )


def copy_frame(f: Frame) -> Frame:
    """Borealis frames hold only lists of card ids (``marked``) in their data."""
    return Frame(f.name, f.seat, {k: v[:] if type(v) is list else v for k, v in f.data.items()}, f.queue[:])


def clone(state: BorealisState) -> BorealisState:
    """A deep copy made by hand: much faster than copy.deepcopy on the hot path."""
    return BorealisState(
        Rng(state.rng.state),
        [copy_frame(f) for f in state.flow],
        [copy_player(p) for p in state.players],
        state.deck[:],
        state.discard[:],
        state.pool[:],
        state.scoring[:],
        [ObjectiveSlot(o.id, o.tokens, o.claimed_by[:], o.closes_round, o.removed) for o in state.objectives],
        state.bank[:],
        state.removed_tokens,
        state.round,
        state.observed_round,
        state.first_player,
        state.final_round,
        state.side,
        state.kids,
    )


def seat_view(state: BorealisState, seat: int) -> BorealisState:
    view = clone(state)
    for other, player in enumerate(view.players):
        if other != seat:
            player.hand = [HIDDEN] * len(player.hand)
    view.deck = [HIDDEN] * len(view.deck)
    for frame in view.flow:
        marked = frame.data.get("marked")
        if marked and frame.seat != seat:
            frame.data["marked"] = [HIDDEN] * len(marked)
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
