"""What a seat sees, and a full state drawn to agree with it.

The cards are double-sided, so everyone sees the top card of every stack and of the draw deck, and
every card on the table. Nobody, the owner included, sees the order below a top card ("players
cannot see ... the order of their stack"), nor the cards set aside. A view keeps no memory of the
cards that went under a stack: it hides every place below a top, and resample deals the unseen
cards into those places at random.
"""

from __future__ import annotations

from game.core.clone import clone
from game.core.contract import HIDDEN
from game.core.rng import Rng
from game.iluliaq.data import IDS
from game.iluliaq.state import IluliaqState


def top_only(cards: list[int]) -> list[int]:
    return cards[:1] + [HIDDEN] * (len(cards) - 1)


def seat_view(state: IluliaqState, seat: int) -> IluliaqState:
    view = clone(state)
    view.stacks = [top_only(s) for s in view.stacks]
    view.deck = top_only(view.deck)
    view.aside = [HIDDEN] * len(view.aside)
    view.rng = Rng(0)
    return view


def seen(view: IluliaqState) -> set[int]:
    out = {c for s in view.stacks for c in s[:1]} | set(view.deck[:1])
    out.update(p.card for p in view.table)
    return out


def resample(view: IluliaqState, seat: int, rng: Rng) -> IluliaqState:
    """The animal cards nobody sees, shuffled into the hidden places (under the tops, then aside)."""
    state = clone(view)
    unseen = sorted(set(IDS) - seen(view))
    rng.shuffle(unseen)
    deal = iter(unseen)
    state.stacks = [[next(deal) if c == HIDDEN else c for c in s] for s in state.stacks]
    state.deck = [next(deal) if c == HIDDEN else c for c in state.deck]
    state.aside = [next(deal) for _ in state.aside]
    state.rng = Rng(rng.next64())
    return state
