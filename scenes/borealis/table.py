"""The Borealis table: your board, the pool and deck, the goals, the opponents and your hand.

Layout (inside the shell's ``table_rect``; ``layout.lay_out``)::

    +--------------------------------------------+----------------+
    | pool x4 | deck | discard |   prompt/refresh |  scoring cards |
    +--------------------------------------------+  objectives    |
    | your board: camp | 3 locations (scientists, |----------------|
    |  cascaded cards, exploration track) | camp  |  opponents'    |
    +--------------------------------------------+  compact boards|
    | your hand                        | buttons  |                |
    +--------------------------------------------+----------------+

It stands on the table kit (scenes/kit/): static things (boards, market, goals, opponents) are
cached pieces of the kit's ``StaticLayer``; after a move only the pieces that changed are painted
again, only their patches composed again, and a frame continuing the last one copies back only the
patches that changed and those it drew over (the app presents only those rects). The hand row
(``hand_row``), lit targets (from the prompt's targets), the fading highlights and the moving pieces
(the kit's ``Animator``, driven by the step's events through ``motion.Motion``) are drawn over it
each frame; ``Hits`` says what is under the pointer; the kit's ``Warmer`` paints ahead of need.

The scene keeps the state of the table and the order of things; the parts are drawn by plain
functions taking it, in modules of their own:

- ``layout``: where everything goes; ``static_layer``: the keys and records of its pieces;
- ``board``: the big board and its flags; ``market``: pool, deck, discard and the round's info;
- ``goals``: scoring cards and objectives; ``opponents``: the right column and compact boards;
- ``header``: a seat's header line; ``hand``: the hand row and the prompt; ``lit``: lit targets;
- ``pointer``: what is under the pointer, mouse and keys; ``warmup``: painting ahead of need;
- ``controls`` (a mixin): the buttons and what clicks do; ``motion``: its places and moving pieces.
"""

from __future__ import annotations

import time

import pygame

from game.borealis.state import BorealisState
from game.core.contract import HIDDEN, Action
from scenes.borealis import motion
from scenes.borealis import pointer as pt
from scenes.borealis.board import draw_board, draw_flags, track_space
from scenes.borealis.controls import Controls
from scenes.borealis.hand import draw_hand, draw_prompt, hand_band, layout_hand, prompt_lines
from scenes.borealis.layout import BoardGeo, Layout, lay_out, pieces_scale
from scenes.borealis.lit import draw_hint, draw_lit
from scenes.borealis.market import draw_info, draw_market
from scenes.borealis.opponents import draw_column
from scenes.borealis.pieces import Pieces
from scenes.borealis.static_layer import share_budgets
from scenes.borealis.warmup import board_ahead, face_widths, plan_ahead, warm_jobs
from scenes.kit import style
from scenes.kit.animator import Animator
from scenes.kit.hand_row import Drag
from scenes.kit.hits import Hits
from scenes.kit.prompt_bar import PromptText
from scenes.kit.warm import Warmer
from scenes.shell.layered import LayeredTable
from scenes.shell.table import NEXT_FRAME


