"""Hex grid properties (game/core/hexgrid.py): the spec's odd-q neighbour table, conversions that
round-trip, distances that agree with neighbours, rings of 6k hexes, six turns of a mask being none,
corners shared by their three hexes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.core import hexgrid as hg

coord = st.integers(-30, 30)
hexes = st.tuples(coord, coord)
direction = st.integers(0, 5)
mask = st.integers(0, 63)


def test_the_spec_neighbour_table_for_even_and_odd_columns() -> None:
    even = {0: (0, -1), 1: (1, -1), 2: (1, 0), 3: (0, 1), 4: (-1, 0), 5: (-1, -1)}
    odd = {0: (0, -1), 1: (1, 0), 2: (1, 1), 3: (0, 1), 4: (-1, 1), 5: (-1, 0)}
    for d in range(6):
        assert hg.neighbour((4, 3), d) == (4 + even[d][0], 3 + even[d][1])
        assert hg.neighbour((5, 3), d) == (5 + odd[d][0], 3 + odd[d][1])


def test_the_spec_station_contacts_on_its_map() -> None:
    assert set(hg.neighbours((0, 1))) >= {(1, 0), (1, 1)}
    assert set(hg.neighbours((8, 1))) >= {(7, 0), (7, 1)}
    assert hg.distance((8, 1), (0, 1)) == 8


def test_the_spec_cube_formula() -> None:
    for col in range(-5, 9):
        for row in range(-5, 9):
            x, z = col, row - (col - (col & 1)) // 2
            assert hg.to_cube((col, row)) == (x, -x - z, z)


@given(hexes)
def test_conversions_round_trip(h) -> None:
    assert hg.from_axial(hg.to_axial(h)) == h
    assert hg.from_cube(hg.to_cube(h)) == h
    assert sum(hg.to_cube(h)) == 0


@given(hexes, direction)
def test_the_neighbour_of_a_neighbour_back_is_the_hex(h, d) -> None:
    n = hg.neighbour(h, d)
    assert hg.neighbour(n, hg.opposite(d)) == h
    assert hg.direction(h, n) == d
    assert hg.distance(h, n) == 1
    assert n in hg.neighbours(h)


@given(hexes, direction)
def test_offset_and_axial_steps_agree(h, d) -> None:
    assert hg.to_axial(hg.neighbour(h, d)) == hg.axial_neighbour(hg.to_axial(h), d)
    assert hg.axial_direction(hg.to_axial(h), hg.to_axial(hg.neighbour(h, d))) == d


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c) -> None:
    assert hg.distance(a, b) == hg.distance(b, a)
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@given(hexes, hexes)
def test_a_neighbour_is_one_step_closer_or_further_at_most(a, b) -> None:
    d = hg.distance(a, b)
    steps = [hg.distance(n, b) for n in hg.neighbours(a)]
    assert all(abs(s - d) <= 1 for s in steps)
    if d:
        assert min(steps) == d - 1


@given(hexes, st.integers(0, 6))
def test_a_ring_holds_six_times_its_radius_all_at_that_distance(h, k) -> None:
    ring = hg.ring(h, k)
    assert len(ring) == len(set(ring)) == max(1, 6 * k)
    assert all(hg.distance(h, x) == k for x in ring)
    assert len(set(hg.within(h, k))) == 1 + 3 * k * (k + 1)


@given(hexes, st.integers(1, 5))
def test_a_ring_walks_from_neighbour_to_neighbour(h, k) -> None:
    ring = hg.ring(h, k)
    assert all(hg.distance(a, b) == 1 for a, b in zip(ring, ring[1:] + ring[:1]))


@given(mask, st.integers(-12, 12))
def test_six_turns_are_none_and_turns_add(m, k) -> None:
    assert hg.rotate_mask(m, 6) == m
    assert hg.rotate_mask(hg.rotate_mask(m, k), -k) == m
    assert hg.rotate_mask(hg.rotate_mask(m, k), 1) == hg.rotate_mask(m, k + 1)
    assert bin(hg.rotate_mask(m, k)).count("1") == bin(m).count("1")


@given(mask, st.integers(0, 5), direction)
def test_a_turned_tiles_world_edge_is_its_own_edge_turned(m, k, d) -> None:
    assert hg.has_edge(m, k, d) == bool(hg.rotate_mask(m, k) >> d & 1)
    assert hg.has_edge(m, k, d) == bool(m >> ((d - k) % 6) & 1)


def test_a_ridge_turned_clockwise_faces_the_next_direction() -> None:
    north = hg.mask_of([hg.N])
    assert hg.edges_of(hg.rotate_mask(north, 1)) == (hg.NE,)
    assert hg.edges_of(hg.rotate_mask(north, -1)) == (hg.NW,)
    assert hg.has_edge(hg.mask_of([0, 2]), 1, hg.NE) and hg.has_edge(hg.mask_of([0, 2]), 1, hg.S)


@given(hexes)
def test_every_corner_is_named_alike_by_its_three_hexes(a) -> None:
    for corner in hg.axial_corners(a):
        assert hg.is_corner(corner)
        for other in corner:
            assert corner in hg.axial_corners(other)
    assert len(set(hg.axial_corners(a))) == 6
    for corner in hg.corners(hg.from_axial(a)):
        assert all(corner in hg.corners(other) for other in corner)


def test_three_hexes_in_a_row_are_no_corner() -> None:
    assert not hg.is_corner(((0, 0), (0, 1), (0, 2)))
    assert hg.corner_of((0, 0), hg.N) == tuple(sorted(((0, 0), (0, -1), (1, -1))))
