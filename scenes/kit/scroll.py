"""Scrolling a long page or list with the keys: how far each key moves it."""

from __future__ import annotations

import math

import pygame


def key_scroll(key: int, page: int, line: int | None = None) -> float | None:
    """How far ``key`` scrolls (in pixels; -inf for Home, +inf for End): a page for Page Up and
    Down and Space, a ``line`` for the arrows when they scroll (None: the arrows do something else).
    None when the key does not scroll."""
    moves: dict[int, float] = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                               pygame.K_HOME: -math.inf, pygame.K_END: math.inf}
    if line is not None:
        moves.update({pygame.K_DOWN: line, pygame.K_UP: -line})
    return moves.get(key)


def clamp_scroll(y: float, most: int) -> int:
    """``y`` within 0 and ``most``."""
    return int(max(0, min(most, y)))
