"""The rules contract shared by every game."""

from game.core.contract import HIDDEN, Action, Game, GameInfo, Options, Result, State, Term, Variant
from game.core.errors import IllegalAction, SaveError
from game.core.rng import Rng

__all__ = [
    "HIDDEN",
    "Action",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Options",
    "Result",
    "Rng",
    "SaveError",
    "State",
    "Term",
    "Variant",
]
