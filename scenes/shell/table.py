"""The table-scene contract: a game's scene subclasses ``TableScene`` (through ``LayeredTable`` in
scenes/shell/layered.py, which writes the frame: a game's table then says its still picture and
what moves over it instead of ``draw``) and gets the whole shell.

A subclass implements four methods::

    layout(self, size)          # place the game inside self.table_rect (set before layout is called);
                                # widgets may be made with self.button(...) as in any scene
    draw(self, surface)         # draw the game inside self.table_rect (background already drawn);
                                # draw what self.visible_state shows (the viewer's view: hidden cards
                                # are HIDDEN), never the full state
    handle_event(self, event)   # turn clicks into Actions and call self.submit(action)
    hover_text(self, pos)       # the tooltip for whatever is under pos, or None

and may override ``on_state_changed(action)`` (start tweens for what changed: read the step's
events with ``self.seen_events()``, never compare states) and ``animating()`` (True while its own
tweens run; call super()).

The base class provides: the top bar (game name, and the rules' prompt: its sentence for the human
who decides, the waiting sentence for everyone else), the log panel (the lines the viewer may read),
toasts, tooltips, bots driven from a worker thread with visible pacing, the hand-over screen before
a human decides when the game has hidden information (``GameInfo.hidden``; it follows the seat that
decides, the top prompt frame's, not the turn's owner), the pause menu on Esc and the end screen.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from game.core import events as core_events
from game.core.contract import Action, Game, Result, State
from game.core.errors import IllegalAction
from game.core.events import Event
from game.core.i18n import _, language, ngettext
from game.core.messages import text_of
from game.core.prompt import Prompt
from scenes.kit import style
from scenes.kit.animator import Animator
from scenes.kit.theme import rect
from scenes.kit.widgets import LogPanel
from scenes.session import persist
from scenes.session.match import Match
from scenes.shell.bots import BOT_PACE, BOT_PACES, QUIET_PACE
from scenes.shell.passing import Passing
from scenes.shell.scene import Scene
from scenes.shell.top_bar import TopBar

END_DELAY = 0.9
"""Seconds between the last move and the end screen, so the last move can be seen."""
NEXT_FRAME = 1 / 60
"""Seconds from a frame's start to the next one's, as the next frame's pictures are made ahead."""
CHANGE_FADE = 0.4


