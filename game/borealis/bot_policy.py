"""Borealis bots: the greedy policy, frame by frame, on top of the evaluation (bot_eval.py).

Each candidate answer is scored by the evaluation of the position it leads to. In the action
frame the candidates are every play and a whole Regroup per location (a ``Plan``: the discards
worth less than an unseen card, and where the camp scientists go); the table's small answers of a
Regroup (Regroup, Mark, Confirm, SendScientists) then follow the plan one at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.borealis.bot_eval import (
    DISCARD_MARGIN,
    MEAN_SAMPLE,
    PASS_PENALTY,
    REFRESH_MARGIN,
    TEMPO,
    Context,
    Features,
    camp_count,
    evaluate,
    fits,
    make_context,
    play_on,
    regroup_on,
)
from game.borealis.deck import cards_to_draw
from game.borealis.observe import can_refresh_pool
from game.borealis.state import (
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    BorealisState,
    Confirm,
    DrawFromDeck,
    Keep,
    Mark,
    PlayCard,
    PlayerState,
    RefreshPool,
    SendScientists,
    TakeFromPool,
)
from game.core.clone import clone
from game.core.contract import HIDDEN, Action
from game.core.rng import Rng


def _take_value(f: Features, pool: list[int], can_draw: bool) -> float:
    best = max((f.value(c) for c in pool), default=-1e9)
    if can_draw:
        best = max(best, f.ctx.mean_card_value(f))
    return best if best > -1e9 else 0.0


def score_play(state: BorealisState, p: PlayerState, card_id: int, location: int, ctx: Context) -> float:
    q = clone(p)
    play_on(q, card_id, location)
    if ctx.horizon <= 0:
        return evaluate(q, ctx)
    f = Features(q, ctx)
    return evaluate(q, ctx, f=f) + ctx.hand_weight * _take_value(f, state.pool, cards_to_draw(state) > 0)


def best_discards(p: PlayerState, ctx: Context) -> tuple[tuple[int, ...], float]:
    """The hand cards worth less than an unseen card, and the hand's value after redrawing them."""
    f = Features(p, ctx)
    mean = ctx.mean_card_value(f)
    out = []
    total = 0.0
    for c in p.hand:
        if c == HIDDEN:
            continue
        v = f.value(c)
        if v < mean - DISCARD_MARGIN and ctx.unseen:
            out.append(c)
            total += mean
        else:
            total += v
    return tuple(sorted(out)), total


@dataclass(frozen=True)
class Plan:
    """A whole Regroup decided at once: the cards to discard and where the camp scientists go
    (-1: the camps are empty). The table answers it as Regroup, Marks, Confirm, SendScientists."""

    discards: tuple[int, ...]
    location: int

    def passes(self) -> bool:
        """A Regroup that changes nothing: no card discarded, nobody in the camps."""
        return not self.discards and self.location < 0


Choice = Action | Plan


def score_regroups(p: PlayerState, ctx: Context) -> list[tuple[float, Plan]]:
    places = (0, 1, 2) if camp_count(p) else (-1,)
    out: list[tuple[float, Plan]] = []
    for loc in places:
        q = clone(p)
        regroup_on(q, loc)
        discards, hand_value = best_discards(q, ctx) if ctx.horizon > 0 else ((), 0.0)
        value = evaluate(q, ctx, hand_value) - TEMPO * min(1.0, 2 * ctx.horizon)
        if loc < 0 and not discards:
            value -= PASS_PENALTY
        out.append((value, Plan(discards, loc)))
    return out


def score_sends(p: PlayerState, ctx: Context) -> list[tuple[float, Action]]:
    """Where the camp scientists go, now that the new cards are in the hand."""
    out: list[tuple[float, Action]] = []
    for loc in (0, 1, 2):
        q = clone(p)
        regroup_on(q, loc)
        out.append((evaluate(q, ctx), SendScientists(loc)))
    return out


def any_fits(p: PlayerState) -> bool:
    return any(fits(p, c, loc) for c in p.hand if c != HIDDEN for loc in (0, 1, 2))


def unfrozen(state: BorealisState, seat: int, plan: Plan) -> Plan:
    """With no card that fits and empty camps, a Regroup that changes nothing is a full redraw
    instead (nothing else would move the seat's scientists)."""
    p = state.players[seat]
    if not plan.passes() or camp_count(p) or not p.hand or not cards_to_draw(state) or any_fits(p):
        return plan
    return Plan(tuple(sorted(c for c in p.hand if c != HIDDEN)), -1)


def regroup_plan(state: BorealisState, seat: int, ctx: Context | None = None) -> Plan:
    """The best Regroup by the evaluation (the first of equals), never a pass while a redraw helps."""
    return best_plan(state, seat, score_regroups(state.players[seat], ctx or make_context(state, seat)))


