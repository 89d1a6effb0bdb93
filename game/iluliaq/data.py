"""Iluliaq's numbers: the stacks and the draw deck (FOUND), the seals' stay and the game's length
limit (PROPOSED, shared/rules/iluliaq.md), read from assets/data/iluliaq/cards.json's ``rules``."""

from __future__ import annotations

from typing import Any

from game.core.messages import Msg, msg
from game.iluliaq.table import ANIMALS, animal_type, card_data

IDS = tuple(range(ANIMALS))


def rule(key: str) -> Any:
    return card_data()["rules"][key]


def stack_size(good_aim: bool) -> int:
    return rule("good_aim_stack") if good_aim else rule("stack")


def type_name(kind: str) -> Msg:
    """The type's name as the data file spells it ("Polar bear"), translated when shown."""
    if kind == "iceberg":
        return msg("Iceberg card")
    return msg(card_data()["types"][kind]["name"])


def card_name(card: int) -> Msg:
    return type_name(animal_type(card))
