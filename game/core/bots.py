"""The bot harness: bots decide from a seat's view only, within a time budget.

A bot gets the game, the seat's view, the legal action space and a seeded RNG. For a physics game
it answers with an intent; ``decide`` hands that to the resolver it was given (from physics/,
outside game/) to get the full action.
"""

from __future__ import annotations

import time
from typing import Protocol

from game.core.contract import Action, Game, Resolver, State
from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.core.spaces import ActionSpace

LEVELS = ("easy", "normal", "hard")
HINT = "hint"
"""The level a player's hint is worked out at: the game's own ``"hint"`` bot when its bots() has one
(a steady hand, for a game whose bots miss on purpose), else its normal bot."""


class Bot(Protocol):
    def choose(self, game: Game, view: State, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        """Pick a member of ``legal``; ``deadline`` is a time.monotonic() value to answer by. A bot of
        a physics game with ``searches = True`` is also given ``resolver=`` (the game's resolver, or
        None) to try candidate intents with: the rules cannot run the physics themselves."""


class RandomBot:
    """Easy: any legal action, drawn from the space."""

    def choose(self, game: Game, view: State, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        return legal.sample(rng)


def bot_for(game: Game, level: str) -> Bot:
    table = game.bots()
    if level in table:
        return table[level]
    if level == HINT:
        return bot_for(game, "normal")
    if level == "hard" and "hard" not in table:
        from game.core.search import SearchBot

        return SearchBot(table.get("normal") or RandomBot())
    return table.get(level) or RandomBot()


def decide(game: Game, state: State, level: str, seed: int, budget: float = 0.5,
           resolver: Resolver | None = None) -> Action:
    """The action a bot of ``level`` takes for ``state.to_act``, seeing only its view. An intent is
    completed by ``resolver`` (required for a physics game)."""
    seat = state.to_act
    if seat is None:
        raise IllegalAction("The game is over.")
    return decide_from_view(game, game.view(state, seat), level, seed, budget, resolver)


def decide_from_view(game: Game, view: State, level: str, seed: int, budget: float = 0.5,
                     resolver: Resolver | None = None) -> Action:
    """``decide`` for a seat whose view is all there is (a hint for the player at the screen)."""
    legal = game.space(view)
    if legal.is_empty():
        raise IllegalAction("There is nothing to do.")
    bot = bot_for(game, level)
    extra = {"resolver": resolver} if getattr(bot, "searches", False) else {}
    action = bot.choose(game, view, legal, Rng.from_seed(seed), time.monotonic() + budget, **extra)
    if not legal.contains(action):
        raise IllegalAction(f"The {level} bot chose an action that is not legal: {action}.")
    if game.needs_resolver(action):
        if resolver is None:
            raise IllegalAction(f"{game.info.name} needs its physics to complete a move.")
        action = resolver(game, view, action)
    return action
