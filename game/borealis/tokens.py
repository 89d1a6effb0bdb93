"""Points are scoring tokens worth 1, 3 and 5, taken from and paid to the supply (the bank).

Gaining or paying points rearranges the player's tokens with the bank, making change as a table
would: the player gives back as few tokens as possible, then takes as few 3s and 5s as possible.
If the supply cannot pay at all, the rest is noted on the score pad (PROPOSED, see rules.json).
"""

from __future__ import annotations

from game.borealis.data import TOKEN_VALUES
from game.borealis.state import BorealisState, PlayerState


def token_points(player: PlayerState) -> int:
    """Total value of the player's scoring tokens (with any score-pad points standing in for them)."""
    return sum(n * v for n, v in zip(player.tokens, TOKEN_VALUES)) + player.pad


def _settle(player: PlayerState, bank: list[int], target: int) -> None:
    """Give the player tokens worth ``target`` (or as close below as the supply allows)."""
    have = player.tokens
    pool = [have[i] + bank[i] for i in range(3)]
    best: tuple[tuple[int, int, int, int], tuple[int, int, int]] | None = None
    for fives in range(min(pool[2], target // 5) + 1):
        for threes in range(min(pool[1], (target - 5 * fives) // 3) + 1):
            ones = min(pool[0], target - 5 * fives - 3 * threes)
            new = (ones, threes, fives)
            short = target - (ones + 3 * threes + 5 * fives)
            given_back = sum(max(0, have[i] - new[i]) for i in range(3))
            big_taken = sum(max(0, new[i] - have[i]) for i in (1, 2))
            moved = sum(abs(have[i] - new[i]) for i in range(3))
            cost = (short, given_back, big_taken, moved)
            if best is None or cost < best[0]:
                best = (cost, new)
    assert best is not None
    (short, *_), new = best
    for i in range(3):
        bank[i] -= new[i] - have[i]
    player.tokens = list(new)
    player.pad += short


def gain_points(state: BorealisState, seat: int, points: int) -> None:
    if points <= 0:
        return
    player = state.players[seat]
    _settle(player, state.bank, token_points(player) - player.pad + points)


def pay_point(state: BorealisState, seat: int) -> None:
    """Pay 1 point to the supply (from the score pad first, else from tokens, making change)."""
    player = state.players[seat]
    if player.pad > 0:
        player.pad -= 1
        return
    _settle(player, state.bank, token_points(player) - 1)
