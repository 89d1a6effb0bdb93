"""Borealis bots: legal over whole games, stronger by level, and deciding from the view only."""

from __future__ import annotations

import time

import pytest

from game.borealis.bots import EasyBot, HardBot, NormalBot
from game.borealis.rules import RULES
from game.borealis.state import BorealisState, PlayCard, TakeFromPool
from game.borealis.view import clone
from game.core.bots import bot_for, decide
from game.core.contract import HIDDEN, Options
from game.core.rng import Rng
from game.core.selfplay import play
from tests.borealis.helpers import position

BOTS = {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}
GENEROUS = 30.0
"""Deadline for the strength tests: the hard bot's fixed sample count decides, not the clock."""


def _game(levels: list[str], seed: int, players: int | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One game with a bot per seat (levels cycled); returns (scores, winners)."""
    state = RULES.new_game(RULES.default_options(players or len(levels)), seed)
    actions = 0
    while state.to_act is not None:
        seat = state.to_act
        view = RULES.view(state, seat)
        legal = RULES.space(view)
        rng = Rng.from_seed(seed * 1_000_003 + actions)
        action = BOTS[levels[seat % len(levels)]].choose(RULES, view, legal, rng, time.monotonic() + GENEROUS)
        assert action in legal
        state = RULES.apply(state, action)
        actions += 1
    result = RULES.result(state)
    return result.scores, result.winners


def _duel(a: str, b: str, seeds: range, both_ways: bool = False) -> tuple[int, list[int], list[int]]:
    """Two-player games; returns (a's outright wins, a's scores, b's scores).

    Seats alternate from one seed to the next, or with ``both_ways`` every seed is played twice,
    once from each seat (the same deal both ways: less luck in a short match)."""
    wins, scores_a, scores_b = 0, [], []
    games = [(seed, i % 2) for i, seed in enumerate(seeds)]
    if both_ways:
        games = [(seed, first) for seed in seeds for first in (0, 1)]
    for seed, first in games:
        levels = [a, b] if first == 0 else [b, a]
        scores, winners = _game(levels, seed)
        seat_a, seat_b = levels.index(a), levels.index(b)
        scores_a.append(scores[seat_a])
        scores_b.append(scores[seat_b])
        wins += seat_a in winners and seat_b not in winners
    return wins, scores_a, scores_b


def test_the_rules_offer_a_bot_of_each_level():
    assert isinstance(bot_for(RULES, "easy"), EasyBot)
    assert isinstance(bot_for(RULES, "normal"), NormalBot)
    assert isinstance(bot_for(RULES, "hard"), HardBot)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_easy_bot_plays_a_card_whenever_one_fits_and_never_pays_for_a_refresh(players):
    """A beginner: in every action turn where a card fits it plays one (a card at random among
    those that fit), it regroups only when none fits, and it never refreshes the pool."""
    fits = played = regrouped_for_nothing = refreshed = 0
    bot = EasyBot()
    for seed in range(6):
        state = RULES.new_game(RULES.default_options(players), seed)
        step = 0
        while state.to_act is not None:
            seat = state.to_act
            view = RULES.view(state, seat)
            legal = RULES.space(view)
            action = bot.choose(RULES, view, legal, Rng.from_seed(seed * 7919 + step), time.monotonic() + 1)
            assert legal.contains(action)
            if view.phase == "action":
                can_play = any(isinstance(a, PlayCard) for a in legal.actions())
                fits += can_play
                played += can_play and isinstance(action, PlayCard)
                regrouped_for_nothing += can_play and not isinstance(action, PlayCard)
            refreshed += action.kind == "refresh_pool"
            state = RULES.apply(state, action)
            step += 1
    assert fits > 50
    assert played == fits and regrouped_for_nothing == 0 and refreshed == 0


@pytest.mark.parametrize(
    ("players", "kids", "side", "levels"),
    [
        (2, False, "I", ("normal", "easy")),
        (3, False, "II", ("normal", "normal", "easy")),
        (4, False, "I", ("normal",)),
        (4, True, "II", ("normal", "easy")),
        (3, False, "I", ("hard", "normal", "easy")),
    ],
)
def test_bots_choose_only_legal_actions_over_whole_games(players, kids, side, levels):
    options = Options(players=players, kids=kids, variants={"side": side})
    for seed in (1, 2):
        run = play(RULES, options, seed, levels)  # decide() refuses any illegal choice
        assert run.ok, run.line
        assert len(run.line["scores"]) == players


def test_normal_beats_easy_in_most_games():
    wins, mine, theirs = _duel("normal", "easy", range(100, 140))
    assert wins >= 28, (wins, mine, theirs)
    assert sum(mine) > sum(theirs)


@pytest.mark.slow
def test_hard_beats_normal():
    # A short match (4 games, about 10 s); longer measurements are in the bots' report.
    wins, mine, theirs = _duel("hard", "normal", range(600, 602), both_ways=True)
    assert wins > 2 or sum(mine) > sum(theirs), (wins, mine, theirs)


@pytest.mark.slow
def test_hard_beats_normal_at_a_full_table():
    # Two hard seats against two normal ones, alternating, each deal played both ways (4 games,
    # about 20 s). Over 80 such games a hard seat won about 4 games in 5.
    won, hard, normal = 0, 0, 0
    for seed in (700, 701):
        for levels in (["hard", "normal"] * 2, ["normal", "hard"] * 2):
            scores, winners = _game(levels, seed)
            seats = [i for i, level in enumerate(levels) if level == "hard"]
            won += any(w in seats for w in winners)
            hard += sum(scores[i] for i in seats)
            normal += sum(scores) - sum(scores[i] for i in seats)
    assert won >= 3 and hard > normal, (won, hard, normal)


def _mid_game(seed: int, actions: int) -> BorealisState:
    state = RULES.new_game(RULES.default_options(3), seed)
    for i in range(actions):
        state = RULES.apply(state, decide(RULES, state, "normal", seed + i))
    return state


def _same_view_other_truth(state: BorealisState) -> BorealisState:
    """Another true state with the same view for ``state.to_act``: hidden cards dealt differently."""
    seat = state.to_act
    assert seat is not None
    other = clone(state)
    hidden = [c for i, p in enumerate(other.players) if i != seat for c in p.hand] + list(other.deck)
    hidden.reverse()
    it = iter(hidden)
    for i, p in enumerate(other.players):
        if i != seat:
            p.hand = [next(it) for _ in p.hand]
    other.deck = list(it)
    other.rng = Rng(12345)
    return other


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_decision_depends_only_on_the_view(level):
    state = _mid_game(7, 25)
    seat = state.to_act
    assert seat is not None
    other = _same_view_other_truth(state)
    assert RULES.view(state, seat) == RULES.view(other, seat)
    assert [p.hand for i, p in enumerate(state.players) if i != seat] != [
        p.hand for i, p in enumerate(other.players) if i != seat
    ]
    for seed in (3, 4):
        assert decide(RULES, state, level, seed, budget=GENEROUS) == decide(RULES, other, level, seed, budget=GENEROUS)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_leaves_the_view_untouched(level):
    state = _mid_game(11, 30)
    seat = state.to_act
    assert seat is not None
    view = RULES.view(state, seat)
    before = RULES.state_to_json(view)
    legal = RULES.space(view)
    BOTS[level].choose(RULES, view, legal, Rng(5), time.monotonic() + GENEROUS)
    assert RULES.state_to_json(view) == before


def test_determinization_deals_exactly_the_unseen_cards():
    state = _mid_game(13, 20)
    seat = state.to_act
    assert seat is not None
    view = RULES.view(state, seat)
    world = RULES.resample(view, seat, Rng(9))
    assert HIDDEN not in world.deck
    assert all(HIDDEN not in p.hand for p in world.players)
    assert len(world.deck) == len(state.deck)
    assert [len(p.hand) for p in world.players] == [len(p.hand) for p in state.players]
    assert world.players[seat].hand == state.players[seat].hand
    assert RULES.components(world) == RULES.components(state)
    # Sampled, not copied from the truth: another seed deals differently, and both are views of it.
    again = RULES.resample(view, seat, Rng(10))
    assert (again.deck, [p.hand for p in again.players]) != (world.deck, [p.hand for p in world.players])
    assert RULES.view(world, seat) == view


def _set_position(phase: str) -> BorealisState:
    """Seat 0 has four owls in the middle; an owl in hand (and one in the pool) would make five."""
    me = {
        "hand": [2, 50, 72, 30],
        "middle": {"cards": [0, 1, 3, 4], "scientists": "AMP"},
    }
    return position(
        [me, {"hand": [60, 61, 62, 63]}], pool=[51, 5, 52, 53], scoring=[], objectives=[], phase=phase, to_act=0
    )


def test_normal_plays_the_card_that_grows_its_biggest_set():
    state = _set_position("action")
    assert decide(RULES, state, "normal", 1) == PlayCard(2, 1)


def test_normal_takes_the_pool_card_that_fits_its_sets():
    state = _set_position("take")
    assert decide(RULES, state, "normal", 1) == TakeFromPool(5)
