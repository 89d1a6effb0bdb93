"""Teaching the throw on Iluliaq's table. A human player's first throw of a game starts with a few
seconds' demonstration: a ghost hand presses behind the player's line, pulls back (the band, the
arrow and the power bar showing), lets go, and a ghost card flies onto the iceberg, each step named
beside it. Any click or key skips it. It is shown once per human player and game, remembered in the
data folder (``scenes.session.lessons``) so that a game continued later does not show it again; a seat
that has already thrown in the game never sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.iluliaq.state import THROW
from game.iluliaq.table import HALF, Thrown, aim, release_point, touchdown_point
from physics.iluliaq.flight import release_turn
from scenes.iluliaq import motion, throwing
from scenes.iluliaq.parts import Teaching as Teaching  # the table makes one
from scenes.iluliaq.pieces import ground_at, kind_of
from scenes.kit import demo
from scenes.kit.slingshot import lesson_frame
from scenes.session import lessons

if TYPE_CHECKING:
    from scenes.iluliaq.parts import TableParts

LESSON = "throw"
HAND = "art/iluliaq/ghost_hand.svg"
PICTURE = "art/iluliaq/throw_how.svg"
"""Kids' mode's picture of the throw: press behind the line, pull back, the card flies the other way."""
REACH = 0.92
"""How far the demonstration's throw flies, as a share of the way to the iceberg's centre: onto it."""
GHOST = 170
"""How much of the ghost card shows (of 255)."""


def has_thrown(table: TableParts, seat: int) -> bool:
    history = table.match.history
    return any(isinstance(a, Thrown) and history.actor(i) == seat for i, a in enumerate(history.actions))


def due(table: TableParts) -> bool:
    """Whether the player to throw now has not been shown how yet."""
    v, m, teaching = table.vstate, table.match, table.teaching
    if (table.lay is None or m.is_over() or not table.my_turn() or v.frame is None or v.frame.name != THROW
            or table.telling() or table.app.top is not table or teaching.seat == m.to_act):
        return False
    seat = m.to_act
    asked = (len(m.history.actions), seat)
    if teaching._asked != asked:
        teaching._asked = asked
        teaching._seen = has_thrown(table, seat) or lessons.seen(m.history.record, seat, LESSON)
    return not teaching._seen


def start_if_due(table: TableParts, now: float) -> bool:
    """Start the demonstration when it is due (and remember it was shown); whether it started."""
    if not due(table):
        return False
    seat = table.match.to_act
    table.teaching.seat = seat
    table.teaching.demo.start(now)
    lessons.mark_seen(table.match.history.record, seat, LESSON)
    table.app.dirty = True
    return True


def words(step: int, kids: bool) -> str:
    if step == 0:
        return _("Press outside the box") if kids else _("Press behind your line")
    return _("Pull back") if step == 1 else _("Let go!")


def draw(table: TableParts, surface: pygame.Surface, now: float, mark: Callable[[pygame.Rect], None],
         arrow: Callable[..., None]) -> None:
    """The demonstration as it stands at ``now`` (nothing when it is not showing): ``mark`` is told
    what it drew over, ``arrow`` draws a pull as the table draws a player's (``overlay.arrow``)."""
    teaching = table.teaching
    t = teaching.demo.elapsed(now)
    if t is None or teaching.seat is None:
        return
    view, v, pal = table.lay.view, table.vstate, table.pal
    seat, players = teaching.seat, v.players
    behind = throwing.distance_param(seat, players, v.kids).low + throwing.KEY_BEHIND
    rx, ry = release_point(seat, players, behind, 0.0)
    start = view.to_screen(rx, ry)
    way = view.screen_way(rx, ry, aim(seat, players, 0.0))
    share = throwing.REACH.inverse(REACH)
    frame = lesson_frame(t, start, way, share * table.lay.full_pull, table.lay.full_pull)
    if frame is None:
        return
    card = kind_of(v.stacks[seat][0]) if v.stacks[seat] else "back"
    if frame.aim is not None:
        throw = throwing.throw_of(view, frame.aim, seat, players, v.kids)
        arrow(table, surface, throw, seat, frame.pointer, pal.violet_hi, False, GHOST)
    elif frame.step == 0 and frame.pressed:
        mark(table.pieces.blit_card(surface, view, card, rx, ry, release_turn(aim(seat, players, 0.0)), motion.HAND,
                                    alpha=GHOST, below=ground_at(v.table, rx, ry)))
    if frame.flight is not None:
        power = throwing.power_of(share, (rx * rx + ry * ry) ** 0.5)
        throw = throwing.Throw(behind, 0.0, 0.0, power, 0.0)
        tx, ty = touchdown_point(seat, players, throw)
        u = frame.flight
        hump = 4 * u * (1 - u)
        layer = motion.HAND + (1.0 - motion.HAND) * u + motion.ARC * hump
        mark(table.pieces.blit_card(surface, view, card, rx + (tx - rx) * u, ry + (ty - ry) * u,
                                    release_turn(aim(seat, players, 0.0)), layer, scale=1 + motion.GROW * hump,
                                    alpha=round(GHOST * min(1.0, frame.alpha * 1.5)),
                                    below=ground_at(v.table, tx, ty)))
    panel = table.lay.seats[seat].panel
    away = 1 if (panel.centerx - start[0]) * -way[1] + (panel.centery - start[1]) * way[0] < 0 else -1
    across = (-way[1] * away, way[0] * away)  # the side of the release point away from the seat's panel
    side = max(24, round(view.card_size()[1] * 0.9))
    # the hand reaches in from the iceberg's side, away from the panel: it stays in sight even where
    # the pull ends at the window's edge, and leaves the band clear
    mark(demo.ghost_hand(surface, table.pieces, HAND, frame.pointer, side, min(1.0, frame.alpha * 0.95),
                         frame.pressed, (-across[0] * 0.85 - way[0] * 0.5, -across[1] * 0.85 - way[1] * 0.5)))
    gap = table.px(160)
    ice = view.to_screen(0.0, 0.0, 1.0)
    mid = ((start[0] + ice[0]) / 2, (start[1] + ice[1]) / 2)
    spots = [(mid[0] + across[0] * gap * k, mid[1] + across[1] * gap * k) for k in (1, 1.6, -1, -1.6)]
    (x0, y0), (x1, y1) = view.to_screen(-HALF, -HALF, 1.0), view.to_screen(HALF, HALF, 0.0)
    iceberg = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    mark(demo.caption(surface, table.fonts, pal, words(frame.step, v.kids), _("Click or press a key to skip"),
                      spots, [panel, table.lay.deck, iceberg], table.table_rect, table.s))
