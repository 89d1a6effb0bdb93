"""A throw that lands, the water rule, the iceberg cards that break off, and the seal's stay, from
hand-built outcomes."""

from __future__ import annotations

from game.core.events import Revealed, Scored
from game.iluliaq.rules import RULES
from game.iluliaq.table import CAP, FRAME, Pose
from tests.iluliaq.helpers import (
    ON_CAP,
    ON_FRAME,
    PENGUINS,
    SEALS,
    WATER,
    events_of,
    in_water,
    play,
    pose_of,
    position,
    thrown,
)

P = PENGUINS


def test_a_penguin_lands_on_the_iceberg_and_the_turn_passes():
    state = position([[P[0], P[1], P[2]], [P[3]]], deck=[P[4], P[5]])
    action = thrown(state)
    assert RULES.describe(state, action).render() == "throws the Penguin: it lands on the iceberg"
    after, lines = play(state, action)
    assert after.stacks[0] == [P[1], P[2]]
    assert pose_of(after, P[0]) == Pose(P[0], ON_CAP[0], ON_CAP[1], 0.0, 3)
    assert after.to_act == 1 and after.turns == 1 and lines == []
    events = events_of(state, action).items
    assert Revealed(f"card:{P[1]}", "stack:0") in events
    assert Scored(0, 1, "stack") in events


def test_a_card_in_the_water_goes_under_the_throwers_stack():
    state = position([[P[0], P[1], P[2]], [P[3]]], deck=[P[4]])
    action = thrown(state, at=WATER)
    assert RULES.describe(state, action).render() == "throws the Penguin: it ends in the water"
    after, lines = play(state, action)
    assert after.stacks[0] == [P[1], P[2], P[0]]
    assert P[0] not in {p.card for p in after.table}
    assert lines == ["1 card falls into the water: Player 1 adds it to their stack."]
    assert after.to_act == 1


def test_cards_knocked_into_the_water_go_under_the_stack_in_card_id_order():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4]], on_table=[
        Pose(P[9], *ON_FRAME, 0.0, 2), Pose(P[5], 0.0, 60.0, 0.0, 2)])
    knocked = [in_water(pose_of(state, P[9])), in_water(pose_of(state, P[5]), x=-250.0)]
    after, lines = play(state, thrown(state, moved=knocked))
    assert after.stacks[0] == [P[1], P[5], P[9]]
    assert lines == ["2 cards fall into the water: Player 1 adds them to their stack."]


def test_an_iceberg_card_in_the_water_leaves_the_game_and_the_thrower_draws():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4], P[5]])
    cap = in_water(pose_of(state, CAP[1]))
    after, lines = play(state, thrown(state, moved=[cap]))
    assert after.out == [CAP[1]] and CAP[1] not in {p.card for p in after.table}
    assert after.stacks[0] == [P[1], P[4]] and after.deck == [P[5]]
    assert lines == ["An iceberg card breaks off and leaves the game: Player 1 draws a card."]
    assert RULES.components(after) == RULES.components(state)


def test_an_iceberg_card_falling_with_the_deck_empty_draws_nothing():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4]])
    caps = [in_water(pose_of(state, CAP[0]), x=-250.0), in_water(pose_of(state, CAP[1]))]
    after, lines = play(state, thrown(state, at=ON_FRAME, moved=caps))
    assert after.stacks[0] == [P[1], P[4]] and after.deck == []
    assert lines[1] == "An iceberg card breaks off and leaves the game; the draw deck is empty."


def test_a_seal_that_touched_the_iceberg_stays_in_the_water():
    seal = SEALS[0]
    state = position([[seal, P[1]], [P[3], P[6]]], deck=[P[4]])
    action = thrown(state, at=WATER, touched_iceberg=True)
    assert "stays there" in RULES.describe(state, action).render()
    after, lines = play(state, action)
    assert after.stacks[0] == [P[1]]
    assert pose_of(after, seal).layer == 0
    assert lines == ["The seal stays in the water."]
    # a later throw into the water does not pick the seal up
    again, lines = play(after, thrown(after, at=(-300.0, 0.0)))
    assert again.stacks[1] == [P[6], P[3]] and pose_of(again, seal).layer == 0


def test_a_seal_that_never_touched_the_iceberg_goes_to_the_stack():
    state = position([[SEALS[0], P[1]], [P[3]]], deck=[P[4]])
    after, _lines = play(state, thrown(state, at=WATER, touched_iceberg=False))
    assert after.stacks[0] == [P[1], SEALS[0]]


def test_a_seal_that_knocks_a_card_down_goes_to_the_stack_with_it():
    state = position([[SEALS[0], P[1]], [P[3]]], deck=[P[4]], on_table=[Pose(P[9], *ON_FRAME, 0.0, 2)])
    knocked = in_water(pose_of(state, P[9]), x=-250.0)
    after, lines = play(state, thrown(state, at=WATER, touched_iceberg=True, moved=[knocked]))
    assert after.stacks[0] == [P[1], P[9], SEALS[0]]
    assert lines == ["2 cards fall into the water: Player 1 adds them to their stack."]


def test_a_seal_that_knocks_an_iceberg_card_down_does_not_stay():
    state = position([[SEALS[0], P[1]], [P[3]]], deck=[P[4], P[5]])
    frame = in_water(pose_of(state, FRAME[2]))  # the caps rest on the other frame cards
    after, _lines = play(state, thrown(state, at=WATER, touched_iceberg=True, moved=[frame]))
    assert after.stacks[0] == [P[1], SEALS[0], P[4]] and after.out == [FRAME[2]]
