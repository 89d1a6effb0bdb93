"""Borealis's constant data, loaded once from assets/data/borealis/*.json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.i18n import N_
from game.core.paths import asset

COLOURS = ("A", "M", "P")
"""Scientist colours: amber, mint, pink (index = colour number in the state)."""
TOKEN_VALUES = (1, 3, 5)
LOCATION_NAMES = (N_("left"), N_("middle"), N_("right"))
"""In English, as ids (position files use them); shown through ``_()``."""
TRACK_SPACES = 7
"""Spaces after the start on each exploration track (flags run 0..7)."""


@dataclass(frozen=True)
class Card:
    id: int
    species: str
    vehicle: str
    left: int
    """Colour number of the scientist on the upper (left-pointing) arrow."""
    right: int
    """Colour number of the scientist on the lower (right-pointing) arrow."""
    vp: int


@dataclass(frozen=True)
class Board:
    name: str
    tracks: tuple[tuple[frozenset[str], ...], ...]
    """Per location, per space 1..7 (index 0..6): the two vehicles printed there."""


def _load(name: str) -> Any:
    with open(asset("data", "borealis", name), encoding="utf-8") as handle:
        return json.load(handle)


@cache
def card_data() -> dict[str, Any]:
    return _load("cards.json")


@cache
def cards() -> tuple[Card, ...]:
    return tuple(
        Card(c["id"], c["species"], c["vehicle"], COLOURS.index(c["left"]), COLOURS.index(c["right"]), c["vp"])
        for c in card_data()["cards"]
    )


def card(card_id: int) -> Card:
    return cards()[card_id]


@cache
def species() -> tuple[str, ...]:
    return tuple(card_data()["species"])


@cache
def vehicles() -> tuple[str, ...]:
    return tuple(card_data()["vehicles"])


def species_name(key: str) -> str:
    return card_data()["species"][key]["name"]


def species_short(key: str) -> str:
    """The animal in one word ("Puffin"), for a card too narrow for its whole name."""
    return card_data()["species"][key].get("short", species_name(key))


def colour_name(colour: int) -> str:
    return card_data()["scientists"][COLOURS[colour]]["name"]


ONE_SCIENTIST = (N_("an amber scientist"), N_("a mint scientist"), N_("a pink scientist"))
"""One scientist of each colour with its article, in ``COLOURS`` order: whole phrases, so that
each language puts its own article and agreement ("an amber scientist", "uno scienziato ambra")."""


@cache
def boards_data() -> dict[str, Any]:
    return _load("boards.json")


@cache
def boards() -> tuple[Board, ...]:
    return tuple(
        Board(p["name"], tuple(tuple(frozenset(space) for space in track) for track in p["tracks"]))
        for p in boards_data()["patterns"]
    )


@cache
def track_vp() -> tuple[tuple[int, ...], ...]:
    """VP of each space 0..7, per location."""
    return tuple(tuple(row) for row in boards_data()["track_vp"])


@cache
def objectives() -> dict[str, dict[str, Any]]:
    return {o["id"]: o for o in _load("objectives.json")["objectives"]}


@cache
def objective_types() -> tuple[str, ...]:
    return tuple(_load("objectives.json")["types"])


@cache
def scoring_cards() -> dict[str, dict[str, Any]]:
    return {s["id"]: s for s in _load("scoring_cards.json")["scoring_cards"]}


@cache
def rules() -> dict[str, Any]:
    return _load("rules.json")


@cache
def set_vp() -> tuple[int, ...]:
    return tuple(rules()["set_vp"])


@cache
def token_supply() -> tuple[int, ...]:
    supply = rules()["token_supply"]
    return tuple(supply[str(v)] for v in TOKEN_VALUES)


def proposed(key: str) -> Any:
    return rules()["proposed"][key]


@cache
def achievements_data() -> dict[str, Any]:
    return _load("achievements.json")
