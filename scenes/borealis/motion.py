"""The Borealis table's places for the kit's event animator (scenes/kit/animator.py), named as
game/borealis/report.py names them: where each is drawn, what lights when a card arrives, and its own
pieces in motion (scientists walking, flags stepping)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.contract import HIDDEN
from game.core.events import Changed, Event, Moved
from scenes.borealis.pieces import card_height
from scenes.kit.animator import FLY, Anim, EventMotion, flight, resized
from scenes.kit.tween import ease_in_out_cubic

if TYPE_CHECKING:
    from scenes.borealis.layout import BoardGeo
    from scenes.borealis.parts import TableParts as BorealisTable

WALK = 0.35
FLAG = 0.3
Flash = Callable[[pygame.Rect | None, float], None]


@dataclass
class Before:
    """Where things were drawn before the step: the hand's cards and the big board's geometry."""

    hand: dict[int, pygame.Rect]
    geo: BoardGeo | None


def card_of(thing: str) -> int | None:
    """The id of ``card:<id>`` (None for a card the viewer may not see, or another thing)."""
    kind, _sep, rest = thing.partition(":")
    return int(rest) if kind == "card" and rest.isdigit() else None


def _int(text: str) -> int | None:
    return int(text) if text.lstrip("-").isdigit() else None


def _scientist(event: Moved) -> tuple[int, int, int, int] | None:
    """(seat, colour, from position, to position) of a scientist's move."""
    thing, source, target = event.thing.split(":"), event.source.split(":"), event.target.split(":")
    if thing[0] != "scientist" or len(thing) != 3 or len(source) != 3 or len(target) != 3:
        return None
    values = [_int(thing[1]), _int(thing[2]), _int(source[2]), _int(target[2])]
    if any(v is None for v in values):
        return None
    seat, colour, a, b = values
    return seat, colour, a, b  # type: ignore[return-value]


class Motion(EventMotion):
    def __init__(self, table: BorealisTable) -> None:
        super().__init__(table.animator)
        self.table = table

    def _shown_on_board(self, place: str) -> bool:
        """Whether a card arriving at ``place`` is drawn by the layer or the hand row (which then
        leave it out while it flies)."""
        t, parts = self.table, place.split(":")
        main = t.main_seat()
        if parts[0] in ("pool", "discard"):
            return True
        if parts[0] == "cards" and len(parts) == 3:
            return _int(parts[1]) == main
        if parts[0] == "hand" and len(parts) == 2:
            return _int(parts[1]) == main and t.hand_seat() == main
        return False

    def hide_key(self, thing: str, place: str) -> tuple | None:
        card = card_of(thing)
        return ("card", card) if card is not None and self._shown_on_board(place) else None

    def flier(self, thing: str) -> Any:
        card = card_of(thing)
        return HIDDEN if card is None else card

    def _small(self, at: tuple[int, int]) -> pygame.Rect:
        w = self.table.px(40)
        r = pygame.Rect(0, 0, w, card_height(w))
        r.center = at
        return r

    def where(self, place: str, thing: str, before: Any) -> pygame.Rect | None:
        t, parts = self.table, place.split(":")
        card = card_of(thing)
        kind, main = parts[0], t.main_seat()
        seat = _int(parts[1]) if len(parts) > 1 else None
        if kind == "pool" and seat is not None and 0 <= seat < len(t.lay.pool_slots):
            return t.lay.pool_slots[seat]
        if kind == "deck":
            return t.lay.deck_rect
        if kind == "discard":
            return t.lay.discard_rect
        if kind == "hand" and seat is not None:
            if seat == main:
                rects = before.hand if before is not None else t.hand_rects
                if card is not None and card in rects:
                    return rects[card]
                return pygame.Rect(t.lay.hand_rect.x, t.lay.hand_rect.y, t.lay.card_w, card_height(t.lay.card_w))
            opp = t.opp_rects.get(seat)
            return self._small(opp.midtop) if opp is not None else None
        if kind == "cards" and seat is not None and len(parts) == 3:
            loc = _int(parts[2])
            if loc is None:
                return None
            if seat == main and t.geo is not None and 0 <= loc < len(t.geo.stacks):
                found = t.geo.card_rects.get(card) if card is not None else None
                return found or t.geo.stacks[loc]
            opp = t.opp_locs.get((seat, loc))
            return self._small(opp.center) if opp is not None else None
        return None

    def lit_on_arrival(self, place: str, arrived: pygame.Rect) -> pygame.Rect | None:
        """The location a card was played in, the opponent who got it, or the card itself."""
        t, parts = self.table, place.split(":")
        main = t.main_seat()
        seat = _int(parts[1]) if len(parts) > 1 else None
        if parts[0] == "cards" and seat is not None and len(parts) == 3:
            loc = _int(parts[2])
            if seat == main and t.geo is not None and loc is not None and 0 <= loc < 3:
                return t.geo.locs[loc]
            return t.opp_locs.get((seat, loc)) if loc is not None else None
        if parts[0] == "hand" and seat is not None and seat != main:
            return t.opp_rects.get(seat)
        if parts[0] in ("hand", "pool"):
            return arrived
        return None

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        t = self.table
        if seat == t.main_seat() and t.geo is not None:
            return t.geo.header
        return t.opp_rects.get(seat)

    def own_hides(self, events: Iterable[Event]) -> set:
        """The main board's walking scientists are drawn where they stood (``table.old_scientists``)."""
        t = self.table
        main = t.main_seat()
        walks = [m for e in events if isinstance(e, Moved) and (m := _scientist(e)) is not None and m[0] == main]
        if not walks:
            return set()
        old = [list(counts) for counts in t.vstate.players[main].scientists]
        for _seat, colour, a, b in walks:
            old[b][colour] -= 1
            old[a][colour] += 1
        t.old_scientists[main] = [[max(0, n) for n in counts] for counts in old]
        return {("sci", main)}

    def moved(self, event: Moved, now: float, flash: Flash, index: int, before: Any) -> bool:
        move = _scientist(event)
        if move is None:
            return False
        t = self.table
        seat, colour, a, b = move
        at = now + (FLY * 0.6 if index else 0.0)
        geo, old_geo = t.geo, (before.geo if before is not None else None) or t.geo
        if seat == t.main_seat() and geo is not None and old_geo is not None:
            src, dst = old_geo.sci_slots.get((a, colour)), geo.sci_slots.get((b, colour))
            if src is not None and dst is not None:
                self.animator.add(Anim("walk", src.center, dst.center, at, WALK, (colour, dst.h), (("sci", seat),)))
            if 1 <= b <= 3:
                flash(geo.locs[b - 1], at)
        elif 1 <= b <= 3:
            flash(t.opp_locs.get((seat, b - 1)), at + WALK)
        return True

    def sound(self, event: Event) -> str | None:
        """Scientists walk quietly; a flag steps up its track; a claimed objective chimes."""
        if isinstance(event, Moved) and _scientist(event) is not None:
            return None
        if isinstance(event, Changed):
            kind = event.thing.partition(":")[0]
            return {"flag": "flag_step", "objective": "objective"}.get(kind)
        return super().sound(event)

    def changed(self, event: Changed, now: float, flash: Flash) -> None:
        t, parts = self.table, event.thing.split(":")
        if parts[0] == "flag" and len(parts) == 3 and isinstance(event.value, int):
            seat, loc = _int(parts[1]), _int(parts[2])
            if seat is None or loc is None or not 0 <= loc < 3:
                return
            if seat == t.main_seat() and t.geo is not None:
                at = now + FLY * 0.8
                self.animator.add(Anim("flag", (0.0, max(0, event.value - 1)), (0.0, event.value), at, FLAG, loc))
                flash(t.track_space(loc, event.value), at + FLAG)
            else:
                flash(t.opp_locs.get((seat, loc)), now + FLY)
        elif parts[0] == "objective" and len(parts) == 2:
            flash(t.objective_rects.get(parts[1]), now + FLY)
        elif parts[0] == "pool" and len(parts) == 2:
            slot = _int(parts[1])
            if slot is not None and 0 <= slot < len(t.lay.pool_slots):
                flash(t.lay.pool_slots[slot], now + FLY)


