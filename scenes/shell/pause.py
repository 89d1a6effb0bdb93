"""The pause menu (Esc): resume, undo, rules, settings (bot speed, sound...; Back returns here), save
and quit. Once the game is over there is nothing to save or undo: back to the table, the scores
again, rules, settings, back to the menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from scenes.kit import style
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.shell.scene import Scene

if TYPE_CHECKING:
    from scenes.shell.host import PlayedTable


class PauseScene(Scene):
    opaque = False
    dim_below = 160

    def __init__(self, app, table: PlayedTable) -> None:
        super().__init__(app)
        self.table = table
        self.card = pygame.Rect(0, 0, 0, 0)

    def resume(self) -> None:
        self.app.pop()

    def undo(self) -> None:
        if self.table.undo():
            self.app.pop()

    def rules(self) -> None:
        from scenes.shell.rules import RulesScene

        self.app.push(RulesScene(self.app, self.table.game.info.id))

    def settings(self) -> None:
        """Settings over the game; its Back comes back to this menu."""
        from scenes.shell.settings_menu import SettingsScene

        self.app.push(SettingsScene(self.app))

    def scores(self) -> None:
        """The final scores again (the end screen), over the table."""
        self.app.pop()
        self.table.reopen_scores()

    def save_and_quit(self) -> None:
        if not self.table.match.is_over():
            persist.autosave(self.table.match)
        self.app.back_to_menu()

    def items(self) -> list[tuple[str, Callable[[], None], str | None, bool, str | None]]:
        """(words, press, look, enabled, tip) of each button, top to bottom."""
        rules = (_("Rules"), self.rules, None, True, None)
        settings = (_("Settings"), self.settings, None, True, _("Bot speed, sound, text size, language…"))
        if self.table.match.is_over():
            return [
                (_("Back to the table"), self.resume, "primary", True, None),
                (_("Scores"), self.scores, None, True, _("The final scores again.")),
                rules,
                settings,
                (_("Back to the menu"), self.app.back_to_menu, None, True, None),
            ]
        return [
            (_("Resume"), self.resume, "primary", True, None),
            (
                _("Undo"),
                self.undo,
                None,
                self.table.match.can_undo(),
                _(
                    "Take back your last move. Not possible once something hidden or random was revealed, "
                    "or once your turn is over."
                ),
            ),
            rules,
            settings,
            (_("Save and quit"), self.save_and_quit, "danger", True,
             _("The game is kept: choose Continue in the menu.")),
        ]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        items = self.items()
        bw, bh, gap = round(340 * s), round(56 * s), round(14 * s)
        head = round(96 * s)
        room = h - round(20 * s) - head - round(20 * s)  # a short window: the buttons get lower, never cut
        if len(items) * (bh + gap) > room:
            bh = max(self.fonts.font("body", True).get_linesize() + round(8 * s), room // len(items) - gap)
        ch = head + len(items) * (bh + gap) + round(20 * s)
        self.card = pygame.Rect((w - bw - round(80 * s)) // 2, (h - ch) // 2, bw + round(80 * s), ch)
        y = self.card.y + head
        self.item_buttons = {}
        for text, callback, kind, enabled, tip in items:
            self.item_buttons[text] = self.button(
                rect(self.card.centerx - bw / 2, y, bw, bh), text, callback, kind, tip, enabled
            )
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()

    def draw(self, surface: pygame.Surface) -> None:
        pal, s = self.pal, self.s
        style.panel(surface, self.card, pal, round(22 * s), border=pal.violet, shadow=round(12 * s))
        style.blit_text(
            surface,
            self.fonts,
            _("Game over") if self.table.match.is_over() else _("Paused"),
            (self.card.centerx, self.card.y + round(24 * s)),
            "h2",
            pal.text,
            True,
            "midtop",
        )
