"""The application: the window, the scene stack and an event-driven loop.

The loop sleeps on ``pygame.event.wait`` while nothing moves (``next_wait() is None``), wakes for a
timer when one is due (a toast to fade, a tooltip to show, a bot move to play), and ticks at 60 fps
only while something animates.
"""

from __future__ import annotations

import gc
import os
import time
from typing import Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.core import i18n
from scenes.kit import refining, style
from scenes.kit.damage import coalesced
from scenes.kit.layer import FRAME_BUDGET
from scenes.kit.sound import Sounds
from scenes.kit.widgets import Toasts, Tooltip
from scenes.session import persist
from scenes.shell import memory
from scenes.shell.bots import BOT_DONE, BotRunner
from scenes.shell.scene import Scene

MIN_SIZE = (1280, 720)
DEFAULT_SIZE = (1280, 720)
FPS = 60
ACTIVE_SLICE = 0.016
IDLE_SLICE = 0.033
KNOCK_EVERY = 0.5
"""Seconds between looks at the data lock for a second app's knock."""
RETRY_EVERY = 5.0
"""Seconds between tries at writing what a full disk or a read-only folder held back (persist.retry)."""
"""While blocked, the loop looks for events every 16 ms (33 ms after 2 s without input).
pygame-ce's own event.wait() polls every 1 ms (SDL_Delay(1)), which measured 3.0-3.5 % of a core
with nothing happening under X11; these slices measured 0.45-0.7 %."""

_RESIZE_EVENTS = {pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED}
_TRACKED_EVENTS = {
    pygame.MOUSEMOTION,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEWHEEL,
    pygame.KEYDOWN,
    pygame.KEYUP,
    pygame.TEXTINPUT,
    BOT_DONE,
}
"""Events after which the next frame may be drawn (and presented) in part; any other (window shown,
exposed, resized, focus...) makes it drawn whole."""


def _trace() -> Any:
    """The automation trace for real-window tests (scenes/shell/trace.py), when POLAR_TABLE_TRACE is set."""
    if not os.environ.get("POLAR_TABLE_TRACE"):
        return None
    try:
        from scenes.shell.trace import Trace
    except ImportError:
        return None
    return Trace.from_env()


