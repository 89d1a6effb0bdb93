"""Iluliaq positions in the documented form (``{"game": "iluliaq", ...the state}``, game/iluliaq/POSITION.md):
the examples in tests/iluliaq/positions/ are read through the door, written back as they are, and play
on as the rules say (scenario tests written as positions); a position or an outcome whose numbers no
table can hold is refused with a sentence naming the card."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.errors import IllegalAction, SaveError
from game.core.history import History
from game.core.positions import read_position
from game.iluliaq import table
from game.iluliaq.checks import check_outcome
from game.iluliaq.rules import RULES
from game.iluliaq.state import PLACE, THROW
from game.iluliaq.table import Place, Placed
from tests.iluliaq.helpers import ON_CAP, placed, pose_of, thrown

POSITIONS = Path(__file__).parent / "positions"
EXAMPLES = sorted(POSITIONS.glob("*.json"))


def data_of(name: str) -> dict[str, Any]:
    return json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))


def load(name: str) -> Any:
    return read_position(RULES, data_of(name))


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_an_example_is_read_and_written_back_as_it_is(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == "iluliaq"
    state = read_position(RULES, data)
    assert RULES.to_position(state) == data
    options = RULES.default_options(len(RULES.result(state).scores))
    assert History.from_position(RULES, data, options).state == state


def test_three_players_start_throwing_from_seat_0() -> None:
    state = load("three_players_start")
    assert state.players == 3 and state.frame.name == THROW and state.to_act == 0
    result = RULES.result(state)
    assert result.scores == (-6, -6, -6) and not result.final


def test_a_seal_that_stayed_in_the_water_stays_there_while_the_game_goes_on() -> None:
    state = load("seal_in_the_water")
    seal = pose_of(state, 52)
    assert seal.layer == 0 and state.to_act == 1
    after = RULES.apply(state, thrown(state, at=ON_CAP))
    assert pose_of(after, 52) == seal
    assert len(after.stacks[1]) == len(state.stacks[1]) - 1 and after.to_act == 0


def test_after_a_dodo_the_deck_top_card_is_laid_and_the_turn_ends() -> None:
    state = load("dodo_lays_a_card")
    assert state.frame.name == PLACE and state.card_in_hand() == state.deck[0]
    laid = state.deck[0]
    after = RULES.apply(state, placed(state, at=ON_CAP))
    assert pose_of(after, laid).layer == 3
    assert after.deck == state.deck[1:] and after.to_act == 1 and after.frame.name == THROW


def test_throwing_the_last_card_onto_the_iceberg_wins() -> None:
    state = load("last_card")
    after = RULES.apply(state, thrown(state, at=ON_CAP))
    result = RULES.result(after)
    assert RULES.is_over(after) and result.final and result.winners == (0,)
    assert result.scores == (0, -4)


def test_a_finished_game_scores_the_cards_left() -> None:
    result = RULES.result(load("iceberg_broken"))
    assert result.final and result.scores == (-3, -2) and result.winners == (1,)
    assert "broken off" in str(result.reason.render())


def test_a_card_laid_on_a_pile_of_43_leaves_the_iceberg_where_it_is() -> None:
    # 43 cards piled on the left cap card, layers 3 to 45: the physics' collision bits repeat every
    # 32 layers, and a card 32 layers up used to collide with the frame and shove the iceberg apart.
    from physics.iluliaq.resolver import resolve  # the real physics (this package's tests use a stand-in)

    state = load("dodo_on_a_tall_pile")
    assert max(p.layer for p in state.table) == 45
    action = resolve(RULES, RULES.view(state, state.to_act), Place(-31.0, -0.5, 0.0))
    assert isinstance(action, Placed)
    before = {p.card: p for p in state.table}
    moved = [p.card for p in action.outcome.poses if p.card in before and p != before[p.card]]
    assert moved == []
    assert next(p for p in action.outcome.poses if p.card == state.deck[0]).layer == 46
    RULES.apply(state, action)


def test_the_rules_and_the_physics_hold_the_same_layers() -> None:
    # One bound, table.MAX_LAYER (every animal card piled on a cap card): positions and outcomes
    # above it are refused, and the physics refuses to lay a card above it.
    from physics.iluliaq.world import World

    assert table.MAX_LAYER == 2 + table.ANIMALS
    World([table.Pose(0, 300.0, 0.0, 0.0, 0), table.Pose(1, -31.0, -0.5, 0.0, table.MAX_LAYER)])
    with pytest.raises(ValueError, match="up to layer 66"):
        World([table.Pose(1, -31.0, -0.5, 0.0, table.MAX_LAYER + 1)])
    with pytest.raises(SaveError, match="layer is not from 0"):
        read_position(RULES, _with_seal(layer=table.MAX_LAYER + 1))


# --- numbers the table cannot hold ----------------------------------------------------------------


def _with_seal(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(data_of("seal_in_the_water"))
    seal = next(p for p in data["table"] if p["card"] == 52)
    seal.update(changes)
    return data


OFF = {
    "x = 1e300": (_with_seal(x=1e300), "off the table"),
    "x = -1e300": (_with_seal(x=-1e300), "off the table"),
    "a turn of 1e300": (_with_seal(turn=1e300), "turn"),
    "layer 40 with nothing under it": (_with_seal(layer=40), "nothing holds it up"),
    "a layer past the highest": (_with_seal(layer=67), "layer is not from 0"),
    "another game's position": ({**data_of("seal_in_the_water"), "game": "borealis"}, "not for"),
}


@pytest.mark.parametrize("label", sorted(OFF))
def test_a_position_with_numbers_no_table_holds_is_refused_with_a_sentence(label: str) -> None:
    data, words = OFF[label]
    with pytest.raises(SaveError) as caught:
        read_position(RULES, json.loads(json.dumps(data)))
    message = str(caught.value)
    assert words in message and message.endswith(".") and len(message) < 300, message


def test_the_table_ends_where_no_throw_reaches() -> None:
    # the farthest release point and a full flight: a card in the water is at most that far out
    state = read_position(RULES, _with_seal(x=0.0, y=table.FARTHEST - 1))
    assert pose_of(state, 52).y == table.FARTHEST - 1
    with pytest.raises(SaveError, match="off the table"):
        read_position(RULES, _with_seal(x=0.0, y=table.FARTHEST + 1))


@pytest.mark.parametrize(("change", "words"), [
    ({"x": 1e300}, "off the table"),
    ({"y": -1e300}, "off the table"),
    ({"layer": 40}, "nothing holds it up"),
])
def test_an_outcome_with_numbers_no_table_holds_is_refused(change: dict[str, Any], words: str) -> None:
    state = load("seal_in_the_water")
    out = thrown(state).outcome
    card = state.card_in_hand()
    poses = tuple(dataclasses.replace(p, **change) if p.card == card else p for p in out.poses)
    with pytest.raises(IllegalAction, match=words):
        check_outcome(state.table, card, dataclasses.replace(out, poses=poses))


def test_an_outcome_touches_each_card_once() -> None:
    state = load("seal_in_the_water")
    out = thrown(state).outcome
    check_outcome(state.table, state.card_in_hand(), dataclasses.replace(out, touched=(68, 69)))
    with pytest.raises(IllegalAction, match="once each"):
        check_outcome(state.table, state.card_in_hand(), dataclasses.replace(out, touched=(68,) * 100_000))
