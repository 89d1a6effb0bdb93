"""Iluliaq's physics behaves as a person at the table expects (seat 0 sits at the bottom, +y, and
throws towards -y: the iceberg's far edge is at y = -HALF)."""

from __future__ import annotations

from game.iluliaq.table import (
    CAP,
    FLIGHT,
    HALF,
    LINE,
    REACH,
    Outcome,
    Place,
    Pose,
    Throw,
    start_poses,
)
from physics.iluliaq.resolver import resolve
from physics.iluliaq.tables import View
from tests.physics.iluliaq_checks import problems

PENGUIN, BEAR, OTHER_BEAR, SEAL = 0, 42, 43, 52


def throw(intent: Throw | Place, table: list[Pose] | None = None, hand: int = PENGUIN, players: int = 2,
          seat: int = 0) -> Outcome:
    before = list(start_poses()) if table is None else table
    outcome = resolve(None, View(players, seat, before, hand), intent).outcome
    assert problems(before, hand, outcome) == []
    return outcome


def pose_of(outcome: Outcome, card: int) -> Pose:
    return next(p for p in outcome.poses if p.card == card)


def landing_at(y: float, distance: float = LINE, **more: float) -> Throw:
    """The straight throw from seat 0 that touches down at (0, y) (x moved by ``offset``)."""
    return Throw(distance, more.get("offset", 0.0), 0.0, (distance - y) / FLIGHT, more.get("spin", 0.0))


def test_a_gentle_throw_onto_the_centre_stays_on_the_iceberg():
    out = throw(landing_at(25.0))
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 3  # on a cap card, which lies on the frame
    assert abs(mine.x) < 1.0 and -HALF < mine.y < 25.0
    assert out.touched_iceberg and out.touched == ()
    assert [p for p in out.poses if p.card != PENGUIN] == list(start_poses())


def test_a_hard_throw_slides_off_the_far_edge_into_the_water():
    out = throw(Throw(FLIGHT, 0.0, 0.0, 1.0, 0.0))  # touches down on the centre at full speed
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 0 and mine.y < -HALF
    assert out.touched_iceberg


def test_a_card_thrown_at_a_card_near_the_edge_pushes_it_off():
    frame = [p for p in start_poses() if p.card not in CAP]
    target = Pose(5, 44.0, -50.0, 90.0, 2)  # on the frame near the far edge (the cap cards are gone)
    out = throw(landing_at(40.0, distance=560.0, offset=-44.0), table=[*frame, target])
    assert 5 in out.touched
    knocked = pose_of(out, 5)
    assert knocked.layer == 0 and knocked.y < -HALF
    assert pose_of(out, PENGUIN).layer == 2


def test_knocking_a_card_away_drops_the_card_lying_on_it():
    frame = [p for p in start_poses() if p.card not in CAP]
    target = Pose(5, 44.0, -50.0, 90.0, 2)
    rider = Pose(6, 20.0, -78.0, 90.0, 3)  # on the target, its centre past the iceberg's far edge
    out = throw(landing_at(40.0, distance=560.0, offset=-44.0), table=[*frame, target, rider])
    assert pose_of(out, 5).layer == 0
    assert pose_of(out, 6) == Pose(6, 20.0, -78.0, 90.0, 0)  # nothing holds it now: it drops where it lay
    assert out.touched == (5,)


def test_a_card_landing_with_its_centre_over_the_water_tips_in():
    for y in (-HALF - 5.0, HALF + 5.0):  # half over the far edge, then half over the near edge
        out = throw(landing_at(y))
        mine = pose_of(out, PENGUIN)
        assert mine.layer == 0 and abs(mine.y - y) < 0.01
        assert out.touched_iceberg  # it lay partly over the iceberg before it tipped off
        assert [p for p in out.poses if p.card != PENGUIN] == list(start_poses())


def test_a_throw_that_falls_short_never_touches_the_iceberg():
    out = throw(Throw(REACH, 0.0, 0.0, 0.3, 0.0))
    assert pose_of(out, PENGUIN).layer == 0 and not out.touched_iceberg and out.touched == ()


def test_a_card_thrown_onto_an_uncovered_bear_rests_on_it_and_reports_it():
    bear = Pose(BEAR, 0.0, 0.0, 0.0, 3)  # on the cap
    out = throw(landing_at(30.0), table=[*start_poses(), bear])
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 4 and out.on_bear == BEAR


