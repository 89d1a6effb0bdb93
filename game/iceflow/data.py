"""Ice Flow's numbers, read from assets/data/iceflow/rules.json: the supply, the 24 floes' ridges and
the 14 Iceberg cards, and every PROPOSED value of the rules (shared/rules/iceflow.md §13.2)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.hexgrid import mask_of
from game.core.paths import asset


@dataclass(frozen=True)
class Card:
    id: int
    code: str
    """The spec's name of the card (C01-C14)."""
    ropes: int
    fish: int
    bears: int


@dataclass(frozen=True)
class Config:
    backpack_size: int
    start_ropes: int
    start_fish: int
    max_explorers_per_floe: int
    max_explorers_per_alaska_station: int
    max_bears_per_floe: int
    start_floes: dict[int, int]
    explorers_per_player: int
    round_cap: int
    short_round_cap: int
    """[P] The "short game" option's cap: the same ranking after this many rounds."""
    max_steps_per_move: int
    """[P] A move of more steps is refused: steps over flat edges cost nothing, so without a bound a
    move could go on for ever; no useful path on the strait is half as long."""
    land_to_land_walk: bool
    """[P] Whether an explorer may walk from one piece of land to the next (the two Diomede islands)."""


@cache
def _data() -> dict[str, Any]:
    with open(asset("data", "iceflow", "rules.json"), encoding="utf-8") as f:
        return json.load(f)


@cache
def config() -> Config:
    raw = dict(_data()["config"])
    raw["start_floes"] = {int(k): v for k, v in raw["start_floes"].items()}
    return Config(**raw)


@cache
def ridges() -> tuple[int, ...]:
    """Each floe's ridged edges as a mask over its own edges (bit 0: its north edge unturned)."""
    return tuple(mask_of(f["ridges"]) for f in sorted(_data()["floes"], key=lambda f: f["id"]))


@cache
def cards() -> tuple[Card, ...]:
    return tuple(Card(**c) for c in sorted(_data()["cards"], key=lambda c: c["id"]))


def supply() -> dict[str, int]:
    return dict(_data()["supply"])

