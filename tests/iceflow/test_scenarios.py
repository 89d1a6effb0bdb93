"""The test scenarios of shared/rules/iceflow.md §13.8 (1-8 and 10), each a small position on the
proposed strait and the moves the rules must allow or refuse.

On that map the Alaskan station A3 is (8, 3) and touches the sea hexes (7, 2) and (7, 3); the
Siberian stations are S1 (0, 1), S2 (0, 3), S3 (0, 4), S4 (0, 6). Floes 8-11 at rotation 0 have
ridges only north and south, so walking east or west across them is free.
"""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.hexgrid import NE, NW, SE, SW, direction, neighbour
from game.iceflow.rules import RULES
from game.iceflow.state import (
    EVACUATE,
    PICK_UP,
    SEND_BEAR,
    TURN,
    Drift,
    EndTurn,
    Fish,
    Move,
    PickUp,
    Rotate,
    SendBear,
    Step,
    Stop,
)
from tests.iceflow.build import legal, play, position

ALASKA = [["A1", "A2", "A3"], ["A4", "A5", "A6"]]


def floe_of(state, floe_id):
    return next(f for f in state.floes if f.id == floe_id)


def refused(state, action, words: str = "") -> None:
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, action)
    assert words.lower() in str(err.value).lower()


# --- 1. turn structure ----------------------------------------------------------------------------


def test_one_iceberg_action_a_turn_in_either_order() -> None:
    start = position(ALASKA, [(8, (7, 3)), (9, (5, 3))])
    once = play(start, Rotate(9, 1))
    refused(once, Rotate(8, 1), "iceberg action")
    refused(play(once, Move(2), Step(7, 3), Stop()), Drift(9), "iceberg action")
    ice_last = play(start, Move(2), Step(7, 3), Stop(), Rotate(9, -1), EndTurn())
    assert ice_last.turn_seat == 1
    refused(start, EndTurn(), "iceberg action")


def test_the_double_iceberg_variant_trades_the_explorer_action_for_a_second() -> None:
    start = position(ALASKA, [(8, (7, 3)), (9, (5, 3))], double_ice=True)
    twice = play(start, Rotate(8, 1), Rotate(9, 1))
    assert not any(isinstance(a, (Move, Fish)) for a in legal(twice))
    moved = play(start, Move(2), Step(7, 3), Stop(), Rotate(9, 1))
    refused(moved, Rotate(9, 1), "iceberg action")


def test_kids_move_the_ice_first() -> None:
    start = position(ALASKA, [(8, (7, 3)), (9, (5, 3))], kids=True)
    assert not any(isinstance(a, Move) for a in legal(start))
    refused(start, Move(2), "move the ice")
    assert Move(2) in legal(play(start, Rotate(9, 1)))


# --- 2. fishing -----------------------------------------------------------------------------------


def fishing(backpack, explorers=("floe:8", "A2", "A3"), floes=((8, (7, 3)),)) -> object:
    return position([list(explorers), ALASKA[1]], list(floes), [backpack, (1, 1)])


def test_fishing_trades_a_rope_for_two_fish() -> None:
    state = fishing((1, 0))
    after = play(state, Fish())
    assert (after.players[0].ropes, after.players[0].fish) == (0, 2)
    assert (after.ropes, after.fish) == (state.ropes + 1, state.fish - 2)
    assert (play(fishing((1, 1)), Fish()).players[0].fish) == 3


def test_fishing_is_refused_without_a_rope_room_or_a_floe() -> None:
    refused(fishing((1, 2)), Fish(), "no room for two fish")
    refused(fishing((0, 1)), Fish(), "have none")
    refused(fishing((1, 0), explorers=("A1", "A2", "A3")), Fish(), "on a floe")


def test_fishing_takes_what_the_supply_has() -> None:
    state = fishing((1, 0), floes=((8, (7, 3), 0, 0, 13, 0),))
    assert state.fish == 1
    assert play(state, Fish()).players[0].fish == 1


def test_fish_caught_cannot_pay_this_turn_but_can_the_next() -> None:
    # explorer on floe 8 at (7,3); floe 9 two columns west, one sea hex between: a swim needs 1 fish
    sea = neighbour((7, 3), NW)
    beyond = neighbour(sea, SW)
    state = fishing((1, 0), floes=((8, (7, 3)), (9, beyond)))
    after = play(state, Fish())
    assert after.players[0].fish == 2 and after.flow[0].data["fish"] == 0
    refused(after, Move(0), "explorer action")
    nxt = play(after, Rotate(9, 1), EndTurn(), Rotate(9, 1), EndTurn())
    assert Step(*sea) in legal(play(nxt, Move(0)))