def test_a_covered_bear_or_a_bear_thrown_on_a_bear_does_not_count():
    bear = Pose(BEAR, 0.0, 0.0, 0.0, 3)
    cover = Pose(7, -25.0, -40.0, 90.0, 4)  # lies over the bear's far end
    assert throw(landing_at(40.0), table=[*start_poses(), bear, cover]).on_bear is None
    out = throw(landing_at(30.0), table=[*start_poses(), bear], hand=OTHER_BEAR)
    assert pose_of(out, OTHER_BEAR).layer == 4 and out.on_bear is None


def test_a_seal_that_brushes_the_iceberg_and_falls_reports_it():
    out = throw(landing_at(-40.0), hand=SEAL)  # lands near the far edge, too fast to stop
    seal = pose_of(out, SEAL)
    assert seal.layer == 0 and seal.y < -HALF
    assert out.touched_iceberg


def test_a_card_stopping_just_past_the_cap_edge_lies_over_it_where_it_stopped():
    out = throw(landing_at(0.0))  # stops a few mm past the cap's far edge (y = -44.5)
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 3 and -60.0 < mine.y < -44.5  # still lying over the cap's edge, not moved back
    assert [p for p in out.poses if p.card != PENGUIN] == list(start_poses())


def test_a_card_landing_across_the_cap_edge_slides_up_onto_it():
    out = throw(landing_at(55.0))  # centre over the frame, front half over the cap
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 3 and mine.y < 43.5
    assert [p for p in out.poses if p.card != PENGUIN] == list(start_poses())


def test_a_card_sliding_over_the_frame_strip_pushes_nothing_it_rides_over():
    frame = [p for p in start_poses() if p.card not in CAP]
    out = throw(landing_at(40.0, offset=-44.0), table=frame)  # slides along x = 44 on the frame
    mine = pose_of(out, PENGUIN)
    assert mine.layer == 2 and out.touched == ()
    assert [p for p in out.poses if p.card != PENGUIN] == frame


def test_every_seat_of_every_table_size_throws_at_the_centre():
    for players in range(2, 7):
        for seat in range(players):
            out = throw(Throw(LINE, 0.0, 0.0, LINE / FLIGHT, 0.0), players=players, seat=seat)
            mine = pose_of(out, PENGUIN)
            assert mine.layer >= 1 and abs(mine.x) < HALF and abs(mine.y) < HALF, (players, seat, mine)


def test_spin_turns_the_card():
    still = pose_of(throw(landing_at(25.0)), PENGUIN)
    spun = pose_of(throw(landing_at(25.0, spin=0.5)), PENGUIN)
    assert abs(still.turn - spun.turn) > 10.0


def test_placing_a_card_lays_it_on_top_of_what_lies_under_its_centre():
    out = throw(Place(0.0, 0.0, 30.0))
    assert pose_of(out, PENGUIN) == Pose(PENGUIN, 0.0, 0.0, 30.0, 3)
    assert [p for p in out.poses if p.card != PENGUIN] == list(start_poses())
    water = throw(Place(0.0, HALF + 40.0, 0.0))
    assert pose_of(water, PENGUIN).layer == 0


def test_a_card_placed_partly_over_another_lies_on_top_of_it_where_it_was_laid():
    first = Pose(3, -20.0, 0.0, 0.0, 3)
    out = throw(Place(20.0, 0.0, 0.0), table=[*start_poses(), first])  # 23 mm over its edge
    assert pose_of(out, PENGUIN) == Pose(PENGUIN, 20.0, 0.0, 0.0, 4)  # on top of it, not pushed aside
    assert [p for p in out.poses if p.card != PENGUIN] == [first, *start_poses()]


def test_placing_onto_an_uncovered_bear_reports_it():
    bear = Pose(BEAR, 0.0, 0.0, 0.0, 3)
    out = throw(Place(0.0, 10.0, 90.0), table=[*start_poses(), bear])
    assert pose_of(out, PENGUIN).layer == 4 and out.on_bear == BEAR


def test_cards_of_layers_whose_collision_bits_repeat_pass_each_other_by():
    from physics.iluliaq.world import LAYER_BITS, World

    world = World([Pose(1, 0.0, 0.0, 0.0, 1), Pose(2, 0.0, 150.0, 0.0, 1)])
    world.add(Pose(PENGUIN, 0.0, 300.0, 0.0, 1 + LAYER_BITS), velocity=(0.0, -2000.0))
    for _ in range(240):
        world.space.step(1.0 / 240.0)
    assert world.pose(PENGUIN).y < -100.0  # slid over both (the same bit, another layer)
    assert (world.pose(1).y, world.pose(2).y) == (0.0, 150.0)
