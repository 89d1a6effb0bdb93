"""The Borealis goals at the top of the right column: the scoring cards and the objectives, as tiles
(cached pieces of the static layer) with as many lines of their text as the column has room for."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.data import objectives, scoring_cards
from game.core.i18n import _
from scenes.borealis import pieces as pc
from scenes.borealis.static_layer import cached_piece
from scenes.kit import style
from scenes.kit.hits import Hit

if TYPE_CHECKING:
    from scenes.borealis.table import BorealisTable


def draw_goals(table: BorealisTable, room: int) -> int:
    """The scoring cards, then the objectives, from the top of the right column, each tile with as
    many lines of its text (two at most) as let them all fit in ``room``; returns the y below them
    (the top of the column when there are none)."""
    state = table.vstate
    col = table.right_rect
    goals_n = len(state.scoring) + len(state.objectives)
    y = col.y
    if not goals_n:
        return y
    line = table.fonts.font("small").get_linesize()
    tile_pad = table.px(6)
    lines = 2
    while lines > 0 and goals_n * (tile_pad * 2 + line * (1 + lines)) + (goals_n - 1) * table.px(5) > room:
        lines -= 1
    tile_h = tile_pad * 2 + line * (1 + lines)
    for sid in state.scoring:
        r = pygame.Rect(col.x, y, col.w, tile_h)
        cached_piece(
            table,
            ("scoring", sid, lines),
            r,
            lambda surf, o, r=r, sid=sid: draw_scoring(table, surf, o, r, sid, lines),
        )
        y += tile_h + table.px(5)
    for slot in state.objectives:
        r = pygame.Rect(col.x, y, col.w, tile_h)
        key = (
            "objective",
            slot.id,
            lines,
            slot.tokens,
            tuple(slot.claimed_by),
            slot.removed,
            tuple(table.match.name(c) for c in slot.claimed_by),
            tuple(table.match.seats[c].colour for c in slot.claimed_by),
        )
        cached_piece(table, key, r, lambda surf, o, r=r, slot=slot: draw_objective(table, surf, o, r, slot, lines),
                     ("objective", slot.id))
        y += tile_h + table.px(5)
    return y


def tile(table: BorealisTable, layer, off, r: pygame.Rect, border=None, dim: bool = False) -> None:
    pal = table.pal
    fill = pal.night_2 if dim else pal.panel
    pygame.draw.rect(layer, fill, r.move(off), border_radius=table.px(10))
    pygame.draw.rect(layer, border or pal.line, r.move(off), max(1, table.px(1)), border_radius=table.px(10))


def draw_scoring(table: BorealisTable, layer, off, r: pygame.Rect, sid: str, lines: int) -> None:
    pal, fonts = table.pal, table.fonts
    data = scoring_cards()[sid]
    tile(table, layer, off, r, pal.violet)
    pad = table.px(6)
    icon = table.px(22)
    layer.blit(table.pieces.icon(f"{pc.ART}/vp.svg", icon), (r.x + pad + off[0], r.y + pad + off[1]))
    x = r.x + pad + icon + table.px(6)
    w = r.right - pad - x
    name = _(data["name"])
    text = _(data["text"])
    line = fonts.font("small").get_linesize()
    style.blit_text(
        layer, fonts, fonts.fit(name, w, "small", True), (x + off[0], r.y + pad + off[1]), "small", pal.text, True
    )
    blit_lines(table, layer, text, pygame.Rect(x, r.y + pad + line, w, line * lines), lines, off, pal.text_dim)
    table.hits.append(Hit(r, "scoring", sid, _("Scoring card: {name}").format(name=name) + "\n" + text))


def blit_lines(table: BorealisTable, layer, text: str, r: pygame.Rect, lines: int, off, colour) -> None:
    if lines <= 0:
        return
    fonts = table.fonts
    wrapped = fonts.wrap(text, r.w, "small")
    line = fonts.font("small").get_linesize()
    shown = wrapped[:lines]
    if len(wrapped) > lines:
        shown[-1] = fonts.fit(shown[-1] + " " + " ".join(wrapped[lines:]), r.w, "small")
    for k, t in enumerate(shown):
        layer.blit(fonts.render(t, "small", colour), (r.x + off[0], r.y + k * line + off[1]))


def draw_objective(table: BorealisTable, layer, off, r: pygame.Rect, slot, lines: int) -> None:
    pal, fonts = table.pal, table.fonts
    data = objectives()[slot.id]
    table.objective_rects[slot.id] = r
    dim = slot.removed
    tile(table, layer, off, r, pal.green if slot.claimed_by and not dim else pal.line, dim=dim)
    pad = table.px(6)
    icon = table.px(22)
    layer.blit(
        table.pieces.icon(f"{pc.ART}/objective_{data['type']}.svg", icon, 120 if dim else 255),
        (r.x + pad + off[0], r.y + pad + off[1]),
    )
    # right side: the 5-point tokens left, and who claimed it
    right = r.right - pad
    tok = table.px(20)
    count = fonts.render(f"×{slot.tokens}", "small", pal.text if slot.tokens else pal.text_dim, True)
    right -= count.get_width()
    layer.blit(count, count.get_rect(topleft=(right + off[0], r.y + pad + off[1])))
    right -= tok + table.px(2)
    layer.blit(
        table.pieces.icon(f"{pc.ART}/token_5.svg", tok, 120 if not slot.tokens else 255),
        (right + off[0], r.y + pad - table.px(1) + off[1]),
    )
    tr = table.px(7)
    for seat in reversed(slot.claimed_by):
        right -= tr * 2 + table.px(3)
        style.draw_player_token(
            layer, table.match.seats[seat].colour, (right + tr + off[0], r.y + pad + tr + table.px(2) + off[1]), tr
        )
    x = r.x + pad + icon + table.px(6)
    name = _(data["name"])
    text = _(data["text"])
    line = fonts.font("small").get_linesize()
    style.blit_text(
        layer,
        fonts,
        fonts.fit(name, right - x - table.px(4), "small", True),
        (x + off[0], r.y + pad + off[1]),
        "small",
        pal.text_dim if dim else pal.text,
        True,
    )
    if dim:
        text = _("Closed.") + " " + text
    blit_lines(
        table, layer, text, pygame.Rect(x, r.y + pad + line, r.right - pad - x, line * lines), lines, off, pal.text_dim
    )
    who = ", ".join(table.match.name(s) for s in slot.claimed_by) or _("nobody yet")
    tip = (
        _("Objective: {name}").format(name=name)
        + "\n"
        + _(data["text"])
        + "\n"
        + _("Claimed by: {who}. 5-point tokens left: {n}.").format(who=who, n=slot.tokens)
    )
    if slot.claimed_by and not slot.removed:
        tip += "\n" + _("Others can still claim it until the end of this round.")
    if slot.removed:
        tip += "\n" + _("This objective has left the game.")
    table.hits.append(Hit(r, "objective", slot.id, tip))
