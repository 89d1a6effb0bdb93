"""The hard bot tries candidate throws through the resolver it is given (at least 100 within its
budget) and keeps one that costs it nothing where one exists; without a resolver it aims by geometry."""

from __future__ import annotations

from game.core.bots import bot_for, decide
from game.iluliaq.rules import RULES
from game.iluliaq.search import SearchBot, cost
from game.iluliaq.table import Outcome, Pose, start_poses
from tests.iluliaq.stand_in import resolve as stand_in


def test_the_hard_bot_searches_at_least_100_throws_through_the_resolver():
    state = RULES.new_game(RULES.default_options(3), 5)
    calls: list[object] = []

    def counting(game, view, intent):
        calls.append(intent)
        return stand_in(game, view, intent)

    bot = bot_for(RULES, "hard")
    assert isinstance(bot, SearchBot)
    action = decide(RULES, state, "hard", seed=1, budget=5.0, resolver=counting)
    assert len(calls) >= 101 and SearchBot.tried[-1] >= 100  # the candidates, then the throw itself
    landed = {p.card: p for p in action.outcome.poses}[action.outcome.card]
    assert landed.layer >= 1  # the chosen throw (steady hand) stays on the iceberg


def test_without_a_resolver_the_hard_bot_aims_by_geometry():
    state = RULES.new_game(RULES.default_options(2), 5)
    view = RULES.view(state, 0)
    from game.core.rng import Rng

    intent = bot_for(RULES, "hard").choose(RULES, view, RULES.space(view), Rng.from_seed(1), 0.0)
    assert intent.kind == "throw"


def test_the_cost_counts_the_cards_a_throw_sends_to_the_thrower():
    state = RULES.new_game(RULES.default_options(2), 5)
    view = RULES.view(state, 0)
    card = view.card_in_hand()
    base = list(start_poses())
    stays = Outcome(card, (*base, Pose(card, 0.0, 0.0, 0.0, 3)))
    missed = Outcome(card, (*base, Pose(card, 300.0, 0.0, 0.0, 0)))
    knocked = Outcome(card, (*[Pose(p.card, 200.0, 0.0, 0.0, 0) if p.card == 64 else p for p in base],
                             Pose(card, 300.0, 0.0, 0.0, 0)))
    assert cost(view, stays) < 0 < cost(view, missed) == 1.0 < cost(view, knocked) == 2.0
