"""Reading a position (POSITION.md): ``{"game": "iluliaq", ...}`` and the state's own JSON, refused
with a sentence when the rules do not allow it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.codec import from_data, to_data
from game.core.errors import IllegalAction, SaveError
from game.core.i18n import _
from game.iluliaq.checks import check_poses
from game.iluliaq.data import IDS
from game.iluliaq.scoring import end_condition
from game.iluliaq.state import FRAMES, PLACE, THROW, IluliaqState
from game.iluliaq.table import TOP, animal_type

GAME = "iluliaq"
"""The position file's ``game`` key (the state itself does not hold it)."""


def state_from_position(data: Any) -> IluliaqState:
    """The state of a position file's data (its ``game`` key, if any, naming Iluliaq), checked."""
    if not isinstance(data, dict):
        raise SaveError(_("A position is a table of the game's parts."))
    if data.get("game", GAME) != GAME:
        raise SaveError(_('This position is not for {name}: its "game" names another game.').format(name="Iluliaq"))
    state = from_data(IluliaqState, {k: v for k, v in data.items() if k != "game"}, "The position")
    return checked_state(state)


def position_from_state(state: IluliaqState) -> dict[str, Any]:
    """The position file's data of ``state``: its game, then the state's own JSON."""
    return {"game": GAME, **to_data(state)}


def checked_state(state: IluliaqState) -> IluliaqState:
    """``state`` if the rules allow it; SaveError otherwise."""
    if not 2 <= state.players <= 6 or len(state.stacks) != state.players:
        raise SaveError(_("Iluliaq is for 2 to 6 players, each with a stack."))
    if state.turns < 0:
        raise SaveError(_("The count of turns cannot be negative."))
    on_table = [p.card for p in state.table]
    animals = Counter([*(c for s in state.stacks for c in s), *state.deck, *state.aside,
                       *(c for c in on_table if c not in TOP)])
    if animals != Counter(IDS):
        raise SaveError(_("Every one of the 64 animal cards must be in exactly one place."))
    if sorted([*(c for c in on_table if c in TOP), *state.out]) != sorted(TOP):
        raise SaveError(_("Each top iceberg card must lie on the table or be out of the game, once."))
    try:
        check_poses(state.table)
    except IllegalAction as exc:
        raise SaveError(str(exc)) from None
    if any(p.layer == 0 and (state.kids or animal_type(p.card) != "seal") for p in state.table):
        raise SaveError(_("Only a seal that stayed there can lie in the water between turns."))
    check_flow(state)
    return state


def check_flow(state: IluliaqState) -> None:
    if not state.flow:
        if not end_condition(state):
            raise SaveError(_("The game is over, yet no end condition holds."))
        return
    frame = state.flow[-1]
    if (len(state.flow) != 1 or frame.name not in FRAMES or not 0 <= frame.seat < state.players or frame.data
            or frame.queue):
        raise SaveError(_("The position's turn must be one seat's throw or placement."))
    if frame.name == THROW and (end_condition(state) or not state.stacks[frame.seat]):
        raise SaveError(_("A game in which an end condition holds cannot go on with another throw."))
    if frame.name == PLACE and (state.kids or not state.deck):
        raise SaveError(_("A card can only be laid by hand after a dodo, from the draw deck."))
