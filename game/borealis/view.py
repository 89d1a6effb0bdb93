"""What one seat may see: others' hands and the deck order are hidden (their sizes are not)."""

from __future__ import annotations

from game.borealis.state import BorealisState, PlayerState
from game.core.contract import HIDDEN
from game.core.rng import Rng


def copy_player(p: PlayerState) -> PlayerState:
    """A copy of one player's board and hand, made by hand (fast)."""
    return PlayerState(
        board=p.board,
        hand=list(p.hand),
        cards=[list(col) for col in p.cards],
        scientists=[list(pos) for pos in p.scientists],
        flags=list(p.flags),
        tokens=list(p.tokens),
        pad=p.pad,
        mulliganed=p.mulliganed,
        refreshed_round=p.refreshed_round,
        max_regroup=p.max_regroup,
        turns=p.turns,
    )


def clone(state: BorealisState) -> BorealisState:
    """A deep copy made by hand: much faster than copy.deepcopy on the hot path."""
    new = BorealisState(
        to_act=state.to_act,
        rng=Rng(state.rng.state),
        players=[copy_player(p) for p in state.players],
        deck=list(state.deck),
        discard=list(state.discard),
        pool=list(state.pool),
        scoring=list(state.scoring),
        objectives=[
            type(o)(id=o.id, tokens=o.tokens, claimed_by=list(o.claimed_by), closes_round=o.closes_round,
                    removed=o.removed)
            for o in state.objectives
        ],
        bank=list(state.bank),
        removed_tokens=state.removed_tokens,
        phase=state.phase,
        round=state.round,
        first_player=state.first_player,
        final_round=state.final_round,
        side=state.side,
        kids=state.kids,
    )
    return new


def seat_view(state: BorealisState, seat: int) -> BorealisState:
    view = clone(state)
    for other, player in enumerate(view.players):
        if other != seat:
            player.hand = [HIDDEN] * len(player.hand)
    view.deck = [HIDDEN] * len(view.deck)
    view.rng = Rng(0)
    return view