def best_plan(state: BorealisState, seat: int, scored: list[tuple[float, Choice]]) -> Plan:
    """The first Plan of the highest value among ``scored`` (made unfrozen)."""
    best: tuple[float, Plan] | None = None
    for value, choice in scored:
        if isinstance(choice, Plan) and (best is None or value > best[0]):
            best = (value, choice)
    assert best is not None
    return unfrozen(state, seat, best[1])


def plan_key(state: BorealisState, seat: int) -> tuple:
    """Everything ``regroup_plan`` reads, so a remembered plan is exactly the one it would make:
    the seat's board and hand, every card in play, pool, discard, deck size and the objectives
    (the marks of the frame are left out: they do not change the plan)."""
    p = state.players[seat]
    return (
        seat, p.board, tuple(p.hand), tuple(tuple(pos) for pos in p.scientists), tuple(p.flags),
        tuple(p.tokens), p.pad, p.max_regroup,
        tuple(tuple(col) for q in state.players for col in q.cards),
        tuple(state.pool), tuple(state.discard), len(state.deck), state.final_round, tuple(state.scoring),
        tuple((o.id, o.tokens, tuple(o.claimed_by), o.closes_round, o.removed) for o in state.objectives),
    )


class PlanMemo:
    """The regroup plan of the last few positions: the action frame works it out while comparing
    plays with it, and the regroup frame's marks and confirm (one decision each, on the same
    position) read it back instead of working it out again."""

    SIZE = 64

    def __init__(self) -> None:
        self.plans: dict[tuple, Plan] = {}

    def remember(self, state: BorealisState, seat: int, plan: Plan) -> None:
        if len(self.plans) >= self.SIZE:
            self.plans.clear()
        self.plans[plan_key(state, seat)] = plan

    def plan(self, state: BorealisState, seat: int) -> Plan:
        key = plan_key(state, seat)
        found = self.plans.get(key)
        if found is None:
            found = regroup_plan(state, seat)
            self.remember(state, seat, found)
        return found


def toward(marked: list[int], target: tuple[int, ...], done: Action) -> Action:
    """The next answer of a marking frame: toggle the first card marked differently from
    ``target``, or ``done`` once the marks are right (one answer per decision, so a human's
    half-made marks are corrected too)."""
    wrong = sorted(set(marked).symmetric_difference(target))
    return Mark(wrong[0]) if wrong else done


def marking_answer(state: BorealisState, seat: int, ctx: Context | None = None) -> Action:
    """Mulligan: mark the cards worth less than an unseen card, then confirm (or keep).
    Regroup: mark the discards of the best plan, then confirm."""
    ctx = ctx or make_context(state, seat)
    marked = state.marked()
    if state.phase == MULLIGAN:
        target, _value = best_discards(state.players[seat], ctx)
        return toward(marked, target, Confirm() if target else Keep())
    return toward(marked, regroup_plan(state, seat, ctx).discards, Confirm())


def scored_actions(state: BorealisState, seat: int, ctx: Context | None = None) -> list[tuple[float, Choice]]:
    """Candidate answers for ``seat`` (the seat to act) with their greedy scores, best first.

    In the action frame the candidates are every play and, per location, the Regroup plan with
    the best discards (the other discard sets are never better by this evaluation)."""
    ctx = ctx or make_context(state, seat)
    p = state.players[seat]
    out: list[tuple[float, Choice]] = []
    phase = state.phase
    if phase in (MULLIGAN, REGROUP):
        out.append((1.0, marking_answer(state, seat, ctx)))
    elif phase == SEND:
        out += score_sends(p, ctx)
    elif phase == TAKE:
        f = Features(p, ctx)
        for c in dict.fromkeys(state.pool):
            out.append((ctx.hand_weight * f.value(c), TakeFromPool(c)))
        if cards_to_draw(state):
            out.append((ctx.hand_weight * ctx.mean_card_value(f), DrawFromDeck()))
        if can_refresh_pool(state, seat) and ctx.horizon > 0 and state.pool:
            fresh = ctx.hand_weight * ctx.expected_best_of(f, len(state.pool)) - 1 - REFRESH_MARGIN
            out.append((fresh, RefreshPool()))
    else:
        for c in dict.fromkeys(p.hand):
            if c == HIDDEN:
                continue
            for loc in (0, 1, 2):
                if fits(p, c, loc):
                    out.append((score_play(state, p, c, loc, ctx), PlayCard(c, loc)))
        out += score_regroups(p, ctx)
    out.sort(key=lambda pair: -pair[0])
    return out


def greedy_action(state: BorealisState, seat: int, rng: Rng | None, noise: float, sample: int = MEAN_SAMPLE) -> Choice:
    """The best answer by the evaluation (a Plan for a Regroup), with up to ``noise`` points of
    random tie-breaking."""
    scored = scored_actions(state, seat, make_context(state, seat, sample))
    if rng is None or noise <= 0:
        return scored[0][1]
    best_value = -1e18
    best: Choice = scored[0][1]
    for value, action in scored:
        v = value + noise * rng.randbelow(1_000_000) / 1_000_000
        if v > best_value:
            best_value, best = v, action
    return best