class App:
    def __init__(
        self,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        headless: bool = False,
        settings: Any = None,
        started_at: float | None = None,
    ) -> None:
        self.started_at = time.perf_counter() if started_at is None else started_at
        self.first_menu_frame_at: float | None = None
        """time.perf_counter() when the main menu was first drawn (start-up time = this - started_at)."""
        self.headless = headless
        self.may_wait = not headless
        """Whether a busy frame lets some pictures wait a frame (``frame_deadline``)."""
        memory.tune()
        self.settings = settings if settings is not None else persist.load_settings()
        self.sounds = Sounds(self.settings)
        i18n.set_language(self.settings.language)
        pygame.display.init()
        pygame.font.init()
        self.window: pygame.Surface | None = None
        self.present_path = "offscreen"
        """How frames reach the screen (scenes.shell.present.choose says which path and why)."""
        self.windowed_size = tuple(size)
        if headless:
            if pygame.display.get_surface() is None:
                pygame.display.set_mode((1, 1), pygame.HIDDEN if hasattr(pygame, "HIDDEN") else 0)
            self.surface = pygame.Surface(size)
        else:
            from scenes.shell import present

            self.present_path = present.choose()
            pygame.display.set_caption("Polar Table")
            self._set_icon()
            self.surface = self._open_window(size, bool(getattr(self.settings, "fullscreen", False)))
        self.size: tuple[int, int] = self.surface.get_size()
        self.scale = style.ui_scale_for(self.size, self.settings.ui_scale)
        self.pal = style.palette(self.settings.palette)
        self.fonts = style.Fonts(self.scale)
        self.stack: list[Scene] = []
        self.toasts = Toasts()
        self.tooltip = Tooltip()
        self.bots = BotRunner(notify=not headless)
        self.running = True
        self.dirty = True
        self.frames = 0
        self.presented_at = self.presented_cpu = 0.0
        """perf_counter and thread_time when the last frame was presented (the bench's frame ends there)."""
        self.on_present: Any = None
        """Called right after each present (the bench's profiler stops there)."""
        self.between = False
        """True while the scenes work between frames (``Scene.between_frames``)."""
        self.clock = pygame.time.Clock()
        self._last_update = time.perf_counter()
        self.frame_started = self._last_update
        """time.perf_counter() when the current turn of the loop began (its update)."""
        self._last_input = 0.0
        self.exit_code = 0
        self.trace = _trace()
        self.full_redraw = True
        """The next frame is drawn whole (and the whole window presented)."""
        self.frame_continues = False
        """While ``draw`` runs: True when the frame goes on the surface the last frame was drawn on, with
        the same single scene and no storage banner, so a scene may paint only what changed (what the
        last frame's toasts and tooltip covered is put back first, and presented with the rest)."""
        self.damage: list[pygame.Rect] | None = None
        """The rects of the surface the last frame changed (None: unknown, present all of it)."""
        self._last_frame: tuple | None = None
        self._under: list[tuple[pygame.Rect, pygame.Surface]] = []
        """What the last frame's toasts and tooltip covered (restored before a partial frame)."""
        self.inset = 0
        """The height of the storage banner's strip at the top: scenes lay out and draw below it."""
        self.data_lock: Any = None
        """The data folder's lock (scenes.storage.lock.DataLock) while this app holds it."""
        self._knock_checked = 0.0
        self._retried = 0.0
        self._give_back = False
        self.knocks = 0
        """How many times a second app started on this data folder has knocked."""

    # --- window ------------------------------------------------------------------------------
    def _set_icon(self) -> None:
        from scenes.kit.art import load_svg

        icon = load_svg("art/icon.svg", (64, 64))
        if icon is not None:
            pygame.display.set_icon(icon)

    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            desktop = pygame.display.get_desktop_sizes()[0]
            self.window = pygame.display.set_mode(desktop, pygame.FULLSCREEN)
        else:
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._keep_minimum_size()
        return self.window

    def _keep_minimum_size(self) -> None:
        """The window cannot be made smaller than MIN_SIZE (a table laid out below it would cramp
        its words under 14 px), where the platform's SDL window allows it."""
        try:
            from pygame._sdl2.video import Window

            desktop = pygame.display.get_desktop_sizes()[0]
            Window.from_display_module().minimum_size = (min(MIN_SIZE[0], desktop[0]), min(MIN_SIZE[1], desktop[1]))
        except (ImportError, AttributeError, pygame.error):
            pass

    @property
    def fullscreen(self) -> bool:
        return bool(getattr(self.settings, "fullscreen", False))

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.fullscreen
        if not self.headless:
            self.surface = self._open_window(self.windowed_size, self.settings.fullscreen)
            self.resize(self.surface.get_size())
        persist.save_settings(self.settings)

    def resize(self, size: tuple[int, int]) -> None:
        """Re-lay out every scene for a new window size."""
        size = (max(320, int(size[0])), max(240, int(size[1])))
        self.invalidate()
        if self.headless:
            if size != self.surface.get_size():
                self.surface = pygame.Surface(size)
        elif self.window is not None:
            self.surface = pygame.display.get_surface() or self.surface
            if not self.fullscreen:
                self.windowed_size = size
        self.size = self.surface.get_size() if not self.headless else size
        self.apply_look()

    def invalidate(self) -> None:
        """Draw (and present) the next frame whole."""
        self.full_redraw = True

    def apply_look(self) -> None:
        """After a change of size, UI scale, palette or language: every scene lays itself out again."""
        self.scale = style.ui_scale_for(self.size, self.settings.ui_scale)
        self.pal = style.palette(self.settings.palette)
        self.fonts.set_scale(self.scale)
        self.inset = self._banner_height(self.storage_banner())
        for scene in self.stack:
            scene.relayout()
        self.dirty = True
        self.invalidate()

    def set_language(self, language: str) -> None:
        self.settings.language = language
        i18n.set_language(language)
        self.apply_look()

    # --- the scene stack ---------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.invalidate()
        if self.stack:
            self.stack[-1].cover()
            if scene.opaque:
                for below in self.stack:
                    below.hidden_below()
        self.stack.append(scene)
        scene.enter()
        self.tooltip.leave()
        self.dirty = True
        return scene

    def pop(self) -> Scene | None:
        self.invalidate()
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        self.tooltip.leave()
        if self.stack:
            self.stack[-1].uncover()
        else:
            self.running = False
        self.dirty = True
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Put ``scene`` in place of the top scene."""
        self.invalidate()
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(scene)
        scene.enter()
        self.tooltip.leave()
        self.dirty = True
        return scene

    def back_to_menu(self) -> Scene | None:
        """Pop scenes until the main menu is on top."""
        self.invalidate()
        while self.stack and not self.stack[-1].main_menu:
            scene = self.stack.pop()
            scene.exit()
        scene = None
        # the closed table goes now, before the menu lays itself out again (its buttons' pictures
        # and the table's would otherwise live at once: the session's peak at 2560x1440)
        self._last_frame = None
        self._give_back_memory()
        if self.stack:
            self.stack[-1].uncover()
        self.tooltip.leave()
        self.dirty = True
        return self.top

    def toast(self, text: Any, kind: str = "info", seconds: float | None = None) -> None:
        """Show ``text`` (a string, or a rules' Msg rendered in the language of now) for a moment."""
        from game.core.messages import text_of

        if seconds is None:
            self.toasts.show(text_of(text), kind)
        else:
            self.toasts.show(text_of(text), kind, seconds)
        self.dirty = True

    def quit(self) -> None:
        self.running = False

    # --- what storage has to say -----------------------------------------------------------
    def show_storage_notices(self) -> None:
        """Toast what storage said (a file set aside, a database busy), whichever scene opened it."""
        for notice in persist.take_notices():
            self.toast(notice.text, notice.kind)

    def storage_banner(self) -> str | None:
        """The lasting warning: a finished game not kept yet, anywhere; the game not being saved,
        while a table is open or a save is held in memory. It stays until a later write succeeds."""
        status = persist.STATUS
        if status.record_problem:
            return status.record_problem
        if status.save_problem and (persist.unsaved() or any(scene.holds_a_game for scene in self.stack)):
            return status.save_problem
        return None

    @property
    def view_size(self) -> tuple[int, int]:
        """The size scenes lay out in: the window less the storage banner's strip."""
        return (self.size[0], max(1, self.size[1] - self.inset))

    def to_view(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window position in the scenes' coordinates (below the banner's strip)."""
        return (pos[0], pos[1] - self.inset)

    def _banner_lines(self, text: str) -> list[str]:
        return self.fonts.wrap(text, self.size[0] - round(32 * self.scale), "body", True)

    def _banner_height(self, text: str | None) -> int:
        if text is None:
            return 0
        return self.fonts.font("body", True).get_linesize() * len(self._banner_lines(text)) + round(16 * self.scale)

    def fit_banner(self) -> None:
        """Make room for the storage banner when it comes (and give it back when it goes): the
        scenes lay out again below it, so it never hides a prompt or a button."""
        inset = self._banner_height(self.storage_banner())
        if inset != self.inset:
            self.inset = inset
            for scene in self.stack:
                scene.relayout()
            self.dirty = True
            self.invalidate()

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        pad = round(8 * self.scale)
        lines = self._banner_lines(text)
        line_h = self.fonts.font("body", True).get_linesize()
        strip = pygame.Rect(0, 0, surface.get_width(), self.inset or line_h * len(lines) + pad * 2)
        surface.fill(self.pal.coral, strip)
        for i, line in enumerate(lines):
            img = self.fonts.render(line, "body", self.pal.text_dark, True)
            surface.blit(img, ((strip.w - img.get_width()) // 2, pad + i * line_h))

    # --- the loop ----------------------------------------------------------------------------
    def animating(self) -> bool:
        return any(scene.animating() for scene in self._visible()) or self.toasts.animating()

    def finish_animations(self) -> None:
        """Let everything that moves arrive (for a still picture of the screen)."""
        for scene in self.stack:
            scene.finish_animations()
        self.toasts.finish_fading_in()
        self.dirty = True

    def next_wait(self) -> int | None:
        """How the loop waits next: 0 = tick a frame now (something moves), a number of ms = sleep
        until then at most, None = block until an event arrives."""
        if self.dirty or self.animating():
            return 0
        waits = [self.toasts.wake_in(), self.tooltip.due_in(), KNOCK_EVERY if self.data_lock is not None else None,
                 RETRY_EVERY if persist.unsaved() else None]
        waits += [scene.wake_in() for scene in self._visible()]
        due = [w for w in waits if w is not None]
        if not due:
            return None
        return max(1, round(min(due) * 1000))

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if event.type not in _TRACKED_EVENTS:
            self.invalidate()  # window events (expose, focus, resize...) and anything else: all again
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in _RESIZE_EVENTS:
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            if size != self.size or (self.window is not None and pygame.display.get_surface().get_size() != self.size):
                self.resize(size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m and not self.typing():
            self.toggle_mute()
            return
        if event.type == BOT_DONE:
            return  # it only wakes the loop; the table scene polls the runner in update()
        if event.type == pygame.MOUSEMOTION:
            self.tooltip.motion(event.pos)
        elif event.type == pygame.WINDOWLEAVE or event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tooltip.leave()
        top = self.top
        if top is not None:
            if self.inset and hasattr(event, "pos"):
                if event.pos[1] < self.inset and event.type != pygame.MOUSEMOTION:
                    return  # a click on the banner
                event = pygame.event.Event(event.type, {**event.dict, "pos": self.to_view(event.pos)})
            top.dispatch(event)

    def typing(self) -> bool:
        """Whether a text field of the top scene has the keyboard (keys are letters then)."""
        top = self.top
        manager = getattr(top, "manager", None)
        if manager is None:
            return False
        focused = manager.get_focus_set() or set()
        return any(isinstance(element, UITextEntryLine) for element in focused)

    def toggle_mute(self) -> None:
        """Sound off or on (the M key, and the settings), said in a toast and kept in the settings."""
        from game.core.i18n import _

        self.settings.muted = not self.settings.muted
        persist.save_settings(self.settings)
        self.toast(_("Sound off (M to turn it on)") if self.settings.muted else _("Sound on"))

    def frame_deadline(self) -> float | None:
        """When this frame's budget is spent (perf_counter): after it, what may wait (an opponent's
        board, a log line, the bar's words) waits a frame. None when nothing waits: headless (tests,
        shots), where each drawn frame shows everything, and between frames, where no frame waits."""
        return self.frame_started + FRAME_BUDGET if self.may_wait and not self.between else None

    def busy_frame(self) -> bool:
        deadline = self.frame_deadline()
        return deadline is not None and time.perf_counter() > deadline

    def update(self) -> None:
        now = time.perf_counter()
        dt = min(0.1, now - self._last_update)
        self._last_update = self.frame_started = now
        self.retry_writes(now)
        self.show_storage_notices()
        self.fit_banner()
        self.answer_knock(now)
        for scene in list(self._visible()):
            scene.update(dt)
        self.toasts.prune(now)
        if self.tooltip.due_in(now) == 0 and self.top is not None and self.tooltip.pos is not None:
            from game.core.messages import text_of

            self.tooltip.text = text_of(self.top.tooltip_at(self.to_view(self.tooltip.pos)) or "")
            self.dirty = True

    def give_back_memory_soon(self) -> None:
        """A table closed: at the end of the loop's turn (the last frame drawn no longer holds it),
        collect it, forget the words and fonts opened for it and trim the heap."""
        self._give_back = True

    def _give_back_memory(self) -> None:
        if self._give_back:
            self._give_back = False
            self.fonts.forget()
            gc.collect()
            memory.give_back()

    def retry_writes(self, now: float) -> None:
        """Every RETRY_EVERY seconds while storage holds something back (a save, a finished game that a
        full disk or a read-only folder refused): try to write it again."""
        if now - self._retried < RETRY_EVERY or not persist.unsaved():
            return
        self._retried = now
        persist.retry()
        self.dirty = True

    def answer_knock(self, now: float) -> None:
        """A second Polar Table started on this data folder knocked: bring this window to the front
        (where the window manager lets an app do so) and flash it."""
        if self.data_lock is None or now - self._knock_checked < KNOCK_EVERY:
            return
        self._knock_checked = now
        if not self.data_lock.knocked():
            return
        self.knocks += 1
        if self.headless:
            return
        try:
            window = pygame.Window.from_display_module()
            if not pygame.display.get_active():
                window.restore()
            window.focus()
            window.flash(pygame.FLASH_BRIEFLY)
        except (pygame.error, AttributeError):
            pass  # no window manager support: the second app's message says where to look

    def _visible(self) -> list[Scene]:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        return self.stack[max(0, start) :]

    def draw(self, surface: pygame.Surface | None = None) -> pygame.Surface:
        surface = surface if surface is not None else self.surface
        visible = self._visible()
        banner = self.storage_banner()
        last = self._last_frame
        self.frame_continues = (
            not self.full_redraw
            and last is not None
            and last[0] is surface
            and last[1] == surface.get_size()
            and len(visible) == 1
            and last[2] == visible
            and not last[3]
            and banner is None
        )
        under, self._under = self._under, []
        if self.frame_continues:
            for rect, patch in under:  # what the last frame's toasts and tooltip covered, as the scene drew it
                surface.blit(patch, rect)
        view = surface
        if self.inset and banner is not None and self.inset < surface.get_height():
            width, height = surface.get_size()
            view = surface.subsurface(pygame.Rect(0, self.inset, width, height - self.inset))
        for i, scene in enumerate(visible):
            if i > 0 and scene.dim_below:
                style.dim(view, scene.dim_below)
            scene.render(view)
        damage = getattr(visible[0], "frame_damage", None) if self.frame_continues else None
        self.frame_continues = False
        self.full_redraw = False
        self._last_frame = (surface, surface.get_size(), list(visible), banner is not None)
        if banner is not None:
            self._draw_banner(surface, banner)
        bottom = getattr(self.top, "toast_bottom", lambda: None)() if self.top is not None else None
        if bottom is not None and banner is not None:
            bottom += self.inset
        overlays = self.toasts.layers(surface.get_size(), self.fonts, self.pal, self.scale, bottom=bottom)
        tip = self.tooltip.layer(surface.get_size(), self.fonts, self.pal, self.scale)
        if tip is not None:
            overlays.append(tip)
        bounds = surface.get_rect()
        for rect, layer in overlays:
            area = rect.clip(bounds)
            if area.w > 0 and area.h > 0:
                self._under.append((area, surface.subsurface(area).copy()))
            surface.blit(layer, rect)
        if damage is not None:
            damage = [*damage, *(rect for rect, _patch in under), *(rect for rect, _layer in overlays)]
            damage = coalesced(damage, surface.get_rect())
        self.damage = damage
        self.frames += 1
        self.dirty = False
        if self.first_menu_frame_at is None and visible and visible[-1].main_menu:
            self.first_menu_frame_at = time.perf_counter()
        return surface

    def wait_for_events(self, timeout_ms: int | None) -> list[pygame.event.Event]:
        """Sleep until events arrive (or ``timeout_ms`` passes; None: no timeout)."""
        deadline = None if timeout_ms is None else time.perf_counter() + timeout_ms / 1000
        while True:
            events = pygame.event.get()
            if events:
                self._last_input = time.perf_counter()
                return events
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                return []
            pause = ACTIVE_SLICE if now - self._last_input < 2.0 else IDLE_SLICE
            if deadline is not None:
                pause = min(pause, deadline - now)
            time.sleep(max(0.0, pause))

    def step(self, block: bool = True) -> None:
        """One turn of the loop: wait as ``next_wait`` says, handle events, update, draw if needed."""
        wait = self.next_wait() if block else 0
        if wait == 0:
            if block:
                self.clock.tick(FPS)
            events = pygame.event.get()
        else:
            events = self.wait_for_events(wait)
        if not self.headless:
            refining.frame_begins()  # the worker's jobs wait until the frame is presented
        try:
            self._turn(events)
        finally:
            refining.frame_ends()
        self._give_back_memory()

    def _turn(self, events: list[pygame.event.Event]) -> None:
        """The events handled, the scenes updated, and the frame drawn and presented when due."""
        for event in events:
            self.handle(event)
            if not self.running:
                return
        self.update()
        if self.dirty or self.animating():
            self.draw()
            if not self.headless:
                if self.damage is not None:
                    pygame.display.update(self.damage)  # only what changed
                else:
                    pygame.display.flip()
            self.presented_at, self.presented_cpu = time.perf_counter(), time.thread_time()
            if self.on_present is not None:
                self.on_present()
            if self.trace is not None:
                self.trace.frame(self)
        else:
            for scene in self._visible():
                scene.idle()
        self.between = True  # no frame is waiting: nothing need wait for the next
        try:
            for scene in self._visible():
                scene.between_frames()
        finally:
            self.between = False

    def run_loop(self) -> int:
        while self.running and self.stack:
            self.step()
        self.close()
        return self.exit_code

    def close(self) -> None:
        self.bots.shutdown()
        self.sounds.close()
        persist.save_settings(self.settings)
        if persist.unsaved():
            persist.retry()  # a last try at what a full disk held back
