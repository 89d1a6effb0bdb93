"""What the Borealis table paints ahead of need (through the kit's ``Warmer``): every card face at every
width in use, and (with bots only) the other seats' big boards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.borealis.data import cards, species, vehicles
from game.core.contract import HIDDEN
from scenes.borealis import pieces as pc
from scenes.borealis.board import draw_board
from scenes.borealis.layout import board_geometry
from scenes.borealis.opponents import chip_icon_sizes
from scenes.borealis.static_layer import board_rect
from scenes.kit.art import has_svg
from scenes.kit.hits import Hits

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts

PRERENDER_KEEPS = ("hits", "geo", "pool_rects", "opp_rects", "opp_locs", "objective_rects")
"""What painting a board ahead changes on the table, put back as it was afterwards."""


def face_widths(table: TableParts) -> list[int]:
    """Every width a card face is shown at: hand, pool and discard, the board's cascade, and the
    small card that flies to an opponent's board."""
    stack_w = board_geometry(table.lay, table.pieces_scale).stacks[0].w
    return list(dict.fromkeys((table.lay.card_w, table.lay.small_w, stack_w, table.px(40))))


def warm_jobs(table: TableParts) -> Any:
    """Paint every card face at every width in use, one face per step, the cards in sight first.
    Painting a face the first time rasterises its SVG art (~1 ms a picture): done ahead, it never
    lands in the frame where a move shows the card."""
    state = table.vstate
    seen = [*state.pool, *state.discard[-1:], *(c for p in state.players for c in p.hand)]
    seen += reversed(state.deck)  # its top first (only when the viewer may see it: bots only)
    order = dict.fromkeys([c for c in seen if c != HIDDEN] + [c.id for c in cards()])
    widths = face_widths(table)
    for w in widths:
        table.pieces.back(w)
        yield
    for cid in order:
        for w in widths:
            for path, size in table.pieces.face_art(cid, w):
                if not has_svg(path, size):
                    table.pieces.svg(path, size)  # rasterising: the slow part, one picture a step
                    yield
            table.pieces.face(cid, w)
            yield
    for size in chip_icon_sizes(table):
        for path in [*(pc.species_key_art(k) for k in species()), *(pc.vehicle_art(v) for v in vehicles())]:
            table.pieces.icon(path, size)
            yield


PIECES_A_JOB = 2
"""New pieces of a board painted ahead in one slow job."""


def plan_ahead(table: TableParts) -> None:
    """With bots only, the big board is the seat to act's: paint the other seats' boards ahead
    (each stays as it is until its own turn), the next to act first, as many as the layer keeps
    beside the one shown. One more would push out the next seat's board, painted ahead for nothing
    and painted again in its turn's frame (at 2560x1440 two boards are kept, not four)."""
    table.warmer.slow = []
    if table.match.humans or table.match.is_over():
        return
    n = len(table.vstate.players)
    main = table.main_seat()
    ahead = table.layer.groups_kept(board_rect(table).size) - 1
    seats = [(main + k) % n for k in range(n - 1, 0, -1)]  # popped from the end
    table.warmer.slow = seats[max(0, len(seats) - ahead):] if ahead > 0 else []


def prerender_board(table: TableParts, seat: int, compose: bool = True, limit: int | None = None) -> bool:
    """Paint ``seat``'s big board's pieces and compose them into its cached picture (``compose``),
    leaving the table as it was. With a ``limit``, at most that many new pieces are painted (one
    slow job stays a few ms): whether some were left for later."""
    saved = [getattr(table, name) for name in PRERENDER_KEEPS]
    parts = table.layer.parts
    table.hits, table.layer.parts = Hits(), []
    table.pool_rects, table.opp_rects, table.opp_locs, table.objective_rects = {}, {}, {}, {}
    layer = table.layer
    layer.paint_limit, layer.skipped = limit, False
    try:
        draw_board(table, set(), seat, compose and limit is None)
    finally:
        left = layer.skipped
        layer.paint_limit, layer.skipped = None, False
        for name, value in zip(PRERENDER_KEEPS, saved):
            setattr(table, name, value)
        table.layer.parts = parts
    return left


def board_ahead(table: TableParts, job: int | tuple[int, bool]) -> tuple[int, bool] | None:
    """A slow job of the warm-up: a board's pieces first, composed in a later job."""
    seat, compose = job if isinstance(job, tuple) else (job, False)
    if seat < len(table.vstate.players) and seat != table.main_seat():
        if compose:
            prerender_board(table, seat, True)
        else:  # a piece or two a job: a board's six new pieces in one turn of the loop overran it
            return (seat, not prerender_board(table, seat, False, limit=PIECES_A_JOB))
    return None
