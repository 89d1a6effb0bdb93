"""The player's settings, in data_dir/settings.json; a bad file gives the defaults and is moved aside."""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core.i18n import LANGUAGES
from scenes.storage import atomic
from scenes.storage.paths import data_dir, move_aside

SETTINGS = "settings.json"
MAX_BYTES = 64 * 1024


@dataclass
class Settings:
    language: str = "en"
    palette: str = "standard"
    volume: float = 0.8
    ui_scale: float = 1.0
    fullscreen: bool = False
    muted: bool = False
    bot_speed: str = "normal"
    """How long a bot's move stays in sight before the next: slow, normal or fast."""
    confirm_turn: bool = False
    """Between two humans, the screen passes only when the one who moved says so."""
    last_setup: dict[str, Any] = field(default_factory=dict)
    """Game id -> the setup last started for it (players, seats, kids' mode, variants)."""


BOT_SPEEDS = ("slow", "normal", "fast")
SETUP_LIMITS = {"games": 10, "seats": 8, "name": 24, "variants": 10, "text": 40}


def _short_text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _setup(value: Any) -> dict[str, Any] | None:
    """One game's last setup, as a setup screen may start from it; None for anything else."""
    lim = SETUP_LIMITS
    if not isinstance(value, dict) or set(value) - {"players", "kids", "variants", "seats"}:
        return None
    players, kids, variants, seats = (value.get(k) for k in ("players", "kids", "variants", "seats"))
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= lim["seats"]:
        return None
    if not isinstance(kids, bool) or not isinstance(variants, dict) or len(variants) > lim["variants"]:
        return None
    if not all(_short_text(k, lim["text"]) and _short_text(v, lim["text"]) for k, v in variants.items()):
        return None
    if not isinstance(seats, list) or len(seats) > lim["seats"]:
        return None
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) != {"name", "colour", "kind", "level"}:
            return None
        colour = seat["colour"]
        if (not _short_text(seat["name"], lim["name"]) or isinstance(colour, bool) or not isinstance(colour, int)
                or not 0 <= colour < 64 or seat["kind"] not in ("human", "bot")
                or seat["level"] not in ("easy", "normal", "hard")):
            return None
    return {"players": players, "kids": kids, "variants": dict(variants), "seats": [dict(x) for x in seats]}


def settings_path() -> Path:
    return data_dir() / SETTINGS


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError("not a number")
    if not low <= value <= high:
        raise ValueError("out of range")
    return float(value)


def from_json(data: Any) -> Settings:
    """Settings from JSON data; raises ValueError for anything that is not a settings table.
    Unknown keys are ignored and missing ones take their default, so older files still load."""
    if not isinstance(data, dict):
        raise ValueError("settings should be a table")
    out = Settings()
    if "language" in data:
        if not isinstance(data["language"], str):
            raise ValueError("language should be text")
        # A language this version does not ship falls back to English rather than losing the file.
        out.language = data["language"] if data["language"] in LANGUAGES else "en"
    if "palette" in data:
        palette = data["palette"]
        if not isinstance(palette, str) or not palette.isidentifier() or len(palette) > 40:
            raise ValueError("palette should be a short name")
        out.palette = palette
    if "volume" in data:
        out.volume = _number(data["volume"], 0.0, 1.0)
    if "ui_scale" in data:
        out.ui_scale = _number(data["ui_scale"], 0.5, 3.0)
    if "fullscreen" in data:
        if not isinstance(data["fullscreen"], bool):
            raise ValueError("fullscreen should be true or false")
        out.fullscreen = data["fullscreen"]
    if "muted" in data:
        if not isinstance(data["muted"], bool):
            raise ValueError("muted should be true or false")
        out.muted = data["muted"]
    if "confirm_turn" in data:
        if not isinstance(data["confirm_turn"], bool):
            raise ValueError("confirm_turn should be true or false")
        out.confirm_turn = data["confirm_turn"]
    if isinstance(data.get("last_setup"), dict):
        # a setup that does not read is forgotten, not the whole file
        setups = {k: _setup(v) for k, v in list(data["last_setup"].items())[: SETUP_LIMITS["games"]]
                  if _short_text(k, SETUP_LIMITS["text"])}
        out.last_setup = {k: v for k, v in setups.items() if v is not None}
    if "bot_speed" in data:
        # a speed this version does not know falls back to normal rather than losing the file
        out.bot_speed = data["bot_speed"] if data["bot_speed"] in BOT_SPEEDS else "normal"
    return out


def load_settings() -> Settings:
    """The saved settings; defaults when there are none. A corrupt file is moved aside into corrupt/."""
    path = settings_path()
    if not path.exists():
        return Settings()
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError("too large")
        return from_json(json.loads(path.read_bytes().decode("utf-8")))
    except (ValueError, RecursionError, OSError):
        with contextlib.suppress(OSError):
            move_aside(path)
        return Settings()


def save_settings(settings: Settings) -> None:
    data = {f.name: getattr(settings, f.name) for f in fields(settings)}
    atomic.write_text(settings_path(), json.dumps(data, indent=2, allow_nan=False) + "\n")


__all__ = ["BOT_SPEEDS", "Settings", "from_json", "load_settings", "save_settings", "settings_path"]
