"""The rules refuse an outcome no table could show, with a sentence; full actions survive JSON and
records; views hide the order of the stacks and the deck; positions are checked."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest

from game.core.contract import HIDDEN
from game.core.errors import IllegalAction, InvalidAction, SaveError
from game.core.history import History
from game.core.record import Record
from game.core.rng import Rng
from game.iluliaq.rules import RULES
from game.iluliaq.table import CAP, FRAME, WALLS, Outcome, Pose, Thrown
from tests.iluliaq.helpers import (
    AIM,
    BEARS,
    DODOS,
    ON_CAP,
    PENGUINS,
    SEALS,
    WATER,
    in_water,
    outcome,
    placed,
    play,
    pose_of,
    position,
    thrown,
)

P = PENGUINS


def base():
    return position([[P[0], P[1]], [P[2], P[3]]], deck=[P[4], P[5]], on_table=[Pose(SEALS[0], 300.0, 0.0, 0.0, 0)])


def refused(state, out: Outcome, words: str) -> None:
    with pytest.raises(IllegalAction, match=words) as caught:
        RULES.advance(state, Thrown(AIM, out))
    assert caught.value.message.render().strip()


def swapped(out: Outcome, card: int, **changes) -> Outcome:
    poses = tuple(dataclasses.replace(p, **changes) if p.card == card else p for p in out.poses)
    return dataclasses.replace(out, poses=poses)


def test_the_wrong_card_is_refused():
    state = base()
    refused(state, outcome(state, P[1], ON_CAP), "is the card in play")


def test_every_card_on_the_table_must_be_placed_exactly_once():
    state = base()
    good = thrown(state).outcome
    refused(state, dataclasses.replace(good, poses=good.poses[1:]), "exactly once")
    refused(state, dataclasses.replace(good, poses=good.poses + good.poses[:1]), "exactly once")
    extra = Pose(P[7], 300.0, 50.0, 0.0, 0)
    refused(state, dataclasses.replace(good, poses=good.poses + (extra,)), "exactly once")


@pytest.mark.parametrize("bad", [{"x": math.nan}, {"y": math.inf}, {"turn": math.nan}, {"layer": -1}, {"layer": 1.5},
                                 {"layer": True}])
def test_a_pose_must_be_finite_and_on_a_layer(bad):
    state = base()
    refused(state, swapped(thrown(state).outcome, P[0], **bad), "impossible pose")


def test_a_card_cannot_float():
    state = base()
    refused(state, swapped(thrown(state, at=WATER).outcome, P[0], layer=2), "nothing holds it up")
    refused(state, swapped(thrown(state).outcome, P[0], layer=5), "nothing holds it up")
    refused(state, swapped(thrown(state, at=WATER).outcome, CAP[0], layer=3), "nothing holds it up")


def test_a_resting_seal_cannot_climb_back():
    state = base()
    refused(state, swapped(thrown(state).outcome, SEALS[0], x=0.0, y=-60.0, layer=2), "climb back")


def test_touches_and_bears_must_exist():
    state = base()
    good = thrown(state).outcome
    refused(state, dataclasses.replace(good, touched=(P[9],)), "can only touch")
    assert RULES.advance(state, Thrown(AIM, dataclasses.replace(good, touched=(FRAME[0], WALLS[0]))))
    refused(state, dataclasses.replace(good, on_bear=CAP[0]), "polar bear lying on the iceberg")
    refused(state, dataclasses.replace(good, on_bear=BEARS[3]), "polar bear lying on the iceberg")


def test_bare_intents_and_bounds_are_refused_with_a_sentence():
    state = base()
    with pytest.raises(IllegalAction, match="physics"):
        RULES.advance(state, AIM)
    with pytest.raises(IllegalAction, match="physics"):
        RULES.step(RULES.clone(state), AIM)
    far = dataclasses.replace(AIM, power=2.0)
    with pytest.raises(InvalidAction, match="power"):
        RULES.advance(state, Thrown(far, thrown(state).outcome))
    with pytest.raises(IllegalAction, match="out of bounds"):
        RULES.step(RULES.clone(state), Thrown(far, thrown(state).outcome))
    dodo = position([[DODOS[0], P[1]], [P[2]]], deck=[P[4]])
    after, _lines = play(dodo, thrown(dodo))
    with pytest.raises(IllegalAction, match="dodo"):
        RULES.step(RULES.clone(after), thrown(state))
    with pytest.raises(IllegalAction, match="First throw"):
        RULES.step(RULES.clone(state), placed(state))


# --- JSON, records, views, positions --------------------------------------------------------------


def test_full_actions_survive_json_and_a_record_replays_them():
    state = position([[DODOS[0], P[1]], [P[2], P[3]]], deck=[P[4], P[5]])
    first = thrown(state, on_bear=None, touched_iceberg=True)
    middle = RULES.apply(state, first)
    second = placed(middle, moved=[in_water(pose_of(middle, CAP[1]))])
    for action in (first, second):
        again = RULES.action_from_json(json.loads(json.dumps(action.to_json())))
        assert again == action and type(again) is type(action)
    options = RULES.default_options(2)
    start = RULES.new_game(options, 3)
    actions = [thrown(start)]
    after = RULES.apply(start, actions[0])
    actions.append(thrown(after, at=WATER))
    record = Record("iluliaq", RULES.version, options, 3, [a.to_json() for a in actions])
    replayed = History.from_record(Record.from_json(json.loads(json.dumps(record.to_json()))))
    assert replayed.state == RULES.apply(after, actions[1])


def test_a_view_shows_only_the_top_cards_and_resample_keeps_them():
    state = RULES.new_game(RULES.default_options(3), 4)
    view = RULES.view(state, 1)
    assert [s[0] for s in view.stacks] == [s[0] for s in state.stacks]
    assert all(c == HIDDEN for s in view.stacks for c in s[1:])
    assert view.deck[0] == state.deck[0] and set(view.deck[1:]) == {HIDDEN}
    assert set(view.aside) == {HIDDEN} and view.table == state.table
    assert view.stacks[1][1:] == [HIDDEN] * 5, "the owner does not see the order of its own stack either"
    world = RULES.resample(view, 1, Rng(9))
    assert RULES.view(world, 1) == view and RULES.components(world) == RULES.components(state)
    assert view.card_in_hand() == state.stacks[0][0]


def test_positions_round_trip_and_refuse_what_the_rules_do_not_allow():
    state = base()
    data = json.loads(json.dumps(RULES.to_position(state)))
    assert RULES.from_position(data) == state
    broken = json.loads(json.dumps(data))
    broken["deck"].append(P[0])
    with pytest.raises(SaveError, match="64 animal cards"):
        RULES.from_position(broken)
    broken = json.loads(json.dumps(data))
    broken["table"] = [p for p in broken["table"] if p["card"] != CAP[0]]
    with pytest.raises(SaveError, match="top iceberg card"):
        RULES.from_position(broken)
    broken = json.loads(json.dumps(data))
    broken["table"][0]["layer"] = 4
    with pytest.raises(SaveError, match="nothing holds it up"):
        RULES.from_position(broken)
    broken = json.loads(json.dumps(data))
    broken["flow"][0]["name"] = "dance"
    with pytest.raises(SaveError, match="throw or placement"):
        RULES.from_position(broken)
    broken = json.loads(json.dumps(data))
    broken["kids"] = True
    with pytest.raises(SaveError, match="seal"):
        RULES.from_position(broken)


def test_the_components_are_the_same_whatever_happens():
    state = base()
    after = RULES.apply(state, thrown(state, moved=[in_water(pose_of(state, CAP[0]))]))
    assert RULES.components(after) == RULES.components(state)
    assert sum(RULES.components(state).values()) == 64 + 14 + 6
