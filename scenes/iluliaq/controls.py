"""What Iluliaq's table does with the mouse and the keys (a mixin of ``IluliaqTable``): on your turn,
press behind your trampoline line, pull back and let go (twisting as you let go for spin); the
dodo's card follows the pointer over the iceberg, the wheel or Q/E turn it, a click lays it. Arrow
keys aim and set the power and Space throws; for the dodo's card the arrows move it and Space lays it.
Every intent goes through the scene's ``submit``: the match has the resolver work out its outcome."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.core.messages import text_of
from game.iluliaq.data import card_name
from game.iluliaq.state import PLACE, THROW
from game.iluliaq.table import (
    HALF,
    PLACE_X,
    PLACE_Y,
    Throw,
    angle_toward,
    animal_type,
    card_data,
    contains,
    release_point,
)
from scenes.iluliaq import practice
from scenes.iluliaq import throwing as th

if TYPE_CHECKING:
    from scenes.iluliaq.parts import TableParts

log = logging.getLogger(__name__)

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
BACKWARDS = 90.0
"""Degrees off the centre line past which a pull is taken for one the wrong way round."""


class Controls:
    def frame_name(self: TableParts) -> str | None:
        frame = self.vstate.frame
        return None if frame is None or not self.my_turn() else frame.name

    def current_throw(self: TableParts) -> Throw | None:
        """The throw being pulled (or aimed with the keys) as it would go now."""
        if self.pulling is not None:
            a = self.sling.aim()
            if a is None:
                return None
            return th.throw_of(self.lay.view, a, self.pulling, self.vstate.players, self.vstate.kids)
        return self.key_throw

    # --- the pointer ---------------------------------------------------------------------------
    def handle_event(self: TableParts, event: pygame.event.Event) -> None:
        if self.lay is None:
            return
        now = time.perf_counter()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.last_pointer = event.pos
        if event.type == pygame.MOUSEMOTION:
            if self.pulling is not None:
                self.sling.move(event.pos, now)
                self.app.dirty = True
            elif self.frame_name() == PLACE:
                self.placing.follow(self.lay.view, event.pos, self.vstate.table, self.vstate.deck[0])
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press(event.pos, now)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.let_go(event.pos, now)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.pulling is not None:
            self.sling.cancel()
            self.pulling = None
            self.app.dirty = True
        elif event.type == pygame.MOUSEWHEEL and self.frame_name() == PLACE:
            self.placing.rotate(-event.y)
            self.app.dirty = True
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def press(self: TableParts, pos: tuple[int, int], now: float) -> None:
        frame = self.frame_name()
        if frame is None or not self.table_rect.collidepoint(pos):
            return
        self.finish_plan()  # aim at the table as it is, not as the last throw still shows it
        v, seat = self.vstate, self.match.to_act
        if frame == THROW:
            own = self.lay.seats[seat].panel.collidepoint(pos)
            distance, offset = th.release_at(self.lay.view, pos, seat, v.players)
            why = None if own else th.why_not_here(distance, offset, seat, v.players, v.kids)
            if why is not None:
                self.app.toast(why, "error")
                return
            self.key_throw = None
            self.sling.press(pos, now)
            self.pulling = seat
        elif frame == PLACE:
            self.placing.follow(self.lay.view, pos, v.table, v.deck[0])
            self.placing.held = True  # it is laid where the button is let go (a click lays it here)
        self.app.dirty = True

    def lay_card(self: TableParts, pos: tuple[int, int]) -> None:
        """Let go of the dodo's card: laid there when that is over the iceberg."""
        self.placing.held = False
        v = self.vstate
        self.placing.follow(self.lay.view, pos, v.table, v.deck[0])
        x, y = self.lay.view.to_table(*pos, self.placing.layer)
        if not (PLACE_X.low <= x <= PLACE_X.high and PLACE_Y.low <= y <= PLACE_Y.high):
            self.app.toast(_("Lay the card on the iceberg."), "error")
            return
        self.send(self.placing.intent())

    def let_go(self: TableParts, pos: tuple[int, int], now: float) -> None:
        if self.placing.held and self.frame_name() == PLACE:
            self.lay_card(pos)
            self.app.dirty = True
            return
        if self.pulling is None:
            return
        seat, self.pulling = self.pulling, None
        a = self.sling.release(pos, now)
        self.app.dirty = True
        if a is None:
            self.app.toast(_("Pull back, away from the iceberg, then let go."))
            return
        v = self.vstate
        x, y = self.lay.view.to_table(*a.start)
        raw = angle_toward(seat, v.players, *self.lay.view.table_way(x, y, a.direction))
        if abs(raw) > BACKWARDS:
            self.app.toast(_("Pull back, away from the iceberg, then let go."))
            return
        self.send(th.throw_of(self.lay.view, a, seat, v.players, v.kids))

    def send(self: TableParts, intent) -> bool:
        """Submit an intent (a throw readied as a practice plays without counting)."""
        if self.practising and isinstance(intent, Throw):
            return practice.throw(self, intent)
        return self.submit_intent(intent)

    def submit_intent(self: TableParts, intent) -> bool:
        """Submit an intent; the physics failing says so instead of stopping the game."""
        try:
            return self.submit(intent)
        except Exception as exc:  # noqa: BLE001 - a physics failure must not take the table down
            log.exception("the resolver failed on %r", intent)
            self.app.toast(_("The physics could not work that out: {reason}").format(reason=exc), "error")
            return False

    # --- the keys ----------------------------------------------------------------------------------
    def key(self: TableParts, event: pygame.event.Event) -> None:
        frame = self.frame_name()
        if frame is None or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return
        v, seat = self.vstate, self.match.to_act
        if frame == THROW and (event.key in ARROWS or event.key == pygame.K_SPACE) and self.pulling is None:
            self.finish_plan()
            throw = self.key_throw or th.keyboard_throw(seat, v.players, v.kids)
            dx, dy = ARROWS.get(event.key, (0, 0))
            self.key_throw = th.nudged(throw, -dx * th.KEY_ANGLE, -dy * th.KEY_POWER)
            if event.key == pygame.K_SPACE:
                self.key_throw = None
                self.send(throw)
            self.app.dirty = True
        elif frame == PLACE:
            if event.key in ARROWS:
                dx, dy = ARROWS[event.key]
                self.placing.move(dx * th.KEY_MOVE, dy * th.KEY_MOVE, v.table, v.deck[0])
            elif event.key in (pygame.K_q, pygame.K_e):
                self.placing.rotate(-1 if event.key == pygame.K_q else 1)
                self.placing.shown = True
            elif event.key == pygame.K_SPACE:
                self.send(self.placing.intent())
            self.app.dirty = True

    # --- for the automation trace ------------------------------------------------------------------
    def click_targets(self: TableParts) -> dict[str, list[int]]:
        """Where a player presses and pulls: for each seat, "throw:N" (just behind its line, on its
        centre line) and "pull:N" (half a full pull back from there, away from the iceberg); the
        iceberg's bare top; each seat's panel."""
        if self.lay is None:
            return {}
        view, v, out = self.lay.view, self.vstate, {}

        def spot(x: float, y: float, half: int = 4) -> list[int]:
            return [round(x) - half, round(y) - half, 2 * half, 2 * half]

        for sp in self.lay.seats:
            behind = th.distance_param(sp.seat, v.players, v.kids).low + th.KEY_BEHIND
            sx, sy = view.to_screen(*release_point(sp.seat, v.players, behind, 0.0))
            pull = self.lay.full_pull / 2
            out[f"throw:{sp.seat}"] = spot(sx, sy)
            out[f"pull:{sp.seat}"] = spot(sx + sp.outward[0] * pull, sy + sp.outward[1] * pull)
            out[f"seat:{sp.seat}"] = list(sp.panel)
        (x0, y0), (x1, y1) = view.to_screen(-HALF, -HALF, 1.0), view.to_screen(HALF, HALF, 1.0)
        out["iceberg"] = [round(x0), round(y0), round(x1 - x0), round(y1 - y0)]
        return out

    # --- tips ------------------------------------------------------------------------------------------
    def card_at(self: TableParts, pos: tuple[int, int]) -> int | None:
        """The card on the table under the screen point, the highest first."""
        view = self.lay.view
        for p in sorted(self.vstate.table, key=lambda p: (-p.layer, -p.card)):
            x, y = view.to_table(pos[0], pos[1], p.layer)
            if contains(p, x, y):
                return p.card
        return None

    def card_tip(self: TableParts, card: int) -> str:
        kind = animal_type(card)
        if kind == "iceberg":
            return text_of(card_name(card))
        name = text_of(card_name(card))
        if self.vstate.kids:
            return name
        return f"{name}: {_(card_data()['types'][kind]['effect'])}"

    def hover_text(self: TableParts, pos: tuple[int, int]) -> str | None:
        if self.lay is None or self.pulling is not None:
            return None
        if (words := practice.tip(self, pos)) is not None:
            return words
        hit = self.hits.at(pos)
        if hit is not None and hit.tip:
            return hit.tip
        card = self.card_at(pos)
        return None if card is None else self.card_tip(card)
