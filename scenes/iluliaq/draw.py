"""The still picture of Iluliaq's table, as pieces of the kit's ``StaticLayer`` over the water: the
trampolines and the acting seat's release zone, the cards in the water (tinted), the iceberg in its
box lid, the cards on it by layer (each with its shadow), the seats' panels, the deck's panel and the
kids' prompt. A piece is painted once per what it shows; after a throw only the cards that moved
are painted again. What moves is drawn over it each frame (``overlay.py``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core import i18n
from game.iluliaq.state import THROW
from game.iluliaq.table import REACH, SIDE, Pose, release_point
from scenes.iluliaq import panels
from scenes.iluliaq.pieces import CONTACT, kind_of, resting_on
from scenes.iluliaq.throwing import distance_param
from scenes.iluliaq.view import SHADOW, TableView
from scenes.kit.hits import Hits
from scenes.kit.seat_colours import seat_colour

if TYPE_CHECKING:
    from scenes.iluliaq.parts import TableParts
    from scenes.iluliaq.pieces import Pieces


def card_rect(pieces: Pieces, view: TableView, kind: str, x: float, y: float, turn: float, layer: float,
              wet: bool = False) -> pygame.Rect:
    """What ``Pieces.blit_card`` covers for a card resting there."""
    img = pieces.lying(kind, view.card_size(x, y), turn, wet)
    r = img.get_rect(center=tuple(round(v) for v in view.to_screen(x, y, layer)))
    if layer > 0.05:
        sh = pieces.shadow(view.card_size(x, y), turn)
        ground = resting_on(layer)
        drop = max(CONTACT, layer - ground)
        c = view.to_screen(x + SHADOW[0] * drop, y + SHADOW[1] * drop, ground)
        r = r.union(sh.get_rect(center=(round(c[0]), round(c[1]))))
    return r


EDGE_POINTS = 9
"""Points along each edge of a release zone: the view squeezes the water, so its straight edges are
drawn as gentle curves."""


def zone_edges(view: TableView, seat: int, players: int, kids: bool,
               far: float = REACH) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """A seat's release zone on the screen: its near edge (the line, left to right), and its two sides
    (from the line outwards), as points."""
    low = distance_param(seat, players, kids).low

    def points(d0: float, o0: float, d1: float, o1: float) -> list[tuple]:
        return [view.to_screen(*release_point(seat, players, d0 + (d1 - d0) * i / (EDGE_POINTS - 1),
                                              o0 + (o1 - o0) * i / (EDGE_POINTS - 1))) for i in range(EDGE_POINTS)]

    return points(low, -SIDE, low, SIDE), points(low, -SIDE, far, -SIDE), points(low, SIDE, far, SIDE)


def zone_polygon(view: TableView, seat: int, players: int, kids: bool, far: float = REACH) -> list[tuple]:
    near, left, right = zone_edges(view, seat, players, kids, far)
    return [*near, *right[1:], *reversed(left[1:-1])]


def _dashes(surface: pygame.Surface, line: list[tuple], colour: pygame.Color, width: int, dash: float) -> None:
    """A dashed line along the points of ``line``."""
    on, left = True, dash
    for a, b in zip(line, line[1:]):
        length, done = math.dist(a, b), 0.0
        while done < length:
            step = min(left, length - done)
            if on:
                t0, t1 = done / length, (done + step) / length
                pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
            done += step
            left -= step
            if left <= 1e-9:
                on, left = not on, dash


def _zone(table: TableParts, seat: int) -> None:
    view, s, pal = table.lay.view, table.s, table.pal
    kids = table.vstate.kids
    near, left, right = zone_edges(view, seat, table.vstate.players, kids)
    poly = zone_polygon(view, seat, table.vstate.players, kids)
    t = table.table_rect
    xs, ys = zip(*poly, strict=True)
    r = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                    math.ceil(max(ys) - min(ys)) + 1).clip(t)
    if r.w <= 0 or r.h <= 0:
        return
    def paint(surf: pygame.Surface, off: tuple[int, int]) -> None:
        def moved(points: list[tuple]) -> list[tuple]:
            return [(x + off[0], y + off[1]) for x, y in points]

        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(shade, (*pal.ice[:3], 34), moved(poly))
        surf.blit(shade, (0, 0))
        for side in (left, right):
            _dashes(surf, moved(side), pal.green, max(2, round(2 * s)), 6 * s)
        _dashes(surf, moved(near), pal.green_hi, max(2, round(3 * s)), 9 * s)

    key = ("zone", seat, kids, tuple(r), view.key, pal.name)
    table.layer.piece(key, r, 0, paint, table.hits, [])


def _card(table: TableParts, p: Pose) -> None:
    view, pieces = table.lay.view, table.pieces
    kind, wet = kind_of(p.card), p.layer <= 0
    r = card_rect(pieces, view, kind, p.x, p.y, p.turn, p.layer, wet)

    def paint(surf: pygame.Surface, off: tuple[int, int]) -> None:
        pieces.blit_card(surf, view, kind, p.x, p.y, p.turn, p.layer, off, wet)

    table.layer.piece(("card", p.card, kind, p.x, p.y, p.turn, p.layer, view.key),
                      r, 0, paint, table.hits, [])


def _trampoline(table: TableParts, seat: int) -> None:
    """A seat's trampoline, in its player's colour and shape, by their panel."""
    view, pieces = table.lay.view, table.pieces
    x, y, turn = table.lay.seats[seat].trampoline
    colour = seat_colour(table.match.game.info, table.match.seats[seat].colour)
    kind = f"trampoline:{colour.rgb}:{colour.shape}"
    r = card_rect(pieces, view, kind, x, y, turn, 0.0)
    table.layer.piece(("trampoline", kind, seat, x, y, turn, view.key), r, 0,
                      lambda surf, off: pieces.blit_card(surf, view, kind, x, y, turn, 0.0, off),
                      table.hits, [])
    table.hits.add(r, "trampoline", seat, table.trampoline_tip(seat))


def _iceberg(table: TableParts) -> None:
    surf, at = table.pieces.iceberg(table.lay.view)
    table.layer.piece(("iceberg", tuple(at), table.lay.view.key), at, 0,
                      lambda dst, off: dst.blit(surf, (at.x + off[0], at.y + off[1])), table.hits, [])


def render_static(table: TableParts) -> pygame.Surface:
    """Bring the still picture up to date (pieces painted again only where what they show changed)."""
    lay, v, pal, s = table.lay, table.vstate, table.pal, table.s
    table.hits = Hits()
    table.layer.begin(table.table_rect, table.app.frame_deadline())
    hidden = table.hidden_cards()
    if not v.kids:
        for seat in range(v.players):
            _trampoline(table, seat)
    frame = v.frame
    if table.my_turn() and frame is not None and frame.name == THROW and not table.telling():
        _zone(table, frame.seat)  # lit once the last throw has landed
    cards = sorted((p for p in v.table if p.card not in hidden), key=lambda p: (p.layer, p.card))
    for p in cards:
        if p.layer <= 0:
            _card(table, p)
    _iceberg(table)
    for p in cards:
        if p.layer > 0:
            _card(table, p)
    lang = i18n.language()
    for spot in lay.seats:
        shown = table.seat_shown(spot.seat)
        key = ("seat", spot.seat, shown, tuple(spot.panel), round(s, 4), pal.name, lang)
        table.layer.piece(key, spot.panel, round(8 * s), lambda surf, off, spot=spot, shown=shown: panels.paint_seat(
            surf, spot.panel.move(off), spot.card.move(off), shown, table.pieces, table.fonts, pal, s),
            table.hits, [])
        table.hits.add(spot.panel, "seat", spot.seat, table.seat_tip(spot.seat), f"seat:{spot.seat}")
    count, top, out = table.deck_shown()
    key = ("deck", count, top, out, tuple(lay.deck), round(s, 4), pal.name, lang)
    table.layer.piece(key, lay.deck, round(8 * s), lambda surf, off: panels.paint_deck(
        surf, lay.deck.move(off), count, top, out, table.pieces, table.fonts, pal, s), table.hits, [])
    deck_card, out_card = panels.deck_cards(lay.deck, s)
    table.hits.add(deck_card, "deck", None, table.deck_tip(), "deck")
    table.hits.add(out_card, "out", None, table.out_tip(), "out")
    kids = table.kids_prompt()
    if kids is not None and lay.prompt is not None:
        picture, words = kids
        key = ("prompt", picture, words, tuple(lay.prompt), round(s, 4), pal.name)
        table.layer.piece(key, lay.prompt, round(8 * s), lambda surf, off: panels.paint_prompt(
            surf, lay.prompt.move(off), picture, words, table.fonts, pal, s), table.hits, [])
    size = table.app.view_size
    water = table.pieces.water(lay.view, size)
    return table.layer.compose(water, (tuple(table.table_rect), size, lay.view.key, "water"))
