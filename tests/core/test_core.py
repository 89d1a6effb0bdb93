"""The shared contract's pieces: RNG, codec, records and the undo history."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.codec import decode_action, from_data, to_data
from game.core.contract import Action, Options
from game.core.errors import SaveError
from game.core.record import Record, loads
from game.core.rng import Rng


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_is_deterministic_and_in_range(seed, bound):
    a, b = Rng.from_seed(seed), Rng.from_seed(seed)
    draws = [a.randbelow(bound) for _ in range(20)]
    assert draws == [b.randbelow(bound) for _ in range(20)]
    assert all(0 <= d < bound for d in draws)


def test_rng_shuffle_is_a_permutation_and_round_trips():
    rng = Rng.from_seed(42)
    items = list(range(50))
    rng.shuffle(items)
    assert sorted(items) == list(range(50)) and items != list(range(50))
    again = from_data(Rng, json.loads(json.dumps(to_data(rng))))
    assert again == rng and again.next64() == rng.next64()


@dataclass(frozen=True)
class Take(Action):
    kind = "take"
    card: int
    slots: tuple[int, ...] = ()


@dataclass
class Box:
    name: str
    counts: dict[int, list[int]] = field(default_factory=dict)
    maybe: int | None = None
    pair: tuple[str, int] = ("a", 1)


def test_codec_round_trips_nested_values():
    box = Box("x", {3: [1, 2]}, None, ("b", 2))
    data = json.loads(json.dumps(to_data(box)))
    assert data["counts"] == {"3": [1, 2]}
    assert from_data(Box, data) == box


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"name": 3}, "name should be text"),
        ({"name": "x", "counts": {"k": []}}, "bad key"),
        ({"name": "x", "maybe": True}, "whole number"),
        ({"name": "x", "maybe": 10**40}, "too large"),
        ({}, "name is missing"),
        ([], "should be a table"),
    ],
)
def test_codec_names_what_is_wrong(data, words):
    with pytest.raises(SaveError, match=words):
        from_data(Box, data)


def test_actions_carry_their_kind():
    data = Take(5, (1, 2)).to_json()
    assert data == {"kind": "take", "card": 5, "slots": [1, 2]}
    assert decode_action(data, [Take]) == Take(5, (1, 2))
    with pytest.raises(SaveError, match="unknown action"):
        decode_action({"kind": "fly"}, [Take])


def test_record_rejects_foreign_files_with_a_sentence():
    with pytest.raises(SaveError, match="not valid JSON"):
        loads("{")
    with pytest.raises(SaveError):
        loads("[1, 2]")
    record = Record("borealis", 1, Options(players=2), 9, [])
    assert loads(json.dumps(record.to_json())) == record


def test_a_game_started_from_a_position_saves_and_replays():
    from pathlib import Path

    from game.core import registry
    from game.core.history import History, replay

    game = registry.get("borealis")
    position = json.loads(Path(__file__).parents[1].joinpath("borealis/positions/ootah_three_turns.json").read_text())
    history = History.from_position(game, position, Options(players=len(position["players"])))
    for _ in range(3):
        history.push(game.legal_actions(history.state)[0])
    again = replay(loads(json.dumps(history.record.to_json())))
    assert game.state_to_json(again) == game.state_to_json(history.state)
    assert history.record.start == position


def test_selfplay_counts_turns_and_actions_apart():
    from game.core import registry
    from game.core.selfplay import play

    game = registry.get("borealis")
    run = play(game, game.default_options(3), 4, ("easy",))
    assert run.ok and run.line["winners"]
    assert 0 < run.line["turns"] < run.line["actions"]


def test_options_are_hashable_values():
    from game.core.contract import FrozenDict

    a = Options(players=3, names=["Ana", "Bo", "Cleo"], variants={"side": "II"})
    b = Options(players=3, names=("Ana", "Bo", "Cleo"), variants={"side": "II"})
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1 and {a: 1}[b] == 1
    assert isinstance(a.names, tuple) and isinstance(a.variants, FrozenDict)
    assert Options(players=3, variants={"side": "I"}) != a
    for change in (lambda v: v.__setitem__("side", "I"), lambda v: v.update(side="I"), lambda v: v.pop("side"),
                   lambda v: v.clear(), lambda v: v.setdefault("x", "y"), lambda v: v.popitem()):
        with pytest.raises(TypeError):
            change(a.variants)
    variants = a.variants
    with pytest.raises(TypeError):
        variants |= {"side": "I"}
    assert a.variants == {"side": "II"} and hash(a) == hash(b)
    import copy

    assert copy.deepcopy(a) == a and copy.copy(a.variants) == a.variants
    again = from_data(Options, json.loads(json.dumps(to_data(a))))
    assert again == a and hash(again) == hash(a) and isinstance(again.variants, FrozenDict)
    assert a.name(1) == "Bo" and Options(players=2).name(1) == "Player 2"


def test_a_game_with_hidden_information_must_implement_resample():
    import pytest

    from game.core.contract import Game, GameInfo

    with pytest.raises(TypeError, match="must implement resample"):

        class Secretive(Game):  # noqa: F841 - made only to be refused
            info = GameInfo("secretive", "Secretive", 2, 2, "", hidden=True)
