"""Where the Borealis table's parts go inside the shell's ``table_rect``: the market row, the big
board, the hand row and the right column (``lay_out``), and the rects of the big board
(``board_geometry``, ``track_space``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.data import TRACK_SPACES
from scenes.borealis import pieces as pc
from scenes.borealis.parts import BoardGeo
from scenes.borealis.pieces import card_height

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


MAIN_MAX_W = 900
"""The width (logical px) past which the market, board and hand row gain nothing but gaps."""

KIDS_CARDS = 1.5
"""How much larger the hand's and the market's cards are in kids' mode (DESIGN.md: at least 1.5x)."""

RIGHT_MIN_W = 252
"""Logical px of the right column (goals, opponents) at least."""
INFO_MIN_W = 150
"""Logical px (at the text's scale) of the round's words beside the market at least."""
BOARD_MIN_H = 277
"""Logical px of the big board at least (its height on a kids' table at 1280x720)."""
SIDE_WORDS = 240
"""Logical px (at the text's scale) of the prompt and buttons beside the hand at least: at a large
text size they take room from the hand, whose cards then overlap."""


def pieces_scale(table: TableParts) -> float:
    """The scale of the table's pieces (cards, boards): the UI scale, or less where the table is too
    small for them beside the words at that scale (a large text size), so that the words keep their
    size and nothing runs off the table. Across, the market row and the round's words, and the hand
    and the prompt's words, each beside the right column; down, the market, the smallest board and
    the hand."""
    t, s = table.table_rect, table.s
    grow = KIDS_CARDS if table.vstate.kids else 1.0
    small, card = 70 * grow, 82 * grow
    market = 4 + 4 * small + 3 * 6 + 10 + small + 8 + small + 14
    hand = 4 * card + 3 * 10 + 8 + 12 + 20
    down = small * pc.CARD_RATIO + 6 + 8 + BOARD_MIN_H + 8 + card * pc.CARD_RATIO + 14
    return max(0.25, min(s, (t.w - INFO_MIN_W * s) / (market + 10 + RIGHT_MIN_W),
                         (t.w - SIDE_WORDS * s) / (hand + 10 + RIGHT_MIN_W), t.h / down))


def button_height(table: TableParts) -> int:
    """The buttons beside the hand: as tall as the pieces' scale makes them, or as their words need."""
    return max(table.px(42), table.fonts.font("body", True).get_linesize() + table.px(8))


def lay_out(table: TableParts) -> None:
    """Set the table's rects: its main part and right column, the market row (pool slots, deck,
    discard, the round's info), the board, the hand row and the side of it where the prompt and the
    buttons go; and the card widths."""
    t = table.table_rect
    gap = table.px(10)
    # the right column takes what a wide window (or the hidden log) leaves beyond the board's
    # comfortable width, so the board's places never stretch into long empty gaps
    right_w = max(table.px(252), min(table.px(420), t.w - gap - table.px(MAIN_MAX_W)))
    table.main_rect = pygame.Rect(t.x, t.y, t.w - right_w - gap, t.h)
    table.right_rect = pygame.Rect(table.main_rect.right + gap, t.y, right_w, t.h)
    grow = KIDS_CARDS if table.vstate.kids else 1.0  # a six-year-old's cards: half as big again
    table.card_w = table.px(82 * grow)
    table.small_w = table.px(70 * grow)
    market_h = card_height(table.small_w) + table.px(6)
    words = 2 * table.fonts.font("body", True).get_linesize() + button_height(table) + table.px(14)
    hand_h = max(card_height(table.card_w) + table.px(14), words)  # the prompt's two lines and the buttons
    m = table.main_rect
    table.market_rect = pygame.Rect(m.x, m.y, m.w, market_h)
    table.hand_rect = pygame.Rect(m.x, m.bottom - hand_h, m.w, hand_h)
    table.board_rect = pygame.Rect(
        m.x,
        table.market_rect.bottom + table.px(8),
        m.w,
        table.hand_rect.top - table.px(8) - table.market_rect.bottom - table.px(8),
    )
    # market: pool, deck, discard; the rest holds the prompt and the refresh button
    x = m.x + table.px(4)
    y = table.market_rect.y + table.px(3)
    table.pool_slots = []
    for _i in range(4):
        table.pool_slots.append(pygame.Rect(x, y, table.small_w, card_height(table.small_w)))
        x += table.small_w + table.px(6)
    x += table.px(10)
    table.deck_rect = pygame.Rect(x, y, table.small_w, card_height(table.small_w))
    x += table.small_w + table.px(8)
    table.discard_rect = pygame.Rect(x, y, table.small_w, card_height(table.small_w))
    x += table.small_w + table.px(14)
    table.info_rect = pygame.Rect(x, table.market_rect.y, m.right - x, market_h)
    # hand: cards on the left; the prompt and the buttons on the right (as wide as their words need)
    hand_room = 4 * table.card_w + 3 * table.px(10) + table.px(8)
    side_w = max(m.w - hand_room - table.px(12), round(SIDE_WORDS * table.s))
    side_w = min(side_w, m.w - table.card_w - table.px(20))
    table.side_rect = pygame.Rect(m.right - side_w, table.hand_rect.y + table.px(6), side_w,
                                  table.hand_rect.h - table.px(8))
    table.buttons_rect = table.side_rect


