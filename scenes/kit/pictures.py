"""Pictures a table blits, each drawn once per what it shows and the size it is shown at: SVG art and
icons, card faces and backs (painted by the game from its card data, kept least recently used
first), empty card places, and glows (the outline with a soft halo of lit targets and highlights).
A game's pieces subclass ``Pictures`` and add their faces through ``card``."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable

import pygame

from scenes.kit import style
from scenes.kit.art import load_svg

CARDS_KEPT = 640
"""Card pictures kept (every face of a 100-card game at the four widths a table shows, and more)."""
CARDS_BYTES = 12 * 2**20
"""And their bytes at most: at 2560x1440 a face is 100-300 KB, and 640 of them would be 100 MB."""


class Pictures:
    def __init__(self, fonts: style.Fonts, cards_kept: int = CARDS_KEPT, cards_bytes: int = CARDS_BYTES) -> None:
        self.fonts = fonts
        self.cards_kept = cards_kept
        self.cards_bytes = cards_bytes
        self._bytes = 0
        self._cards: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._misc: dict[tuple, pygame.Surface] = {}

    def clear(self) -> None:
        self._cards.clear()
        self._bytes = 0
        self._misc.clear()

    # --- art ---------------------------------------------------------------------------------------
    def svg(self, path: str, size: tuple[int, int]) -> pygame.Surface:
        """The picture at ``path`` (under assets/) at ``size``; a plain rounded placeholder when missing."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        img = load_svg(path, size)
        if img is None:
            key = ("placeholder", size)
            img = self._misc.get(key)
            if img is None:
                img = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(img, (150, 170, 190), img.get_rect(), border_radius=max(2, min(size) // 6))
                self._misc[key] = img
        return img

    def blit_svg(self, surface: pygame.Surface, path: str, rect: pygame.Rect) -> None:
        img = self.svg(path, rect.size)
        surface.blit(img, img.get_rect(center=rect.center))

    def icon(self, path: str, size: int, alpha: int = 255) -> pygame.Surface:
        key = ("icon", path, size, alpha)
        img = self._misc.get(key)
        if img is None:
            img = self.svg(path, (size, size))
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            self._misc[key] = img
        return img

    # --- cards -------------------------------------------------------------------------------------
    def card(self, key: tuple, paint: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The card picture of ``key``, painted by ``paint`` the first time."""
        surf = self._cards.get(key)
        if surf is not None:
            self._cards.move_to_end(key)
            return surf
        surf = self._cards[key] = paint()
        self._bytes += surface_bytes(surf)
        while len(self._cards) > 1 and (len(self._cards) > self.cards_kept or self._bytes > self.cards_bytes):
            _key, old = self._cards.popitem(last=False)
            self._bytes -= surface_bytes(old)
        return surf

    def slot(self, size: tuple[int, int], colour: pygame.Color) -> pygame.Surface:
        """An empty card place: an outline and a faint fill, fainter the lighter ``colour`` is (in
        high contrast the outline is white: a fill of it would look like a card, not a place)."""
        w, h = size
        light = (0.2126 * colour[0] + 0.7152 * colour[1] + 0.0722 * colour[2]) / 255
        fill = round(60 * min(1.0, 0.35 / max(light, 0.01)) ** 2)

        def paint() -> pygame.Surface:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(3, round(w * 0.08))
            pygame.draw.rect(surf, (*colour[:3], fill), surf.get_rect(), border_radius=radius)
            pygame.draw.rect(surf, (*colour[:3], 160), surf.get_rect(), max(1, w // 45), border_radius=radius)
            return surf

        return self.card(("slot", w, h, tuple(colour)), paint)

    # --- glows -------------------------------------------------------------------------------------
    def glow(self, size: tuple[int, int], colour: pygame.Color, width: int, radius: int,
             alpha: int = 255) -> pygame.Surface:
        """An outline with a soft halo, around a rect of ``size``."""
        key = ("glow", size, tuple(colour), width, radius, alpha)
        surf = self._misc.get(key)
        if surf is None:
            pad = width * 2
            surf = pygame.Surface((size[0] + pad * 2, size[1] + pad * 2), pygame.SRCALPHA)
            for i in range(pad, 0, -1):
                a = round(alpha * 0.35 * (1 - i / (pad + 1)))
                pygame.draw.rect(surf, (*colour[:3], a), surf.get_rect().inflate(-(pad - i) * 2, -(pad - i) * 2),
                                 max(1, width // 2 + 1), border_radius=radius + i)
            pygame.draw.rect(surf, (*colour[:3], alpha), pygame.Rect(pad, pad, *size), width, border_radius=radius)
            self._misc[key] = surf
        return surf

    def hint_glows(self, surface: pygame.Surface, rects: list[pygame.Rect], colour: pygame.Color,
                   scale: float) -> list[pygame.Rect]:
        """The hint's outline around each of ``rects`` (thicker than a lit target's); the rects drawn on."""
        touched = []
        for r in rects:
            touched += self.blit_glow(surface, r.inflate(round(8 * scale), round(8 * scale)), colour,
                                      max(3, round(4 * scale)), round(12 * scale))
        return touched

    def blit_glow(self, surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color, width: int,
                  radius: int, alpha: int = 255, fade: float = 1.0) -> list[pygame.Rect]:
        """A ``glow`` around ``rect``, ``fade`` (0..1) of its strength. Only its border band is blitted:
        the inside is clear, and blending a location-sized clear middle costs more than the outline.
        Returns the rects of ``surface`` it drew on (to repaint there next frame)."""
        img = self.glow(rect.size, colour, width, radius, alpha)
        w, h = img.get_size()
        x, y = rect.centerx - w // 2, rect.centery - h // 2
        edge = width * 3 + radius + 2
        if fade < 1.0:
            img.set_alpha(max(0, min(255, round(255 * fade))))
        touched = []
        if 2 * edge >= min(w, h):
            touched.append(surface.blit(img, (x, y)))
        else:
            for area in (pygame.Rect(0, 0, w, edge), pygame.Rect(0, h - edge, w, edge),
                         pygame.Rect(0, edge, edge, h - 2 * edge), pygame.Rect(w - edge, edge, edge, h - 2 * edge)):
                touched.append(surface.blit(img, (x + area.x, y + area.y), area))
        if fade < 1.0:
            img.set_alpha(255)
        return touched


def surface_bytes(surface: pygame.Surface) -> int:
    """The bytes of a surface's pixels."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
