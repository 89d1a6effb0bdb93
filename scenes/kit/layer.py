"""A table's static layer: the things that stay put between moves (boards, market, goals, seats), as
cached pieces composed into one opaque picture, and put back on the screen each frame, all of it or
only the patches that changed and those the last frame drew over (dirty rectangles).

A piece is painted once per key (what it shows, the size, the look, the language); painting it
records hits and named rects, and reusing its picture replays them, so the table knows where
everything is without painting anything again. Pieces can be grouped into a picture of their own
(a seat's board, kept per seat so it comes back as it was when its turn comes). Ren'Py's
displayables are the model: render once, cache, compose.

A frame has a budget: a piece that may wait (``slot`` given), painted for the first time once the
frame is past its ``deadline``, shows its slot's last picture one more frame and is painted in the
next (``owed``), so that a move's repaints are spread over two frames rather than one long one."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any

import pygame

from scenes.kit import damage
from scenes.kit.composite import Composite, Part
from scenes.kit.hits import Hit

PIECES_BUDGET = 14 * 2**20
"""Bytes of cached pieces kept (the least recently used go first)."""
GROUPS_KEPT = 8
GROUPS_BYTES = 12 * 2**20
"""Bytes of groups' pictures kept, the least recently used going first (a seat's big board is 2.4 MB
at 1920x1080: five are kept; 4.3 MB at 2560x1440: two)."""
FRAME_BUDGET = 0.002
"""Seconds into a frame after which a piece that may wait does (a move's frame stays short)."""
WHOLE_ABOVE = 0.7
"""A frame that would restore more than this share of the layer in patches restores all of it."""

Painter = Callable[[pygame.Surface, tuple[int, int]], None]
"""Paints a piece on a surface; the offset turns table coordinates into the surface's."""


class StaticLayer:
    def __init__(self, budget: int = PIECES_BUDGET) -> None:
        self.budget = budget
        self.pieces: OrderedDict[tuple, tuple[pygame.Surface, list[Hit], dict[str, dict]]] = OrderedDict()
        self.bytes = 0
        self._must: set[Hashable] = set()
        self.parts: list[Part] = []
        """The pieces of the picture being composed: (key, rect in the picture, surface)."""
        self.composite = Composite()
        self.groups: dict[Any, Composite] = {}
        self.surface: pygame.Surface | None = None
        """The last picture composed."""
        self.rect = pygame.Rect(0, 0, 0, 0)
        """Where it sits on the screen."""
        self.deadline: float | None = None
        self.slots: dict[Hashable, tuple] = {}
        """Slot -> the key of the piece last shown there."""
        self.waiting: set[Hashable] = set()
        """Slots that showed their last picture this time: painted the next time, whatever the clock."""
        self._marks: list[pygame.Rect] = []
        self._drawn: tuple | None = None
        """(surface, picture, rect, rects drawn over the picture) of the last frame."""
        self._extra: list[pygame.Rect] = []
        """Patches of groups that changed, composed again with the layer."""
        self.paint_limit: int | None = None
        """Painting ahead (``warm``): how many more new pieces may be painted; past it, a new piece
        is left out (``skipped`` says so) for a later turn of the loop."""
        self.skipped = False

    def clear(self) -> None:
        """Forget every piece and picture (a new look, or a test starting from nothing)."""
        self.pieces.clear()
        self.bytes = 0
        self.groups.clear()
        self.composite = Composite()
        self.surface = None
        self._drawn = None
        self.slots.clear()
        self.waiting.clear()

    def drop_spare(self) -> None:
        """Forget the pieces and groups kept for later (the picture composed last stays, and stays
        put on the screen): painted again if ever needed."""
        self.pieces.clear()
        self.bytes = 0
        self.groups.clear()
        self.slots.clear()
        self.waiting.clear()

    @property
    def owed(self) -> bool:
        """Some piece showed an old picture: compose again next frame."""
        return bool(self.waiting)

    # --- composing -----------------------------------------------------------------------------
    def begin(self, rect: pygame.Rect, deadline: float | None = None) -> None:
        """Start composing the layer at ``rect``; pieces that may wait do past ``deadline`` (perf_counter)."""
        self.parts = []
        self._extra = []
        self.rect = pygame.Rect(rect)
        self.deadline = deadline
        self._must = self.waiting
        self.waiting = set()

    def piece(self, key: tuple, r: pygame.Rect, margin: int, painter: Painter, hits: list[Hit],
              recorders: list[tuple[str, dict]], slot: Hashable | None = None) -> None:
        """Paint ``painter`` for the piece at ``r`` (grown by ``margin`` for shadows and glows) once
        per ``key``; later reuse the picture and replay what painting it added to ``hits`` and to the
        named dicts of ``recorders``. A piece with a ``slot`` may wait (see the module's note).

        A ``key`` that does not hold where ``r`` is (only its size: a piece painted the same wherever
        it goes, an opponent's board moving down the column) may be reused at another place: what it
        recorded is replayed moved there."""
        entry = self.pieces.get(key)
        if entry is None and slot is not None and slot not in self._must and self.deadline is not None:
            last = self.pieces.get(self.slots.get(slot, ()))
            if last is not None and last[0].get_size() == (r.w + 2 * margin, r.h + 2 * margin) \
                    and time.perf_counter() > self.deadline:
                self.waiting.add(slot)
                key, entry = self.slots[slot], last
        if slot is not None:
            self.slots[slot] = key
        if entry is None and self.paint_limit is not None:
            if self.paint_limit <= 0:
                self.skipped = True
                return
            self.paint_limit -= 1
        if entry is None:
            surf = pygame.Surface((r.w + 2 * margin, r.h + 2 * margin), pygame.SRCALPHA)
            n = len(hits)
            before = {name: set(d) for name, d in recorders}
            painter(surf, (margin - r.x, margin - r.y))
            record = {name: {k: v for k, v in d.items() if k not in before.get(name, ())} for name, d in recorders}
            entry = (surf, hits[n:], record, (r.x, r.y))
            self.pieces[key] = entry
            self.bytes += surf.get_width() * surf.get_height() * 4
            while self.bytes > self.budget and len(self.pieces) > 1:
                _key, (old, *_rest) = self.pieces.popitem(last=False)
                self.bytes -= old.get_width() * old.get_height() * 4
        else:
            if entry[3] != (r.x, r.y):
                entry = self._moved(key, entry, r)
            self.pieces.move_to_end(key)
            hits.extend(entry[1])
            for name, d in recorders:
                d.update(entry[2].get(name, {}))
        t = self.rect
        self.parts.append((key, pygame.Rect(r.x - margin - t.x, r.y - margin - t.y, r.w + 2 * margin,
                                            r.h + 2 * margin), entry[0]))

    def _moved(self, key: tuple, entry: tuple, r: pygame.Rect) -> tuple:
        """``entry`` painted at another place, its hits and records moved to ``r`` (kept so)."""
        surf, hits, record, (x, y) = entry
        dx, dy = r.x - x, r.y - y
        hits = [replace(h, rect=h.rect.move(dx, dy)) for h in hits]
        record = {name: {k: v.move(dx, dy) if isinstance(v, pygame.Rect) else v for k, v in d.items()}
                  for name, d in record.items()}
        entry = self.pieces[key] = (surf, hits, record, (r.x, r.y))
        return entry

    def open_group(self) -> list[Part]:
        """Start a group of pieces; give what this returns to ``close_group``."""
        outer, self.parts = self.parts, []
        return outer

    def close_group(self, name: Any, rect: pygame.Rect, outer: list[Part], bg: pygame.Surface,
                    base_key: tuple) -> None:
        """The group's pieces as one opaque picture at ``rect`` (kept by ``name``), added to the layer."""
        t = self.rect
        dx, dy = rect.x - t.x, rect.y - t.y
        inner = [(key, r.move(-dx, -dy), surf) for key, r, surf in self.parts]
        group = self.groups.pop(name, None) or Composite()
        fresh = group.surface is None
        # room is made before a new picture is, not after: the pictures kept and the new one never
        # all live at once (4 MB more at the peak at 2560x1440)
        self._evict_groups(rect.w * rect.h * 4 if group.surface is None or group.surface.get_size() != rect.size
                           else 0)
        self.groups[name] = group  # the most recently used last
        surf = group.compose(inner, rect, bg, base_key)
        where = rect.move(-t.x, -t.y)
        # the group's picture changed in its patches: those of the layer are composed again, not
        # all of the group's rect (a card played repaints its location's patch of the board)
        patches = group.take_changed()
        key = ("group", name, id(surf), tuple(base_key))
        self.parts = outer
        self.parts.append((key, where, surf))
        if patches is None or fresh:
            self._extra.append(where)
        else:
            self._extra += [p.move(where.topleft) for p in patches]

    @staticmethod
    def groups_kept(size: tuple[int, int]) -> int:
        """How many groups' pictures of ``size`` the layer keeps at once."""
        return max(1, min(GROUPS_KEPT, GROUPS_BYTES // max(1, size[0] * size[1] * 4)))

    def _evict_groups(self, coming: int) -> None:
        """The least recently used groups go until ``coming`` more bytes fit the budget (one is kept)."""
        while self.groups and (len(self.groups) >= GROUPS_KEPT or self._group_bytes() + coming > GROUPS_BYTES):
            self.groups.pop(next(iter(self.groups)))

    def _group_bytes(self) -> int:
        return sum(g.surface.get_width() * g.surface.get_height() * 4 for g in self.groups.values() if g.surface)

    def compose(self, bg: pygame.Surface, base_key: tuple, origin: tuple[int, int] = (0, 0)) -> pygame.Surface:
        """The layer of the pieces given since ``begin``, composed again only where they changed,
        over ``bg`` (its top left at ``origin`` on the screen)."""
        parts, self.parts = self.parts, []
        extra, self._extra = self._extra, []
        self.surface = self.composite.compose(parts, self.rect, bg, base_key, extra, origin)
        return self.surface

    # --- frames --------------------------------------------------------------------------------
    def restore(self, surface: pygame.Surface, continues: bool) -> list[pygame.Rect] | None:
        """Put the layer on ``surface``: all of it, or (when this frame ``continues`` the last one on
        the same surface over the same picture) only the patches of it that changed and those the
        last frame drew over. Returns the rects restored (None: all of the layer)."""
        assert self.surface is not None
        t = self.rect
        changed = self.composite.take_changed()
        self._marks = []
        drawn = self._drawn
        if (changed is None or drawn is None or not continues or drawn[0] is not surface
                or drawn[1] is not self.surface or drawn[2] != tuple(t)):
            surface.blit(self.surface, t.topleft)
            return None
        areas = damage.coalesced([r.move(t.topleft) for r in changed] + drawn[3], t)
        if damage.disjoint_area(areas) > t.w * t.h * WHOLE_ABOVE:  # coalesced rects never overlap
            surface.blit(self.surface, t.topleft)
            return None
        for a in areas:
            surface.blit(self.surface, a.topleft, a.move(-t.x, -t.y))
        return areas

    def mark(self, r: pygame.Rect | None, grow: int = 0) -> None:
        """This frame draws over the layer in ``r`` (grown by ``grow`` on each side)."""
        if r is not None:
            self._marks.append(pygame.Rect(r).inflate(2 * grow, 2 * grow))

    def end_frame(self, surface: pygame.Surface, restored: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Remember what this frame drew; return the rects of the screen it changed (None: all)."""
        t = self.rect
        marks = [m.clip(t) for m in self._marks]
        self._drawn = (surface, self.surface, tuple(t), marks)
        return None if restored is None else restored + marks
