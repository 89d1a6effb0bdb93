"""Where everything of the ILAN table goes: a pure value made from the table's rect, its scale and the
number of seats (no drawing, no state)::

    +-----------------+--------------------------------------------------+
    |  score board:   | the Current: a row of cards that wraps | buttons |
    |  a loop of 40   |--------------------------------------------------|
    |  spaces, cubes  | the ecosystems: a panel a seat, 5 colour columns |
    |  decks inside   |                                                  |
    |-----------------|                                                  |
    |  prompt (kids)  |--------------------------------------------------|
    |  web's colours  | the hand of the seat holding the screen          |
    +-----------------+--------------------------------------------------+

The prompt's sentence is the top bar's (the shell's); the table shows kids' mode's picture prompt
under the board, or, while the pointer is on a card, what that card does.

The board is a square of 11 x 11 cells whose 40 border cells are the spaces: the Military Base is the
bottom-left corner (space 0, and 40), numbers run clockwise. The decks lie inside the loop.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

CARD_RATIO = 1.4
"""A card's height to its width (5:7)."""
BOARD_SHARE = 0.27
"""Of the table's width, at most what the score board takes."""
LOOP_CELLS = 11
BUTTONS = 3
CURRENT_ROW = 8
"""Cards of the Current in one row before it wraps."""


@dataclass(frozen=True)
class Layout:
    board: pygame.Rect
    """The score board's square."""
    spaces: tuple[pygame.Rect, ...]
    """The 40 spaces, the Military Base (0) first, then clockwise."""
    decks: tuple[pygame.Rect, pygame.Rect]
    """The biodiversity and the factors deck, inside the loop."""
    below_board: pygame.Rect
    """Under the board: the colours the viewer's web holds (kids' mode: "collect all five colours!")."""
    prompt: pygame.Rect
    """Under the board, above the colours: kids' mode's prompt, or what the card under the pointer does."""
    buttons: tuple[pygame.Rect, ...]
    current: pygame.Rect
    current_card: tuple[int, int]
    """A card of the Current (w, h); the row wraps past ``CURRENT_ROW`` cards."""
    ecosystems: tuple[pygame.Rect, ...]
    """One panel a seat, in seat order."""
    hand: pygame.Rect
    hand_card: tuple[int, int]

    def current_rects(self, count: int) -> list[pygame.Rect]:
        """Where each card of the Current goes: rows of ``CURRENT_ROW``, closer when more rows than
        fit would be needed."""
        w, h = self.current_card
        if count == 0:
            return []
        per_row = max(CURRENT_ROW, -(-count // max(1, self.current.h // (h // 2))))
        gap = max(2, (self.current.w - per_row * w) // max(1, per_row - 1))
        gap = min(gap, w // 6)
        rows = -(-count // per_row)
        step_y = h if rows == 1 else min(h + gap, (self.current.h - h) // (rows - 1))
        return [pygame.Rect(self.current.x + (k % per_row) * (w + gap), self.current.y + (k // per_row) * step_y, w, h)
                for k in range(count)]


def _spaces(board: pygame.Rect) -> tuple[pygame.Rect, ...]:
    n = LOOP_CELLS
    cell = board.w / n
    cells: list[tuple[int, int]] = []
    cells += [(0, n - 1 - k) for k in range(n)]  # up the left side from the bottom-left corner
    cells += [(k, 0) for k in range(1, n)]  # along the top
    cells += [(n - 1, k) for k in range(1, n)]  # down the right side
    cells += [(n - 1 - k, n - 1) for k in range(1, n - 1)]  # back along the bottom
    return tuple(pygame.Rect(round(board.x + c * cell), round(board.y + r * cell), round(cell), round(cell))
                 for c, r in cells)


def lay_out(table: pygame.Rect, s: float, seats: int) -> Layout:
    pad = round(12 * s)
    gap = round(8 * s)
    side = min(round(table.w * BOARD_SHARE), table.h - pad * 2 - round(150 * s))
    side -= side % LOOP_CELLS
    board = pygame.Rect(table.x + pad, table.y + pad, side, side)
    cell = side // LOOP_CELLS
    inner = board.inflate(-cell * 2 - gap * 2, -cell * 2 - gap * 2)
    deck_h = min(inner.h - round(30 * s), round(inner.w / 2 * CARD_RATIO))
    deck_w = round(deck_h / CARD_RATIO)
    decks = (pygame.Rect(inner.centerx - gap // 2 - deck_w, inner.y + gap, deck_w, deck_h),
             pygame.Rect(inner.centerx + gap // 2, inner.y + gap, deck_w, deck_h))
    below = pygame.Rect(board.x, board.bottom + gap, board.w, table.bottom - pad - board.bottom - gap)
    colours_h = min(round(96 * s), below.h // 2)
    prompt = pygame.Rect(below.x, below.y, below.w, below.h - colours_h - gap)
    below = pygame.Rect(below.x, below.bottom - colours_h, below.w, colours_h)
    right = pygame.Rect(board.right + pad, table.y + pad, table.right - pad - board.right - pad, table.h - pad * 2)
    button_w = round(170 * s)
    button_h = round(40 * s)
    hand_h = min(round(150 * s), right.h // 4)
    hand = pygame.Rect(right.x, right.bottom - hand_h, right.w, hand_h)
    hand_card = (round(hand_h / CARD_RATIO), hand_h)
    middle = right.h - hand_h - gap
    current_h = max(BUTTONS * button_h + (BUTTONS - 1) * gap, min(round(middle * 0.34), round(140 * s)))
    current_card = (round(current_h / CARD_RATIO), current_h)
    current = pygame.Rect(right.x, right.y, right.w - button_w - gap, current_h)
    buttons = tuple(pygame.Rect(current.right + gap, right.y + k * (button_h + gap), button_w, button_h)
                    for k in range(BUTTONS))
    eco_top = current.bottom + gap
    eco_h = hand.y - gap - eco_top
    per_row = seats if seats <= 3 or right.w / seats >= 230 * s else -(-seats // 2)
    rows = -(-seats // per_row)
    w = (right.w - gap * (per_row - 1)) // per_row
    h = (eco_h - gap * (rows - 1)) // rows
    ecosystems = tuple(pygame.Rect(right.x + (k % per_row) * (w + gap), eco_top + (k // per_row) * (h + gap), w, h)
                       for k in range(seats))
    return Layout(board, _spaces(board), decks, below, prompt, buttons, current, current_card, ecosystems, hand,
                  hand_card)
