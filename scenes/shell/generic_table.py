"""The fallback table for any game without its own scene: the players, and the rules' prompt with
its choices and buttons as buttons (a decision that cannot be listed, like an aimed throw, gets a
button that tries a random one). It also serves the shell's tests."""

from __future__ import annotations

import pygame

from game.core.contract import Action
from game.core.i18n import _
from game.core.messages import text_of
from game.core.rng import Rng
from scenes.kit import style
from scenes.kit.theme import rect
from scenes.shell.table import TableScene


class GenericTable(TableScene):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.page = 0
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.action_buttons: list[tuple[pygame.Rect, Action]] = []

    def label(self, action: Action) -> str:
        try:
            return text_of(self.game.describe(self.visible_state, action))
        except Exception:  # noqa: BLE001
            return action.kind

    def offered(self) -> list[tuple[Action, str, bool]]:
        """(action, label, enabled) of every button the prompt offers the human who decides: its
        choices, its buttons, and a random try when the decision cannot be listed."""
        if not self.human_to_act or self.viewer != self.match.to_act:
            return []
        prompt = self.rules_prompt()
        out = [(c.action, text_of(c.label) or self.label(c.action), True) for c in prompt.choices]
        out += [(b.action, text_of(b.label) or b.name, b.enabled) for b in prompt.buttons]
        space = prompt.space
        if space is not None and not space.finite:
            try:
                action = space.sample(Rng.from_seed(self.match.bot_seed()))
            except Exception:  # noqa: BLE001 - a space that cannot draw: nothing to try
                return out
            out.append((action, _("Try a random move"), True))
        return out

    def scores(self) -> list[int] | None:
        try:
            return list(self.game.result(self.visible_state).scores)
        except Exception:  # noqa: BLE001 - not every game scores a running game
            return None

    def layout(self, size: tuple[int, int]) -> None:
        s = self.s
        t = self.table_rect
        pad = round(16 * s)
        seat_h = round(54 * s)
        self.players_rect = pygame.Rect(t.x, t.y, t.w, seat_h)
        self.actions_rect = pygame.Rect(
            t.x, self.players_rect.bottom + pad, t.w, t.bottom - self.players_rect.bottom - pad
        )
        self.action_buttons = []
        legal = self.offered()
        if not legal:
            self.page_label = None
            return
        inner = self.actions_rect.inflate(-pad * 2, -pad * 2)
        head = self.fonts.font("h3", True).get_linesize() + round(10 * s)
        bh, gap = round(48 * s), round(10 * s)
        cols = 2 if inner.w > round(560 * s) else 1
        rows = max(1, (inner.h - head - bh - gap) // (bh + gap))
        per_page = rows * cols
        pages = max(1, -(-len(legal) // per_page))
        self.page = min(self.page, pages - 1)
        bw = (inner.w - gap * (cols - 1)) // cols
        shown = legal[self.page * per_page : (self.page + 1) * per_page]
        label_font = self.fonts
        for i, (action, text, enabled) in enumerate(shown):
            r = rect(inner.x + (i % cols) * (bw + gap), inner.y + head + (i // cols) * (bh + gap), bw, bh)
            short = label_font.fit(text, bw - round(28 * s), "body", True)
            self.button(r, short, lambda a=action: self.submit(a), None, text if short != text else None, enabled)
            self.action_buttons.append((r, action))
        if pages > 1:
            y = inner.bottom - bh
            self.button(
                rect(inner.x, y, 150 * s, bh), _("Previous"), lambda: self.turn_page(-1), None, None, self.page > 0
            )
            self.button(
                rect(inner.right - 150 * s, y, 150 * s, bh),
                _("Next"),
                lambda: self.turn_page(1),
                None,
                None,
                self.page < pages - 1,
            )
            self.page_label = (
                inner.centerx,
                y + bh // 2,
                _("Page {n} of {total}").format(n=self.page + 1, total=pages),
            )
        else:
            self.page_label = None

    def turn_page(self, step: int) -> None:
        self.page += step
        self.relayout()

    def on_state_changed(self, action: Action | None) -> None:
        self.page = 0
        self.relayout()

    def show_table_to(self, seat: int) -> None:
        super().show_table_to(seat)
        self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        if self.players_rect.collidepoint(pos):
            return _("The players, in seat order; the token shows each one's colour and shape.")
        return None

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        m = self.match
        scores = self.scores()
        n = len(m.seats)
        cw = self.players_rect.w // max(1, n)
        fade = self.changed_fade()
        for i, seat in enumerate(m.seats):
            cell = pygame.Rect(
                self.players_rect.x + i * cw, self.players_rect.y, cw - round(8 * s), self.players_rect.h
            )
            active = m.to_act == i
            turn = m.turn_seat == i
            style.panel(
                surface,
                cell,
                pal,
                round(12 * s),
                fill=pal.panel_hi if active or turn else pal.panel,
                border=pal.green if active else None,
                shadow=round(4 * s),
            )
            r = round(11 * s)
            style.draw_player_token(surface, seat.colour, (cell.x + round(14 * s) + r, cell.centery), r)
            kind = _("bot") if seat.is_bot else _("human")
            name = fonts.fit(f"{seat.name} ({kind})", cell.w - round(100 * s), "body", True)
            style.blit_text(
                surface, fonts, name, (cell.x + round(24 * s) + r * 2, cell.centery), "body", pal.text, True, "midleft"
            )
            if scores is not None:
                style.blit_text(
                    surface,
                    fonts,
                    str(scores[i]),
                    (cell.right - round(14 * s), cell.centery),
                    "h3",
                    pal.green,
                    True,
                    "midright",
                )
        style.panel(surface, self.actions_rect, pal, round(16 * s), alpha=200, border=pal.line, shadow=0)
        pad = round(16 * s)
        heading = fonts.fit(self.prompt_text(), self.actions_rect.w - pad * 4, "h3", True)
        style.blit_text(
            surface, fonts, heading, (self.actions_rect.x + pad * 2, self.actions_rect.y + pad), "h3", pal.text, True
        )
        seen = m.visible_log(self.log_reader)
        if fade > 0.01 and seen:
            last = seen[-1]
            text = fonts.fit(f"{m.name(last.actor)}: {last.text}", self.actions_rect.w - pad * 4, "body")
            img = fonts.render(text, "body", pal.green)
            img.set_alpha(round(255 * fade))
            surface.blit(img, img.get_rect(bottomleft=(self.actions_rect.x + pad * 2, self.actions_rect.bottom - pad)))
        if getattr(self, "page_label", None):
            x, y, text = self.page_label
            style.blit_text(surface, fonts, text, (x, y), "small", pal.text_dim, False, "center")
