"""A game in progress: its record, every state so far, and undo within a turn."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, Game, Options, State
from game.core.record import Record, replay_states


class History:
    def __init__(self, game: Game, record: Record, states: list[State], actions: list[Action]) -> None:
        self.game = game
        self.record = record
        self.states = states
        self.actions = actions
        self.revealed = [game.reveals(states[i], a, states[i + 1]) for i, a in enumerate(actions)]

    @classmethod
    def start(cls, game: Game, options: Options, seed: int) -> History:
        record = Record(game.info.id, game.version, options, seed, [])
        return cls(game, record, [game.new_game(options, seed)], [])

    @classmethod
    def from_position(cls, game: Game, data: dict[str, Any], options: Options) -> History:
        """A game that starts from a position file's data; its record keeps that position."""
        record = Record(game.info.id, game.version, options, 0, [], start=data)
        return cls(game, record, [game.from_position(data)], [])

    @classmethod
    def from_record(cls, record: Record) -> History:
        game, states, actions = replay_states(record)
        return cls(game, record, states, actions)

    @property
    def state(self) -> State:
        return self.states[-1]

    def actor(self, index: int) -> int | None:
        """The seat that took action ``index``."""
        return self.states[index].to_act

    def push(self, action: Action) -> State:
        before = self.state
        after = self.game.apply(before, action)
        self.states.append(after)
        self.actions.append(action)
        self.record.actions.append(action.to_json())
        self.revealed.append(self.game.reveals(before, action, after))
        return after

    def can_undo(self) -> bool:
        """The last action can be taken back while its player's turn goes on and it showed nothing new."""
        if not self.actions or self.revealed[-1]:
            return False
        return self.actor(len(self.actions) - 1) == self.state.to_act

    def undo(self) -> Action:
        if not self.can_undo():
            raise ValueError("Nothing can be undone now.")
        self.states.pop()
        self.revealed.pop()
        self.record.actions.pop()
        return self.actions.pop()
