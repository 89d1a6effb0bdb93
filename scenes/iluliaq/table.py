"""The Iluliaq table: the iceberg in its box lid seen from above at a slight angle (``view.py``), the
cards on it by layer with shadows that show their height, the water around it, and every seat at
its place around the table with its trampoline, its stack's top card and size.

On your turn you press behind your trampoline line, pull back and let go (``controls.py``,
``throwing.py``); the intent goes through the scene's ``submit``, where the match has the physics
(``physics.resolvers``) work out the outcome from your view. After every throw (a bot's too) the
table plays it (``motion.py``): the flight, the slide, the cards pushed and those that fall with a
splash, and the cards picked up flying to their stack; Replay plays it again.

The parts: ``layout`` (where everything goes), ``pieces`` (card pictures per kind, size and turn),
``draw`` (the still picture, as pieces of the kit's ``StaticLayer``), ``overlay`` (what moves over
it each frame), ``panels`` (the seats', the deck's and the kids' prompt), ``motion`` (the throw's
plan), ``controls`` and ``throwing`` (input to intents).
"""

from __future__ import annotations

import dataclasses
import time

import pygame

from game.core import i18n
from game.core.contract import Action
from game.core.events import for_seat
from game.core.history import History
from game.core.i18n import _
from game.core.messages import text_of
from game.iluliaq.rules import STAGES
from game.iluliaq.state import PLACE, THROW, IluliaqState
from game.iluliaq.table import Placed, Pose, Throw, Thrown
from scenes.iluliaq import draw as still
from scenes.iluliaq import overlay, practice, teach
from scenes.iluliaq.controls import Controls
from scenes.iluliaq.layout import PULL, Layout, lay_out
from scenes.iluliaq.motion import Plan, plan_for
from scenes.iluliaq.panels import SeatShown, deck_cards
from scenes.iluliaq.pieces import Pieces, kind_of
from scenes.iluliaq.playback import Playback
from scenes.iluliaq.teach import Teaching
from scenes.iluliaq.throwing import Placing
from scenes.iluliaq.trajectory import paths
from scenes.kit import style
from scenes.kit.refining import Refining, refine_soon
from scenes.kit.seat_colours import seat_colour
from scenes.kit.slingshot import Slingshot
from scenes.shell.layered import LayeredTable

LAYER_BUDGET = 6 * 2**20
"""Bytes of still pieces kept at 1920x1080 and below: each card lying on the table is one (about 80 kB
at 1920x1080, 140 kB at 2560x1440), and one of each pose is kept after it moved until this is full.
A bigger view keeps as many of them (``layer_budget``): at 2560x1440 in 6 MB a crowded table painted
most of its cards again when a throw ended, 12-16 ms after the present (35 turns of a 6p game late)."""
BUDGET_FROM = 1920 * 1080
PANELS_KEPT = 8
"""Panels with changing counts kept as pictures (a throw changes two or three; up to 300 kB each)."""
REST = 0.5
"""Seconds a throw's outcome stays in sight before a bot throws again or the screen is handed over."""


def layer_budget(view_size: tuple[int, int]) -> int:
    """The still pieces' bytes for a view: ``LAYER_BUDGET``, grown with the cards' area above 1920x1080."""
    return round(LAYER_BUDGET * max(1.0, view_size[0] * view_size[1] / BUDGET_FROM))


