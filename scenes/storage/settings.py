"""The player's settings, in data_dir/settings.json; a bad file gives the defaults and is moved aside."""

from __future__ import annotations

import contextlib
import json
import math
from dataclasses import dataclass, fields
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


BOT_SPEEDS = ("slow", "normal", "fast")


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
