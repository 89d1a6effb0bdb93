"""A seat's header line at the Borealis table (its token and name; score, hand and tokens), on the
big board and on an opponent's compact board, and the tip that explains its score."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.tokens import token_points
from game.core.i18n import _, ngettext
from scenes.borealis import pieces as pc
from scenes.kit import style
from scenes.kit.seat_colours import seat_colour

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


def score_tip(table: TableParts, seat: int) -> str:
    """The seat's points term by term "if the game ended now", and its hand."""
    p = table.vstate.players[seat]
    hand = ngettext("{n} card in hand.", "{n} cards in hand.", len(p.hand)).format(n=len(p.hand))
    breakdown = table.score_breakdown(seat)
    if breakdown is None:
        score = table.score(seat)
        return ngettext("{name}: {score} point if the game ended now.", "{name}: {score} points if the game ended now.",
                        score).format(name=table.match.name(seat), score=score) + " " + hand
    return breakdown + "\n" + hand


def draw_header(table: TableParts, layer, off, r: pygame.Rect, seat: int, big: bool) -> None:
    pal, fonts = table.pal, table.fonts
    p = table.vstate.players[seat]
    rr = r.move(off)
    tr = table.px(8)
    token = seat_colour(table.match.game.info, table.match.seats[seat].colour)
    style.draw_player_token(layer, token, (rr.x + tr + table.px(2), rr.centery), tr)
    x = rr.x + tr * 2 + table.px(8)
    # right side: score, hand, tokens
    items = []
    score = table.score(seat)
    if big:
        items.append((f"{pc.ART}/vp.svg", ngettext("{n} point", "{n} points", score).format(n=score)))
        items.append(("hand", ngettext("{n} card in hand", "{n} cards in hand", len(p.hand)).format(n=len(p.hand))))
        items.append((f"{pc.ART}/token_1.svg", _("tokens {n}").format(n=token_points(p))))
    else:
        items.append((f"{pc.ART}/vp.svg", str(score)))
        items.append(("hand", str(len(p.hand))))
        items.append((f"{pc.ART}/token_1.svg", str(token_points(p))))
    icon = table.px(18)
    right = rr.right - table.px(4)
    for path, text in reversed(items):
        img = fonts.render(text, "small", pal.text, True)
        right -= img.get_width()
        layer.blit(img, img.get_rect(midleft=(right, rr.centery)))
        right -= icon + table.px(3)
        if path == "hand":
            back = table.pieces.svg(f"{pc.ART}/deck_back.svg", (round(icon * 0.72), icon))
            layer.blit(back, back.get_rect(center=(right + icon // 2, rr.centery)))
        else:
            layer.blit(table.pieces.icon(path, icon), (right, rr.centery - icon // 2))
        right -= table.px(10)
    step = "body" if big else "small"
    name = table.match.name(seat)
    if big and table.viewer == seat:
        name = _("{name} — your board").format(name=name)
    name = fonts.fit(name, max(10, right - x - table.px(6)), step, True)
    style.blit_text(layer, fonts, name, (x, rr.centery), step, pal.text, True, "midleft")
