"""The dodo's placement, the lynx's extra turns and the polar bear's draw, from hand-built outcomes."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.core.spaces import ContinuousSpace
from game.iluliaq.rules import RULES
from game.iluliaq.state import PLACE, THROW
from game.iluliaq.table import CAP, Place, Pose
from tests.iluliaq.helpers import (
    BEARS,
    DODOS,
    LAY,
    LYNXES,
    ON_CAP,
    ON_FRAME,
    PENGUINS,
    WATER,
    in_water,
    placed,
    play,
    pose_of,
    position,
    resting,
    thrown,
)

P = PENGUINS


# --- the dodo ------------------------------------------------------------------------------------


def test_a_dodo_that_lands_lets_the_thrower_lay_the_top_card_of_the_deck():
    state = position([[DODOS[0], P[1]], [P[3]]], deck=[LYNXES[0], P[5]])
    after, lines = play(state, thrown(state))
    assert lines == ["The dodo lands: Player 1 lays the top card of the draw deck on the iceberg."]
    assert after.frame.name == PLACE and after.to_act == 0 and after.turns == 0
    space = RULES.space(after)
    assert isinstance(space, ContinuousSpace) and space.action_type is Place
    assert after.card_in_hand() == LYNXES[0]
    prompt = RULES.prompt(RULES.view(after, 0), 0)
    assert (prompt.picture, prompt.short.render()) == ("place", "Place the card!")
    with pytest.raises(IllegalAction, match="physics"):
        RULES.advance(after, LAY)
    with pytest.raises(IllegalAction, match="dodo's card"):
        RULES.advance(after, thrown(state))
    action = placed(after, at=(32.0, -0.5))
    assert RULES.describe(after, action).render() == "lays the Canadian lynx on the iceberg"
    done, lines = play(after, action)
    # the placed lynx's own effect is ignored: the turn passes
    assert pose_of(done, LYNXES[0]).layer == 3 and done.deck == [P[5]]
    assert done.frame.name == THROW and done.to_act == 1 and done.turns == 1 and lines == []


def test_a_card_falling_while_the_dodos_card_is_laid_is_the_throwers_and_ends_the_turn():
    state = position([[DODOS[0], P[1]], [P[3]]], deck=[P[4], P[5]], on_table=[Pose(P[9], *ON_FRAME, 0.0, 2)])
    after, _lines = play(state, thrown(state))
    knocked = in_water(pose_of(after, P[9]))
    done, lines = play(after, placed(after, at=WATER, moved=[knocked]))
    assert done.stacks[0] == [P[1], P[4], P[9]]
    assert lines == ["2 cards fall into the water: Player 1 adds them to their stack.",
                     "Cards fell while Player 1 laid the card: the turn ends."]
    assert done.to_act == 1 and done.frame.name == THROW


def test_a_dodo_in_the_water_lays_nothing():
    state = position([[DODOS[0], P[1]], [P[3]]], deck=[P[4]])
    after, _lines = play(state, thrown(state, at=WATER))
    assert after.frame.name == THROW and after.to_act == 1 and after.stacks[0] == [P[1], DODOS[0]]


def test_a_dodo_with_the_deck_emptied_lays_nothing_and_the_game_ends():
    state = position([[DODOS[0], P[1]], [P[3]]], deck=[P[4]])
    cap = in_water(pose_of(state, CAP[1]))
    after, lines = play(state, thrown(state, moved=[cap]))
    assert "the draw deck is empty: there is nothing to lay" in lines[1]
    assert RULES.is_over(after) and RULES.result(after).reason.render() == "The draw deck is empty."


# --- the lynx ------------------------------------------------------------------------------------


def test_a_lynx_that_lands_gives_another_turn_and_chains():
    state = position([[LYNXES[0], LYNXES[1], P[0], P[1]], [P[3]]], deck=[P[4]])
    once, lines = play(state, thrown(state))
    assert once.to_act == 0 and once.turns == 1 and lines == ["The lynx lands: Player 1 throws again."]
    twice, _lines = play(once, thrown(once, at=(32.0, -0.5)))
    assert twice.to_act == 0 and twice.turns == 2
    done, _lines = play(twice, thrown(twice, at=ON_FRAME))
    assert done.to_act == 1 and done.stacks[0] == [P[1]]


def test_a_lynx_in_the_water_gives_no_extra_turn():
    state = position([[LYNXES[0], P[1]], [P[3]]], deck=[P[4]])
    after, _lines = play(state, thrown(state, at=WATER))
    assert after.to_act == 1


# --- the polar bear ------------------------------------------------------------------------------


def bear_on_cap() -> Pose:
    return resting(position([[P[0]], [P[1]]], deck=[P[2]]).table, BEARS[0], *ON_CAP)


def test_a_card_landing_on_an_uncovered_bear_makes_its_thrower_draw():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4], P[5]], on_table=[bear_on_cap()])
    after, lines = play(state, thrown(state, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert pose_of(after, P[0]).layer == 4
    assert after.stacks[0] == [P[1], P[4]] and after.deck == [P[5]]
    assert lines == ["The polar bear is hungry: Player 1 draws a card."]


def test_a_covered_bear_does_nothing():
    bear = bear_on_cap()
    cover = Pose(P[9], -31.0, 30.0, 0.0, 4)  # its centre lies over the bear's lower half
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4]], on_table=[bear, cover])
    after, lines = play(state, thrown(state, at=(-31.0, -30.0), on_bear=BEARS[0]))
    assert pose_of(after, P[0]).layer == 4
    assert after.stacks[0] == [P[1]] and after.deck == [P[4]] and lines == []


def overhung_bear() -> list[Pose]:
    """A bear on the left cap card, and a card two layers above it lying over its right edge: it lies
    on a card (layer 4) on a card on the right cap card, and its centre lies clear of the bear."""
    return [bear_on_cap(), Pose(P[10], 32.0, -0.5, 0.0, 3), Pose(P[11], 40.0, -0.5, 0.0, 4),
            Pose(P[12], 20.0, -0.5, 90.0, 5)]


def test_a_bear_overhung_by_a_card_two_layers_up_is_covered():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4]], on_table=overhung_bear())
    after, lines = play(state, thrown(state, at=(-40.0, 0.0), on_bear=BEARS[0]))
    assert pose_of(after, P[0]).layer == 4  # it lies on the bear
    assert after.stacks[0] == [P[1]] and after.deck == [P[4]] and lines == []


def test_a_bear_with_a_card_over_one_edge_never_bites_again():
    beside = Pose(P[10], 32.0, -0.5, 0.0, 3)  # on the right cap card, beside the bear
    edge = Pose(P[9], 10.0, -0.5, 0.0, 4)  # on that card, its left strip over the bear's right edge
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4]], on_table=[bear_on_cap(), beside, edge])
    after, lines = play(state, thrown(state, at=(-31.0, -20.0), on_bear=BEARS[0]))
    assert after.stacks[0] == [P[1]] and after.deck == [P[4]] and lines == []


def test_a_card_lying_over_part_of_an_uncovered_bear_bites_wherever_its_centre_lies():
    state = position([[P[0], P[1]], [P[3]]], deck=[P[4], P[5]], on_table=[bear_on_cap()])
    mine = Pose(P[0], 20.0, -0.5, 90.0, 4)  # its centre over the right cap card, its left end on the bear
    after, lines = play(state, thrown(state, moved=[mine], on_bear=BEARS[0]))
    assert after.stacks[0] == [P[1], P[4]] and lines == ["The polar bear is hungry: Player 1 draws a card."]


def test_a_bear_landing_on_a_bear_does_nothing():
    state = position([[BEARS[1], P[1]], [P[3]]], deck=[P[4]], on_table=[bear_on_cap()])
    after, _lines = play(state, thrown(state, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert after.stacks[0] == [P[1]] and after.deck == [P[4]]


def test_the_dodos_card_laid_on_an_uncovered_bear_makes_the_dodos_thrower_draw():
    state = position([[DODOS[0], P[1]], [P[3]]], deck=[P[4], P[5], P[6]], on_table=[bear_on_cap()])
    after, _lines = play(state, thrown(state, at=(32.0, -0.5)))
    done, lines = play(after, placed(after, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert done.stacks[0] == [P[1], P[5]] and done.deck == [P[6]]
    assert lines == ["The polar bear is hungry: Player 1 draws a card."]


def test_a_lynx_landing_on_a_bear_draws_and_throws_again():
    state = position([[LYNXES[0], P[1]], [P[3]]], deck=[P[4], P[5]], on_table=[bear_on_cap()])
    after, lines = play(state, thrown(state, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert after.stacks[0] == [P[1], P[4]] and after.to_act == 0
    assert lines == ["The polar bear is hungry: Player 1 draws a card.", "The lynx lands: Player 1 throws again."]
