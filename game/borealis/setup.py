"""Setup: deck, pool, scoring cards, objectives, boards, scientists, flags, tokens and hands."""

from __future__ import annotations

from game.borealis.data import cards, objective_types, objectives, rules, scoring_cards, token_supply
from game.borealis.deck import draw_card
from game.borealis.observe import kids_without
from game.borealis.state import ACTION, BorealisState, ObjectiveSlot, PlayerState
from game.borealis.turns import start_mulligans
from game.core import flow
from game.core.contract import Options
from game.core.rng import Rng


def board_for_seat(side: str, seat: int) -> int:
    """Side I is the same pattern on every board; on side II seat k has pattern k+1 (PROPOSED)."""
    return 0 if side == "I" else seat + 1


def choose_objectives(rng: Rng, players: int) -> list[ObjectiveSlot]:
    """One objective of each type at random, with as many 5-point tokens as players."""
    chosen = []
    for kind in objective_types():
        ids = sorted(o for o, data in objectives().items() if data["type"] == kind)
        chosen.append(ObjectiveSlot(id=rng.choice(ids), tokens=players))
    return chosen


def new_state(options: Options, rng: Rng) -> BorealisState:
    players = options.players
    side = options.variants.get("side", "I")
    table = rules()
    deck = [c.id for c in cards()]
    rng.shuffle(deck)
    state = BorealisState(rng=rng, deck=deck)
    state.first_player = table["proposed"]["first_player"] % players
    state.side = side
    state.kids = options.kids
    state.pool = [deck.pop(0) for _ in range(table["pool_size"])]
    if not options.kids:
        state.scoring = rng.sample(sorted(scoring_cards()), table["scoring_cards_per_game"])
        state.objectives = choose_objectives(rng, players)
    start_tokens = table["start_tokens"]
    for seat in range(players):
        player = PlayerState(board=board_for_seat(side, seat), tokens=[start_tokens, 0, 0])
        for _ in range(table["hand_size"]):
            drawn = draw_card(state)
            assert drawn is not None
            player.hand.append(drawn)
        state.players.append(player)
    supply = list(token_supply())
    supply[0] -= start_tokens * players
    supply[2] -= sum(slot.tokens for slot in state.objectives)
    state.bank = supply
    if kids_without(state, "starting_redraw"):
        flow.start(state, ACTION, state.first_player)  # kids keep the hand they are dealt
    else:
        start_mulligans(state)
    return state

