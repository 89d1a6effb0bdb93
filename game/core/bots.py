"""The bot harness: bots decide from a seat's view only, within a time budget."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Protocol

from game.core.contract import Action, Game, State
from game.core.errors import IllegalAction
from game.core.rng import Rng

LEVELS = ("easy", "normal", "hard")


class Bot(Protocol):
    def choose(self, game: Game, view: State, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        """Pick one of ``legal``; ``deadline`` is a time.monotonic() value to answer by."""


class RandomBot:
    """Easy: any legal action."""

    def choose(self, game: Game, view: State, legal: Sequence[Action], rng: Rng, deadline: float) -> Action:
        return rng.choice(legal)


def bot_for(game: Game, level: str) -> Bot:
    bots = getattr(game, "bots", None)
    table = bots() if callable(bots) else {}
    return table.get(level) or RandomBot()


def decide(game: Game, state: State, level: str, seed: int, budget: float = 0.5) -> Action:
    """The action a bot of ``level`` takes for ``state.to_act``, seeing only its view."""
    seat = state.to_act
    if seat is None:
        raise IllegalAction("The game is over.")
    view = game.view(state, seat)
    legal = game.legal_actions(view)
    if not legal:
        raise IllegalAction("There is nothing to do.")
    action = bot_for(game, level).choose(game, view, legal, Rng.from_seed(seed), time.monotonic() + budget)
    if action not in legal:
        raise IllegalAction(f"The {level} bot chose an action that is not legal: {action}.")
    return action
