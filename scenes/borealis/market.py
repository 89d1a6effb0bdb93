"""The Borealis market row: the pool's four slots, the deck and the discard pile, each a cached
piece of the static layer (a take repaints only the slot that changed), and the round's info beside
them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _, ngettext
from scenes.borealis import pieces as pc
from scenes.borealis.static_layer import cached_piece
from scenes.kit.hits import Hit

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


def draw_market(table: TableParts, hides: set) -> None:
    """The market as separate pieces (each pool slot, the deck, the discard pile), so that a take,
    a refresh or a regroup paints again only the cards that changed."""
    state, lay = table.vstate, table.lay
    for i, slot in enumerate(lay.pool_slots):
        cid = state.pool[i] if i < len(state.pool) else None
        key = ("pool", i, cid, cid is not None and ("card", cid) in hides, lay.small_w)
        cached_piece(table, key, slot, lambda surf, o, i=i: paint_pool_slot(table, surf, o, i, hides))
    cached_piece(
        table, ("deck", len(state.deck), lay.small_w), lay.deck_rect, lambda surf, o: paint_deck(table, surf, o)
    )
    shown = [c for c in state.discard if ("card", c) not in hides]  # cards flying there land later
    top = shown[-1] if shown else None
    cached_piece(
        table,
        ("discard", len(state.discard), top, lay.small_w),
        lay.discard_rect,
        lambda surf, o: paint_discard(table, surf, o, top),
    )


def paint_pool_slot(table: TableParts, layer: pygame.Surface, off: tuple[int, int], i: int, hides: set) -> None:
    state = table.vstate
    slot = table.lay.pool_slots[i]
    r = slot.move(off)
    if i < len(state.pool):
        cid = state.pool[i]
        table.pool_rects[cid] = slot
        table.hits.append(Hit(slot, "pool", cid, _("In the pool:") + "\n" + pc.card_tip(cid)))
        if ("card", cid) not in hides:
            layer.blit(table.pieces.face(cid, table.lay.small_w), r)
    else:
        layer.blit(table.pieces.slot(table.lay.small_w, table.pal.line), r)


def paint_deck(table: TableParts, layer: pygame.Surface, off: tuple[int, int]) -> None:
    state = table.vstate
    r = table.lay.deck_rect.move(off)
    n = len(state.deck)
    if n:
        layer.blit(table.pieces.back(table.lay.small_w), r)
    else:
        layer.blit(table.pieces.slot(table.lay.small_w, table.pal.line), r)
    count_badge(table, layer, r, str(n))
    table.hits.append(
        Hit(
            table.lay.deck_rect,
            "deck",
            None,
            ngettext(
                "The deck: {n} card left. Take its top card instead of a pool card.",
                "The deck: {n} cards left. Take its top card instead of a pool card.",
                n,
            ).format(n=n),
        )
    )


def paint_discard(table: TableParts, layer: pygame.Surface, off: tuple[int, int], top: int | None) -> None:
    """The discard pile with ``top`` face up (the top card that has landed; None: no card shows)."""
    state = table.vstate
    r = table.lay.discard_rect.move(off)
    d = len(state.discard)
    if d and top is not None:
        layer.blit(table.pieces.face(top, table.lay.small_w), r)
        tip = ngettext("The discard pile: {n} card; the top one is:", "The discard pile: {n} cards; the top one is:",
                       d).format(n=d) + "\n" + pc.card_tip(top)
    else:
        layer.blit(table.pieces.slot(table.lay.small_w, table.pal.line), r)
        tip = _("The discard pile is empty. When the deck runs out, it is shuffled into a new deck.")
    count_badge(table, layer, r, str(d))
    table.hits.append(Hit(table.lay.discard_rect, "discard", None, tip))


def count_badge(table: TableParts, layer: pygame.Surface, r: pygame.Rect, text: str) -> None:
    img = table.fonts.render(text, "small", table.pal.text, True)
    pad = table.px(5)
    badge = pygame.Rect(0, 0, max(img.get_width() + pad * 2, img.get_height()), img.get_height())
    badge.midbottom = (r.centerx, r.bottom - table.px(4))
    pygame.draw.rect(layer, table.pal.night, badge, border_radius=badge.h // 2)
    pygame.draw.rect(layer, table.pal.line, badge, max(1, table.px(1)), border_radius=badge.h // 2)
    layer.blit(img, img.get_rect(center=badge.center))


def draw_info(table: TableParts) -> None:
    """Beside the market: the round, and a warning in the last round."""
    state = table.vstate
    key = (
        "info",
        state.round,
        table.match.name(state.first_player),
        state.final_round and not table.match.is_over(),
    )
    cached_piece(table, key, table.lay.info_rect, lambda surf, o: paint_info(table, surf, o), ("info",))


def paint_info(table: TableParts, layer: pygame.Surface, off: tuple[int, int]) -> None:
    """The round, who starts it and, in the last round, a warning: as many lines as the rect holds
    (the last one shortened; the tip says it all)."""
    state = table.vstate
    pal, fonts = table.pal, table.fonts
    r = table.lay.info_rect.move(off)
    y = r.y + table.px(6)
    title = _("Round {n}").format(n=state.round)
    step = "h3" if fonts.font("h3", True).size(title)[0] <= r.w else "body"
    img = fonts.render(fonts.fit(title, r.w, step, True), step, pal.text, True)
    layer.blit(img, (r.x, y))
    y += img.get_height() + table.px(2)
    last = state.final_round and not table.match.is_over()
    warning = fonts.font("body", True).get_linesize() + table.px(2) if last else 0
    line_h = fonts.font("small").get_linesize()
    starts = _("{name} starts each round.").format(name=table.match.name(state.first_player))
    lines = fonts.wrap(starts, r.w, "small")
    room = max(0, (r.bottom - y - warning) // line_h)
    if len(lines) > room > 0:
        lines = [*lines[: room - 1], fonts.fit(" ".join(lines[room - 1:]), r.w, "small")]
    for t in lines[:room]:
        layer.blit(fonts.render(t, "small", pal.text_dim), (r.x, y))
        y += line_h
    if last:
        layer.blit(fonts.render(fonts.fit(_("Last round!"), r.w, "body", True), "body", pal.coral, True),
                   (r.x, y + table.px(2)))
    rule = _("The game ends after the round in which someone has 7 cards in one location.")
    table.hits.append(Hit(table.lay.info_rect, "info", None, f"{title}. {starts}\n{rule}"))
