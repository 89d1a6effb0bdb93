"""SVG art loaded at the size it is shown, cached by (path, size); a missing file gives a placeholder."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.core.paths import asset

_CACHE: OrderedDict[tuple[str, tuple[int, int]], pygame.Surface | None] = OrderedDict()
_LIMIT = 512
ART_BYTES = 8 * 2**20
"""Bytes of rendered art kept, the least recently used going first (a table's art at 2560x1440 is
3 to 5 MB; 512 pictures of any size could hold ten times that)."""
_HELD = {"bytes": 0}


def _bytes(surf: pygame.Surface | None) -> int:
    return 0 if surf is None else surf.get_width() * surf.get_height() * surf.get_bytesize()


def load_svg(path: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The SVG at ``assets/<path>`` rendered at ``size``, or None when it is missing or unreadable."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (path, size)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    file = asset(path)
    surf: pygame.Surface | None = None
    if file.exists():
        try:
            surf = pygame.image.load_sized_svg(str(file), size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
        except (pygame.error, OSError, ValueError):
            surf = None
    _CACHE[key] = surf
    _HELD["bytes"] += _bytes(surf)
    while len(_CACHE) > 1 and (len(_CACHE) > _LIMIT or _HELD["bytes"] > ART_BYTES):
        _HELD["bytes"] -= _bytes(_CACHE.popitem(last=False)[1])
    return surf


def has_svg(path: str, size: tuple[int, int]) -> bool:
    """Whether the SVG at ``size`` is cached (drawn without rasterising)."""
    return (path, (max(1, int(size[0])), max(1, int(size[1])))) in _CACHE


def blit_svg(
    surface: pygame.Surface, path: str, rect: pygame.Rect, placeholder: pygame.Color | None = None, fit: bool = True
) -> bool:
    """Draw the SVG into ``rect`` (keeping its aspect ratio when ``fit``); a placeholder if it is missing.
    Returns whether the real art was drawn."""
    img = load_svg(path, rect.size)
    if img is None:
        if placeholder is not None:
            pygame.draw.rect(surface, placeholder, rect, border_radius=max(2, min(rect.size) // 8))
        return False
    r = img.get_rect(center=rect.center) if fit else rect
    surface.blit(img, r)
    return True


def held() -> set[tuple[str, tuple[int, int]]]:
    """What is cached now (to keep it through ``keep_only`` later)."""
    return set(_CACHE)


def keep_only(keys: set[tuple[str, tuple[int, int]]]) -> None:
    """Forget every picture but those of ``keys`` (a table that closed: its art goes, the menu's stays)."""
    for key in [k for k in _CACHE if k not in keys]:
        _HELD["bytes"] -= _bytes(_CACHE.pop(key))


def clear() -> None:
    """Forget every picture (a table that closed: the next one draws other art)."""
    _CACHE.clear()
    _HELD["bytes"] = 0
