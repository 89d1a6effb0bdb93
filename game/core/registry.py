"""The five games of Polar Table; those whose rules are built can be played."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.core.contract import Game
from game.core.errors import SaveError
from game.core.i18n import N_, _


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    """The game's name in English, the msgid of its name in any language (``name``)."""
    cover: str
    module: str | None
    """Module whose ``RULES`` is the game's rules; None while the game is not built yet."""

    @property
    def name(self) -> str:
        """The game's name in the language of now (the menu's tiles split it into name and subtitle)."""
        return _(self.title)


CATALOGUE: tuple[Entry, ...] = (
    Entry("ilan", N_("ILAN: Discovering Antarctic Life"), "art/covers/ilan.svg", "game.ilan.rules"),
    Entry("iluliaq", N_("Iluliaq: King of the Iceberg"), "art/covers/iluliaq.svg", "game.iluliaq.rules"),
    Entry("borealis", N_("Borealis: Arctic Expeditions"), "art/covers/borealis.svg", "game.borealis.rules"),
    Entry("iceflow", N_("Ice Flow"), "art/covers/iceflow.svg", "game.iceflow.rules"),
    Entry("dominant_species", N_("Dominant Species"), "art/covers/dominant_species.svg", None),
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


def display_name(game_id: str) -> str:
    """A game's name in the language of now, for a record or a profile: its id when no game has it."""
    if game_id in _extra:
        return _(_extra[game_id].info.name)
    entry = next((e for e in CATALOGUE if e.id == game_id), None)
    return entry.name if entry is not None else game_id


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
