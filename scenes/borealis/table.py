"""The Borealis table: your board, the pool and deck, the goals, the opponents and your hand.

Layout (inside the shell's ``table_rect``)::

    +--------------------------------------------+----------------+
    | pool x4 | deck | discard |   prompt/refresh |  scoring cards |
    +--------------------------------------------+  objectives    |
    | your board: camp | 3 locations (scientists, |----------------|
    |  cascaded cards, exploration track) | camp  |  opponents'    |
    +--------------------------------------------+  compact boards|
    | your hand                        | buttons  |                |
    +--------------------------------------------+----------------+

Static things (boards, market, goals, opponents) are cached pieces composed into one opaque
Surface; after a move only the pieces that changed are painted again, and only their patches of
that Surface are composed again (``Composite``). The hand, lit targets, the fading highlights and
the moving pieces are drawn over it each frame. When a frame continues the last one on the same
surface (``App.frame_continues``), only the patches of the layer that changed and those the last
frame drew over are copied again (``restore_static``), and the app presents only those rects.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.borealis.data import (
    LOCATION_NAMES,
    TRACK_SPACES,
    boards,
    card,
    cards,
    colour_name,
    objectives,
    scoring_cards,
    species,
    species_name,
    track_vp,
    vehicles,
)
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    TAKE,
    BorealisState,
    DrawFromDeck,
    PlayerState,
)
from game.borealis.tokens import token_points
from game.core import i18n
from game.core.contract import HIDDEN, Action
from game.core.i18n import N_, _, ngettext
from scenes import style
from scenes.art import has_svg
from scenes.borealis import motion
from scenes.borealis import pieces as pc
from scenes.borealis.composite import Composite, Part
from scenes.borealis.controls import Controls
from scenes.borealis.pieces import Pieces, card_height
from scenes.table import TableScene
from scenes.tween import ease_in_out_cubic

CAMP_NAMES = (N_("left camp"), N_("right camp"))
WARM_UNTIL = 0.004
"""While the caches warm up, a turn of the loop goes on painting card faces ahead of need until
this many seconds after it began (so never in a frame that is already busy, as one where a move lands)."""
AHEAD_BEFORE = 0.003
"""A board is painted ahead (a few ms) only in a turn of the loop that is less than this far along."""
PIECES_BUDGET = 24 * 2**20
"""Bytes of cached static pieces kept (least recently used go first)."""


@dataclass
class Hit:
    rect: pygame.Rect
    kind: str
    """hand, loc, camp, card, sci, track, pool, deck, discard, scoring, objective, opp, header, tokens"""
    value: Any = None
    tip: str | None = None


@dataclass
class Drag:
    card: int
    origin: tuple[int, int]
    pos: tuple[int, int]
    grab: tuple[int, int]
    moved: bool = False


@dataclass
class BoardGeo:
    """Rects of the big board (the one whose hand is shown)."""

    panel: pygame.Rect
    header: pygame.Rect
    locs: list[pygame.Rect] = field(default_factory=list)
    sci: list[pygame.Rect] = field(default_factory=list)
    stacks: list[pygame.Rect] = field(default_factory=list)
    tracks: list[pygame.Rect] = field(default_factory=list)
    camps: list[pygame.Rect] = field(default_factory=list)
    sci_slots: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    """(board position 0..4, colour) -> the rect of that scientist icon."""
    card_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    space_h: float = 0.0


class BorealisTable(Controls, TableScene):
    COVERS_TABLE = True

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.pieces = Pieces(app.fonts)
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.hover: tuple[int, int] | None = None
        self.hits: list[Hit] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.opp_rects: dict[int, pygame.Rect] = {}
        self.opp_locs: dict[tuple[int, int], pygame.Rect] = {}
        self.pool_rects: dict[int, pygame.Rect] = {}
        self.objective_rects: dict[str, pygame.Rect] = {}
        self.deck_rect = pygame.Rect(0, 0, 0, 0)
        self.discard_rect = pygame.Rect(0, 0, 0, 0)
        self.geo: BoardGeo | None = None
        self.anims: list[motion.Anim] = []
        self.flashes: list[tuple[pygame.Rect, float]] = []
        self.old_scientists: dict[int, list[list[int]]] = {}
        self._static: pygame.Surface | None = None
        self._marks: list[pygame.Rect] = []
        self._drawn: tuple | None = None
        """(surface, static layer, table rect, rects drawn over the layer) of the last frame drawn."""
        self.table_damage: list[pygame.Rect] | None = None
        """The rects of the screen the last ``draw`` changed in the table (None: all of it)."""
        self._static_key: tuple | None = None
        self._score_key: tuple | None = None
        self._scores: tuple[int, ...] = ()
        self._buttons_made = False
        self._pieces_cache: OrderedDict[tuple, tuple] = OrderedDict()
        self._pieces_bytes = 0
        self._parts: list[tuple[tuple, pygame.Rect, pygame.Surface]] = []
        """The pieces of the static layer being composed: (key, rect in the layer, picture)."""
        self._layer = Composite()
        self._rendered_hides: set = set()
        self._panels = style.PanelCache()
        self._boards: dict[int, Composite] = {}
        """Each seat's big board as one opaque picture: shown again as it was when its turn comes."""
        self._prompt_cache: tuple | None = None
        self._warm: Any = None
        """The card faces still to paint ahead of need (a generator; None when all are done)."""
        self._ahead: list[int | tuple[int, bool]] = []
        """Seats whose big boards are still to paint ahead (with bots only the big board changes hands)."""

    # --- who is shown ------------------------------------------------------------------------
    @property
    def vstate(self) -> BorealisState:
        return self.visible_state  # type: ignore[return-value]

    def hand_seat(self) -> int | None:
        """The seat whose board is big and whose hand is shown: the viewer; with bots only, the
        seat to act; None while humans share the screen and nobody has taken it yet."""
        if self.viewer is not None:
            return self.viewer
        if not self.match.humans:
            to_act = self.match.to_act
            return to_act if to_act is not None else 0
        return None

    def main_seat(self) -> int:
        seat = self.hand_seat()
        if seat is not None:
            return seat
        to_act = self.match.to_act
        return to_act if to_act is not None else 0

    def my_turn(self) -> bool:
        seat = self.hand_seat()
        return self.human_to_act and seat is not None and seat == self.match.to_act

    def hand_cards(self) -> list[int]:
        seat = self.hand_seat()
        if seat is None:
            return []
        return [c for c in self.vstate.players[seat].hand if c != HIDDEN]

    def scores(self) -> tuple[int, ...]:
        key = (len(self.match.history.states), id(self.match.state))
        if key != self._score_key:
            try:
                self._scores = tuple(self.game.result(self.vstate).scores)
            except Exception:  # noqa: BLE001 - a score preview must never break the table
                self._scores = tuple(0 for _p in self.vstate.players)
            self._score_key = key
        return self._scores

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.pieces.fonts = self.fonts
        t = self.table_rect
        gap = self.px(10)
        right_w = self.px(252)
        self.main_rect = pygame.Rect(t.x, t.y, t.w - right_w - gap, t.h)
        self.right_rect = pygame.Rect(self.main_rect.right + gap, t.y, right_w, t.h)
        self.card_w = self.px(82)
        self.small_w = self.px(70)
        market_h = card_height(self.small_w) + self.px(6)
        hand_h = card_height(self.card_w) + self.px(14)
        m = self.main_rect
        self.market_rect = pygame.Rect(m.x, m.y, m.w, market_h)
        self.hand_rect = pygame.Rect(m.x, m.bottom - hand_h, m.w, hand_h)
        self.board_rect = pygame.Rect(
            m.x,
            self.market_rect.bottom + self.px(8),
            m.w,
            self.hand_rect.top - self.px(8) - self.market_rect.bottom - self.px(8),
        )
        # market: pool, deck, discard; the rest holds the prompt and the refresh button
        x = m.x + self.px(4)
        y = self.market_rect.y + self.px(3)
        self.pool_slots = []
        for _i in range(4):
            self.pool_slots.append(pygame.Rect(x, y, self.small_w, card_height(self.small_w)))
            x += self.small_w + self.px(6)
        x += self.px(10)
        self.deck_rect = pygame.Rect(x, y, self.small_w, card_height(self.small_w))
        x += self.small_w + self.px(8)
        self.discard_rect = pygame.Rect(x, y, self.small_w, card_height(self.small_w))
        x += self.small_w + self.px(14)
        self.info_rect = pygame.Rect(x, self.market_rect.y, m.right - x, market_h)
        # hand: cards on the left; the prompt and the buttons on the right
        hand_room = 4 * self.card_w + 3 * self.px(10) + self.px(8)
        self.side_rect = pygame.Rect(
            m.x + hand_room + self.px(12),
            self.hand_rect.y + self.px(6),
            m.right - (m.x + hand_room + self.px(12)),
            self.hand_rect.h - self.px(8),
        )
        self.buttons_rect = self.side_rect
        self.make_buttons()
        self._static_key = None
        self.pieces.clear()
        self._warm = self.warm_jobs()
        self.plan_ahead()

    def show_table_to(self, seat: int) -> None:
        super().show_table_to(seat)
        self.selected = None
        self.sync_buttons()

    # --- events --------------------------------------------------------------------------------
    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        for r, c in reversed(list(self.hand_rects.items())):
            if c.collidepoint(pos):
                return Hit(c, "hand", r, pc.card_tip(r))
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def location_at(self, pos: tuple[int, int]) -> int | None:
        if self.geo is None:
            return None
        for i, r in enumerate(self.geo.locs):
            if r.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        self.ensure()
        if event.type == pygame.MOUSEMOTION:
            old = self.hover
            self.hover = event.pos
            if self.drag is not None:
                self.drag.pos = event.pos
                if abs(event.pos[0] - self.drag.origin[0]) + abs(event.pos[1] - self.drag.origin[1]) > self.px(8):
                    self.drag.moved = True
                self.app.dirty = True
            elif old is None or self._hover_key(old) != self._hover_key(event.pos):
                self.app.dirty = True
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.hit_at(event.pos)
            if hit is not None and hit.kind == "hand" and self.my_turn() and self.vstate.phase == ACTION:
                self.drag = Drag(
                    hit.value, event.pos, event.pos, (event.pos[0] - hit.rect.x, event.pos[1] - hit.rect.y)
                )
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            drag, self.drag = self.drag, None
            if drag is not None and drag.moved:
                loc = self.location_at(event.pos)
                if loc is not None:
                    self.selected = drag.card
                    self.play_at(loc)
                self.app.dirty = True
                return
            self.click(event.pos)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5):
            hand = self.hand_cards()
            i = event.key - pygame.K_1
            if i < len(hand):
                self.click_hand(hand[i])

    def _hover_key(self, pos: tuple[int, int]) -> Any:
        hit = self.hit_at(pos)
        return None if hit is None else (hit.kind, hit.value)

    def click(self, pos: tuple[int, int]) -> None:
        hit = self.hit_at(pos)
        if hit is None:
            if self.selected is not None:
                self.selected = None
                self.app.dirty = True
            return
        kind = hit.kind
        if kind == "hand":
            self.click_hand(hit.value)
        elif kind in ("loc", "card", "sci", "track") and isinstance(hit.value, tuple) and hit.value[0] == "main":
            self.click_location(hit.value[1])
        elif kind in ("pool", "deck"):
            self.click_market(kind, hit.value)
        elif kind == "camp" and self.my_turn() and self.vstate.phase == ACTION:
            self.app.toast(
                _("Camps only fill up when scientists walk off the board; play a card in a location."), "error"
            )
        self.app.dirty = True

    # --- state changes: animations and highlights, from the step's events ----------------------------
    def on_state_changed(self, action: Action | None) -> None:
        hand = set(self.hand_cards())
        self.selected = self.selected if self.selected in hand else None
        self.sync_buttons()
        if action is None or not self.match.history.actions:
            self._static_key = None
            return
        events = self.seen_events()
        before = motion.Before(dict(self.hand_rects), self.geo)
        # the layer of the new state, painted as the moves will show it (so the next frame reuses it)
        self._static = self.render_static(extra_hides=motion.plan(self, events))
        actor = self.match.history.actor(len(self.match.history.actions) - 1)
        motion.start(self, events, before, time.perf_counter(), actor)
        # the layer just painted already leaves out what the moving pieces hide: keep it
        moving = {h for a in self.anims for h in a.hides}
        self._static_key = self.static_key() if moving == self._rendered_hides else None
        self.plan_ahead()
        self.app.dirty = True

    def flash(self, r: pygame.Rect, at: float) -> None:
        self.flashes.append((pygame.Rect(r), at))

    def finish_animations(self) -> None:
        super().finish_animations()
        self.anims.clear()
        self.flashes.clear()
        self.old_scientists.clear()
        self.app.dirty = True

    # --- warming the caches ------------------------------------------------------------------------
    def face_widths(self) -> list[int]:
        """Every width a card face is shown at: hand, pool and discard, the board's cascade, and the
        small card that flies to an opponent's board."""
        stack_w = self.board_geometry().stacks[0].w
        return list(dict.fromkeys((self.card_w, self.small_w, stack_w, self.px(40))))

    def warm_jobs(self) -> Any:
        """Paint every card face at every width in use, one face per step, the cards in sight first.
        Painting a face the first time rasterises its SVG art (~1 ms a picture): done ahead, it never
        lands in the frame where a move shows the card."""
        state = self.vstate
        seen = [*state.pool, *state.discard[-1:], *(c for p in state.players for c in p.hand)]
        seen += reversed(state.deck)  # its top first (only when the viewer may see it: bots only)
        order = dict.fromkeys([c for c in seen if c != HIDDEN] + [c.id for c in cards()])
        widths = self.face_widths()
        for w in widths:
            self.pieces.back(w)
            yield
        for cid in order:
            for w in widths:
                for path, size in self.pieces.face_art(cid, w):
                    if not has_svg(path, size):
                        self.pieces.svg(path, size)  # rasterising: the slow part, one picture a step
                        yield
                self.pieces.face(cid, w)
                yield
        for size in self.chip_icon_sizes():
            for path in [*(pc.species_key_art(k) for k in species()), *(pc.vehicle_art(v) for v in vehicles())]:
                self.pieces.icon(path, size)
                yield

    def warming(self) -> bool:
        return self._warm is not None or bool(self._ahead)

    def plan_ahead(self) -> None:
        """With bots only, the big board is the seat to act's: paint the other seats' boards ahead
        (each stays as it is until its own turn), the next to act first."""
        self._ahead = []
        if self.match.humans or self.match.is_over():
            return
        n = len(self.vstate.players)
        main = self.main_seat()
        self._ahead = [(main + k) % n for k in range(n - 1, 0, -1)]  # popped from the end

    def prerender_board(self, seat: int, compose: bool = True) -> None:
        """Paint ``seat``'s big board's pieces and compose them into its cached picture (``compose``),
        leaving the table as it was."""
        saved = (self.hits, self._parts, self.geo, self.pool_rects, self.opp_rects, self.opp_locs, self.objective_rects)
        self.hits, self._parts = [], []
        self.pool_rects, self.opp_rects, self.opp_locs, self.objective_rects = {}, {}, {}, {}
        try:
            self.draw_board(set(), seat, compose)
        finally:
            (
                self.hits,
                self._parts,
                self.geo,
                self.pool_rects,
                self.opp_rects,
                self.opp_locs,
                self.objective_rects,
            ) = saved

    def warm_step(self, deadline: float | None = None, ahead_before: float | None = None) -> None:
        """Paint faces ahead until ``deadline`` (perf_counter; default: ``WARM_UNTIL`` after the turn
        of the loop began), then boards ahead (one started only before ``ahead_before``)."""
        if self._warm is None and not self._ahead:
            return
        start = self.app.frame_started
        deadline = start + WARM_UNTIL if deadline is None else deadline
        ahead_before = start + AHEAD_BEFORE if ahead_before is None else ahead_before
        while self._warm is not None and time.perf_counter() < deadline:
            if next(self._warm, StopIteration) is StopIteration:
                self._warm = None
        while self._warm is None and self._ahead and time.perf_counter() < ahead_before:
            job = self._ahead.pop()
            seat, compose = job if isinstance(job, tuple) else (job, False)
            if seat < len(self.vstate.players) and seat != self.main_seat():
                self.prerender_board(seat, compose)
                if not compose:
                    self._ahead.append((seat, True))  # its pieces first, composed in a later step

    def warm_up(self) -> None:
        """All of the warm-up now (tests)."""
        self.warm_step(float("inf"), float("inf"))

    def idle(self) -> None:
        self.warm_step()

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        self.warm_step()  # after the frame, in what is left of its time

    def wake_in(self) -> float | None:
        wait = super().wake_in()
        if self.warming() and self.app.top is self:
            return 0.0
        return wait

    def animating(self) -> bool:
        return super().animating() or motion.live(self, time.perf_counter())

    # --- hover -------------------------------------------------------------------------------
    def click_targets(self) -> dict[str, list[int]]:
        """Named rects of what can be clicked (for the automation trace of real-window tests)."""
        out = {f"hand:{cid}": list(r) for cid, r in self.hand_rects.items()}
        out.update({f"pool:{cid}": list(r) for cid, r in self.pool_rects.items()})
        out["deck"] = list(self.deck_rect)
        if self.geo is not None:
            out.update({f"loc:{i}": list(r) for i, r in enumerate(self.geo.locs)})
        return out

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        self.ensure()
        for btn, tip in getattr(self, "button_tips", []):
            if btn.visible and btn.rect.collidepoint(pos):
                return tip
        hit = self.hit_at(pos)
        return None if hit is None else hit.tip

    # --- composition (rects for the current state) ----------------------------------------------
    def button_key(self) -> tuple:
        return (self.viewer, self.match.to_act, len(self.match.history.states))

    def ensure(self, force: bool = False) -> None:
        """Recompute the rects (and re-render the static layer) when the state or layout changed."""
        if self._buttons_made and getattr(self, "_button_key", None) != self.button_key():
            self.sync_buttons()
        key = self.static_key()
        if force or key != self._static_key or self._static is None:
            self._static_key = key
            self._static = self.render_static()

    def static_key(self) -> tuple:
        hides = tuple(sorted({h for a in self.anims for h in a.hides}, key=repr))
        return (
            len(self.match.history.states),
            id(self.match.state),
            self.viewer,
            tuple(self.table_rect),
            round(self.s, 4),
            self.pal.name,
            hides,
            self.hand_seat(),
        )

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        now = time.perf_counter()
        motion.tick(self, now)
        self.ensure()
        assert self._static is not None
        restored = self.restore_static(surface)
        self._marks = []
        self.draw_flags(surface, now)
        self.draw_lit(surface)
        self.mark(self.hand_band())  # the hand, the prompt, the buttons
        self.draw_hand(surface)
        self.draw_prompt(surface)
        motion.draw_flashes(self, surface, now)
        motion.draw_anims(self, surface, now)
        if self.drag is not None and self.drag.moved:
            face = self.pieces.face(self.drag.card, self.card_w)
            self.mark(surface.blit(face, (self.drag.pos[0] - self.drag.grab[0], self.drag.pos[1] - self.drag.grab[1])))
        if self.manager is not None:  # the widgets are drawn over the table after it
            for element in self.manager.get_sprite_group().sprites():
                image = getattr(element, "image", None)
                if image is not None and image.get_width() and image.get_height():
                    self.mark(element.rect)
        t = self.table_rect
        self._drawn = (surface, self._static, tuple(t), [m.clip(t) for m in self._marks])
        self.table_damage = None if restored is None else restored + self._drawn[3]

    def mark(self, r: pygame.Rect | None, grow: int = 0) -> None:
        """Note that this frame draws over the static layer in ``r`` (grown by ``grow`` on each side)."""
        if r is not None:
            self._marks.append(pygame.Rect(r).inflate(2 * grow, 2 * grow))

    def hand_band(self) -> pygame.Rect:
        """Where the hand (lifted or glowing), the prompt and the buttons can draw."""
        grow = self.px(40)
        m = self.main_rect
        top = self.hand_rect.y - grow
        return pygame.Rect(m.x - grow, top, m.w + 2 * grow, self.table_rect.bottom - top)

    def restore_static(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Put the static layer on ``surface``: all of it, or (when the app says this frame continues
        the last one on the same surface, and the last frame was drawn here by this scene over the
        same static layer) only the patches of it that changed and those the last frame drew over.
        Returns the rects of the screen it restored (None: all of the table)."""
        t = self.table_rect
        changed = self._layer.take_changed()
        drawn = getattr(self, "_drawn", None)
        if (
            changed is None
            or drawn is None
            or not getattr(self.app, "frame_continues", False)
            or drawn[0] is not surface
            or drawn[1] is not self._static
            or drawn[2] != tuple(t)
        ):
            surface.blit(self._static, t.topleft)
            return None
        areas = [r.move(t.topleft) for r in changed] + drawn[3]
        areas = [a.clip(t) for a in areas]
        areas = [a for a in areas if a.w > 0 and a.h > 0]
        if sum(a.w * a.h for a in areas) > t.w * t.h * 0.7:
            surface.blit(self._static, t.topleft)
            return None
        for a in areas:
            surface.blit(self._static, a.topleft, a.move(-t.x, -t.y))
        return areas

    def render_static(self, extra_hides: set | None = None) -> pygame.Surface:
        """Bring the static layer up to date and record every rect (hits, pool, board geometry...).

        The layer is composed of cached pieces (the big board, market, round, goals, opponents; the
        board itself of its panel, header, camps and locations): a piece is painted again only when
        what it shows changed, and only the patches where pieces changed are composed again."""
        self.hits = []
        self.pool_rects = {}
        self.opp_rects = {}
        self.opp_locs = {}
        self.objective_rects = {}
        self.hand_rects = {}
        self._parts = []
        hides = {h for a in self.anims for h in a.hides} | (extra_hides or set())
        self._rendered_hides = hides
        self.draw_board(hides)
        self.draw_market(hides)
        self.draw_info()
        self.draw_right()
        self.layout_hand(hides)
        parts, self._parts = self._parts, []
        t = self.table_rect
        size = self.app.surface.get_size()
        return self._layer.compose(parts, t, style.background(size, self.pal), (tuple(t), size, self.pal.name))

    def compose_board(self, seat: int, parts: list[Part]) -> None:
        """The board's pieces as one opaque picture (kept per seat), added to the layer's parts."""
        t = self.table_rect
        m = self.px(8)
        rect = self.board_rect.inflate(2 * m, 2 * m)
        dx, dy = rect.x - t.x, rect.y - t.y
        inner = [(key, r.move(-dx, -dy), surf) for key, r, surf in parts]
        size = self.app.surface.get_size()
        if seat not in self._boards and len(self._boards) >= 8:
            self._boards.clear()
        board = self._boards.setdefault(seat, Composite())
        surf = board.compose(inner, rect, style.background(size, self.pal), (tuple(rect), size, self.pal.name))
        key = ("board", seat, tuple(key for key, _r, _s in parts))
        self._parts.append((key, rect.move(-t.x, -t.y), surf))

    # --- market ----------------------------------------------------------------------------------
    def draw_market(self, hides: set) -> None:
        """The market as separate pieces (each pool slot, the deck, the discard pile), so that a take,
        a refresh or a regroup paints again only the cards that changed."""
        state = self.vstate
        for i, slot in enumerate(self.pool_slots):
            cid = state.pool[i] if i < len(state.pool) else None
            key = ("pool", i, cid, cid is not None and ("card", cid) in hides, self.small_w)
            self.cached_piece(key, slot, lambda surf, o, i=i: self.paint_pool_slot(surf, o, i, hides))
        self.cached_piece(("deck", len(state.deck), self.small_w), self.deck_rect, self.paint_deck)
        shown = [c for c in state.discard if ("card", c) not in hides]  # cards flying there land later
        top = shown[-1] if shown else None
        self.cached_piece(
            ("discard", len(state.discard), top, self.small_w),
            self.discard_rect,
            lambda surf, o: self.paint_discard(surf, o, top),
        )

    def paint_pool_slot(self, layer: pygame.Surface, off: tuple[int, int], i: int, hides: set) -> None:
        state = self.vstate
        slot = self.pool_slots[i]
        r = slot.move(off)
        if i < len(state.pool):
            cid = state.pool[i]
            self.pool_rects[cid] = slot
            self.hits.append(Hit(slot, "pool", cid, _("In the pool:") + "\n" + pc.card_tip(cid)))
            if ("card", cid) not in hides:
                layer.blit(self.pieces.face(cid, self.small_w), r)
        else:
            layer.blit(self.pieces.slot(self.small_w, self.pal.line), r)

    def paint_deck(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        state = self.vstate
        r = self.deck_rect.move(off)
        n = len(state.deck)
        if n:
            layer.blit(self.pieces.back(self.small_w), r)
        else:
            layer.blit(self.pieces.slot(self.small_w, self.pal.line), r)
        self.count_badge(layer, r, str(n))
        self.hits.append(
            Hit(
                self.deck_rect,
                "deck",
                None,
                ngettext(
                    "The deck: {n} card left. Take its top card instead of a pool card.",
                    "The deck: {n} cards left. Take its top card instead of a pool card.",
                    n,
                ).format(n=n),
            )
        )

    def paint_discard(self, layer: pygame.Surface, off: tuple[int, int], top: int | None) -> None:
        """The discard pile with ``top`` face up (the top card that has landed; None: no card shows)."""
        state = self.vstate
        r = self.discard_rect.move(off)
        d = len(state.discard)
        if d and top is not None:
            layer.blit(self.pieces.face(top, self.small_w), r)
            tip = _("The discard pile: {n} cards; the top one is:").format(n=d) + "\n" + pc.card_tip(top)
        else:
            layer.blit(self.pieces.slot(self.small_w, self.pal.line), r)
            tip = _("The discard pile is empty. When the deck runs out, it is shuffled into a new deck.")
        self.count_badge(layer, r, str(d))
        self.hits.append(Hit(self.discard_rect, "discard", None, tip))

    def count_badge(self, layer: pygame.Surface, r: pygame.Rect, text: str) -> None:
        img = self.fonts.render(text, "small", self.pal.text, True)
        pad = self.px(5)
        badge = pygame.Rect(0, 0, max(img.get_width() + pad * 2, img.get_height()), img.get_height())
        badge.midbottom = (r.centerx, r.bottom - self.px(4))
        pygame.draw.rect(layer, self.pal.night, badge, border_radius=badge.h // 2)
        pygame.draw.rect(layer, self.pal.line, badge, max(1, self.px(1)), border_radius=badge.h // 2)
        layer.blit(img, img.get_rect(center=badge.center))

    # --- the big board -----------------------------------------------------------------------------
    def board_geometry(self) -> BoardGeo:
        """The rects of the big board (the scientists' and cards' rects are added as they are drawn)."""
        panel = self.board_rect
        pad = self.px(8)
        inner = panel.inflate(-pad * 2, -pad * 2)
        header = pygame.Rect(inner.x, inner.y, inner.w, self.px(24))
        geo = BoardGeo(panel, header)
        top = header.bottom + self.px(4)
        camp_w = self.px(50)
        cg = self.px(6)
        loc_w = (inner.w - 2 * camp_w - 4 * cg) // 3
        h = inner.bottom - top
        geo.camps = [pygame.Rect(inner.x, top, camp_w, h), pygame.Rect(inner.right - camp_w, top, camp_w, h)]
        sci_h = self.px(52)
        for i in range(3):
            r = pygame.Rect(inner.x + camp_w + cg + i * (loc_w + cg), top, loc_w, h)
            geo.locs.append(r)
            geo.sci.append(pygame.Rect(r.x, r.y, r.w, sci_h))
            area = pygame.Rect(r.x + self.px(4), r.y + sci_h + self.px(4), r.w - self.px(8), r.h - sci_h - self.px(8))
            cw = min(self.card_w, round(area.h * 0.5 / pc.CARD_RATIO))
            geo.stacks.append(pygame.Rect(area.x, area.y, cw, area.h))
            geo.tracks.append(
                pygame.Rect(area.x + cw + self.px(6), area.y, area.right - area.x - cw - self.px(6), area.h)
            )
        geo.space_h = geo.tracks[0].h / (TRACK_SPACES + 1)
        return geo

    def draw_board(self, hides: set, seat: int | None = None, compose: bool = True) -> None:
        """The big board (of ``seat``, default the main seat) as pieces: the panel, its header, two
        camps and three locations, each painted again only when what it shows changed (a card played
        in one location repaints it alone)."""
        state = self.vstate
        seat = self.main_seat() if seat is None else seat
        player = state.players[seat]
        sci = self.old_scientists[seat] if ("sci", seat) in hides and seat in self.old_scientists else player.scientists
        pal = self.pal
        geo = self.geo = self.board_geometry()
        panel = geo.panel
        outer, self._parts = self._parts, []
        self.cached_piece(
            ("board",),
            panel,
            lambda surf, o: style.panel(
                surf, panel.move(o), pal, self.px(14), fill=pal.panel, border=pal.line, shadow=self.px(5)
            ),
        )
        score = self.scores()[seat] if seat < len(self.scores()) else 0
        header_key = (
            "header",
            seat,
            self.viewer == seat,
            self.match.name(seat),
            self.match.seats[seat].colour,
            score,
            len(player.hand),
            token_points(player),
        )
        self.cached_piece(header_key, geo.header, lambda surf, o: self.paint_board_header(surf, o, geo.header, seat))
        for k, camp in enumerate(geo.camps):
            pos = 0 if k == 0 else 4
            self.cached_piece(
                ("camp", k, tuple(sci[pos])), camp, lambda surf, o, k=k, camp=camp: self.draw_camp(surf, o, geo, sci, k)
            )
        main_is_hand = seat == self.hand_seat() or (seat != self.main_seat() and not self.match.humans)
        for i in range(3):
            cards = tuple(player.cards[i])
            key = (
                "loc",
                i,
                cards,
                tuple(c for c in cards if ("card", c) in hides),
                tuple(sci[i + 1]),
                player.flags[i],
                player.board,
                main_is_hand,
                tuple(geo.stacks[i]),
                tuple(geo.tracks[i]),
            )
            self.cached_piece(
                key, geo.locs[i], lambda surf, o, i=i: self.draw_location(surf, o, geo, player, sci, i, hides)
            )
        board_parts, self._parts = self._parts, outer
        if compose:
            self.compose_board(seat, board_parts)

    def paint_board_header(self, layer, off, header: pygame.Rect, seat: int) -> None:
        self.draw_header(layer, off, header, seat, big=True)
        self.hits.append(Hit(header, "header", seat, self.score_tip(seat)))

    def draw_camp(self, layer, off, geo: BoardGeo, sci, k: int) -> None:
        pal = self.pal
        camp = geo.camps[k]
        pos = 0 if k == 0 else 4
        r = camp.move(off)
        pygame.draw.rect(layer, pal.night_2, r, border_radius=self.px(10))
        igloo = self.px(40)
        self.pieces.blit_svg(
            layer, f"{pc.ART}/camp.svg", pygame.Rect(r.centerx - igloo // 2, r.y + self.px(2), igloo, igloo)
        )
        y = camp.y + igloo + self.px(8)
        mh = self.px(32)
        for colour in range(3):
            slot = pygame.Rect(camp.x + self.px(4), y, round(mh * 0.6), mh)
            geo.sci_slots[(pos, colour)] = slot
            n = sci[pos][colour]
            self.draw_meeple_count(layer, off, colour, n, slot, "body")
            y += mh + self.px(6)
        self.hits.append(
            Hit(
                camp,
                "camp",
                pos,
                _(
                    "{camp}: {who}. Scientists rest here until you regroup; each one brought back scores 1 point."
                ).format(camp=_(CAMP_NAMES[k]).capitalize(), who=pc.scientists_phrase(sci[pos])),
            )
        )

    def draw_meeple_count(self, layer, off, colour: int, n: int, slot: pygame.Rect, role: str) -> None:
        """A scientist of ``colour`` in ``slot`` with how many there are beside it (faded at 0)."""
        layer.blit(self.pieces.meeple(colour, slot.h, ghost=n == 0), slot.move(off))
        style.blit_text(
            layer,
            self.fonts,
            str(n),
            (slot.right + self.px(3) + off[0], slot.centery + off[1]),
            role,
            self.pal.text if n else self.pal.text_dim,
            True,
            "midleft",
        )

    def draw_location(self, layer, off, geo: BoardGeo, player: PlayerState, sci, i: int, hides: set) -> None:
        pal = self.pal
        loc = geo.locs[i]
        pygame.draw.rect(layer, pal.night_2, loc.move(off), border_radius=self.px(10))
        pos = i + 1
        self.hits.append(
            Hit(
                loc,
                "loc",
                ("main", i),
                _("The {location} location: {who}.").format(
                    location=_(LOCATION_NAMES[i]), who=pc.scientists_phrase(sci[pos])
                ),
            )
        )
        # scientists
        strip = geo.sci[i]
        cell = strip.w // 3
        mh = self.px(44)
        for colour in range(3):
            n = sci[pos][colour]
            icon = pygame.Rect(strip.x + colour * cell + self.px(8), strip.y + (strip.h - mh) // 2, round(mh * 0.6), mh)
            geo.sci_slots[(pos, colour)] = icon
            self.draw_meeple_count(layer, off, colour, n, icon, "h3")
            self.hits.append(
                Hit(
                    pygame.Rect(strip.x + colour * cell, strip.y, cell, strip.h),
                    "sci",
                    ("main", i),
                    self.scientist_tip(colour, n, i),
                )
            )
        # the cascade: newest card on top, older ones show their bottom band below it
        stack = geo.stacks[i]
        cards = player.cards[i]
        n = len(cards)
        cw = stack.w
        ch = card_height(cw)
        band = self.pieces.band_height(cw)
        step = band if n <= 1 else min(band + self.px(2), (stack.h - ch) / (n - 1))
        if n == 0:
            layer.blit(self.pieces.slot(cw, pal.line), stack.move(off).topleft)
        for k, cid in enumerate(cards):
            y = stack.y + round((n - 1 - k) * step)
            r = pygame.Rect(stack.x, y, cw, ch)
            geo.card_rects[cid] = r
            if ("card", cid) not in hides:
                layer.blit(self.pieces.face(cid, cw), r.move(off))
            self.hits.append(Hit(r, "card", ("main", i), pc.card_tip(cid)))
        if n:
            counts = self.fonts.render(ngettext("{n} card", "{n} cards", n).format(n=n), "small", pal.text_dim)
            ybot = stack.y + ch + round((n - 1) * step) + self.px(2)
            if ybot + counts.get_height() <= stack.bottom + self.px(6):
                layer.blit(counts, (stack.x + off[0] + self.px(2), ybot + off[1]))
        self.draw_track(layer, off, geo, player, i)

    def track_space(self, loc: int, space: int) -> pygame.Rect:
        assert self.geo is not None
        tr = self.geo.tracks[loc]
        sh = self.geo.space_h
        return pygame.Rect(tr.x, round(tr.y + space * sh), tr.w, round(sh) - self.px(2))

    def draw_track(self, layer, off, geo: BoardGeo, player: PlayerState, i: int) -> None:
        pal, fonts = self.pal, self.fonts
        pattern = boards()[player.board].tracks[i]
        vps = track_vp()[i]
        flag = player.flags[i]
        tr = geo.tracks[i]
        pygame.draw.rect(layer, pal.night, tr.move(off), border_radius=self.px(8))
        flag_w = self.flag_size() + self.px(2)
        for space in range(TRACK_SPACES + 1):
            r = self.track_space(i, space)
            reached = space <= flag
            fill = pal.panel_hi if reached else pal.panel
            pygame.draw.rect(layer, fill, r.move(off), border_radius=self.px(6))
            if space == flag + 1:
                pygame.draw.rect(layer, pal.text_dim, r.move(off), max(1, self.px(1)), border_radius=self.px(6))
            inner = pygame.Rect(r.x + flag_w, r.y, r.w - flag_w, r.h)
            vp_img = fonts.render(str(vps[space]), "small", pal.text if reached else pal.text_dim, True)
            layer.blit(vp_img, vp_img.get_rect(midright=(inner.right - self.px(4) + off[0], inner.centery + off[1])))
            if space == 0:
                img = fonts.render(_("start"), "small", pal.text_dim)
                if img.get_width() <= inner.w - vp_img.get_width() - self.px(4):
                    layer.blit(img, img.get_rect(midleft=(inner.x + off[0], inner.centery + off[1])))
                tip = _("Start of the {location} exploration track.").format(location=_(LOCATION_NAMES[i]))
            else:
                pair = sorted(pattern[space - 1])
                badge = max(6, min(r.h - self.px(4), (inner.w - vp_img.get_width() - self.px(8)) // 2))
                x = inner.x
                for v in pair:
                    layer.blit(
                        self.pieces.icon(pc.vehicle_art(v), badge, 255 if space > flag else 150),
                        (x + off[0], r.centery - badge // 2 + off[1]),
                    )
                    x += badge + self.px(1)
                names = _(" or ").join(pc.vehicle_name(v) for v in pair)
                tip = _(
                    "Space {k} of the {location} track: worth {vp} points. The flag steps here when you play "
                    "a card with a {vehicles} in this location while the flag is just above."
                ).format(k=space, location=_(LOCATION_NAMES[i]), vp=vps[space], vehicles=names)
            if space == flag:
                tip += (
                    "\n" + _("Your flag is here.")
                    if self.main_seat() == self.hand_seat()
                    else "\n" + _("The flag is here.")
                )
            self.hits.append(Hit(r, "track", ("main", i), tip))

    def draw_flags(self, surface: pygame.Surface, now: float) -> None:
        if self.geo is None:
            return
        player = self.vstate.players[self.main_seat()]
        moving = {a.payload: a for a in self.anims if a.kind == "flag"}
        img = self.pieces.icon(f"{pc.ART}/flag.svg", self.flag_size())
        for i in range(3):
            space: float = player.flags[i]
            anim = moving.get(i)
            if anim is not None:
                a, b = anim.start[1], anim.end[1]  # type: ignore[index]
                space = a + (b - a) * ease_in_out_cubic(anim.t(now))
            tr = self.geo.tracks[i]
            y = tr.y + space * self.geo.space_h + (self.geo.space_h - self.px(2)) / 2
            self.mark(surface.blit(img, img.get_rect(midleft=(tr.x - self.px(1), round(y)))))

    def flag_size(self) -> int:
        sh = self.geo.space_h if self.geo is not None else self.px(30)
        return max(8, min(self.px(22), round(sh) - self.px(4)))

    def scientist_tip(self, colour: int, n: int, loc: int) -> str:
        items = (
            _("the amber scientist carries a backpack"),
            _("the mint scientist carries a camera"),
            _("the pink scientist carries binoculars"),
        )
        where = _(LOCATION_NAMES[loc])
        return ngettext(
            "{n} {colour} scientist in the {location} location ({item}).",
            "{n} {colour} scientists in the {location} location ({item}).",
            n,
        ).format(n=n, colour=_(colour_name(colour)), location=where, item=items[colour])

    # --- header: name, score, hand, tokens --------------------------------------------------------
    def score_tip(self, seat: int) -> str:
        state = self.vstate
        p = state.players[seat]
        score = self.scores()[seat] if seat < len(self.scores()) else 0
        return _(
            "{name}: {score} points if the game ended now ({tokens} of them in scoring tokens). {hand} cards in hand."
        ).format(name=self.match.name(seat), score=score, tokens=token_points(p), hand=len(p.hand))

    def draw_header(self, layer, off, r: pygame.Rect, seat: int, big: bool) -> None:
        pal, fonts = self.pal, self.fonts
        p = self.vstate.players[seat]
        rr = r.move(off)
        tr = self.px(8)
        style.draw_player_token(layer, self.match.seats[seat].colour, (rr.x + tr + self.px(2), rr.centery), tr)
        x = rr.x + tr * 2 + self.px(8)
        # right side: score, hand, tokens
        items = []
        score = self.scores()[seat] if seat < len(self.scores()) else 0
        if big:
            items.append((f"{pc.ART}/vp.svg", ngettext("{n} point", "{n} points", score).format(n=score)))
            items.append(("hand", ngettext("{n} card in hand", "{n} cards in hand", len(p.hand)).format(n=len(p.hand))))
            items.append((f"{pc.ART}/token_1.svg", _("tokens {n}").format(n=token_points(p))))
        else:
            items.append((f"{pc.ART}/vp.svg", str(score)))
            items.append(("hand", str(len(p.hand))))
            items.append((f"{pc.ART}/token_1.svg", str(token_points(p))))
        icon = self.px(18)
        right = rr.right - self.px(4)
        for path, text in reversed(items):
            img = fonts.render(text, "small", pal.text, True)
            right -= img.get_width()
            layer.blit(img, img.get_rect(midleft=(right, rr.centery)))
            right -= icon + self.px(3)
            if path == "hand":
                back = self.pieces.svg(f"{pc.ART}/deck_back.svg", (round(icon * 0.72), icon))
                layer.blit(back, back.get_rect(center=(right + icon // 2, rr.centery)))
            else:
                layer.blit(self.pieces.icon(path, icon), (right, rr.centery - icon // 2))
            right -= self.px(10)
        step = "body" if big else "small"
        name = self.match.name(seat)
        if big and self.viewer == seat:
            name = _("{name} — your board").format(name=name)
        name = fonts.fit(name, max(10, right - x - self.px(6)), step, True)
        style.blit_text(layer, fonts, name, (x, rr.centery), step, pal.text, True, "midleft")

    # --- right column: goals and opponents ----------------------------------------------------------
    def draw_right(self) -> None:
        state = self.vstate
        col = self.right_rect
        seats = [s for s in range(len(state.players)) if s != self.main_seat()]
        gap = self.px(8)
        opp_min = self.px(100)
        goals_n = len(state.scoring) + len(state.objectives)
        y = col.y
        if goals_n:
            room = col.h - len(seats) * (opp_min + gap) - gap
            line = self.fonts.font("small").get_linesize()
            tile_pad = self.px(6)
            lines = 2
            while lines > 0 and goals_n * (tile_pad * 2 + line * (1 + lines)) + (goals_n - 1) * self.px(5) > room:
                lines -= 1
            tile_h = tile_pad * 2 + line * (1 + lines)
            for sid in state.scoring:
                r = pygame.Rect(col.x, y, col.w, tile_h)
                self.cached_piece(
                    ("scoring", sid, lines),
                    r,
                    lambda surf, o, r=r, sid=sid: self.draw_scoring(surf, o, r, sid, lines),
                )
                y += tile_h + self.px(5)
            for slot in state.objectives:
                r = pygame.Rect(col.x, y, col.w, tile_h)
                key = (
                    "objective",
                    slot.id,
                    lines,
                    slot.tokens,
                    tuple(slot.claimed_by),
                    slot.removed,
                    tuple(self.match.name(c) for c in slot.claimed_by),
                    tuple(self.match.seats[c].colour for c in slot.claimed_by),
                )
                self.cached_piece(key, r, lambda surf, o, r=r, slot=slot: self.draw_objective(surf, o, r, slot, lines))
                y += tile_h + self.px(5)
            y += gap - self.px(5)
        if not seats:
            return
        each = min(self.px(230), (col.bottom - y - gap * (len(seats) - 1)) // len(seats))
        for s in seats:
            r = pygame.Rect(col.x, y, col.w, each)
            p = state.players[s]
            key = (
                "opp",
                s,
                self.match.name(s),
                self.match.seats[s].colour,
                self.match.to_act == s,
                self.scores()[s] if s < len(self.scores()) else 0,
                len(p.hand),
                tuple(map(tuple, p.cards)),
                tuple(map(tuple, p.scientists)),
                tuple(p.flags),
                tuple(p.tokens),
                p.pad,
            )
            self.opp_rects[s] = r
            self.cached_piece(key, r, lambda surf, o, r=r, s=s: self.draw_opponent(surf, o, r, s))
            y += each + gap

    RECORDED = ("pool_rects", "opp_rects", "opp_locs", "objective_rects")
    RECORDED_GEO = ("sci_slots", "card_rects")

    def _recorded(self) -> list[tuple[str, dict]]:
        out = [(name, getattr(self, name)) for name in self.RECORDED]
        if self.geo is not None:
            out += [(name, getattr(self.geo, name)) for name in self.RECORDED_GEO]
        return out

    def cached_piece(self, key: tuple, r: pygame.Rect, painter) -> None:
        """Paint ``painter(surface, off)`` for the piece at ``r`` once per ``key``; later only reuse the
        picture and replay the rects it recorded (hits, pool, opponents' locations, objectives,
        scientists and cards of the board). The picture goes into the static layer (``compose``)."""
        key = (*key, tuple(r), round(self.s, 4), self.pal.name, self.vstate.kids, i18n.language())
        entry = self._pieces_cache.get(key)
        m = self.px(8)
        if entry is None:
            surf = pygame.Surface((r.w + 2 * m, r.h + 2 * m), pygame.SRCALPHA)
            n = len(self.hits)
            before = {name: set(d) for name, d in self._recorded()}
            painter(surf, (m - r.x, m - r.y))
            record = {
                name: {k: v for k, v in d.items() if k not in before.get(name, ())} for name, d in self._recorded()
            }
            entry = (surf, self.hits[n:], record)
            self._pieces_cache[key] = entry
            self._pieces_bytes += surf.get_width() * surf.get_height() * 4
            while self._pieces_bytes > PIECES_BUDGET and len(self._pieces_cache) > 1:
                _k, (old, *_rest) = self._pieces_cache.popitem(last=False)
                self._pieces_bytes -= old.get_width() * old.get_height() * 4
        else:
            self._pieces_cache.move_to_end(key)
            self.hits.extend(entry[1])
            for name, d in self._recorded():
                d.update(entry[2].get(name, {}))
        t = self.table_rect
        self._parts.append((key, pygame.Rect(r.x - m - t.x, r.y - m - t.y, r.w + 2 * m, r.h + 2 * m), entry[0]))

    def tile(self, layer, off, r: pygame.Rect, border=None, dim: bool = False) -> None:
        pal = self.pal
        fill = pal.night_2 if dim else pal.panel
        pygame.draw.rect(layer, fill, r.move(off), border_radius=self.px(10))
        pygame.draw.rect(layer, border or pal.line, r.move(off), max(1, self.px(1)), border_radius=self.px(10))

    def draw_scoring(self, layer, off, r: pygame.Rect, sid: str, lines: int) -> None:
        pal, fonts = self.pal, self.fonts
        data = scoring_cards()[sid]
        self.tile(layer, off, r, pal.violet)
        pad = self.px(6)
        icon = self.px(22)
        layer.blit(self.pieces.icon(f"{pc.ART}/vp.svg", icon), (r.x + pad + off[0], r.y + pad + off[1]))
        x = r.x + pad + icon + self.px(6)
        w = r.right - pad - x
        name = _(data["name"])
        text = _(data["text"])
        line = fonts.font("small").get_linesize()
        style.blit_text(
            layer, fonts, fonts.fit(name, w, "small", True), (x + off[0], r.y + pad + off[1]), "small", pal.text, True
        )
        self.blit_lines(layer, text, pygame.Rect(x, r.y + pad + line, w, line * lines), lines, off, pal.text_dim)
        self.hits.append(Hit(r, "scoring", sid, _("Scoring card: {name}").format(name=name) + "\n" + text))

    def blit_lines(self, layer, text: str, r: pygame.Rect, lines: int, off, colour) -> None:
        if lines <= 0:
            return
        fonts = self.fonts
        wrapped = fonts.wrap(text, r.w, "small")
        line = fonts.font("small").get_linesize()
        shown = wrapped[:lines]
        if len(wrapped) > lines:
            shown[-1] = fonts.fit(shown[-1] + " " + " ".join(wrapped[lines:]), r.w, "small")
        for k, t in enumerate(shown):
            layer.blit(fonts.render(t, "small", colour), (r.x + off[0], r.y + k * line + off[1]))

    def draw_objective(self, layer, off, r: pygame.Rect, slot, lines: int) -> None:
        pal, fonts = self.pal, self.fonts
        data = objectives()[slot.id]
        self.objective_rects[slot.id] = r
        dim = slot.removed
        self.tile(layer, off, r, pal.green if slot.claimed_by and not dim else pal.line, dim=dim)
        pad = self.px(6)
        icon = self.px(22)
        layer.blit(
            self.pieces.icon(f"{pc.ART}/objective_{data['type']}.svg", icon, 120 if dim else 255),
            (r.x + pad + off[0], r.y + pad + off[1]),
        )
        # right side: the 5-point tokens left, and who claimed it
        right = r.right - pad
        tok = self.px(20)
        count = fonts.render(f"×{slot.tokens}", "small", pal.text if slot.tokens else pal.text_dim, True)
        right -= count.get_width()
        layer.blit(count, count.get_rect(topleft=(right + off[0], r.y + pad + off[1])))
        right -= tok + self.px(2)
        layer.blit(
            self.pieces.icon(f"{pc.ART}/token_5.svg", tok, 120 if not slot.tokens else 255),
            (right + off[0], r.y + pad - self.px(1) + off[1]),
        )
        tr = self.px(7)
        for seat in reversed(slot.claimed_by):
            right -= tr * 2 + self.px(3)
            style.draw_player_token(
                layer, self.match.seats[seat].colour, (right + tr + off[0], r.y + pad + tr + self.px(2) + off[1]), tr
            )
        x = r.x + pad + icon + self.px(6)
        name = _(data["name"])
        text = _(data["text"])
        line = fonts.font("small").get_linesize()
        style.blit_text(
            layer,
            fonts,
            fonts.fit(name, right - x - self.px(4), "small", True),
            (x + off[0], r.y + pad + off[1]),
            "small",
            pal.text_dim if dim else pal.text,
            True,
        )
        if dim:
            text = _("Closed.") + " " + text
        self.blit_lines(
            layer, text, pygame.Rect(x, r.y + pad + line, r.right - pad - x, line * lines), lines, off, pal.text_dim
        )
        who = ", ".join(self.match.name(s) for s in slot.claimed_by) or _("nobody yet")
        tip = (
            _("Objective: {name}").format(name=name)
            + "\n"
            + _(data["text"])
            + "\n"
            + _("Claimed by: {who}. 5-point tokens left: {n}.").format(who=who, n=slot.tokens)
        )
        if slot.claimed_by and not slot.removed:
            tip += "\n" + _("Others can still claim it until the end of this round.")
        if slot.removed:
            tip += "\n" + _("This objective has left the game.")
        self.hits.append(Hit(r, "objective", slot.id, tip))

    def draw_opponent(self, layer, off, r: pygame.Rect, seat: int) -> None:
        pal, fonts = self.pal, self.fonts
        state = self.vstate
        p = state.players[seat]
        self.opp_rects[seat] = r
        acting = self.match.to_act == seat
        self._panels.blit(
            layer,
            r.move(off),
            pal,
            radius=self.px(12),
            fill=pal.panel,
            border=pal.green if acting else pal.line,
            shadow=self.px(3),
        )
        pad = self.px(6)
        header = pygame.Rect(r.x + pad, r.y + pad, r.w - pad * 2, self.px(22))
        self.draw_header(layer, off, header, seat, big=False)
        self.hits.append(Hit(header, "opp", seat, self.score_tip(seat)))
        body = pygame.Rect(
            r.x + pad, header.bottom + self.px(4), r.w - pad * 2, r.bottom - pad - header.bottom - self.px(4)
        )
        camp_w = self.px(24)
        g = self.px(4)
        loc_w = (body.w - 2 * camp_w - 4 * g) // 3
        fonts.font("small").get_linesize()
        for k, pos in enumerate((0, 4)):
            cr = pygame.Rect(body.x if k == 0 else body.right - camp_w, body.y, camp_w, body.h)
            pygame.draw.rect(layer, pal.night_2, cr.move(off), border_radius=self.px(6))
            ig = min(camp_w - self.px(2), self.px(22))
            self.pieces.blit_svg(
                layer,
                f"{pc.ART}/camp.svg",
                pygame.Rect(cr.centerx - ig // 2 + off[0], cr.y + self.px(2) + off[1], ig, ig),
            )
            n = sum(p.scientists[pos])
            style.blit_text(
                layer,
                fonts,
                str(n),
                (cr.centerx + off[0], cr.y + ig + self.px(4) + off[1]),
                "small",
                pal.text if n else pal.text_dim,
                True,
                "midtop",
            )
            self.hits.append(
                Hit(
                    cr,
                    "camp",
                    None,
                    _("{name}'s {camp}: {who}.").format(
                        name=self.match.name(seat), camp=_(CAMP_NAMES[k]), who=pc.scientists_phrase(p.scientists[pos])
                    ),
                )
            )
        for i in range(3):
            lr = pygame.Rect(body.x + camp_w + g + i * (loc_w + g), body.y, loc_w, body.h)
            self.opp_locs[(seat, i)] = lr
            pygame.draw.rect(layer, pal.night_2, lr.move(off), border_radius=self.px(6))
            # scientists: only the colours present
            x = lr.x + self.px(3)
            y = lr.y + self.px(3)
            mh = self.px(18)
            for colour in range(3):
                n = p.scientists[i + 1][colour]
                if not n:
                    continue
                m = self.pieces.meeple(colour, mh)
                img = fonts.render(str(n), "small", pal.text, True) if n > 1 else None
                need = m.get_width() + (img.get_width() if img is not None else 0) + self.px(2)
                if x + need > lr.right - self.px(2):
                    x = lr.x + self.px(3)
                    y += mh + self.px(1)
                layer.blit(m, (x + off[0], y + off[1]))
                x += m.get_width()
                if img is not None:
                    layer.blit(img, img.get_rect(midleft=(x + off[0], y + mh // 2 + off[1])))
                    x += img.get_width()
                x += self.px(2)
            ty = y + mh + self.px(4)
            bar_h = self.px(8)
            bottom = lr.bottom - bar_h - self.px(6)
            cards_here = p.cards[i]
            row = self.chip_row(bottom - ty)
            if cards_here and row is not None:
                # room for the sequence: newest first, species and vehicle of each card
                for cid in reversed(cards_here):
                    c = card(cid)
                    chip = pygame.Rect(lr.x + self.px(3), ty, lr.w - self.px(6), row)
                    pygame.draw.rect(layer, pc.BAND, chip.move(off), border_radius=self.px(4))
                    layer.blit(
                        self.pieces.icon(pc.species_key_art(c.species), row - self.px(2)),
                        (chip.x + self.px(2) + off[0], chip.y + self.px(1) + off[1]),
                    )
                    layer.blit(
                        self.pieces.icon(pc.vehicle_art(c.vehicle), row - self.px(2)),
                        (chip.right - row + off[0], chip.y + self.px(1) + off[1]),
                    )
                    if c.vp:
                        pc.star(layer, (chip.centerx + off[0], chip.centery + off[1]), row * 0.3, "#F6C343", pc.INK)
                    ty += row + self.px(1)
            else:
                self.draw_tally(layer, off, lr, cards_here, ty, bottom)
            # the flag's progress as a little ladder
            seg_w = (lr.w - self.px(8)) / (TRACK_SPACES + 1)
            by = lr.bottom - bar_h - self.px(4)
            for sp in range(TRACK_SPACES + 1):
                sr = pygame.Rect(round(lr.x + self.px(4) + sp * seg_w), by, max(1, round(seg_w) - 1), bar_h)
                colour = pal.green if sp <= p.flags[i] else pal.line
                pygame.draw.rect(layer, colour, sr.move(off), border_radius=max(1, self.px(2)))
            listing = ", ".join(_(species_name(card(c).species)) for c in reversed(p.cards[i])) or _("no cards yet")
            tip = _("{name}'s {location} location: {who}.").format(
                name=self.match.name(seat), location=_(LOCATION_NAMES[i]), who=pc.scientists_phrase(p.scientists[i + 1])
            )
            tip += "\n" + _("Cards, newest first: {cards}.").format(cards=listing)
            tip += "\n" + _("Flag on space {k} of 7 ({vp} points).").format(k=p.flags[i], vp=track_vp()[i][p.flags[i]])
            self.hits.append(Hit(lr, "opp_loc", (seat, i), tip))

    def chip_row(self, room: int) -> int | None:
        """The height of a row of an opponent's card sequence with ``room`` px below the scientists
        (None: no room for seven rows; a tally of species instead)."""
        if room < 7 * (self.px(18) + self.px(1)):
            return None
        return min(self.px(24), room // 7 - self.px(1))

    def chip_icon_sizes(self) -> list[int]:
        """The sizes of the species and vehicle icons in opponents' locations (one, two or three rows
        of scientists above them; the mirror of ``draw_opponent``), and of the tally's."""
        mh = self.px(18)
        sizes = {self.px(18) - self.px(2)}
        for h in {r.h for r in self.opp_locs.values()}:
            for rows in range(3):
                room = h - self.px(8) - self.px(6) - self.px(3) - mh - self.px(4) - rows * (mh + self.px(1))
                row = self.chip_row(room)
                if row is not None:
                    sizes.add(row - self.px(2))
        return sorted(sizes)

    def draw_tally(self, layer, off, lr: pygame.Rect, cards_here: list[int], ty: int, bottom: int) -> None:
        """Species icon and count, most numerous first (when there is no room for the sequence)."""
        pal, fonts = self.pal, self.fonts
        tally: dict[str, int] = {}
        for cid in cards_here:
            key = card(cid).species
            tally[key] = tally.get(key, 0) + 1
        order = sorted(tally.items(), key=lambda kv: (-kv[1], species().index(kv[0])))
        chip = self.px(18)
        cx = lr.x + self.px(3)
        for key, n in order:
            img = fonts.render(str(n), "small", pal.text, True)
            need = chip + img.get_width() + self.px(4)
            if cx + need > lr.right:
                cx = lr.x + self.px(3)
                ty += chip + self.px(1)
            if ty + chip > bottom:
                break
            pygame.draw.rect(
                layer, pc.BAND, pygame.Rect(cx + off[0], ty + off[1], chip, chip), border_radius=self.px(4)
            )
            layer.blit(
                self.pieces.icon(pc.species_key_art(key), chip - self.px(2)),
                (cx + self.px(1) + off[0], ty + self.px(1) + off[1]),
            )
            layer.blit(img, img.get_rect(midleft=(cx + chip + self.px(1) + off[0], ty + chip // 2 + off[1])))
            cx += need

    # --- hand -----------------------------------------------------------------------------------------
    def layout_hand(self, hides: set) -> None:
        cards = self.hand_cards()
        x = self.hand_rect.x + self.px(4)
        y = self.hand_rect.bottom - card_height(self.card_w) - self.px(2)
        stepx = self.card_w + self.px(10)
        room = self.buttons_rect.x - self.px(12) - x
        if len(cards) > 1 and stepx * (len(cards) - 1) + self.card_w > room:
            stepx = (room - self.card_w) / (len(cards) - 1)
        for k, cid in enumerate(cards):
            self.hand_rects[cid] = pygame.Rect(round(x + k * stepx), y, self.card_w, card_height(self.card_w))
        self._hand_hidden = {h[1] for h in hides if h[0] == "card"}

    def drawn_hand(self) -> list[int]:
        """The card ids the hand row draws (for tests: only ever the viewer's own cards)."""
        return list(self.hand_rects)

    def draw_hand(self, surface: pygame.Surface) -> None:
        pal, fonts = self.pal, self.fonts
        seat = self.hand_seat()
        if seat is None:
            style.blit_text(
                surface,
                fonts,
                _("Hands stay hidden until a player takes the screen."),
                (self.hand_rect.x + self.px(8), self.hand_rect.centery),
                "body",
                pal.text_dim,
                False,
                "midleft",
            )
            return
        mine = self.my_turn()
        phase = self.vstate.phase
        playable = self.playable_cards() if mine and phase == ACTION else set()
        kids = self.vstate.kids
        hover_hit = self.hit_at(self.hover) if self.hover is not None else None
        hovered = hover_hit.value if hover_hit is not None and hover_hit.kind == "hand" else None
        hidden = getattr(self, "_hand_hidden", set())
        marked = self.marked
        for cid, r in self.hand_rects.items():
            if cid in hidden or (self.drag is not None and self.drag.moved and self.drag.card == cid):
                continue
            lift = 0
            if cid == self.selected:
                lift = self.px(12)
            elif cid == hovered and mine:
                lift = self.px(4)
            rr = r.move(0, -lift)
            if cid == self.selected:
                g = self.pieces.glow(rr.size, pal.green, max(2, self.px(3)), self.px(8))
                surface.blit(g, g.get_rect(center=rr.center))
            elif kids and cid in playable:
                g = self.pieces.glow(rr.size, pal.green, max(1, self.px(2)), self.px(8), 160)
                surface.blit(g, g.get_rect(center=rr.center))
            surface.blit(self.pieces.face(cid, self.card_w), rr)
            if cid in marked:
                word = _("redraw") if phase == MULLIGAN else _("discard")
                veil = pygame.Surface(rr.size, pygame.SRCALPHA)
                veil.fill((*pal.coral[:3], 70))
                surface.blit(veil, rr)
                pygame.draw.rect(surface, pal.coral, rr, max(2, self.px(3)), border_radius=self.px(7))
                img = fonts.render(word, "small", pal.paper, True)
                tag = img.get_rect(center=(rr.centerx, rr.y + rr.h // 3))
                pygame.draw.rect(surface, pal.coral, tag.inflate(self.px(10), self.px(4)), border_radius=self.px(6))
                surface.blit(img, tag)
        if not self.hand_rects:
            style.blit_text(
                surface,
                fonts,
                _("No cards in hand."),
                (self.hand_rect.x + self.px(8), self.hand_rect.centery),
                "body",
                pal.text_dim,
                False,
                "midleft",
            )

    # --- lit targets, prompt, highlights, moving pieces ---------------------------------------------
    def draw_lit(self, surface: pygame.Surface) -> None:
        if self.geo is None:
            return
        pal = self.pal
        width = max(2, self.px(3))
        for loc in sorted(self.lit_locations()):
            r = self.geo.locs[loc]
            self.mark(r, self.px(40))
            self.pieces.blit_glow(surface, r, pal.green, width, self.px(10))
            focus = self.drag.card if self.drag is not None else self.selected
            if focus is not None and self.vstate.phase == ACTION:
                player = self.vstate.players[self.match.to_act]
                space = player.flags[loc]
                if space < TRACK_SPACES and card(focus).vehicle in boards()[player.board].tracks[loc][space]:
                    nr = self.track_space(loc, space + 1)
                    self.mark(nr, self.px(8))
                    pygame.draw.rect(surface, pal.green_hi, nr, max(2, self.px(3)), border_radius=self.px(6))
        if self.my_turn() and self.vstate.phase == TAKE:
            for _cid, r in self.pool_rects.items():
                self.mark(r, self.px(40))
                self.pieces.blit_glow(surface, r, pal.green, width, self.px(7))
            if any(isinstance(a, DrawFromDeck) for a in self.legal()):
                self.mark(self.deck_rect, self.px(40))
                self.pieces.blit_glow(surface, self.deck_rect, pal.green, width, self.px(7))

    def prompt_area(self) -> pygame.Rect:
        """Where the prompt goes: beside the hand, above the buttons (all of it when none shows)."""
        buttons = (self.btn_keep, self.btn_redraw, self.btn_regroup, self.btn_regroup_go, self.btn_cancel)
        if any(b.visible for b in (*buttons, self.btn_refresh)):
            return self.prompt_rect
        return self.side_rect

    def prompt_lines(self) -> tuple[str, list[str], pygame.Rect]:
        """The prompt wrapped to fit its area: in the body size, or the small one when that is too
        tall; if even that is too tall, the last line that fits ends with an ellipsis."""
        r = self.prompt_area()
        text = self.prompt()
        key = (text, tuple(r), self.fonts.scale, i18n.language())
        if self._prompt_cache is not None and self._prompt_cache[0] == key:
            return self._prompt_cache[1]
        room = r.h - self.px(4)
        for step in ("body", "small"):
            lines = self.fonts.wrap(text, r.w - self.px(4), step, True)
            if len(lines) * self.fonts.font(step, True).get_linesize() <= room:
                break
        else:
            fit = max(1, room // self.fonts.font(step, True).get_linesize())
            if len(lines) > fit:
                rest = " ".join(lines[fit - 1 :])
                lines = [*lines[: fit - 1], self.fonts.fit(rest, r.w - self.px(4), step, True)]
        self._prompt_cache = (key, (step, lines, r))
        return step, lines, r

    def draw_prompt(self, surface: pygame.Surface) -> None:
        step, lines, r = self.prompt_lines()
        colour = self.pal.green if self.my_turn() else self.pal.text_dim
        line = self.fonts.font(step, True).get_linesize()
        y = r.y + self.px(4)
        for t in lines:
            surface.blit(self.fonts.render(t, step, colour, True), (r.x, y))
            y += line

    def draw_info(self) -> None:
        """Beside the market: the round, and a warning in the last round."""
        state = self.vstate
        key = (
            "info",
            state.round,
            self.match.name(state.first_player),
            state.final_round and not self.match.is_over(),
        )
        self.cached_piece(key, self.info_rect, self.paint_info)

    def paint_info(self, layer: pygame.Surface, off: tuple[int, int]) -> None:
        state = self.vstate
        pal, fonts = self.pal, self.fonts
        r = self.info_rect.move(off)
        y = r.y + self.px(6)
        img = fonts.render(_("Round {n}").format(n=state.round), "h3", pal.text, True)
        layer.blit(img, (r.x, y))
        y += img.get_height() + self.px(2)
        first = self.match.name(state.first_player)
        for t in fonts.wrap(_("{name} starts each round.").format(name=first), r.w, "small")[:2]:
            layer.blit(fonts.render(t, "small", pal.text_dim), (r.x, y))
            y += fonts.font("small").get_linesize()
        if state.final_round and not self.match.is_over():
            layer.blit(fonts.render(_("Last round!"), "body", pal.coral, True), (r.x, y + self.px(2)))
        self.hits.append(
            Hit(
                self.info_rect,
                "info",
                None,
                _("The game ends after the round in which someone has 7 cards in one location."),
            )
        )
