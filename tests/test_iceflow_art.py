"""Ice Flow's art (assets/art/iceflow): every picture is there, is an SVG pygame-ce (nanosvg) draws at
the sizes the table uses, the hex tiles stay inside their flat-topped hexagon, the ridge overlay sits on
the hexagon's north edge only, and the explorer is light enough to be tinted to a player's colour."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.svg import viewbox_of  # noqa: E402

ART = Path(__file__).resolve().parent.parent / "assets" / "art" / "iceflow"

HEX_VIEWBOX = "0 0 200 173.2"
"""A flat-topped regular hexagon filling its box: corners (0,86.6) (50,0) (150,0) (200,86.6)
(150,173.2) (50,173.2), centre (100,86.6)."""

TILES = ("floe", "station_alaska", "station_siberia", "coast_alaska", "coast_siberia", "island", "sea")
"""The hex tiles: each fills its hexagon edge to edge."""

SPRITES = ("explorer", "bear", "rope", "fish", "current_arrow", "airlift", "swim")
"""Pieces and icons on a transparent square."""

CARDS = ("card_back", "card_face")

VIEWBOX = {
    **{name: HEX_VIEWBOX for name in (*TILES, "ridge")},
    **{name: "0 0 100 100" for name in SPRITES},
    **{name: "0 0 100 140" for name in CARDS},
    "backpack": "0 0 240 200",
}
NAMES = sorted(VIEWBOX)

SIZES = ((64, 64), (256, 256))


def _load(name: str, size: tuple[int, int]) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(ART / f"{name}.svg"), size)


def _hex_distance(surface: pygame.Surface, x: float, y: float) -> float:
    """How far (in pixels) the pixel centre (x, y) lies outside the hexagon that fills ``surface``
    (negative inside), the hexagon scaled from the 200 x 173.2 viewBox to the surface's width."""
    scale = surface.get_width() / 200
    px, py = (x + 0.5) / scale - 100, (y + 0.5) / scale - 86.6
    apothem = 86.6
    worst = -math.inf
    for angle in (30, 90, 150, 210, 270, 330):  # the normals of the six edges
        a = math.radians(angle)
        worst = max(worst, px * math.cos(a) + py * math.sin(a) - apothem)
    return worst * scale


def _opaque(surface: pygame.Surface, min_alpha: int = 40) -> list[tuple[int, int]]:
    w, h = surface.get_size()
    return [(x, y) for y in range(h) for x in range(w) if surface.get_at((x, y)).a >= min_alpha]


@pytest.mark.parametrize("name", NAMES)
def test_art_file_is_an_svg_with_its_viewbox(name: str) -> None:
    box = viewbox_of(ART / f"{name}.svg")
    assert box == VIEWBOX[name], f"{name}.svg: viewBox {box!r}"


def test_readme_names_every_file() -> None:
    text = (ART / "README.md").read_text(encoding="utf-8")
    for name in NAMES:
        assert f"{name}.svg" in text, f"README.md does not mention {name}.svg"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("name", NAMES)
def test_art_renders_and_is_not_empty(name: str, size: tuple[int, int]) -> None:
    surface = _load(name, size)
    width, height = surface.get_size()
    # nanosvg keeps the aspect ratio: the picture fits inside the square asked for.
    assert 0 < width <= size[0] and 0 < height <= size[1]
    assert max(width, height) == max(size)
    visible = surface.get_bounding_rect(min_alpha=1)
    assert visible.width > 0 and visible.height > 0, f"{name} rendered fully transparent at {size}"


@pytest.mark.parametrize("name", NAMES)
def test_art_loads_at_its_own_size(name: str) -> None:
    surface = pygame.image.load(str(ART / f"{name}.svg"))
    assert surface.get_width() > 0 and surface.get_height() > 0


