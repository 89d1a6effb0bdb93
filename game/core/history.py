"""A game in progress: its record, every state so far, and undo within a turn."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, Game, Options, State
from game.core.events import Event
from game.core.positions import read_position
from game.core.record import Record, Replayed, replay_record


class History:
    def __init__(self, game: Game, record: Record, states: list[State], actions: list[Action],
                 barriers: list[bool] | None = None, events: list[tuple[Event, ...]] | None = None) -> None:
        self.game = game
        self.record = record
        self.states = states
        self.actions = actions
        self.barriers = barriers if barriers is not None else [True] * len(actions)
        """Per action: it revealed something hidden or random, so it cannot be undone."""
        self.events = events if events is not None else [() for _a in actions]
        """Per action: the events its step reported (all seats'; filter with events.for_seat)."""

    @classmethod
    def start(cls, game: Game, options: Options, seed: int) -> History:
        record = Record(game.info.id, game.version, options, seed, [])
        return cls(game, record, [game.new_game(options, seed)], [])

    @classmethod
    def from_position(cls, game: Game, data: dict[str, Any], options: Options) -> History:
        """A game that starts from a position file's data; its record keeps that position."""
        record = Record(game.info.id, game.version, options, 0, [], start=data)
        return cls(game, record, [read_position(game, data)], [])

    @classmethod
    def from_record(cls, record: Record) -> History:
        record, replayed = replay_record(record)
        return cls.from_replayed(record, replayed)

    @classmethod
    def from_replayed(cls, record: Record, replayed: Replayed) -> History:
        return cls(replayed.game, record, list(replayed.states), list(replayed.actions),
                   list(replayed.barriers), list(replayed.events))

    @property
    def state(self) -> State:
        return self.states[-1]

    def actor(self, index: int) -> int | None:
        """The seat that took action ``index`` (the top frame's seat before it)."""
        return self.states[index].to_act

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self.events[-1] if self.events else ()

    def push(self, action: Action) -> State:
        """Apply a legal action (checked); raises IllegalAction and then nothing changed."""
        step = self.game.advance(self.state, action)
        self.states.append(step.state)
        self.actions.append(action)
        self.record.actions.append(action.to_json())
        self.barriers.append(step.barrier)
        self.events.append(step.events)
        return step.state

    def can_undo(self) -> bool:
        """The last action can be taken back while the same seat decides and it showed nothing new."""
        if not self.actions or self.barriers[-1]:
            return False
        return self.actor(len(self.actions) - 1) == self.state.to_act

    def undo(self) -> Action:
        if not self.can_undo():
            raise ValueError("Nothing can be undone now.")
        self.states.pop()
        self.barriers.pop()
        self.events.pop()
        self.record.actions.pop()
        return self.actions.pop()
