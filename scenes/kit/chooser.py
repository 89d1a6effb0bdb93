"""Clicks that go through the prompt, and the small chooser a table shows when a click could mean
several moves.

A click on a thing (``card:12``, ``location:1``, ``seat:2``: the names the rules' targets use) asks
the prompt which of its choices target that thing (``Prompt.targeted``): exactly one is played;
several open a chooser beside the click listing them by the rules' ``describe``; none shows the
rules' own sentence (``Game.why_not``; the prompt's sentence when the rules say nothing more). A
thing a table lets the player carry (a hand card) whose choices each need one more thing (where it
goes) is picked up instead: the next click, on that other thing, is asked with it as the focus.

``ClickThrough`` is the mixin every table scene takes it from; it only uses what every table has
(``rules_prompt``, ``submit``, ``game``, ``visible_state``, ``app``, ``fonts``, ``pal``, ``s``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.core.i18n import _
from game.core.messages import text_of
from game.core.prompt import Choice, Prompt
from scenes.kit import style

PLAYED, ASKED, PICKED, REFUSED = "played", "asked", "picked", "refused"
"""What a click on a thing came to."""

NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
               pygame.K_9)


def sentence(text: str) -> str:
    """A log line's fragment ("observes the walrus…") as a line of its own: its first letter up."""
    return text[:1].upper() + text[1:]


def carried(prompt: Prompt, thing: str) -> bool:
    """Whether a click picks ``thing`` up (where a table lets things be carried): some choices
    target it, and each of them targets something more, which the next click names."""
    choices = prompt.targeted(thing)
    return bool(choices) and all(set(c.targets) - {thing} for c in choices)


@dataclass
class Chooser:
    """The moves a click could mean, listed beside where it was made; one row each, numbered."""

    choices: tuple[Choice, ...]
    labels: tuple[str, ...]
    at: tuple[int, int]
    when: tuple
    """The table's moment it was opened for (its actions, its viewer): any other, and it is gone."""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    rows: list[pygame.Rect] = field(default_factory=list)
    hover: int | None = None
    _placed: tuple | None = None

    def place(self, fonts: style.Fonts, s: float, bounds: pygame.Rect) -> pygame.Rect:
        """Lay the chooser out beside ``at``, inside ``bounds``; its rect."""
        key = (fonts.scale, round(s, 4), tuple(bounds), self.labels)
        if key == self._placed:
            return self.rect
        self._placed = key
        pad, gap = round(12 * s), round(6 * s)
        body, small = fonts.font("body", True), fonts.font("small", True)
        row_h = body.get_linesize() + round(14 * s)
        title_h = small.get_linesize() + gap
        widest = max([body.size(f"{i + 1}  {t}")[0] for i, t in enumerate(self.labels)]
                     + [small.size(_("Which one?"))[0]])
        w = min(bounds.w, widest + pad * 2 + round(24 * s))
        h = min(bounds.h, pad * 2 + title_h + len(self.labels) * (row_h + gap) - gap)
        r = pygame.Rect(self.at[0] + round(10 * s), self.at[1] - h // 2, w, h)
        if r.right > bounds.right:
            r.right = self.at[0] - round(10 * s)
        self.rect = r.clamp(bounds)
        y = self.rect.y + pad + title_h
        self.rows = []
        for _label in self.labels:
            self.rows.append(pygame.Rect(self.rect.x + pad, y, self.rect.w - pad * 2, row_h))
            y += row_h + gap
        return self.rect

    def at_row(self, pos: tuple[int, int]) -> int | None:
        for i, row in enumerate(self.rows):
            if row.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, s: float) -> None:
        pad = round(12 * s)
        style.panel(surface, self.rect, pal, round(12 * s), fill=pal.panel_hi, border=pal.green, shadow=round(6 * s))
        style.blit_text(surface, fonts, _("Which one?"), (self.rect.x + pad, self.rect.y + pad), "small",
                        pal.text_dim, True)
        for i, (row, label) in enumerate(zip(self.rows, self.labels)):
            if row.bottom > self.rect.bottom:
                break
            lit = i == self.hover
            pygame.draw.rect(surface, pal.green if lit else pal.panel, row, border_radius=round(8 * s))
            colour = pal.text_dark if lit else pal.text
            text = fonts.fit(f"{i + 1}  {label}", row.w - round(20 * s), "body", True)
            style.blit_text(surface, fonts, text, (row.x + round(10 * s), row.centery), "body", colour, True,
                            "midleft")


