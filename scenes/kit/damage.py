"""Damage rectangles: the parts of the screen a frame changed."""

from __future__ import annotations

import pygame


def union_area(rects: list[pygame.Rect]) -> int:
    """The area the rects cover together, overlaps counted once (exact: a sweep over the x edges;
    a frame has a few dozen rects at most)."""
    boxes = [r for r in rects if r.w > 0 and r.h > 0]
    xs = sorted({x for r in boxes for x in (r.left, r.right)})
    total = 0
    for left, right in zip(xs, xs[1:]):
        spans = sorted((r.top, r.bottom) for r in boxes if r.left <= left and r.right >= right)
        covered, top, bottom = 0, None, None
        for y0, y1 in spans:
            if bottom is None or y0 > bottom:
                if bottom is not None:
                    covered += bottom - top
                top, bottom = y0, y1
            else:
                bottom = max(bottom, y1)
        if bottom is not None:
            covered += bottom - top
        total += covered * (right - left)
    return total


TILE = 48


def coalesced(rects: list[pygame.Rect], bounds: pygame.Rect, tile: int = TILE) -> list[pygame.Rect]:
    """A few rects covering ``rects`` (within ``bounds``): the tiles of a ``tile``-pixel grid they
    touch, joined into runs along each row and runs of the same span down the rows. A frame's
    hundred small marks (pieces, glows, text) become a handful of blits and presents."""
    rows: dict[int, int] = {}
    """Tile row -> the tiles it touches, as the bits of an int."""
    bx, by = bounds.left, bounds.top
    seen: set[tuple[int, int, int, int]] = set()
    for r in rects:
        box = (r[0], r[1], r[2], r[3])
        if box in seen:  # a frame marks the same rects again and again (the hand, the buttons)
            continue
        seen.add(box)
        r = r.clip(bounds)
        if r.w <= 0 or r.h <= 0:
            continue
        if r == bounds:  # one rect covers all: the rest changes nothing
            return _whole(bounds, tile)
        first, last = (r.left - bx) // tile, (r.right - 1 - bx) // tile
        bits = ((1 << (last - first + 1)) - 1) << first
        for ty in range((r.top - by) // tile, (r.bottom - 1 - by) // tile + 1):
            rows[ty] = rows.get(ty, 0) | bits
    open_runs: dict[tuple[int, int], pygame.Rect] = {}
    out: list[pygame.Rect] = []
    for ty in sorted(rows):
        runs, mask = [], rows[ty]
        while mask:
            start = (mask & -mask).bit_length() - 1
            ones = mask >> start
            length = ((ones ^ (ones + 1)) >> 1).bit_length()
            runs.append((start, start + length - 1))
            mask &= ~(((1 << length) - 1) << start)
        still: dict[tuple[int, int], pygame.Rect] = {}
        for run in runs:
            rect = open_runs.pop(run, None)
            if rect is not None and rect.bottom == bounds.top + ty * tile:
                rect.h += tile
            else:
                width = (run[1] - run[0] + 1) * tile
                rect = pygame.Rect(bounds.left + run[0] * tile, bounds.top + ty * tile, width, tile)
            still[run] = rect
        out.extend(open_runs.values())
        open_runs = still
    out.extend(open_runs.values())
    return [r.clip(bounds) for r in out]


def _whole(bounds: pygame.Rect, tile: int) -> list[pygame.Rect]:
    """What ``coalesced`` gives for a rect covering ``bounds``: the whole grid, clipped to it."""
    cols = (bounds.w + tile - 1) // tile
    rows = (bounds.h + tile - 1) // tile
    return [pygame.Rect(bounds.left, bounds.top, cols * tile, rows * tile).clip(bounds)] if cols and rows else []


def disjoint_area(rects: list[pygame.Rect]) -> int:
    """The area of rects that do not overlap (what ``coalesced`` returns): their areas' sum."""
    return sum(r.w * r.h for r in rects)
