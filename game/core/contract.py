"""The rules contract every game implements (see DESIGN.md, "The rules contract")."""

from __future__ import annotations

import copy
import dataclasses
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from game.core.codec import decode_action, from_data, to_data
from game.core.errors import IllegalAction
from game.core.rng import Rng

HIDDEN = -1
"""Stands for a card or piece a seat may not see, in a view."""


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen value; subclasses set ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return to_data(self)


@dataclass
class State:
    """Base of every game state. ``to_act`` is the seat to act, None once the game is over."""

    to_act: int | None
    rng: Rng


@dataclass(frozen=True)
class Options:
    players: int
    names: tuple[str, ...] = ()
    kids: bool = False
    variants: dict[str, str] = field(default_factory=dict)

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"


@dataclass(frozen=True)
class Variant:
    """An option of a game's setup: ``key`` takes one of ``choices`` (first is the default)."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]

    @property
    def default(self) -> str:
        return self.choices[0][0]


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    cover: str
    """Path of the cover art under assets/."""
    variants: tuple[Variant, ...] = ()
    kids_turns_off: tuple[str, ...] = ()
    """Plain sentences: what kids' mode turns off."""
    rules_text: str = ""
    """Path of the rules reference under assets/."""


@dataclass(frozen=True)
class Term:
    key: str
    label: str


@dataclass(frozen=True)
class Result:
    """Scores by seat, with a per-term breakdown (terms in display order) and the winners."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    terms: tuple[Term, ...]
    breakdown: tuple[dict[str, int], ...]
    final: bool

    def to_json(self) -> dict[str, Any]:
        return to_data(self)


S = TypeVar("S", bound=State)


class Game(ABC, Generic[S]):
    """One game's rules. Pure: no method mutates a state it is given."""

    info: ClassVar[GameInfo]
    version: ClassVar[int] = 1
    state_type: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]]

    # --- what a game implements -------------------------------------------------------------
    @abstractmethod
    def new_game(self, options: Options, seed: int) -> S: ...

    @abstractmethod
    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action for ``state.to_act``; it also works on that seat's view."""

    @abstractmethod
    def step(self, state: S, action: Action) -> None:
        """Apply ``action`` to ``state`` in place, or raise IllegalAction with a reason."""

    @abstractmethod
    def view(self, state: S, seat: int) -> S:
        """A copy with everything ``seat`` may not see replaced by HIDDEN."""

    @abstractmethod
    def result(self, state: S) -> Result: ...

    @abstractmethod
    def components(self, state: S) -> Counter[str]:
        """Every card and piece in the game, counted; the same at every step of a game."""

    def reveals(self, before: S, action: Action, after: S) -> bool:
        """Whether ``action`` revealed something hidden or random (then it cannot be undone)."""
        return before.rng != after.rng

    def from_position(self, data: dict[str, Any]) -> S:
        """Build a state from a position file's data (the game's own terms)."""
        return self.state_from_json(data)

    def turns(self, state: S) -> int:
        """How many turns the players have completed; 0 where a game does not count turns."""
        return 0

    def describe(self, state: S, action: Action) -> str:
        """One log line telling what ``action`` does, in the acting player's terms."""
        return action.kind

    # --- optional: achievements and the score pad's pictures --------------------------------
    def achievements(self, state: S, seat: int) -> set[str]:
        """Ids of the achievements ``seat`` completed in this finished game (none by default)."""
        return set()

    def achievement_names(self) -> dict[str, str]:
        """Every achievement of the game, id -> its name (translated), in display order."""
        return {}

    def achievement_title(self, count: int) -> str:
        """The title of a player who has completed ``count`` of the game's achievements ("": none)."""
        return ""

    def term_icons(self) -> dict[str, str]:
        """Result term key -> the path (under assets/) of a picture for it, for kids' score pads."""
        return {}

    # --- shared behaviour -------------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        return state.to_act is None

    def apply(self, state: S, action: Action) -> S:
        if state.to_act is None:
            raise IllegalAction("The game is over.")
        if not isinstance(action, self.action_types):
            raise IllegalAction("That is not an action of this game.")
        new = copy.deepcopy(state)
        self.step(new, action)
        return new

    def state_to_json(self, state: S) -> dict[str, Any]:
        return to_data(state)

    def state_from_json(self, data: Any) -> S:
        return from_data(self.state_type, data, "state")

    def action_from_json(self, data: Any) -> Action:
        return decode_action(data, self.action_types)

    def default_options(self, players: int | None = None, kids: bool = False) -> Options:
        return Options(
            players=players or self.info.min_players,
            kids=kids,
            variants={v.key: v.default for v in self.info.variants},
        )

    def option_sets(self) -> list[Options]:
        """Every player count with each variant choice and kids' mode: what conformance runs."""
        out = []
        for players in range(self.info.min_players, self.info.max_players + 1):
            out.append(self.default_options(players))
            out.append(self.default_options(players, kids=True))
            for variant in self.info.variants:
                for key, _label in variant.choices[1:]:
                    base = self.default_options(players)
                    out.append(dataclasses.replace(base, variants={**base.variants, variant.key: key}))
        return out

    def check_legal(self, state: S, action: Action, legal: Sequence[Action] | None = None) -> None:
        if action not in (legal if legal is not None else self.legal_actions(state)):
            raise IllegalAction("That move is not allowed right now.")