# --- drawing ---------------------------------------------------------------------------------------


def tick(table: BorealisTable, now: float) -> None:
    """Sound what is due; drop what has arrived; the walkers' old places go with the last walker."""
    for sound in table.animator.due(now):
        table.app.sounds.play(sound)
    if table.animator.tick(now) and not any(a.kind == "walk" for a in table.animator.anims):
        table.old_scientists.clear()


def _picture(table: BorealisTable) -> Callable[[Any, int, int, float], pygame.Surface]:
    def picture(payload: Any, w0: int, w1: int, e: float) -> pygame.Surface:
        """A flying card: one cached face, scaled only when the flight changes its size."""
        width = max(w0, w1)
        img = table.pieces.back(width) if payload == HIDDEN else table.pieces.face(payload, width)
        return resized(img, w0, w1, e)

    return picture


def _walker(table: BorealisTable, surface: pygame.Surface, a: Anim, t: float) -> pygame.Rect:
    colour, h = a.payload
    img = table.pieces.meeple(colour, h)
    if t < 0:
        return surface.blit(img, img.get_rect(center=(round(a.source[0]), round(a.source[1]))))
    e = ease_in_out_cubic(t)
    (sx, sy), (dx, dy) = a.source, a.target
    hop = abs((e * 6) % 2 - 1)
    x = sx + (dx - sx) * e
    y = sy + (dy - sy) * e - table.px(10) * (1 - hop) - table.px(18) * (1 - (2 * e - 1) ** 2)
    return surface.blit(img, img.get_rect(center=(round(x), round(y))))


def draw(table: BorealisTable, surface: pygame.Surface, now: float) -> None:
    """The fading highlights, then the cards flying and the scientists walking."""
    pal, px = table.pal, table.px

    def glow(s: pygame.Surface, r: pygame.Rect, strength: float) -> list[pygame.Rect]:
        return table.pieces.blit_glow(s, r, pal.violet_hi, max(2, px(3)), px(10), fade=strength)

    table.animator.draw_flashes(surface, now, glow, table.mark)
    picture = _picture(table)
    table.animator.draw(surface, now, {
        "fly": lambda s, a, t: flight(s, a, t, picture, px(30)),
        "walk": lambda s, a, t: _walker(table, s, a, t),
    }, table.mark)
