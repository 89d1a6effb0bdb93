"""What is under the pointer at the Borealis table (``Hit``: a rect with what it is and its tip) and
what the mouse and the number keys do there: hover, drag a hand card to a location, click."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from scenes.borealis import pieces as pc
from scenes.kit.hand_row import DRAG_AFTER, Drag, row_hits
from scenes.kit.hits import Hit

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


def hit_at(table: TableParts, pos: tuple[int, int]) -> Hit | None:
    """What is under ``pos``: a hand card first (the hand is drawn over the layer), then the last hit drawn."""
    hit = table.hits.at(pos, over=row_hits(table.hand_rects, "hand", lambda _c: None))
    if hit is not None and hit.kind == "hand":
        hit.tip = pc.card_tip(hit.value)  # only for the card under the pointer
    return hit


def location_at(table: TableParts, pos: tuple[int, int]) -> int | None:
    if table.geo is None:
        return None
    for i, r in enumerate(table.geo.locs):
        if r.collidepoint(pos):
            return i
    return None


POINTER = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def handle_event(table: TableParts, event: pygame.event.Event) -> None:
    if event.type in POINTER:
        table.ensure()  # what is under the pointer is what the still picture shows now
    if event.type == pygame.MOUSEMOTION:
        old = table.hover
        table.hover = event.pos
        if table.drag is not None:
            table.drag.follow(event.pos, table.px(DRAG_AFTER))
            table.app.dirty = True
        elif old is None or hover_key(table, old) != hover_key(table, event.pos):
            table.app.dirty = True
        return
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = hit_at(table, event.pos)
        if hit is not None and hit.kind == "hand" and hit.value in table.playable_cards():  # greyed: a click
            table.drag = Drag.press(hit.value, event.pos, hit.rect)
        return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        drag, table.drag = table.drag, None
        if drag is not None and drag.moved:
            loc = location_at(table, event.pos)
            if loc is not None:
                table.selected = drag.card
                table.click_location(loc, event.pos)
            table.app.dirty = True
            return
        click(table, event.pos)
        return
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5):
        hand = table.hand_cards()
        i = event.key - pygame.K_1
        if i < len(hand):
            table.click_hand(hand[i])


def hover_key(table: TableParts, pos: tuple[int, int]) -> Any:
    return table.hits.key_at(pos, over=row_hits(table.hand_rects, "hand", lambda _c: None))


def click(table: TableParts, pos: tuple[int, int]) -> None:
    """A click names a thing as the rules do (a card, a location, the deck, a camp) and goes through
    the prompt (``Controls``); what the rules name nothing (the goals, the opponents) does nothing."""
    hit = hit_at(table, pos)
    table.app.dirty = True
    if hit is None:
        table.selected = None
        return
    kind = hit.kind
    if kind == "hand":
        table.click_hand(hit.value, pos)
    elif kind in ("loc", "card", "sci", "track") and isinstance(hit.value, tuple) and hit.value[0] == "main":
        table.click_location(hit.value[1], pos)
    elif kind == "pool":
        table.click_on(f"card:{hit.value}", pos)
    elif kind == "deck":
        table.click_on("deck", pos)
    elif kind == "camp" and hit.value is not None:
        table.click_on(f"board:{table.main_seat()}:{hit.value}", pos)


def click_targets(table: TableParts) -> dict[str, list[int]]:
    """Named rects of what can be clicked (for the automation trace of real-window tests)."""
    out = {f"hand:{cid}": list(r) for cid, r in table.hand_rects.items()}
    out.update({f"pool:{cid}": list(r) for cid, r in table.pool_rects.items()})
    out["deck"] = list(table.lay.deck_rect)
    if table.geo is not None:
        out.update({f"loc:{i}": list(r) for i, r in enumerate(table.geo.locs)})
    return out


def hover_text(table: TableParts, pos: tuple[int, int]) -> str | None:
    table.ensure()
    for btn, tip in table.bar.tips():
        if btn.visible and btn.rect.collidepoint(pos):
            return tip
    hit = hit_at(table, pos)
    return None if hit is None else hit.tip
