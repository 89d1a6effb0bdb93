"""The Borealis table's static layer: cached pieces (each painted once per what it shows, with the
rects it recorded), composed into one opaque picture (``Composite``); each seat's big board composed
as one piece; and the layer put back on the screen, all of it or only the patches that changed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import i18n
from scenes.kit import damage, style
from scenes.kit.composite import Composite, Part

if TYPE_CHECKING:
    from scenes.borealis.table import BorealisTable

PIECES_BUDGET = 24 * 2**20
"""Bytes of cached static pieces kept (least recently used go first)."""
RECORDED = ("pool_rects", "opp_rects", "opp_locs", "objective_rects")
"""The table's dicts of rects a piece fills as it is painted (replayed when it is reused)."""
RECORDED_GEO = ("sci_slots", "card_rects")
"""The same, of the big board's geometry."""


def recorded(table: BorealisTable) -> list[tuple[str, dict]]:
    """The dicts of rects pieces record as they are painted, by name (``RECORDED``, ``RECORDED_GEO``)."""
    out = [(name, getattr(table, name)) for name in RECORDED]
    if table.geo is not None:
        out += [(name, getattr(table.geo, name)) for name in RECORDED_GEO]
    return out


def cached_piece(table: BorealisTable, key: tuple, r: pygame.Rect, painter) -> None:
    """Paint ``painter(surface, off)`` for the piece at ``r`` once per ``key``; later only reuse the
    picture and replay the rects it recorded (hits, pool, opponents' locations, objectives,
    scientists and cards of the board). The picture goes into the static layer (``compose``)."""
    key = (*key, tuple(r), round(table.s, 4), table.pal.name, table.vstate.kids, i18n.language())
    entry = table._pieces_cache.get(key)
    m = table.px(8)
    if entry is None:
        surf = pygame.Surface((r.w + 2 * m, r.h + 2 * m), pygame.SRCALPHA)
        n = len(table.hits)
        before = {name: set(d) for name, d in recorded(table)}
        painter(surf, (m - r.x, m - r.y))
        record = {name: {k: v for k, v in d.items() if k not in before.get(name, ())} for name, d in recorded(table)}
        entry = (surf, table.hits[n:], record)
        table._pieces_cache[key] = entry
        table._pieces_bytes += surf.get_width() * surf.get_height() * 4
        while table._pieces_bytes > PIECES_BUDGET and len(table._pieces_cache) > 1:
            _k, (old, *_rest) = table._pieces_cache.popitem(last=False)
            table._pieces_bytes -= old.get_width() * old.get_height() * 4
    else:
        table._pieces_cache.move_to_end(key)
        table.hits.extend(entry[1])
        for name, d in recorded(table):
            d.update(entry[2].get(name, {}))
    t = table.table_rect
    table._parts.append((key, pygame.Rect(r.x - m - t.x, r.y - m - t.y, r.w + 2 * m, r.h + 2 * m), entry[0]))


def compose_board(table: BorealisTable, seat: int, parts: list[Part]) -> None:
    """The board's pieces as one opaque picture (kept per seat), added to the layer's parts."""
    t = table.table_rect
    m = table.px(8)
    rect = table.board_rect.inflate(2 * m, 2 * m)
    dx, dy = rect.x - t.x, rect.y - t.y
    inner = [(key, r.move(-dx, -dy), surf) for key, r, surf in parts]
    size = table.app.view_size
    if seat not in table._boards and len(table._boards) >= 8:
        table._boards.clear()
    board = table._boards.setdefault(seat, Composite())
    surf = board.compose(inner, rect, style.background(size, table.pal), (tuple(rect), size, table.pal.name))
    key = ("board", seat, tuple(key for key, _r, _s in parts))
    table._parts.append((key, rect.move(-t.x, -t.y), surf))


def restore_static(table: BorealisTable, surface: pygame.Surface) -> list[pygame.Rect] | None:
    """Put the static layer on ``surface``: all of it, or (when the app says this frame continues
    the last one on the same surface, and the last frame was drawn here by this scene over the
    same static layer) only the patches of it that changed and those the last frame drew over.
    Returns the rects of the screen it restored (None: all of the table)."""
    t = table.table_rect
    changed = table._layer.take_changed()
    drawn = getattr(table, "_drawn", None)
    if (
        changed is None
        or drawn is None
        or not getattr(table.app, "frame_continues", False)
        or drawn[0] is not surface
        or drawn[1] is not table._static
        or drawn[2] != tuple(t)
    ):
        surface.blit(table._static, t.topleft)
        return None
    areas = damage.coalesced([r.move(t.topleft) for r in changed] + drawn[3], t)
    if damage.union_area(areas) > t.w * t.h * 0.7:
        surface.blit(table._static, t.topleft)
        return None
    for a in areas:
        surface.blit(table._static, a.topleft, a.move(-t.x, -t.y))
    return areas
