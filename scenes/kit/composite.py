"""A picture made of cached pieces, composed again only where a piece changed (the Borealis table's
static layer and each seat's big board)."""

from __future__ import annotations

import pygame

Part = tuple[tuple, pygame.Rect, pygame.Surface]
"""A piece of a composed picture: its key, its rect in the picture and its surface."""


class Composite:
    """A picture made of pieces blitted in order over a patch of the background. It is composed
    again only where a piece changed, appeared or went (the patch of background, then every piece
    over that patch, clipped to it)."""

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.placed: dict[tuple, pygame.Rect] = {}
        self.base_key: tuple | None = None
        self.changed: list[pygame.Rect] | None = None
        """The patches composed again since ``take_changed`` (relative to the picture); None: all of it."""

    def take_changed(self) -> list[pygame.Rect] | None:
        """The patches composed again since the last call (None: the whole picture), and forget them."""
        changed, self.changed = self.changed, []
        return changed

    def compose(self, parts: list[Part], rect: pygame.Rect, bg: pygame.Surface, base_key: tuple,
                extra: list[pygame.Rect] | None = None, origin: tuple[int, int] = (0, 0)) -> pygame.Surface:
        """``rect``: where the picture sits over ``bg``, whose top left is at ``origin`` (the
        window's, unless the background is only the picture's own); the parts' rects are relative
        to ``rect``. ``extra``: patches to compose again besides those of pieces that changed (a
        group's picture, the same piece, changed there)."""
        placed = {key: r for key, r, _surf in parts}
        layer = self.surface
        whole = pygame.Rect(0, 0, rect.w, rect.h)
        if layer is None or self.base_key != base_key or layer.get_size() != rect.size:
            layer = pygame.Surface(rect.size)  # opaque: it blits without blending
            dirty = [whole]
        else:
            last = self.placed
            changed = {tuple(r) for key, r in placed.items() if last.get(key) != r}
            changed |= {tuple(r) for key, r in last.items() if placed.get(key) != r}
            changed |= {tuple(r) for r in extra or ()}
            dirty = [pygame.Rect(r) for r in changed]
            if sum(r.w * r.h for r in dirty) > whole.w * whole.h * 0.9:
                dirty = [whole]
        for area in dirty:
            area = area.clip(whole)
            if area.w <= 0 or area.h <= 0:
                continue
            layer.set_clip(area)
            # start from the last opaque part covering the whole patch: nothing under it shows
            first = None
            for k, (_key, r, surf) in enumerate(parts):
                if r.contains(area) and not surf.get_flags() & pygame.SRCALPHA:
                    first = k
            if first is None:
                layer.blit(bg, area, area.move(rect.x - origin[0], rect.y - origin[1]))
            for _key, r, surf in parts[first or 0 :]:
                if r.colliderect(area):
                    layer.blit(surf, r)
        layer.set_clip(None)
        if dirty and dirty[0] is whole or layer is not self.surface:
            self.changed = None
        elif self.changed is not None:
            self.changed += [a.clip(whole) for a in dirty if a.colliderect(whole)]
            if len(self.changed) > 64:  # not taken for a while: all of it, rather than a long list
                self.changed = None
        self.surface, self.placed, self.base_key = layer, placed, base_key
        return layer
