"""Bots never pass to each other forever (found by a 1000-game soak: seed 131, two normal bots)."""

from __future__ import annotations

from game.borealis.rules import RULES
from game.core.bots import decide


def test_two_normal_bots_finish_the_game_that_once_stalled():
    state = RULES.new_game(RULES.default_options(2), 131)
    actions = 0
    while not RULES.is_over(state):
        assert actions < 1000, "the bots pass to each other forever"
        state = RULES.apply(state, decide(RULES, state, "normal", 131 * 1_000_003 + actions))
        actions += 1
