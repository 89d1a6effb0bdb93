"""ILAN's art (assets/art/ilan): a picture for every card of assets/data/ilan/cards.json, the passive and
active ability icons, the colour badges, the decks' backs and the board's spaces; all of it is what
build/ilan_art.py makes; every species covers an even share of its square and no two look the same
file. (That every SVG renders with nanosvg and uses no unsupported feature is tests/test_art.py's.)"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.svg import viewbox_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ART = ROOT / "assets" / "art" / "ilan"
CARDS = json.loads((ROOT / "assets" / "data" / "ilan" / "cards.json").read_text(encoding="utf-8"))["cards"]
BIO = [c["id"] for c in CARDS if c["deck"] == "bio"]
FACTORS = {c["id"]: c["type"] for c in CARDS if c["deck"] == "factors"}
ICONS = ("CHANGE", "WEB", "DEFENSE", "ARRIVAL", "EXTRA", "TURN", "DRAIN", "DEATH")
COLOURS = ("green", "blue", "yellow", "orange", "red")

SQUARE = "0 0 100 100"
CARD = "0 0 100 140"
VIEWBOX = {
    **{f"species/{cid}.svg": SQUARE for cid in BIO},
    **{f"factors/{cid}.svg": SQUARE for cid in FACTORS},
    **{f"icons/{name}.svg": SQUARE for name in (*ICONS, "active")},
    **{f"colours/{name}.svg": SQUARE for name in COLOURS},
    "card_back_bio.svg": CARD,
    "card_back_factors.svg": CARD,
    "board_space.svg": SQUARE,
    "military_base.svg": SQUARE,
}

EVEN_SHARE = 0.8
"""Each species' opaque box (alpha >= 100) at 64 px covers at least this share of the largest one's area."""


def _build_script():
    spec = importlib.util.spec_from_file_location("ilan_art", ROOT / "build" / "ilan_art.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cards_data_has_the_decks_the_art_covers() -> None:
    assert len(BIO) == 73 and len(set(BIO)) == 73
    assert len(FACTORS) == 30
    assert set(FACTORS.values()) == {"natural", "human"}
    assert {c["icon"] for c in CARDS if c["deck"] == "bio" and c.get("icon")} <= set(ICONS)


@pytest.mark.parametrize("rel", sorted(VIEWBOX))
def test_every_picture_exists_with_its_viewbox(rel: str) -> None:
    assert viewbox_of(ART / rel) == VIEWBOX[rel], rel


def test_no_stray_svg_files() -> None:
    found = {str(p.relative_to(ART)) for p in ART.rglob("*.svg")}
    assert found == set(VIEWBOX), sorted(found ^ set(VIEWBOX))


def test_build_script_check_passes() -> None:
    """The files are exactly what ``python build/ilan_art.py`` writes (``--check`` would exit 0)."""
    script = _build_script()
    assert script.main(["--check"]) == 0, script.stale(script.pictures())


def test_readme_describes_the_files() -> None:
    text = (ART / "README.md").read_text(encoding="utf-8")
    for needle in ("build/ilan_art.py", "species/", "factors/", "icons/", "colours/", "active.svg",
                   "card_back_bio.svg", "card_back_factors.svg", "board_space.svg", "military_base.svg",
                   SQUARE, CARD):
        assert needle in text, f"README.md does not mention {needle}"


def test_species_pictures_fill_an_even_share_of_their_square() -> None:
    """No organism looks small beside another: the opaque bounding box of each species at 64 px covers at
    least ``EVEN_SHARE`` of the largest one's area, and none is drawn tiny in absolute terms either."""
    areas = {}
    for cid in BIO:
        surface = pygame.image.load_sized_svg(str(ART / "species" / f"{cid}.svg"), (64, 64))
        box = surface.get_bounding_rect(min_alpha=100)
        areas[cid] = box.w * box.h
    largest = max(areas.values())
    small = {cid: round(a / largest, 2) for cid, a in areas.items() if a < EVEN_SHARE * largest}
    assert not small, small
    assert largest >= 0.55 * 64 * 64, largest


def test_species_pictures_are_centred() -> None:
    for cid in BIO:
        surface = pygame.image.load_sized_svg(str(ART / "species" / f"{cid}.svg"), (64, 64))
        box = surface.get_bounding_rect(min_alpha=100)
        assert abs(box.centerx - 32) <= 2 and abs(box.centery - 32) <= 2, (cid, box)


def test_no_two_species_pictures_are_the_same_file() -> None:
    seen: dict[bytes, str] = {}
    for cid in BIO:
        data = (ART / "species" / f"{cid}.svg").read_bytes()
        assert data not in seen, f"{cid}.svg is the same file as {seen.get(data)}.svg"
        seen[data] = cid


def test_natural_and_human_factors_have_their_own_tiles() -> None:
    """Natural factors sit on the cool blue tile, human ones on the warm tile with an orange rim."""
    script = _build_script()
    for cid, kind in FACTORS.items():
        text = (ART / "factors" / f"{cid}.svg").read_text(encoding="utf-8")
        rim = "#3A86BF" if kind == "natural" else script.WARM
        assert f'stroke="{rim}"' in text, (cid, kind)


def test_passive_icons_are_purple_and_active_is_blue() -> None:
    script = _build_script()
    for name in ICONS:
        text = (ART / "icons" / f"{name}.svg").read_text(encoding="utf-8")
        assert script.PURPLE in text and script.BLUE not in text, name
    text = (ART / "icons" / "active.svg").read_text(encoding="utf-8")
    assert script.BLUE in text and script.PURPLE not in text


def test_passive_icons_differ_in_shape() -> None:
    """Seen without colour (alpha only, at 48 px), no two passive icons are nearly the same shape."""
    masks = {}
    for name in ICONS:
        surface = pygame.image.load_sized_svg(str(ART / "icons" / f"{name}.svg"), (48, 48))
        # the shape drawn inside the badge's ring: the pixels that are not the badge's white
        masks[name] = {(x, y) for y in range(48) for x in range(48)
                       if (x - 23.5) ** 2 + (y - 23.5) ** 2 < 19 ** 2 and sum(surface.get_at((x, y))[:3]) < 500}
    names = list(masks)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            union = masks[a] | masks[b]
            same = len(masks[a] & masks[b]) / len(union)
            assert same < 0.75, (a, b, round(same, 2))


def test_colour_badges_use_the_category_colours() -> None:
    script = _build_script()
    assert tuple(script.COLOURS) == COLOURS
    for name in COLOURS:
        surface = pygame.image.load_sized_svg(str(ART / "colours" / f"{name}.svg"), (64, 64))
        # the badge's own colour: the most common colour near its rim, inside the white ring
        ring = [tuple(surface.get_at((x, y)))[:3] for y in range(64) for x in range(64)
                if 22 ** 2 <= (x - 31.5) ** 2 + (y - 31.5) ** 2 <= 26 ** 2]
        r, g, b = max(set(ring), key=ring.count)
        expected = {"green": g > r and g > b, "blue": b > r and b > g, "yellow": r > b + 60 and g > b + 60,
                    "orange": r > g > b, "red": r > g + 60 and r > b + 60}
        assert expected[name], (name, (r, g, b))
