"""physics.iceflow.drift: the floes are shown where the rules put them, and only moved as the rules moved them."""

from __future__ import annotations

import math

import pytest

from game.core.hexgrid import N, S
from physics.iceflow.drift import MAX_SHIFT, MAX_TILT, SETTLE, STEP, DriftWorld
from scenes.kit.hexes import HexLayout

RADIUS = 40.0
LAYOUT = HexLayout(RADIUS, (60.0, 60.0))
FREE = {(2, 2), (2, 3), (2, 4), (4, 3), (4, 4), (1, 0), (5, 7), (6, 7), (7, 7)}
"""Left empty: the drift path of floe 0, the islands, entry points."""
HEXES = [(c, r) for c in range(1, 8) for r in range(8) if (c, r) not in FREE]


def board(n: int = 24) -> dict[int, tuple[tuple[int, int], int]]:
    """``n`` floes: floe 0 on (2, 1) (free to drift south to (2, 4)), the rest packed around it."""
    others = [h for h in HEXES if h != (2, 1)]
    out = {0: ((2, 1), 0)}
    for i, h in enumerate(others[: n - 1], start=1):
        out[i] = (h, i % 6)
    return out


def world_of(floes, seed: int = 3) -> DriftWorld:
    w = DriftWorld(LAYOUT.centre, RADIUS, seed=seed)
    for floe_id, (h, rot) in floes.items():
        w.place(floe_id, h, rot)
    return w


def run(w: DriftWorld, dt: float = 1 / 60, limit: float = 10.0, each=None) -> None:
    t = 0.0
    while w.busy():
        w.step(dt)
        t += dt
        if each is not None:
            each(w)
        assert t < limit, "the motion never ends"