class ClickThrough:
    """A table scene's clicks on things, through the prompt (a mixin; see the module's docstring)."""

    chooser: Chooser | None = None

    def click_thing(self, thing: str, focus: str | None = None, carry: bool = False,
                    at: tuple[int, int] | None = None) -> str:
        """A click on ``thing`` (with ``focus`` picked up before): play the one choice it means, ask
        which of several, pick it up (``carry``: when each of its choices also needs another thing)
        or say the rules' sentence. Returns what it came to: PLAYED, ASKED, PICKED or REFUSED."""
        self.close_chooser()
        prompt = self.rules_prompt()  # type: ignore[attr-defined]
        if carry and focus is None and carried(prompt, thing):
            return PICKED
        choices = prompt.targeted(thing, focus)
        if len(choices) == 1:
            return PLAYED if self.submit(choices[0].action) else REFUSED  # type: ignore[attr-defined]
        if choices:
            names = self.match.options.names  # type: ignore[attr-defined]
            labels = tuple(sentence(text_of(c.label, names=names) or c.action.kind) for c in choices)
            at = at or self.table_rect.center  # type: ignore[attr-defined]
            self.chooser = Chooser(choices, labels, at, self.chooser_moment())
            self.app.dirty = True  # type: ignore[attr-defined]
            return ASKED
        self.app.toast(self.refusal(thing, focus), "error")  # type: ignore[attr-defined]
        return REFUSED

    def refusal(self, thing: str, focus: str | None = None) -> str:
        """The rules' sentence for a click on ``thing`` no choice targets (or the prompt's own)."""
        m = self.match  # type: ignore[attr-defined]
        why = self.game.why_not(self.visible_state, thing, focus)  # type: ignore[attr-defined]
        if why is None:
            why = self.rules_prompt().text  # type: ignore[attr-defined]
        return text_of(why, player=m.name(m.to_act), names=m.options.names)

    def chooser_moment(self) -> tuple:
        return (len(self.match.history.actions), self.viewer)  # type: ignore[attr-defined]

    def open_chooser(self) -> Chooser | None:
        """The chooser, if open for the table as it is now (a move or another viewer closes it)."""
        if self.chooser is not None and self.chooser.when != self.chooser_moment():
            self.chooser = None
        return self.chooser

    def close_chooser(self) -> None:
        if self.chooser is not None:
            self.chooser = None
            self.app.dirty = True  # type: ignore[attr-defined]

    def chooser_area(self) -> pygame.Rect | None:
        """Where the chooser stands this frame (a table marks it drawn over), or None."""
        if self.open_chooser() is None:
            return None
        return self.chooser.place(self.fonts, self.s, self.table_rect)  # type: ignore[attr-defined]

    def choose(self, index: int) -> None:
        chooser, self.chooser = self.chooser, None
        self.app.dirty = True  # type: ignore[attr-defined]
        if chooser is not None and 0 <= index < len(chooser.choices):
            self.submit(chooser.choices[index].action)  # type: ignore[attr-defined]

    def dispatch(self, event: pygame.event.Event) -> None:
        """While the chooser is open it takes the clicks and the keys: a row plays its move, a number
        key too, Esc or a click elsewhere closes it."""
        chooser = self.open_chooser()
        if chooser is None:
            super().dispatch(event)  # type: ignore[misc]
            return
        if event.type == pygame.MOUSEMOTION:
            hover = chooser.at_row(event.pos)
            if hover != chooser.hover:
                chooser.hover = hover
                self.app.dirty = True  # type: ignore[attr-defined]
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            row = chooser.at_row(event.pos)
            if row is None:
                self.close_chooser()
            else:
                self.choose(row)
        elif event.type == pygame.KEYDOWN and event.key in NUMBER_KEYS:
            self.choose(NUMBER_KEYS.index(event.key))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close_chooser()
        elif event.type not in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.KEYUP):
            super().dispatch(event)  # type: ignore[misc]

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)  # type: ignore[misc]
        if self.chooser_area() is not None:
            self.chooser.draw(surface, self.fonts, self.pal, self.s)  # type: ignore[attr-defined]
