"""Small Ice Flow positions for scenario tests: floes where a test wants them, explorers, backpacks, and
everything else (supply, bag, deck) filled in so that the position is one the rules accept.

Floe ids and their ridges (assets/data/iceflow/rules.json, unturned): 0-3 N+NE, 4-7 N+SE, 8-11 N+S,
12-14 N+NE+SE, 15-17 N+NE+S, 18-20 N+NE+SW, 21-23 N+SE+SW. A floe of 8-11 at rotation 0 has flat
sides east and west: walking across it costs nothing.
"""

from __future__ import annotations

from game.core.rng import Rng
from game.iceflow.board import default_board
from game.iceflow.data import cards, ridges, supply
from game.iceflow.position import checked_state
from game.iceflow.rules import RULES
from game.iceflow.state import Floe, IceFlowState, Player
from game.iceflow.turns import start_turn

FLAT = (8, 9, 10, 11)
"""Floes whose ridges face north and south at rotation 0."""


def position(explorers: list[list[str]], floes: list[tuple], backpacks: list[tuple[int, int]] | None = None,
             seat: int = 0, kids: bool = False, double_ice: bool = False, first: int = 0) -> IceFlowState:
    """A state at the start of ``seat``'s turn. ``floes``: (id, (col, row)[, rotation[, ropes, fish, bears]])."""
    n = len(explorers)
    backpacks = backpacks or [(1, 1)] * n
    state = IceFlowState(rng=Rng(5), board=default_board().digest, kids=kids, double_ice=double_ice, first=first)
    state.players = [Player(list(e), r, f) for e, (r, f) in zip(explorers, backpacks)]
    for spec in floes:
        floe_id, (col, row), *rest = spec
        rotation, ropes, fish, bears = (list(rest) + [0, 0, 0, 0])[:4] if rest else (0, 0, 0, 0)
        state.floes.append(Floe(floe_id, col, row, rotation, ropes, fish, bears))
    state.floes.sort(key=lambda f: f.id)
    placed = {f.id for f in state.floes}
    state.bag = [i for i in range(len(ridges())) if i not in placed]
    state.deck = list(range(len(cards())))
    pieces = supply()
    state.ropes = pieces["ropes"] - sum(p.ropes for p in state.players) - sum(f.ropes for f in state.floes)
    state.fish = pieces["fish"] - sum(p.fish for p in state.players) - sum(f.fish for f in state.floes)
    state.bears = (0 if kids else pieces["bears"]) - sum(f.bears for f in state.floes)
    start_turn(state, seat)
    return checked_state(state)


def play(state: IceFlowState, *actions) -> IceFlowState:
    """Apply ``actions`` in order, each checked as a person's would be."""
    for action in actions:
        state = RULES.apply(state, action)
    return state


def legal(state: IceFlowState) -> list:
    return list(RULES.legal_actions(state))

