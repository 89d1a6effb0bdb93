"""The pygame_gui theme: assets/theme/theme.json with palette colours filled in and sizes scaled."""

from __future__ import annotations

import copy
import warnings
from functools import cache

import pygame
import pygame_gui
from pygame_gui.core.surface_cache import SurfaceCache
from pygame_gui.core.utility import set_default_manager

from scenes.kit.style import font_path, theme_data

FONT_NAME = "polar_sans"
"""The theme's name for our Noto Sans files. Under pygame_gui's own name (noto_sans) it loads its
packaged copy instead, reading the whole file into memory for every size of every manager (570 KB
each, 5 MB at a table); under a name of its own, from the file's path."""

_SCALED_MISC = (
    "shape_corner_radius",
    "border_width",
    "text_horiz_alignment_padding",
    "sliding_button_width",
    "padding",
)


def _scale_value(value: str, scale: float) -> str:
    parts = [str(max(0 if p.strip() == "0" else 1, round(float(p) * scale))) for p in value.split(",")]
    return ",".join(parts)


@cache
def gui_theme(scale: float, palette_name: str) -> dict:
    data = theme_data()
    colours = data["palettes"].get(palette_name) or data["palettes"]["standard"]
    out = copy.deepcopy(data["elements"])
    fonts = set()
    for block in out.values():
        for key, value in list(block.get("colours", {}).items()):
            if isinstance(value, str) and value.startswith("@"):
                block["colours"][key] = colours[value[1:]]
        font = block.get("font")
        if font:
            size = max(14, round(int(font["size"]) * scale))
            font["size"] = str(size)
            font["name"] = FONT_NAME
            font["regular_path"] = str(font_path(False))
            font["bold_path"] = str(font_path(True))
            fonts.add((size, font.get("bold") == "1"))
        for key in _SCALED_MISC:
            if key in block.get("misc", {}):
                block["misc"][key] = _scale_value(block["misc"][key], scale)
    out["_fonts"] = sorted(fonts)
    return out


SHAPES_SIZE = (1024, 256)
"""The shape cache's pictures (1 MB each, up to three): it keeps shapes under 40000 pixels, so a
shape taller than 256 is under 157 wide, and a 1024x1024 one (4 MB) stood mostly empty."""


@cache
def shape_cache() -> SurfaceCache:
    """The one cache of small widget shapes every scene's manager draws from. pygame_gui gives each
    manager's theme its own, a 1024x1024 picture (4 MB) from the start and up to three: a table, the
    main menu under it and the end screen over it held 12 MB of mostly empty caches of the same
    shapes (its keys are the shapes' sizes and colours, so sharing changes no picture)."""
    shapes = SurfaceCache()
    shapes.cache_surface_size = SHAPES_SIZE
    shapes.cache_surfaces = []
    shapes._expand_lt_cache()  # its first picture, at that size
    return shapes


def new_manager(size: tuple[int, int], scale: float, palette_name: str) -> pygame_gui.UIManager:
    """A UI manager for one scene at the app's current scale and palette, with its fonts preloaded."""
    theme = dict(gui_theme(round(scale, 3), palette_name))
    fonts = theme.pop("_fonts")
    manager = pygame_gui.UIManager(size, theme, enable_live_theme_updates=False)
    manager.get_theme().shape_cache = shape_cache()
    # pygame_gui keeps the first manager made as its default for good: the main menu's, which then
    # held its buttons' pictures (4 MB at 2560x1440) after the menu let them go. Ours are all named.
    set_default_manager(None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the theme may have loaded some of them already
        manager.preload_fonts(
            [
                {"name": FONT_NAME, "point_size": s, "style": "bold" if b else "regular", "antialiased": "1"}
                for s, b in fonts
            ]
        )
    return manager


def pressed(button: pygame_gui.elements.UIButton) -> bool:
    """Whether the last processed event pressed ``button`` (read synchronously, then cleared)."""
    if getattr(button, "pressed_event", False):
        button.pressed_event = False
        return True
    return False


def rect(x: float, y: float, w: float, h: float) -> pygame.Rect:
    return pygame.Rect(round(x), round(y), round(w), round(h))
