"""The trampoline line lies 3 cards (264 mm) from the nearest point of the iceberg's footprint for every
seat, the diagonal seats of 3, 5 and 6 players included (shared/rules/iluliaq.md, "Changes (2026-12)")."""

from __future__ import annotations

import math

import pytest

from game.iluliaq.rules import RULES
from game.iluliaq.table import HALF, LID, OFFSET, SIDE, TRAMPOLINE, Throw, release_point

CLEAR = 63.0 / 2
"""mm a kids' release point clears the box's rim by (half a card)."""


def from_square(x: float, y: float, half: float) -> float:
    """mm from (x, y) to the nearest point of the square of half-side ``half`` around the centre."""
    return math.hypot(max(abs(x) - half, 0.0), max(abs(y) - half, 0.0))


def nearest_release(players: int, seat: int, kids: bool, half: float) -> float:
    """The least distance from the square of any release point the seat's space allows (sampled every
    half millimetre along its line, where the least lies)."""
    state = RULES.new_game(RULES.default_options(players, kids=kids), 1)
    state.flow[-1].seat = seat
    line = RULES.space(state).param("distance").low
    offsets = [OFFSET.low + k * 0.5 for k in range(int(2 * SIDE / 0.5) + 1)]
    return min(from_square(*release_point(seat, players, line, o), half) for o in offsets)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_seat_throws_from_3_cards_beyond_the_iceberg(players):
    for seat in range(players):
        assert nearest_release(players, seat, False, HALF) == pytest.approx(TRAMPOLINE, abs=0.01), (players, seat)


@pytest.mark.parametrize("players", [3, 5, 6])
def test_in_kids_mode_every_seat_throws_from_beyond_the_box(players):
    for seat in range(players):
        assert nearest_release(players, seat, True, LID / 2) == pytest.approx(CLEAR, abs=0.01), (players, seat)


def test_a_diagonal_seat_cannot_let_go_nearer_than_its_line():
    state = RULES.new_game(RULES.default_options(3), 1)
    state.flow[-1].seat = 1  # 210 degrees round: it faces a corner of the iceberg
    space = RULES.space(state)
    line = space.param("distance").low
    assert line > 360.0  # the line of a seat facing a side is at 339.5 mm
    assert space.contains(Throw(line, 0.0, 0.0, 0.5, 0.0))
    assert not space.contains(Throw(line - 1.0, 0.0, 0.0, 0.5, 0.0))
