"""A match: one game in progress with who sits where, the log, and the autosave hook.

Scenes never change game state themselves: they build Actions and hand them to ``Match.apply``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core import i18n, registry
from game.core.contract import Action, Game, Options, Result, State
from game.core.history import History
from game.core.i18n import _

HUMAN = "human"
BOT = "bot"
KINDS = (HUMAN, BOT)


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: the same fields as scenes.storage.saves.Seat."""

    name: str
    colour: int
    kind: str = HUMAN
    level: str = "normal"

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT


@dataclass(frozen=True)
class LogEntry:
    """One line of the log. An action's line is written when it is shown, in the language of the
    moment (the game's describe() of the state before it), and kept per language."""

    actor: int | None
    """The seat that acted (None for the table itself)."""
    index: int = -1
    """The action's index in the record (-1 for lines that are not actions)."""
    action: Action | None = None
    history: History | None = field(default=None, compare=False, repr=False)
    """Where the action and the state before it are read from."""
    note: str = ""
    """The line of an entry that is not an action (an English msgid, translated when shown)."""
    _texts: dict[str, str] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in the current language."""
        language = i18n.language()
        text = self._texts.get(language)
        if text is None:
            text = self._texts[language] = self._describe()
        return text

    def _describe(self) -> str:
        history, action = self.history, self.action
        if action is None:
            return _(self.note) if self.note else ""
        if history is None or not 0 <= self.index < len(history.actions) or history.actions[self.index] != action:
            return action.kind  # taken back by an undo: the state before it is gone
        try:
            return history.game.describe(history.states[self.index], action)
        except Exception:  # noqa: BLE001 - a log line must never break the game
            return action.kind


def new_seed() -> int:
    return secrets.randbelow(2**31)


@dataclass
class Match:
    history: History
    seats: list[SeatConfig]
    on_action: Callable[[Match], None] | None = None
    """Called after every applied or undone action (the app autosaves here)."""
    savable: bool = True
    """False for an opened position, which has no record to replay from."""
    log: list[LogEntry] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.log:
            self.log = [self._entry(i) for i in range(len(self.history.actions))]

    # --- making one --------------------------------------------------------------------------
    @classmethod
    def start(
        cls,
        game_id: str,
        seats: list[SeatConfig],
        kids: bool = False,
        variants: dict[str, str] | None = None,
        seed: int | None = None,
        on_action: Callable[[Match], None] | None = None,
    ) -> Match:
        game = registry.get(game_id)
        options = Options(
            players=len(seats),
            names=tuple(s.name for s in seats),
            kids=kids,
            variants={**{v.key: v.default for v in game.info.variants}, **(variants or {})},
        )
        history = History.start(game, options, new_seed() if seed is None else seed)
        return cls(history, list(seats), on_action)

    @classmethod
    def from_saved(cls, saved: Any, on_action: Callable[[Match], None] | None = None) -> Match:
        """From a scenes.storage.saves.SavedGame (record + seats)."""
        history = saved.history() if hasattr(saved, "history") else History.from_record(saved.record)
        seats = [SeatConfig(s.name, s.colour, s.kind, s.level) for s in saved.seats]
        return cls(history, seats, on_action)

    @classmethod
    def from_position(cls, game: Game, data: dict[str, Any], seats: list[SeatConfig],
                      on_action: Callable[[Match], None] | None = None) -> Match:
        """A mid-game situation from a position file; its record starts from that position."""
        options = Options(players=len(seats), names=tuple(s.name for s in seats))
        return cls(History.from_position(game, data, options), seats, on_action)

    def rematch(self, on_action: Callable[[Match], None] | None = None) -> Match:
        """The same table and options with a fresh seed."""
        o = self.options
        return Match.start(self.game.info.id, self.seats, o.kids, dict(o.variants), None, on_action or self.on_action)

    # --- reading -----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def state(self) -> State:
        return self.history.state

    @property
    def options(self) -> Options:
        return self.history.record.options

    @property
    def to_act(self) -> int | None:
        return self.state.to_act

    def seat(self, index: int) -> SeatConfig:
        return self.seats[index]

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat].is_bot

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and not self.seats[seat].is_bot

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def result(self) -> Result:
        return self.game.result(self.state)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else self.game.legal_actions(self.state)

    def view(self, seat: int | None) -> State:
        """What ``seat`` may see; the whole state for None (a table of bots watched by nobody)."""
        return self.state if seat is None else self.game.view(self.state, seat)

    def bot_seed(self) -> int:
        return self.history.record.seed * 1_000_003 + len(self.history.actions)

    # --- changing (through the rules only) ----------------------------------------------------
    def apply(self, action: Action) -> State:
        """Apply through the rules; raises IllegalAction (with a sentence) and then nothing changed."""
        self.history.push(action)
        self.log.append(self._entry(len(self.history.actions) - 1))
        if self.on_action is not None:
            self.on_action(self)
        return self.state

    def can_undo(self) -> bool:
        """Undo is for a human taking back their own move within their turn (History.can_undo)."""
        return self.is_human(self.to_act) and self.history.can_undo()

    def undo(self) -> Action:
        if not self.can_undo():
            raise ValueError(_("Nothing can be undone now."))
        action = self.history.undo()
        while self.log and self.log[-1].index >= len(self.history.actions):
            self.log.pop()
        if self.on_action is not None:
            self.on_action(self)
        return action

    def _entry(self, index: int) -> LogEntry:
        return LogEntry(self.history.actor(index), index, self.history.actions[index], self.history)

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else ""
