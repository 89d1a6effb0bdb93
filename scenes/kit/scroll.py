"""Scrolling a long page or list: how far each key moves it, and a ``Scroller`` that keeps a list's
place, moves it with the wheel, the keys and its bar, and draws the bar."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.core.i18n import _
from scenes.kit import style
from scenes.kit.placed import ScrollView


def key_scroll(key: int, page: int, line: int | None = None) -> float | None:
    """How far ``key`` scrolls (in pixels; -inf for Home, +inf for End): a page for Page Up and
    Down and Space, a ``line`` for the arrows when they scroll (None: the arrows do something else).
    None when the key does not scroll."""
    moves: dict[int, float] = {pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page,
                               pygame.K_HOME: -math.inf, pygame.K_END: math.inf}
    if line is not None:
        moves.update({pygame.K_DOWN: line, pygame.K_UP: -line})
    return moves.get(key)


def clamp_scroll(y: float, most: int) -> int:
    """``y`` within 0 and ``most``."""
    return int(max(0, min(most, y)))


def bar_rects(view: pygame.Rect, offset: int, most: int, content: int, s: float) -> tuple[pygame.Rect, pygame.Rect]:
    """The track of a scroll bar along the right edge of ``view``, and its thumb (as long as the view
    is of the content, as far down as the view is scrolled)."""
    track = pygame.Rect(view.right - round(10 * s), view.y + round(12 * s), max(2, round(5 * s)),
                        max(1, view.h - round(24 * s)))
    th = min(track.h, max(round(30 * s), track.h * view.h // max(1, content)))
    ty = track.y + (track.h - th) * offset // max(1, most)
    return track, pygame.Rect(track.x, ty, track.w, th)


def draw_bar(surface: pygame.Surface, view: pygame.Rect, offset: int, most: int, content: int,
             colours: tuple[pygame.Color, pygame.Color], s: float) -> None:
    """A scroll bar: its track and thumb (``colours``) along the right edge of ``view``."""
    track, thumb = bar_rects(view, offset, most, content, s)
    pygame.draw.rect(surface, colours[0], track, border_radius=track.w)
    pygame.draw.rect(surface, colours[1], thumb, border_radius=track.w)


class Scroller:
    """A list taller than its view: how far it is scrolled, what shows, and the input that moves it
    (the wheel over the view, Page Up and Down, Home and End, the arrows, a click on its bar).

    With ``stops`` (where its rows begin, in the list's own pixels) it rests only at a row's top, and
    its far end shows the last row whole: a row of buttons is either shown whole or left out."""

    def __init__(self, on_move: Callable[[], None] | None = None) -> None:
        self.on_move = on_move
        """Called when the list moves (a screen whose rows are widgets lays itself out again)."""
        self.view = pygame.Rect(0, 0, 0, 0)
        """Where the list shows, in window coordinates."""
        self.content = 0
        """How tall the whole list is."""
        self.offset = 0
        """How far it is scrolled: the list's pixel at the top of the view."""
        self.stops: tuple[int, ...] = ()

    def set(self, view: pygame.Rect, content: int, stops: Sequence[int] = ()) -> None:
        """The list's view and height (after a layout): its place is kept as far as it still goes."""
        self.view = pygame.Rect(view)
        self.content = max(0, int(content))
        self.stops = tuple(sorted({int(y) for y in stops if y >= 0} | ({0} if stops else set())))
        self.offset = self._rest(min(self.offset, self.most))

    @property
    def most(self) -> int:
        """How far it scrolls at most (0: it all shows)."""
        far = max(0, self.content - self.view.h)
        if not far or not self.stops:
            return far
        return next((y for y in self.stops if y >= far), far)

    def _rest(self, y: float) -> int:
        """The place at or above ``y`` where the list may rest."""
        y = clamp_scroll(y, self.most)
        if not self.stops or y == self.most:
            return y
        return max(stop for stop in self.stops if stop <= y)

    def scroll_to(self, y: float) -> bool:
        """Scroll to ``y`` (or the nearest place above it where the list rests); whether it moved."""
        old, self.offset = self.offset, self._rest(y)
        if self.offset != old and self.on_move is not None:
            self.on_move()
        return self.offset != old

    def scroll_by(self, delta: float) -> bool:
        """Scroll ``delta`` pixels down (up when negative); a list of rows moves by one row at least."""
        if not self.stops or math.isinf(delta):
            return self.scroll_to(self.offset + delta)
        places = sorted({y for y in self.stops if y <= self.most} | {self.most})
        if delta > 0:
            ahead = [y for y in places if y > self.offset]
            within = [y for y in ahead if y <= self.offset + delta]
            return bool(ahead) and self.scroll_to(within[-1] if within else ahead[0])
        behind = [y for y in places if y < self.offset]
        within = [y for y in behind if y >= self.offset + delta]
        return bool(behind) and self.scroll_to(within[0] if within else behind[-1])

    def shows(self, top: int, height: int) -> bool:
        """Whether the list's rows from ``top`` (its own pixels), ``height`` tall, show whole."""
        return self.offset <= top and top + height <= self.offset + self.view.h

    def on_screen(self, y: int) -> int:
        """Where the list's pixel ``y`` is in the window."""
        return self.view.y + y - self.offset

    def handle(self, event: pygame.event.Event, pointer: tuple[int, int], line: int, s: float,
               keys: bool = True) -> bool:
        """Scroll for ``event`` if it is the wheel over the view (``pointer``: where the pointer is),
        a scrolling key (unless ``keys`` is False: a text field has them), or a click on the bar (a
        page towards the click); whether it moved. ``line``: a wheel's notch and an arrow's step."""
        if not self.most:
            return False
        page = max(line, self.view.h - line)
        if event.type == pygame.MOUSEWHEEL and self.view.collidepoint(pointer):
            return self.scroll_by(-event.y * line)
        if event.type == pygame.KEYDOWN and keys:
            delta = key_scroll(event.key, page, line)
            return delta is not None and self.scroll_by(delta)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            strip = pygame.Rect(self.view.right - round(24 * s), self.view.y, round(24 * s), self.view.h)
            if strip.collidepoint(event.pos):
                thumb = bar_rects(self.view, self.offset, self.most, self.content, s)[1]
                return self.scroll_by(page if event.pos[1] > thumb.centery else -page)
        return False

    def draw_bar(self, surface: pygame.Surface, colours: tuple[pygame.Color, pygame.Color], s: float) -> None:
        """The bar along the view's right edge, when the list scrolls."""
        if self.most:
            draw_bar(surface, self.view, self.offset, self.most, self.content, colours, s)

    def draw_cue(self, surface: pygame.Surface, fonts: style.Fonts, colour: pygame.Color,
                 midbottom: tuple[int, int]) -> None:
        """Words under the view saying that more is below (or, at the end, above), with an arrow."""
        if not self.most:
            return
        down = self.offset < self.most
        words = _("More below: scroll down") if down else _("More above: scroll up")
        r = style.blit_text(surface, fonts, words, midbottom, "small", colour, True, "midbottom")
        a = r.h // 4
        cx, cy = r.x - a * 2, r.centery
        tip, back = (cy + a, cy - a) if down else (cy - a, cy + a)
        pygame.draw.polygon(surface, colour, [(cx - a, back), (cx + a, back), (cx, tip)])

    def state(self) -> ScrollView:
        return ScrollView(tuple(self.view), self.offset, self.most, self.scroll_to)
