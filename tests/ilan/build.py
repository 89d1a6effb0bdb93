"""Small ILAN positions for scenario tests: the cards a test names (by their ids in the rules spec)
where it wants them, everything else in the decks, the turn of ``seat`` just begun."""

from __future__ import annotations

from game.core import flow
from game.core.events import NO_EVENTS
from game.core.rng import Rng
from game.ilan.cards import all_cards, card
from game.ilan.places import SOURCES
from game.ilan.rules import RULES
from game.ilan.state import START, IlanState, Record


class Numbers:
    """Card numbers by id, each copy handed out once (``B27`` twice gives both krill)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, cid: str) -> int:
        for number, c in enumerate(all_cards().cards):
            if c.id == cid and number not in self.used:
                self.used.add(number)
                return number
        raise ValueError(f"no card {cid} left")


def position(ecos: list[list[str]], hands: list[list[str]] | None = None, current: tuple[str, ...] = ("B15", "B45",
             "B24"), vp: list[int] | None = None, seat: int = 0, deck_top: tuple[str, ...] = (),
             discard: tuple[str, ...] = (), dead: tuple[str, ...] = (), empty_decks: bool = False,
             kids: bool = False) -> IlanState:
    """A state at the start of ``seat``'s turn (its start-of-turn passives already fired)."""
    players = len(ecos)
    hands = hands or [[] for _ in range(players)]
    take = Numbers()
    state = IlanState(rng=Rng(11), expeditions=["lime", "red", "green", "magenta", "orange"][:players],
                      kids=kids, target=25 if kids else 40, vp=list(vp or [0] * players),
                      sources=[dict.fromkeys(SOURCES, 0) for _ in range(players)], webs=[0] * players,
                      records=[Record() for _ in range(players)])
    state.ecosystems = [[take(c) for c in eco] for eco in ecos]
    state.hands = [[take(c) for c in hand] for hand in hands]
    state.current = [take(c) for c in current]
    state.bio_discard = [take(c) for c in discard if c.startswith("B")]
    state.factors_discard = [take(c) for c in discard if c.startswith("F")]
    for cid in dead:
        state.dead.append(next(n for n in state.bio_discard if card(n).id == cid and n not in state.dead))
    top = [take(c) for c in deck_top]
    rest = [n for n in range(len(all_cards().cards)) if n not in take.used]
    if empty_decks:
        state.box = rest
    else:
        state.bio_deck = top + [n for n in rest if card(n).bio]
        state.factors_deck = [n for n in rest if not card(n).bio]
    if kids:
        state.box += [n for n in state.factors_deck]
        state.factors_deck = []
    state.first = 0
    flow.start(state, START, seat)
    RULES.run_auto(state, NO_EVENTS)
    return state


def play(state: IlanState, *actions) -> IlanState:
    """Apply ``actions`` in order, each checked as a person's would be."""
    for action in actions:
        state = RULES.apply(state, action)
    return state


def legal(state: IlanState) -> list:
    return list(RULES.legal_actions(state))
