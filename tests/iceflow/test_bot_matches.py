"""Matches between Ice Flow's bot levels (slow: `make test-all`; the numbers go in the issue's note).

The issue asks: normal beats easy in at least 90 % of 2-player games, hard beats normal in at least
60 %, and the round cap rarely ends a game between normal bots. Seats alternate between games."""

from __future__ import annotations

import pytest

from game.core.bots import decide
from game.iceflow.rules import RULES

GAMES = 20


def match(a: str, b: str, games: int = GAMES) -> tuple[dict[str, int], int]:
    wins = {a: 0, b: 0, "shared": 0}
    capped = 0
    for g in range(games):
        levels = (a, b) if g % 2 == 0 else (b, a)
        state = RULES.new_game(RULES.default_options(2), 500 + g)
        step = 0
        while not RULES.is_over(state):
            state = RULES.apply(state, decide(RULES, state, levels[state.to_act], g * 7919 + step), check=False)
            step += 1
        winners = RULES.result(state).winners
        capped += state.capped
        if len(winners) == 1:
            wins[levels[winners[0]]] += 1
        else:
            wins["shared"] += 1
    print(f"{a} against {b}: {wins}, {capped} of {games} at the round cap")
    return wins, capped


@pytest.mark.slow
def test_normal_beats_easy_in_nine_games_of_ten() -> None:
    wins, _capped = match("normal", "easy")
    assert wins["normal"] >= 0.9 * GAMES


@pytest.mark.slow
def test_hard_beats_normal_in_six_games_of_ten() -> None:
    # 40 games: hard wins about two in three, and 20 games leave too much to chance for a 60 % line.
    wins, _capped = match("hard", "normal", 2 * GAMES)
    assert wins["hard"] >= 0.6 * 2 * GAMES


@pytest.mark.slow
def test_normal_bots_finish_before_the_round_cap() -> None:
    _wins, capped = match("normal", "normal")
    assert capped == 0
