"""SVG art loaded at the size it is shown, cached by (path, size); a missing file gives a placeholder."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.core.paths import asset

_CACHE: OrderedDict[tuple[str, tuple[int, int]], pygame.Surface | None] = OrderedDict()
_LIMIT = 512


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
    if len(_CACHE) > _LIMIT:
        _CACHE.popitem(last=False)
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


def clear() -> None:
    _CACHE.clear()