def test_bi_and_bii_are_never_both_taken() -> None:
    state = fishing((1, 0))
    refused(play(state, Fish()), Move(0), "explorer action")
    moved = play(state, Move(0), Stop())
    refused(moved, Fish(), "explorer action")


# --- 3. bears -------------------------------------------------------------------------------------


def bear_position(bears: int, fish: int, others=()):
    """Seat 0's explorer on floe 8 at (7, 3); floe 9 with ``bears`` at (6, 3) to its north-west."""
    bear_hex = neighbour((7, 3), NW)
    return position([["floe:8", "A2", "A3"], list(others) or ALASKA[1]],
                    [(8, (7, 3)), (9, bear_hex, 0, 0, 0, bears), (10, neighbour(bear_hex, NW)),
                     (11, neighbour(bear_hex, SW))], [(0, fish), (1, 1)]), bear_hex


def test_a_bear_costs_a_fish_each_to_enter() -> None:
    state, bear_hex = bear_position(1, 1)
    assert Step(*bear_hex) in legal(play(state, Move(0)))
    state, bear_hex = bear_position(2, 1)
    assert Step(*bear_hex) not in legal(play(state, Move(0)))
    state, bear_hex = bear_position(2, 2)
    assert play(state, Move(0), Step(*bear_hex)).players[0].fish == 0


def test_passing_a_bear_leaves_it_and_stopping_sends_it_away() -> None:
    state, bear_hex = bear_position(1, 1)
    past = play(state, Move(0), Step(*bear_hex), Step(*neighbour(bear_hex, NW)), Stop())
    assert floe_of(past, 9).bears == 1
    stopped = play(state, Move(0), Step(*bear_hex), Stop())
    assert stopped.frame.name == SEND_BEAR
    targets = {(a.col, a.row) for a in legal(stopped)}
    assert targets == {(7, 3), neighbour(bear_hex, NW), neighbour(bear_hex, SW)}
    sent = play(stopped, SendBear(*neighbour(bear_hex, SW)))
    assert floe_of(sent, 9).bears == 0 and floe_of(sent, 11).bears == 1


def test_a_bear_with_nowhere_to_go_returns_to_the_supply() -> None:
    bear_hex = neighbour((7, 3), NW)
    state = position([["floe:8", "A2", "A3"], ALASKA[1]], [(8, (7, 3), 0, 0, 0, 0), (9, bear_hex, 0, 0, 0, 1)],
                     [(0, 1), (1, 1)])
    state = play(state, Move(0), Step(*bear_hex))
    # the only floe next to it is the one the explorer left: fill it with bears first
    state.floes[0].bears = 2
    state.bears -= 2
    after = play(state, Stop())
    assert floe_of(after, 9).bears == 0 and after.bears == state.bears + 1


def test_two_bears_each_with_its_evacuation_before_the_next() -> None:
    # explorer on floe 8 (7, 3); bears on floe 9 (6, 3); floe 10 (5, 3) holds seat 1's explorer, which
    # can only evacuate to floe 11 (5, 4) (floes 10 and 11 turned: flat north and south)
    state = position([["floe:8", "A2", "A3"], ["floe:10", "A5", "A6"]],
                     [(8, (7, 3)), (9, (6, 3), 0, 0, 0, 2), (10, (5, 3), 1), (11, (5, 4), 1)],
                     [(0, 2), (1, 1)])
    state = play(state, Move(0), Step(6, 3), Stop())
    assert state.frame.name == SEND_BEAR
    state = play(state, SendBear(5, 3))
    assert state.frame.name == EVACUATE and state.to_act == 1
    assert floe_of(state, 9).bears == 1, "the second bear waits for the evacuation"
    state = play(state, Step(5, 4))
    assert state.frame.name == SEND_BEAR and state.to_act == 0
    state = play(state, SendBear(7, 3))
    assert floe_of(state, 9).bears == 0
    assert state.frame.name == TURN, "nothing to pick up: the move is over once both bears are gone"


