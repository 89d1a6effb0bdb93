"""The table's top bar: the game's name, whose turn it is and what they do (one sentence, with the
seat's token), dots while a bot thinks, and the bar's buttons at its right end. Drawn as one
picture, made again only when what it says changes: ahead of the frame (between frames, in a
window) or, in a busy frame, one frame later."""

from __future__ import annotations

import time

import pygame

from game.core import i18n
from game.core.i18n import _
from scenes.kit import style
from scenes.kit.seat_colours import seat_colour


class TopBar:
    """What ``TableScene`` draws of its top bar (``self.top_bar``, its rect), from its
    ``turn_text`` and ``bar_seat``."""

    def draw_top_bar(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """The bar: the game's name, whose turn it is and what they do, dots while a bot thinks.
        Drawn as one picture, made again when what it says changes (in a busy frame, one frame
        later). Returns what changed since the last frame drew it (all of it, the dots, or nothing)."""
        bar = self.top_bar
        thinking = self.bot_thinking()
        key = self._bar_key(surface.get_size())
        old = getattr(self, "_bar_pic", None)
        remade, self._bar_fresh = getattr(self, "_bar_fresh", False), False
        waited, self._bar_waited = getattr(self, "_bar_waited", False), False
        if old is None or old[0] != key:
            if old is not None and old[1].get_size() == bar.size and not waited and self.app.busy_frame():
                self._bar_waited = self.app.dirty = True  # the next frame makes it
            else:
                self._make_bar(key, surface.get_size())
                remade = True
        _key, picture, dots_x = self._bar_pic
        surface.blit(picture, bar)
        changed = [pygame.Rect(bar)] if remade or thinking != getattr(self, "_bar_thinking", False) else []
        self._bar_thinking = thinking
        if thinking:
            s, t = self.s, time.perf_counter()
            for i in range(3):
                a = 0.5 + 0.5 * abs(((t * 2.2 - i * 0.25) % 2) - 1)
                colour = self.pal.green.lerp(self.pal.night, 1 - a)
                dot = pygame.draw.circle(surface, colour, (dots_x + round((14 + i * 12) * s), bar.centery),
                                         round(3.5 * s))
                changed.append(dot)
        return changed

    def _bar_key(self, size: tuple[int, int]) -> tuple:
        return (tuple(self.top_bar), size, self.pal.name, round(self.s, 4), self.turn_text(), self.bar_seat(),
                self.game.info.name, i18n.language(), self.bar_right())

    def _make_bar(self, key: tuple, size: tuple[int, int]) -> None:
        with self.fonts.listening() as log:  # on the bar's picture, which stands at the top left
            self._bar_pic = (key, *self._bar_picture(size))
        self.bar_words = log.texts

    def prepare_top_bar(self, size: tuple[int, int]) -> None:
        """Make the bar's picture the next frame shows, ahead of it (between frames)."""
        key = self._bar_key(size)
        old = getattr(self, "_bar_pic", None)
        if old is None or old[0] != key:
            self._make_bar(key, size)
            self._bar_fresh = True

    def _bar_picture(self, size: tuple[int, int]) -> tuple[pygame.Surface, int]:
        """The bar as one opaque picture (its tint over its own patch of the background), and where
        the thinking dots go."""
        pal, fonts, s = self.pal, self.fonts, self.s
        bar = self.top_bar
        old = getattr(self, "_bar_pic", None)
        # the last picture is drawn again, not a new one made: it is no longer shown once this one is
        pic = old[1] if old is not None and old[1].get_size() == bar.size else pygame.Surface(bar.size)
        pic.blit(self._bar_base(size), (0, 0))
        pad, gap = round(18 * s), round(16 * s)
        seat = self.bar_seat()
        token_r = round(12 * s)
        token_w = token_r * 2 + round(10 * s) if seat is not None else 0
        full = self.turn_text()
        # the prompt stands between the game's name and the bar's buttons, never over either: the
        # name gives up room (down to a short stub) before the prompt is shortened
        right = self.bar_right() - gap
        body = fonts.font("body", True)
        title_room = max(round(bar.w * 0.12), min(round(bar.w * 0.3), right - gap - token_w - body.size(full)[0] - pad))
        name = fonts.fit(_(self.game.info.name), title_room, "body", True)
        style.blit_text(pic, fonts, name, (pad, bar.h // 2), "body", pal.text, True, "midleft")
        left = pad + body.size(name)[0] + gap
        room = max(1, right - left - token_w)
        step = "h3" if fonts.font("h3", True).size(full)[0] <= room else "body"
        shown = fonts.fit(full, room, step, True)
        text = fonts.render(shown, step, pal.text, True)
        total = text.get_width() + token_w
        x = min(max(bar.centerx - total // 2, left), max(left, right - total))
        self._bar_text = (pygame.Rect(x, bar.y, max(1, right - x), bar.h), full if shown != full else "")
        if seat is not None:
            style.draw_player_token(pic, seat_colour(self.game.info, self.match.seats[seat].colour),
                                    (x + token_r, bar.h // 2), token_r)
            x += token_w
        style.blit_text(pic, fonts, shown, (x, bar.h // 2), step, pal.text, True, "midleft")
        return pic, x + text.get_width()

    def _bar_base(self, size: tuple[int, int]) -> pygame.Surface:
        """The bar without its words: its tint over its patch of the background and the rule under
        it, made once per look (it took 1.7 ms of every remake at 2560x1440)."""
        pal, s, bar = self.pal, self.s, self.top_bar
        key = (tuple(bar), size, pal.name, round(s, 4))
        kept = getattr(self, "_bar_under", None)
        if kept is not None and kept[0] == key:
            return kept[1]
        base = pygame.Surface(bar.size)
        base.blit(style.background(size, pal), (0, 0), bar)
        tint = pygame.Surface(bar.size, pygame.SRCALPHA)
        tint.fill((*pal.night[:3], 230))
        base.blit(tint, (0, 0))
        style.aurora_rule(base, pygame.Rect(0, bar.h - max(2, round(2 * s)), bar.w, max(2, round(2 * s))), pal)
        self._bar_under = (key, base)
        return base

    def bar_right(self) -> int:
        """The left edge of the leftmost button shown in the top bar (the bar's right end with none)."""
        buttons = (getattr(self, n, None) for n in ("pause_button", "hint_button", "pass_button", "scores_button"))
        edges = [b.rect.left for b in buttons if b is not None and b.visible and b.rect.top < self.top_bar.bottom]
        return min(edges, default=self.top_bar.right)
