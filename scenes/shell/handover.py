"""Hot-seat privacy: "Pass to Ana" covers the whole table until Ana says she is ready, and tells
what the others did since Ana last acted (the log lines Ana may read)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from scenes.kit import style
from scenes.kit.seat_colours import seat_colour
from scenes.kit.theme import rect
from scenes.shell.scene import Scene

if TYPE_CHECKING:
    from scenes.shell.host import PlayedTable as TableScene


RECAP_LINES = 5
"""Most lines of "since your last turn" shown (the newest)."""


class HandoverScene(Scene):
    opaque = True  # nothing of the table shows through

    def __init__(self, app, table: TableScene, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.card = pygame.Rect(0, 0, 0, 0)

    @property
    def name(self) -> str:
        return self.table.match.name(self.seat)

    def recap(self) -> list[str]:
        """What the others did since this seat last acted, as this seat may read it (newest last)."""
        match = self.table.match
        log = match.visible_log(self.seat)
        last = max((i for i, e in enumerate(log) if e.actor == self.seat), default=-1)
        lines = [e.line(match.name(e.actor)) for e in log[last + 1 :]]
        return lines[-RECAP_LINES:]

    def ready(self) -> None:
        self.table.show_table_to(self.seat)
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        self.lines = self.recap()
        line_h = self.fonts.font("small").get_linesize()
        extra = (line_h * (len(self.lines) + 1) + round(16 * s)) if self.lines else 0
        cw = min(w - round(80 * s), round(620 * s))
        ch = min(h - round(40 * s), round(360 * s) + extra)
        self.card = pygame.Rect((w - cw) // 2, (h - ch) // 2, cw, ch)
        bw, bh = round(380 * s), round(62 * s)
        self.ready_button = self.button(
            rect(self.card.centerx - bw / 2, self.card.bottom - bh - round(32 * s), bw, bh),
            _("I am {name}: show my table").format(name=self.name),
            self.ready,
            "primary",
        )
        self.button(
            rect(w - round(150 * s), round(20 * s), 130 * s, 44 * s),
            _("Menu"),
            self.table.open_pause,
            None,
            _("Pause: undo, rules, settings, save and quit (Esc)"),
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.table.open_pause()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.ready()

    def static_key(self) -> tuple:
        return ()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, fonts, s = self.pal, self.fonts, self.s
        style.panel(surface, self.card, pal, round(24 * s), border=pal.violet, shadow=round(12 * s))
        colour = seat_colour(self.table.match.game.info, self.table.match.seats[self.seat].colour)
        r = round(30 * s)
        style.draw_player_token(surface, colour, (self.card.centerx, self.card.y + round(62 * s)), r)
        y = self.card.y + round(104 * s)
        t = style.blit_text(
            surface,
            fonts,
            _("Pass to {name}").format(name=self.name),
            (self.card.centerx, y),
            "h1",
            pal.text,
            True,
            "midtop",
        )
        t = style.blit_text(
            surface,
            fonts,
            _("Everyone else, please look away."),
            (self.card.centerx, t.bottom + round(8 * s)),
            "body",
            pal.text_dim,
            False,
            "midtop",
        )
        if self.lines:
            x, y = self.card.x + round(40 * s), t.bottom + round(18 * s)
            room = self.card.w - round(80 * s)
            line_h = fonts.font("small").get_linesize()
            style.blit_text(surface, fonts, _("Since your last turn:"), (x, y), "small", pal.green, True)
            for line in self.lines:
                y += line_h
                style.blit_text(surface, fonts, fonts.fit(line, room, "small"), (x, y), "small", pal.text)
