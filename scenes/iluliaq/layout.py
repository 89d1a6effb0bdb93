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

from game.iluliaq.table import CARD_L, CARD_W, seat_angle
from scenes.iluliaq.throwing import distance_param
from scenes.iluliaq.view import MARGIN, TILT, TableView, reach, size_at, unreach

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
PRACTICE = (160, 36)
"""The "Practice throw" button, by the panel of the seat to throw."""
KIDS_PROMPT = (360, 96)
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
    practice: tuple[pygame.Rect, ...]
    """Each seat's "Practice throw" button, by its panel."""
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


SIDES = (1, -1)
"""Which side of its trampoline a seat's panel may lie (along the line: the seat's right as it faces
the iceberg, then its left); the first that fits the table is taken."""


def _panel_offset(angle: float, k: float, panel: tuple[int, int], s: float, line: float,
                  hand: int = 1) -> tuple[float, float]:
    """Screen px from the seat's line point on its axis to its panel's middle: beside the
    trampoline (on the seat's right for ``hand`` 1, its left for -1), level with its middle."""
    (dx, dy), (tx, ty) = outward(angle), along(angle)
    tx, ty = tx * hand, ty * hand
    k *= size_at(line, 0.0)  # the trampoline is drawn at the size of a card out there
    side = (CARD_W / 2) * k + GAP * s + abs(tx) * panel[0] / 2 + abs(ty) * panel[1] / 2
    back = math.hypot(math.cos(angle), math.sin(angle) * TILT) * (CARD_L / 2) * k
    return tx * side - dx * back, ty * side - dy * back


def seat_lines(players: int, kids: bool) -> tuple[float, ...]:
    """mm from the iceberg's centre to the line each seat sits at, along its axis: its trampoline line
    (the rules' release distance), or in kids' mode a card's length beyond the box."""
    if kids:
        return tuple(distance_param(seat, players, True).low + CARD_L for seat in range(players))
    return tuple(distance_param(seat, players, False).low for seat in range(players))


def _scale(rect: pygame.Rect, centre: tuple[float, float], window: tuple[int, int], players: int,
           panel: tuple[int, int], s: float, room: float, lines: tuple[float, ...]) -> float:
    """The largest scale at which, the iceberg's centre at ``centre``, every panel lies in ``rect``
    and every seat has ``room`` px behind its line inside the window."""
    cx, cy = centre
    w, h = panel
    k = math.inf
    for _round in range(3):  # the panel's offset grows with the scale a little: settle it
        guess = 1.0 if math.isinf(k) else k
        k = math.inf
        for seat in range(players):
            a, line = seat_angle(seat, players), lines[seat]
            lx, ly = reach(line) * math.cos(a), reach(line) * math.sin(a) * TILT
            dx, dy = outward(a)
            beside = 0.0  # the panel on whichever side of the trampoline allows the larger scale
            for hand in SIDES:
                ox, oy = _panel_offset(a, guess, panel, s, line, hand)
                beside = max(beside, min(_fit(cx, lx, ox + math.copysign(w / 2, lx), rect.left, rect.right),
                                         _fit(cy, ly, oy + math.copysign(h / 2, ly), rect.top, rect.bottom)))
            k = min(k, _fit(cx, lx, dx * room, 0, window[0]), _fit(cy, ly, dy * room, 0, window[1]), beside)
    return k


def _best_view(rect: pygame.Rect, window: tuple[int, int], players: int, panel: tuple[int, int], s: float,
               room: float, lines: tuple[float, ...]) -> TableView:
    """The view of the largest scale, the iceberg's centre moved up or down a little from the
    table's middle when that gains room (the window above the table is free to pull into)."""
    fit = TableView(rect, reach(max(lines) + MARGIN)).scale
    best: tuple[float, int] | None = None
    shift = round(rect.h * 0.1)
    for dy in sorted(range(-shift, shift + 1, 2), key=abs):
        k = min(fit * BIGGEST, _scale(rect, (rect.centerx, rect.centery + dy), window, players, panel, s, room,
                                         lines))
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


