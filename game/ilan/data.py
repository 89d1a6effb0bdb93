"""ILAN's numbers and expeditions, read from assets/data/ilan/rules.json (the rulebook's values, and
the PROPOSED kids' target and round cap of the rules spec §3.3)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.contract import SeatColour
from game.core.paths import asset


@dataclass(frozen=True)
class Config:
    start_bio: int
    start_factors: int
    current_min: int
    hand_limit: int
    ecosystem_limit: int
    web_points: dict[int, int]
    """Colours in a web -> its VP."""
    web_needs: str
    """The colour every web must hold."""
    target: int
    kids_target: int
    round_cap: int


@dataclass(frozen=True)
class Expedition:
    key: str
    name: str
    """The ecosystem's name (shown translated)."""
    colour: str
    rgb: str
    shape: str
    base: str


@cache
def _data() -> dict[str, Any]:
    with open(asset("data", "ilan", "rules.json"), encoding="utf-8") as f:
        return json.load(f)


@cache
def config() -> Config:
    raw = dict(_data()["config"])
    raw["web_points"] = {int(k): v for k, v in raw["web_points"].items()}
    return Config(**raw)


@cache
def expeditions() -> tuple[Expedition, ...]:
    return tuple(Expedition(**e) for e in _data()["expeditions"])


def seat_colours() -> tuple[SeatColour, ...]:
    return tuple(SeatColour(e.key, e.name, e.rgb, e.shape) for e in expeditions())
