"""ILAN's 108 cards, read from assets/data/ilan/cards.json (rules spec §3.3.3-3.3.4, PROPOSED): each
card's words in English, Spanish and Italian and its abilities parsed from their Code spans.

A card in play is a number (``card:N``): the biodiversity cards first, each copy its own number, then
the factors cards, in the file's order. Nothing in the rules reads a card's id except through a filter
written on a card, so the file can be replaced by the real game's cards without code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.messages import Words
from game.core.paths import asset
from game.ilan.abilities.notation import Ability, Active, Extra, Immune, Passive, Triggered
from game.ilan.abilities.parse import NotationError, parse

BIO = "bio"
FACTORS = "factors"
COLOURS = ("green", "blue", "yellow", "orange", "red")


@dataclass(frozen=True)
class Category:
    number: int
    colour: str
    group: Words


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    """``bio`` or ``factors``."""
    entry: int
    """The card's place among the file's entries: triggers of one seat fire in this order (by id)."""
    category: int
    """0-9 for a biodiversity card, -1 for a factors card."""
    colour: str
    type: str
    """A factors card's ``natural`` or ``human`` ("" for biodiversity)."""
    name: Words
    spanish: str
    scientific: str
    icon: str | None
    abilities: tuple[Ability, ...]
    texts: tuple[Words, ...]
    """Each ability's words, in the order of ``abilities``."""
    fact: Words

    @property
    def bio(self) -> bool:
        return self.deck == BIO

    @property
    def active(self) -> Active | None:
        return next((a for a in self.abilities if isinstance(a, Active)), None)

    @property
    def passives(self) -> tuple[Passive, ...]:
        return tuple(a for a in self.abilities if isinstance(a, (Triggered, Extra, Immune)))


@dataclass(frozen=True)
class Cards:
    categories: tuple[Category, ...]
    cards: tuple[Card, ...]
    """Card number -> card (copies repeat their entry)."""
    groups: dict[str, tuple[str, ...]]

    @property
    def bio(self) -> tuple[int, ...]:
        return tuple(n for n, card in enumerate(self.cards) if card.bio)

    @property
    def factors(self) -> tuple[int, ...]:
        return tuple(n for n, card in enumerate(self.cards) if not card.bio)


class CardDataError(ValueError):
    """The cards file does not describe a deck the rules can play (the sentence says why)."""


def _words(raw: Any, where: str) -> Words:
    if not isinstance(raw, dict) or not isinstance(raw.get("en"), str) or not raw["en"].strip():
        raise CardDataError(f"{where} needs an English text")
    return Words.of({k: v for k, v in raw.items() if isinstance(v, str)})


def read_cards(data: dict[str, Any]) -> Cards:
    """The cards described by ``data`` (the JSON of cards.json), every Code span parsed."""
    categories = tuple(Category(c["category"], c["colour"], _words(c["group"], f"category {c['category']}"))
                       for c in data["categories"])
    colour_of = {c.number: c.colour for c in categories}
    if sorted(colour_of) != list(range(10)) or not set(colour_of.values()) <= set(COLOURS):
        raise CardDataError("the categories must be 0 to 9, each with one of the five colours")
    groups = {name: tuple(ids) for name, ids in data.get("groups", {}).items()}
    cards: list[Card] = []
    for entry, raw in enumerate(data["cards"]):
        cid = raw["id"]
        bio = raw["deck"] == BIO
        abilities: list[Ability] = []
        for span in raw["abilities"]:
            try:
                abilities.append(parse(span["code"], cid, groups))
            except NotationError as error:
                raise CardDataError(str(error)) from error
        icons = {a.icon for a in abilities if not isinstance(a, Active)}
        if bio and icons != ({raw["icon"]} if raw.get("icon") else set()):
            raise CardDataError(f"{cid}: its icon {raw.get('icon')} is not its passive's {sorted(icons)}")
        if not bio and (icons or len(abilities) != 1):
            raise CardDataError(f"{cid}: a factors card has one effect (A: …) and no passive")
        card = Card(
            id=cid, deck=raw["deck"], entry=entry,
            category=raw["category"] if bio else -1,
            colour=colour_of[raw["category"]] if bio else "",
            type="" if bio else raw["type"],
            name=_words(raw["name"], cid), spanish=raw["name"].get("es", ""),
            scientific=raw.get("scientific", ""), icon=raw.get("icon"),
            abilities=tuple(abilities),
            texts=tuple(_words(span, f"{cid}'s ability") for span in raw["abilities"]),
            fact=_words(raw["fact"], f"{cid}'s fact"),
        )
        cards += [card] * raw.get("copies", 1)
    cards.sort(key=lambda c: not c.bio)
    return Cards(categories, tuple(cards), groups)


@cache
def all_cards() -> Cards:
    with open(asset("data", "ilan", "cards.json"), encoding="utf-8") as f:
        return read_cards(json.load(f))


def card(number: int) -> Card:
    return all_cards().cards[number]
