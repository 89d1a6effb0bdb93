"""The Borealis table's moving pieces, made from the step's events (game/borealis/report.py names the
things and places): cards flying, scientists walking, flags stepping, and highlights that fade on what
just changed. Nothing here compares states: a card flies because the rules said it moved.

The table calls ``plan`` before it paints the layer of the new state (what the layer must leave out
while it moves: the cards in flight, the walking scientists, who are drawn where they stood), then
``start`` once the new rects are known."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import HIDDEN
from game.core.events import Changed, Event, Moved, Scored, Shuffled
from scenes.borealis.pieces import card_height
from scenes.kit.tween import ease_in_out_cubic, ease_out_cubic

if TYPE_CHECKING:
    from scenes.borealis.layout import BoardGeo
    from scenes.borealis.table import BorealisTable

FLY = 0.35
"""Seconds a card flies (DESIGN.md: 150-400 ms)."""
WALK = 0.35
FLAG = 0.3
FLASH = 1.6
"""Seconds the highlight on what just changed takes to fade."""
STAGGER = 0.06
"""Seconds between two cards of one step setting off (a refresh discards four)."""
MAX_STAGGER = 6


@dataclass
class Anim:
    kind: str
    """fly (a card), walk (a scientist), flag"""
    start: pygame.Rect | tuple[float, float]
    end: pygame.Rect | tuple[float, float]
    began: float
    duration: float
    payload: Any = None
    hides: tuple = ()
    """What the static layer leaves out while this runs: ("card", id) or ("sci", seat)."""

    def t(self, now: float) -> float:
        return max(0.0, min(1.0, (now - self.began) / self.duration))

    def done(self, now: float) -> bool:
        return now >= self.began + self.duration


@dataclass
class Before:
    """Where things were drawn before the step: the hand's cards and the big board's geometry."""

    hand: dict[int, pygame.Rect]
    geo: BoardGeo | None


def card_of(thing: str) -> int | None:
    """The id of ``card:<id>`` (None for a card the viewer may not see, or another thing)."""
    kind, _sep, rest = thing.partition(":")
    return int(rest) if kind == "card" and rest.isdigit() else None


def _parts(place: str) -> list[str]:
    return place.split(":")


def _int(text: str) -> int | None:
    return int(text) if text.lstrip("-").isdigit() else None


def _shown_on_board(table: BorealisTable, place: str) -> bool:
    """Whether a card arriving at ``place`` is drawn by the static layer or the hand row (which then
    leave it out while it flies)."""
    parts = _parts(place)
    main = table.main_seat()
    if parts[0] in ("pool", "discard"):
        return True
    if parts[0] == "cards" and len(parts) == 3:
        return _int(parts[1]) == main
    if parts[0] == "hand" and len(parts) == 2:
        return _int(parts[1]) == main and table.hand_seat() == main
    return False


def _scientist(event: Moved) -> tuple[int, int, int, int] | None:
    """(seat, colour, from position, to position) of a scientist's move."""
    thing, source, target = _parts(event.thing), _parts(event.source), _parts(event.target)
    if thing[0] != "scientist" or len(thing) != 3 or len(source) != 3 or len(target) != 3:
        return None
    values = [_int(thing[1]), _int(thing[2]), _int(source[2]), _int(target[2])]
    if any(v is None for v in values):
        return None
    seat, colour, a, b = values
    return seat, colour, a, b  # type: ignore[return-value]


def plan(table: BorealisTable, events: Iterable[Event]) -> set:
    """What the layer of the new state must leave out while the step's pieces move; records where the
    main board's walking scientists stood (``table.old_scientists``)."""
    hides: set = set()
    main = table.main_seat()
    walks = []
    for event in events:
        if not isinstance(event, Moved):
            continue
        card = card_of(event.thing)
        if card is not None and _shown_on_board(table, event.target):
            hides.add(("card", card))
        move = _scientist(event)
        if move is not None and move[0] == main:
            walks.append(move)
    if walks:
        old = [list(counts) for counts in table.vstate.players[main].scientists]
        for _seat, colour, a, b in walks:
            old[b][colour] -= 1
            old[a][colour] += 1
        table.old_scientists[main] = [[max(0, n) for n in counts] for counts in old]
        hides.add(("sci", main))
    return hides


def _small(table: BorealisTable, at: tuple[int, int]) -> pygame.Rect:
    w = table.px(40)
    r = pygame.Rect(0, 0, w, card_height(w))
    r.center = at
    return r


