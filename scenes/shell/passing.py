"""Between two humans' turns on one screen: the move that ended a turn plays out on the mover's own
table, a line sums the turn up ("Ana: observes the Harp seal in the left location; takes the Arctic
fox from the pool. +2 points"), and only then does the hand-over screen cover the table: at once
after a moment, or (the "confirm end of turn" setting) when the mover presses "Pass the screen"."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from game.core.i18n import _, ngettext

if TYPE_CHECKING:
    from scenes.shell.host import PlayedTable

SHOW_MOVE = 1.4
"""Seconds the last move of a turn stays on the mover's screen before the hand-over."""


class Passing:
    def __init__(self, table: PlayedTable) -> None:
        self.table = table
        self.due: float | None = None
        """When the hand-over screen comes (inf: when the mover says; None: nothing pending)."""
        self.seat: int | None = None
        self.turn: tuple[int, int, int | None] | None = None
        """(seat, log length, score) when that seat's turn was shown to it."""

    def _score(self, seat: int) -> int | None:
        result = self.table.preview()
        return None if result is None or seat >= len(result.scores) else result.scores[seat]

    def begin_turn(self, seat: int) -> None:
        self.turn = (seat, len(self.table.match.log), self._score(seat))

    def summary(self, seat: int) -> str | None:
        """The turn of ``seat`` in one line: its log lines since its turn began, and its points."""
        match = self.table.match
        _seat, start, before = self.turn if self.turn is not None and self.turn[0] == seat else (seat, 0, None)
        entries = [e for e in match.log[start:] if e.actor == seat and e.visible_to(seat)]
        if not entries:
            return None
        # an action's line says what the seat did ("plays the Puffin"); a line the rules logged is a
        # whole sentence that names the player itself, so it follows as it is
        moves = [e.text for e in entries if e.message is None]
        told = [e.text for e in entries if e.message is not None]
        parts = [_("{name}: {moves}.").format(name=match.name(seat), moves="; ".join(moves))] if moves else []
        text = " ".join(parts + told)
        after = self._score(seat)
        if before is not None and after is not None and after != before:
            gained = after - before
            text += " " + ngettext("{n} point", "{n} points", abs(gained)).format(n=f"{gained:+d}")
        return text

    def after_turn(self, mover: int, seat: int) -> None:
        """``mover`` ended its turn and ``seat`` (another human) is next: show the move, then pass."""
        self.seat = seat
        confirm = getattr(self.table.app.settings, "confirm_turn", False)
        self.due = math.inf if confirm else time.perf_counter() + SHOW_MOVE
        line = self.summary(mover)
        if line is not None:
            self.table.app.toast(line, "success")
        if confirm:
            self.table.app.toast(_("Press \"Pass the screen\" (Enter) when you are done looking."))
        self.table.sync_pass_button()

    def pending(self) -> bool:
        return self.due is not None

    def waiting_for_mover(self) -> bool:
        return self.due == math.inf

    def cancel(self) -> None:
        if self.due is not None:
            self.due = None
            self.seat = None
            self.table.sync_pass_button()

    def confirm(self) -> None:
        if self.due is not None:
            self.due = time.perf_counter()

    def wake_in(self, now: float) -> float | None:
        if self.due is None or self.due == math.inf:
            return None
        return max(0.0, self.due - now)

    def tick(self, now: float) -> None:
        """Cover the table when the moment has come (and this table is on top)."""
        table = self.table
        if self.due is None or now < self.due or table.app.top is not table:
            return
        seat, self.due, self.seat = self.seat, None, None
        table.sync_pass_button()
        if seat is not None and seat == table.match.to_act and table.viewer != seat:
            from scenes.shell.handover import HandoverScene

            table.app.toasts.items.clear()  # the mover's summary may name what only the mover may read
            table.app.push(HandoverScene(table.app, table, seat))
