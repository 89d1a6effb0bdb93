"""Action spaces (game/core/spaces.py): listed, continuous with typed bounds, and unions of both."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.contract import Action
from game.core.rng import Rng
from game.core.spaces import ContinuousSpace, ListSpace, Param, UnionSpace, as_space, listed


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    card: int


@dataclass(frozen=True)
class Pass(Action):
    kind = "pass"


@dataclass(frozen=True)
class Throw(Action):
    kind = "throw"
    angle: float
    power: float
    spin: float = 0.0


@dataclass(frozen=True)
class Roll(Action):
    kind = "roll"
    dice: int
    lane: int


ANGLE = Param("angle", -180.0, 180.0, unit="degrees")
POWER = Param("power", 0.0, 1.0, unit="share of full power")
SPIN = Param("spin", -1.0, 1.0)


def throws(kids: bool = False) -> ContinuousSpace:
    return ContinuousSpace(Throw, (ANGLE, POWER), fixed={"spin": 0.0}) if kids else ContinuousSpace(
        Throw, (ANGLE, POWER, SPIN))


# --- ListSpace --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [3, 30])
def test_a_list_space_is_a_sequence(size):
    items = [Take(i) for i in range(size)]
    space = ListSpace(items)
    assert isinstance(space, Sequence)
    assert len(space) == space.count() == size and list(space) == items
    assert space[1] == Take(1) and space[-1] == Take(size - 1) and space[1:3] == items[1:3]
    assert space.index(Take(2)) == 2 and list(reversed(space)) == items[::-1]
    assert space.count(Take(2)) == 1 and space.count(Take(99)) == 0, "Sequence.count(value) still works"
    assert Take(2) in space and Take(99) not in space and Pass() not in space
    assert space.contains(Take(size - 1)) and not space.contains(Take(size))
    assert space == items and space == tuple(items) and space == ListSpace(items) and space != items[:-1]
    assert space.finite and not space.is_empty() and bool(space)


def test_a_list_space_is_its_own_copy():
    items = [Take(1), Take(2)]
    space = ListSpace(items)
    items.append(Take(3))
    space.actions().append(Take(4))
    assert space == [Take(1), Take(2)]


def test_an_empty_list_space():
    space = ListSpace([])
    assert space.is_empty() and not space and len(space) == 0 and space.actions() == []
    with pytest.raises(ValueError):
        space.sample(Rng(1))


def test_list_sampling_draws_every_member_from_the_rng():
    space = ListSpace([Take(i) for i in range(5)])
    rng = Rng.from_seed(3)
    drawn = [space.sample(rng) for _ in range(200)]
    assert set(drawn) == set(space)
    again = Rng.from_seed(3)
    assert drawn == [space.sample(again) for _ in range(200)], "the same seed draws the same members"


def test_as_space_and_listed():
    space = as_space([Take(1)])
    assert isinstance(space, ListSpace) and as_space(space) is space
    assert listed(space) == [Take(1)] and listed(throws()) == []


# --- ContinuousSpace --------------------------------------------------------------------------


def test_a_continuous_space_names_every_field_of_its_action():
    with pytest.raises(TypeError, match="name its fields exactly"):
        ContinuousSpace(Throw, (ANGLE, POWER))
    with pytest.raises(TypeError):
        ContinuousSpace(Throw, (ANGLE, POWER, SPIN), fixed={"colour": 1})


def test_a_continuous_space_cannot_be_listed():
    space = throws()
    assert not space.finite and space.count() is None and not space.is_empty() and bool(space)
    with pytest.raises(TypeError, match="cannot be listed"):
        space.actions()
    assert space.param("power") is POWER
    with pytest.raises(KeyError):
        space.param("colour")


@pytest.mark.parametrize(
    ("action", "inside", "why"),
    [
        (Throw(0.0, 0.5, 0.0), True, ""),
        (Throw(180.0, 1.0, -1.0), True, ""),
        (Throw(90, 0, 1), True, ""),  # whole numbers are numbers
        (Throw(181.0, 0.5, 0.0), False, "angle should be between -180 and 180"),
        (Throw(0.0, -0.01, 0.0), False, "power should be between 0 and 1"),
        (Throw(0.0, math.nan, 0.0), False, "power should be between 0 and 1"),
        (Throw(math.inf, 0.5, 0.0), False, "angle should be between"),
        (Throw(0.0, True, 0.0), False, "power should be between"),  # a bool is not a number here
        (Throw(0.0, "0.5", 0.0), False, "power should be between"),
        (Take(3), False, "it should be a Throw"),
    ],
)
def test_contains_and_why_not(action, inside, why):
    space = throws()
    assert space.contains(action) is inside and (action in space) is inside
    assert (space.why_not(action) == "") if inside else (why in space.why_not(action))


def test_fixed_fields_are_part_of_the_space():
    kids = throws(kids=True)
    assert kids.contains(Throw(10.0, 0.5, 0.0)) and not kids.contains(Throw(10.0, 0.5, 0.5))
    assert kids.why_not(Throw(10.0, 0.5, 0.5)) == "spin should be 0"
    assert all(kids.sample(Rng(i)).spin == 0.0 for i in range(20))


def test_whole_number_parameters():
    space = ContinuousSpace(Roll, (Param("dice", 1, 6, integer=True), Param("lane", 0, 2, integer=True)))
    assert space.contains(Roll(6, 0)) and not space.contains(Roll(7, 0)) and not space.contains(Roll(3.0, 1))
    rng = Rng.from_seed(1)
    seen = {space.sample(rng) for _ in range(300)}
    assert {a.dice for a in seen} == set(range(1, 7)) and {a.lane for a in seen} == {0, 1, 2}
    assert all(isinstance(a.dice, int) for a in seen)


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_samples_lie_in_their_bounds(seed):
    space = throws()
    rng = Rng.from_seed(seed)
    for _ in range(5):
        action = space.sample(rng)
        assert space.contains(action), space.why_not(action)
        assert -180.0 <= action.angle < 180.0 and 0.0 <= action.power < 1.0


# --- UnionSpace -------------------------------------------------------------------------------


def test_a_union_of_a_throw_and_a_pass_button():
    union = UnionSpace([throws(), ListSpace([Pass()])])
    assert not union.finite and union.count() is None
    assert union.contains(Pass()) and union.contains(Throw(1.0, 0.5, 0.0)) and not union.contains(Take(1))
    assert union.listed() == [Pass()] and listed(union) == [Pass()]
    with pytest.raises(TypeError):
        union.actions()
    rng = Rng.from_seed(5)
    drawn = [union.sample(rng) for _ in range(100)]
    assert Pass() in drawn and any(isinstance(a, Throw) for a in drawn), "sampling picks a part first"
    assert all(union.contains(a) for a in drawn)


def test_a_union_of_lists_is_finite_and_drops_empty_parts():
    union = UnionSpace([ListSpace([Take(1), Take(2)]), ListSpace([]), ListSpace([Pass()])])
    assert union.finite and len(union.parts) == 2
    assert union.actions() == [Take(1), Take(2), Pass()] and union.count() == 3
    assert UnionSpace([ListSpace([])]).is_empty() and UnionSpace([]).actions() == []
