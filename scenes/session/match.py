"""A match: one game in progress with who sits where, the log, and the autosave hook.

Scenes never change game state themselves: they build Actions and hand them to ``Match.apply``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import SystemRandom
from typing import Any

from game.core import i18n, registry
from game.core.contract import Action, Game, Options, Result, State
from game.core.errors import IllegalAction, InvalidAction
from game.core.events import Logged
from game.core.history import History
from game.core.i18n import _
from game.core.messages import Msg, msg, text_of
from game.core.prompt import Prompt
from game.core.spaces import ActionSpace, ContinuousSpace, as_space, listed
from physics.resolvers import resolver_for

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
    moment (History.lines: the game's describe() of the state before it), and kept per language. A line the rules
    logged with an event (``message``) renders in the language of the moment too, and only the seats
    in ``to`` may read it (None: everyone)."""

    actor: int | None
    """The seat that acted (None for the table itself)."""
    index: int = -1
    """The action's index in the record (-1 for lines that are not actions)."""
    action: Action | None = None
    history: History | None = field(default=None, compare=False, repr=False)
    """Where the action and the state before it are read from."""
    note: str = ""
    """The line of an entry that is not an action (an English msgid, translated when shown)."""
    message: Msg | str | None = None
    """A line the rules logged (a Logged event of action ``index``), shown instead of a describe()."""
    to: tuple[int, ...] | None = None
    """Who may read the line (None: every seat)."""
    _texts: dict[str, str] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The line in the current language."""
        language = i18n.language()
        text = self._texts.get(language)
        if text is None:
            text = self._texts[language] = self._describe()
        return text

    def names_actor(self) -> bool:
        """A sentence the rules logged that names its actor itself ("The lynx lands: Bo throws again.")."""
        return isinstance(self.message, Msg) and self.actor is not None and self.message.names(self.actor)

    def line(self, name: str | None) -> str:
        """The line as the log shows it: after its actor's ``name`` ("Bo: throws the seal…"), unless
        it names the actor itself."""
        return f"{name}: {self.text}" if name and not self.names_actor() else self.text

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may read the line (None: the public, who read only what everyone may)."""
        return self.to is None or (seat is not None and seat in self.to)

    def _describe(self) -> str:
        history, action = self.history, self.action
        names = history.record.options.names if history is not None else ()
        if self.message is not None:
            return text_of(self.message, names=names)
        if action is None:
            return _(self.note) if self.note else ""
        if history is None or not 0 <= self.index < len(history.actions) or history.actions[self.index] != action:
            return action.kind  # taken back by an undo
        try:
            return text_of(history.lines[self.index], names=names)
        except Exception:  # noqa: BLE001 - a log line must never break the game
            return action.kind


OWED: list[Match] = []
"""The matches whose save waits for the frame after the one their last action landed in
(``Match.defer_saves``): written by ``save_owed``."""


def save_owed() -> None:
    """Write every save that waits (the table does in its next frame; the app as it closes, through
    ``persist.retry``)."""
    while OWED:
        OWED.pop(0).save_if_owed()


def new_seed() -> int:
    # the system's randomness, as secrets.randbelow is, without importing secrets: it brings hmac
    # and OpenSSL's libcrypto (3.3 MB resident all session long)
    return SystemRandom().randrange(2**31)


