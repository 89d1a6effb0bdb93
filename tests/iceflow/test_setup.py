"""The setup (shared/rules/iceflow.md §6, §13.8 scenario 9): the leave-room rule's fixture, the sea's
room for floes that touch no other, and random setups that always complete with no two floes adjacent
(a sample here; 10,000 a player count in the slow test)."""

from __future__ import annotations

import time

import pytest

from game.core.hexgrid import neighbours
from game.core.rng import Rng
from game.iceflow.board import default_board
from game.iceflow.room import fits, legal_start_hexes, most_apart
from game.iceflow.rules import RULES
from game.iceflow.state import SETUP_EXPLORER, TURN

FIXTURE = [(1, 0), (2, 3), (2, 5), (2, 7), (4, 1), (4, 6), (6, 1), (6, 3)]


def free_after(floes: list) -> frozenset:
    board = default_board()
    near = {n for h in floes for n in neighbours(h)}
    return frozenset(h for h in board.sea if h not in floes and h not in near)


def test_the_leave_room_fixture_refuses_6_5() -> None:
    board = default_board()
    free = free_after(FIXTURE)
    assert (6, 5) in free, "the old rule allowed it"
    legal = legal_start_hexes(free, 4, board.sea_neighbours)
    assert (6, 5) not in legal and legal
    rest = free - {(6, 5)} - board.sea_neighbours((6, 5))
    assert len(rest) == 4 and not fits(rest, 3, board.sea_neighbours)


def test_the_strait_holds_20_floes_apart_and_not_21() -> None:
    board = default_board()
    assert most_apart(board.sea, board.sea_neighbours) == 20
    assert fits(board.sea, 20, board.sea_neighbours) and not fits(board.sea, 21, board.sea_neighbours)


def random_setup(players: int, seed: int) -> object:
    rng = Rng(seed)
    state = RULES.new_game(RULES.default_options(players), seed)
    while state.frame.name != TURN:
        state = RULES.apply(state, rng.choice(list(RULES.legal_actions(state))), check=False)
    return state


def check_setup(state, players: int) -> None:
    floes = [f.hex for f in state.floes]
    assert len(floes) == {2: 8, 3: 9, 4: 12}[players]
    assert not any(n in floes for h in floes for n in neighbours(h)), "no two starting floes touch"
    for player in state.players:
        assert len(player.explorers) == 3
        if players < 4:
            assert len(set(player.explorers)) == 3, "three different stations while they have room"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_setups_complete_with_no_two_floes_adjacent(players: int) -> None:
    for seed in range(40):
        check_setup(random_setup(players, seed), players)


def test_four_players_fill_every_alaskan_place() -> None:
    state = random_setup(4, 7)
    names = [loc for p in state.players for loc in p.explorers]
    assert sorted(set(names)) == [f"A{k}" for k in range(1, 7)] and all(names.count(n) == 2 for n in set(names))


def test_the_first_player_places_first_and_plays_first() -> None:
    state = RULES.new_game(RULES.default_options(3), 11)
    assert state.frame.name == SETUP_EXPLORER and state.to_act == state.first
    assert random_setup(3, 11).to_act == state.first


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_ten_thousand_setups_a_player_count_complete(players: int) -> None:
    began = time.perf_counter()
    for seed in range(10_000):
        check_setup(random_setup(players, 100_000 + seed), players)
    print(f"{players} players: 10,000 setups in {time.perf_counter() - began:.1f} s")