def _card_rect(table: BorealisTable, place: str, card: int | None, before: Before | None) -> pygame.Rect | None:
    """Where a card is drawn at ``place``: before the step (``before``) or now."""
    parts = _parts(place)
    kind = parts[0]
    main = table.main_seat()
    seat = _int(parts[1]) if len(parts) > 1 else None
    if kind == "pool" and seat is not None and 0 <= seat < len(table.pool_slots):
        return table.pool_slots[seat]
    if kind == "deck":
        return table.deck_rect
    if kind == "discard":
        return table.discard_rect
    if kind == "hand" and seat is not None:
        if seat == main:
            rects = before.hand if before is not None else table.hand_rects
            if card is not None and card in rects:
                return rects[card]
            return pygame.Rect(table.hand_rect.x, table.hand_rect.y, table.card_w, card_height(table.card_w))
        opp = table.opp_rects.get(seat)
        return _small(table, opp.midtop) if opp is not None else None
    if kind == "cards" and seat is not None and len(parts) == 3:
        loc = _int(parts[2])
        if loc is None:
            return None
        if seat == main and table.geo is not None and 0 <= loc < len(table.geo.stacks):
            found = table.geo.card_rects.get(card) if card is not None else None
            return found or table.geo.stacks[loc]
        opp = table.opp_locs.get((seat, loc))
        return _small(table, opp.center) if opp is not None else None
    return None


def _highlight(table: BorealisTable, place: str, arrived: pygame.Rect) -> pygame.Rect | None:
    """What lights up when a card arrives at ``place``: the location it was played in, the
    opponent who got it, or the card itself."""
    parts = _parts(place)
    main = table.main_seat()
    seat = _int(parts[1]) if len(parts) > 1 else None
    if parts[0] == "cards" and seat is not None and len(parts) == 3:
        loc = _int(parts[2])
        if seat == main and table.geo is not None and loc is not None and 0 <= loc < 3:
            return table.geo.locs[loc]
        return table.opp_locs.get((seat, loc)) if loc is not None else None
    if parts[0] == "hand" and seat is not None and seat != main:
        return table.opp_rects.get(seat)
    if parts[0] in ("hand", "pool"):
        return arrived
    return None


def start(table: BorealisTable, events: Iterable[Event], before: Before, now: float, actor: int | None) -> None:
    """Set the step's pieces moving and its highlights fading, from its events."""
    main = table.main_seat()
    geo, old_geo = table.geo, before.geo or table.geo
    flashed: set[tuple] = set()

    def flash(r: pygame.Rect | None, at: float) -> None:
        if r is not None and tuple(r) not in flashed:
            flashed.add(tuple(r))
            table.flash(r, at)

    moved = 0
    from_deck = 0
    for event in events:
        if isinstance(event, Moved):
            move = _scientist(event)
            if move is not None:
                seat, colour, a, b = move
                at = now + (FLY * 0.6 if moved else 0.0)
                if seat == main and geo is not None and old_geo is not None:
                    src, dst = old_geo.sci_slots.get((a, colour)), geo.sci_slots.get((b, colour))
                    if src is not None and dst is not None:
                        walker = Anim("walk", src.center, dst.center, at, WALK, (colour, dst.h), (("sci", seat),))
                        table.anims.append(walker)
                    if 1 <= b <= 3:
                        flash(geo.locs[b - 1], at)
                elif 1 <= b <= 3:
                    flash(table.opp_locs.get((seat, b - 1)), at + WALK)
                continue
            card = card_of(event.thing)
            if event.source == "deck" and moved:
                at = now + FLY * 0.7 + STAGGER * min(from_deck, MAX_STAGGER)
                from_deck += 1
            else:
                at = now + STAGGER * min(moved, MAX_STAGGER)
                moved += 1
            src = _card_rect(table, event.source, card, before)
            dst = _card_rect(table, event.target, card, None)
            if src is None or dst is None:
                continue
            hides = (("card", card),) if card is not None and _shown_on_board(table, event.target) else ()
            table.anims.append(Anim("fly", pygame.Rect(src), pygame.Rect(dst), at, FLY,
                                    HIDDEN if card is None else card, hides))
            flash(_highlight(table, event.target, dst), at + FLY)
        elif isinstance(event, Changed):
            _changed(table, event, now, main, flash)
        elif isinstance(event, Scored):
            if event.seat == main and geo is not None:
                flash(geo.header, now + FLY)
            else:
                flash(table.opp_rects.get(event.seat), now + FLY)
        elif isinstance(event, Shuffled):
            flash(table.deck_rect, now)
    if actor is not None and actor != main:
        flash(table.opp_rects.get(actor), now)


