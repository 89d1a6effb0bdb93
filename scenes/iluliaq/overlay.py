"""What Iluliaq's table draws over its still picture each frame, each thing marked so the next frame
puts the picture back there: the cards of a throw in motion, splashes and cards flying to the stacks,
the highlights fading on what the throw changed, small waves while anything moves, the slingshot's
band, arrow and power bar (and in kids' mode the dotted guide to where the card touches down), the
dodo's card following the pointer, and the hint."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core import i18n
from game.core.i18n import _
from game.iluliaq.table import Place, Placed, Throw, Thrown, aim, touchdown_point
from physics.iluliaq.flight import release_turn
from scenes.iluliaq import draw as still
from scenes.iluliaq import motion, panels, playback, practice, teach
from scenes.iluliaq.draw import zone_edges
from scenes.iluliaq.pieces import ground_at, kind_of, resting_on
from scenes.iluliaq.throwing import pull_share, screen_direction, start_of
from scenes.kit import badge
from scenes.kit.slingshot import Aim, draw_power_bar, draw_pull
from scenes.kit.tween import ease_in_out_sine

if TYPE_CHECKING:
    from scenes.iluliaq.parts import TableParts

FADE = 1.6
"""Seconds a highlight on what a throw changed takes to fade."""
WAVES = 16
WAVE_RING = (175.0, 285.0)
"""mm from the centre where waves show: between the box and the trampolines."""


def _mark(table: TableParts, r: pygame.Rect | None) -> None:
    table.layer.mark(r)


def waves(table: TableParts, surface: pygame.Surface, now: float) -> None:
    view = table.lay.view
    img = table.pieces.wave(max(12, round(30 * view.scale)))
    lo, hi = WAVE_RING
    for i in range(WAVES):
        a = i * 2.399963  # the golden angle: spread evenly, never in rows
        r = lo + (hi - lo) * ((i * 0.618034) % 1.0)
        drift = math.sin(now * 0.7 + i * 1.3) * 7.0
        x, y = math.cos(a) * r + drift, math.sin(a) * r + math.cos(now * 0.5 + i) * 2.5
        alpha = round(255 * (0.35 + 0.65 * ease_in_out_sine(abs(math.sin(now * 0.45 + i * 0.77)))))
        img.set_alpha(alpha)
        sx, sy = view.to_screen(x, y)
        _mark(table, surface.blit(img, img.get_rect(center=(round(sx), round(sy)))))
    img.set_alpha(255)


def _flight_place(table: TableParts, place: tuple) -> pygame.Rect:
    lay, s = table.lay, table.s
    if place[0] in ("water", "table"):
        w, h = lay.view.card_size(place[1], place[2])
        r = pygame.Rect(0, 0, w, h)
        r.center = tuple(round(v) for v in lay.view.to_screen(*place[1:]))
        return r
    if place[0] == "seat" and 0 <= place[1] < len(lay.seats):
        return lay.seats[place[1]].card
    deck, out = panels.deck_cards(lay.deck, s)
    return deck if place[0] == "deck" else out


def _lying_still(table: TableParts) -> list:
    """The cards that lie still while the plan plays (what a moving card's shadow falls on), once per plan."""
    plan, table_now = table.plan, table.vstate.table
    cached = getattr(table, "_lying_still", None)
    if cached is not None and cached[0] is plan and cached[1] is table_now:
        return cached[2]
    still = [p for p in table_now if p.card not in plan.tracks or plan.tracks[p.card].rest is not None]
    table._lying_still = (plan, table_now, still)
    return still


def plan_pieces(table: TableParts, t: float) -> list[tuple]:
    """The cards of the playing plan at ``t`` seconds into it, lowest first: runs of cards lying still
    (``("run", cards)``, drawn together from one picture) between the moving ones (``("card", shown)``)."""
    plan = table.plan
    out: list[tuple] = []
    run: list[tuple] = []
    for shown in playback.sample(plan, t):
        if plan.tracks[shown.card].rest is not None:
            run.append((shown.kind, shown.x, shown.y, shown.turn, shown.layer))
            continue
        if run:
            out.append(("run", tuple(run)))
            run = []
        out.append(("card", shown))
    if run:
        out.append(("run", tuple(run)))
    return out


def prepare(table: TableParts, t: float) -> None:
    """Between frames: the pictures of the runs the frame ``t`` seconds into the plan draws, made
    ahead (a run changes as a moving card passes the cards lying still)."""
    view = table.lay.view
    for what, cards in plan_pieces(table, t):
        if what == "run":
            table.pieces.resting(view, cards)


def plan_frame(table: TableParts, surface: pygame.Surface, t: float) -> None:
    """The cards of the playing plan at ``t`` seconds into it, and their splashes."""
    plan, view, pieces = table.plan, table.lay.view, table.pieces
    still = _lying_still(table)
    for what, piece in plan_pieces(table, t):
        if what == "run":
            _mark(table, pieces.blit_resting(surface, view, piece))
            continue
        below = ground_at(still, piece.x, piece.y)
        _mark(table, pieces.blit_card(surface, view, piece.kind, piece.x, piece.y, piece.turn, piece.layer,
                                      wet=piece.wet, scale=piece.scale, alpha=piece.alpha, below=below))
    w = view.card_size()[0]
    for at, x, y in plan.splashes:
        u = (t - at) / motion.SPLASH
        if 0 <= u < 1:
            big = pieces.svg("art/iluliaq/splash.svg", (round(w * 2.3), round(w * 2.3)))
            side = max(8, round(w * (1.0 + 1.3 * u)))
            img = pygame.transform.smoothscale(big, (side, side))
            img.set_alpha(round(255 * (1 - u) ** 1.4))
            sx, sy = view.to_screen(x, y)
            _mark(table, surface.blit(img, img.get_rect(center=(round(sx), round(sy)))))


def changing_panels(table: TableParts, surface: pygame.Surface) -> None:
    """The panels whose counts change while the throw plays (left out of the still picture), as they
    are now: a seat's count goes up as its card arrives, the deck's down as one leaves it."""
    changing = table.changing_panels()
    if not changing:
        return
    lay, look, lang = table.lay, table.look(), i18n.language()
    margin = round(8 * table.s)
    for which in sorted(changing):
        if which[0] == "seat":
            if not 0 <= which[1] < len(lay.seats):
                continue
            rect = lay.seats[which[1]].panel
            key, paint = still.seat_piece(lay, look, which[1], table.seat_shown(which[1]), lang)
        else:
            rect = lay.deck
            key, paint = still.deck_piece(lay, look, table.deck_shown(), lang)
        size = (rect.w + 2 * margin, rect.h + 2 * margin)
        picture = table.panel_picture(key, size, lambda surf, paint=paint, rect=rect: paint(
            surf, (margin - rect.x, margin - rect.y)))
        _mark(table, surface.blit(picture, (rect.x - margin, rect.y - margin)))


def flights(table: TableParts, surface: pygame.Surface, t: float) -> None:
    """Cards flying between the table, the deck and the stacks (over the badges: a card drawn for a
    polar bear is seen passing over it)."""
    plan, pieces = table.plan, table.pieces
    for f in plan.flights:
        if not f.start <= t < f.end:
            continue
        u = ease_in_out_sine((t - f.start) / (f.end - f.start))
        a, b = _flight_place(table, f.source), _flight_place(table, f.target)
        if f.via is not None:  # two hops: over the place it passes, then on
            v = _flight_place(table, f.via)
            a, b, u = (a, v, u * 2) if u < 0.5 else (v, b, u * 2 - 1)
        wd = max(4, round(a.w + (b.w - a.w) * u))
        hd = max(4, round(a.h + (b.h - a.h) * u))
        cx = a.centerx + (b.centerx - a.centerx) * u
        cy = a.centery + (b.centery - a.centery) * u - table.px(50) * 4 * u * (1 - u)
        big = a if a.w * a.h >= b.w * b.h else b  # the face painted once, at the larger end's size
        img = pygame.transform.smoothscale(pieces.face(f.kind, big.size), (wd, hd))
        _mark(table, surface.blit(img, img.get_rect(center=(round(cx), round(cy)))))


def badges(table: TableParts, surface: pygame.Surface, t: float) -> None:
    """The words over a card that just did something: "Again!" over a lynx, "Hungry!" over a bear."""
    view, pal, s = table.lay.view, table.pal, table.s
    for b in table.plan.badges:
        if not b.start <= t < b.end:
            continue
        words = _("Again!") if b.kind == "again" else _("Hungry! +1 card")
        key = (words, round(s, 4), pal.name)
        full = table.badge_pictures.get(key)
        if full is None:
            full = badge.picture(table.fonts, words, pal.green_hi if b.kind == "again" else pal.coral,
                                 pal.text_dark, s)
            table.badge_pictures = {key: full, **dict(list(table.badge_pictures.items())[-3:])}
        x, y = view.to_screen(b.x, b.y, b.layer)
        _mark(table, badge.draw(surface, full, (x, y - view.card_size()[1] * 0.7), t - b.start, b.end - b.start, s))


def highlights(table: TableParts, surface: pygame.Surface, t: float) -> None:
    """The fading outline of where the thrown card came to rest, and the glow of seats that scored."""
    plan, pal, s = table.plan, table.pal, table.s
    if plan.lit_card is not None:
        at, card = plan.lit_card
        strength = 1 - (t - at) / FADE
        pose = next((p for p in table.vstate.table if p.card == card), None)
        if pose is not None and 0 < strength <= 1 and t >= at:
            poly = table.lay.view.card_polygon(pose.x, pose.y, pose.turn, pose.layer)
            xs, ys = zip(*poly, strict=True)
            pad = table.px(6)
            box = pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad,
                              math.ceil(max(xs) - min(xs)) + 2 * pad, math.ceil(max(ys) - min(ys)) + 2 * pad)
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pts = [(x - box.x, y - box.y) for x, y in poly]
            pygame.draw.polygon(layer, (*pal.violet_hi[:3], round(255 * strength)), pts, max(2, table.px(4)))
            _mark(table, surface.blit(layer, box))
    for at, seat in plan.lit_seats:
        strength = 1 - (t - at) / FADE
        if 0 < strength <= 1 and t >= at and seat < len(table.lay.seats):
            for r in table.pieces.blit_glow(surface, table.lay.seats[seat].panel, pal.violet_hi, max(2, round(3 * s)),
                                            round(12 * s), fade=strength):
                _mark(table, r)


