"""Where everything of the Ice Flow table goes: a pure value made from the table's rect, its scale and
the number of seats (no drawing, no state).

The strait takes the left of the table, as large as its hexes fit; the right is a column: the
prompt's sentence and its buttons at the top (with the turn's checklist), then one panel a seat
(name, explorers in Siberia, the backpack's three slots), then the bag of floes still to come.
While a new floe is turned, six pictures of it (one a turn) lie in a row under the prompt.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes.kit.hexes import HexLayout

SIDE_SHARE = 0.30
"""Of the table's width, what the right column takes (at least ``SIDE_MIN`` px at scale 1)."""
SIDE_MIN = 330
BUTTONS = 3


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    hexes: HexLayout
    side: pygame.Rect
    prompt: pygame.Rect
    """The prompt's sentence."""
    buttons: tuple[pygame.Rect, ...]
    """The prompt's buttons (New floe, Fish, End turn / Stop here / Take nothing), left to right."""
    checklist: pygame.Rect
    """The turn's two ticks: ice moved, explorer moved."""
    choices: tuple[pygame.Rect, ...]
    """Six slots under the prompt for choices with no place on the strait (a floe's turns, the items
    to pick up)."""
    seats: tuple[pygame.Rect, ...]
    bag: pygame.Rect

    def hex_rect(self, h: tuple[int, int], share: float = 0.7) -> pygame.Rect:
        """A square around the hex's centre, ``share`` of its width: its click target (hexes'
        squares never overlap at 0.7)."""
        x, y = self.hexes.centre(h)
        side = round(self.hexes.size * 2 * share)
        r = pygame.Rect(0, 0, side, side)
        r.center = (round(x), round(y))
        return r


def lay_out(table: pygame.Rect, s: float, cols: int, rows: int, seats: int) -> Layout:
    pad = round(14 * s)
    side_w = max(round(SIDE_MIN * s), round(table.w * SIDE_SHARE))
    side = pygame.Rect(table.right - side_w, table.y, side_w, table.h)
    board = pygame.Rect(table.x + pad, table.y + pad, side.x - table.x - pad * 2, table.h - pad * 2)
    hexes = HexLayout.fit(cols, rows, board)
    inner = side.inflate(-pad * 2, -pad * 2)
    prompt = pygame.Rect(inner.x, inner.y, inner.w, round(92 * s))
    button_h = round(44 * s)
    gap = round(8 * s)
    bw = (inner.w - gap * (BUTTONS - 1)) // BUTTONS
    row_y = prompt.bottom + gap
    buttons = tuple(pygame.Rect(inner.x + i * (bw + gap), row_y, bw, button_h) for i in range(BUTTONS))
    checklist = pygame.Rect(inner.x, row_y + button_h + gap, inner.w, round(30 * s))
    slot = min((inner.w - gap * 5) // 6, round(64 * s))
    choices_y = checklist.bottom + gap
    choices = tuple(pygame.Rect(inner.x + i * (slot + gap), choices_y, slot, slot) for i in range(6))
    bag_h = round(64 * s)
    bag = pygame.Rect(inner.x, inner.bottom - bag_h, inner.w, bag_h)
    seats_top = choices_y + slot + gap * 2
    seat_h = min(round(96 * s), (bag.y - gap - seats_top) // max(1, seats) - gap)
    seat_rects = tuple(pygame.Rect(inner.x, seats_top + i * (seat_h + gap), inner.w, seat_h) for i in range(seats))
    return Layout(board, hexes, side, prompt, buttons, checklist, choices, seat_rects, bag)
