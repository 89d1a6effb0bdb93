"""The generic search bot (game/core/search.py): the hard level of any game without its own.

Its strength is measured on fixed seeds with a deadline far away (so only its sample cap stops
it, and the games are the same on every machine): nothing here depends on time.
"""

from __future__ import annotations

import time

import pytest

from game.core.bots import RandomBot, bot_for, decide
from game.core.contract import Game
from game.core.rng import Rng
from game.core.search import SearchBot, outcome
from tests.toys import coin, fanout, interrupt

FAR = 1e6
"""Seconds: a deadline that never comes."""


def match(game: Game, seed: int, search_seat: int, samples: int) -> tuple[int, ...]:
    """One 2-player game, the search bot at ``search_seat`` against random moves: the winners."""
    state = game.new_game(game.default_options(2), seed)
    bots = {search_seat: SearchBot(RandomBot(), samples=samples), 1 - search_seat: RandomBot()}
    moves = 0
    while not game.is_over(state):
        seat = state.to_act
        view = game.view(state, seat)
        legal = game.space(view)
        action = bots[seat].choose(game, view, legal, Rng.from_seed(seed * 1_000 + moves), time.monotonic() + FAR)
        assert legal.contains(action)
        state = game.apply(state, action)
        moves += 1
    return game.result(state).winners


@pytest.mark.parametrize(("game", "samples", "games", "wins"), [
    (fanout.RULES, 2, 12, 10),  # perfect information
    (interrupt.RULES, 6, 16, 12),  # hidden hands: it plays on resampled deals
])
def test_search_beats_random_moves(game, samples, games, wins):
    won = sum(1 for seed in range(games) if match(game, seed, seed % 2, samples) == (seed % 2,))
    assert won >= wins, f"the search bot won only {won} of {games} games against random moves"


def test_random_moves_alone_do_not_win_that_often():
    """The yardstick: the seat given to the search bot wins far less with random moves."""
    game = fanout.RULES
    won = 0
    for seed in range(12):
        state = game.new_game(game.default_options(2), seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            state = game.apply(state, game.space(state).sample(rng))
        won += game.result(state).winners == (seed % 2,)
    assert won <= 6


def test_search_is_deterministic_with_a_distant_deadline():
    game = interrupt.RULES
    state = game.new_game(game.default_options(3), 4)
    view = game.view(state, 0)
    choices = {SearchBot(RandomBot(), samples=4).choose(game, view, game.space(view), Rng.from_seed(9),
                                                       time.monotonic() + FAR) for _ in range(3)}
    assert len(choices) == 1


def test_one_candidate_is_answered_at_once_and_intents_go_to_the_policy():
    game = fanout.RULES
    state = game.new_game(game.default_options(2), 1)
    state = game.apply(state, fanout.Pick(0))
    state.rows[0][0] = state.summit - 1  # only "climb one" and "back"
    bot = SearchBot(RandomBot(), candidates=1)
    assert bot.choose(game, state, game.space(state), Rng(1), time.monotonic() + FAR) in game.space(state)
    flick = coin.RULES
    table = flick.new_game(flick.default_options(2), 1)
    action = SearchBot(coin.AimBot()).choose(flick, table, flick.space(table), Rng(2), time.monotonic() + FAR)
    assert isinstance(action, coin.Flick) and flick.space(table).contains(action), "a physics game is not searched"


def test_the_hard_level_of_a_game_without_its_own_is_the_search_bot():
    bot = bot_for(fanout.RULES, "hard")
    assert isinstance(bot, SearchBot) and isinstance(bot.policy, fanout.ClimberBot)
    assert isinstance(bot_for(fanout.RULES, "easy"), RandomBot)
    game = interrupt.RULES
    state = game.new_game(game.default_options(4), 3)
    assert game.is_legal(state, decide(game, state, "hard", 5, budget=0.05))


def test_outcome_values_a_win_and_the_margin():
    game = fanout.RULES
    state = game.new_game(game.default_options(2), 1)
    state.rows = [[4, 4, 1], [1, 0, 0]]
    assert outcome(game, state, 0) == pytest.approx(1.0 + 0.01 * (15 - 1))
    assert outcome(game, state, 1) == pytest.approx(0.01 * (1 - 15))
    state.rows = [[1, 0, 0], [1, 0, 0]]
    assert outcome(game, state, 0) == pytest.approx(0.5)
