"""The end screen: who won and the score breakdown (Result.terms × players); play again or menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from scenes import style
from scenes.scene import Scene
from scenes.theme import rect

if TYPE_CHECKING:
    from scenes.table import TableScene


def winners_line(names: list[str]) -> str:
    if len(names) == 1:
        return _("{name} wins!").format(name=names[0])
    return _("{names} and {last} share the win!").format(names=", ".join(names[:-1]), last=names[-1])


class EndScene(Scene):
    opaque = False
    dim_below = 170

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.result = table.match.result()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)

    def play_again(self) -> None:
        from scenes.tables import table_scene_for

        match = self.table.match.rematch()
        self.app.pop()
        self.app.replace(table_scene_for(match.game.info.id)(self.app, match))

    def menu(self) -> None:
        from scenes.menu import MenuScene

        self.app.pop_to(MenuScene)

    def rows(self) -> list[tuple[str, list[int]]]:
        """Every term's row, then the total."""
        r = self.result
        out = [(_(t.label), [r.breakdown[p].get(t.key, 0) for p in range(len(r.scores))]) for t in r.terms]
        out.append((_("Total"), list(r.scores)))
        return out

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        players = len(self.result.scores)
        rows = len(self.result.terms) + 1
        self.row_h = min(
            round(36 * s), max(self.fonts.font("body").get_linesize(), (h - round(300 * s)) // max(1, rows + 1))
        )
        self.label_w = round(260 * s)
        self.col_w = min(round(150 * s), (w - round(140 * s) - self.label_w) // max(1, players))
        gw = self.label_w + self.col_w * players
        gh = self.row_h * (rows + 1) + round(14 * s)
        cw = gw + round(64 * s)
        ch = gh + round(220 * s)
        self.card = pygame.Rect((w - cw) // 2, max(round(10 * s), (h - ch) // 2), cw, ch)
        self.grid = pygame.Rect(self.card.x + round(32 * s), self.card.y + round(110 * s), gw, gh)
        bw, bh, gap = round(220 * s), round(56 * s), round(20 * s)
        y = self.card.bottom - bh - round(24 * s)
        self.again_button = self.button(
            rect(self.card.centerx - bw - gap / 2, y, bw, bh), _("Play again"), self.play_again, "primary"
        )
        self.menu_button = self.button(rect(self.card.centerx + gap / 2, y, bw, bh), _("Menu"), self.menu)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        match = self.table.match
        style.panel(surface, self.card, pal, round(24 * s), border=pal.green, shadow=round(12 * s))
        names = [match.name(p) for p in self.result.winners]
        style.blit_text(
            surface,
            fonts,
            winners_line(names),
            (self.card.centerx, self.card.y + round(22 * s)),
            "h2",
            pal.text,
            True,
            "midtop",
        )
        sub = _("Final scores") if self.result.final else _("Scores so far")
        style.blit_text(
            surface, fonts, sub, (self.card.centerx, self.card.y + round(70 * s)), "body", pal.text_dim, False, "midtop"
        )
        g = self.grid
        winners = set(self.result.winners)
        # winner columns highlighted
        for p in range(len(self.result.scores)):
            col = pygame.Rect(g.x + self.label_w + p * self.col_w, g.y, self.col_w, g.h)
            if p in winners:
                hi = pygame.Surface(col.size, pygame.SRCALPHA)
                pygame.draw.rect(hi, (*pal.green[:3], 45), hi.get_rect(), border_radius=round(10 * s))
                pygame.draw.rect(hi, pal.green, hi.get_rect(), max(2, round(2 * s)), border_radius=round(10 * s))
                surface.blit(hi, col)
            cx = col.centerx
            seat = match.seats[p]
            r = round(9 * s)
            name = fonts.fit(seat.name, self.col_w - r * 2 - round(16 * s), "body", True)
            img = fonts.render(name, "body", pal.text, True)
            total = r * 2 + round(6 * s) + img.get_width()
            x = cx - total // 2
            cy = g.y + self.row_h // 2 + round(4 * s)
            style.draw_player_token(surface, seat.colour, (x + r, cy), r)
            surface.blit(img, img.get_rect(midleft=(x + r * 2 + round(6 * s), cy)))
        rows = self.rows()
        for i, (label, values) in enumerate(rows):
            y = g.y + self.row_h * (i + 1) + round(8 * s)
            is_total = i == len(rows) - 1
            if is_total:
                pygame.draw.line(
                    surface, pal.line, (g.x, y - round(3 * s)), (g.right, y - round(3 * s)), max(1, round(2 * s))
                )
            elif i % 2 == 0:
                band = pygame.Surface((g.w, self.row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 10))
                surface.blit(band, (g.x, y))
            style.blit_text(
                surface,
                fonts,
                fonts.fit(label, self.label_w - round(10 * s), "body", is_total),
                (g.x + round(8 * s), y + self.row_h // 2),
                "body",
                pal.text if is_total else pal.text_dim,
                is_total,
                "midleft",
            )
            for p, value in enumerate(values):
                cx = g.x + self.label_w + p * self.col_w + self.col_w // 2
                colour = pal.green if (is_total and p in winners) else pal.text
                style.blit_text(
                    surface,
                    fonts,
                    str(value),
                    (cx, y + self.row_h // 2),
                    "h3" if is_total else "body",
                    colour,
                    is_total,
                    "center",
                )
