"""Scenario helpers for the Iluliaq rules: positions with chosen stacks, and throws with hand-built
outcomes (no physics)."""

from __future__ import annotations

from collections.abc import Iterable

from game.core import flow
from game.core.events import Events
from game.core.rng import Rng
from game.iluliaq.position import checked_state
from game.iluliaq.rules import RULES
from game.iluliaq.state import THROW, IluliaqState
from game.iluliaq.table import (
    ANIMALS,
    Outcome,
    Place,
    Placed,
    Pose,
    Throw,
    Thrown,
    animal_type,
    start_poses,
    supports,
)

ON_CAP = (-31.0, -0.5)
"""Over the left cap card: a card there rests at layer 3."""
ON_FRAME = (0.0, -60.0)
"""Over the top frame card only: layer 2."""
WATER = (300.0, 0.0)
AIM = Throw(distance=350.0, offset=0.0, angle=0.0, power=0.6, spin=0.0)
LAY = Place(x=0.0, y=0.0, turn=0.0)


def cards(kind: str) -> list[int]:
    """The animal cards of a type, by id."""
    return [c for c in range(ANIMALS) if animal_type(c) == kind]


PENGUINS, DODOS, LYNXES, BEARS, SEALS = (cards(k) for k in ("penguin", "dodo", "lynx", "bear", "seal"))


def position(stacks: list[list[int]], deck: Iterable[int] = (), on_table: Iterable[Pose] = (), kids: bool = False,
             turns: int = 0, seat: int = 0, good_aim: bool = False) -> IluliaqState:
    """A game about to throw: the stacks and deck given, the built iceberg plus ``on_table``, every
    other animal card aside."""
    deck = list(deck)
    extra = list(on_table)
    used = {c for s in stacks for c in s} | set(deck) | {p.card for p in extra}
    table = sorted([*start_poses(), *extra], key=lambda p: p.card)
    state = IluliaqState(rng=Rng(7), players=len(stacks), stacks=[list(s) for s in stacks], deck=deck,
                         aside=[c for c in range(ANIMALS) if c not in used], table=table, turns=turns, kids=kids,
                         good_aim=good_aim)
    flow.start(state, THROW, seat)
    return checked_state(state)


def resting(table: list[Pose], card: int, x: float, y: float, turn: float = 0.0) -> Pose:
    """``card`` dropped at (x, y) onto ``table``: one above what is under it, or in the water."""
    under = supports(table, x, y)
    return Pose(card, x, y, turn, under + 1 if under >= 0 else 0)


def outcome(state: IluliaqState, card: int, at: tuple[float, float], moved: Iterable[Pose] = (),
            touched_iceberg: bool = False, on_bear: int | None = None) -> Outcome:
    changed = {p.card: p for p in moved}
    table = [changed.get(p.card, p) for p in state.table]
    pose = changed.get(card) or resting(table, card, *at)
    poses = sorted([*table, pose], key=lambda p: p.card)
    return Outcome(card, tuple(poses), touched_iceberg=touched_iceberg, on_bear=on_bear)


def thrown(state: IluliaqState, at: tuple[float, float] = ON_CAP, **kwargs) -> Thrown:
    """The seat to act's top card thrown to ``at`` (``moved``: other cards' new poses)."""
    return Thrown(AIM, outcome(state, state.card_in_hand(), at, **kwargs))


def placed(state: IluliaqState, at: tuple[float, float] = ON_CAP, **kwargs) -> Placed:
    return Placed(LAY, outcome(state, state.card_in_hand(), at, **kwargs))


def in_water(pose: Pose, x: float = 250.0) -> Pose:
    return Pose(pose.card, x, pose.y, pose.turn, 0)


def pose_of(state: IluliaqState, card: int) -> Pose:
    return next(p for p in state.table if p.card == card)


def play(state: IluliaqState, action) -> tuple[IluliaqState, list]:
    """Apply ``action`` (checked) and return the new state and the text of its log lines."""
    step = RULES.advance(state, action)
    lines = [e.text.render() for e in step.events if e.kind == "logged"]
    return step.state, lines


def events_of(state: IluliaqState, action) -> Events:
    events = Events()
    RULES.step(RULES.clone(state), action, events)
    return events
