"""The clone every game gets (game/core/clone.py): equal to a JSON round trip, sharing nothing
mutable, at many states of random playouts of every game and toy; and the copier on its own, on
types no game has yet."""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
from collections import Counter
from dataclasses import InitVar, dataclass, field
from typing import Any

import pytest

from game.core import registry
from game.core.clone import clone, copier_for
from game.core.contract import Game, Options
from game.core.rng import Rng
from tests import conformance, toys
from tests.toys import coin_physics  # noqa: F401  (registers the coin toy's resolver)

SEEDS = (1, 2)
STATES = 25
"""States per playout checked (spread over the game), each with every seat's view."""


def _games() -> list[Game]:
    return [registry.get(game_id) for game_id in registry.available()] + toys.games()


def _options(game: Game) -> list[Options]:
    """The fewest and the most players, and kids' mode."""
    low, high = game.info.min_players, game.info.max_players
    return [game.default_options(low), game.default_options(high), game.default_options(high, kids=True)]


CASES = [pytest.param(game, options, seed, id=f"{game.info.id}-{conformance.case_label(options)}-s{seed}")
         for game in _games() for options in _options(game) for seed in SEEDS]


def random_playout(game: Game, options: Options, seed: int) -> list[Any]:
    """Every state of one game of random legal moves (physics moves completed by the resolver)."""
    rng = Rng.from_seed(seed)
    state = game.new_game(options, seed)
    states = [state]
    while not game.is_over(state) and len(states) < conformance.MAX_ACTIONS:
        action = conformance.complete(game, state, game.space(state).sample(rng))
        state = game.apply(state, action, check=False)
        states.append(state)
    return states


def round_trip(game: Game, state: Any) -> Any:
    return game.state_from_json(json.loads(json.dumps(game.state_to_json(state))))


@pytest.mark.parametrize(("game", "options", "seed"), CASES)
def test_a_clone_is_a_json_round_trip_and_shares_nothing(game, options, seed):
    states = random_playout(game, options, seed)
    for index in conformance.spread(len(states), STATES):
        state = states[index]
        for value in [state] + [game.view(state, s) for s in range(options.players)]:
            text = conformance.dumps(game, value)
            copied = game.clone(value)
            assert copied == round_trip(game, value), f"state {index}: the clone differs from a JSON round trip"
            assert type(copied) is type(value)
            assert copied.rng is not value.rng and all(a is not b for a, b in zip(copied.flow, value.flow))
            conformance.scramble(copied)
            assert conformance.dumps(game, value) == text, f"state {index}: changing the clone changed the original"