def angle_off(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def assert_at_rules(w: DriftWorld, floes) -> None:
    poses = w.poses()
    assert set(poses) == set(floes)
    for floe_id, (h, rot) in floes.items():
        x, y, angle, alpha = poses[floe_id]
        cx, cy = LAYOUT.centre(h)
        assert math.hypot(x - cx, y - cy) <= 0.5, floe_id
        assert angle_off(angle, rot * 60.0) <= 0.1, floe_id
        assert alpha == 1.0
    assert w.check(floes) == []


def test_a_drift_ends_exactly_on_its_last_hex():
    floes = board()
    w = world_of(floes)
    w.drift(0, [(2, 2), (2, 3), (2, 4)])
    floes[0] = ((2, 4), 0)
    assert w.busy()
    run(w)
    assert_at_rules(w, floes)
    assert w.anchor(0) == pytest.approx((*LAYOUT.centre((2, 4)), 0.0))


def test_the_path_may_start_with_the_floes_own_hex():
    floes = board(3)
    w = world_of(floes)
    w.drift(0, [(2, 1), (2, 2)])
    floes[0] = ((2, 2), 0)
    run(w)
    assert_at_rules(w, floes)


@pytest.mark.parametrize("start, turn, end", [(0, 1, 1), (5, 1, 0), (0, -1, 5), (3, -1, 2)])
def test_a_turn_is_exactly_a_sixth(start, turn, end):
    floes = board(5)
    floes[0] = ((2, 1), start)
    w = world_of(floes)
    w.rotate(0, turn)
    floes[0] = ((2, 1), end)
    run(w)
    assert_at_rules(w, floes)


def test_a_clockwise_turn_grows_the_screen_angle_about_the_floes_own_centre():
    w = world_of({0: ((2, 1), 0)})
    w.rotate(0, +1, seconds=0.4)
    seen = []
    run(w, each=lambda w: seen.append(w.anchor(0)))
    cx, cy = LAYOUT.centre((2, 1))
    for x, y, _ in seen:
        assert (x, y) == pytest.approx((cx, cy), abs=1e-9)
    angles = [a for _, _, a in seen]
    assert all(0.0 <= a <= 60.0 + 1e-9 for a in angles) and angles == sorted(angles)
    assert angles[len(angles) // 2] == pytest.approx(30.0, abs=6.0), "halfway, roughly half turned"


def test_motions_given_while_moving_queue_in_order():
    floes = board(6)
    w = world_of(floes)
    w.rotate(0, -1)
    w.drift(0, [(2, 2), (2, 3)])
    w.rotate(0, -1)
    floes[0] = ((2, 3), 4)
    assert w.check(floes) == [], "a moving floe is checked against where it is going"
    run(w)
    assert_at_rules(w, floes)


def test_an_arriving_floe_slides_in_across_its_entry_edge_and_fades_in():
    floes = board()
    w = world_of(floes)
    w.arrive(99, (1, 0), 2, N)
    floes[99] = ((1, 0), 2)
    x, y, angle, alpha = w.poses()[99]
    assert (x, y) == pytest.approx(LAYOUT.centre((1, -1))) and alpha == 0.0
    assert angle == pytest.approx(120.0)
    alphas = []
    run(w, each=lambda w: alphas.append(w.poses()[99][3]))
    assert alphas == sorted(alphas) and 0 < alphas[len(alphas) // 3] < 1
    assert_at_rules(w, floes)


def test_finish_mid_motion_snaps_everything_to_the_rules():
    floes = board()
    w = world_of(floes)
    w.drift(0, [(2, 2), (2, 3), (2, 4)])
    w.rotate(5, 1)
    w.arrive(99, (7, 7), 3, S)
    floes[0] = ((2, 4), 0)
    floes[5] = (floes[5][0], (floes[5][1] + 1) % 6)
    floes[99] = ((7, 7), 3)
    for _ in range(20):
        w.step(1 / 60)
    assert w.busy()
    assert any(math.dist(w.poses()[i][:2], w.anchor(i)[:2]) > 0 for i in floes if i not in (0, 5, 99)), \
        "some neighbour is swaying before the skip"
    w.finish()
    assert not w.busy()
    assert_at_rules(w, floes)
    for floe_id in floes:
        assert w.poses()[floe_id][:3] == pytest.approx(w.anchor(floe_id)), "no cosmetic offset after finish"
    w.step(1 / 60)
    assert_at_rules(w, floes)


def test_floes_the_rules_did_not_move_keep_their_anchor_and_sway_within_bounds():
    floes = board()
    w = world_of(floes)
    anchors = {i: w.anchor(i) for i in floes}
    w.drift(0, [(2, 2), (2, 3), (2, 4)])
    w.rotate(7, 1)
    moved = {0, 7}
    worst = {"shift": 0.0, "tilt": 0.0}

    def watch(w: DriftWorld) -> None:
        poses = w.poses()
        for i in floes:
            if i in moved:
                continue
            assert w.anchor(i) == anchors[i], f"floe {i}'s body moved"
            x, y, angle, alpha = poses[i]
            shift = math.hypot(x - anchors[i][0], y - anchors[i][1])
            tilt = angle_off(angle, anchors[i][2])
            assert shift <= MAX_SHIFT * RADIUS + 1e-9 and tilt <= MAX_TILT + 1e-9 and alpha == 1.0
            worst["shift"], worst["tilt"] = max(worst["shift"], shift), max(worst["tilt"], tilt)

    run(w, dt=STEP, each=watch)
    assert worst["shift"] > 0.02 * RADIUS and worst["tilt"] > 0.5, "the neighbours were nudged visibly"
    floes[0] = ((2, 4), 0)
    floes[7] = (floes[7][0], (floes[7][1] + 1) % 6)
    assert_at_rules(w, floes)


def test_a_nudge_dies_away_within_half_a_second_of_the_last_motion():
    floes = board()
    w = world_of(floes)
    w.rotate(0, 1, seconds=0.3)
    while w.moving(0):
        w.step(STEP)
    assert w.busy(), "the neighbours still sway as the turn ends"
    w.step(0.5)
    assert not w.busy()
    floes[0] = ((2, 1), 1)
    assert_at_rules(w, floes)
    assert SETTLE <= 0.5


def test_a_drifting_floe_passes_through_each_path_centre_in_order():
    floes = board()
    w = world_of(floes)
    path = [(2, 2), (2, 3), (2, 4)]
    w.drift(0, path, seconds=0.9)
    samples = []
    run(w, dt=STEP, each=lambda w: samples.append(w.anchor(0)[:2]))
    cx = LAYOUT.centre((2, 1))[0]
    ys = [y for _, y in samples]
    assert all(x == pytest.approx(cx) for x, _ in samples), "along the column: a straight lane"
    assert ys == sorted(ys), "southward, never back"
    step_px = max(b - a for a, b in zip(ys, ys[1:], strict=False))
    last = -1
    for h in path:
        hy = LAYOUT.centre(h)[1]
        nearest = min(range(len(ys)), key=lambda i: abs(ys[i] - hy))
        assert abs(ys[nearest] - hy) <= step_px / 2 + 1e-9
        assert nearest > last
        last = nearest
    assert ys[-1] == LAYOUT.centre(path[-1])[1]


def test_a_floe_drifting_off_the_board_glides_out_fading_and_is_gone():
    floes = board()
    floes[0] = ((2, 7), 0)
    w = world_of(floes)
    w.drift(0, [], off_board=(2, 8))
    del floes[0]
    assert 0 in w and w.check(floes) == [], "gliding out is no disagreement"
    seen = []
    run(w, each=lambda w: 0 in w and seen.append(w.poses()[0]))
    alphas = [a for *_, a in seen]
    ys = [y for _, y, _, _ in seen]
    assert alphas == sorted(alphas, reverse=True) and alphas[-1] < 0.1
    assert ys == sorted(ys) and ys[-1] > LAYOUT.centre((2, 7))[1] + RADIUS
    assert 0 not in w
    assert_at_rules(w, floes)


def test_a_drift_then_off_the_board_goes_through_its_hexes_first():
    floes = board(4)
    floes[0] = ((2, 5), 0)
    w = world_of(floes)
    w.drift(0, [(2, 6), (2, 7)], off_board=(2, 8))
    first = []
    run(w, each=lambda w: 0 in w and w.poses()[0][3] == 1.0 and first.append(w.anchor(0)))
    assert first[-1][1] >= LAYOUT.centre((2, 7))[1] - 5, "opaque until past the last hex on the board"
    assert 0 not in w


def test_finish_during_a_glide_off_the_board_removes_the_floe():
    floes = board()
    floes[0] = ((2, 6), 0)
    w = world_of(floes)
    w.drift(0, [(2, 7)], off_board=(2, 8))
    del floes[0]
    w.step(0.3)
    w.finish()
    assert 0 not in w and 0 not in w.poses()
    assert_at_rules(w, floes)


def test_the_same_seed_draws_the_same_frames():
    def frames(seed: int) -> list[dict]:
        w = world_of(board(), seed=seed)
        w.drift(0, [(2, 2), (2, 3)])
        w.rotate(9, -1)
        out = []
        run(w, each=lambda w: out.append(w.poses()))
        return out

    assert frames(5) == frames(5)
    assert frames(5) != frames(6), "the seed does shape the swell"


def test_sync_snaps_adds_and_removes():
    floes = board(8)
    w = world_of(floes)
    w.drift(0, [(2, 2), (2, 3)])
    w.step(0.2)
    rules = {i: v for i, v in floes.items() if i != 3}
    rules[0] = ((2, 1), 2)
    rules[50] = ((6, 7), 1)
    assert w.check(rules) != []
    w.sync(rules)
    assert not w.busy() and 3 not in w
    assert_at_rules(w, rules)
    w.drift(0, [(2, 2)])
    rules[0] = ((2, 2), 2)
    run(w)
    assert_at_rules(w, rules)


def test_check_names_each_disagreement():
    floes = board(4)
    w = world_of(floes)
    assert w.check(floes) == []
    wrong = dict(floes)
    wrong[1] = (floes[1][0], (floes[1][1] + 1) % 6)
    wrong[2] = ((7, 7), floes[2][1])
    del wrong[3]
    wrong[40] = ((6, 6), 0)
    problems = w.check(wrong)
    assert len(problems) == 4
    assert [p.split(":")[0] for p in problems] == ["floe 1", "floe 2", "floe 40", "floe 3"]


def test_floes_never_collide():
    w = world_of(board())
    shapes = list(w.space.shapes)
    assert len(shapes) == 24
    assert len({s.filter.group for s in shapes}) == 1 and shapes[0].filter.group != 0, "one group: no contacts"
    assert all(s.body.body_type == s.body.KINEMATIC for s in shapes), "driven, never pushed"
    for s in shapes:
        assert max(math.dist(v, (0, 0)) for v in s.get_vertices()) < RADIUS, "inset from the hex outline"


def test_bad_motions_are_refused():
    w = world_of(board(4))
    with pytest.raises(ValueError):
        w.drift(0, [(2, 3)])
    with pytest.raises(ValueError):
        w.drift(0, [])
    with pytest.raises(ValueError):
        w.rotate(0, 2)
    with pytest.raises(ValueError):
        w.arrive(1, (1, 0), 0, N)
    w.drift(0, [(2, 2)], off_board=(2, 3))
    with pytest.raises(ValueError):
        w.rotate(0, 1)
    with pytest.raises(KeyError):
        w.remove(77)


def test_settle_makes_what_the_rules_changed_without_a_motion_and_leaves_the_motions_playing():
    floes = board(6)
    w = world_of(floes)
    w.drift(0, [(2, 2), (2, 3)])
    floes[0] = ((2, 3), 0)
    floes[7] = ((1, 0), 2)  # a new floe put down on an entry point
    floes[3] = (floes[3][0], (floes[3][1] + 1) % 6)  # a floe the rules turned with no motion shown
    del floes[5]  # one the rules took away
    w.settle(floes)
    assert w.moving(0), "the drift still plays"
    assert 7 in w and 5 not in w
    run(w)
    assert_at_rules(w, floes)