def arrow(table: TableParts, surface: pygame.Surface, throw: Throw, seat: int, pointer: tuple | None,
          colour: pygame.Color, guide: bool, alpha: int = 230) -> None:
    """A throw as it will go: the card held at the release point, the band to the pointer, the arrow
    (as long as its power), the power bar and, when ``guide``, the dots to where it touches down."""
    view, pal = table.lay.view, table.pal
    players = table.vstate.players
    rx, ry = start_of(throw, seat, players)
    start = view.to_screen(rx, ry)
    direction = screen_direction(view, throw, seat, players)
    cards = table.vstate.stacks[seat]
    if cards:
        turn = release_turn(aim(seat, players, throw.angle))
        _mark(table, table.pieces.blit_card(surface, view, kind_of(cards[0]), rx, ry, turn, motion.HAND, alpha=alpha,
                                            below=ground_at(table.vstate.table, rx, ry)))
        start = view.to_screen(rx, ry, motion.HAND)
    if guide:
        tx, ty = touchdown_point(seat, players, throw)
        end = view.to_screen(tx, ty)
        n = max(2, int(math.dist(start, end) // max(8, table.px(16))))
        for i in range(1, n):
            u = i / n
            x = start[0] + (end[0] - start[0]) * u
            y = start[1] + (end[1] - start[1]) * u - table.px(60) * 4 * u * (1 - u)
            _mark(table, pygame.draw.circle(surface, colour, (round(x), round(y)), max(2, table.px(4))))
        spot = (round(end[0]), round(end[1]))
        _mark(table, pygame.draw.circle(surface, colour, spot, max(6, table.px(14)), max(2, table.px(3))))
        _mark(table, pygame.draw.circle(surface, colour, spot, max(2, table.px(4))))
    a = Aim(start, direction, throw.power, throw.spin)
    back = pull_share(throw) * table.lay.full_pull
    pull = pointer if pointer is not None else (start[0] - direction[0] * back, start[1] - direction[1] * back)
    for r in draw_pull(surface, a, pull, colour, max(2, table.px(4))):
        _mark(table, r)
    bar = pygame.Rect(0, 0, max(10, table.px(16)), table.px(110))
    side = (direction[1], -direction[0])  # the side away from the seat's panel
    bar.center = (round(start[0] + side[0] * table.px(70)), round(start[1] + side[1] * table.px(70)))
    bar = bar.clamp(table.table_rect)
    _mark(table, draw_power_bar(surface, bar, throw.power, pal.text, pal.green, pal.violet_hi))


def aiming(table: TableParts, surface: pygame.Surface, now: float) -> None:
    pal, v = table.pal, table.vstate
    frame = v.frame
    if frame is None or not table.my_turn() or table.telling():  # the last throw lands first
        return
    if v.kids and frame.name == "throw" and table.pulling is None:  # where to throw from pulses for a child
        near = zone_edges(table.lay.view, frame.seat, v.players, v.kids)[0]
        glow = 0.5 + 0.5 * math.sin(now * 4.0)
        colour = pal.green.lerp(pal.green_hi, glow)
        _mark(table, pygame.draw.lines(surface, colour, False, near, max(2, table.px(3 + 4 * glow))))
    if frame.name == "place" and not table.placing.shown and v.deck:
        pointer = table.pointer()
        if pointer is not None and table.table_rect.collidepoint(pointer):  # under the pointer from the first frame
            table.placing.follow(table.lay.view, pointer, v.table, v.deck[0])
    throw = table.current_throw()
    if throw is not None:
        pointer = table.sling.now if table.pulling is not None else None
        arrow(table, surface, throw, frame.seat, pointer, pal.green_hi, v.kids)
    if frame.name == "place" and table.placing.shown and v.deck:
        p = table.placing
        _mark(table, table.pieces.blit_card(surface, table.lay.view, kind_of(v.deck[0]), p.x, p.y, p.turn,
                                            p.layer + 0.6, alpha=215, below=resting_on(p.layer)))
        poly = table.lay.view.card_polygon(p.x, p.y, p.turn, p.layer + 0.6)
        _mark(table, pygame.draw.polygon(surface, pal.green_hi, poly, max(2, table.px(3))))


def hint(table: TableParts, surface: pygame.Surface) -> None:
    action, _targets = table.hinted()
    if action is None or table.vstate.frame is None:
        return
    seat, pal = table.vstate.frame.seat, table.pal
    if isinstance(action, Thrown | Throw):
        throw = action.intent if isinstance(action, Thrown) else action
        arrow(table, surface, throw, seat, None, pal.focus, True)
    elif isinstance(action, Placed | Place):
        p = action.intent if isinstance(action, Placed) else action
        poly = table.lay.view.card_polygon(p.x, p.y, p.turn, 1.6)
        _mark(table, pygame.draw.polygon(surface, pal.focus, poly, max(2, table.px(4))))


def draw(table: TableParts, surface: pygame.Surface, now: float) -> None:
    t = table.plan_time(now)
    if table.moving(now):
        waves(table, surface, now)
    if t is not None and table.playing(now):
        plan_frame(table, surface, t)
        changing_panels(table, surface)
        badges(table, surface, t)
        flights(table, surface, t)
    if t is not None:
        highlights(table, surface, t)
    aiming(table, surface, now)
    hint(table, surface)
    teach.draw(table, surface, now, lambda r: _mark(table, r), arrow)
    _mark(table, practice.notice(table, surface))
