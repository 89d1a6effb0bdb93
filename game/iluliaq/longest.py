"""The longest game of Iluliaq we know how to play (for the load-time bench): every throw misses
the iceberg and nothing else moves, so no stack shrinks, the deck stays full and the game runs to
the PROPOSED length limit (cards.json rules.max_turns_each turns per player)."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, Options
from game.iluliaq.table import DISTANCE, Outcome, Pose, Throw, Thrown

MISS = Throw(distance=DISTANCE.high, offset=0.0, angle=0.0, power=0.05, spin=0.0)


def longest_game(rules: Any, options: Options, seed: int) -> list[Action]:
    state = rules.new_game(options, seed)
    actions: list[Action] = []
    while not rules.is_over(state):
        card = state.card_in_hand()
        splash = Pose(card, 0.0, DISTANCE.high, 0.0, 0)
        poses = tuple(sorted([*state.table, splash], key=lambda p: p.card))
        action = Thrown(MISS, Outcome(card, poses))
        actions.append(action)
        state = rules.apply(state, action)
    return actions
