"""Borealis bots: normal (a greedy evaluator) and hard (a lookahead over sampled deals).

Both decide from the seat's view only (hidden cards are HIDDEN there) and return one of ``legal``.
See bot_eval.py for the evaluation and bot_search.py for the lookahead.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.borealis.bot_eval import camp_count, fits, scored_actions
from game.borealis.bot_search import search
from game.borealis.deck import cards_to_draw
from game.borealis.state import BorealisState, PlayCard, Regroup
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


def _unfrozen(view: BorealisState, seat: int, action: Action, legal: Sequence[Action]) -> Action:
    """Never a Regroup that changes nothing: with a card that fits, play the best one; when no hand
    card fits and the camps are empty, discard the hand and redraw (nothing else would move the
    seat's scientists). Without this two bots could pass to each other forever."""
    if action != Regroup((), -1):
        return action
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if plays:  # passing while a card fits would let two bots pass to each other forever
        ranked = [a for _score, a in sorted(scored_actions(view, seat), key=lambda sa: -sa[0]) if a in plays]
        return ranked[0] if ranked else plays[0]
    p = view.players[seat]
    if camp_count(p) or not p.hand or not cards_to_draw(view):
        return action
    if any(fits(p, c, loc) for c in p.hand for loc in (0, 1, 2)):
        return action
    redraw = Regroup(tuple(sorted(p.hand)), -1)
    return redraw if redraw in legal else action


class NormalBot:
    """Normal: the action whose resulting position the evaluation likes best, plus a little noise."""

    def choose(self, game: Game, view: BorealisState, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or len(legal) == 1:
            return legal[0]
        return _unfrozen(view, seat, _pick(scored_actions(view, seat), legal, rng, NORMAL_NOISE), legal)


class HardBot:
    """Hard: the normal bot's best few actions, compared by playing them out over sampled deals."""

    def choose(self, game: Game, view: BorealisState, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or len(legal) == 1:
            return legal[0]
        found = search(game, view, legal, rng, deadline)
        if found is None or found not in legal:
            found = _pick(scored_actions(view, seat), legal, rng, 0.0)
        return _unfrozen(view, seat, found, legal)
