"""A game in progress: its record, where it stands, each action's log line, and undo within a turn.

A History keeps the current state and only the states an undo can go back to (those after the last
barrier, while one seat acts), so a long game costs memory by its actions, not by its states: a
100,000-action game holds a handful of states. What the log and the tools need of every action is
kept per action instead: who took it, its events, whether it was a barrier, its log line (the
game's ``describe`` of the state before it, a language-neutral Msg) and who may read that line.
``keep_all=True`` keeps every state, for tests and tools that look at each one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
from collections.abc import Iterator
from typing import Any

from game.core.contract import Action, Game, Options, State, Transition
from game.core.errors import IllegalAction, SaveError
from game.core.events import Event
from game.core.messages import Msg, msg
from game.core.positions import read_position
from game.core.record import Record, rules_for, upgrade

PER_ACTION = ("actions", "actors", "barriers", "events", "lines", "audiences")
"""The History's lists that hold one entry per action."""


class History:
    def __init__(self, game: Game, record: Record, start: State, keep_all: bool = False) -> None:
        """A history of ``record``'s game at ``start``; the record's actions must already be pushed
        (pass a record without actions and push them)."""
        self.game = game
        self.record = record
        self.keep_all = keep_all
        self.actions: list[Action] = []
        self.actors: list[int | None] = []
        """Per action: the seat that took it (the top frame's seat before it)."""
        self.barriers: list[bool] = []
        """Per action: it revealed something hidden or random, so it cannot be undone."""
        self.events: list[tuple[Event, ...]] = []
        """Per action: the events its step reported (all seats'; filter with events.for_seat)."""
        self.lines: list[Msg] = []
        """Per action: its log line, as the game describes it in the state before it."""
        self.audiences: list[tuple[int, ...] | None] = []
        """Per action: the seats that may read its line (None: everyone; the game's log_audience)."""
        self._states: list[State] = [start]
        self._first = 0
        """The number of actions before ``_states[0]``."""

    # --- making one --------------------------------------------------------------------------
    @classmethod
    def start(cls, game: Game, options: Options, seed: int) -> History:
        record = Record(game.info.id, game.version, options, seed, [])
        return cls(game, record, game.new_game(options, seed))

    @classmethod
    def from_position(cls, game: Game, data: dict[str, Any], options: Options) -> History:
        """A game that starts from a position file's data; its record keeps that position."""
        record = Record(game.info.id, game.version, options, 0, [], start=data)
        return cls(game, record, read_position(game, data))

    @classmethod
    def from_record(cls, record: Record, keep_all: bool = False) -> History:
        """Replay a record (brought up to the game's current version), checking every action;
        raises SaveError with the reason. The History owns a record of its own."""
        game = rules_for(record)
        record = upgrade(record, game)
        options = record.options
        if not game.info.min_players <= options.players <= game.info.max_players:
            raise SaveError(f"{game.info.name} is for {game.info.counts().render()}.")
        try:
            state = game.new_game(options, record.seed) if record.start is None else read_position(game, record.start)
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise SaveError(f"The game cannot be set up from this record: {exc}") from None
        history = cls(game, dataclasses.replace(record, actions=[]), state, keep_all)
        with _collector_paused():
            for index, data in enumerate(record.actions):
                action = game.action_from_json(data)
                try:
                    step = game.advance(history.state, action)
                except IllegalAction as exc:
                    raise SaveError(f"Action {index + 1} of the record is not legal: {exc}") from None
                history._add(action, data, step)
        return history

    def copy(self) -> History:
        """An independent History at the same point (its own record and lists; states are shared,
        and no step changes a state it was given)."""
        other = History(self.game, dataclasses.replace(self.record, actions=list(self.record.actions)),
                        self._states[0], self.keep_all)
        for name in PER_ACTION:
            setattr(other, name, list(getattr(self, name)))
        other._states, other._first = list(self._states), self._first
        return other

    # --- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def states(self) -> list[State]:
        """The states kept: every one from the start with ``keep_all``, otherwise those back to
        the earliest an undo can reach (``states[-1]`` is the current state)."""
        return list(self._states)

    def state_before(self, index: int) -> State | None:
        """The state before action ``index`` while it is kept (always with ``keep_all``)."""
        offset = index - self._first
        return self._states[offset] if 0 <= offset < len(self._states) else None

    def actor(self, index: int) -> int | None:
        """The seat that took action ``index``."""
        return self.actors[index]

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self.events[-1] if self.events else ()

    # --- changing ----------------------------------------------------------------------------
    def push(self, action: Action) -> State:
        """Apply a legal action (checked); raises IllegalAction and then nothing changed."""
        step = self.game.advance(self.state, action)
        self._add(action, action.to_json(), step)
        return step.state

    def _add(self, action: Action, data: dict[str, Any], step: Transition) -> None:
        before = self.state
        actor = before.to_act
        same_seat = bool(self.actions) and self.actors[-1] == actor and not self.barriers[-1]
        self.actions.append(action)
        self.record.actions.append(data)
        self.actors.append(actor)
        self.barriers.append(step.barrier)
        self.events.append(step.events)
        self.lines.append(self._line(before, action))
        self.audiences.append(self.game.log_audience(before, action))
        if self.keep_all or (same_seat and not step.barrier):
            self._states.append(step.state)
        elif step.barrier:
            self._states, self._first = [step.state], len(self.actions)
        else:
            self._states, self._first = [before, step.state], len(self.actions) - 1

    def _line(self, before: State, action: Action) -> Msg:
        try:
            return self.game.describe(before, action)
        except Exception:  # noqa: BLE001 - a log line must never break the game
            return msg(action.kind)

    def can_undo(self) -> bool:
        """The last action can be taken back while the same seat decides and it showed nothing new."""
        if not self.actions or self.barriers[-1] or len(self._states) < 2:
            return False
        return self.actors[-1] == self.state.to_act

    def undo(self) -> Action:
        if not self.can_undo():
            raise ValueError("Nothing can be undone now.")
        self._states.pop()
        action = self.actions[-1]
        for name in PER_ACTION:
            getattr(self, name).pop()
        self.record.actions.pop()
        return action


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """A replay makes and drops a state per action, none of them in a reference cycle: the cycle
    collector would only walk the growing lists again and again (a third of a long replay)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def replay(record: Record) -> State:
    """The state a record ends in (checked; raises SaveError)."""
    return History.from_record(record).state