def test_a_bear_on_two_players_explorers_evacuates_the_active_player_first() -> None:
    state = position([["floe:8", "floe:10", "A3"], ["floe:10", "A5", "A6"]],
                     [(8, (7, 3)), (9, (6, 3), 0, 0, 0, 1), (10, (5, 3), 1), (11, (5, 4), 1)],
                     [(0, 1), (1, 1)])
    state = play(state, Move(0), Step(6, 3), Stop(), SendBear(5, 3))
    assert state.frame.name == EVACUATE and state.to_act == 0
    ropes, fish = state.flow[0].data["ropes"], state.flow[0].data["fish"]
    assert (ropes, fish) == (0, 0), "the own turn's usable items: the fish went on the bear"
    state = play(state, Step(5, 4))
    assert state.frame.name == EVACUATE and state.to_act == 1
    state = play(state, Step(5, 4))
    assert state.frame.name == TURN and state.to_act == 0


def test_an_own_turn_evacuation_spends_only_the_usable_items() -> None:
    # seat 0's second explorer on floe 10 can only swim away (1 fish): its fish went on the bear
    state = position([["floe:8", "floe:10", "A3"], ALASKA[1]],
                     [(8, (7, 3)), (9, (6, 3), 0, 0, 0, 1), (10, (5, 3), 1), (11, (5, 5), 1)],
                     [(0, 2), (1, 1)])
    state = play(state, Move(0), Step(6, 3), Stop(), SendBear(5, 3))
    assert state.frame.name == EVACUATE and state.to_act == 0
    assert state.players[0].fish == 1 and state.flow[0].data["fish"] == 1
    swims = [a for a in legal(state) if (a.col, a.row) == (5, 4)]
    assert swims, "one fish still usable: the swim through (5, 4) to floe 11"


# --- 4. ropes left on floes -------------------------------------------------------------------------


def test_ropes_stay_on_the_floe_whose_ridge_was_crossed() -> None:
    # floe 0 (ridges N, NE) turned so that its ridged edge faces the way the explorer goes
    west = neighbour((7, 3), NW)
    d = direction((7, 3), west)
    state = position([["floe:0", "A2", "A3"], ALASKA[1]], [(0, (7, 3), (d - 0) % 6), (1, west, (d + 3 - 1) % 6)],
                     [(2, 0), (1, 1)])
    after = play(state, Move(0), Step(*west))
    assert after.players[0].ropes == 0
    assert floe_of(after, 0).ropes == 1 and floe_of(after, 1).ropes == 1


def test_a_rope_on_a_floe_is_picked_up_and_waits_for_the_next_turn() -> None:
    state = position([["floe:8", "A2", "A3"], ALASKA[1]], [(8, (7, 3), 0, 1, 0, 0)], [(0, 1), (1, 1)])
    state = play(state, Move(0), Stop())
    assert state.frame.name == PICK_UP
    state = play(state, PickUp("rope"))
    assert state.players[0].ropes == 1 and state.flow[0].data["ropes"] == 0


# --- 5. swims --------------------------------------------------------------------------------------


def test_a_swim_crosses_one_sea_hex_from_floe_to_floe() -> None:
    sea = neighbour((7, 3), NW)
    beyond = neighbour(sea, NW)
    state = position([["floe:8", "A2", "A3"], ALASKA[1]], [(8, (7, 3)), (9, beyond)], [(0, 1), (1, 1)])
    moving = play(state, Move(0), Step(*sea))
    assert Stop() not in legal(moving), "a swim never stops in the sea"
    assert [a for a in legal(moving) if isinstance(a, Step)] == [Step(*beyond)], "never back to the floe it left"
    assert play(moving, Step(*beyond), Stop()).players[0].fish == 0


def test_no_swim_without_a_floe_beyond_nor_to_or_from_land() -> None:
    state = position([["floe:8", "A2", "A3"], ALASKA[1]], [(8, (7, 3))], [(0, 1), (1, 1)])
    steps = [a for a in legal(play(state, Move(0))) if isinstance(a, Step)]
    assert all((a.col, a.row) in ((8, 3), (8, 4)) for a in steps), "only land next to it; no sea"
    from_land = play(position(ALASKA, [(8, (7, 4))], [(0, 1), (1, 1)]), Move(2))
    assert {(a.col, a.row) for a in legal(from_land) if isinstance(a, Step)} == set()