def _around(box: pygame.Rect, size: tuple[int, int], pad: int, bounds: pygame.Rect) -> list[pygame.Rect]:
    """Places for something of ``size`` right by ``box`` (below, above, then either side), in ``bounds``."""
    w, h = size
    x, y = box.centerx - w // 2, box.centery - h // 2
    spots = [pygame.Rect(x, box.bottom + pad, w, h), pygame.Rect(x, box.top - pad - h, w, h),
             pygame.Rect(box.right + pad, y, w, h), pygame.Rect(box.left - pad - w, y, w, h)]
    return [_clamped(r, bounds) for r in spots]


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


def _trampoline_rect(view: TableView, spot: tuple[float, float, float]) -> pygame.Rect:
    """Where a trampoline lying at ``spot`` (x, y, turn) is drawn (its bounding box)."""
    x, y, turn = spot
    w, h = view.card_size(x, y)
    t = math.radians(turn)
    bw = abs(w * math.cos(t)) + abs(h * math.sin(t))
    bh = (abs(w * math.sin(t)) + abs(h * math.cos(t))) * TILT
    r = pygame.Rect(0, 0, math.ceil(bw), math.ceil(bh))
    r.center = tuple(round(v) for v in view.to_screen(x, y))
    return r


def _drawn_corners(view: TableView, spot: tuple[float, float, float]) -> list[tuple[float, float]]:
    """The corners of a card lying at ``spot`` (x, y, turn) as its picture is drawn on the screen."""
    x, y, turn = spot
    w, h = view.card_size(x, y)
    cx, cy = view.to_screen(x, y)
    t = math.radians(turn)
    c, sn = math.cos(t), math.sin(t)
    return [(cx + px * c - py * sn, cy + (px * sn + py * c) * TILT)
            for px, py in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


def _apart(poly: list[tuple[float, float]], r: pygame.Rect) -> bool:
    """Whether a convex polygon and a rectangle do not meet (separating axes)."""
    box = [(r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)]
    for shape in (poly, box):
        for i in range(len(shape)):
            (x0, y0), (x1, y1) = shape[i], shape[(i + 1) % len(shape)]
            nx, ny = y1 - y0, x0 - x1
            a = [nx * x + ny * y for x, y in poly]
            b = [nx * x + ny * y for x, y in box]
            if max(a) < min(b) or max(b) < min(a):
                return True
    return False


def _beside(corners: list[tuple[float, float]], way: tuple[float, float], size: tuple[int, int],
            gap: int) -> pygame.Rect:
    """A panel of ``size`` slid from the trampoline's middle along ``way`` until it is ``gap`` clear of it."""
    cx = sum(x for x, _y in corners) / 4
    cy = sum(y for _x, y in corners) / 4
    r = pygame.Rect(0, 0, *size)
    for step in range(0, 4 * (size[0] + size[1]), 2):
        r.center = (round(cx + way[0] * step), round(cy + way[1] * step))
        if _apart(corners, r.inflate(2 * gap, 2 * gap)):
            break
    return r


def _arrange(view: TableView, rect: pygame.Rect, players: int, kids: bool, s: float, lines: tuple[float, ...],
             pull: float) -> tuple[Layout, int]:
    """Everything placed around the iceberg as ``view`` shows it, and how much of it overlaps (px²:
    panels over panels, trampolines or the deck; a trampoline outside the table)."""
    panel = (round(PANEL[0] * s), round(PANEL[1] * s))
    pad = round(8 * s)
    seats: list[SeatSpot] = []
    tramps = []
    for seat in range(players):
        a, line = seat_angle(seat, players), lines[seat]
        middle = line - CARD_L / 2
        for _round in range(3):  # drawn out in the squeezed water, its near edge just meets the line
            middle = unreach(reach(line) - size_at(middle, 0.0) * CARD_L / 2)
        tramps.append((middle * math.cos(a), middle * math.sin(a), (math.degrees(a) - 90.0) % 360.0))
    tramp_rects = [] if kids else [_trampoline_rect(view, t) for t in tramps]
    clash = sum(r.w * r.h - _overlap(r, rect) for r in tramp_rects)
    for seat in range(players):
        a = seat_angle(seat, players)
        corners = _drawn_corners(view, tramps[seat])
        spots = []
        for hand in SIDES:
            tx, ty = along(a)
            spot = _beside(corners, (tx * hand, ty * hand), panel, round(GAP * s))
            moved = _clamped(spot, rect)
            others = [r for i, r in enumerate(tramp_rects) if i != seat]  # its own lies beside it by design
            crowded = sum(_overlap(moved, b) for b in [*(sp.panel for sp in seats), *others])
            spots.append((crowded, abs(moved.x - spot.x) + abs(moved.y - spot.y), moved))
        crowded, _moved, r = min(spots, key=lambda c: c[:2])  # by its trampoline, clear of the rest
        clash += crowded
        ch = r.h - 2 * pad
        card = pygame.Rect(r.x + pad, r.y + pad, round(ch * CARD_W / CARD_L), ch)
        seats.append(SeatSpot(seat, a, r, card, tramps[seat], outward(a)))
    busy = [sp.panel for sp in seats] + tramp_rects
    for sp in seats:  # the band behind each line, where a seat presses to throw
        ends = [view.to_screen(d * math.cos(sp.angle) + side * -math.sin(sp.angle),
                               d * math.sin(sp.angle) + side * math.cos(sp.angle))
                for side in (-110, 110) for d in (lines[sp.seat] - CARD_L, lines[sp.seat] + 40)]
        xs, ys = zip(*ends, strict=True)
        busy.append(pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))))
    solid = [sp.panel for sp in seats] + tramp_rects  # what the deck and the prompt must never cover
    prompt = None
    if kids:
        prompt = _free_spot((round(KIDS_PROMPT[0] * s), round(KIDS_PROMPT[1] * s)), rect, busy, pad)
        clash += sum(_overlap(prompt, b) for b in solid)
        busy.append(prompt)
        solid.append(prompt)
    bw, bh = round(BUTTON[0] * s), round(BUTTON[1] * s)
    block = (round(DECK[0] * s), round(DECK[1] * s) + bh + pad)
    spot = _free_spot(block, rect, busy, pad)
    clash += sum(_overlap(spot, b) for b in solid)
    low = spot.centery >= rect.centery  # the deck at the table's edge, the button on its inner side
    deck = pygame.Rect(spot.x, spot.bottom - round(DECK[1] * s) if low else spot.y, spot.w, round(DECK[1] * s))
    replay = pygame.Rect(0, 0, bw, bh)
    replay.centerx = deck.centerx
    if low:
        replay.bottom = deck.top - pad
    else:
        replay.top = deck.bottom + pad
    solid += [deck, replay]
    practice = []
    for sp in seats:  # each seat's "Practice throw" button, by its panel (shown on its own throw only)
        around = _around(sp.panel, (round(PRACTICE[0] * s), round(PRACTICE[1] * s)), pad, rect)
        best = min(around, key=lambda r: (sum(_overlap(r, b) for b in solid if b != sp.panel),
                                          sum(_overlap(r, b) for b in busy)))
        clash += sum(_overlap(best, b) for b in solid if b != sp.panel)
        practice.append(best)
    return Layout(view, tuple(seats), deck, replay, tuple(practice), prompt, pull), clash


SHRINK = (1.0, 0.96, 0.92, 0.88, 0.84, 0.8, 0.75, 0.7, 0.65, 0.6)
"""Shares of the largest scale tried in turn until nothing overlaps (a crowded table is seen a little
further away)."""


def lay_out(rect: pygame.Rect, window: tuple[int, int], players: int, kids: bool, s: float) -> Layout:
    panel = (round(PANEL[0] * s), round(PANEL[1] * s))
    pull = PULL * s
    lines = seat_lines(players, kids)
    best = _best_view(rect, window, players, panel, s, pull * ROOM, lines)
    found: tuple[int, Layout] | None = None
    for share in SHRINK:
        view = TableView(best.rect, best.seen / share, best.centre)
        layout, clash = _arrange(view, rect, players, kids, s, lines, pull)
        if found is None or clash < found[0]:
            found = (clash, layout)
        if clash == 0:
            break
    return found[1]
