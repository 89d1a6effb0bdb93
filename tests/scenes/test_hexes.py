"""scenes.kit.hexes: flat-topped odd-q hexes in pixels agree with game.core.hexgrid."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.core.hexgrid import DIRECTIONS, NE, SE, N, S, neighbour, to_axial
from scenes.kit.hexes import SQRT3, HexLayout, draw_edge, draw_hex

LAYOUT = HexLayout(30.0, (100.0, 80.0))
HEXES = [(c, r) for c in range(-4, 10) for r in range(-3, 9)]


def close(p, q, tol=1e-9):
    return math.dist(p, q) <= tol


def inside_hexagon(layout: HexLayout, h, x: float, y: float, margin: float) -> bool:
    """Whether (x, y) lies inside hex h shrunk by ``margin`` px (the inner hexagon's apothem test)."""
    cx, cy = layout.centre(h)
    apothem = SQRT3 / 2 * layout.size - margin
    for d in range(6):
        angle = math.radians(-90 + 60 * d)  # outward normal of edge d: N is straight up (y down)
        if (x - cx) * math.cos(angle) + (y - cy) * math.sin(angle) > apothem:
            return False
    return True


def test_centre_follows_the_odd_q_formula():
    assert LAYOUT.centre((0, 0)) == (100.0, 80.0)
    x, y = LAYOUT.centre((3, 2))
    assert x == pytest.approx(100 + 1.5 * 30 * 3)
    assert y == pytest.approx(80 + SQRT3 * 30 * 2.5)


def test_centre_and_hex_at_round_trip():
    for h in HEXES:
        assert LAYOUT.hex_at(*LAYOUT.centre(h)) == h


def test_random_pixels_inside_a_hex_map_back_to_it():
    rng = random.Random(7)
    for h in HEXES:
        cx, cy = LAYOUT.centre(h)
        hits = 0
        while hits < 20:
            x, y = cx + rng.uniform(-30, 30), cy + rng.uniform(-27, 27)
            if inside_hexagon(LAYOUT, h, x, y, margin=1e-6):
                assert LAYOUT.hex_at(x, y) == h, (h, x, y)
                hits += 1


def test_hex_at_agrees_with_the_axial_coordinates_of_hexgrid():
    for h in HEXES:
        q, r = to_axial(h)
        x = LAYOUT.origin[0] + LAYOUT.size * 1.5 * q
        y = LAYOUT.origin[1] + LAYOUT.size * SQRT3 * (r + q / 2)
        assert close((x, y), LAYOUT.centre(h))


def test_neighbours_centres_are_sqrt3_sizes_apart_in_their_direction():
    for h in HEXES:
        for d in DIRECTIONS:
            a, b = LAYOUT.centre(h), LAYOUT.centre(neighbour(h, d))
            assert math.dist(a, b) == pytest.approx(SQRT3 * 30)
            bearing = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))  # clockwise on screen from east
            assert abs((bearing - (-90 + 60 * d) + 180) % 360 - 180) < 1e-9, "N is up, then clockwise"


def test_corners_start_east_and_go_clockwise_on_screen():
    cs = LAYOUT.corners((0, 0))
    assert close(cs[0], (130.0, 80.0))
    assert cs[1][1] > 80 and cs[1][0] > 100, "60 degrees clockwise on screen is down and to the right"
    for a, b in zip(cs, cs[1:] + cs[:1], strict=True):
        assert math.dist(a, b) == pytest.approx(30)


def test_the_north_edge_is_the_top_edge():
    (px, py), (qx, qy) = LAYOUT.edge((2, 2), N)
    cx, cy = LAYOUT.centre((2, 2))
    assert py == pytest.approx(qy) == pytest.approx(cy - SQRT3 / 2 * 30)
    assert px < qx, "clockwise: the 240 degree corner (west end) first"
    assert LAYOUT.edge_midpoint((2, 2), N) == pytest.approx((cx, cy - SQRT3 / 2 * 30))
    assert LAYOUT.edge((2, 2), NE)[1] == pytest.approx(LAYOUT.corners((2, 2))[0])
    assert LAYOUT.edge((2, 2), SE)[0] == pytest.approx(LAYOUT.corners((2, 2))[0])
    assert LAYOUT.edge_midpoint((2, 2), S)[1] > cy


def test_neighbours_share_the_same_edge_segment():
    for h in HEXES:
        for d in DIRECTIONS:
            p, q = LAYOUT.edge(h, d)
            p2, q2 = LAYOUT.edge(neighbour(h, d), (d + 3) % 6)
            assert close(p, q2, 1e-9) and close(q, p2, 1e-9), (h, d)
            mid = LAYOUT.edge_midpoint(h, d)
            a, b = LAYOUT.centre(h), LAYOUT.centre(neighbour(h, d))
            assert close(mid, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 1e-9)


@pytest.mark.parametrize("cols, rows, rect", [
    (9, 8, (0, 0, 800, 600)), (9, 8, (50, 20, 1920, 400)), (9, 8, (10, 10, 300, 1200)),
    (1, 1, (0, 0, 100, 100)), (1, 5, (5, 5, 90, 500)), (2, 1, (0, 0, 640, 480)), (7, 3, pygame.Rect(3, 4, 500, 200)),
])
def test_fit_keeps_every_hex_inside_the_rect_and_is_tight(cols, rows, rect):
    x, y, w, h = rect
    layout = HexLayout.fit(cols, rows, rect)
    xs, ys = [], []
    for c in range(cols):
        for r in range(rows):
            for px, py in layout.corners((c, r)):
                assert x - 1e-6 <= px <= x + w + 1e-6 and y - 1e-6 <= py <= y + h + 1e-6
                xs.append(px)
                ys.append(py)
    left, top, bw, bh = layout.bounds(cols, rows)
    assert (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((left, top, bw, bh))
    assert bw == pytest.approx(w) or bh == pytest.approx(h), "the largest: it touches two sides"
    assert left - x == pytest.approx(x + w - left - bw) and top - y == pytest.approx(y + h - top - bh), "centred"


def test_fit_refuses_an_empty_grid_or_rect():
    with pytest.raises(ValueError):
        HexLayout.fit(0, 3, (0, 0, 100, 100))
    with pytest.raises(ValueError):
        HexLayout.fit(3, 3, (0, 0, 0, 100))


def test_draw_hex_and_edge_paint_where_the_hex_is():
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    layout = HexLayout(40.0, (100.0, 100.0))
    rect = draw_hex(surface, layout, (0, 0), (255, 0, 0))
    assert surface.get_at((100, 100))[:3] == (255, 0, 0)
    assert surface.get_at((100, 100 - 33))[:3] == (255, 0, 0)
    assert surface.get_at((100, 100 - 37))[:3] == (0, 0, 0), "just beyond the N edge (apothem 34.6 px)"
    assert rect.collidepoint(100, 100)
    draw_edge(surface, layout, (0, 0), S, (0, 255, 0), 3)
    assert surface.get_at((100, round(100 + SQRT3 / 2 * 40)))[:3] == (0, 255, 0)
