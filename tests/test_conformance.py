"""The shared conformance suite on every playable game, player count, variant and kids' mode."""

from __future__ import annotations

import pytest

from game.core import registry
from tests import conformance


def _cases():
    for game_id in registry.available():
        game = registry.get(game_id)
        for options in game.option_sets():
            label = f"{game_id}-{options.players}p-{'kids' if options.kids else 'full'}-" + "-".join(
                f"{k}={v}" for k, v in sorted(options.variants.items())
            )
            yield pytest.param(game, options, id=label)


CASES = list(_cases())
SEEDS = (1, 2, 3)


@pytest.mark.parametrize(("game", "options"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_ends_and_replays(game, options, seed):
    actions, final = conformance.random_playout(game, options, seed)
    assert game.is_over(final)
    result = game.result(final)
    assert result.final and result.winners
    assert len(result.scores) == options.players
    for seat, row in enumerate(result.breakdown):
        assert sum(row.values()) == result.scores[seat]
    conformance.check_json_round_trip(game, final)
    conformance.check_replay(game, options, seed, actions, final)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_states_round_trip_and_views_agree(game, options):
    state = game.new_game(options, 7)
    from game.core.rng import Rng

    rng = Rng.from_seed(7)
    for _ in range(80):
        if game.is_over(state):
            break
        conformance.check_json_round_trip(game, state)
        conformance.check_views(game, state)
        state = game.apply(state, rng.choice(game.legal_actions(state)))


@pytest.mark.parametrize(("game", "options"), CASES)
def test_illegal_actions_are_refused(game, options):
    assert conformance.check_illegal_refused(game, options, 11) > 0


@pytest.mark.parametrize(("game", "options"), CASES)
def test_bots_choose_legal_actions(game, options):
    conformance.check_bots(game, options, 5)


def test_some_game_is_playable():
    assert "borealis" in registry.available()
