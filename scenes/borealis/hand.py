"""The Borealis hand row, drawn each frame over the static layer: where the hand's cards go, the cards
(lifted, glowing or marked), and the prompt beside them above the buttons."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.borealis.state import ACTION, MULLIGAN
from game.core.i18n import _
from scenes.borealis.pieces import card_height
from scenes.borealis.pointer import hit_at
from scenes.kit import kids_prompt, style
from scenes.kit.hand_row import Look, draw_row, row_rects

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


def layout_hand(table: TableParts, hides: set) -> None:
    lay = table.lay
    x = lay.hand_rect.x + table.px(4)
    size = (lay.card_w, card_height(lay.card_w))
    right = lay.buttons_rect.x - table.px(12)
    table.hand_rects = row_rects(table.hand_cards(), x, lay.hand_rect.bottom - table.px(2), size, table.px(10), right)
    table._hand_hidden = {h[1] for h in hides if h[0] == "card"}


def hand_band(table: TableParts) -> pygame.Rect:
    """Where the hand (lifted or glowing), the prompt and the buttons can draw."""
    grow = table.px(40)
    m = table.lay.main_rect
    top = table.lay.hand_rect.y - grow
    return pygame.Rect(m.x - grow, top, m.w + 2 * grow, table.table_rect.bottom - top)


def _empty(table: TableParts, surface: pygame.Surface, text: str) -> None:
    at = (table.lay.hand_rect.x + table.px(8), table.lay.hand_rect.centery)
    style.blit_text(surface, table.fonts, text, at, "body", table.pal.text_dim, False, "midleft")


def draw_hand(table: TableParts, surface: pygame.Surface) -> None:
    pal, fonts = table.pal, table.fonts
    if table.hand_seat() is None:
        _empty(table, surface, _("Hands stay hidden until a player takes the screen."))
        return
    if not table.hand_rects:
        _empty(table, surface, _("No cards in hand."))
        return
    mine = table.my_turn()
    phase = table.vstate.phase
    playable = table.playable_cards() if mine and phase == ACTION else set()
    kids = table.vstate.kids
    hover_hit = hit_at(table, table.hover) if table.hover is not None else None
    hovered = hover_hit.value if hover_hit is not None and hover_hit.kind == "hand" else None
    marked = table.marked
    word = _("redraw") if phase == MULLIGAN else _("discard")

    def look(cid: Hashable) -> Look:
        if cid == table.selected:
            return Look(table.px(12), (pal.green, max(2, table.px(3)), table.px(8)))
        # a greyed card does not rise under the pointer: it cannot be picked up
        lift = table.px(4) if cid == hovered and mine and (phase != ACTION or cid in playable) else 0
        if kids and cid in playable:
            return Look(lift, (pal.green, max(1, table.px(2)), table.px(8), 160))
        return Look(lift)

    def veil(cid: Hashable, rr: pygame.Rect) -> None:
        if mine and phase == ACTION and cid not in playable and cid != table.selected:
            # fits none of the locations now: dimmed before anyone clicks it
            shade = table.pieces.card(("unplayable", rr.size), lambda: unplayable_shade(rr.size, pal.night))
            surface.blit(shade, rr)
        if cid not in marked:
            return
        cover = pygame.Surface(rr.size, pygame.SRCALPHA)
        cover.fill((*pal.coral[:3], 70))
        surface.blit(cover, rr)
        pygame.draw.rect(surface, pal.coral, rr, max(2, table.px(3)), border_radius=table.px(7))
        img = fonts.render(word, "small", pal.paper, True)
        tag = img.get_rect(center=(rr.centerx, rr.y + rr.h // 3))
        pygame.draw.rect(surface, pal.coral, tag.inflate(table.px(10), table.px(4)), border_radius=table.px(6))
        surface.blit(img, tag)

    skip = set(getattr(table, "_hand_hidden", set()))
    if table.drag is not None and table.drag.moved:
        skip.add(table.drag.card)
    draw_row(surface, table.hand_rects, lambda cid: table.pieces.face(cid, table.lay.card_w), look,
             table.pieces.glow, veil, skip)


def unplayable_shade(size: tuple[int, int], colour: pygame.Color) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*colour[:3], 120), shade.get_rect(), border_radius=max(3, round(size[0] * 0.08)))
    return shade


def prompt_area(table: TableParts) -> pygame.Rect:
    """Where the prompt goes: beside the hand, above the buttons (all of it when none shows)."""
    if table.bar.visible():
        return table.lay.prompt_rect
    return table.lay.side_rect


def prompt_lines(table: TableParts) -> tuple[str, list[str], pygame.Rect]:
    """The prompt wrapped to fit its area (``PromptText``)."""
    r = prompt_area(table)
    step, lines = table.prompt_text_box.lines(table.fonts, table.prompt(), r, table.px(4))
    return step, lines, r


def draw_prompt(table: TableParts, surface: pygame.Surface) -> None:
    colour = table.pal.green if table.my_turn() else table.pal.text_dim
    r = prompt_area(table)
    kids = table.kids_prompt()
    if kids is not None:
        kids_prompt.draw(surface, table.fonts, kids[0], kids[1], r, table.px(4), colour)
        return
    table.prompt_text_box.draw(surface, table.fonts, table.prompt(), r, table.px(4), colour)