class IluliaqTable(Controls, LayeredTable):
    LAYER_BUDGET = LAYER_BUDGET
    plan_is_news = False
    """The plan playing shows an action just taken (not a replay): the log and the prompt wait for it."""

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        match.defer_saves = True  # the save is written in the frame after the one a throw lands in
        self._landed_in = -1
        """The frame (``app.frames``: those drawn before it) the last action landed in."""
        self.pieces = Pieces(app.fonts)
        self.lay: Layout | None = None
        self.sling = Slingshot(PULL)
        self.pulling: int | None = None
        """The seat whose throw is being pulled back."""
        self.key_throw: Throw | None = None
        """A throw aimed with the arrow keys (Space lets it go)."""
        self.placing = Placing()
        self.practice: practice.Practice | None = None
        """A practice throw playing (it does not count)."""
        self.practising = False
        """The next throw is a practice (the "Practice throw" button was pressed)."""
        self.practice_button = None
        self.teaching = Teaching()
        """The demonstration of the throw a player sees before their first throw."""
        self.last_pointer: tuple[int, int] | None = None
        """Where the pointer was last seen over the table (the dodo's card comes up under it)."""
        self.plan: Plan | None = None
        """The animation of the last action (played after it, and by Replay)."""
        self.plan_started: float | None = None
        self._sounded = -1.0
        """Seconds into the plan up to which its sounds were played."""
        self._path_owed: Refining[Plan] | None = None
        """The plan playing, while the physics' recording of it is worked out (then it follows that)."""
        self.shown: dict[int, Pose] = {p.card: p for p in self.vstate.table}
        """The poses the table drew before the next action: where its animation starts from."""
        self.replay_button = None
        self.badge_pictures: dict[tuple, pygame.Surface] = {}
        """The badges over cards ("Again!"), painted once per words, size and palette."""
        self.drawn_tops: dict[int, str | None] = {}
        """What each seat's panel shows of its stack (tests check that it is only the top)."""
        self.panel_pictures: dict[tuple, pygame.Surface] = {}
        """The panels the overlay draws while a throw changes their counts, one per what they show."""

    @property
    def vstate(self) -> IluliaqState:
        return self.visible_state  # type: ignore[return-value]

    def my_turn(self) -> bool:
        return self.human_to_act and self.viewer == self.match.to_act

    def pointer(self) -> tuple[int, int] | None:
        """Where the pointer is now: the last place it moved to, or the system's when it is over the
        window (None when not known)."""
        if self.last_pointer is not None:
            return self.last_pointer
        if self.app.window is not None and pygame.mouse.get_focused():
            return self.app.to_view(pygame.mouse.get_pos())
        return None

    # --- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        v = self.vstate
        self.lay = lay_out(self.table_rect, self.app.view_size, v.players, v.kids, self.s)
        self.layer.budget = layer_budget(self.app.view_size)
        self.sling = Slingshot(self.lay.full_pull, dead_pull=self.px(12))
        self.pulling = None
        self.pieces.warm([self.lay.view.card_size(), self.lay.seats[0].card.size,
                          *(r.size for r in deck_cards(self.lay.deck, self.s))])
        self.replay_button = self.button(self.lay.replay, _("Replay"), self.replay, None,
                                         _("Watch the last throw again."))
        self.practice_button = self.button(self.lay.practice[self.match.to_act or 0], _("Practice throw"),
                                           lambda: practice.toggle(self))
        self.sync_replay()
        practice.sync(self)
        self.forget_still()

    def sync_replay(self) -> None:
        button = self.replay_button
        actions = self.match.history.actions
        show = bool(actions) and isinstance(actions[-1], Thrown | Placed)
        if button is not None and button.visible != show:
            button.show() if show else button.hide()

    def toast_bottom(self) -> int | None:
        """Messages stand above the seats along the bottom (never over where a throw is pulled)."""
        if self.lay is None:
            return None
        low = [sp.panel.top for sp in self.lay.seats if sp.panel.bottom > self.app.view_size[1] * 0.6]
        return min(low) - self.px(8) if low else None

    # --- what the panels show -------------------------------------------------------------------
    def seat_shown(self, seat: int) -> SeatShown:
        """A seat's panel: its stack's top card and size, as far as the playing animation has got
        (cards still flying to it are not counted yet)."""
        v, m = self.vstate, self.match
        cards = v.stacks[seat]
        count = len(cards)
        t = self.plan_time()
        if t is not None and self.playing():
            count -= self.plan.arrivals_after(("seat", seat), t)
        top = kind_of(cards[0]) if cards and count > 0 else None
        self.drawn_tops[seat] = top
        info = m.seats[seat]
        return SeatShown(info.name, seat_colour(m.game.info, info.colour), info.is_bot, max(0, count), top,
                         self.bar_seat() == seat and not m.is_over())

    def owner(self, seat: int) -> tuple[str, style.PlayerColour]:
        """A seat's name and colour."""
        info = self.match.seats[seat]
        return info.name, seat_colour(self.match.game.info, info.colour)

    def deck_shown(self) -> tuple[int, str | None, int]:
        v = self.vstate
        t = self.plan_time()
        playing = t is not None and self.playing()
        waiting = self.plan.deck_waiting(t) if playing else []
        count = len(v.deck) + len(waiting)
        top = kind_of(waiting[0]) if waiting else (kind_of(v.deck[0]) if v.deck else None)
        out = len(v.out) - (self.plan.arrivals_after(("out",), t) if playing else 0)
        return count, top, max(0, out)

    # --- the animation ----------------------------------------------------------------------------
    def plan_time(self, now: float | None = None) -> float | None:
        if self.plan is None or self.plan_started is None:
            return None
        return (self.table_now() if now is None else now) - self.plan_started

    def playing(self, now: float | None = None) -> bool:
        t = self.plan_time(now)
        return t is not None and t < self.plan.duration

    def moving(self, now: float | None = None) -> bool:
        """Something moves or fades (the waves move only then: a still table costs nothing)."""
        t = self.plan_time(now)
        return t is not None and t < self.plan.duration + overlay.FADE

    def hidden_cards(self) -> set[int]:
        return self.plan.hidden if self.plan is not None and self.playing() else set()

    def play(self, plan: Plan | None) -> None:
        self.plan, self.plan_started = plan, (None if plan is None else time.perf_counter())
        self._sounded = -1.0
        self.app.dirty = True

    def finish_plan(self) -> None:
        if self.plan is not None and self.plan_started is not None:
            self.plan_started = min(self.plan_started, time.perf_counter() - self.plan.duration - overlay.FADE)
            self._sounded = float("inf")
            self.app.dirty = True

    def on_state_changed(self, action: Action | None) -> None:
        self._landed_in = self.app.frames
        self.teaching.skip()
        self.practice, self.practising = None, False
        self.pulling, self.key_throw, self.placing = None, None, Placing()
        self.sling.cancel()
        history = self.match.history
        plan = None
        self._path_owed = None
        if action is not None and history.actions:
            index = len(history.actions) - 1
            full = history.actions[index]
            if isinstance(full, Thrown | Placed):
                args = (index, full, history.actor(index), self.vstate.players, self.shown, self.seen_events(),
                        self.vstate.table)
                plan = plan_for(*args)
                self._path_owed = refine_soon(plan, paths, full, args[2], args[3], dict(self.shown),
                                              finish=lambda recorded, args=args: plan_for(*args, recorded)
                                              if recorded else None)
        self.play(plan)
        self.plan_is_news = plan is not None
        self.shown = {p.card: p for p in self.vstate.table}
        self.sync_replay()
        self.app.dirty = True

    def last_plan(self) -> Plan | None:
        """The plan of the last action: the one played, or (a game continued) worked out from the
        state before it, replayed from the record."""
        history = self.match.history
        index = len(history.actions) - 1
        if index < 0 or not isinstance(history.actions[index], Thrown | Placed):
            return None
        if self.plan is not None and self.plan.index == index:
            return self.plan
        before = history.state_before(index)
        if before is None:
            record = dataclasses.replace(history.record, actions=history.record.actions[:index])
            before = History.from_record(record).state
        events = for_seat(history.events[index], self.log_reader)
        action, seat, poses = history.actions[index], history.actor(index), {p.card: p for p in before.table}
        return plan_for(index, action, seat, self.vstate.players, poses, events, self.vstate.table,
                        paths(action, seat, self.vstate.players, poses))

    def follow_the_physics(self, wait: float | None = 0.0) -> None:
        """Once the worker has the physics' recording of the throw (its card still in the air), it
        replaces the straight slides. ``wait``: seconds to wait for it (None: as long as it takes)."""
        owed = self._path_owed
        if owed is None:
            return
        if owed.rough is not self.plan or not self.playing():
            self._path_owed = None
            return
        done, finer = owed.take(wait)
        if not done:
            return
        self._path_owed = None
        if finer is not None:
            self.plan = finer

    def replay(self) -> None:
        plan = self.last_plan()
        if plan is None:
            return
        self.pulling = None
        self.sling.cancel()
        self.play(plan)
        self.plan_is_news = False

    def finish_animations(self) -> None:
        super().finish_animations()
        self.finish_plan()

    def animating(self) -> bool:
        now = time.perf_counter()
        pulsing = self.vstate.kids and self.my_turn() and self.app.top is self
        return super().animating() or self.moving(now) or pulsing or self.teaching.showing(now)

    def dispatch(self, event: pygame.event.Event) -> None:
        """While the throw is being shown, any click or key skips the showing (and does nothing
        else, but Esc, which also opens the pause menu)."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.teaching.showing():
            self.teaching.skip()
            self.app.dirty = True
            if not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return
        super().dispatch(event)

    def cover(self) -> None:
        self.teaching.skip()
        self.match.save_if_owed()
        super().cover()

    def exit(self) -> None:
        self.match.save_if_owed()
        super().exit()

    # --- the shell holds the log, the prompt, the bots and the hand-over while a throw plays --------
    def playback(self) -> Playback | None:
        """The plan playing (or played last), as the kit's timeline."""
        if self.plan is None or self.plan_started is None:
            return None
        return Playback(self.plan, self.plan_started)

    def plays_until(self) -> float | None:
        """A throw plays, then rests a moment (everyone gets to see it land)."""
        playing = self.playback()
        return None if playing is None else playing.end + REST

    def plays_news(self) -> bool:
        return self.plan_is_news

    def telling_text(self, seat: int) -> str:
        m = self.match
        stage = STAGES[PLACE if isinstance(m.history.actions[-1], Placed) else THROW]
        return text_of(stage.waiting, player=m.name(seat), names=m.options.names)

    def prompt_text(self) -> str:
        """While a throw just taken plays, the top bar says who is throwing (then whose turn comes); on
        your throw, how to throw."""
        if self.practising or self.practice is not None:
            return _("Practice throw: pull and let go as usual. It does not count.")
        if self.telling_seat() is None and self.my_turn() and self.vstate.frame is not None and \
                self.vstate.frame.name == THROW:
            if self.vstate.kids:
                return _("Your throw: press outside the box, pull back, let go.")
            return _("Your throw: press behind your line, pull back, let go.")
        return super().prompt_text()

    def kids_prompt(self) -> tuple[str, str] | None:
        m = self.match
        if self.telling_seat() is None and m.options.kids and self.my_turn() and self.vstate.frame is not None \
                and self.vstate.frame.name == THROW:
            return teach.PICTURE, _("Press, pull back, let go!")
        return super().kids_prompt()

    def save_if_owed(self) -> None:
        """The save of the last action, once the frame it landed in (which starts its animation) is
        over (drawn): the next one writes it, or leaving the table does."""
        if self.match.save_owed and self.app.frames > self._landed_in:
            self.match.save_if_owed()

    def drive(self, now: float | None = None) -> None:
        now = time.perf_counter() if now is None else now
        if self.lands_now():  # in a window, between frames
            self.save_if_owed()
        self.sync_hint_button()  # shown once the last throw has landed
        practice.tick(self, now)
        practice.sync(self)
        if self.app.top is self and not self.holding(now):
            self.hand_over_if_owed(now)
            teach.start_if_due(self, now)
        super().drive(now)

    # --- drawing ------------------------------------------------------------------------------------
    def changing_panels(self) -> frozenset:
        """The panels whose counts change while the plan plays (``Plan.changing_panels``): the still
        picture leaves them out then, and the overlay draws them as they are at each frame, so that
        the still picture stays the same from the frame a throw lands to the frame it has played."""
        return self.plan.changing_panels() if self.plan is not None and self.playing() else frozenset()

    def still_shown(self) -> still.StillShown:
        """What the still picture shows now (the same in every frame of a throw playing)."""
        v = self.vstate
        hidden = self.hidden_cards()
        changing = self.changing_panels()
        frame = v.frame
        zone = frame.seat if self.my_turn() and frame is not None and frame.name == THROW and not self.telling() \
            else None  # lit once the last throw has landed
        seats = tuple(None if ("seat", i) in changing else self.seat_shown(i) for i in range(v.players))
        deck = None if ("deck",) in changing else self.deck_shown()
        return still.StillShown(tuple(p for p in v.table if p.card not in hidden), v.players, v.kids, zone,
                                seats, deck, self.kids_prompt(), i18n.language(),
                                tuple(self.owner(i) for i in range(v.players)))

    def still_key(self) -> tuple:
        return (*super().still_key(), self.still_shown())

    def paint_still(self) -> None:
        self.hits = still.render_static(self.layer, self.table_rect, self.lay, self.look(), self.still_shown(),
                                        self.app.view_size, self.app.frame_deadline())

    def advance(self, now: float) -> None:
        if self._path_owed is not None and self._path_owed.ready():
            self.follow_the_physics()
        self.sound_due(now)

    def ahead_of_next_frame(self) -> None:
        super().ahead_of_next_frame()
        if self.lay is not None and self.playing():
            overlay.prepare(self, self.plan_time())

    def look(self) -> still.Look:
        return still.Look(self.pal, self.fonts, self.s, self.pieces)

    def panel_picture(self, key: tuple, size: tuple[int, int], paint) -> pygame.Surface:
        """A panel the overlay draws (see ``changing_panels``), painted once per what it shows, as the
        still picture paints it."""
        picture = self.panel_pictures.get(key)
        if picture is None:
            picture = pygame.Surface(size, pygame.SRCALPHA)
            paint(picture)
            self.panel_pictures = {**dict(list(self.panel_pictures.items())[1 - PANELS_KEPT:]), key: picture}
        return picture

    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        overlay.draw(self, surface, now)

    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is not None:
            super().draw(surface)

    def sound_due(self, now: float) -> None:
        """The plan's sounds whose time came since the last frame (none for a plan skipped to its end)."""
        t = self.plan_time(now)
        if t is None:
            return
        for at, name in self.plan.sounds:
            if self._sounded < at <= t:
                self.app.sounds.play(name)
        self._sounded = max(self._sounded, t)
