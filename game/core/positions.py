"""The door every position and save goes through: bounded shape, the game's own checks, and a game
that can go on (see CONTRACT.md, "Reading untrusted input").

``check_bounds`` caps the shape of decoded JSON (nesting depth, number of values, list and text
lengths) without recursion, so a hostile file costs at most one linear walk. ``read_position``
checks that the file's ``game`` names this game, builds a state with the game's ``from_position``
(where each game refuses what its rules do not allow) and then refuses a position from which the
game could not go on: its seat to act has no legal action or far too many, or one of them leads
where the next seat to act has none (a game stuck there never reaches its end).
"""

from __future__ import annotations

from typing import Any

from game.core.contract import Action, Game, State
from game.core.errors import SaveError
from game.core.i18n import _
from game.core.spaces import ActionSpace

MAX_DEPTH = 32
"""A save is at most 7 levels deep, a position 5; anything deeper is junk."""
MAX_VALUES = 4_000_000
MAX_LIST = 200_000
MAX_TEXT = 10_000
MAX_KEY = 200
MAX_LEGAL = 5_000
"""A valid position lists at most this many legal actions (Borealis: a hand of marks and a confirm)."""
LOOK_AHEAD = 64
"""At most this many of the first decision's listed actions are played one step ahead: a bounded
look, never a search (a game's own checks refuse what is further away)."""
MAX_REASON = 300
BROKEN = (ValueError, KeyError, IndexError, TypeError, AttributeError, OverflowError)
"""What a game's code may raise on data its checks let through (SaveError and IllegalAction are
ValueErrors): the door turns each into a sentence."""


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
    """Refuse a state whose seat to act has no legal action or far too many, or that has a listed
    action after which the next seat to act has none (``LOOK_AHEAD`` of them at most)."""
    if game.is_over(state):
        return
    space = game.space(state)
    if space.is_empty():
        raise SaveError(_("Player {n} is to act but has nothing they may do, so the game could not go on.").format(
            n=(state.to_act or 0) + 1))
    count = space.count()
    if count is not None and count > MAX_LEGAL:
        raise SaveError(_("The position offers far too many choices at once to be a real game."))
    for action in _first_moves(game, space):
        try:
            after = game.apply(state, action)
            stuck = not game.is_over(after) and game.space(after).is_empty()
        except BROKEN:
            raise SaveError(_("Player {n} is offered a move the game cannot make from this position.").format(
                n=(state.to_act or 0) + 1)) from None
        if stuck:
            raise SaveError(_("After one of player {n}'s moves, player {m} would have nothing they may do, so the "
                              "game could not go on.").format(n=(state.to_act or 0) + 1, m=(after.to_act or 0) + 1))


def _first_moves(game: Game, space: ActionSpace) -> list[Action]:
    """The listed legal actions to play one step ahead (evenly spread when there are more than
    LOOK_AHEAD); none from a space that does not list them, nor those that need the physics."""
    if space.count() is None:
        return []
    moves = [a for a in space.actions() if not game.needs_resolver(a)]
    if len(moves) <= LOOK_AHEAD:
        return moves
    return [moves[i * len(moves) // LOOK_AHEAD] for i in range(LOOK_AHEAD)]


def check_game_named(game: Game, data: dict[str, Any]) -> None:
    """A position's ``game`` key, when it has one, names ``game``."""
    if "game" in data and data["game"] != game.info.id:
        raise SaveError(_('This position is not for {name}: its "game" names another game.').format(
            name=game.info.name))


def as_sentence(text: str) -> str:
    """One readable sentence: whitespace folded, ended, never too long (a key such as
    ``players[0].hand`` may start it, so it is not capitalised)."""
    text = " ".join(str(text).split()) or _("The position holds something unexpected")
    if len(text) > MAX_REASON:
        text = text[: MAX_REASON - 3].rstrip() + "..."
    return text if text.endswith((".", "!", "?")) else text + "."


def read_position(game: Game, data: Any) -> State:
    """A state from a position's data, checked; raises SaveError with a sentence naming the problem."""
    check_bounds(data)
    if not isinstance(data, dict):
        raise SaveError(_("A position is a table of the game's parts."))
    check_game_named(game, data)
    try:
        state = game.from_position(data)
    except SaveError as exc:
        raise SaveError(as_sentence(str(exc))) from None
    except RecursionError:
        raise SaveError(_("The file is nested far too deeply.")) from None
    except BROKEN as exc:
        raise SaveError(_("The position cannot be set up ({error}).").format(error=exc.__class__.__name__)) from None
    check_can_go_on(game, state)
    return state


def seat_count(game: Game, state: State) -> int:
    """How many seats a position's state has (its result scores each of them)."""
    return len(game.result(state).scores)
