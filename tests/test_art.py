"""Every SVG under assets/art renders with pygame-ce (nanosvg) and uses only supported features."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

ART_DIR = Path(__file__).resolve().parent.parent / "assets" / "art"
SVG_FILES = sorted(ART_DIR.rglob("*.svg"))
FORBIDDEN = ("<text", "<use", "filter", "<style", "class=", "<symbol", "<image", "<mask", "<clipPath")
SIZES = ((64, 64), (256, 256))


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ART_DIR)) for p in paths]


EXPECTED = [
    *(f"borealis/species/{n}.svg" for n in ("polar_bear", "arctic_fox", "snowy_owl", "harp_seal", "atlantic_puffin")),
    *(f"borealis/vehicles/{n}.svg" for n in ("sleigh", "zeppelin", "submarine", "kayak", "skis")),
    *(f"borealis/scientists/{n}.svg" for n in ("amber", "mint", "pink")),
    *(
        f"borealis/{n}.svg"
        for n in (
            "flag",
            "camp",
            "token_1",
            "token_3",
            "token_5",
            "objective_animal",
            "objective_scientist",
            "objective_vehicle",
            "vp",
            "deck_back",
            "card_frame",
            "board",
        )
    ),
    *(f"covers/{n}.svg" for n in ("ilan", "iluliaq", "borealis", "iceflow", "dominant_species")),
    "icon.svg",
    *(f"ui/{n}.svg" for n in ("pause", "undo", "rules", "log", "settings", "back", "check", "lock", "bot", "human")),
]


def test_art_folder_has_svgs() -> None:
    assert SVG_FILES, f"no SVG files found under {ART_DIR}"


@pytest.mark.parametrize("rel", EXPECTED)
def test_expected_art_exists(rel: str) -> None:
    assert (ART_DIR / rel).is_file(), f"missing art file {rel}"


def test_art_licence_present() -> None:
    assert (ART_DIR / "LICENSE.txt").is_file()


@pytest.mark.parametrize("path", SVG_FILES, ids=_ids(SVG_FILES))
def test_svg_uses_only_supported_features(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for needle in FORBIDDEN:
        assert needle not in text, f"{path.name} contains unsupported {needle!r}"


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("path", SVG_FILES, ids=_ids(SVG_FILES))
def test_svg_renders_visible_pixels(path: Path, size: tuple[int, int]) -> None:
    surface = pygame.image.load_sized_svg(str(path), size)
    # nanosvg keeps the aspect ratio, so the surface fits inside the requested size.
    width, height = surface.get_size()
    assert 0 < width <= size[0] and 0 < height <= size[1]
    assert max(width, height) == max(size)
    visible = surface.get_bounding_rect(min_alpha=1)
    assert visible.width > 0 and visible.height > 0, f"{path.name} rendered fully transparent at {size}"


SPECIES = ("arctic_fox", "atlantic_puffin", "harp_seal", "polar_bear", "snowy_owl")


@pytest.mark.parametrize("size", (64, 32))
def test_species_pictures_fill_an_even_share_of_their_square(size: int) -> None:
    """No animal looks small beside another: each one's drawn bounding box covers about as much of
    its square (within 15% of the largest)."""
    areas = {}
    for name in SPECIES:
        surface = pygame.image.load_sized_svg(str(ART_DIR / "borealis" / "species" / f"{name}.svg"), (size, size))
        box = surface.get_bounding_rect(min_alpha=100)
        areas[name] = box.w * box.h
    assert min(areas.values()) >= 0.85 * max(areas.values()), areas
