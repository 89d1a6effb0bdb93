"""Where Iluliaq's table puts things inside the shell's ``table_rect``: the scale of the tilted view,
each seat's trampoline and panel around the iceberg at its ``seat_angle``, and free corners for the
draw deck (with the Replay button) and the kids' prompt.

A seat's panel lies beside its trampoline along its line, so that behind the line stays free to
press and pull. The scale is the largest at which every panel fits in the table and every seat
keeps room behind its line, inside the window, to pull a slingshot back (``ROOM`` of a full pull: a
seat at the bottom of the screen pulls down, towards the window's edge); the iceberg's centre moves
up or down a little when that gains room (``_best_view``)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.iluliaq.table import CARD_L, CARD_W, KIDS_LINE, LINE, seat_angle
from scenes.iluliaq.view import MARGIN, TILT, TableView

PANEL = (200, 74)
"""A seat's panel (logical px): its top card, its token and name, its stack's size."""
GAP = 10
"""Logical px between a seat's trampoline and its panel, which lies beside it along the line."""
PULL = 84
"""Logical px of a full-power pull."""
ROOM = 0.9
"""The share of a full pull each seat has room for behind its line, inside the window: from the
line, enough to reach past the iceberg's far side (stronger throws only fly over it; a pull may
also go on past the window's edge)."""
DECK = (200, 124)
"""The draw deck's panel: its top card, and the iceberg cards out of the game."""
BUTTON = (124, 36)
KIDS_PROMPT = (360, 96)
KIDS_SEATS = KIDS_LINE + CARD_L
"""mm from the iceberg's centre where the seats sit in kids' mode: with no trampoline, a card's length
beyond the box, so the table is seen closer and every card is half as big again."""
SMALLEST = 0.5
"""The scale never drops under this share of the view's own fit (a tiny window squeezes panels)."""
BIGGEST = 1.6
"""Nor grows past this share of it (a window much wider than tall)."""


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    angle: float
    """Radians (``seat_angle``)."""
    panel: pygame.Rect
    card: pygame.Rect
    """The seat's top card, upright, at the panel's left."""
    trampoline: tuple[float, float, float]
    """(x, y, turn) in mm of the trampoline card, lying just inside the line, pointing at the iceberg."""
    outward: tuple[float, float]
    """The unit screen direction from the iceberg towards the seat."""


@dataclass(frozen=True)
class Layout:
    view: TableView
    seats: tuple[SeatSpot, ...]
    deck: pygame.Rect
    replay: pygame.Rect
    prompt: pygame.Rect | None
    """Kids' mode: where the picture and the few words go."""
    full_pull: float
    """Screen px of a full-power pull."""


def _fit(c: float, per_k: float, extra: float, lo: float, hi: float) -> float:
    """The largest k >= 0 with lo <= c + k * per_k + extra <= hi (inf when k does not matter)."""
    if abs(per_k) < 1e-9:
        return math.inf
    return (hi - c - extra) / per_k if per_k > 0 else (lo - c - extra) / per_k


def outward(angle: float) -> tuple[float, float]:
    """The unit screen direction from the iceberg towards a seat."""
    ux, uy = math.cos(angle), math.sin(angle) * TILT
    n = math.hypot(ux, uy)
    return ux / n, uy / n


def along(angle: float) -> tuple[float, float]:
    """The unit screen direction along a seat's line, to the seat's right as it faces the iceberg."""
    tx, ty = math.sin(angle), -math.cos(angle) * TILT
    n = math.hypot(tx, ty)
    return tx / n, ty / n


def _panel_offset(angle: float, k: float, panel: tuple[int, int], s: float) -> tuple[float, float]:
    """Screen px from the seat's line point on its axis to its panel's middle: beside the
    trampoline, level with its middle."""
    (dx, dy), (tx, ty) = outward(angle), along(angle)
    side = (CARD_W / 2) * k + GAP * s + abs(tx) * panel[0] / 2 + abs(ty) * panel[1] / 2
    back = math.hypot(math.cos(angle), math.sin(angle) * TILT) * (CARD_L / 2) * k
    return tx * side - dx * back, ty * side - dy * back


def seat_line(kids: bool) -> float:
    """mm from the iceberg's centre to the line each seat sits at."""
    return KIDS_SEATS if kids else LINE


def _scale(rect: pygame.Rect, centre: tuple[float, float], window: tuple[int, int], players: int,
           panel: tuple[int, int], s: float, room: float, line: float) -> float:
    """The largest scale at which, the iceberg's centre at ``centre``, every panel lies in ``rect``
    and every seat has ``room`` px behind its line inside the window."""
    cx, cy = centre
    w, h = panel
    k = math.inf
    for _round in range(3):  # the panel's offset grows with the scale a little: settle it
        guess = 1.0 if math.isinf(k) else k
        k = math.inf
        for seat in range(players):
            a = seat_angle(seat, players)
            lx, ly = line * math.cos(a), line * math.sin(a) * TILT
            dx, dy = outward(a)
            ox, oy = _panel_offset(a, guess, panel, s)
            k = min(k, _fit(cx, lx, dx * room, 0, window[0]), _fit(cy, ly, dy * room, 0, window[1]),
                    _fit(cx, lx, ox + math.copysign(w / 2, lx), rect.left, rect.right),
                    _fit(cy, ly, oy + math.copysign(h / 2, ly), rect.top, rect.bottom))
    return k


