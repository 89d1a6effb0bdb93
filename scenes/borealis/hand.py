"""The Borealis hand row, drawn each frame over the static layer: where the hand's cards go, the cards
(lifted, glowing or marked), and the prompt beside them above the buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.state import ACTION, MULLIGAN
from game.core import i18n
from game.core.i18n import _
from scenes.borealis.pieces import card_height
from scenes.borealis.pointer import hit_at
from scenes.kit import style

if TYPE_CHECKING:
    from scenes.borealis.table import BorealisTable


def layout_hand(table: BorealisTable, hides: set) -> None:
    cards = table.hand_cards()
    x = table.hand_rect.x + table.px(4)
    y = table.hand_rect.bottom - card_height(table.card_w) - table.px(2)
    stepx = table.card_w + table.px(10)
    room = table.buttons_rect.x - table.px(12) - x
    if len(cards) > 1 and stepx * (len(cards) - 1) + table.card_w > room:
        stepx = (room - table.card_w) / (len(cards) - 1)
    for k, cid in enumerate(cards):
        table.hand_rects[cid] = pygame.Rect(round(x + k * stepx), y, table.card_w, card_height(table.card_w))
    table._hand_hidden = {h[1] for h in hides if h[0] == "card"}


def draw_hand(table: BorealisTable, surface: pygame.Surface) -> None:
    pal, fonts = table.pal, table.fonts
    seat = table.hand_seat()
    if seat is None:
        style.blit_text(
            surface,
            fonts,
            _("Hands stay hidden until a player takes the screen."),
            (table.hand_rect.x + table.px(8), table.hand_rect.centery),
            "body",
            pal.text_dim,
            False,
            "midleft",
        )
        return
    mine = table.my_turn()
    phase = table.vstate.phase
    playable = table.playable_cards() if mine and phase == ACTION else set()
    kids = table.vstate.kids
    hover_hit = hit_at(table, table.hover) if table.hover is not None else None
    hovered = hover_hit.value if hover_hit is not None and hover_hit.kind == "hand" else None
    hidden = getattr(table, "_hand_hidden", set())
    marked = table.marked
    for cid, r in table.hand_rects.items():
        if cid in hidden or (table.drag is not None and table.drag.moved and table.drag.card == cid):
            continue
        lift = 0
        if cid == table.selected:
            lift = table.px(12)
        elif cid == hovered and mine:
            lift = table.px(4)
        rr = r.move(0, -lift)
        if cid == table.selected:
            g = table.pieces.glow(rr.size, pal.green, max(2, table.px(3)), table.px(8))
            surface.blit(g, g.get_rect(center=rr.center))
        elif kids and cid in playable:
            g = table.pieces.glow(rr.size, pal.green, max(1, table.px(2)), table.px(8), 160)
            surface.blit(g, g.get_rect(center=rr.center))
        surface.blit(table.pieces.face(cid, table.card_w), rr)
        if cid in marked:
            word = _("redraw") if phase == MULLIGAN else _("discard")
            veil = pygame.Surface(rr.size, pygame.SRCALPHA)
            veil.fill((*pal.coral[:3], 70))
            surface.blit(veil, rr)
            pygame.draw.rect(surface, pal.coral, rr, max(2, table.px(3)), border_radius=table.px(7))
            img = fonts.render(word, "small", pal.paper, True)
            tag = img.get_rect(center=(rr.centerx, rr.y + rr.h // 3))
            pygame.draw.rect(surface, pal.coral, tag.inflate(table.px(10), table.px(4)), border_radius=table.px(6))
            surface.blit(img, tag)
    if not table.hand_rects:
        style.blit_text(
            surface,
            fonts,
            _("No cards in hand."),
            (table.hand_rect.x + table.px(8), table.hand_rect.centery),
            "body",
            pal.text_dim,
            False,
            "midleft",
        )


def prompt_area(table: BorealisTable) -> pygame.Rect:
    """Where the prompt goes: beside the hand, above the buttons (all of it when none shows)."""
    buttons = (table.btn_keep, table.btn_redraw, table.btn_regroup, table.btn_regroup_go, table.btn_cancel)
    if any(b.visible for b in (*buttons, table.btn_refresh)):
        return table.prompt_rect
    return table.side_rect


def prompt_lines(table: BorealisTable) -> tuple[str, list[str], pygame.Rect]:
    """The prompt wrapped to fit its area: in the body size, or the small one when that is too
    tall; if even that is too tall, the last line that fits ends with an ellipsis."""
    r = prompt_area(table)
    text = table.prompt()
    key = (text, tuple(r), table.fonts.scale, i18n.language())
    if table._prompt_cache is not None and table._prompt_cache[0] == key:
        return table._prompt_cache[1]
    room = r.h - table.px(4)
    for step in ("body", "small"):
        lines = table.fonts.wrap(text, r.w - table.px(4), step, True)
        if len(lines) * table.fonts.font(step, True).get_linesize() <= room:
            break
    else:
        fit = max(1, room // table.fonts.font(step, True).get_linesize())
        if len(lines) > fit:
            rest = " ".join(lines[fit - 1 :])
            lines = [*lines[: fit - 1], table.fonts.fit(rest, r.w - table.px(4), step, True)]
    table._prompt_cache = (key, (step, lines, r))
    return step, lines, r


def draw_prompt(table: BorealisTable, surface: pygame.Surface) -> None:
    step, lines, r = prompt_lines(table)
    colour = table.pal.green if table.my_turn() else table.pal.text_dim
    line = table.fonts.font(step, True).get_linesize()
    y = r.y + table.px(4)
    for t in lines:
        surface.blit(table.fonts.render(t, step, colour, True), (r.x, y))
        y += line
