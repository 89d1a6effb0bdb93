"""Setup: the built iceberg, the shuffled animal cards dealt into stacks, the draw deck, the rest aside."""

from __future__ import annotations

from game.core import flow
from game.core.contract import Options
from game.core.rng import Rng
from game.iluliaq.data import IDS, rule, stack_size
from game.iluliaq.state import THROW, IluliaqState
from game.iluliaq.table import start_poses

FIRST_PLAYER = 0
"""The rulebook's "most layers of clothing" is the players' business: seat 0 starts."""


def good_aim(options: Options) -> bool:
    return options.variants.get("good_aim", "no") == "yes"


def new_state(options: Options, rng: Rng) -> IluliaqState:
    cards = list(IDS)
    rng.shuffle(cards)
    aim = good_aim(options)
    size = stack_size(aim)
    stacks = [cards[seat * size:(seat + 1) * size] for seat in range(options.players)]
    dealt = size * options.players
    deck = cards[dealt:dealt + rule("draw_deck")]
    aside = cards[dealt + len(deck):]
    state = IluliaqState(rng=rng, players=options.players, stacks=stacks, deck=deck, aside=aside,
                         table=list(start_poses()), kids=options.kids, good_aim=aim)
    flow.start(state, THROW, FIRST_PLAYER)
    return state