def _best_view(rect: pygame.Rect, window: tuple[int, int], players: int, panel: tuple[int, int], s: float,
               room: float, line: float) -> TableView:
    """The view of the largest scale, the iceberg's centre moved up or down a little from the
    table's middle when that gains room (the window above the table is free to pull into)."""
    fit = TableView(rect, line + MARGIN).scale
    best: tuple[float, int] | None = None
    reach = round(rect.h * 0.1)
    for dy in sorted(range(-reach, reach + 1, 2), key=abs):
        k = min(fit * BIGGEST, _scale(rect, (rect.centerx, rect.centery + dy), window, players, panel, s, room,
                                         line))
        if best is None or k > best[0] + 1e-6:
            best = (k, dy)
    k, dy = best
    k = max(fit * SMALLEST, k)
    seen = min(rect.w / 2, rect.h / (2 * TILT)) / k
    return TableView(pygame.Rect(rect), seen, (rect.centerx, rect.centery + dy))


def _clamped(r: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    return r.clamp(bounds) if r.w <= bounds.w and r.h <= bounds.h else r


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    c = a.clip(b)
    return c.w * c.h


def _free_spot(size: tuple[int, int], rect: pygame.Rect, busy: list[pygame.Rect], pad: int) -> pygame.Rect:
    """The place along the table's edges (corners first) that overlaps ``busy`` least."""
    inner = rect.inflate(-2 * pad, -2 * pad)
    w, h = size
    steps = (0.0, 1.0, 0.5, 0.25, 0.75)
    spots = [pygame.Rect(round(inner.left + f * (inner.w - w)), y, w, h) for y in (inner.top, inner.bottom - h)
             for f in steps]
    spots += [pygame.Rect(x, round(inner.top + f * (inner.h - h)), w, h) for x in (inner.left, inner.right - w)
              for f in steps[2:]]
    return min(spots, key=lambda r: sum(_overlap(r, b) for b in busy))


def lay_out(rect: pygame.Rect, window: tuple[int, int], players: int, kids: bool, s: float) -> Layout:
    panel = (round(PANEL[0] * s), round(PANEL[1] * s))
    pull = PULL * s
    line = seat_line(kids)
    view = _best_view(rect, window, players, panel, s, pull * ROOM, line)
    pad = round(8 * s)
    seats = []
    for seat in range(players):
        a = seat_angle(seat, players)
        lx, ly = view.to_screen(line * math.cos(a), line * math.sin(a))
        ox, oy = _panel_offset(a, view.scale, panel, s)
        r = pygame.Rect(0, 0, *panel)
        r.center = (round(lx + ox), round(ly + oy))
        r = _clamped(r, rect)
        ch = r.h - 2 * pad
        card = pygame.Rect(r.x + pad, r.y + pad, round(ch * CARD_W / CARD_L), ch)
        middle = line - CARD_L / 2
        tramp = (middle * math.cos(a), middle * math.sin(a), (math.degrees(a) - 90.0) % 360.0)
        seats.append(SeatSpot(seat, a, r, card, tramp, outward(a)))
    busy = [sp.panel for sp in seats]
    for sp in seats:  # the trampoline and the band behind it, where a seat presses to throw
        ends = [view.to_screen(d * math.cos(sp.angle) + side * -math.sin(sp.angle),
                               d * math.sin(sp.angle) + side * math.cos(sp.angle))
                for side in (-110, 110) for d in (line - CARD_L, line + 40)]
        xs, ys = zip(*ends, strict=True)
        busy.append(pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))))
    prompt = None
    if kids:
        prompt = _free_spot((round(KIDS_PROMPT[0] * s), round(KIDS_PROMPT[1] * s)), rect, busy, pad)
        busy.append(prompt)
    bw, bh = round(BUTTON[0] * s), round(BUTTON[1] * s)
    block = (round(DECK[0] * s), round(DECK[1] * s) + bh + pad)
    spot = _free_spot(block, rect, busy, pad)
    low = spot.centery >= rect.centery  # the deck at the table's edge, the button on its inner side
    deck = pygame.Rect(spot.x, spot.bottom - round(DECK[1] * s) if low else spot.y, spot.w, round(DECK[1] * s))
    replay = pygame.Rect(0, 0, bw, bh)
    replay.centerx = deck.centerx
    if low:
        replay.bottom = deck.top - pad
    else:
        replay.top = deck.bottom + pad
    return Layout(view, tuple(seats), deck, replay, prompt, pull)
