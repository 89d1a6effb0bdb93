"""Iluliaq's art (assets/art/iluliaq): every picture is there, is an SVG pygame-ce (nanosvg) draws at
the sizes the table uses, is not empty, and the five animals fill an even share of their square."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.svg import viewbox_of  # noqa: E402

ART = Path(__file__).resolve().parent.parent / "assets" / "art" / "iluliaq"

ANIMALS = ("penguin", "dodo", "lynx", "polar_bear", "seal")
CARDS = ("card_face", "iceberg_card", "card_back", "trampoline")
TILES = ("water_tile", "box_lid")
SPRITES = ("splash", "hand")

VIEWBOX = {
    **{name: "0 0 100 100" for name in (*ANIMALS, "water_tile", *SPRITES)},
    **{name: "0 0 63 88" for name in CARDS},
    "box_lid": "0 0 157 157",
}
"""Each picture's viewBox: the animals, the water tile, the splash and the hand are squares, the
cards are poker cards (63 x 88 mm) and the box lid is the 157 mm square around the iceberg."""

MIN_OPAQUE = {
    **{name: 0.2 for name in ANIMALS},
    **{name: 0.9 for name in (*CARDS, *TILES)},
    **{name: 0.15 for name in SPRITES},
}
"""The least share of a picture's pixels that must be (mostly) opaque: cards and tiles are filled
edge to edge, an animal, the splash and the hand stand on a transparent background."""

SIZES = (64, 200)
NAMES = sorted(VIEWBOX)


def _load(name: str, size: int) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(ART / f"{name}.svg"), (size, size))


def _opaque_share(surface: pygame.Surface) -> float:
    w, h = surface.get_size()
    return pygame.mask.from_surface(surface, 127).count() / (w * h)


@pytest.mark.parametrize("name", NAMES)
def test_art_file_is_an_svg_with_its_viewbox(name: str) -> None:
    box = viewbox_of(ART / f"{name}.svg")
    assert box == VIEWBOX[name], f"{name}.svg: viewBox {box!r}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{s}px" for s in SIZES])
@pytest.mark.parametrize("name", NAMES)
def test_art_renders_and_is_not_empty(name: str, size: int) -> None:
    surface = _load(name, size)
    width, height = surface.get_size()
    # nanosvg keeps the aspect ratio: the picture fits inside the square asked for.
    assert 0 < width <= size and 0 < height <= size
    assert max(width, height) == size
    share = _opaque_share(surface)
    assert share >= MIN_OPAQUE[name], f"{name} at {size}px: only {share:.0%} of its pixels are opaque"


@pytest.mark.parametrize("name", ANIMALS)
def test_animal_stands_alone_on_a_transparent_background(name: str) -> None:
    surface = _load(name, 64)
    corners = ((0, 0), (63, 0), (0, 63), (63, 63))
    assert all(surface.get_at(xy).a == 0 for xy in corners), f"{name} has a background"
    assert _opaque_share(surface) < 0.6, f"{name} looks like a filled square"


def test_animals_fill_an_even_share_of_their_square() -> None:
    """No animal looks small beside another: at 64 px each one's opaque bounding box covers about
    as much of its square (within 15% of the largest), some 55-65% of it."""
    areas = {}
    for name in ANIMALS:
        box = _load(name, 64).get_bounding_rect(min_alpha=100)
        areas[name] = box.w * box.h
    assert min(areas.values()) >= 0.85 * max(areas.values()), areas
    for name, area in areas.items():
        assert 0.5 <= area / 64**2 <= 0.7, f"{name} fills {area / 64**2:.0%} of its square"


def test_water_tile_is_seamless() -> None:
    """The water is tiled: its opposite edges carry about the same colours, so no seam shows."""
    surface = _load("water_tile", 200)
    assert surface.get_size() == (200, 200)

    def gap(a: pygame.Color, b: pygame.Color) -> int:
        return abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)

    across = [gap(surface.get_at((0, y)), surface.get_at((199, y))) for y in range(200)]
    down = [gap(surface.get_at((x, 0)), surface.get_at((x, 199))) for x in range(200)]
    assert sum(across) / len(across) < 12, "the water tile's left and right edges do not match"
    assert sum(down) / len(down) < 12, "the water tile's top and bottom edges do not match"
