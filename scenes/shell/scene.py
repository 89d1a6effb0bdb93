"""The base of every scene: its own pygame_gui manager, buttons with callbacks, tweens, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UITextEntryLine

from scenes.kit import style
from scenes.kit.placed import AREA, CONTROL, TARGET, Placed, ScrollView
from scenes.kit.theme import new_manager, pressed
from scenes.kit.tween import Tweens

if TYPE_CHECKING:
    from scenes.shell.host import Host


class Scene:
    """One screen of the app. The App calls, in order: ``enter`` (once, when pushed), ``dispatch``
    for each event (top scene only), ``update``, ``render``. ``relayout`` runs whenever the window
    size, UI scale, palette or language changes; it rebuilds the widgets through ``layout``."""

    opaque = True
    """False for overlays (pause, end screen): the scene below is drawn first, dimmed."""
    main_menu = False
    """True for the main menu, where "back to the menu" goes (scenes ask the app by this, not by class)."""
    holds_a_game = False
    """True for a table: a game is being played (and saved) while it is on the stack."""
    dim_below = 150

    def __init__(self, app: Host) -> None:
        self.app = app
        self.size: tuple[int, int] = app.view_size
        self.manager: pygame_gui.UIManager | None = None
        self._manager_key: tuple | None = None
        self._buttons: list[tuple[UIButton, Callable[[], None]]] = []
        self.tips: list[tuple[pygame.Rect, str]] = []
        self.tweens = Tweens()
        self.layout_version = 0
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.words: list[Placed] = []
        """The words ``draw`` put on the screen the last time it ran (``placed``)."""
        self.words_over: list[Placed] = []
        """The words ``draw_over`` put on the screen in the last frame."""

    # --- shortcuts ---------------------------------------------------------------------------
    @property
    def pal(self) -> style.Palette:
        return self.app.pal

    @property
    def fonts(self) -> style.Fonts:
        return self.app.fonts

    @property
    def s(self) -> float:
        """The UI scale: multiply logical pixels by it."""
        return self.app.scale

    def px(self, logical: float) -> int:
        return round(logical * self.app.scale)

    # --- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.relayout()

    def exit(self) -> None:
        """Popped off the stack for good."""
        if self.manager is not None:
            self.manager.clear_and_reset()
        self._buttons.clear()

    def cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def uncover(self) -> None:
        """The scene on top was popped; this one is on top again."""

    def hidden_below(self) -> None:
        """An opaque scene was pushed above: this one is not drawn until it is uncovered, so its
        picture of itself (a window-sized surface) goes, and is drawn again when it shows."""
        self._layer = self._layer_key = None

    def drop_widgets(self) -> None:
        """Let the widgets go (``relayout`` makes them again): pygame_gui keeps every state of every
        button drawn, several pictures of each. The manager stays, empty: a new one for every return
        (its theme and fonts made again among a closed game's freed memory) pinned 4-6 MB of heap
        pages at a game chosen by chance."""
        if self.manager is not None:
            self.manager.clear_and_reset()
        self._buttons.clear()

    def relayout(self) -> None:
        self.size = self.app.view_size
        key = (round(self.app.scale, 3), self.pal.name)
        if self.manager is None or self._manager_key != key:
            self.manager = new_manager(self.size, self.app.scale, self.pal.name)
            self._manager_key = key
        else:
            self.manager.set_window_resolution(self.size)
            self.manager.clear_and_reset()
        self._buttons.clear()
        self.tips.clear()
        self.layout_version += 1
        self.layout_shell(self.size)
        self.layout(self.size)
        self.settle_widgets()  # the first frame shows every button, not only those drawn by then
        self.app.dirty = True

    def settle_widgets(self) -> None:
        """Draw every state of every widget now (pygame_gui draws one state per widget per frame,
        lazily: ~1 ms each, which otherwise lands in the first frames after a layout)."""
        if self.manager is None:
            return
        for element in self.manager.get_sprite_group().sprites():
            shape = getattr(element, "drawable_shape", None)
            queue = getattr(shape, "states_to_redraw_queue", None)
            if not queue:
                continue
            while queue:
                shape.redraw_state(queue.popleft())
            if getattr(shape, "need_to_clean_up", False):
                shape.clean_up_temp_shapes()
                shape.need_to_clean_up = False
        # the widgets take up their drawn pictures in an update: a scene pushed during the loop's
        # update turn is drawn before its own first update, and would show no buttons until then
        self.manager.update(0.0)

    def layout_shell(self, size: tuple[int, int]) -> None:
        """For base classes that frame their subclass's layout (TableScene)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Compute rects and create widgets for a window of ``size``."""

    # --- widgets -----------------------------------------------------------------------------
    def button(
        self,
        rect: pygame.Rect,
        text: str,
        on_press: Callable[[], None],
        kind: str | None = None,
        tooltip: str | None = None,
        enabled: bool = True,
    ) -> UIButton:
        """A themed button; ``kind`` is one of primary, accent, danger, small, toggle_on, ghost."""
        object_id = pygame_gui.core.ObjectID(object_id=f"#{kind}") if kind else None
        btn = UIButton(rect, text, self.manager, object_id=object_id)
        if not enabled:
            btn.disable()
        self._buttons.append((btn, on_press))
        if tooltip:
            self.tips.append((pygame.Rect(rect), tooltip))
        return btn

    def text_entry(self, rect: pygame.Rect, text: str = "", limit: int | None = None) -> UITextEntryLine:
        entry = UITextEntryLine(rect, self.manager, initial_text=text)
        if limit:
            entry.set_text_length_limit(limit)
        return entry

    def tip(self, rect: pygame.Rect, text: str) -> None:
        self.tips.append((pygame.Rect(rect), text))

    def toast_bottom(self) -> int | None:
        """Where toasts stand: above the buttons along the bottom of the screen, so that a message
        never covers a control (None: at the bottom of the window)."""
        h = getattr(self, "size", self.app.view_size)[1]
        low = [b.rect.top for b in self.buttons() if b.visible and b.rect.top > h * 0.6]
        return min(low) - self.px(8) if low else None

    def buttons(self) -> list[UIButton]:
        return [b for b, _cb in self._buttons]

    def find_button(self, text: str) -> UIButton | None:
        for b, _cb in self._buttons:
            if b.text == text:
                return b
        return None

    # --- events ------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Widgets first; what they do not take goes to ``handle_event``."""
        consumed = False
        if self.manager is not None:
            consumed = self.manager.process_events(event)
            for btn, callback in list(self._buttons):
                if pressed(btn):
                    consumed = True
                    self.app.sounds.play("button")
                    callback()
                    break
        if not consumed:
            self.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input the widgets did not take."""

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(dt)
        self.tweens.update()

    def animating(self) -> bool:
        """True while something moves: the app then ticks at 60 fps."""
        return self.tweens.active()

    def finish_animations(self) -> None:
        """Jump whatever moves to where it ends (a still picture: ``polar-table shot``)."""
        self.tweens.finish()

    def idle(self) -> None:
        """A turn of the loop that draws nothing (woken by ``wake_in``): time for work ahead of need."""

    def between_frames(self) -> None:
        """The end of every turn of the loop, after its frame is presented: the work whose result
        the next frame shows (a move's rules, its still picture) is done here, in the time the loop
        would sleep, so that the frame it lands in is presented on time."""

    def wake_in(self) -> float | None:
        """Seconds until this scene needs the loop again though nothing moves (None: never)."""
        if self.manager is not None:
            for element in self.manager.get_focus_set() or ():
                if isinstance(element, UITextEntryLine):
                    return 0.4  # the text cursor blinks
        return None

    # --- drawing -----------------------------------------------------------------------------
    def render(self, surface: pygame.Surface) -> None:
        key = self.static_key() if self.opaque else None
        if key is None:
            with self.fonts.listening(surface) as log:
                self.draw(surface)
            self.words = log.texts
        else:
            full = (key, surface.get_size(), self.layout_version, self.pal.name)
            if self._layer is None or self._layer_key != full:
                if self._layer is None or self._layer.get_size() != surface.get_size():
                    self._layer = pygame.Surface(surface.get_size())
                with self.fonts.listening(self._layer) as log:
                    self.draw(self._layer)
                self.words = log.texts
                self._layer_key = full
            surface.blit(self._layer, (0, 0))
        if self.manager is not None:
            self.manager.draw_ui(surface)
        with self.fonts.listening(surface) as log:
            self.draw_over(surface)
        self.words_over = log.texts

    # --- what is where (scenes/kit/placed.py) ---------------------------------------------------
    def placed(self) -> list[Placed]:
        """Everything this scene placed, as drawn in the last frame: its widgets, its words, what can
        be clicked (``click_targets``) and the areas it is made of (``areas``)."""
        out = self.controls() + self.words + self.words_over
        targets = getattr(self, "click_targets", None)
        if callable(targets):
            out += [Placed(tuple(r), TARGET, name) for name, r in targets().items()]
        out += [Placed(tuple(r), AREA, name) for name, r in self.areas().items() if r.w > 0 and r.h > 0]
        return out

    def controls(self) -> list[Placed]:
        """The widgets shown (buttons by their words; a text field, a slider), each whole."""
        if self.manager is None:
            return []
        out = []
        for element in self.manager.get_root_container().elements:
            if not element.visible or isinstance(element, UIContainer):  # a slider's inner parts
                continue
            name = getattr(element, "text", None) if isinstance(element, UIButton) else type(element).__name__
            out.append(Placed(tuple(element.rect), CONTROL, str(name)))
        return out

    def areas(self) -> dict[str, pygame.Rect]:
        """The parts this scene is made of, by name (a table and its log): see ``placed.AREA``."""
        return {}

    def scrolls(self) -> list[ScrollView]:
        """Its lists and pages that scroll, as they stand now."""
        return []

    def static_key(self) -> tuple | None:
        """For an opaque scene whose ``draw`` only changes with this key (and the layout): ``draw``
        is then rendered once into a cached layer and blitted. None: draw every frame."""
        return None

    def draw(self, surface: pygame.Surface) -> None:
        """Everything under the widgets."""
        surface.blit(style.background(surface.get_size(), self.pal), (0, 0))

    def draw_over(self, surface: pygame.Surface) -> None:
        """Everything over the widgets (tokens beside buttons, badges)."""

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        for rect, text in reversed(self.tips):
            if rect.collidepoint(pos):
                return text
        return self.hover_text(pos)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        return None

    # --- common drawing ----------------------------------------------------------------------
    def title(self, surface: pygame.Surface, text: str, y: int | None = None, subtitle: str | None = None) -> int:
        """A centred scene title with an aurora rule under it (smaller, then shortened, where it would
        reach the buttons in the top corners); returns the y below it."""
        w = surface.get_width()
        y = self.px(28) if y is None else y
        room = w - 2 * self.px(190)  # between the buttons in the top corners (Back, Rules)
        step = "h2" if self.fonts.font("h2", True).size(text)[0] <= room else "h3"
        text = self.fonts.fit(text, room, step, True)
        rect = style.blit_text(surface, self.fonts, text, (w // 2, y), step, self.pal.text, True, "midtop")
        rule = pygame.Rect(0, rect.bottom + self.px(6), min(rect.w, self.px(220)), max(2, self.px(3)))
        rule.centerx = w // 2
        style.aurora_rule(surface, rule, self.pal)
        bottom = rule.bottom + self.px(8)
        if subtitle:
            r = style.blit_text(
                surface, self.fonts, subtitle, (w // 2, bottom), "body", self.pal.text_dim, False, "midtop"
            )
            bottom = r.bottom + self.px(4)
        return bottom
