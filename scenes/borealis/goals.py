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
from scenes.kit.seat_colours import seat_colour

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


GOAL_GAP = 4
"""Logical px between two goal tiles."""


def leading(table: TableParts) -> int:
    """The distance between two lines of a goal tile (its name's and its text's): tighter than the
    font's own line spacing, which keeps room for accents over capitals."""
    font = table.fonts.font("small")
    return min(font.get_linesize(), round(font.get_height() * 0.85))


def tile_height(table: TableParts, lines: int) -> int:
    """A goal tile's height with its name and ``lines`` lines of its text."""
    return 2 * table.px(4) + leading(table) * lines + table.fonts.font("small").get_height()


def text_width(table: TableParts) -> int:
    """The width of a goal's text: the whole tile but its margins (the icon is beside the name only)."""
    return table.lay.right_rect.w - 2 * table.px(6)


def goal_texts(table: TableParts) -> list[str]:
    """The texts of the scoring cards, then of the objectives, as their tiles show them."""
    state = table.vstate
    texts = [_(scoring_cards()[sid]["text"]) for sid in state.scoring]
    for slot in state.objectives:
        text = _(objectives()[slot.id]["text"])
        texts.append(_("Closed.") + " " + text if slot.removed else text)
    return texts


_PLANS: dict[tuple, list[int]] = {}
"""plan_lines's answers by what they depend on: the layer is composed after every move, the goals'
texts and room rarely change, and wrapping them all each time costs more than the tiles."""


def plan_lines(table: TableParts, texts: list[str], room: int) -> list[int]:
    """How many lines of its text each goal tile shows: all of them when the tiles fit in ``room``;
    else a line less for the longest ones, and so on (the tooltip has the whole text)."""
    font = table.fonts.font("small")
    key = (tuple(texts), text_width(table), room, id(table.fonts), id(font), font.get_linesize(),
           font.get_height(), table.px(GOAL_GAP), table.px(4))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 64:
            _PLANS.clear()
        plan = _PLANS[key] = _plan_lines(table, texts, room)
    return list(plan)


def _plan_lines(table: TableParts, texts: list[str], room: int) -> list[int]:
    w = text_width(table)
    lines = [len(table.fonts.wrap(t, w, "small")) for t in texts]
    gaps = (len(texts) - 1) * table.px(GOAL_GAP)
    while sum(tile_height(table, n) for n in lines) + gaps > room and max(lines, default=0) > 0:
        lines[max(range(len(lines)), key=lambda k: (lines[k], k))] -= 1
    return lines


def draw_goals(table: TableParts, room: int) -> int:
    """The scoring cards, then the objectives, from the top of the right column, each tile with its
    name and the lines of its text that let them all fit in ``room`` (the whole text where there is
    room); returns the y below them (the top of the column when there are none)."""
    state = table.vstate
    col = table.lay.right_rect
    y = col.y
    if not state.scoring and not state.objectives:
        return y
    plan = plan_lines(table, goal_texts(table), room)
    gap = table.px(GOAL_GAP)
    for sid, lines in zip(state.scoring, plan):
        r = pygame.Rect(col.x, y, col.w, tile_height(table, lines))
        cached_piece(
            table,
            ("scoring", sid, lines),
            r,
            lambda surf, o, r=r, sid=sid, lines=lines: draw_scoring(table, surf, o, r, sid, lines),
        )
        y = r.bottom + gap
    for slot, lines in zip(state.objectives, plan[len(state.scoring):]):
        r = pygame.Rect(col.x, y, col.w, tile_height(table, lines))
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
        cached_piece(
            table,
            key,
            r,
            lambda surf, o, r=r, slot=slot, lines=lines: draw_objective(table, surf, o, r, slot, lines),
            ("objective", slot.id),
        )
        y = r.bottom + gap
    return y - gap


def tile(table: TableParts, layer, off, r: pygame.Rect, border=None, dim: bool = False) -> None:
    pal = table.pal
    fill = pal.night_2 if dim else pal.panel
    pygame.draw.rect(layer, fill, r.move(off), border_radius=table.px(10))
    pygame.draw.rect(layer, border or pal.line, r.move(off), max(1, table.px(1)), border_radius=table.px(10))


