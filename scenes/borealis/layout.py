"""Where the Borealis table's parts go inside the shell's ``table_rect``: the market row, the big
board, the hand row and the right column (``lay_out``, a frozen ``Layout`` the table keeps as
``lay``), and the rects of the big board (``board_geometry``, a ``BoardGeo``). Plain functions of
plain values (the rect, the scales, a line height, kids' mode): they never see the table."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.borealis.data import TRACK_SPACES
from scenes.borealis import pieces as pc
from scenes.borealis.pieces import card_height

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


def pieces_scale(table_rect: pygame.Rect, s: float, kids: bool) -> float:
    """The scale of the table's pieces (cards, boards) in ``table_rect``: the UI scale ``s``, or less
    where the table is too small for them beside the words at that scale (a large text size), so that
    the words keep their size and nothing runs off the table. Across, the market row and the round's
    words, and the hand and the prompt's words, each beside the right column; down, the market, the
    smallest board and the hand."""
    t = table_rect
    grow = KIDS_CARDS if kids else 1.0
    small, card = 70 * grow, 82 * grow
    market = 4 + 4 * small + 3 * 6 + 10 + small + 8 + small + 14
    hand = 4 * card + 3 * 10 + 8 + 12 + 20
    down = small * pc.CARD_RATIO + 6 + 8 + BOARD_MIN_H + 8 + card * pc.CARD_RATIO + 14
    return max(0.25, min(s, (t.w - INFO_MIN_W * s) / (market + 10 + RIGHT_MIN_W),
                         (t.w - SIDE_WORDS * s) / (hand + 10 + RIGHT_MIN_W), t.h / down))


def button_height(scale: float, body_line: int) -> int:
    """The buttons beside the hand: as tall as the pieces' ``scale`` makes them, or as their words
    need (``body_line``: the line height of the bold body type)."""
    return max(round(42 * scale), body_line + round(8 * scale))


@dataclass(frozen=True)
class Layout:
    """Where the table's parts go (``lay_out``). Its rects are shared: copy one before changing it."""

    main_rect: pygame.Rect
    """The market row, the big board and the hand row."""
    right_rect: pygame.Rect
    """The right column: the goals, then the opponents."""
    market_rect: pygame.Rect
    hand_rect: pygame.Rect
    board_rect: pygame.Rect
    info_rect: pygame.Rect
    """The round's words, beside the discard."""
    side_rect: pygame.Rect
    """Beside the hand: the prompt above the buttons."""
    buttons_rect: pygame.Rect
    """Where the buttons are laid out (``side_rect``)."""
    prompt_rect: pygame.Rect
    """The prompt when the buttons show: ``side_rect`` above them."""
    deck_rect: pygame.Rect
    discard_rect: pygame.Rect
    pool_slots: tuple[pygame.Rect, ...]
    card_w: int
    """A hand card's width."""
    small_w: int
    """A pool, deck or discard card's width."""
    button_h: int
    """The buttons' height (``button_height``)."""

    @classmethod
    def nowhere(cls) -> Layout:
        """Before the first layout: every rect empty."""
        empty = pygame.Rect(0, 0, 0, 0)
        return cls(*(pygame.Rect(empty) for _k in range(11)), (), 0, 0, 0)