def _changed(table: BorealisTable, event: Changed, now: float, main: int, flash: Any) -> None:
    parts = _parts(event.thing)
    if parts[0] == "flag" and len(parts) == 3 and isinstance(event.value, int):
        seat, loc = _int(parts[1]), _int(parts[2])
        if seat is None or loc is None or not 0 <= loc < 3:
            return
        space = event.value
        if seat == main and table.geo is not None:
            at = now + FLY * 0.8
            table.anims.append(Anim("flag", (0.0, max(0, space - 1)), (0.0, space), at, FLAG, loc))
            flash(table.track_space(loc, space), at + FLAG)
        else:
            flash(table.opp_locs.get((seat, loc)), now + FLY)
    elif parts[0] == "objective" and len(parts) == 2:
        flash(table.objective_rects.get(parts[1]), now + FLY)
    elif parts[0] == "pool" and len(parts) == 2:
        slot = _int(parts[1])
        if slot is not None and 0 <= slot < len(table.pool_slots):
            flash(table.pool_slots[slot], now + FLY)


# --- drawing ---------------------------------------------------------------------------------------


def tick(table: BorealisTable, now: float) -> None:
    """Drop what has arrived; the walkers' old places go with the last walker."""
    if any(a.done(now) for a in table.anims):
        table.anims = [a for a in table.anims if not a.done(now)]
        if not any(a.kind == "walk" for a in table.anims):
            table.old_scientists.clear()
    table.flashes = [(r, at) for r, at in table.flashes if now < at + FLASH]


def live(table: BorealisTable, now: float) -> bool:
    return bool(table.anims) or any(now < at + FLASH for _r, at in table.flashes)


def draw_flashes(table: BorealisTable, surface: pygame.Surface, now: float) -> None:
    pal = table.pal
    for r, at in table.flashes:
        if now < at:
            continue
        a = 1.0 - (now - at) / FLASH
        if a <= 0:
            continue
        for touched in table.pieces.blit_glow(surface, r, pal.violet_hi, max(2, table.px(3)), table.px(10), fade=a):
            table.mark(touched)


def flying(table: BorealisTable, payload: int, w0: int, w1: int, e: float) -> pygame.Surface:
    """A flying card: one cached face, scaled only when the flight changes its size."""
    width = max(w0, w1)
    img = table.pieces.back(width) if payload == HIDDEN else table.pieces.face(payload, width)
    w = round(w0 + (w1 - w0) * e)
    if w == width:
        return img
    return pygame.transform.smoothscale(img, (max(4, w), max(4, card_height(max(4, w)))))


def draw_anims(table: BorealisTable, surface: pygame.Surface, now: float) -> None:
    px, mark = table.px, table.mark
    for a in table.anims:
        if now < a.began:  # waiting to set off: shown where it stands
            if a.kind == "walk":
                colour, h = a.payload
                img = table.pieces.meeple(colour, h)
                mark(surface.blit(img, img.get_rect(center=(round(a.start[0]), round(a.start[1])))))
            elif a.kind == "fly" and isinstance(a.start, pygame.Rect):
                mark(surface.blit(flying(table, a.payload, a.start.w, a.end.w, 0.0), a.start.topleft))  # type: ignore[union-attr]
            continue
        t = a.t(now)
        if a.kind == "fly":
            e = ease_out_cubic(t)
            s, d = a.start, a.end
            assert isinstance(s, pygame.Rect) and isinstance(d, pygame.Rect)
            x = s.x + (d.x - s.x) * e
            y = s.y + (d.y - s.y) * e - px(30) * (1 - (2 * e - 1) ** 2)
            mark(surface.blit(flying(table, a.payload, s.w, d.w, e), (round(x), round(y))))
        elif a.kind == "walk":
            colour, h = a.payload
            e = ease_in_out_cubic(t)
            sx, sy = a.start
            dx, dy = a.end
            hop = abs((e * 6) % 2 - 1)
            x = sx + (dx - sx) * e
            y = sy + (dy - sy) * e - px(10) * (1 - hop) - px(18) * (1 - (2 * e - 1) ** 2)
            img = table.pieces.meeple(colour, h)
            mark(surface.blit(img, img.get_rect(center=(round(x), round(y)))))
