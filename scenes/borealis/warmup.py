"""Painting ahead of need at the Borealis table: every card face at every width in use, and (with bots
only) the other seats' big boards, a little in each turn of the loop that has time left, so that no
frame where a move lands pays for it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from game.borealis.data import cards, species, vehicles
from game.core.contract import HIDDEN
from scenes.borealis import pieces as pc
from scenes.borealis.board import draw_board
from scenes.borealis.layout import board_geometry
from scenes.borealis.opponents import chip_icon_sizes
from scenes.kit.art import has_svg

if TYPE_CHECKING:
    from scenes.borealis.table import BorealisTable

WARM_UNTIL = 0.004
"""While the caches warm up, a turn of the loop goes on painting card faces ahead of need until
this many seconds after it began (so never in a frame that is already busy, as one where a move lands)."""
AHEAD_BEFORE = 0.003
"""A board is painted ahead (a few ms) only in a turn of the loop that is less than this far along."""
PRERENDER_KEEPS = ("hits", "_parts", "geo", "pool_rects", "opp_rects", "opp_locs", "objective_rects")
"""What painting a board ahead changes on the table, put back as it was afterwards."""


def face_widths(table: BorealisTable) -> list[int]:
    """Every width a card face is shown at: hand, pool and discard, the board's cascade, and the
    small card that flies to an opponent's board."""
    stack_w = board_geometry(table).stacks[0].w
    return list(dict.fromkeys((table.card_w, table.small_w, stack_w, table.px(40))))


def warm_jobs(table: BorealisTable) -> Any:
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


def plan_ahead(table: BorealisTable) -> None:
    """With bots only, the big board is the seat to act's: paint the other seats' boards ahead
    (each stays as it is until its own turn), the next to act first."""
    table._ahead = []
    if table.match.humans or table.match.is_over():
        return
    n = len(table.vstate.players)
    main = table.main_seat()
    table._ahead = [(main + k) % n for k in range(n - 1, 0, -1)]  # popped from the end


def prerender_board(table: BorealisTable, seat: int, compose: bool = True) -> None:
    """Paint ``seat``'s big board's pieces and compose them into its cached picture (``compose``),
    leaving the table as it was."""
    saved = [getattr(table, name) for name in PRERENDER_KEEPS]
    table.hits, table._parts = [], []
    table.pool_rects, table.opp_rects, table.opp_locs, table.objective_rects = {}, {}, {}, {}
    try:
        draw_board(table, set(), seat, compose)
    finally:
        for name, value in zip(PRERENDER_KEEPS, saved):
            setattr(table, name, value)


def warm_step(table: BorealisTable, deadline: float | None = None, ahead_before: float | None = None) -> None:
    """Paint faces ahead until ``deadline`` (perf_counter; default: ``WARM_UNTIL`` after the turn
    of the loop began), then boards ahead (one started only before ``ahead_before``)."""
    if table._warm is None and not table._ahead:
        return
    start = table.app.frame_started
    deadline = start + WARM_UNTIL if deadline is None else deadline
    ahead_before = start + AHEAD_BEFORE if ahead_before is None else ahead_before
    while table._warm is not None and time.perf_counter() < deadline:
        if next(table._warm, StopIteration) is StopIteration:
            table._warm = None
    while table._warm is None and table._ahead and time.perf_counter() < ahead_before:
        job = table._ahead.pop()
        seat, compose = job if isinstance(job, tuple) else (job, False)
        if seat < len(table.vstate.players) and seat != table.main_seat():
            prerender_board(table, seat, compose)
            if not compose:
                table._ahead.append((seat, True))  # its pieces first, composed in a later step
