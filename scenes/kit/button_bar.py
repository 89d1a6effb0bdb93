"""The buttons of a prompt (game/core/prompt.py ``Button``: Keep, Confirm, Regroup, Pass...) as the
table's buttons: each shown while the rules offer it to the seat at the screen, pressed into its
action, labelled with the rules' words or the table's own (the longest that fits), in a place the
table names. A table may add buttons of its own (Cancel) and keep a rules button in sight, disabled,
in the frame where it belongs but is not offered yet (Redraw, before any card is marked)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.core.messages import text_of
from game.core.prompt import Prompt


@dataclass
class Spec:
    name: str
    """The rules button's name (the action's kind), or the table's own name for its own buttons."""
    place: str
    """Which of the table's rects it takes."""
    frame: str | None = None
    """Only in this prompt frame (None: in any)."""
    kind: str | None = None
    """The button's look (primary, accent...)."""
    tip: str | None = None
    labels: Callable[[], list[str]] | None = None
    """The table's words for it, longest first (the first that fits is shown); default the rules'."""
    keep_in_sight: bool = False
    """Shown, disabled, in its frame while the rules do not offer it."""
    press: Callable[[Any], None] | None = None
    """What a press does with the rules' action (None for the table's own); default ``submit``."""
    own: Callable[[], bool] | None = None
    """For the table's own buttons: whether it shows now."""
    widget: Any = field(default=None, repr=False)


class ButtonBar:
    def __init__(self, scene: Any, specs: list[Spec], places: dict[str, pygame.Rect],
                 fits: Callable[[Any, str], bool] | None = None) -> None:
        self.scene = scene
        self.specs = specs
        self.fits = fits or self.fits_body
        self.offered: dict[str, Any] = {}
        for spec in specs:
            spec.widget = scene.button(places[spec.place], self._label(spec, None) or spec.name,
                                       lambda spec=spec: self.pressed(spec), spec.kind)
            spec.widget.hide()

    def _label(self, spec: Spec, rules: str | None) -> str:
        texts = spec.labels() if spec.labels is not None else []
        if rules:
            texts = texts or [rules]
        if spec.widget is None:
            return texts[-1] if texts else ""
        return next((t for t in texts if self.fits(spec.widget, t)), texts[-1] if texts else spec.widget.text)

    def fits_body(self, btn: Any, text: str) -> bool:
        """Whether ``text`` fits on ``btn`` in the buttons' type, the bold body size."""
        return self.scene.fonts.font("body", True).size(text)[0] + self.scene.px(24) <= btn.rect.w

    def tips(self) -> list[tuple[Any, str]]:
        return [(spec.widget, spec.tip) for spec in self.specs if spec.tip]

    def sync(self, prompt: Prompt | None) -> None:
        """Show what ``prompt`` (the rules' prompt to the seat at the screen; None: nobody's turn
        here) offers and the table's own buttons that apply; hide the rest."""
        frame = prompt.frame if prompt is not None else None
        offered = {b.name: b for b in prompt.buttons} if prompt is not None else {}
        self.offered = {name: b.action for name, b in offered.items() if b.enabled}
        for spec in self.specs:
            if spec.frame is not None and spec.frame != frame:
                show, enabled, label = False, False, None
            elif spec.own is not None:
                show, enabled, label = prompt is not None and spec.own(), True, None
            else:
                button = offered.get(spec.name)
                show = button is not None or (spec.keep_in_sight and prompt is not None)
                enabled = button is not None and button.enabled
                label = text_of(button.label) if button is not None else None
            w = spec.widget
            if show != w.visible:
                w.show() if show else w.hide()
            if show:
                text = self._label(spec, label)
                if text and w.text != text:
                    w.set_text(text)
                if enabled != w.is_enabled:
                    w.enable() if enabled else w.disable()

    def pressed(self, spec: Spec) -> None:
        if spec.own is not None:
            if spec.press is not None:
                spec.press(None)
            return
        action = self.offered.get(spec.name)
        if action is None:
            return
        (spec.press or self.scene.submit)(action)

    def shown_for(self, kind: str) -> pygame.Rect | None:
        """The rect of the button shown now for the rules' action ``kind`` (a hint lights it)."""
        for spec in self.specs:
            if spec.own is None and spec.name == kind and spec.widget.visible:
                return pygame.Rect(spec.widget.rect)
        return None

    def visible(self) -> bool:
        return any(spec.widget.visible for spec in self.specs)

    def __getitem__(self, name: str) -> Any:
        """The widget of the spec named ``name`` (``frame/name`` where a name is in two frames)."""
        for spec in self.specs:
            if name in (spec.name, f"{spec.frame}/{spec.name}"):
                return spec.widget
        raise KeyError(name)
