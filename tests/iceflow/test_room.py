"""The leave-room rule (shared/rules/iceflow.md §6 step 4, §13.8 scenario 9): the spec's fixture, the
strait's room for 20 floes that touch no other and not 21, and listings that stay fast."""

from __future__ import annotations

import time

from game.core.hexgrid import neighbours
from game.core.rng import Rng
from game.iceflow.board import default_board
from game.iceflow.room import fits, legal_start_hexes, max_independent

FIXTURE = [(1, 0), (2, 3), (2, 5), (2, 7), (4, 1), (4, 6), (6, 1), (6, 3)]
"""Eight starting floes of a 4-player setup, four still to place."""


def free_after(floes: list) -> frozenset:
    """The empty sea hexes touching no floe."""
    board = default_board()
    near = {n for h in floes for n in neighbours(h)}
    return frozenset(h for h in board.sea if h not in floes and h not in near)


def old_rule(free: frozenset) -> list:
    return sorted(free)


def test_the_fixture_refuses_6_5_which_the_old_rule_allowed() -> None:
    board = default_board()
    free = free_after(FIXTURE)
    assert (6, 5) in old_rule(free)
    legal = legal_start_hexes(free, 4, board.sea_neighbours)
    assert legal and (6, 5) not in legal
    rest = free - {(6, 5)} - board.sea_neighbours((6, 5))
    assert len(rest) == 4 and not fits(rest, 3, board.sea_neighbours), "4 hexes left, no 3 of them apart"
    # the old rule's jam: after (6, 5) and then (6, 7), no hex is left for the 11th floe
    assert not free_after([*FIXTURE, (6, 5), (6, 7)])
    for h in legal:
        assert fits(free - {h} - board.sea_neighbours(h), 3, board.sea_neighbours)


def test_the_strait_holds_20_floes_apart_and_not_21() -> None:
    board = default_board()
    assert max_independent(board.sea, board.sea_neighbours) == 20
    assert fits(board.sea, 20, board.sea_neighbours) and not fits(board.sea, 21, board.sea_neighbours)


def test_fits_on_small_regions() -> None:
    board = default_board()
    column = frozenset((1, r) for r in range(8))
    assert max_independent(column, board.sea_neighbours) == 4
    assert fits(column, 4, board.sea_neighbours) and not fits(column, 5, board.sea_neighbours)
    assert fits(frozenset(), 0, board.sea_neighbours) and not fits(frozenset(), 1, board.sea_neighbours)
    assert fits(column, -1, board.sea_neighbours)


def test_a_legal_hex_always_exists_and_a_listing_is_fast() -> None:
    board = default_board()
    slowest = 0.0
    for seed in range(6):
        rng = Rng(seed)
        floes: list = []
        for left in range(12, 0, -1):
            free = free_after(floes)
            start = time.perf_counter()
            legal = legal_start_hexes(free, left, board.sea_neighbours)
            slowest = max(slowest, time.perf_counter() - start)
            assert legal, "the setup never jams"
            floes.append(rng.choice(legal))
        assert not any(n in floes for h in floes for n in neighbours(h))
    assert slowest < 0.1, "the spec's listings took under 20 ms (a margin for a busy machine)"


def brute_force_most(region: frozenset, sea_neighbours) -> int:
    """The most hexes apart, by trying every hex in or out (small regions only)."""
    order = sorted(region)

    def most(i: int, barred: frozenset) -> int:
        if i == len(order):
            return 0
        h = order[i]
        skip = most(i + 1, barred)
        return skip if h in barred else max(skip, 1 + most(i + 1, barred | sea_neighbours(h)))

    return most(0, frozenset())


def test_fits_agrees_with_trying_everything() -> None:
    board = default_board()
    sea = sorted(board.sea)
    rng = Rng(7)
    for _ in range(60):
        grown = {rng.choice(sea)}
        size = 1 + rng.randbelow(16)
        while len(grown) < size:
            around = sorted(board.sea_neighbours(rng.choice(sorted(grown))) - grown)
            if around:
                grown.add(rng.choice(around))
        region = frozenset(grown)
        most = brute_force_most(region, board.sea_neighbours)
        assert max_independent(region, board.sea_neighbours) == most
        assert fits(region, most, board.sea_neighbours) and not fits(region, most + 1, board.sea_neighbours)
