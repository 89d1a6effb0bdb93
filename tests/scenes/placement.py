"""The checks of the text-size sweep, on what a screen says it placed (scenes/kit/placed.py): nothing
outside the window, no two widgets over each other, no word under 14 px, nothing cut off that no
list scrolls to."""

from __future__ import annotations

import pygame

from scenes.kit.placed import AREA, CONTROL, TARGET, TEXT, Box, Placed

MIN_PX = 14
POINT = 12
"""A target this small is a point to press or pull to, not something drawn."""
TOUCH = 2
"""Pixels two things may share along an edge (antialiased type, a rounded border) before they count
as over each other."""


def describe(p: Placed) -> str:
    return f"{p.kind} {p.name!r} at {list(p.rect)}"


def overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.w > TOUCH and both.h > TOUCH


def inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * TOUCH, 2 * TOUCH).contains(inner)


def in_view(p: Placed, views: list[Box]) -> bool:
    """Whether ``p`` was drawn clipped to one of the scrolling ``views`` (what it cuts off, it scrolls to)."""
    return p.clip is not None and any(inside(pygame.Rect(p.clip), pygame.Rect(v)) for v in views)


def faults(placed: list[Placed], size: tuple[int, int], views: list[Box] = ()) -> list[str]:
    """What is wrong with ``placed`` in a window of ``size``, in sentences (none: all is well).

    - everything is inside the window; words cut off by a clip are inside a list that scrolls;
    - controls and words never lie over each other (each as far as it shows);
    - a control lies over something clickable only as its label (inside it), and so do words,
      unless the target is a point the pointer goes to;
    - a control or a word is inside an area or outside it, and areas do not overlap;
    - words are 14 px or more."""
    window = pygame.Rect(0, 0, *size)
    out = []
    for p in placed:
        r = pygame.Rect(p.rect)
        if p.kind == TEXT and p.px < MIN_PX:
            out.append(f"{describe(p)} is {p.px} px")
        if p.clip is not None and not inside(r, pygame.Rect(p.clip)) and not in_view(p, views):
            out.append(f"{describe(p)} is cut off (drawn inside {list(p.clip)}) where nothing scrolls")
        if p.shown.w > 0 and p.shown.h > 0 and not inside(p.shown, window):  # (clipped away: not shown)
            out.append(f"{describe(p)} is outside the {size[0]}x{size[1]} window")
    solid = [p for p in placed if p.kind in (CONTROL, TEXT) and p.shown.w > 0 and p.shown.h > 0]
    for i, a in enumerate(solid):
        for b in solid[i + 1:]:
            if overlap(a.shown, b.shown):
                out.append(f"{describe(a)} and {describe(b)} are over each other")
    for t in (p for p in placed if p.kind == TARGET):
        tr = pygame.Rect(t.rect)
        for p in solid:
            # a control would take the target's click; words may not cover a drawn target (a tile, a
            # card), though they may lie over a point where the pointer goes (a pull's end)
            if p.kind == TEXT and min(tr.w, tr.h) <= POINT:
                continue
            if overlap(p.shown, tr) and not inside(p.shown, tr):
                out.append(f"{describe(p)} lies over {describe(t)}")
    areas = [p for p in placed if p.kind == AREA]
    for i, a in enumerate(areas):
        ar = pygame.Rect(a.rect)
        for b in areas[i + 1:]:
            if overlap(ar, pygame.Rect(b.rect)):
                out.append(f"{describe(a)} and {describe(b)} overlap")
        for p in solid:
            if overlap(p.shown, ar) and not inside(p.shown, ar):
                out.append(f"{describe(p)} lies across the edge of {describe(a)}")
    return out


def cut_off(placed: list[Placed], view: Box) -> set[tuple[str, str]]:
    """What of ``placed`` belongs to the list shown in ``view`` and does not show whole there."""
    return {(p.kind, p.name) for p in placed if in_view(p, [view]) and p.shown != pygame.Rect(p.rect)}


def shown_whole(placed: list[Placed], view: Box) -> set[tuple[str, str]]:
    v = pygame.Rect(view)
    return {(p.kind, p.name) for p in placed if inside(pygame.Rect(p.rect), v) and p.shown == pygame.Rect(p.rect)}
