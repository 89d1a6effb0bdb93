"""The strict, tagged JSON codec (game/core/codec.py)."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.codec import decode_action, from_data, to_data
from game.core.contract import Action, Options
from game.core.errors import SaveError
from game.core.flow import Frame
from game.core.rng import Rng
from tests.toys.coin import Flick, Landed, Outcome, Spot
from tests.toys.interrupt import Devour, HuntersState, Play


@dataclass(frozen=True)
class Steal(Action):
    kind = "steal"
    card: int
    seat: int = 0


@dataclass(frozen=True)
class Feed(Action):
    """The same fields as Steal, another kind."""

    kind = "feed"
    card: int
    seat: int = 0


@dataclass(frozen=True)
class QuickSteal(Steal):
    """Inherits Steal's kind: it is written as a steal, and read back as one."""


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass
class Holder:
    action: Action
    maybe: Steal | Feed | None = None
    colour: Colour = Colour.RED
    counts: dict[int, int] = field(default_factory=dict)


def round_trip(tp, value):
    return from_data(tp, json.loads(json.dumps(to_data(value))))


@pytest.mark.parametrize("union", [Steal | Feed, Feed | Steal, Steal | Feed | None])
def test_a_union_of_look_alike_actions_decodes_each_by_its_kind(union):
    for action in (Steal(3, 1), Feed(3, 1)):
        again = round_trip(union, action)
        assert again == action and type(again) is type(action)
    assert from_data(union, {"kind": "feed", "card": 4}) == Feed(4)


def test_a_toy_games_play_and_devour_decode_apart():
    for action in (Play(7), Devour(7)):
        again = decode_action(action.to_json(), [Play, Devour])
        assert type(again) is type(action)
        assert round_trip(Play | Devour, action) == action and type(round_trip(Devour | Play, action)) is type(action)


def test_unknown_keys_are_refused_by_name():
    with pytest.raises(SaveError, match="unknown keys: 'colour', 'extra'"):
        from_data(Steal, {"kind": "steal", "card": 1, "extra": 2, "colour": "red"})
    with pytest.raises(SaveError, match="unknown keys: 'x'"):
        decode_action({"kind": "devour", "card": 1, "x": 0}, [Play, Devour])
    with pytest.raises(SaveError, match=r"record has unknown keys: 'cheat'"):
        from_data(Options, {"players": 2, "cheat": True}, "record")


def test_a_wrong_kind_is_refused():
    with pytest.raises(SaveError, match="should be of kind 'steal', not 'feed'"):
        from_data(Steal, {"kind": "feed", "card": 1})
    with pytest.raises(SaveError, match="unknown kind 'fly'"):
        from_data(Steal | Feed, {"kind": "fly", "card": 1})
    with pytest.raises(SaveError, match="with a 'kind'"):
        from_data(Steal | Feed, {"card": 1})
    with pytest.raises(SaveError, match="unknown action kind 'steal'"):
        decode_action(Steal(1).to_json(), [Play, Devour])
    with pytest.raises(SaveError, match="with a 'kind'"):
        decode_action([1, 2], [Play])


def test_a_field_typed_action_decodes_any_action_by_its_tag():
    holder = Holder(Feed(2, 1), Steal(5), Colour.BLUE, {3: 4})
    again = round_trip(Holder, holder)
    assert again == holder and type(again.action) is Feed and type(again.maybe) is Steal
    assert to_data(holder)["counts"] == {"3": 4}


def test_a_kind_inherited_without_its_own_tag_decodes_as_the_parent():
    data = to_data(QuickSteal(1))
    assert data == {"kind": "steal", "card": 1, "seat": 0}
    for tp in (Steal, Action, Steal | Feed):
        again = from_data(tp, data)
        assert type(again) is Steal, f"{tp}: {type(again).__name__}"


@dataclass(frozen=True)
class Move:
    """A base of this test's own, so that its look-alike tags stay out of Action's subclasses."""

    kind = ""


@dataclass(frozen=True)
class Jump(Move):
    kind = "jump"
    rows: int


@dataclass(frozen=True)
class OtherJump(Move):  # another game's move with the same tag
    kind = "jump"
    rows: int


@dataclass(frozen=True)
class Crawl(Move):
    kind = "crawl"


@dataclass
class Turn:
    move: Move


def test_two_classes_with_one_tag_are_ambiguous_not_a_coin_toss():
    with pytest.raises(SaveError, match="'jump', which is ambiguous here: Jump, OtherJump"):
        from_data(Turn, {"move": {"kind": "jump", "rows": 1}})
    assert from_data(Turn, {"move": {"kind": "crawl"}}) == Turn(Crawl()), "other tags are not ambiguous"
    assert type(from_data(Jump | Crawl, {"kind": "jump", "rows": 1})) is Jump, "an explicit union decides"


def test_nested_values_of_a_physics_action_round_trip():
    landed = Landed(Flick(30, -2.5, 0.75, 0.0),
                    Outcome(1, (Spot(0, 12.5, 80.0), Spot(1, 30.0, 75.25)), (2,), ((0, 1),)))
    again = decode_action(json.loads(json.dumps(landed.to_json())), [Flick, Landed])
    assert again == landed and isinstance(again.intent, Flick) and isinstance(again.outcome.rest, tuple)
    assert isinstance(again.intent.x, float), "a whole number read into a float field is a float"
    bad = landed.to_json()
    bad["outcome"]["rest"][0]["z"] = 1
    with pytest.raises(SaveError, match=r"outcome\.rest\[0\] has unknown keys: 'z'"):
        decode_action(bad, [Flick, Landed])
    bad = landed.to_json()
    bad["intent"]["kind"] = "landed"
    with pytest.raises(SaveError, match="should be of kind 'flick'"):
        decode_action(bad, [Flick, Landed])


def test_a_state_with_its_stack_round_trips():
    state = HuntersState(Rng(99), [Frame("hunt", 0, {"hunter": 12}), Frame("devour", 1, {"by": 0}, [2])],
                         hands=[[1, 2], [3]], deck=[4], catch=[[], []], larder=[[], []], discard=[12])
    again = round_trip(HuntersState, state)
    assert again == state and again.to_act == 1 and again.turn_seat == 0


@pytest.mark.parametrize(
    ("tp", "data", "words"),
    [
        (Steal, {"kind": "steal", "card": True}, "whole number"),
        (Steal, {"kind": "steal", "card": 1.5}, "whole number"),
        (Steal, {"kind": "steal"}, "card is missing"),
        (Holder, {"action": {"kind": "steal", "card": 1}, "colour": "green"}, "unknown value 'green'"),
        (Holder, {"action": {"kind": "steal", "card": 1}, "counts": {"a": 1}}, "bad key"),
        (Flick, {"kind": "flick", "x": "1", "angle": 0, "power": 0, "spin": 0}, "should be a number"),
        (tuple[int, int], [1], "should have 2 items"),
        (list[int], {"a": 1}, "should be a list"),
    ],
)
def test_decoding_names_what_is_wrong(tp, data, words):
    with pytest.raises(SaveError, match=words):
        from_data(tp, data)


@given(st.sampled_from([Steal, Feed, Play, Devour]), st.integers(-(2**40), 2**40))
def test_tagged_actions_round_trip_to_their_own_type(cls, card):
    action = cls(card)
    again = round_trip(Steal | Feed | Play | Devour, action)
    assert again == action and type(again) is cls
