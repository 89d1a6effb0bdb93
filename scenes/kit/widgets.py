"""Widgets drawn by the shell itself: toasts, tooltips and the log panel."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import pygame

from game.core import i18n
from game.core.i18n import _
from scenes.kit import style
from scenes.kit.seat_colours import seat_colour
from scenes.session.match import LogEntry, Match

TOAST_SECONDS = 3.2
FADE = 0.2


@dataclass
class Toast:
    text: str
    kind: str = "info"
    """info, error (coral) or success (green)."""
    born: float = field(default_factory=time.perf_counter)
    seconds: float = TOAST_SECONDS

    def alpha(self, now: float) -> float:
        age = now - self.born
        if age < FADE:
            return age / FADE
        if age > self.seconds - FADE:
            return max(0.0, (self.seconds - age) / FADE)
        return 1.0

    def alive(self, now: float) -> bool:
        return now - self.born < self.seconds

    def fading(self, now: float) -> bool:
        age = now - self.born
        return age < FADE or age > self.seconds - FADE


class Toasts:
    """Short messages stacked at the bottom centre; illegal moves show in coral."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, kind: str = "info", seconds: float = TOAST_SECONDS) -> Toast:
        # the same message again restarts it rather than stacking copies
        self.items = [t for t in self.items if t.text != text]
        toast = Toast(text, kind, seconds=seconds)
        self.items.append(toast)
        del self.items[:-3]
        return toast

    def prune(self, now: float | None = None) -> None:
        now = time.perf_counter() if now is None else now
        self.items = [t for t in self.items if t.alive(now)]

    def animating(self, now: float | None = None) -> bool:
        now = time.perf_counter() if now is None else now
        return any(t.fading(now) and t.alive(now) for t in self.items)

    def finish_fading_in(self, now: float | None = None) -> None:
        """Show every toast fully (a still picture); they still go when their time is up."""
        now = time.perf_counter() if now is None else now
        for toast in self.items:
            toast.born = min(toast.born, now - FADE)

    def wake_in(self, now: float | None = None) -> float | None:
        now = time.perf_counter() if now is None else now
        waits = [t.born + t.seconds - FADE - now for t in self.items if t.alive(now)]
        waits = [w for w in waits if w > 0]
        return min(waits) if waits else None

    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def draw(
        self, surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, scale: float, now: float | None = None
    ) -> None:
        for rect, layer in self.layers(surface.get_size(), fonts, pal, scale, now):
            surface.blit(layer, rect)

    def layers(
        self, size: tuple[int, int], fonts: style.Fonts, pal: style.Palette, scale: float, now: float | None = None,
        bottom: int | None = None,
    ) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """Each toast as it shows now: where, and its picture (faded in or out); stacked up from
        ``bottom`` (default: near the bottom of the window), so that they keep off the controls."""
        now = time.perf_counter() if now is None else now
        w, h = size
        y = h - round(28 * scale) if bottom is None else bottom
        out = []
        for toast in reversed(self.items):
            a = toast.alpha(now)
            if a <= 0:
                continue
            accent = {"error": pal.coral, "success": pal.green}.get(toast.kind, pal.violet)
            lines = fonts.wrap(toast.text, min(round(620 * scale), w - round(80 * scale)), "body", True)
            line_h = fonts.font("body", True).get_linesize()
            pad = round(14 * scale)
            tw = max(fonts.font("body", True).size(line)[0] for line in lines)
            rect = pygame.Rect(0, 0, tw + pad * 2 + round(10 * scale), line_h * len(lines) + pad * 2)
            rect.midbottom = (w // 2, round(y - (1 - a) * 16 * scale))
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = round(12 * scale)
            pygame.draw.rect(layer, (*pal.night[:3], 240), layer.get_rect(), border_radius=radius)
            pygame.draw.rect(layer, accent, layer.get_rect(), max(2, round(2 * scale)), border_radius=radius)
            pygame.draw.rect(
                layer,
                accent,
                pygame.Rect(0, 0, round(8 * scale), rect.h),
                border_top_left_radius=radius,
                border_bottom_left_radius=radius,
            )
            colour = accent if toast.kind == "error" else pal.text
            for i, line in enumerate(lines):
                img = fonts.render(line, "body", colour, True)
                layer.blit(img, (pad + round(10 * scale), pad + i * line_h))
            layer.set_alpha(round(255 * a))
            out.append((rect, layer))
            y = rect.top - round(10 * scale)
        return out


class Tooltip:
    """Hover text: shown after the pointer rests a moment over a registered rect."""

    DELAY = 0.35

    def __init__(self) -> None:
        self.pos: tuple[int, int] | None = None
        self.moved_at = 0.0
        self.text: str | None = None
        self._layer: tuple[tuple, pygame.Rect, pygame.Surface] | None = None

    def motion(self, pos: tuple[int, int], now: float | None = None) -> None:
        self.pos = pos
        self.moved_at = time.perf_counter() if now is None else now
        self.text = None

    def leave(self) -> None:
        self.pos = None
        self.text = None

    def due_in(self, now: float | None = None) -> float | None:
        if self.pos is None or self.text is not None:
            return None
        now = time.perf_counter() if now is None else now
        return max(0.0, self.moved_at + self.DELAY - now)

    def draw(self, surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, scale: float) -> None:
        shown = self.layer(surface.get_size(), fonts, pal, scale)
        if shown is not None:
            surface.blit(shown[1], shown[0])

    def layer(
        self, size: tuple[int, int], fonts: style.Fonts, pal: style.Palette, scale: float
    ) -> tuple[pygame.Rect, pygame.Surface] | None:
        """Where the tooltip shows and its picture (made once per text and place), or None."""
        if not self.text or self.pos is None:
            return None
        key = (self.text, self.pos, size, scale, pal.name)
        if self._layer is not None and self._layer[0] == key:
            return self._layer[1], self._layer[2]
        w, h = size
        pad = round(10 * scale)
        lines = fonts.wrap(self.text, round(360 * scale), "small")
        line_h = fonts.font("small").get_linesize()
        tw = max(fonts.font("small").size(line)[0] for line in lines)
        rect = pygame.Rect(
            self.pos[0] + round(16 * scale),
            self.pos[1] + round(18 * scale),
            tw + pad * 2,
            line_h * len(lines) + pad * 2,
        )
        if rect.right > w - 4:
            rect.right = self.pos[0] - round(8 * scale)
        if rect.bottom > h - 4:
            rect.bottom = self.pos[1] - round(8 * scale)
        rect.clamp_ip(pygame.Rect(0, 0, w, h))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        box = layer.get_rect()
        pygame.draw.rect(layer, pal.ice, box, border_radius=round(8 * scale))
        pygame.draw.rect(layer, pal.violet, box, max(1, round(2 * scale)), border_radius=round(8 * scale))
        for i, line in enumerate(lines):
            layer.blit(fonts.render(line, "small", pal.text_dark), (pad, pad + i * line_h))
        self._layer = (key, rect, layer)
        return rect, layer


class LogPanel:
    """The log of what happened: newest at the bottom, each line with the actor's colour and shape.
    Scrolls with the wheel.

    Drawn from three caches, so a new line costs a few text blits and not a re-wrap of the log:
    the panel's frame (the background patch under it, the rounded panel and the heading, opaque so
    it blits without blending), the wrapped lines of each entry (keyed by text, width and font
    size; only the entries that are shown are wrapped) and the finished picture, re-made only when
    the log, the scroll or the look changes."""

    WRAP_LIMIT = 600

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        """Lines scrolled up from the newest."""
        self._cache: pygame.Surface | None = None
        self._key: tuple | None = None
        self._frame: pygame.Surface | None = None
        self._frame_key: tuple | None = None
        self._top = 0
        self._wraps: dict[tuple[str, int, int], list[str]] = {}
        self.wraps_made = 0
        """How many times an entry was wrapped (cache misses), for tests and the bench."""
        self.owed = False
        """A new picture waited for the next frame."""
        self._shown: tuple | None = None
        """(surface, picture, rect) of the last blit: a frame that continues it need not blit again."""
        self._fresh = False
        """``prepare`` made a new picture: the next draw shows it, and says it changed."""
        self.blits = 0
        """How many times the picture was blitted (for tests)."""

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._key = None

    def handle_wheel(self, pos: tuple[int, int], dy: int) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        self.scroll = max(0, self.scroll + dy)
        self._key = None
        return True

    def wrapped(self, text: str, width: int, fonts: style.Fonts) -> list[str]:
        """``text`` wrapped to ``width`` in the small type: wrapped once, then read from the cache."""
        key = (text, width, fonts.px("small"))
        lines = self._wraps.get(key)
        if lines is None:
            lines = fonts.wrap(text, width, "small")
            self._wraps[key] = lines
            self.wraps_made += 1
        return lines

    def _lines(
        self, match: Match, log: list[LogEntry], fonts: style.Fonts, width: int, need: int
    ) -> tuple[list[tuple[LogEntry, str, bool]], bool]:
        """The last lines of ``log`` (at least ``need`` of them when there are so many), oldest first,
        and whether they reach back to the oldest entry shown (the last 200)."""
        chunks: list[list[tuple[LogEntry, str, bool]]] = []
        count = 0
        entries = log[-200:]
        for entry in reversed(entries):
            text = entry.line(match.name(entry.actor))
            chunk = [(entry, line, i == 0) for i, line in enumerate(self.wrapped(text, width, fonts))]
            chunks.append(chunk)
            count += len(chunk)
            if count >= need:
                break
        complete = len(chunks) == len(entries)
        return [line for chunk in reversed(chunks) for line in chunk], complete

    def draw(
        self,
        surface: pygame.Surface,
        match: Match,
        fonts: style.Fonts,
        pal: style.Palette,
        scale: float,
        reader: int | None = None,
        may_wait: bool = False,
        held_from: int | None = None,
        continues: bool = False,
    ) -> bool:
        """The log as ``reader`` may read it (None: only the lines every seat may read); whether its
        picture changed since the last time it was drawn. With ``may_wait`` (a busy frame), a new
        line waits for the next call (which then draws it whatever it is told). ``held_from``: the
        lines of that action and after are held back (its move is still playing on the table).
        ``continues``: this frame continues the last one on the same surface (nothing drew over the
        log since), so a picture that did not change is not blitted again."""
        if self.rect.w <= 0 or self.rect.h <= 0:
            return False
        size = surface.get_size()
        key = self._key_for(size, match, reader, held_from, pal, scale)
        stale = self._cache is None or key != self._key
        if stale and may_wait and not self.owed and self._cache is not None \
                and self._cache.get_size() == self.rect.size:
            self.owed = True
            stale = False
        elif stale:
            self._remake(key, size, match, fonts, pal, scale, reader, held_from)
        changed, self._fresh = stale or self._fresh, False
        shown = (surface, self._cache, tuple(self.rect))
        if changed or not continues or self._shown != shown:
            surface.blit(self._cache, self.rect.topleft)
            self.blits += 1
        self._shown = shown
        return changed

    def prepare(self, size: tuple[int, int], match: Match, fonts: style.Fonts, pal: style.Palette, scale: float,
                reader: int | None = None, held_from: int | None = None) -> None:
        """Make the picture the next ``draw`` shows, ahead of it (between frames): that draw blits it."""
        if self.rect.w <= 0 or self.rect.h <= 0:
            return
        key = self._key_for(size, match, reader, held_from, pal, scale)
        if self._cache is None or key != self._key:
            self._remake(key, size, match, fonts, pal, scale, reader, held_from)
            self._fresh = True

    def _key_for(self, size: tuple[int, int], match: Match, reader: int | None, held_from: int | None,
                 pal: style.Palette, scale: float) -> tuple:
        return (tuple(self.rect), size, len(match.log), match.log[-1] if match.log else None, reader, held_from,
                self.scroll, pal.name, round(scale, 3), i18n.language())

    def _remake(self, key: tuple, size: tuple[int, int], match: Match, fonts: style.Fonts, pal: style.Palette,
                scale: float, reader: int | None, held_from: int | None) -> None:
        self.owed = False
        lines = [e for e in match.visible_log(reader) if held_from is None or e.index < held_from]
        self._cache = self._render(size, match, lines, fonts, pal, scale)
        self._key = key

    def _frame_for(self, size: tuple[int, int], fonts: style.Fonts, pal: style.Palette, scale: float) -> pygame.Surface:
        """The panel without its lines, over its own patch of the background (so it is opaque)."""
        heading = _("Log")
        key = (tuple(self.rect), size, pal.name, round(scale, 3), heading)
        if self._frame is not None and self._frame_key == key:
            return self._frame
        frame = pygame.Surface(self.rect.size)
        frame.blit(style.background(size, pal), (0, 0), self.rect)
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        radius = round(14 * scale)
        pygame.draw.rect(panel, (*pal.night[:3], 215), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(panel, pal.line, panel.get_rect(), max(1, round(2 * scale)), border_radius=radius)
        frame.blit(panel, (0, 0))
        pad = round(12 * scale)
        head = fonts.render(heading, "body", pal.text, True)
        frame.blit(head, (pad, pad))
        self._top = pad + head.get_height() + round(6 * scale)
        rule_y = self._top - round(3 * scale)
        pygame.draw.line(frame, pal.line, (pad, rule_y), (self.rect.w - pad, rule_y))
        self._frame, self._frame_key = frame, key
        return frame

    def _render(
        self,
        size: tuple[int, int],
        match: Match,
        log: list[LogEntry],
        fonts: style.Fonts,
        pal: style.Palette,
        scale: float,
    ) -> pygame.Surface:
        frame = self._frame_for(size, fonts, pal, scale)
        surf = self._cache if self._cache is not None and self._cache.get_size() == frame.get_size() else None
        if surf is None:
            surf = pygame.Surface(frame.get_size())
        surf.blit(frame, (0, 0))
        pad = round(12 * scale)
        top = self._top
        token_w = round(22 * scale)
        line_h = fonts.font("small").get_linesize()
        fit = max(1, (self.rect.h - top - pad) // line_h)
        lines, complete = self._lines(match, log, fonts, self.rect.w - pad * 2 - token_w, self.scroll + fit)
        if complete:
            self.scroll = min(self.scroll, max(0, len(lines) - fit))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - fit) : end]
        while len(shown) > 1 and not shown[0][2]:
            shown = shown[1:]  # start at the beginning of an entry, not mid-sentence
        if not lines:
            surf.blit(fonts.render(_("Nothing has happened yet."), "small", pal.text_dim), (pad, top))
        newest = log[-1] if log else None
        for i, (entry, line, first) in enumerate(shown):
            y = top + i * line_h
            if first and entry.actor is not None:
                token = seat_colour(match.game.info, match.seats[entry.actor].colour)
                style.draw_player_token(surf, token, (pad + token_w // 2 - 2, y + line_h // 2), line_h * 0.32)
            latest = newest is not None and (entry is newest or (entry.index >= 0 and entry.index == newest.index))
            colour = pal.text if latest else pal.text_dim
            surf.blit(fonts.render(line, "small", colour), (pad + token_w, y))
        if self.scroll:
            more = fonts.render(_("▼ newer"), "small", pal.green)
            surf.blit(more, more.get_rect(bottomright=(self.rect.w - pad, self.rect.h - round(4 * scale))))
        if len(self._wraps) > self.WRAP_LIMIT:
            self._wraps.clear()  # a long game: start again from the lines shown next time
        return surf