@pytest.mark.parametrize("name", TILES)
def test_hex_tile_fills_its_hexagon_and_nothing_else(name: str) -> None:
    surface = _load(name, (200, 200))
    w, h = surface.get_size()
    assert (w, h) in ((200, 173), (200, 174)), (w, h)
    # The corners of the bounding box, and points just outside each slanted edge, are transparent.
    outside = ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2), (20, 20), (w - 21, 20), (20, h - 21), (w - 21, h - 21))
    for xy in outside:
        assert surface.get_at(xy).a == 0, f"{name} draws outside its hexagon at {xy}"
    # Nothing is drawn more than a pixel outside the hexagon.
    stray = [xy for xy in _opaque(surface) if _hex_distance(surface, *xy) > 1.0]
    assert not stray, f"{name} draws outside its hexagon at {stray[:5]}"
    # The tile reaches every edge: just inside the middle of each edge is opaque, as is the centre.
    inside = (
        (w // 2, 3),
        (w // 2, h - 4),
        (4, h // 2),
        (w - 5, h // 2),
        (w // 2, h // 2),
        (w // 4 - 10, h // 4),
        (3 * w // 4 + 10, 3 * h // 4),
    )
    for xy in inside:
        assert surface.get_at(xy).a > 200, f"{name} leaves a hole at {xy}"


@pytest.mark.parametrize("width", (40, 64, 200))
def test_ridge_sits_on_the_north_edge_only(width: int) -> None:
    surface = _load("ridge", (width, width))
    w, h = surface.get_size()
    opaque = _opaque(surface)
    assert len(opaque) > 0.05 * w * h, "the ridge is too thin to read"
    for x, y in opaque:
        assert y <= 0.36 * h, f"ridge pixel {(x, y)} lies far from the north edge"
        assert _hex_distance(surface, x, y) <= 1.0, f"ridge pixel {(x, y)} lies outside the hexagon"
    # It runs along the whole north edge, from near one corner to near the other, touching the edge.
    along = [x for x in range(w) if surface.get_at((x, 1)).a >= 128]
    assert along and min(along) <= 0.3 * w and max(along) >= 0.7 * w - 1, along
    # And it reaches inward, most deeply in the middle of the edge.
    deep = [y for y in range(h) if surface.get_at((w // 2, y)).a >= 128]
    assert max(deep) >= 0.2 * h


def test_explorer_is_light_so_it_can_be_tinted() -> None:
    surface = _load("explorer", (64, 64))
    w, h = surface.get_size()
    pixels = [surface.get_at(xy) for xy in _opaque(surface, 128)]
    assert len(pixels) > 0.3 * w * h
    luminance = sum(0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b for c in pixels) / len(pixels)
    assert luminance >= 170, f"the explorer's mean luminance is {luminance:.0f}: too dark to tint"
    # Tinted by multiplication, it takes the player's colour.
    tinted = surface.copy()
    tinted.fill((213, 94, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    reds = [tinted.get_at(xy) for xy in _opaque(tinted, 128)]
    assert sum(c.r for c in reds) > 2 * sum(c.g for c in reds)


@pytest.mark.parametrize("name", (*SPRITES, "backpack"))
def test_sprite_stands_on_a_transparent_background(name: str) -> None:
    surface = _load(name, (64, 64))
    w, h = surface.get_size()
    corners = ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))
    assert all(surface.get_at(xy).a == 0 for xy in corners), f"{name} has a background"


@pytest.mark.parametrize("name", CARDS)
def test_card_is_a_filled_portrait(name: str) -> None:
    surface = _load(name, (140, 140))
    w, h = surface.get_size()
    assert (w, h) == (100, 140)
    share = pygame.mask.from_surface(surface, 127).count() / (w * h)
    assert share >= 0.9, f"{name}: only {share:.0%} of the card is opaque"


def test_the_rules_pictures_are_what_the_script_makes_from_the_art_and_the_map() -> None:
    import subprocess
    import sys

    script = ART.parent.parent.parent / "build" / "iceflow_pictures.py"
    done = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in ("strait", "ridged_floe"):
        img = pygame.image.load_sized_svg(str(ART / "rules" / f"{name}.svg"), (256, 256))
        assert img.get_bounding_rect(min_alpha=1).w > 200, f"{name}.svg draws almost nothing"
