from __future__ import annotations

import pygame

from scenes.session.match import BOT, HUMAN, Match, SeatConfig


def two_humans_and_bot(seed: int = 3) -> Match:
    seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, HUMAN), SeatConfig("Cleo", 2, BOT, "easy")]
    return Match.start("borealis", seats, seed=seed)


def one_human(seed: int = 3) -> Match:
    seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT, "easy")]
    return Match.start("borealis", seats, seed=seed)


def bots_only(seed: int = 3) -> Match:
    seats = [SeatConfig("Ana", 0, BOT, "easy"), SeatConfig("Bo", 1, BOT, "easy")]
    return Match.start("borealis", seats, seed=seed)


def click(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def pass_screen(app, table) -> None:
    """Let the last move of a turn show its time, so that the hand-over screen comes now."""
    if table.passing.pending():
        table.passing.confirm()
        app.update()


def click_button(app, button) -> None:
    assert button.is_enabled, f"{button.text} is disabled"
    click(app, button.rect.center)


def key(app, k: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


class Screen:
    """What a window shows when each frame presents only the app's damage rects (all of it when
    there are none): to check that the damage covers everything a frame changed."""

    def __init__(self, app) -> None:
        self.app = app
        self.shown = app.surface.copy()
        self.partial = 0

    def present(self) -> None:
        if self.app.damage is None:
            self.shown.blit(self.app.surface, (0, 0))
        else:
            self.partial += 1
            for r in self.app.damage:
                self.shown.blit(self.app.surface, r, r)
        assert self.shown.get_view("2").raw == self.app.surface.get_view("2").raw, "the screen shows an old picture"
