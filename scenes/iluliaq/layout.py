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

from game.iluliaq.table import CARD_L, CARD_W, LID, release_point, seat_angle
from scenes.iluliaq.throwing import KEY_BEHIND, distance_param
from scenes.iluliaq.view import MARGIN, TILT, TableView, reach, size_at, unreach

PANEL = (180, 72)
"""A seat's panel (logical px): its top card, its token and name, its stack's size."""
GAP = 10
"""Logical px between a seat's trampoline and its panel, which lies beside it along the line."""
PULL = 84
"""Logical px of a full-power pull."""
ROOM = 0.9
"""The share of a full pull each seat has room for behind its line, inside the window: from the
line, enough to reach past the iceberg's far side (stronger throws only fly over it; a pull may
also go on past the window's edge)."""
IN_TABLE = 0.55
"""The share of a full pull each seat has room for behind its line inside the table itself (not under
the top bar or the log): past the pulls that land (about half a full pull)."""
DECK = (190, 104)
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
            near = room * IN_TABLE / ROOM  # the pulls that land are made over the table itself
            k = min(k, _fit(cx, lx, dx * room, 0, window[0]), _fit(cy, ly, dy * room, 0, window[1]), beside,
                    _fit(cx, lx, dx * near, rect.left, rect.right), _fit(cy, ly, dy * near, rect.top, rect.bottom))
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
    """Places for something of ``size`` right by ``box`` (below, above, then either side; centred, then
    flush with either end), in ``bounds``."""
    w, h = size
    xs, ys = (box.centerx - w // 2, box.left, box.right - w), (box.centery - h // 2, box.top, box.bottom - h)
    spots = [pygame.Rect(x, y, w, h) for y in (box.bottom + pad, box.top - pad - h) for x in xs]
    spots += [pygame.Rect(x, y, w, h) for x in (box.right + pad, box.left - pad - w) for y in ys]
    return [_clamped(r, bounds) for r in spots]


def _free_spot(size: tuple[int, int], rect: pygame.Rect, busy: list[pygame.Rect], pad: int,
               solid: list[pygame.Rect] = ()) -> pygame.Rect:
    """The place along the table's edges (corners first) that overlaps ``solid`` least, then ``busy``."""
    inner = rect.inflate(-2 * pad, -2 * pad)
    w, h = size
    steps = (0.0, 1.0, 0.5, 0.25, 0.75, 0.125, 0.375, 0.625, 0.875)
    spots = [pygame.Rect(round(inner.left + f * (inner.w - w)), y, w, h) for y in (inner.top, inner.bottom - h)
             for f in steps]
    spots += [pygame.Rect(x, round(inner.top + f * (inner.h - h)), w, h) for x in (inner.left, inner.right - w)
              for f in steps[2:]]
    return min(spots, key=lambda r: (sum(_overlap(r, b) for b in solid), sum(_overlap(r, b) for b in busy)))


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
    presses = []  # just behind each line, where its seat presses: its practice button keeps off it
    for sp in seats:
        low = distance_param(sp.seat, players, kids).low
        ends = [view.to_screen(*release_point(sp.seat, players, d, side))
                for side in (-110, 110) for d in (low, low + 60)]
        xs, ys = zip(*ends, strict=True)
        presses.append(pygame.Rect(min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))))
    grips = []  # where the automation (and most players) press, and pull to
    for sp in seats:
        low = distance_param(sp.seat, players, kids).low + KEY_BEHIND
        sx, sy = view.to_screen(*release_point(sp.seat, players, low, 0.0))
        ex, ey = sx + sp.outward[0] * pull / 2, sy + sp.outward[1] * pull / 2
        g = round(10 * s)
        grips.append([pygame.Rect(round(x) - g, round(y) - g, 2 * g, 2 * g) for x, y in ((sx, sy), (ex, ey))])
    (x0, y0), (x1, y1) = view.to_screen(-LID / 2, -LID / 2, 2.0), view.to_screen(LID / 2, LID / 2, 0.0)
    big = [sp.panel for sp in seats] + tramp_rects + [pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))]
    solid = big + [g for two in grips for g in two]  # what the deck and the prompt must never cover
    prompt = None
    if kids:
        prompt = _free_spot((round(KIDS_PROMPT[0] * s), round(KIDS_PROMPT[1] * s)), rect, busy, pad, solid)
        clash += sum(_overlap(prompt, b) for b in solid)
        busy.append(prompt)
        solid.append(prompt)
    bw, bh = round(BUTTON[0] * s), round(BUTTON[1] * s)
    dw, dh = round(DECK[0] * s), round(DECK[1] * s)
    # the deck along the table's edge, Replay right by it wherever it covers least
    deck = _free_spot((dw, dh), rect, busy, pad, solid)
    clash += sum(_overlap(deck, b) for b in solid)
    solid.append(deck)
    replay = min(_around(deck, (bw, bh), pad, rect),
                 key=lambda r: (sum(_overlap(r, b) for b in solid), sum(_overlap(r, b) for b in busy)))
    clash += sum(_overlap(replay, b) for b in solid)
    big += [deck, replay] + ([prompt] if prompt is not None else [])
    practice = []
    for sp in seats:  # each seat's "Practice throw" button, by its panel (shown on its own throw only)
        hard = [b for b in big if b != sp.panel] + grips[sp.seat] + [presses[sp.seat]]
        soft = busy + [g for i, two in enumerate(grips) if i != sp.seat for g in two]
        around = _around(sp.panel, (round(PRACTICE[0] * s), round(PRACTICE[1] * s)), pad, rect)
        best = min(around, key=lambda r: (sum(_overlap(r, b) for b in hard), sum(_overlap(r, b) for b in soft)))
        clash += sum(_overlap(best, b) for b in hard)
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
