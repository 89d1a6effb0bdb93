"""The shell's one door to storage (scenes/storage, written separately): every call is guarded so the
app still runs, without saving, if a storage module is missing or fails."""

from __future__ import annotations

import contextlib
import importlib
import logging
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scenes.match import Match

log = logging.getLogger(__name__)


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"scenes.storage.{name}")
    except ImportError:
        return None


@dataclass
class FallbackSettings:
    """The same fields as scenes.storage.settings.Settings, used if that module is missing."""

    language: str = "en"
    palette: str = "standard"
    volume: float = 0.8
    ui_scale: float = 1.0
    fullscreen: bool = False


def load_settings() -> Any:
    mod = _module("settings")
    if mod is None:
        return FallbackSettings()
    try:
        return mod.load_settings()
    except Exception:  # noqa: BLE001 - settings must never stop the app from opening
        log.exception("settings could not be read")
        return mod.Settings()


def save_settings(settings: Any) -> None:
    mod = _module("settings")
    if mod is None:
        return
    try:
        if not isinstance(settings, mod.Settings):
            settings = mod.Settings(**vars(settings))
        mod.save_settings(settings)
    except Exception:  # noqa: BLE001
        log.exception("settings could not be saved")


def saved_game(match: Match) -> Any | None:
    mod = _module("saves")
    if mod is None:
        return None
    seats = [mod.Seat(s.name, s.colour, s.kind, s.level) for s in match.seats]
    return mod.SavedGame(match.history.record, seats)


def autosave(match: Match) -> None:
    """Write the match as the autosave (atomic, by the storage module)."""
    mod = _module("saves")
    if mod is None or not match.savable:
        return
    try:
        saved = saved_game(match)
        if saved is not None:
            mod.save_autosave(saved)
    except Exception:  # noqa: BLE001 - a failed save must not end the game
        log.exception("autosave failed")


def load_autosave() -> tuple[Any | None, str | None]:
    """(SavedGame or None, a sentence if a corrupt autosave was moved aside)."""
    mod = _module("saves")
    if mod is None:
        return None, None
    try:
        return mod.load_autosave()
    except Exception:  # noqa: BLE001
        log.exception("autosave could not be read")
        return None, None


def clear_autosave() -> None:
    mod = _module("saves")
    if mod is None:
        return
    with contextlib.suppress(Exception):
        mod.clear_autosave()


def load_save_file(path: str) -> Any:
    """A save file (SavedGame); raises SaveError / OSError for the caller to show."""
    mod = _module("saves")
    if mod is None:
        raise ImportError("saves")
    return mod.load_file(path)


def record_finished(match: Match) -> None:
    """Keep a finished game in the profiles database."""
    mod = _module("profiles")
    if mod is None or not match.savable:
        return
    try:
        result = match.result()
        with mod.Profiles() as profiles:
            for seat in match.seats:
                if seat.kind == "human":
                    profiles.ensure_profile(seat.name, seat.colour)
            profiles.record_game(
                match.game.info.id, match.history.record, [s.name for s in match.seats], result.scores, result.winners
            )
    except Exception:  # noqa: BLE001
        log.exception("finished game could not be recorded")
