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
    rows: dict[int, set[int]] = {}
    for r in rects:
        r = r.clip(bounds)
        if r.w <= 0 or r.h <= 0:
            continue
        columns = range((r.left - bounds.left) // tile, (r.right - 1 - bounds.left) // tile + 1)
        for ty in range((r.top - bounds.top) // tile, (r.bottom - 1 - bounds.top) // tile + 1):
            rows.setdefault(ty, set()).update(columns)
    open_runs: dict[tuple[int, int], pygame.Rect] = {}
    out: list[pygame.Rect] = []
    for ty in sorted(rows):
        runs, start, last = [], None, None
        for tx in sorted(rows[ty]):
            if start is None:
                start = last = tx
            elif tx == last + 1:
                last = tx
            else:
                runs.append((start, last))
                start = last = tx
        if start is not None:
            runs.append((start, last))
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
