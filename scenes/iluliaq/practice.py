"""A practice throw on Iluliaq's table, one click away ("Practice throw"): the player pulls and lets
go as usual, the physics works the throw out against the iceberg as it is, on a copy of the seat's
view, and it plays out on the table; then every card goes back where it was (the thrown one back to
its stack) and the table says it did not count. Nothing of the game changes: the rules never see
the throw, the record and the autosave are untouched."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.core.events import Changed, Moved
from game.core.i18n import N_, _
from game.iluliaq.table import HALF, Pose, Throw, Thrown
from physics.resolvers import resolver_for
from scenes.iluliaq.motion import COLLECT, Flight, Plan, Step, Track, plan_for
from scenes.iluliaq.parts import Practice
from scenes.iluliaq.pieces import kind_of
from scenes.iluliaq.trajectory import paths
from scenes.kit import style
from scenes.kit.refining import refine_soon

if TYPE_CHECKING:
    from scenes.iluliaq.parts import TableParts

log = logging.getLogger(__name__)

BACK = 0.6
"""Seconds the cards take to go back where they were."""
HOLD = 0.8
"""Seconds the practice throw's end stays in sight before the cards go back."""


def can_practise(table: TableParts) -> bool:
    v = table.vstate
    return (table.lay is not None and table.my_turn() and v.frame is not None and v.frame.name == "throw"
            and not table.telling() and table.practice is None and not table.match.is_over())


TIP = N_("Try a throw that does not count: it plays out, then everything goes back.")


def tip(table: TableParts, pos: tuple[int, int]) -> str | None:
    button = table.practice_button
    return _(TIP) if button is not None and button.visible and button.rect.collidepoint(pos) else None


def toggle(table: TableParts) -> None:
    """The button: ready a practice throw (the next pull does not count), or give it up."""
    table.teaching.skip()
    table.practising = not table.practising and can_practise(table)
    sync(table)
    table.app.dirty = True


def sync(table: TableParts) -> None:
    """The button shows on your throw (and says how to give up a practice readied)."""
    button = table.practice_button
    if button is None:
        return
    show = can_practise(table)
    if not show:
        table.practising = False
    if show:  # by the panel of the seat to throw
        spot = table.lay.practice[table.match.to_act]
        if button.rect.topleft != spot.topleft:
            button.set_position(spot.topleft)
    if button.visible != show:
        button.show() if show else button.hide()
    text = _("Stop practising") if table.practising else _("Practice throw")
    if button.text != text:
        button.set_text(text)


def throw(table: TableParts, intent: Throw) -> bool:
    """Play ``intent`` as a practice: worked out on a copy of the seat's view, shown, then undone."""
    m = table.match
    seat = m.to_act
    table.practising = False
    view = m.game.view(m.state, seat)  # a copy: nothing the physics does reaches the game
    try:
        full = resolver_for(m.game.info.id)(m.game, view, intent)
    except Exception as exc:  # noqa: BLE001 - a physics failure must not take the table down
        log.exception("the resolver failed on the practice throw %r", intent)
        table.app.toast(_("The physics could not work that out: {reason}").format(reason=exc), "error")
        return False
    if not isinstance(full, Thrown):
        return False
    before = {p.card: p for p in view.table}
    after = {p.card: p for p in full.outcome.poses}
    events = [Moved(f"card:{full.outcome.card}", f"stack:{seat}", "table")]
    events += [Changed(f"card:{c}", [p.x, p.y, p.turn, p.layer]) for c, p in sorted(after.items())
               if before.get(c) != p]
    staying = [p for p in full.outcome.poses if p.layer >= 1 or (p.card in before and before[p.card].layer == 0)]
    players = view.players
    plan = _practised(plan_for(-1, full, seat, players, before, events, staying))
    table.practice = Practice(seat, before, after, full.outcome.card)
    table.play(plan)
    table.plan_is_news = False

    def following(recorded: dict | None) -> Plan | None:
        return _practised(plan_for(-1, full, seat, players, before, events, staying, recorded)) if recorded else None

    table._path_owed = refine_soon(plan, paths, full, seat, players, dict(before), finish=following)
    sync(table)
    return True


def _practised(plan: Plan) -> Plan:
    """A practice throw's plan: it does not count, and it rests a moment before the cards go back."""
    plan.practice = True
    plan.duration += HOLD
    return plan


def go_back(table: TableParts) -> None:
    """Once the practice has played and rested: every card it moved goes back where it was, the thrown
    one to its stack."""
    p = table.practice
    plan = Plan(-1, p.seat, practice=True)
    for card, was in sorted(p.before.items()):
        now = p.after.get(card)
        if now is not None and now != was:
            plan.tracks[card] = Track(card, kind_of(card), [Step(0.0, BACK, _place(now), _place(was))])
    end = p.after.get(p.card)
    if end is not None:
        plan.flights.append(Flight(p.card, kind_of(p.card), 0.0, COLLECT, ("table", end.x, end.y, float(end.layer)),
                                   ("seat", p.seat)))
    plan.duration = max([BACK if plan.tracks else 0.0, COLLECT if plan.flights else 0.0, 0.01])
    p.returning = True
    table.play(plan)
    table.plan_is_news = False
    table.app.toast(_("That was practice: it did not count."))


def tick(table: TableParts, now: float) -> None:
    """Move a practice on: back when it has rested, over once everything is back."""
    p = table.practice
    if p is None or table.playing(now):
        return
    if not p.returning:
        go_back(table)
    elif not table.playing(now):
        table.practice = None
        sync(table)


def notice(table: TableParts, surface: pygame.Surface) -> pygame.Rect | None:
    """While a practice is readied or played, the table says it does not count (at its top)."""
    if not table.practising and table.practice is None:
        return None
    fonts, pal, s = table.fonts, table.pal, table.s
    words = _("Practice throw: it does not count.")
    text = fonts.render(words, "body", pal.text_dark, True)
    pad = round(10 * s)
    box = text.get_rect().inflate(2 * pad, pad)
    view, lay, bounds = table.lay.view, table.lay, table.table_rect
    (x0, y0), (x1, y1) = view.to_screen(-HALF, -HALF, 1.0), view.to_screen(HALF, HALF, 0.0)
    lift = view.card_size()[1]
    busy = [sp.panel for sp in lay.seats] + [lay.deck, lay.replay, lay.practice[table.match.to_act or 0]]

    def at(x: float, y: float) -> pygame.Rect:
        r = pygame.Rect(box)
        r.center = (round(x), round(y))
        return r.clamp(bounds) if r.w <= bounds.w and r.h <= bounds.h else r

    mid, side = (x0 + x1) / 2, box.w / 2 + lift / 2
    # above the iceberg, below it, beside it: clear of the panels
    spots = [at(mid, y0 - lift * 0.55), at(mid, y1 + lift * 0.55), at(x0 - side, y0), at(x1 + side, y0)]
    box = min(spots, key=lambda r: sum(r.clip(b).w * r.clip(b).h for b in busy))
    pygame.draw.rect(surface, pal.green_hi, box, border_radius=box.h // 2)
    style.blit_text(surface, fonts, words, box.center, "body", pal.text_dark, True, "center")
    return box


def _place(p: Pose) -> tuple[float, float, float, float]:
    return (p.x, p.y, p.turn, float(p.layer))