def lay_out(table_rect: pygame.Rect, scale: float, text_scale: float, body_line: int, kids: bool) -> Layout:
    """The table's rects in ``table_rect`` at the pieces' ``scale`` (``pieces_scale``): its main part
    and right column, the market row (pool slots, deck, discard, the round's info), the board, the
    hand row and the side of it where the prompt and the buttons go; and the card widths.
    ``text_scale`` is the words' (the UI scale), ``body_line`` the bold body type's line height."""

    def px(logical: float) -> int:
        return round(logical * scale)

    t = table_rect
    gap = px(10)
    # the right column takes what a wide window (or the hidden log) leaves beyond the board's
    # comfortable width, so the board's places never stretch into long empty gaps
    right_w = max(px(252), min(px(420), t.w - gap - px(MAIN_MAX_W)))
    main_rect = pygame.Rect(t.x, t.y, t.w - right_w - gap, t.h)
    right_rect = pygame.Rect(main_rect.right + gap, t.y, right_w, t.h)
    grow = KIDS_CARDS if kids else 1.0  # a six-year-old's cards: half as big again
    card_w = px(82 * grow)
    small_w = px(70 * grow)
    market_h = card_height(small_w) + px(6)
    button_h = button_height(scale, body_line)
    words = 2 * body_line + button_h + px(14)
    hand_h = max(card_height(card_w) + px(14), words)  # the prompt's two lines and the buttons
    m = main_rect
    market_rect = pygame.Rect(m.x, m.y, m.w, market_h)
    hand_rect = pygame.Rect(m.x, m.bottom - hand_h, m.w, hand_h)
    board_rect = pygame.Rect(
        m.x,
        market_rect.bottom + px(8),
        m.w,
        hand_rect.top - px(8) - market_rect.bottom - px(8),
    )
    # market: pool, deck, discard; the rest holds the prompt and the refresh button
    x = m.x + px(4)
    y = market_rect.y + px(3)
    pool_slots = []
    for _i in range(4):
        pool_slots.append(pygame.Rect(x, y, small_w, card_height(small_w)))
        x += small_w + px(6)
    x += px(10)
    deck_rect = pygame.Rect(x, y, small_w, card_height(small_w))
    x += small_w + px(8)
    discard_rect = pygame.Rect(x, y, small_w, card_height(small_w))
    x += small_w + px(14)
    info_rect = pygame.Rect(x, market_rect.y, m.right - x, market_h)
    # hand: cards on the left; the prompt and the buttons on the right (as wide as their words need)
    hand_room = 4 * card_w + 3 * px(10) + px(8)
    side_w = max(m.w - hand_room - px(12), round(SIDE_WORDS * text_scale))
    side_w = min(side_w, m.w - card_w - px(20))
    side_rect = pygame.Rect(m.right - side_w, hand_rect.y + px(6), side_w, hand_rect.h - px(8))
    prompt_rect = pygame.Rect(side_rect.x, side_rect.y, side_rect.w, side_rect.h - button_h - px(6))
    return Layout(
        main_rect=main_rect,
        right_rect=right_rect,
        market_rect=market_rect,
        hand_rect=hand_rect,
        board_rect=board_rect,
        info_rect=info_rect,
        side_rect=side_rect,
        buttons_rect=side_rect,
        prompt_rect=prompt_rect,
        deck_rect=deck_rect,
        discard_rect=discard_rect,
        pool_slots=tuple(pool_slots),
        card_w=card_w,
        small_w=small_w,
        button_h=button_h,
    )


@dataclass
class BoardGeo:
    """Rects of the big board (the one whose hand is shown)."""

    panel: pygame.Rect
    header: pygame.Rect
    locs: list[pygame.Rect] = field(default_factory=list)
    sci: list[pygame.Rect] = field(default_factory=list)
    stacks: list[pygame.Rect] = field(default_factory=list)
    tracks: list[pygame.Rect] = field(default_factory=list)
    camps: list[pygame.Rect] = field(default_factory=list)
    sci_slots: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    """(board position 0..4, colour) -> the rect of that scientist icon."""
    card_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    space_h: float = 0.0
    legend: pygame.Rect = field(default_factory=pygame.Rect)
    """The key under the locations: each vehicle's badge and name."""


def board_geometry(lay: Layout, scale: float) -> BoardGeo:
    """The rects of the big board in ``lay`` at the pieces' ``scale`` (the scientists' and cards'
    rects are added as they are drawn)."""

    def px(logical: float) -> int:
        return round(logical * scale)

    panel = pygame.Rect(lay.board_rect)
    pad = px(8)
    inner = panel.inflate(-pad * 2, -pad * 2)
    header = pygame.Rect(inner.x, inner.y, inner.w, px(24))
    geo = BoardGeo(panel, header)
    top = header.bottom + px(4)
    camp_w = px(50)
    cg = px(6)
    loc_w = (inner.w - 2 * camp_w - 4 * cg) // 3
    h = inner.bottom - top
    geo.camps = [pygame.Rect(inner.x, top, camp_w, h), pygame.Rect(inner.right - camp_w, top, camp_w, h)]
    legend_h = px(20)
    loc_h = h - legend_h - px(4)
    sci_h = px(52)
    for i in range(3):
        r = pygame.Rect(inner.x + camp_w + cg + i * (loc_w + cg), top, loc_w, loc_h)
        geo.locs.append(r)
        geo.sci.append(pygame.Rect(r.x, r.y, r.w, sci_h))
        area = pygame.Rect(r.x + px(4), r.y + sci_h + px(4), r.w - px(8), r.h - sci_h - px(8))
        cw = min(lay.card_w, round(area.h * 0.5 / pc.CARD_RATIO))
        geo.stacks.append(pygame.Rect(area.x, area.y, cw, area.h))
        geo.tracks.append(
            pygame.Rect(area.x + cw + px(6), area.y, area.right - area.x - cw - px(6), area.h)
        )
    geo.space_h = geo.tracks[0].h / (TRACK_SPACES + 1)
    geo.legend = pygame.Rect(geo.locs[0].x, inner.bottom - legend_h, geo.locs[2].right - geo.locs[0].x, legend_h)
    return geo
