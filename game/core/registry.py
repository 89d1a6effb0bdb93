"""The five games of Polar Table; those whose rules are built can be played."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.core.contract import Game
from game.core.errors import SaveError


@dataclass(frozen=True)
class Entry:
    id: str
    name: str
    cover: str
    module: str | None
    """Module whose ``RULES`` is the game's rules; None while the game is not built yet."""


CATALOGUE: tuple[Entry, ...] = (
    Entry("ilan", "ILAN: Discovering Antarctic Life", "art/covers/ilan.svg", None),
    Entry("iluliaq", "Iluliaq: King of the Iceberg", "art/covers/iluliaq.svg", "game.iluliaq"),
    Entry("borealis", "Borealis: Arctic Expeditions", "art/covers/borealis.svg", "game.borealis"),
    Entry("iceflow", "Ice Flow", "art/covers/iceflow.svg", None),
    Entry("dominant_species", "Dominant Species", "art/covers/dominant_species.svg", None),
)


_extra: dict[str, Game] = {}
"""Games registered at run time (the toy games of tests/), looked up before the catalogue."""


def register(game: Game) -> None:
    """Make ``game`` known by its id (records of it can then be replayed)."""
    _extra[game.info.id] = game


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def entries() -> tuple[Entry, ...]:
    return CATALOGUE


def available() -> list[str]:
    return [e.id for e in CATALOGUE if e.module]


def get(game_id: str) -> Game:
    if game_id in _extra:
        return _extra[game_id]
    for entry in CATALOGUE:
        if entry.id == game_id:
            if entry.module is None:
                raise SaveError(f"{entry.name} is not ready to play yet.")
            return importlib.import_module(entry.module).RULES
    raise SaveError(f"There is no game called {game_id!r}.")
