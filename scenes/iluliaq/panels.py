"""The panels around Iluliaq's iceberg, painted as pieces of the table's still picture: each seat's
(its top card, token, name and how many cards its stack holds: only the top is ever shown, the
order below it is nobody's to see), the draw deck's (its top card) with the iceberg cards out of the
game, and the kids' prompt."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.i18n import _, ngettext
from game.iluliaq.table import CARD_L, CARD_W
from scenes.iluliaq.pieces import Pieces
from scenes.kit import kids_prompt, style


@dataclass(frozen=True)
class SeatShown:
    """What a seat's panel shows (its piece's key)."""

    name: str
    colour: style.PlayerColour
    """The seat's colour and shape (``scenes/kit/seat_colours.seat_colour``)."""
    bot: bool
    count: int
    top: str | None
    """The top card's kind (None: an empty stack)."""
    acting: bool


def paint_seat(surface: pygame.Surface, rect: pygame.Rect, card: pygame.Rect, shown: SeatShown,
               pieces: Pieces, fonts: style.Fonts, pal: style.Palette, s: float) -> None:
    fill = pal.panel_hi if shown.acting else pal.panel
    radius = round(12 * s)
    style.panel(surface, rect, pal, radius, fill=fill, border=pal.green if shown.acting else pal.line,
                shadow=round(5 * s), alpha=235)
    if shown.acting:
        pygame.draw.rect(surface, pal.green, rect, max(2, round(3 * s)), border_radius=radius)
    if shown.top is None:
        surface.blit(pieces.slot(card.size, pal.text_dim), card)
    else:
        if shown.count > 1:  # the cards under the top one, as edges (never their faces)
            edge = card.move(round(3 * s), round(3 * s))
            pygame.draw.rect(surface, (196, 214, 228), edge, border_radius=max(2, card.w // 10))
            pygame.draw.rect(surface, (20, 33, 61), edge, 1, border_radius=max(2, card.w // 10))
        surface.blit(pieces.face(shown.top, card.size), card)
    x = card.right + round(14 * s)
    room = rect.right - x - round(10 * s)
    r = round(10 * s)
    line = fonts.font("body", True).get_linesize()
    top = rect.centery - line
    style.draw_player_token(surface, shown.colour, (x + r, top + line // 2), r)
    name = fonts.fit(shown.name, room - 2 * r - round(8 * s), "body", True)
    style.blit_text(surface, fonts, name, (x + 2 * r + round(8 * s), top + line // 2), "body", pal.text, True,
                    "midleft")
    count = ngettext("{n} card", "{n} cards", shown.count).format(n=shown.count)
    style.blit_text(surface, fonts, fonts.fit(count, room, "body"), (x, top + line + line // 2), "body",
                    pal.green if shown.acting else pal.text_dim, False, "midleft")


def deck_cards(rect: pygame.Rect, s: float) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the deck's top card and the out-of-the-game pile are drawn in the deck's panel (each in
    one half, its label under it in up to two lines)."""
    pad = round(8 * s)
    h = rect.h - 2 * pad - round(6 * s) - 2 * round(19 * s)
    w = round(h * CARD_W / CARD_L)
    deck = pygame.Rect(rect.x + pad, rect.y + pad, w, h)
    out = pygame.Rect(rect.centerx + pad // 2, rect.y + pad, w, h)
    return deck, out


def paint_deck(surface: pygame.Surface, rect: pygame.Rect, count: int, top: str | None, out: int,
               pieces: Pieces, fonts: style.Fonts, pal: style.Palette, s: float) -> None:
    style.panel(surface, rect, pal, round(12 * s), fill=pal.panel, border=pal.line, shadow=round(5 * s), alpha=225)
    deck, gone = deck_cards(rect, s)
    if top is None:
        surface.blit(pieces.slot(deck.size, pal.text_dim), deck)
    else:
        if count > 1:
            edge = deck.move(round(3 * s), round(3 * s))
            pygame.draw.rect(surface, (196, 214, 228), edge, border_radius=max(2, deck.w // 10))
            pygame.draw.rect(surface, (20, 33, 61), edge, 1, border_radius=max(2, deck.w // 10))
        surface.blit(pieces.face(top, deck.size), deck)
    if out:
        surface.blit(pieces.face("iceberg", gone.size), gone)
    else:
        surface.blit(pieces.slot(gone.size, pal.text_dim), gone)
    room = rect.w // 2 - round(12 * s)
    line = fonts.font("small").get_linesize()
    for card, label, n in ((deck, _("Draw deck"), count), (gone, _("Out of the game"), out)):
        style.blit_text(surface, fonts, str(n), (card.right + round(8 * s), card.centery), "h3", pal.text, True,
                        "midleft")
        y = card.bottom + round(4 * s)
        for text in fonts.wrap(label, room, "small")[:2]:
            style.blit_text(surface, fonts, fonts.fit(text, room, "small"), (card.x, y), "small", pal.text_dim)
            y += line


def paint_prompt(surface: pygame.Surface, rect: pygame.Rect, picture: str, words: str, fonts: style.Fonts,
                 pal: style.Palette, s: float) -> None:
    style.panel(surface, rect, pal, round(14 * s), fill=pal.panel, border=pal.green, shadow=round(5 * s),
                alpha=235)
    kids_prompt.draw(surface, fonts, picture, words, rect, round(10 * s), pal.text)