def draw_scoring(table: TableParts, layer, off, r: pygame.Rect, sid: str, lines: int) -> None:
    pal, fonts = table.pal, table.fonts
    data = scoring_cards()[sid]
    tile(table, layer, off, r, pal.violet)
    pad, top = table.px(6), r.y + table.px(4)
    icon = table.px(20)
    layer.blit(table.pieces.icon(f"{pc.ART}/vp.svg", icon), (r.x + pad + off[0], top + off[1]))
    x = r.x + pad + icon + table.px(5)
    name = _(data["name"])
    text = _(data["text"])
    name_fit = fonts.fit(name, r.right - pad - x, "small", True)
    style.blit_text(layer, fonts, name_fit, (x + off[0], top + off[1]), "small", pal.text, True)
    blit_lines(table, layer, text, (r.x + pad, top + leading(table)), lines, off, pal.text_dim)
    table.hits.append(Hit(r, "scoring", sid, _("Scoring card: {name}").format(name=name) + "\n" + text))


def blit_lines(table: TableParts, layer, text: str, at: tuple[int, int], lines: int, off, colour) -> None:
    """The first ``lines`` lines of ``text`` wrapped to the goal text's width from ``at``; when it has
    more, the last one shown ends on a whole word and "…" (the tooltip has the rest)."""
    if lines <= 0:
        return
    fonts = table.fonts
    w = text_width(table)
    wrapped = fonts.wrap(text, w, "small")
    shown = wrapped[:lines]
    if len(wrapped) > lines:
        shown[-1] = whole_words(fonts, " ".join([shown[-1], *wrapped[lines:]]), w)
    step = leading(table)
    for k, t in enumerate(shown):
        layer.blit(fonts.render(t, "small", colour), (at[0] + off[0], at[1] + k * step + off[1]))


def whole_words(fonts, text: str, width: int) -> str:
    """As many whole words of ``text`` as fit ``width`` with "…" after them."""
    font = fonts.font("small")
    words = text.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    return fonts.fit(" ".join(words) + "…", width, "small")


def draw_objective(table: TableParts, layer, off, r: pygame.Rect, slot, lines: int) -> None:
    pal, fonts = table.pal, table.fonts
    data = objectives()[slot.id]
    table.objective_rects[slot.id] = r
    dim = slot.removed
    tile(table, layer, off, r, pal.green if slot.claimed_by and not dim else pal.line, dim=dim)
    pad, top = table.px(6), r.y + table.px(4)
    icon = table.px(20)
    layer.blit(
        table.pieces.icon(f"{pc.ART}/objective_{data['type']}.svg", icon, 120 if dim else 255),
        (r.x + pad + off[0], top + off[1]),
    )
    # right side: the 5-point tokens left, and who claimed it
    right = r.right - pad
    tok = table.px(20)
    count = fonts.render(f"×{slot.tokens}", "small", pal.text if slot.tokens else pal.text_dim, True)
    right -= count.get_width()
    layer.blit(count, count.get_rect(topleft=(right + off[0], top + off[1])))
    right -= tok + table.px(2)
    layer.blit(
        table.pieces.icon(f"{pc.ART}/token_5.svg", tok, 120 if not slot.tokens else 255),
        (right + off[0], top + off[1]),
    )
    tr = table.px(7)
    for seat in reversed(slot.claimed_by):
        right -= tr * 2 + table.px(3)
        token = seat_colour(table.match.game.info, table.match.seats[seat].colour)
        style.draw_player_token(layer, token, (right + tr + off[0], top + tr + table.px(3) + off[1]), tr)
    x = r.x + pad + icon + table.px(5)
    name = _(data["name"])
    text = _(data["text"])
    style.blit_text(
        layer,
        fonts,
        fonts.fit(name, right - x - table.px(4), "small", True),
        (x + off[0], top + off[1]),
        "small",
        pal.text_dim if dim else pal.text,
        True,
    )
    if dim:
        text = _("Closed.") + " " + text
    blit_lines(table, layer, text, (r.x + pad, top + leading(table)), lines, off, pal.text_dim)
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