def test_no_game_pays_deepcopy_for_its_clone(monkeypatch):
    def refuse(value, memo=None):
        raise AssertionError("copy.deepcopy was called")

    states = [(game, random_playout(game, game.default_options(game.info.max_players), 3)) for game in _games()]
    monkeypatch.setattr(copy, "deepcopy", refuse)
    for game, played in states:
        for state in played[:: max(1, len(played) // 10)]:
            assert game.clone(state) == state, game.info.id


def test_no_game_writes_its_own_clone():
    for game in (registry.get(game_id) for game_id in registry.available()):
        assert type(game).clone is Game.clone, f"{game.info.id} writes its own clone"


# --- the copier on its own ----------------------------------------------------------------------


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Point:
    x: float
    y: float


@dataclass(frozen=True)
class Bag:
    """Frozen, yet holds a list: it must be copied, not shared."""

    items: list[int]


@dataclass(frozen=True)
class Mark:
    """Frozen and shareable, but subclassed by one that is not."""

    seat: int


@dataclass(frozen=True)
class Pencilled(Mark):
    notes: list[str] = field(default_factory=list)


@dataclass
class Node:
    name: str
    children: list[Node] = field(default_factory=list)
    parent_name: str | None = None


@dataclass
class Base:
    n: int


@dataclass
class Derived(Base):
    extra: list[int] = field(default_factory=list)


class Opaque:
    """Not a dataclass: copied by copy.deepcopy."""

    def __init__(self, values: list[int]) -> None:
        self.values = values

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Opaque) and other.values == self.values


@dataclass
class Everything:
    colour: Colour
    points: list[Point]
    bags: list[Bag]
    grid: list[list[int]]
    by_seat: dict[int, list[int]]
    counts: dict[str, int]
    pairs: tuple[tuple[int, int], ...]
    lists_in_tuple: tuple[list[int], ...]
    fixed: tuple[int, list[int]]
    maybe: Node | None
    either: int | list[int]
    base: Base
    anything: Any
    bare: list  # type: ignore[type-arg]
    opaque: Opaque
    tags: set[str]
    marks: list[Mark]
    mark: Mark
    frozen_tags: frozenset[str]
    counter: Counter[str]
    later: list[int] = field(init=False, default_factory=list)
    keyword: list[int] = field(default_factory=list, kw_only=True)


def everything() -> Everything:
    value = Everything(
        Colour.RED, [Point(1.0, 2.0)], [Bag([1, 2])], [[1, 2], [3]], {0: [1], 1: [2, 3]}, {"a": 1},
        ((1, 2), (3, 4)), ([1], [2]), (7, [8]), Node("root", [Node("leaf", parent_name="root")]), [5, 6],
        Derived(1, [2]), {"deep": [{"x": [1]}], "t": (1, [2])}, [[1], {"k": [2]}], Opaque([1]), {"s"},
        [Mark(0), Pencilled(1, ["a"])], Pencilled(2, ["b"]),
        frozenset({"f"}), Counter({"c": 2}), keyword=[9],
    )
    value.later.append(4)
    return value


def mutable_parts(value: Any, out: list[Any] | None = None) -> list[Any]:
    """Every list, dict, set and non-frozen object reachable from ``value``."""
    out = [] if out is None else out
    if isinstance(value, (list, set, dict, Opaque)) or (
        dataclasses.is_dataclass(value) and not type(value).__dataclass_params__.frozen
    ):
        out.append(value)
    children: Any = ()
    if isinstance(value, dict):
        children = value.values()
    elif isinstance(value, (list, tuple, set, frozenset)):
        children = value
    elif dataclasses.is_dataclass(value):
        children = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, Opaque):
        children = [value.values]
    for child in children:
        mutable_parts(child, out)
    return out


def test_the_copier_copies_every_kind_of_field_and_shares_no_mutable_part():
    value = everything()
    copied = clone(value)
    assert copied == value
    assert type(copied.base) is Derived and copied.base.extra == [2]
    assert copied.later == [4] and copied.keyword == [9]
    assert copied.colour is Colour.RED and copied.points[0] is value.points[0]  # frozen values are shared
    originals = {id(part) for part in mutable_parts(value)}
    shared = [part for part in mutable_parts(copied) if id(part) in originals]
    assert shared == []


def test_a_recursive_type_is_copied_to_any_depth():
    node = Node("0")
    tip = node
    for i in range(1, 50):
        tip.children.append(Node(str(i)))
        tip = tip.children[0]
    copied = clone(node)
    assert copied == node
    tip.children.append(Node("new"))
    assert copied != node


@dataclass
class Hidden:
    total: int
    seed: InitVar[int] = 0

    def __post_init__(self, seed: int) -> None:
        self.total += seed


@dataclass
class Unresolved:
    thing: NoSuchType  # type: ignore[name-defined]  # noqa: F821


def test_types_it_cannot_write_a_copier_for_are_still_copied():
    hidden = Hidden(3, seed=2)
    assert clone(hidden) == hidden and clone(hidden).total == 5  # an InitVar: fields set one by one
    odd = Unresolved([1, 2])
    copied = clone(odd)
    assert copied == odd and copied.thing is not odd.thing
    assert clone([1, [2]]) == [1, [2]] and clone({"a": [1]}) == {"a": [1]}


def test_the_copier_of_a_state_is_written_once_as_plain_code():
    from game.borealis.state import PlayerState

    copier = copier_for(PlayerState)
    assert copier_for(PlayerState) is copier
    assert "o.hand[:]" in copier.source and "deepcopy" not in copier.source