def board_geometry(table: TableParts) -> BoardGeo:
    """The rects of the big board (the scientists' and cards' rects are added as they are drawn)."""
    panel = table.board_rect
    pad = table.px(8)
    inner = panel.inflate(-pad * 2, -pad * 2)
    header = pygame.Rect(inner.x, inner.y, inner.w, table.px(24))
    geo = BoardGeo(panel, header)
    top = header.bottom + table.px(4)
    camp_w = table.px(50)
    cg = table.px(6)
    loc_w = (inner.w - 2 * camp_w - 4 * cg) // 3
    h = inner.bottom - top
    geo.camps = [pygame.Rect(inner.x, top, camp_w, h), pygame.Rect(inner.right - camp_w, top, camp_w, h)]
    legend_h = table.px(20)
    loc_h = h - legend_h - table.px(4)
    sci_h = table.px(52)
    for i in range(3):
        r = pygame.Rect(inner.x + camp_w + cg + i * (loc_w + cg), top, loc_w, loc_h)
        geo.locs.append(r)
        geo.sci.append(pygame.Rect(r.x, r.y, r.w, sci_h))
        area = pygame.Rect(r.x + table.px(4), r.y + sci_h + table.px(4), r.w - table.px(8), r.h - sci_h - table.px(8))
        cw = min(table.card_w, round(area.h * 0.5 / pc.CARD_RATIO))
        geo.stacks.append(pygame.Rect(area.x, area.y, cw, area.h))
        geo.tracks.append(
            pygame.Rect(area.x + cw + table.px(6), area.y, area.right - area.x - cw - table.px(6), area.h)
        )
    geo.space_h = geo.tracks[0].h / (TRACK_SPACES + 1)
    geo.legend = pygame.Rect(geo.locs[0].x, inner.bottom - legend_h, geo.locs[2].right - geo.locs[0].x, legend_h)
    return geo


def track_space(table: TableParts, loc: int, space: int) -> pygame.Rect:
    assert table.geo is not None
    tr = table.geo.tracks[loc]
    sh = table.geo.space_h
    return pygame.Rect(tr.x, round(tr.y + space * sh), tr.w, round(sh) - table.px(2))


def hand_band(table: TableParts) -> pygame.Rect:
    """Where the hand (lifted or glowing), the prompt and the buttons can draw."""
    grow = table.px(40)
    m = table.main_rect
    top = table.hand_rect.y - grow
    return pygame.Rect(m.x - grow, top, m.w + 2 * grow, table.table_rect.bottom - top)
