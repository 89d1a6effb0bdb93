"""Borealis hard bot: look ahead over sampled deals of the cards its seat cannot see.

A view hides the deck and the other hands (HIDDEN). The unseen cards are exactly all 100 card ids
minus every card the seat sees, so a *determinization* deals those cards at random into the hidden
slots (the other hands, then the deck). For each sample, each of the few best candidate actions by
the greedy evaluation is played out: the seat finishes its turn and plays its next ones, the other
seats answer, all by the greedy policy. The candidate with the best mean outcome (the seat's
evaluation minus part of its strongest rival's) is chosen. Samples are shared by all candidates
(common random numbers), so their comparison is fair even with few samples.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.borealis.bot_eval import evaluate_seat, greedy_action, scored_actions, unseen_cards
from game.borealis.state import MULLIGAN, BorealisState
from game.borealis.view import clone
from game.core.contract import HIDDEN, Action, Game
from game.core.rng import Rng

CANDIDATES = 4
"""How many of the greedy evaluation's best actions the lookahead compares."""
CANDIDATE_GAP = 6.0
"""Candidates scoring this much below the best are not worth a lookahead."""
SAMPLES = 12
"""Determinizations per decision (a fixed count, so a decision depends only on the seed)."""
MARGIN = 0.02
"""Seconds kept in hand before the deadline to answer."""
OWN_TURNS = 1
"""Turns of its own the seat plays out after the current one."""
RIVAL_WEIGHT = 0.5
"""Share of the strongest rival's evaluation subtracted from the seat's."""
ROLLOUT_NOISE = 0.3
ROLLOUT_SAMPLE = 8
"""Unseen cards standing for an unknown card in the rollouts' greedy policy (fewer: faster)."""


def determinize(view: BorealisState, seat: int, rng: Rng) -> BorealisState:
    """A full state consistent with ``view``: the unseen cards dealt at random to the hidden slots."""
    state = clone(view)
    unseen = unseen_cards(view, seat)
    rng.shuffle(unseen)
    slots = sum(1 for i, p in enumerate(state.players) if i != seat for c in p.hand if c == HIDDEN)
    slots += sum(1 for c in state.deck if c == HIDDEN)
    if slots > len(unseen):
        # An inconsistent view (should not happen): drop the deck slots that cannot be filled.
        state.deck = state.deck[: max(0, len(state.deck) - (slots - len(unseen)))]
    deal = iter(unseen)
    for i, p in enumerate(state.players):
        if i != seat:
            p.hand = [c for c in (next(deal, None) if c == HIDDEN else c for c in p.hand) if c is not None]
    state.deck = [c for c in (next(deal, None) if c == HIDDEN else c for c in state.deck) if c is not None]
    state.rng = Rng(rng.next64())
    return state


def rollout(game: Game, state: BorealisState, seat: int, action: Action, rng: Rng) -> float:
    """Play ``action`` and then the greedy policy until the seat has played OWN_TURNS more turns."""
    s = clone(state)
    stop = s.players[seat].turns + 1 + OWN_TURNS
    game.step(s, action)
    while s.to_act is not None and s.players[seat].turns < stop:
        game.step(s, greedy_action(s, s.to_act, rng, ROLLOUT_NOISE, ROLLOUT_SAMPLE))
    mine = evaluate_seat(s, seat)
    rivals = [evaluate_seat(s, other) for other in range(len(s.players)) if other != seat]
    return mine - RIVAL_WEIGHT * max(rivals, default=0.0)


def candidates(view: BorealisState, seat: int, legal: Sequence[Action]) -> list[Action]:
    allowed = set(legal)
    scored = [(v, a) for v, a in scored_actions(view, seat) if a in allowed]
    if not scored:
        return []
    best = scored[0][0]
    return [a for v, a in scored[:CANDIDATES] if v >= best - CANDIDATE_GAP]


def search(game: Game, view: BorealisState, legal: Sequence[Action], rng: Rng, deadline: float) -> Action | None:
    """The lookahead's choice, or None when there is nothing to compare (then play greedy)."""
    seat = view.to_act
    if seat is None or view.phase == MULLIGAN:
        return None
    options = candidates(view, seat, legal)
    if len(options) <= 1:
        return options[0] if options else None
    totals = [0.0] * len(options)
    started = time.monotonic()
    for done in range(SAMPLES):
        # Stop before a sample that would not finish in time (judged by the samples so far).
        now = time.monotonic()
        if done and now + (now - started) / done > deadline - MARGIN:
            break
        world = determinize(view, seat, rng)
        seed = rng.next64()
        values = []
        for action in options:
            values.append(rollout(game, world, seat, action, Rng(seed)))
            if time.monotonic() >= deadline - MARGIN:
                break
        if len(values) < len(options):
            break
        for i, v in enumerate(values):
            totals[i] += v
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best]
