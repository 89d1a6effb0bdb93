"""Invariants over random games (hypothesis), positions and the token supply."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from game.borealis.rules import RULES
from game.borealis.state import BorealisState
from game.borealis.tokens import gain_points, pay_point, token_points
from game.core.contract import Options
from game.core.rng import Rng
from tests.borealis.helpers import position


def _check_invariants(state: BorealisState) -> None:
    for p in state.players:
        assert sum(sum(pos) for pos in p.scientists) == 9
        assert [sum(pos[c] for pos in p.scientists) for c in range(3)] == [3, 3, 3]
        assert all(0 <= f <= 7 for f in p.flags)
        assert all(n >= 0 for pos in p.scientists for n in pos)
        assert all(len(col) <= 7 for col in p.cards)
        assert len(p.hand) <= 4
        assert all(n >= 0 for n in p.tokens) and p.pad >= 0
    assert len(state.pool) <= 4
    assert all(n >= 0 for n in state.bank)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), side=st.sampled_from(["I", "II"]), kids=st.booleans())
def test_random_games_keep_the_invariants(seed, players, side, kids):
    state = RULES.new_game(Options(players=players, kids=kids, variants={"side": side}), seed)
    rng = Rng.from_seed(seed)
    steps = 0
    while not RULES.is_over(state):
        _check_invariants(state)
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        steps += 1
    _check_invariants(state)
    turns = {p.turns for p in state.players}
    assert len(turns) == 1, "every player plays the same number of turns"
    assert any(len(col) == 7 for p in state.players for col in p.cards)
    result = RULES.result(state)
    assert all(sum(row.values()) == score for row, score in zip(result.breakdown, result.scores))


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 200))
def test_positions_round_trip(seed, steps):
    state = RULES.new_game(RULES.default_options(3), seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
    data = json.loads(json.dumps(RULES.to_position(state)))
    assert RULES.from_position(data) == state


@settings(max_examples=50, deadline=None)
@given(gains=st.lists(st.one_of(st.integers(1, 9), st.just(-1)), max_size=60))
def test_points_are_conserved_even_when_the_supply_runs_short(gains):
    state = position([{"hand": []}, {"hand": []}], pool=[], deck=[])
    before = RULES.components(state)
    expected = 2
    for amount in gains:
        if amount < 0:
            if token_points(state.players[0]) < 1:
                continue
            pay_point(state, 0)
        else:
            gain_points(state, 0, amount)
        expected += amount
        assert token_points(state.players[0]) == expected
        assert RULES.components(state) == before


def _candidates(state: BorealisState) -> set:
    from game.borealis.state import (
        Confirm,
        DrawFromDeck,
        Keep,
        Mark,
        PlayCard,
        RefreshPool,
        Regroup,
        SendScientists,
        TakeFromPool,
    )

    seat = state.to_act
    hand = state.players[seat].hand
    others = state.pool[:1] + state.deck[:1]
    out = {Keep(), DrawFromDeck(), RefreshPool(), Regroup(), Confirm()}
    out |= {SendScientists(loc) for loc in (-1, 0, 1, 2, 3)}
    for c in hand + others:
        out |= {PlayCard(c, loc) for loc in (-1, 0, 1, 2, 3)}
        out |= {TakeFromPool(c), Mark(c)}
    return out


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_step_accepts_exactly_the_legal_actions(seed):
    from game.core.errors import IllegalAction

    state = RULES.new_game(RULES.default_options(3), seed)
    rng = Rng.from_seed(seed)
    for _ in range(120):
        if RULES.is_over(state):
            break
        legal = RULES.legal_actions(state)
        for action in _candidates(state):
            if action in legal:
                RULES.apply(state, action)
            else:
                try:
                    RULES.apply(state, action)
                except IllegalAction as exc:
                    assert str(exc).endswith(".")
                else:
                    raise AssertionError(f"{action} applied though not legal")
        state = RULES.apply(state, rng.choice(legal))
