"""The colour and shape a seat is drawn in, on every screen: the game's own when it fixes its seats'
colours (``GameInfo.seat_colours``: rope teams, expeditions, animals), else the family's palette. A
seat's ``colour`` (setup's choice, kept in the match and its save) indexes ``offered_colours``."""

from __future__ import annotations

from functools import cache

from game.core.contract import GameInfo, SeatColour
from scenes.kit import style


@cache
def _fixed(seat_colours: tuple[SeatColour, ...]) -> tuple[style.PlayerColour, ...]:
    return tuple(style.PlayerColour(c.key, c.name, c.rgb, c.shape) for c in seat_colours)


def offered_colours(info: GameInfo) -> tuple[style.PlayerColour, ...]:
    """The colours a seat can take: the game's own when it fixes them (each with its shape), else the
    family's palette."""
    return _fixed(tuple(info.seat_colours)) if info.seat_colours else style.PLAYER_COLOURS


def seat_colour(info: GameInfo, colour: int) -> style.PlayerColour:
    """The colour a seat whose ``colour`` is that index is drawn in, in ``info``'s game."""
    offered = offered_colours(info)
    return offered[colour % len(offered)]