@dataclass
class Match:
    history: History
    seats: list[SeatConfig]
    on_action: Callable[[Match], None] | None = None
    """Called after every applied or undone action (the app autosaves here)."""
    savable: bool = True
    """False for an opened position, which has no record to replay from."""
    log: list[LogEntry] = field(default_factory=list)
    save_name: str | None = None
    """Its file among the games in progress (scenes.storage.in_progress; None until its first save):
    each match saves into its own, so a new game never replaces another."""
    defer_saves: bool = field(default=False, compare=False)
    """An applied action's ``on_action`` (the autosave) waits until ``save_if_owed`` (or ``save_owed``):
    a table sets this to write the save in the frame after the one the move lands in, which starts
    its animation. An action that ends the game, and an undo, are saved at once."""
    save_owed: bool = field(default=False, compare=False)
    """An action was applied whose ``on_action`` has not been called yet."""

    def __post_init__(self) -> None:
        if not self.log:
            self.log = [e for i in range(len(self.history.actions)) for e in self._entries(i)]
        self._prompt: tuple[tuple, Prompt] | None = None

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
            colours=tuple(game.info.seat_colours[s.colour].key for s in seats) if game.info.seat_colours else (),
        )
        history = History.start(game, options, new_seed() if seed is None else seed)
        return cls(history, list(seats), on_action)

    @classmethod
    def from_saved(cls, saved: Any, on_action: Callable[[Match], None] | None = None,
                   save_name: str | None = None) -> Match:
        """From a scenes.storage.saves.SavedGame (record + seats); ``save_name``: the game in progress it
        goes on saving into (None: a file of its own at its first save)."""
        history = saved.history() if hasattr(saved, "history") else History.from_record(saved.record)
        seats = [SeatConfig(s.name, s.colour, s.kind, s.level) for s in saved.seats]
        return cls(history, seats, on_action, save_name=save_name)

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
        """The seat that decides now (the top prompt frame's), which need not be the turn's owner."""
        return self.state.to_act

    @property
    def turn_seat(self) -> int | None:
        """Whose turn it is (the bottom frame's seat)."""
        return self.state.turn_seat

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

    def space(self) -> ActionSpace:
        """The legal actions of the seat to act, as a space (empty once the game is over)."""
        return as_space([]) if self.is_over() else self.game.space(self.state)

    def legal_actions(self) -> list[Action]:
        """The legal actions that can be listed (those of a continuous space cannot)."""
        return listed(self.space())

    def view(self, seat: int | None) -> State:
        """What ``seat`` may see; the whole state for None (a table of bots watched by nobody)."""
        return self.state if seat is None else self.game.view(self.state, seat)

    def prompt(self, seat: int | None = None) -> Prompt:
        """What ``seat`` is shown (the seat to act's prompt for None), read from its own view."""
        seat = self.to_act if seat is None else seat
        key = (len(self.history.actions), id(self.state), seat)
        if self._prompt is None or self._prompt[0] != key:
            if seat is None:
                prompt = self.game.prompt(self.state, 0)
            else:
                prompt = self.game.prompt(self.game.view(self.state, seat), seat)
            self._prompt = (key, prompt)
        return self._prompt[1]

    def visible_log(self, seat: int | None) -> list[LogEntry]:
        """The lines of the log ``seat`` may read (None: the lines every seat may read)."""
        return [e for e in self.log if e.visible_to(seat)]

    def bot_seed(self) -> int:
        return self.history.record.seed * 1_000_003 + len(self.history.actions)

    # --- changing (through the rules only) ----------------------------------------------------
    def resolve(self, action: Action) -> Action:
        """The full action of an intent (a physics game's throw): worked out by the game's resolver from
        the acting seat's view; any other action as it is. Raises IllegalAction."""
        if not self.game.needs_resolver(action):
            return action
        seat = self.to_act
        if seat is None:
            raise IllegalAction(msg("The game is over."))
        if not self.game.is_legal(self.state, action):
            space = self.game.space(self.state)
            if isinstance(space, ContinuousSpace) and type(action) is space.action_type:
                raise InvalidAction(msg("That move is out of bounds: {why}.", why=space.why_not(action)))
            raise IllegalAction(msg("That move is not allowed right now."))
        resolver = resolver_for(self.game.info.id)
        if resolver is None:
            raise IllegalAction(msg("This move needs the physics to work out where everything lands."))
        return resolver(self.game, self.game.view(self.state, seat), action)

    def apply(self, action: Action) -> State:
        """Apply through the rules (an intent is resolved first); raises IllegalAction (with a
        sentence) and then nothing changed."""
        self.history.push(self.resolve(action))
        self.log.extend(self._entries(len(self.history.actions) - 1))
        if self.on_action is not None:
            if self.defer_saves and not self.is_over():
                if not self.save_owed:
                    self.save_owed = True
                    OWED.append(self)
            else:
                self._saved()
        return self.state

    def save_if_owed(self) -> None:
        """Call ``on_action`` for the actions applied since it was last called (``defer_saves``)."""
        if self.save_owed:
            self._saved()

    def _saved(self) -> None:
        self.save_owed = False
        if OWED:
            OWED[:] = [m for m in OWED if m is not self]
        if self.on_action is not None:
            self.on_action(self)

    def can_undo(self) -> bool:
        """Undo is for a human taking back their own move within their turn (History.can_undo)."""
        return self.is_human(self.to_act) and self.history.can_undo()

    def undo(self) -> Action:
        if not self.can_undo():
            raise ValueError(_("Nothing can be undone now."))
        action = self.history.undo()
        while self.log and self.log[-1].index >= len(self.history.actions):
            self.log.pop()
        self._saved()
        return action

    def _entries(self, index: int) -> list[LogEntry]:
        """The log lines of action ``index``: its own, then those the rules logged with it."""
        action = self.history.actions[index]
        out = [LogEntry(self.history.actor(index), index, action, self.history, to=self.history.audiences[index])]
        events = self.history.events[index]
        for event in events:
            if isinstance(event, Logged):
                out.append(LogEntry(event.seat, index, action, self.history, message=event.text, to=event.to))
        return out

    def name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None and 0 <= seat < len(self.seats) else ""