# --- 6. and 7. evacuation and airlift ------------------------------------------------------------------


def off_board(seat_explorers, other_explorers, floes, backpacks=((1, 1), (1, 1))):
    return position([seat_explorers, other_explorers], floes, list(backpacks))


def test_a_floe_drifting_off_the_board_evacuates_from_its_last_hex() -> None:
    # lane L7 flows north up column 7 at speed 2: from (7, 1) the floe reaches (7, 0) and leaves
    state = off_board(["A1", "A2", "A3"], ["floe:8", "A5", "A6"], [(8, (7, 1)), (9, (6, 0))])
    after = play(state, Drift(8))
    assert after.frame.name == EVACUATE and after.to_act == 1
    assert floe_of(after, 8).hex == (7, 0)
    assert {(a.col, a.row) for a in legal(after)} == {(6, 0), (6, 1)}, "a walk to floe 9, or a swim round to it"
    done = play(after, Step(6, 0))
    assert 8 in done.bag and all(f.id != 8 for f in done.floes)
    assert done.frame.name == TURN and done.to_act == 0


def test_an_evacuee_never_lands_nor_boards_a_bear_floe_else_is_airlifted() -> None:
    state = off_board(["A1", "A2", "A3"], ["floe:8", "A5", "A6"], [(8, (7, 1)), (9, (6, 0), 0, 0, 0, 1)])
    after = play(state, Drift(8))
    stations = {(a.col, a.row) for a in legal(after)}
    assert stations == {(8, k) for k in range(1, 7)}, "every Alaskan station has room: the airlift"
    lifted = play(after, Step(*sorted(stations)[0]))
    assert lifted.players[1].explorers[0].startswith("A")
    assert lifted.players[1].ropes == 1 and lifted.players[1].fish == 1, "the backpack is unchanged"


def test_airlift_is_refused_while_an_evacuation_is_possible() -> None:
    state = off_board(["A1", "A2", "A3"], ["floe:8", "A5", "A6"], [(8, (7, 1)), (9, (6, 0))])
    after = play(state, Drift(8))
    refused(after, Step(8, 2), "floe next to it")


def test_on_another_players_turn_the_whole_backpack_pays() -> None:
    sea = (6, 0)
    state = off_board(["A1", "A2", "A3"], ["floe:8", "A5", "A6"], [(8, (7, 1)), (9, neighbour(sea, SW))],
                      backpacks=((1, 1), (0, 1)))
    after = play(state, Drift(8))
    assert Step(*sea) in legal(after)


# --- 8. no win on another player's turn ----------------------------------------------------------


def test_no_win_by_evacuation_and_a_win_at_once_by_ones_own_step() -> None:
    # seat 1 has two explorers in Siberia and a third on floe 8 at (1, 2), next to S2 (0, 3)? S2 touches (1, 2)
    near = (1, 2)
    bear_from = neighbour(near, SE)
    state = position([["floe:9", "A2", "A3"], ["S1", "S4", "floe:8"]],
                     [(8, near), (9, neighbour(bear_from, SE)), (10, bear_from, 0, 0, 0, 1),
                      (11, neighbour(near, NE))], [(0, 1), (1, 1)])
    state = play(state, Move(0), Step(*bear_from), Stop(), SendBear(*near))
    assert state.frame.name == EVACUATE and state.to_act == 1
    assert all(a.col != 0 for a in legal(state)), "Siberia is never an evacuation's destination"
    state = play(state, legal(state)[0])
    assert state.flow and state.winner == -1

    win = position([["A1", "A2", "A3"], ["S1", "S4", "floe:8"]], [(8, near)], seat=1)
    over = play(win, Move(2), Step(0, 3))
    assert over.winner == 1 and not over.flow, "the game ends at once, before the iceberg action"


# --- 10. round cap ---------------------------------------------------------------------------------


def test_a_game_of_rotations_ends_at_the_round_cap() -> None:
    state = position(ALASKA, [(8, (7, 3)), (9, (5, 3))])
    state.round_cap = 3
    for _ in range(6):
        state = play(state, Rotate(8, 1), EndTurn())
    assert not state.flow and state.capped
    result = RULES.result(state)
    assert result.final and result.winners == (0, 1), "a shared win: equal in Siberia and in steps to go"
