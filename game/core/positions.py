"""The door every position and save goes through: bounded shape, the game's own checks, and a game
that can go on (see CONTRACT.md, "Reading untrusted input").

``check_bounds`` caps the shape of decoded JSON (nesting depth, number of values, list and text
lengths) without recursion, so a hostile file costs at most one linear walk. ``read_position``
builds a state with the game's ``from_position`` (where each game refuses what its rules do not
allow) and then refuses a position whose seat to act has no legal action or far too many.
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Game, State
from game.core.errors import SaveError
from game.core.i18n import _

MAX_DEPTH = 32
"""A save is at most 7 levels deep, a position 5; anything deeper is junk."""
MAX_VALUES = 4_000_000
MAX_LIST = 200_000
MAX_TEXT = 10_000
MAX_KEY = 200
MAX_LEGAL = 5_000
"""A valid position lists at most this many legal actions (Borealis: a hand of marks and a confirm)."""


def check_bounds(data: Any, max_depth: int = MAX_DEPTH, max_values: int = MAX_VALUES) -> None:
    """Raise SaveError if decoded JSON is nested too deeply, too big, or holds huge lists or texts."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > max_values:
            raise SaveError(_("The file holds far too many values to be a game."))
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise SaveError(_("The file holds a text far too long."))
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth > max_depth:
            raise SaveError(_("The file is nested far too deeply."))
        if len(value) > MAX_LIST:
            raise SaveError(_("The file holds a list far too long."))
        if isinstance(value, dict):
            if any(not isinstance(k, str) or len(k) > MAX_KEY for k in value):
                raise SaveError(_("The file holds a key far too long."))
            stack.extend((v, depth + 1) for v in value.values())
        else:
            stack.extend((v, depth + 1) for v in value)


def check_can_go_on(game: Game, state: State) -> None:
    """Refuse a state whose seat to act has no legal action, or an action list far too long."""
    if game.is_over(state):
        return
    space = game.space(state)
    if space.is_empty():
        raise SaveError(_("Player {n} is to act but has nothing they may do, so the game could not go on.").format(
            n=(state.to_act or 0) + 1))
    count = space.count()
    if count is not None and count > MAX_LEGAL:
        raise SaveError(_("The position offers far too many choices at once to be a real game."))


def read_position(game: Game, data: Any) -> State:
    """A state from a position's data, checked; raises SaveError with a sentence naming the problem."""
    check_bounds(data)
    if not isinstance(data, dict):
        raise SaveError(_("A position is a table of the game's parts."))
    try:
        state = game.from_position(data)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(_("The file is nested far too deeply.")) from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, OverflowError) as exc:
        raise SaveError(_("The position cannot be set up ({error}).").format(error=exc.__class__.__name__)) from None
    check_can_go_on(game, state)
    return state
