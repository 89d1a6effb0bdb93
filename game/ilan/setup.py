"""Setting up a game of ILAN (rulebook, Initial Setup): each expedition's cube on the Military Base,
3 biodiversity cards and 1 factors card in each hand, 3 biodiversity cards face up in the Current, the
rest in two face-down decks; the starting player drawn or the first in the list. Kids' mode (spec
§3.3.2) plays without factors cards and abilities, to 25 VP."""

from __future__ import annotations

from game.core import flow
from game.core.contract import Options
from game.core.rng import Rng
from game.ilan.cards import all_cards
from game.ilan.data import config, expeditions
from game.ilan.places import SOURCES
from game.ilan.state import START, IlanState, Record

FIRST = "first"
DRAWN = "drawn"


def new_state(options: Options, rng: Rng) -> IlanState:
    rules, cards = config(), all_cards()
    players = options.players
    bio, factors = list(cards.bio), list(cards.factors)
    rng.shuffle(bio)
    rng.shuffle(factors)
    keys = list(options.colours) or [e.key for e in expeditions()][:players]
    hands: list[list[int]] = []
    for _seat in range(players):
        hand = [bio.pop(0) for _ in range(rules.start_bio)]
        if not options.kids:
            hand += [factors.pop(0) for _ in range(rules.start_factors)]
        hands.append(hand)
    current = [bio.pop(0) for _ in range(rules.current_min)]
    first = rng.randbelow(players) if options.variants.get(FIRST, DRAWN) == DRAWN else 0
    state = IlanState(
        rng=rng, expeditions=keys, hands=hands, ecosystems=[[] for _ in range(players)], current=current,
        bio_deck=bio, factors_deck=[] if options.kids else factors,
        factors_discard=[], vp=[0] * players, sources=[dict.fromkeys(SOURCES, 0) for _ in range(players)],
        first=first, kids=options.kids, target=rules.kids_target if options.kids else rules.target,
        round_cap=rules.round_cap, webs=[0] * players, records=[Record() for _ in range(players)],
    )
    if options.kids:
        state.box = sorted(factors)
    flow.start(state, START, first)
    return state