class BorealisTable(Controls, LayeredTable):

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.pieces = Pieces(app.fonts)
        self.selected: int | None = None
        self.drag: Drag | None = None
        self.hover: tuple[int, int] | None = None
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.opp_rects: dict[int, pygame.Rect] = {}
        self.opp_locs: dict[tuple[int, int], pygame.Rect] = {}
        self.pool_rects: dict[int, pygame.Rect] = {}
        self.objective_rects: dict[str, pygame.Rect] = {}
        self.lay = Layout.nowhere()
        """Where the table's parts go (``layout.lay_out``, made again by ``layout``)."""
        self.geo: BoardGeo | None = None
        self.pieces_scale = app.scale
        """The scale of the table's pieces: the UI scale, or less when the table is too small for
        them at a large text size (``layout.pieces_scale``); the words keep the UI scale."""
        self.animator = Animator()
        self.motion = motion.Motion(self)
        self.old_scientists: dict[int, list[list[int]]] = {}
        self._buttons_made = False
        self._planned: set = set()
        """What the moves about to start will hide (the still picture of a move is painted as they will show it)."""
        self._rendered_hides: set = set()
        self._panels = style.PanelCache()
        self.prompt_text_box = PromptText()
        self.warmer = Warmer(lambda job: board_ahead(self, job))
        """Card faces to paint ahead of need, and (with bots only) the seats' big boards."""

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
        result = self.preview()
        return tuple(result.scores) if result is not None else tuple(0 for _p in self.vstate.players)

    def score(self, seat: int) -> int:
        """``seat``'s points if the game ended now (0 when the preview has none for it)."""
        scores = self.scores()
        return scores[seat] if seat < len(scores) else 0

    # --- layout ------------------------------------------------------------------------------
    def px(self, logical: float) -> int:
        """Logical px of the table's pieces at their scale (``pieces_scale``)."""
        return round(logical * self.pieces_scale)

    def layout(self, size: tuple[int, int]) -> None:
        self.pieces.fonts = self.fonts
        kids = self.vstate.kids
        self.pieces_scale = pieces_scale(self.table_rect, self.s, kids)
        body_line = self.fonts.font("body", True).get_linesize()
        self.lay = lay_out(self.table_rect, self.pieces_scale, self.s, body_line, kids)
        share_budgets(self)
        self.make_buttons()
        self.forget_still()
        self.pieces.clear()
        self.warmer.quick = warm_jobs(self)
        plan_ahead(self)

    def show_table_to(self, seat: int) -> None:
        super().show_table_to(seat)
        self.selected = None
        self.sync_buttons()

    def track_space(self, loc: int, space: int) -> pygame.Rect:
        """The rect of ``space`` on the big board's track of location ``loc``."""
        return track_space(self, loc, space)

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        pt.handle_event(self, event)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        return pt.hover_text(self, pos)

    def click_targets(self) -> dict[str, list[int]]:
        """Named rects of what can be clicked (for the automation trace of real-window tests)."""
        return pt.click_targets(self)

    # --- state changes: animations and highlights, from the step's events ----------------------------
    def on_state_changed(self, action: Action | None) -> None:
        hand = set(self.hand_cards())
        self.selected = self.selected if self.selected in hand else None
        self.sync_buttons()
        if action is None or not self.match.history.actions:
            self.forget_still()
            return
        events = self.seen_events()
        before = motion.Before(dict(self.hand_rects), self.geo)
        # the layer of the new state, painted as the moves will show it (so the next frame reuses it)
        self._planned = self.motion.plan(events)
        self.repaint_still()
        self._planned = set()
        actor = self.match.history.actor(len(self.match.history.actions) - 1)
        self.motion.start(events, before, time.perf_counter(), actor, self.main_seat())
        # the layer just painted already leaves out what the moving pieces hide: keep it
        moving = self.animator.hides()
        self._still_key = self.still_key() if moving == self._rendered_hides else None
        plan_ahead(self)
        self.app.dirty = True

    def plays_news(self) -> bool:
        """Another seat's move (a bot's): the log and the prompt wait for its cards to land. Your own
        move you made knowingly: what comes next shows at once."""
        actions = self.match.history.actions
        return bool(actions) and self.match.history.actor(len(actions) - 1) != self.viewer

    def finish_animations(self) -> None:
        super().finish_animations()
        self.animator.clear()
        self.old_scientists.clear()
        self.app.dirty = True

    # --- warming the caches (warmup.py) ------------------------------------------------------------
    def face_widths(self) -> list[int]:
        return face_widths(self)

    def warming(self) -> bool:
        return self.warmer.busy()

    def idle(self) -> None:
        self.warmer.step(self.app.frame_started)

    def render(self, surface: pygame.Surface) -> None:
        super().render(surface)
        if not self.app.may_wait:  # headless: after the frame; in a window, after its present
            self.warmer.step(self.app.frame_started)

    def ahead_of_next_frame(self) -> None:
        super().ahead_of_next_frame()
        # what is left of the frame's time after its present and the move that landed after it
        self.warmer.step(time.perf_counter(), ends=self.app.frame_started + NEXT_FRAME)

    def wake_in(self) -> float | None:
        wait = super().wake_in()
        if self.warming() and self.app.top is self:
            return 0.0
        return wait

    def animating(self) -> bool:
        now = time.perf_counter()
        pulsing = self.vstate.kids and self.my_turn() and self.app.top is self  # lit targets pulse
        return super().animating() or self.animator.live(now) or pulsing

    # --- composition (rects for the current state) ----------------------------------------------
    def button_key(self) -> tuple:
        return (self.viewer, self.match.to_act, len(self.match.history.actions))

    def ensure(self, force: bool = False) -> None:
        """Recompute the rects (and re-render the static layer) when the state or layout changed."""
        if self._buttons_made and getattr(self, "_button_key", None) != self.button_key():
            self.sync_buttons()
        if force:
            self.repaint_still()
        else:
            super().ensure()

    def still_key(self) -> tuple:
        hides = tuple(sorted(self.animator.hides(), key=repr))
        return (*super().still_key(), hides, self.hand_seat())

    def paint_still(self) -> None:
        """Bring the static layer up to date and record every rect (hits, pool, board geometry...).

        The layer is composed of cached pieces (the big board, market, round, goals, opponents; the
        board itself of its panel, header, camps and locations): a piece is painted again only when
        what it shows changed, and only the patches where pieces changed are composed again."""
        self.hits = Hits()
        self.pool_rects = {}
        self.opp_rects = {}
        self.opp_locs = {}
        self.objective_rects = {}
        self.hand_rects = {}
        self.layer.begin(self.table_rect, self.app.frame_deadline())
        hides = self.animator.hides() | self._planned
        self._rendered_hides = hides
        draw_board(self, hides)
        draw_market(self, hides)
        draw_info(self)
        draw_column(self)
        layout_hand(self, hides)
        t, size = self.table_rect, self.app.view_size
        self.layer.compose(style.background(size, self.pal), (tuple(t), size, self.pal.name))

    # --- drawing -------------------------------------------------------------------------------
    def advance(self, now: float) -> None:
        motion.tick(self, now)

    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        """The flags, the lit targets, the hand row, the prompt and the hint, and the moving pieces."""
        draw_flags(self, surface, now)
        draw_lit(self, surface)
        self.mark(hand_band(self))  # the hand, the prompt, the buttons
        draw_hand(self, surface)
        draw_prompt(self, surface)
        draw_hint(self, surface)
        motion.draw(self, surface, now)
        if self.drag is not None:
            self.mark(self.drag.draw(surface, self.pieces.face(self.drag.card, self.lay.card_w)))

    def toast_bottom(self) -> int:
        """Messages stand above the hand, the prompt and the buttons (never over the controls)."""
        return hand_band(self).top - self.px(8)

    def turn_text(self) -> str:
        """The top bar says what the prompt beside the hand says, on your turn: one wording."""
        if self.my_turn() and not self.match.is_over():
            return self.prompt()
        return super().turn_text()

    def prompt_lines(self) -> tuple[str, list[str], pygame.Rect]:
        return prompt_lines(self)

    def drawn_hand(self) -> list[int]:
        """The card ids the hand row draws (for tests: only ever the viewer's own cards)."""
        return list(self.hand_rects)
