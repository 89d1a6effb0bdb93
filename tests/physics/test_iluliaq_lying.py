"""How cards lie on one another, the rules and the physics agreeing (shared/rules/iluliaq.md, "Changes
(2026-12)"): a polar bear is covered by any card of a higher layer lying over any part of it, and a card
laid by the dodo's thrower lies on top of whatever it overlaps, never pushed aside."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from types import SimpleNamespace

from game.iluliaq import turn
from game.iluliaq.checks import check_outcome
from game.iluliaq.table import ANIMALS, CAP, HALF, TOP, Place, Pose, Throw, animal_type, start_poses
from physics.iluliaq.resolver import resolve
from physics.iluliaq.tables import View
from tests.physics.iluliaq_checks import problems
from tests.physics.test_iluliaq_properties import _intent

PENGUIN = 0
BEARS = [c for c in range(ANIMALS) if animal_type(c) == "bear"]
OTHERS = [c for c in range(ANIMALS) if animal_type(c) != "bear"]
BEAR = BEARS[0]


def bear_overhung_two_layers_up() -> list[Pose]:
    """A bear on the left cap card; beside it, on the right cap card, a card, a card on that one, and
    on top a card lying across the bear's right edge (two layers above the bear, its centre clear)."""
    return [*start_poses(), Pose(BEAR, -31.0, -0.5, 0.0, 3), Pose(10, 32.0, -0.5, 0.0, 3),
            Pose(11, 40.0, -0.5, 0.0, 4), Pose(12, 20.0, -0.5, 90.0, 5)]


def lay(table: list[Pose], x: float, y: float, turn_: float = 0.0, hand: int = PENGUIN):
    out = resolve(None, View(2, 0, table, hand), Place(x, y, turn_)).outcome
    assert problems(table, hand, out) == []
    return out


def test_a_card_laid_on_a_bear_overhung_by_a_card_two_layers_up_does_not_wake_it():
    table = bear_overhung_two_layers_up()
    out = lay(table, -40.0, 0.0)
    assert next(p for p in out.poses if p.card == PENGUIN).layer == 6  # on top of the bear and the card over it
    assert out.on_bear is None


def test_a_card_lying_over_part_of_an_uncovered_bear_wakes_it_wherever_its_centre_lies():
    table = [*start_poses(), Pose(BEAR, -31.0, -0.5, 0.0, 3)]
    out = lay(table, 20.0, -0.5, 90.0)  # centre over the right cap card, its left end on the bear
    assert next(p for p in out.poses if p.card == PENGUIN) == Pose(PENGUIN, 20.0, -0.5, 90.0, 4)
    assert out.on_bear == BEAR


def growing(count: int, seed: int) -> Iterator[tuple[list[Pose], int, int, int]]:
    """``count`` tables of a growing iceberg (aimed throws from random seats, a bear every third card),
    each with the seats and the card of the next throw: (table, players, seat, hand)."""
    rng = random.Random(seed)
    table = list(start_poses())
    for i in range(count):
        lying = {p.card for p in table}
        free = [c for c in range(ANIMALS) if c not in lying]
        hand = rng.choice([c for c in free if (c in BEARS) == (i % 3 == 0)] or free)
        players = rng.randint(2, 6)
        yield table, players, rng.randrange(players), hand
        out = resolve(None, View(players, 0, table, hand), _intent(rng, aimed=True)).outcome
        table = [p for p in out.poses if p.layer >= 1]
        if sum(1 for p in table if p.card < ANIMALS) > 30 or not any(p.card in TOP for p in table):
            table = list(start_poses())


def test_the_rules_and_the_physics_agree_on_every_bear_of_many_random_throws():
    rng = random.Random(5)
    bites = disagree = 0
    for table, players, seat, hand in growing(300, seed=9):
        intent: Throw | Place = (_intent(rng, aimed=True) if rng.random() < 0.7 else
                                 Place(rng.uniform(-60.0, 60.0), rng.uniform(-60.0, 60.0), rng.uniform(0.0, 180.0)))
        out = resolve(None, View(players, seat, table, hand), intent).outcome
        check_outcome(table, hand, out)  # the rules accept what the physics made
        # the rules work the bite out from the poses alone (the physics' answer hidden from them)
        rules_bite = turn.bear_bites(SimpleNamespace(kids=False), table, dataclasses.replace(out, on_bear=None))
        physics_bite = out.on_bear is not None and animal_type(hand) != "bear"
        disagree += rules_bite != physics_bite
        bites += rules_bite
    print(f"300 random throws and placements: {bites} bears bit, {disagree} disagreements")
    assert disagree == 0 and bites >= 5


def test_a_card_laid_over_resting_cards_lies_on_top_where_it_was_laid():
    rng = random.Random(11)
    pushed = water = 0
    laid = []
    for table, _players, _seat, hand in growing(120, seed=3):
        if sum(1 for p in table if p.card < ANIMALS) < 2:
            continue
        x, y, t = (round(v, 2) for v in (rng.uniform(-45.0, 45.0), rng.uniform(-45.0, 45.0), rng.uniform(0.0, 180.0)))
        out = lay(table, x, y, t, hand)
        mine = next(p for p in out.poses if p.card == hand)
        water += mine.layer == 0
        after = {p.card: p for p in out.poses}
        pushed += not all(near(p, after[p.card]) for p in [*table, Pose(hand, x, y, t, mine.layer)])
        laid.append((table, mine))
    print(f"{len(laid)} cards laid within 45 mm of the centre: {pushed} moved or moved another, {water} in the water")
    assert len(laid) >= 80 and pushed == 0 and water == 0
    from game.iluliaq.lying import overlaps

    for table, mine in laid:  # on top of the highest card it lies over
        assert mine.layer == 1 + max(p.layer for p in table if p.layer >= 1 and overlaps(p, mine))


def near(a: Pose, b: Pose) -> bool:
    """The same card at the same layer, moved at most 0.1 mm and 0.1 degree (cards resting edge to
    edge at one layer can nudge each other by a rounding step)."""
    return (a.card, a.layer) == (b.card, b.layer) and abs(a.x - b.x) <= 0.1 and abs(a.y - b.y) <= 0.1 and \
        abs((a.turn - b.turn + 180.0) % 360.0 - 180.0) <= 0.1


def test_a_card_laid_with_its_centre_off_the_iceberg_still_falls_in():
    out = lay([p for p in start_poses() if p.card not in CAP], 0.0, HALF + 10.0)
    assert next(p for p in out.poses if p.card == PENGUIN).layer == 0
