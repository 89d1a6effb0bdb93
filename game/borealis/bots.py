"""Borealis bots: easy (a beginner), normal (a greedy evaluator) and hard (a lookahead over sampled
deals).

Both decide from the seat's view only (hidden cards are HIDDEN there) and return a member of the
space they are given. In the action frame they compare every play with the best Regroup plan
(the discards and the location, see bot_eval.Plan) and answer Regroup() when a plan wins; in the
regroup frame they mark, one answer at a time, the discards of the best plan for the hand they
hold, then confirm; in regroup.send they pick the best location. The mulligan is the same marking
towards the cards worth less than an unseen card. See bot_eval.py for the evaluation and
bot_search.py for the lookahead.
"""

from __future__ import annotations

from game.borealis.bot_policy import Choice, Plan, PlanMemo, best_plan, scored_actions, toward, unfrozen
from game.borealis.bot_search import search
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    REGROUP,
    BorealisState,
    Confirm,
    DrawFromDeck,
    Keep,
    PlayCard,
    Regroup,
    TakeFromPool,
)
from game.core.contract import Action, Game
from game.core.rng import Rng
from game.core.spaces import ActionSpace

NORMAL_NOISE = 0.25
"""Up to this many points of random preference, so games against the normal bot differ."""
START_REGROUP = Regroup()


def allowed(choice: Choice, legal: ActionSpace) -> bool:
    return legal.contains(START_REGROUP if isinstance(choice, Plan) else choice)


def _pick(scored: list[tuple[float, Choice]], legal: ActionSpace, rng: Rng, noise: float) -> Choice | None:
    best: Choice | None = None
    best_value = -1e18
    for value, choice in scored:
        if not allowed(choice, legal):
            continue
        v = value + noise * rng.randbelow(1_000_000) / 1_000_000
        if v > best_value:
            best_value, best = v, choice
    return best


def _unfrozen(view: BorealisState, seat: int, choice: Choice, scored: list[tuple[float, Choice]],
              legal: ActionSpace) -> Choice:
    """Never a Regroup that changes nothing: with a card that fits, play the best one; when no hand
    card fits and the camps are empty, discard the hand and redraw (nothing else would move the
    seat's scientists). Without this two bots could pass to each other forever."""
    if not isinstance(choice, Plan) or not choice.passes():
        return choice
    plays = [a for _score, a in scored if isinstance(a, PlayCard) and legal.contains(a)]
    if plays:  # passing while a card fits would let two bots pass to each other forever
        return plays[0]
    return unfrozen(view, seat, choice)


def answer(choice: Choice | None, legal: ActionSpace, rng: Rng) -> Action:
    """The action that starts ``choice`` (a Plan starts with Regroup()); any legal one if none."""
    if choice is None:
        return legal.sample(rng)
    return START_REGROUP if isinstance(choice, Plan) else choice


class NormalBot:
    """Normal: the answer whose resulting position the evaluation likes best, plus a little noise."""

    def __init__(self) -> None:
        self.memo = PlanMemo()

    def choose(self, game: Game, view: BorealisState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or legal.count() == 1:
            return legal.actions()[0]
        if view.phase == REGROUP:
            return toward(view.marked(), self.memo.plan(view, seat).discards, Confirm())
        scored = scored_actions(view, seat)
        choice = _pick(scored, legal, rng, NORMAL_NOISE)
        if view.phase == ACTION:
            self.memo.remember(view, seat, best_plan(view, seat, scored))
            if choice is not None:
                choice = _unfrozen(view, seat, choice, scored, legal)
        return answer(choice, legal, rng)


class HardBot:
    """Hard: the normal bot's best few answers, compared by playing them out over sampled deals."""

    def __init__(self) -> None:
        self.memo = PlanMemo()

    def choose(self, game: Game, view: BorealisState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        if seat is None or legal.count() == 1:
            return legal.actions()[0]
        if view.phase == REGROUP:
            return toward(view.marked(), self.memo.plan(view, seat).discards, Confirm())
        found = search(game, view, legal, rng, deadline)
        scored: list[tuple[float, Choice]] = []
        if found is None or not allowed(found, legal):
            scored = scored_actions(view, seat)
            found = _pick(scored, legal, rng, 0.0)
        if found is not None and view.phase == ACTION:
            found = _unfrozen(view, seat, found, scored or scored_actions(view, seat), legal)
        return answer(found, legal, rng)


class EasyBot:
    """Easy, a beginner's random sensible move: keeps the starting hand; plays a card whenever one
    fits (any that fits, at random) and regroups only when none does, then keeps its hand; takes a
    random pool card or the deck's top card, never paying for a refresh; sends the camps'
    scientists anywhere."""

    def choose(self, game: Game, view: BorealisState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        if view.phase == MULLIGAN and legal.contains(Keep()):
            return Keep()
        if view.phase == ACTION:
            plays = [a for a in actions if isinstance(a, PlayCard)]
            return rng.choice(plays) if plays else START_REGROUP
        if view.phase == REGROUP and legal.contains(Confirm()):
            return Confirm()
        takes = [a for a in actions if isinstance(a, (TakeFromPool, DrawFromDeck))]
        if takes:
            return rng.choice(takes)
        return rng.choice(actions)
