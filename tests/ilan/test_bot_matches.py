"""Matches between ILAN's bot levels (slow: `make test-all`; the numbers go in the issue's note).

The issue asks: normal beats easy in at least 80 % of 2-player games, hard beats normal in at least
55 %. Seats alternate between games; a shared win (at the round cap) counts for nobody."""

from __future__ import annotations

import pytest

from game.core.bots import decide
from game.ilan.rules import RULES

GAMES = 40


def match(a: str, b: str, games: int = GAMES) -> dict[str, int]:
    wins = {a: 0, b: 0, "shared": 0}
    for g in range(games):
        levels = (a, b) if g % 2 == 0 else (b, a)
        state = RULES.new_game(RULES.default_options(2), 700 + g)
        step = 0
        while not RULES.is_over(state):
            state = RULES.apply(state, decide(RULES, state, levels[state.to_act], g * 7919 + step), check=False)
            step += 1
        winners = RULES.result(state).winners
        if len(winners) == 1:
            wins[levels[winners[0]]] += 1
        else:
            wins["shared"] += 1
    print(f"{a} against {b}: {wins}")
    return wins


@pytest.mark.slow
def test_normal_beats_easy_in_four_games_of_five() -> None:
    assert match("normal", "easy")["normal"] >= 0.8 * GAMES


@pytest.mark.slow
def test_hard_beats_normal_in_more_than_half_the_games() -> None:
    # 80 games: a 55 % line on 40 games is mostly chance.
    assert match("hard", "normal", 2 * GAMES)["hard"] >= 0.55 * 2 * GAMES
