"""The prompt bar, fed by the rules' ``Game.prompt`` (game/core/prompt.py): its sentence wrapped to
fit its box, its choices and buttons as buttons (paged when many), and which targets to light.

boardgame.io's client is the model: the table renders the state and the prompt and sends the move
a click chose; it never decides what is legal."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from game.core import i18n
from game.core.i18n import _
from game.core.messages import text_of
from game.core.prompt import Prompt
from game.core.rng import Rng
from scenes.kit import style


@dataclass(frozen=True)
class Offer:
    action: Any
    label: str
    enabled: bool = True


def offers(prompt: Prompt, label: Callable[[Any], str], seed: int) -> list[Offer]:
    """Every button the prompt offers: its choices, its buttons, and a random try (drawn with
    ``seed``) when the decision cannot be listed (an aimed throw)."""
    out = [Offer(c.action, text_of(c.label) or label(c.action)) for c in prompt.choices]
    out += [Offer(b.action, text_of(b.label) or b.name, b.enabled) for b in prompt.buttons]
    space = prompt.space
    if space is not None and not space.finite:
        try:
            action = space.sample(Rng.from_seed(seed))
        except Exception:  # noqa: BLE001 - a space that cannot draw: nothing to try
            return out
        out.append(Offer(action, _("Try a random move")))
    return out


def lit(prompt: Prompt, focus: str | None = None, kind: str | None = None) -> set[str]:
    """The targets to light: with a ``focus`` (a thing picked up), the other targets of every choice
    that targets it; without, the targets of every choice; only those named ``kind:...`` (or exactly
    ``kind``) when ``kind`` is given."""
    out: set[str] = set()
    for choice in prompt.choices:
        if focus is not None and focus not in choice.targets:
            continue
        out.update(t for t in choice.targets if t != focus)
    if kind is not None:
        out = {t for t in out if t == kind or t.startswith(kind + ":")}
    return out


class PromptText:
    """The sentence wrapped to fit a box: in the first type step whose lines fit, and if even the
    last is too tall, its last line that fits ends with an ellipsis. Wrapped once per text and box."""

    def __init__(self, steps: tuple[str, ...] = ("body", "small")) -> None:
        self.steps = steps
        self._cache: tuple | None = None

    def lines(self, fonts: style.Fonts, text: str, r: pygame.Rect, pad: int) -> tuple[str, list[str]]:
        key = (text, tuple(r), fonts.scale, pad, i18n.language())
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        room = r.h - pad
        step = self.steps[0]
        for step in self.steps:
            lines = fonts.wrap(text, r.w - pad, step, True)
            if len(lines) * fonts.font(step, True).get_linesize() <= room:
                break
        else:
            fit = max(1, room // fonts.font(step, True).get_linesize())
            if len(lines) > fit:
                rest = " ".join(lines[fit - 1 :])
                lines = [*lines[: fit - 1], fonts.fit(rest, r.w - pad, step, True)]
        self._cache = (key, (step, lines))
        return step, lines

    def draw(self, surface: pygame.Surface, fonts: style.Fonts, text: str, r: pygame.Rect, pad: int,
             colour: pygame.Color) -> pygame.Rect:
        """The sentence in ``r``; returns the rect it drew in."""
        step, lines = self.lines(fonts, text, r, pad)
        line = fonts.font(step, True).get_linesize()
        y = r.y + pad
        for t in lines:
            style.blit_text(surface, fonts, t, (r.x, y), step, colour, True)
            y += line
        return pygame.Rect(r.x, r.y, r.w, y - r.y)


@dataclass
class Grid:
    """Offers laid out as a grid of buttons in pages."""

    buttons: list[tuple[pygame.Rect, Offer]]
    page: int
    pages: int
    pager: tuple[pygame.Rect, pygame.Rect] | None
    """The Previous and Next buttons' rects when there are pages."""


def grid(offered: Iterable[Offer], inner: pygame.Rect, head: int, page: int, s: float) -> Grid:
    """``offered`` in rows below a heading ``head`` high: two columns in a wide box, as many rows as
    fit above the pager, page ``page`` of them (clamped)."""
    offered = list(offered)
    bh, gap = round(48 * s), round(10 * s)
    cols = 2 if inner.w > round(560 * s) else 1
    rows = max(1, (inner.h - head - bh - gap) // (bh + gap))
    per_page = rows * cols
    pages = max(1, -(-len(offered) // per_page))
    page = max(0, min(page, pages - 1))
    bw = (inner.w - gap * (cols - 1)) // cols
    shown = offered[page * per_page : (page + 1) * per_page]
    buttons = [
        (pygame.Rect(inner.x + (i % cols) * (bw + gap), inner.y + head + (i // cols) * (bh + gap), bw, bh), o)
        for i, o in enumerate(shown)
    ]
    pager = None
    if pages > 1:
        w = round(150 * s)
        pager = (pygame.Rect(inner.x, inner.bottom - bh, w, bh), pygame.Rect(inner.right - w, inner.bottom - bh, w, bh))
    return Grid(buttons, page, pages, pager)
