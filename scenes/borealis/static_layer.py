"""The Borealis table's pieces of the kit's static layer (scenes/kit/layer.py): a piece's key gains
what every piece depends on (its rect, the scale, the look, kids' mode, the language), and the rects
a piece records as it is painted are the table's named dicts; each seat's big board is a group."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core import i18n
from scenes.borealis.pieces import FACES_BYTES
from scenes.kit import style
from scenes.kit.composite import Part
from scenes.kit.layer import PIECES_BUDGET, Painter

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts

PICTURES_BYTES = PIECES_BUDGET + FACES_BYTES
"""What the layer's pieces and the card faces keep together, at any window size (34 MB)."""
PIECES_MOST = 20 * 2**20
SHARED_FROM_SCALE = 1.5
"""The pieces' scale (1920x1080) up to which the pieces keep ``PIECES_BUDGET`` and the faces the rest."""

RECORDED = ("pool_rects", "opp_rects", "opp_locs", "objective_rects")
"""The table's dicts of rects a piece fills as it is painted (replayed when it is reused)."""
RECORDED_GEO = ("sci_slots", "card_rects")
"""The same, of the big board's geometry."""


def recorded(table: TableParts) -> list[tuple[str, dict]]:
    """The dicts of rects pieces record as they are painted, by name (``RECORDED``, ``RECORDED_GEO``)."""
    out = [(name, getattr(table, name)) for name in RECORDED]
    if table.geo is not None:
        out += [(name, getattr(table.geo, name)) for name in RECORDED_GEO]
    return out


def cached_piece(table: TableParts, key: tuple, r: pygame.Rect, painter: Painter,
                 slot: Hashable | None = None, movable: bool = False) -> None:
    """The piece at ``r``, painted by ``painter(surface, off)`` once per what it shows; one with a
    ``slot`` may show its last picture one more frame when the frame is busy (an opponent's board).
    A ``movable`` piece is painted the same at any height (its key holds ``r``'s x and size, not its
    y): one moved up or down (an opponent's board, when the big board changes seats) is not painted
    again. Its x stays in the key: a painter may round a fraction added to it."""
    where = (r.x, r.w, r.h) if movable else tuple(r)
    key = (*key, where, round(table.s, 4), table.pal.name, table.vstate.kids, i18n.language())
    table.layer.piece(key, r, table.px(8), painter, table.hits, recorded(table), slot)


def share_budgets(table: TableParts) -> None:
    """Split ``PICTURES_BYTES`` between the layer's pieces and the card faces for the table's scale.
    A move's pieces (the big board, the market, the goals, the column) and the board painted ahead
    grow with the pieces' area: 17 MB at 2560x1440, where 14 MB kept pushing each other out, so that
    nearly every piece was painted again after every move (3 % of the turns after a present overran
    their frame). The faces give that up: there every face at every width (31 MB) never fit anyway,
    while at 1920x1080 and below all of them do, as before."""
    grown = PIECES_BUDGET * (table.pieces_scale / SHARED_FROM_SCALE) ** 2
    pieces = round(min(PIECES_MOST, max(PIECES_BUDGET, grown)))
    table.layer.budget = pieces
    table.pieces.cards_bytes = PICTURES_BYTES - pieces


def board_rect(table: TableParts) -> pygame.Rect:
    """Where a seat's big board's picture goes (its margin holds the pieces' shadows)."""
    return table.lay.board_rect.inflate(2 * table.px(8), 2 * table.px(8))


def close_board(table: TableParts, seat: int, outer: list[Part]) -> None:
    """The board's pieces as one opaque picture (kept per seat), added to the layer."""
    rect = board_rect(table)
    size = table.app.view_size
    table.layer.close_group(("board", seat), rect, outer, style.background(size, table.pal),
                            (tuple(rect), size, table.pal.name))