class TableScene(TopBar, Scene):
    holds_a_game = True
    COVERS_TABLE = False
    """True when ``draw`` paints every pixel of ``table_rect`` opaquely: the shell then leaves out
    the background there."""

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.viewer: int | None = None
        """The human seat whose eyes are on the screen (None: nobody's secrets are shown... all bots)."""
        self._told: tuple[tuple, str] | None = None
        """(the move and seat, the sentence) of the last ``telling_text``: a move plays over many frames."""
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.top_bar = pygame.Rect(0, 0, 0, 0)
        self.log_panel = LogPanel()
        self.log_hidden = bool(match.options.kids)
        """Kids' mode starts with the log hidden (few words, more room; L shows it)."""
        self.last_action_at = time.perf_counter()
        """When the table last changed (its opening counts): bots wait BOT_PACE after it to move."""
        self._shown_at: float | None = None
        self._made_for = 0.0
        """The time the next frame's pictures were made ahead for: that frame shows no earlier time."""
        self.quiet = False
        """The last action showed the viewer nothing (no event, no log line it may read)."""
        self._bot_token: object | None = None
        self._bot_action: Action | None = None
        self._handed: Action | None = None
        self.passing = Passing(self)
        self._bot_ready_at = 0.0
        self._bot_failed = False
        self._handover_owed = False
        """The hand-over waits for the move playing (``check_handover``)."""
        self._end_at: float | None = None
        self._end_shown = False
        self._finished_recorded = False
        self.bots_play = True
        """False: bots do not move by themselves (still pictures and frame timing drive the match)."""
        self.finish_report: persist.FinishReport | None = None
        """What the humans earned, when this scene saw the game end (None for a game that ended before)."""
        self._view_key: tuple | None = None
        self._view: State | None = None
        self._preview: tuple[tuple, Result | None] | None = None
        humans = match.humans
        if len(humans) == 1:
            self.viewer = humans[0]

    # --- what the subclass reads ------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self) -> State:
        """The full state: for rules questions only. Draw ``visible_state``."""
        return self.match.state

    @property
    def visible_state(self) -> State:
        """What the viewer may see (the full state when only bots play)."""
        key = (len(self.match.history.actions), id(self.match.state), self.viewer)
        if key != self._view_key:
            seat = self.viewer if self.match.humans else None
            self._view = self.match.view(seat)
            self._view_key = key
        assert self._view is not None
        return self._view

    def preview(self) -> Result | None:
        """The score if the game ended now, from what the viewer sees (worked out once per state);
        None when the game does not score a running game."""
        key = (len(self.match.history.actions), id(self.match.state), self.viewer)
        if self._preview is None or self._preview[0] != key:
            try:
                result: Result | None = self.game.result(self.visible_state)
            except Exception:  # noqa: BLE001 - a score preview must never break the table
                result = None
            self._preview = (key, result)
        return self._preview[1]

    @property
    def human_to_act(self) -> bool:
        return self.match.is_human(self.match.to_act) and not self.match.is_over()

    def legal(self) -> list[Action]:
        """The legal actions when a human is to act (empty while a bot plays or the game is over)."""
        return self.match.legal_actions() if self.human_to_act else []

    @property
    def hidden_info(self) -> bool:
        """Seats hold things others may not see (the game says so): humans hand over the screen."""
        return self.game.info.hands_over

    @property
    def log_reader(self) -> int | None:
        """Whose log lines show: the viewer's; with bots only (nobody's eyes), what every seat may read."""
        return self.viewer if self.match.humans else None

    def bar_seat(self) -> int | None:
        """The seat whose token the top bar shows beside its sentence: the one to act, or the one
        whose move still plays."""
        seat = self.telling_seat()
        return self.match.to_act if seat is None else seat

    # --- the hold: what waits while a move plays --------------------------------------------
    def plays_until(self) -> float | None:
        """When what the table plays now (the last move, or a replay of it) will have been seen,
        counting any moment at rest after it (``time.perf_counter`` seconds); None: nothing plays.
        By default the last piece the table's kit ``Animator`` (``self.animator``) moves lands then;
        a table playing its moves otherwise (a physics playback) says it itself."""
        animator = getattr(self, "animator", None)
        return animator.until() if isinstance(animator, Animator) else None

    def plays_news(self) -> bool:
        """What plays is the move just taken (not a replay of it, not a practice): the log and the
        prompt wait for it as well as the bots and the hand-over."""
        return True

    def table_now(self) -> float:
        """The time what plays is shown at (``time.perf_counter`` seconds): the frame's while one is
        drawn or made ahead, so that everything in it agrees; otherwise now."""
        return time.perf_counter() if self._shown_at is None else self._shown_at

    @contextmanager
    def shown_at(self, when: float) -> Iterator[None]:
        """Everything read through ``table_now`` inside is read at ``when``."""
        self._shown_at = when
        try:
            yield
        finally:
            self._shown_at = None

    def holding(self, now: float | None = None) -> bool:
        """The table is still showing what it plays (at ``table_now`` unless told): bots, the
        hand-over and the end screen wait."""
        until = self.plays_until()
        return until is not None and (self.table_now() if now is None else now) < until

    def telling(self) -> bool:
        """The move just taken is still playing: its log lines and the next prompt wait for it."""
        return bool(self.match.history.actions) and self.plays_news() and self.holding()

    def log_held_from(self) -> int | None:
        """The action whose log lines (and those after) wait while its move still plays on the
        table, so the log does not tell the end first (None: none wait)."""
        return len(self.match.history.actions) - 1 if self.telling() else None

    def telling_seat(self) -> int | None:
        """Who made the move still playing (the top bar stays with them until it has shown)."""
        index = self.log_held_from()
        return None if index is None else self.match.history.actor(index)

    def rules_prompt(self) -> Prompt:
        """The rules' prompt for the viewer when the viewer decides; otherwise the decider's (read
        its ``waiting``)."""
        m = self.match
        seat = m.to_act
        if self.viewer is not None and self.viewer != seat and self.match.humans:
            return m.prompt(self.viewer)
        return m.prompt(seat)

    def prompt_text(self) -> str:
        """The prompt's sentence for the human who decides and sees the table; the waiting sentence,
        with the deciding seat's name in it, for everyone else."""
        m = self.match
        if m.is_over():
            return text_of(m.prompt().text, names=m.options.names)
        kids = self.kids_prompt()
        if kids is not None:
            return kids[1]
        mover = self.telling_seat()
        if mover is not None:
            return self.telling_text(mover)
        seat = m.to_act
        name = m.name(seat)
        prompt = self.rules_prompt()
        if m.is_human(seat) and self.viewer == seat:
            return text_of(prompt.text, player=name, names=m.options.names)
        return text_of(prompt.waiting or _("Waiting for {player}…"), player=name, names=m.options.names)

    def telling_text(self, seat: int) -> str:
        """What the top bar says while ``seat``'s move plays: what it said while they decided it."""
        m = self.match
        index = len(m.history.actions) - 1
        key = (index, seat, id(m.history), m.history.actions[-1] if index >= 0 else None, language())
        if self._told is not None and self._told[0] == key:
            return self._told[1]
        before = m.history.state_before(index)
        waiting = None
        if before is not None:
            waiting = self.game.prompt(self.game.view(before, seat), seat).waiting
        text = text_of(waiting or _("Waiting for {player}…"), player=m.name(seat), names=m.options.names)
        self._told = (key, text)
        return text

    def kids_prompt(self) -> tuple[str, str] | None:
        """In kids' mode, the decision as a picture and a very few words (``scenes/kit/kids_prompt``):
        the rules' own for the child who decides, an hourglass and whose turn it is for the others."""
        m = self.match
        if not m.options.kids or m.is_over():
            return None
        mover = self.telling_seat()
        if mover is not None:
            return "wait", _("{player}'s turn").format(player=m.name(mover))
        seat = m.to_act
        name = m.name(seat)
        if m.is_human(seat) and self.viewer == seat:
            prompt = self.rules_prompt()
            words = text_of(prompt.short, player=name, names=m.options.names) if prompt.short else _("Your turn!")
            return prompt.picture or "choose", words
        return "wait", _("{player}'s turn").format(player=name)

    def showed_nothing(self) -> bool:
        """Whether the last action showed the viewer nothing: no event it saw, no log line it may read."""
        m = self.match
        index = len(m.history.actions) - 1
        if index < 0 or self.seen_events():
            return False
        return not any(e.index == index and e.visible_to(self.log_reader) for e in m.log)

    def seen_events(self) -> tuple[Event, ...]:
        """What the last action did, as the viewer saw it (the public view with bots only)."""
        return core_events.for_seat(self.match.history.last_events, self.log_reader)

    def changed_fade(self) -> float:
        """1.0 right after an action, fading to 0: highlight what just changed with it."""
        return self.tweens.get("changed", 0.0)

    # --- what the subclass calls ------------------------------------------------------------
    def submit(self, action: Action, by_bot: bool = False) -> bool:
        """Apply ``action`` through the match. An illegal one shows a toast and changes nothing."""
        if self.match.is_over():
            self.app.toast(_("The game is over."), "error")
            return False
        if not by_bot and self.match.is_bot(self.match.to_act):
            self.app.toast(_("Wait: it is {name}'s turn.").format(name=self.match.name(self.match.to_act)), "error")
            return False
        try:
            self.match.apply(action)
        except IllegalAction as exc:
            self.app.toast(str(exc) or _("That move is not allowed right now."), "error")
            return False
        self._changed(action)
        return True

    def undo(self) -> bool:
        if not self.match.can_undo():
            self.app.toast(_("Nothing can be undone now."), "error")
            return False
        self.match.undo()
        self.app.toast(_("Move taken back."))
        self._changed(None)
        return True

    # --- hooks for the subclass --------------------------------------------------------------
    def on_state_changed(self, action: Action | None) -> None:
        """After an action was applied (None after an undo): start tweens, refresh widgets."""

    def on_viewer_changed(self) -> None:
        """Another human took the screen with nothing to hide (no hand-over): draw it for them (a
        table whose widgets are the deciding human's lays itself out again)."""
        self.app.dirty = True

    # --- the shell ---------------------------------------------------------------------------
    def _changed(self, action: Action | None) -> None:
        self.last_action_at = time.perf_counter()
        self.hide_secrets_from_the_room()  # first: the move is shown as the room may see it
        self.quiet = action is not None and self.showed_nothing()
        self._bot_action = None
        self.log_panel.scroll = 0
        self.tweens.start("changed", 1.0, 0.0, CHANGE_FADE)
        self.sync_hint_button()
        self.on_state_changed(action)
        self.app.dirty = True
        if self.match.is_over():
            self._end_at = time.perf_counter() + END_DELAY
            self._finish()
        else:
            self.check_handover()

    def _finish(self) -> None:
        """The game just ended (once per game): keep it with the profiles, which then removes its
        autosave (a game the database could not take stays in the autosave for the next start)."""
        if self._finished_recorded or not self.match.savable:
            return
        self._finished_recorded = True
        self.finish_report = persist.record_finished(self.match)

    def hide_secrets_from_the_room(self) -> None:
        """A bot decides while several humans share the screen: it is nobody's screen, so nobody's
        secrets show (no hand, only the log lines every seat may read) until a human takes it again."""
        m = self.match
        if self.viewer is not None and m.is_bot(m.to_act) and len(m.humans) > 1 and self.hidden_info:
            self.finish_animations()  # what still moves was drawn for the last viewer's eyes
            self.viewer = None
            self.app.dirty = True

    def check_handover(self) -> None:
        """Cover the table before a human acts when other human eyes were on it: at once, or (when
        the last move was the viewer's own) once that move has shown (``passing``). While a move
        plays it waits: everyone sees it land first."""
        seat = self.match.to_act
        actions = self.match.history.actions
        mover = self.match.history.actor(len(actions) - 1) if actions else None
        # the mover's own screen shows the move before passing it on (``passing``): no need to wait
        passes = mover is not None and mover == self.viewer and self.match.is_human(mover)
        if self.holding() and self.app.top is self and not (passes and seat != mover):
            self._handover_owed = True
            return
        self._handover_owed = False
        self.passing.cancel()
        self.hide_secrets_from_the_room()
        if seat is None or self.match.is_bot(seat) or self.viewer == seat:
            return
        if len(self.match.humans) < 2 or not self.hidden_info:
            if self.viewer != seat:
                self.viewer = seat
                self.on_viewer_changed()
            return
        if self.app.top is self:
            if passes:
                self.passing.after_turn(mover, seat)
                return
            from scenes.shell.handover import HandoverScene

            self.app.push(HandoverScene(self.app, self, seat))

    def show_table_to(self, seat: int) -> None:
        if seat != self.viewer:
            # what still moves was drawn for other eyes: a card flying into the last viewer's hidden
            # hand, the highlights of the last viewer's board
            self.finish_animations()
        self.viewer = seat
        self.passing.begin_turn(seat)
        self.sync_hint_button()
        self.app.dirty = True

    def enter(self) -> None:
        super().enter()
        if self.match.is_over():
            self._end_at = time.perf_counter()
        else:
            self.check_handover()

    def uncover(self) -> None:
        if not self.match.is_over():
            self.check_handover()
        self.app.dirty = True

    def exit(self) -> None:
        self.app.bots.cancel()
        super().exit()
        self.app.give_back_memory_soon()

    def shortcut(self, event: pygame.event.Event) -> bool:
        """Esc pause, Ctrl+Z undo, F1 rules, H hint, L log; True when the key was one of them."""
        if event.key == pygame.K_ESCAPE:
            self.open_pause()
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_F1:
            from scenes.shell.rules import RulesScene

            self.app.push(RulesScene(self.app, self.game.info.id))
        elif event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.show_hint()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.passing.waiting_for_mover():
            self.passing.confirm()
        elif event.key == pygame.K_l and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.log_hidden = not self.log_hidden
            self.relayout()
            self.app.dirty = True
        else:
            return False
        return True

    def score_breakdown(self, seat: int) -> str | None:
        """``seat``'s points term by term, labelled "if the game ended now" (None: no preview)."""
        result = self.preview()
        if result is None or seat >= len(result.breakdown):
            return None
        row = result.breakdown[seat]
        lines = [_("If the game ended now, {name} would score:").format(name=self.match.name(seat))]
        shown = self.game.info.shown
        terms = [f"  {_(t.label)}: {shown(row.get(t.key, 0))}" for t in result.terms if row.get(t.key, 0)]
        lines += terms
        if len(result.terms) == 1 and terms:
            return "\n".join(lines)  # one term is the total: a Total line would say it twice
        n = shown(result.scores[seat])
        total = (_("Total: {n}") if self.game.info.fewest_wins else ngettext("Total: {n} point", "Total: {n} points",
                                                                              n)).format(n=n)
        lines.append(f"  {total}")
        return "\n".join(lines)

    # --- hints ----------------------------------------------------------------------------------
    def can_hint(self) -> bool:
        """On the viewer's turn, once the last move has shown (a hint is worked out from the table
        it leaves)."""
        return self.human_to_act and self.viewer is not None and self.viewer == self.match.to_act \
            and not self.telling()

    def show_hint(self) -> None:
        """What the hint bot (the normal one, or the game's steadier "hint") would do now, worked out
        from the acting seat's view alone: said in a toast (with the game's reason when it can tell)
        and lit on the table until the next move."""
        if not self.can_hint():
            if self.telling() and self.human_to_act and self.viewer == self.match.to_act:
                self.app.toast(_("Wait until the card has landed."))
                return
            self.app.toast(_("A hint is for the player whose turn it is."), "error")
            return
        from game.core.bots import HINT, decide_from_view
        from physics.resolvers import resolver_for

        view = self.match.view(self.viewer)
        try:
            action = decide_from_view(self.game, view, HINT, self.match.bot_seed(), budget=0.3,
                                      resolver=resolver_for(self.game.info.id))
        except IllegalAction as exc:
            self.app.toast(text_of(exc.message), "error")
            return
        self.hint = (len(self.match.history.actions), action)
        names = self.match.options.names
        move = text_of(self.game.describe(view, action), player=self.match.name(self.viewer), names=names)
        reason = self.game.hint_reason(view, action)
        text = _("Hint: {player} {move}").format(player=self.match.name(self.viewer), move=move).rstrip(".") + "."
        if reason is not None:
            text += " " + text_of(reason, player=self.match.name(self.viewer), names=names)
        self.app.toast(text, "info", seconds=6.0)
        self.app.dirty = True

    def hinted(self) -> tuple[Action | None, set[str]]:
        """The hinted action and what it targets, while no move was made since the hint."""
        hint = getattr(self, "hint", None)
        if hint is None or hint[0] != len(self.match.history.actions) or not self.can_hint():
            return None, set()
        return hint[1], set(self.game.targets(self.visible_state, hint[1]))

    def open_pause(self) -> None:
        from scenes.shell.pause import PauseScene

        self.app.push(PauseScene(self.app, self))

    def layout_shell(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        bar_h = round(60 * s)
        self.top_bar = pygame.Rect(0, 0, w, bar_h)
        self._bar_pic: tuple | None = None
        margin = round(14 * s)
        if self.log_hidden:
            self.table_rect = pygame.Rect(margin, bar_h + margin, w - margin * 2, h - bar_h - margin * 2)
        else:
            log_w = round(min(320 * s, w * 0.26))
            self.log_panel.layout(pygame.Rect(w - log_w - margin, bar_h + margin, log_w, h - bar_h - margin * 2))
            self.table_rect = pygame.Rect(margin, bar_h + margin, w - log_w - margin * 3, h - bar_h - margin * 2)
        bw = round(130 * s)
        self.pause_button = self.button(
            rect(w - bw - margin, (bar_h - 42 * s) / 2, bw, 42 * s),
            _("Menu"),
            self.open_pause,
            None,
            _("Pause: undo, rules, settings, save and quit (Esc)"),
        )
        # one place beside Menu for whichever applies: a hint on your turn, passing the screen
        # after it, the scores once the game is over
        slot = rect(w - bw * 2 - margin - round(10 * s), (bar_h - 42 * s) / 2, bw, 42 * s)
        self.hint_button, self.pass_button, self.scores_button = (
            self.button(slot, text, press, kind, tip)
            for text, press, kind, tip in (
                (_("Hint (H)"), self.show_hint, None,
                 _("What would a good player do now? Lit on the table, said in a sentence.")),
                (_("Pass the screen"), self.passing.confirm, "primary",
                 _("Your turn is over: cover the table for the next player (Enter).")),
                (_("Scores"), self.reopen_scores, "primary", _("The final scores again.")),
            )
        )
        self.sync_hint_button()
        self.sync_pass_button()

    def sync_pass_button(self) -> None:
        button = getattr(self, "pass_button", None)
        show = self.passing.waiting_for_mover()
        if button is not None and button.visible != show:
            button.show() if show else button.hide()

    def sync_hint_button(self) -> None:
        button = getattr(self, "hint_button", None)
        if button is not None and button.visible != self.can_hint():
            button.show() if self.can_hint() else button.hide()
        scores = getattr(self, "scores_button", None)
        show = self.match.is_over() and getattr(self, "_end_shown", False)
        if scores is not None and scores.visible != show:
            scores.show() if show else scores.hide()

    def reopen_scores(self) -> None:
        """The end screen again, after looking at the final boards."""
        from scenes.shell.end import EndScene

        if self.match.is_over() and self.app.top is self:
            self.app.push(EndScene(self.app, self, fanfare=False))

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.shortcut(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            pos = self.app.to_view(pygame.mouse.get_pos())
            if not self.log_hidden and self.log_panel.handle_wheel(pos, event.y):
                self.app.dirty = True
                return
        super().dispatch(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.drive()

    def between_frames(self) -> None:
        self.drive()  # in a real window a bot's move lands here: the next frame shows it
        if self.app.top is self and self.app.may_wait:
            # a frame from now: the next frame comes before that (its turn starts a frame after this
            # one's, or, on a busy machine, once this work is done) and shows this time, not its own
            self._made_for = time.perf_counter() + NEXT_FRAME
            with self.shown_at(self._made_for):
                self.ahead_of_next_frame()

    def ahead_of_next_frame(self) -> None:
        """The pictures the next frame shows, made now (between frames): the top bar and the log."""
        size = self.app.view_size
        self.prepare_top_bar(size)
        if not self.log_hidden:
            self.log_panel.prepare(size, self.match, self.fonts, self.pal, self.s, self.log_reader,
                                   held_from=self.log_held_from())

    @property
    def handover_owed(self) -> bool:
        """A hand-over waits for the move playing to show (it comes next)."""
        return self._handover_owed

    def hand_over_if_owed(self, now: float) -> None:
        """The hand-over a playing move held back, once it has shown."""
        if self._handover_owed and self.app.top is self and not self.holding(now):
            self.check_handover()
            self.app.dirty = True  # what waited (the log's last lines, the next prompt) shows now

    def drive(self, now: float | None = None) -> None:
        """Bots, the hand-over and the end screen: only while this scene is on top (paused under a
        menu), and once what the table plays has shown."""
        now = time.perf_counter() if now is None else now
        if self.app.top is not self:
            return
        self.passing.tick(now)  # the mover's own screen has shown the move already
        if self.app.top is not self or self.holding(now):
            return
        self.hand_over_if_owed(now)
        if self.app.top is not self:
            return
        if self.match.is_over():
            if not self._end_shown and self._end_at is not None and now >= self._end_at:
                from scenes.shell.end import EndScene

                self._end_shown = True
                self.app.push(EndScene(self.app, self))
            return
        if not self.lands_now() and (self._handed is not None or self._bot_action is not None):
            return
        if self._handed is not None:
            action, self._handed = self._handed, None
            self.submit(action, by_bot=True)
            return
        seat = self.match.to_act
        if not self.match.is_bot(seat) or self._bot_failed or not self.bots_play:
            return
        runner = self.app.bots
        if self._bot_action is None:
            if self._bot_token is None or not runner.has_request(self._bot_token):
                self._bot_token = object()
                runner.request(
                    self.game, self.match.state, self.match.seats[seat].level, self.match.bot_seed(), self._bot_token
                )
            answer = runner.poll(self._bot_token)
            if answer is None:
                return
            self._bot_token = None
            if isinstance(answer, Exception):
                self._bot_failed = True
                self.app.toast(_("The bot could not move: {reason}").format(reason=answer), "error")
                return
            self._bot_action = answer
            pace = BOT_PACES.get(getattr(self.app.settings, "bot_speed", "normal"), BOT_PACE)
            self._bot_ready_at = max(now, self.last_action_at + (min(QUIET_PACE, pace) if self.quiet else pace))
        if now >= self._bot_ready_at and self.lands_now():
            action, self._bot_action = self._bot_action, None
            self.submit(action, by_bot=True)

    def lands_now(self) -> bool:
        """Whether a bot's move may land in this part of the loop's turn: in a real window only
        between frames (the frame is presented on time, the next one shows the move); headless
        (tests, shots) whenever it is due."""
        return not self.app.may_wait or self.app.between

    def hand_bot_answer(self, action: Action) -> None:
        """A bot's answer decided elsewhere (the bench's fixed beat), applied in the next turn of the
        loop where the app applies its bots' answers."""
        self._handed = action

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The whole prompt when the top bar had to shorten it; otherwise the scene's own tips."""
        area, full = getattr(self, "_bar_text", (None, ""))
        if full and area is not None and area.collidepoint(pos):
            return full
        return super().tooltip_at(pos)

    def bot_thinking(self) -> bool:
        return self._bot_token is not None and self.app.bots.thinking(self._bot_token)

    def animating(self) -> bool:
        return super().animating() or (self.app.top is self and self.bot_thinking())

    def wake_in(self) -> float | None:
        waits = [super().wake_in()]
        now = time.perf_counter()
        if self._bot_action is not None:
            waits.append(max(0.0, self._bot_ready_at - now))
        waits.append(self.passing.wake_in(now))
        if self.match.is_over() and not self._end_shown and self._end_at is not None:
            waits.append(max(0.0, self._end_at - now))
        until = self.plays_until()
        if self._handover_owed and until is not None:
            waits.append(max(0.0, until - now))
        due = [w for w in waits if w is not None]
        return min(due) if due else None

    # --- drawing -----------------------------------------------------------------------------
    def render(self, surface: pygame.Surface) -> None:
        # One time for the whole frame, never before the one its pictures were made ahead for (a
        # frame that came a little early would otherwise make them again).
        with self.shown_at(max(time.perf_counter(), self._made_for)):
            self._render(surface)

    def _render(self, surface: pygame.Surface) -> None:
        bg = style.background(surface.get_size(), self.pal)
        t = self.table_rect
        log_kept = False  # the log's patch of the screen is left as the last frame drew it
        if self.COVERS_TABLE and t.w > 0 and t.h > 0:
            # the background only where neither the table, the top bar nor the log paint opaquely
            w, h = surface.get_size()
            log = self.log_panel.rect
            beside = log.w > 0 and log.top == t.top and log.bottom == t.bottom and log.left >= t.right
            right = log.left if beside else w
            areas = [
                pygame.Rect(0, self.top_bar.bottom, w, t.top - self.top_bar.bottom),
                pygame.Rect(0, t.bottom, w, h - t.bottom),
                pygame.Rect(0, t.top, t.left, t.h),
                pygame.Rect(t.right, t.top, right - t.right, t.h),
            ]
            if beside:
                areas.append(pygame.Rect(log.right, t.top, w - log.right, t.h))
            log_kept = beside and getattr(self.app, "frame_continues", False)
            for area in areas:
                if area.w > 0 and area.h > 0:
                    surface.blit(bg, area, area)
        else:
            surface.blit(bg, (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.table_rect)
        self.table_damage = None
        with self.fonts.listening(surface) as log:
            self.draw(surface)
        surface.set_clip(clip)
        bar = self.draw_top_bar(surface)
        self.words = log.texts + getattr(self, "bar_words", [])
        log_changed = False
        if not self.log_hidden:
            log_changed = self.log_panel.draw(surface, self.match, self.fonts, self.pal, self.s, self.log_reader,
                                              may_wait=self.app.busy_frame(), held_from=self.log_held_from(),
                                              continues=log_kept)
            if self.log_panel.owed:
                self.app.dirty = True  # the next frame draws the new line
        if self.manager is not None:
            self.manager.draw_ui(surface)
        with self.fonts.listening(surface) as log:
            self.draw_over(surface)
        self.words_over = log.texts
        damage = self.table_damage if self.COVERS_TABLE else None
        if damage is not None:  # outside the table: the top bar and the log where they changed
            damage = [*damage, *bar, *self.widget_rects()]
            if log_changed:
                damage.append(pygame.Rect(self.log_panel.rect))
        self.frame_damage = damage

    def widget_rects(self) -> list[pygame.Rect]:
        """Where the widgets (buttons) are drawn: each frame, over the table and the bar."""
        if self.manager is None:
            return []
        out = []
        for element in self.manager.get_sprite_group().sprites():
            image = getattr(element, "image", None)
            if image is not None and image.get_width() and image.get_height():
                out.append(pygame.Rect(element.rect))
        return out

    def areas(self) -> dict[str, pygame.Rect]:
        out = {"top bar": self.top_bar, "table": self.table_rect}
        if not self.log_hidden:
            out["log"] = self.log_panel.rect
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The game itself, inside ``self.table_rect``."""

    def turn_text(self) -> str:
        """The top bar's sentence (see ``prompt_text``)."""
        if self.match.is_over():
            return _("Game over")
        return self.prompt_text()

