"""A hand of cards in a row, drawn each frame over the static layer: where each card goes (spread
out, overlapping when the row is short of room), the cards lifted, lit or marked, and a card dragged
from the row onto a target."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from scenes.kit.hits import Hit

DRAG_AFTER = 8
"""Pixels (at scale 1) the pointer moves with the button held before a press becomes a drag."""


def row_rects(ids: Sequence[Hashable], x: int, bottom: int, size: tuple[int, int], gap: int,
              right: int) -> dict[Hashable, pygame.Rect]:
    """Each card's rect, left to right from ``x``, standing on ``bottom``, ``gap`` apart; closer,
    overlapping, when they would pass ``right``."""
    w, h = size
    step = w + gap
    if len(ids) > 1 and step * (len(ids) - 1) + w > right - x:
        step = (right - x - w) / (len(ids) - 1)
    return {cid: pygame.Rect(round(x + k * step), bottom - h, w, h) for k, cid in enumerate(ids)}


def row_hits(rects: dict[Hashable, pygame.Rect], kind: str, tip: Callable[[Hashable], str | None],
             target: Callable[[Hashable], str | None] = lambda _c: None) -> list[Hit]:
    """The row's cards as hits (drawn over the layer: ask ``Hits.at(pos, over=...)`` with them)."""
    return [Hit(r, kind, cid, tip(cid), target(cid)) for cid, r in rects.items()]


@dataclass
class Drag:
    """A card pressed in the row, and (once the pointer moved far enough) carried."""

    card: Hashable
    origin: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[int, int]
    """Where on the card it was taken, so it stays under the pointer at that spot."""
    moved: bool = False

    @classmethod
    def press(cls, card: Hashable, pos: tuple[int, int], rect: pygame.Rect) -> Drag:
        return cls(card, pos, pos, (pos[0] - rect.x, pos[1] - rect.y))

    def follow(self, pos: tuple[int, int], after: int) -> None:
        """The pointer is at ``pos``: a drag once it went ``after`` pixels from where it was pressed."""
        self.pos = pos
        if abs(pos[0] - self.origin[0]) + abs(pos[1] - self.origin[1]) > after:
            self.moved = True

    def draw(self, surface: pygame.Surface, picture: pygame.Surface) -> pygame.Rect | None:
        """The carried card under the pointer (nothing before it moved)."""
        if not self.moved:
            return None
        return surface.blit(picture, (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]))


@dataclass(frozen=True)
class Look:
    """How one card of the row is drawn this frame."""

    lift: int = 0
    glow: tuple | None = None
    """(colour, width, radius, alpha) of the outline around it, if any."""


def draw_row(surface: pygame.Surface, rects: dict[Hashable, pygame.Rect], picture: Callable[[Hashable], pygame.Surface],
             look: Callable[[Hashable], Look], glow: Callable[..., pygame.Surface],
             over: Callable[[Hashable, pygame.Rect], None] | None = None, skip: set | frozenset = frozenset()) -> None:
    """The row's cards (but those in ``skip``: flying, carried), each lifted and outlined as ``look``
    says, and ``over`` drawn on it (a mark, a veil)."""
    for cid, r in rects.items():
        if cid in skip:
            continue
        how = look(cid)
        rr = r.move(0, -how.lift)
        if how.glow is not None:
            g = glow(rr.size, *how.glow)
            surface.blit(g, g.get_rect(center=rr.center))
        surface.blit(picture(cid), rr)
        if over is not None:
            over(cid, rr)
