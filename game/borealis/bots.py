"""Borealis bots: normal (a greedy evaluator) and hard (a lookahead over sampled deals).

Both decide from the seat's view only (hidden cards are HIDDEN there) and return one of ``legal``.
See bot_eval.py for the evaluation and bot_search.py for the lookahead.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.borealis.bot_eval import scored_actions
from game.borealis.bot_search import search
from game.borealis.state import BorealisState
from game.core.contract import Action, Game
from game.core.rng import Rng

NORMAL_NOISE = 0.25
"""Up to this many points of random preference, so games against the normal bot differ."""


def _pick(scored: list[tuple[float, Action]], legal: Sequence[Action], rng: Rng, noise: float) -> Action:
    allowed = set(legal)
    best: Action | None = None
    best_value = -1e18
    for value, action in scored:
        if action not in allowed:
            continue
        v = value + noise * rng.randbelow(1_000_000) / 1_000_000
        if v > best_value:
            best_value, best = v, action
    return best if best is not None else rng.choice(legal)


class NormalBot:
    """Normal: the action whose resulting position the evaluation likes best, plus a little noise."""

    def choose(self, game: Game, view: BorealisState, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or len(legal) == 1:
            return legal[0]
        return _pick(scored_actions(view, seat), legal, rng, NORMAL_NOISE)


class HardBot:
    """Hard: the normal bot's best few actions, compared by playing them out over sampled deals."""

    def choose(self, game: Game, view: BorealisState, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or len(legal) == 1:
            return legal[0]
        found = search(game, view, legal, rng, deadline)
        if found is not None and found in legal:
            return found
        return _pick(scored_actions(view, seat), legal, rng, 0.0)
