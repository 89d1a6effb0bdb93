"""The still picture of Iluliaq's table, as pieces of the kit's ``StaticLayer`` over the water: the
trampolines and the acting seat's release zone, the cards in the water (tinted), the iceberg in its
box lid, the cards on it by layer (each with its shadow), the seats' panels, the deck's panel and the
kids' prompt. A piece is painted once per what it shows; after a throw only the cards that moved
are painted again. What moves is drawn over it each frame (``overlay.py``).

It is painted from small values: the ``Layout``, the look (``Look``) and what the picture shows
(``StillShown``, which is also the picture's key), never from the table scene."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.iluliaq.table import REACH, SIDE, Pose, release_point
from scenes.iluliaq import panels
from scenes.iluliaq.pieces import CONTACT, kind_of, resting_on
from scenes.iluliaq.throwing import distance_param
from scenes.iluliaq.view import SHADOW, TableView
from scenes.kit.hits import Hits

if TYPE_CHECKING:
    from scenes.iluliaq.layout import Layout
    from scenes.iluliaq.panels import SeatShown
    from scenes.iluliaq.pieces import Pieces
    from scenes.kit import style
    from scenes.kit.layer import Painter, StaticLayer


@dataclass(frozen=True)
class StillShown:
    """What the still picture shows: when it changes, the picture is made again."""

    cards: tuple[Pose, ...]
    """The cards lying on the table and in the water (not those a throw playing is moving)."""
    players: int
    kids: bool
    zone: int | None
    """The seat whose release zone is lit (the viewer's throw, once the last one has landed)."""
    seats: tuple[SeatShown | None, ...]
    """Each seat's panel (None: left out, the overlay draws it while a throw changes its count)."""
    deck: tuple[int, str | None, int] | None
    """The deck's size, its top card's kind and how many iceberg cards are out of the game (None:
    left out, as a seat's panel may be)."""
    kids_prompt: tuple[str, str] | None
    """The kids' picture and words (None: none)."""
    language: str
    owners: tuple[tuple[str, style.PlayerColour], ...] = ()
    """Each seat's name and colour (its trampoline, and its panel's tip, shown or left out)."""


@dataclass(frozen=True)
class Look:
    """What the still picture is painted with: the palette, the fonts, the scale and the pictures."""

    pal: style.Palette
    fonts: style.Fonts
    s: float
    pieces: Pieces



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


def _zone(layer: StaticLayer, hits: Hits, lay: Layout, look: Look, shown: StillShown, seat: int,
          bounds: pygame.Rect) -> None:
    view, s, pal = lay.view, look.s, look.pal
    kids = shown.kids
    near, left, right = zone_edges(view, seat, shown.players, kids)
    poly = zone_polygon(view, seat, shown.players, kids)
    xs, ys = zip(*poly, strict=True)
    r = pygame.Rect(math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 1,
                    math.ceil(max(ys) - min(ys)) + 1).clip(bounds)
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
    layer.piece(key, r, 0, paint, hits, [])


def _card(layer: StaticLayer, hits: Hits, view: TableView, pieces: Pieces, p: Pose) -> None:
    kind, wet = kind_of(p.card), p.layer <= 0
    r = card_rect(pieces, view, kind, p.x, p.y, p.turn, p.layer, wet)

    def paint(surf: pygame.Surface, off: tuple[int, int]) -> None:
        pieces.blit_card(surf, view, kind, p.x, p.y, p.turn, p.layer, off, wet)

    layer.piece(("card", p.card, kind, p.x, p.y, p.turn, p.layer, view.key), r, 0, paint, hits, [])


def _trampoline(layer: StaticLayer, hits: Hits, lay: Layout, pieces: Pieces, name: str,
                colour: style.PlayerColour, index: int) -> None:
    """A seat's trampoline, in its player's colour and shape, by their panel."""
    view = lay.view
    x, y, turn = lay.seats[index].trampoline
    kind = f"trampoline:{colour.rgb}:{colour.shape}"
    r = card_rect(pieces, view, kind, x, y, turn, 0.0)
    layer.piece(("trampoline", kind, index, x, y, turn, view.key), r, 0,
                lambda surf, off: pieces.blit_card(surf, view, kind, x, y, turn, 0.0, off), hits, [])
    hits.add(r, "trampoline", index, _("{player}'s trampoline: throw from behind it.").format(player=name))


def _iceberg(layer: StaticLayer, hits: Hits, view: TableView, pieces: Pieces) -> None:
    surf, at = pieces.iceberg(view)
    layer.piece(("iceberg", tuple(at), view.key), at, 0,
                lambda dst, off: dst.blit(surf, (at.x + off[0], at.y + off[1])), hits, [])


def seat_piece(lay: Layout, look: Look, index: int, seat: SeatShown, lang: str) -> tuple[tuple, Painter]:
    """A seat's panel as a piece: its key and its painter (the still picture's, or the overlay's
    while a throw changes its count)."""
    spot, pal, s = lay.seats[index], look.pal, look.s
    key = ("seat", index, seat, tuple(spot.panel), round(s, 4), pal.name, lang)
    return key, lambda surf, off: panels.paint_seat(surf, spot.panel.move(off), spot.card.move(off), seat,
                                                    look.pieces, look.fonts, pal, s)


def deck_piece(lay: Layout, look: Look, deck: tuple[int, str | None, int], lang: str) -> tuple[tuple, Painter]:
    """The deck's panel as a piece (see ``seat_piece``)."""
    count, top, out = deck
    pal, s = look.pal, look.s
    key = ("deck", count, top, out, tuple(lay.deck), round(s, 4), pal.name, lang)
    return key, lambda surf, off: panels.paint_deck(surf, lay.deck.move(off), count, top, out, look.pieces,
                                                    look.fonts, pal, s)


def render_static(layer: StaticLayer, rect: pygame.Rect, lay: Layout, look: Look, shown: StillShown,
                  view_size: tuple[int, int], deadline: float | None) -> Hits:
    """Bring the still picture up to date (pieces painted again only where what they show changed);
    returns what is under the pointer where."""
    pal, s, pieces, fonts = look.pal, look.s, look.pieces, look.fonts
    hits = Hits()
    layer.begin(rect, deadline)
    if not shown.kids:
        for i, (name, colour) in enumerate(shown.owners):
            _trampoline(layer, hits, lay, pieces, name, colour, i)
    if shown.zone is not None:
        _zone(layer, hits, lay, look, shown, shown.zone, rect)
    cards = sorted(shown.cards, key=lambda p: (p.layer, p.card))
    for p in cards:
        if p.layer <= 0:
            _card(layer, hits, lay.view, pieces, p)
    _iceberg(layer, hits, lay.view, pieces)
    for p in cards:
        if p.layer > 0:
            _card(layer, hits, lay.view, pieces, p)
    lang = shown.language
    for spot in lay.seats:
        seat = shown.seats[spot.seat]
        if seat is not None:
            key, paint = seat_piece(lay, look, spot.seat, seat, lang)
            layer.piece(key, spot.panel, round(8 * s), paint, hits, [])
        tip = _("{player}'s stack: only its top card can be seen.").format(
            player=shown.owners[spot.seat][0])
        hits.add(spot.panel, "seat", spot.seat, tip, f"seat:{spot.seat}")
    if shown.deck is not None:
        key, paint = deck_piece(lay, look, shown.deck, lang)
        layer.piece(key, lay.deck, round(8 * s), paint, hits, [])
    deck_card, out_card = panels.deck_cards(lay.deck, s)
    hits.add(deck_card, "deck", None, _("The draw deck: only its top card can be seen."), "deck")
    hits.add(out_card, "out", None, _("Iceberg cards that fell into the water leave the game."), "out")
    if shown.kids_prompt is not None and lay.prompt is not None:
        picture, words = shown.kids_prompt
        key = ("prompt", picture, words, tuple(lay.prompt), round(s, 4), pal.name)
        layer.piece(key, lay.prompt, round(8 * s), lambda surf, off: panels.paint_prompt(
            surf, lay.prompt.move(off), picture, words, fonts, pal, s), hits, [])
    water = pieces.water(lay.view, rect)
    layer.compose(water, (tuple(rect), view_size, lay.view.key, "water"), origin=rect.topleft)
    return hits
