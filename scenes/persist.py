"""The shell's one door to storage (scenes/storage): every call is guarded, so a disk that fails
to save never ends a game; the player loses at most that save."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scenes.storage import saves, settings
from scenes.storage.profiles import Profiles
from scenes.storage.settings import Settings

if TYPE_CHECKING:
    from scenes.match import Match

log = logging.getLogger(__name__)


def load_settings() -> Settings:
    try:
        return settings.load_settings()
    except Exception:  # noqa: BLE001 - settings must never stop the app from opening
        log.exception("settings could not be read")
        return Settings()


def save_settings(chosen: Settings) -> None:
    try:
        settings.save_settings(chosen)
    except Exception:  # noqa: BLE001
        log.exception("settings could not be saved")


def saved_game(match: Match) -> saves.SavedGame:
    seats = [saves.Seat(s.name, s.colour, s.kind, s.level) for s in match.seats]
    return saves.SavedGame(match.history.record, seats)


def autosave(match: Match) -> None:
    """Write the match as the autosave (atomic, by the storage module)."""
    if not match.savable:
        return
    try:
        saves.save_autosave(saved_game(match))
    except Exception:  # noqa: BLE001 - a failed save must not end the game
        log.exception("autosave failed")


def load_autosave() -> tuple[Any | None, str | None]:
    """(SavedGame or None, a sentence if a corrupt autosave was moved aside)."""
    try:
        return saves.load_autosave()
    except Exception:  # noqa: BLE001
        log.exception("autosave could not be read")
        return None, None


def clear_autosave() -> None:
    with contextlib.suppress(Exception):
        saves.clear_autosave()


def load_save_file(path: str) -> Any:
    """A save file (SavedGame); raises SaveError / OSError for the caller to show."""
    return saves.load_file(path)


# --- finished games, profiles and achievements ---------------------------------------------------


@dataclass(frozen=True)
class Earned:
    """What one human seat earned in a finished game."""

    seat: int
    name: str
    colour: int
    earned: tuple[str, ...]
    """Ids of the achievements completed in this game, in the game's display order."""
    new: frozenset[str]
    """Those of them earned for the first time (only when the game was just recorded)."""
    total: int
    """How many of the game's achievements this player holds now."""


@dataclass(frozen=True)
class FinishReport:
    game_id: str
    names: dict[str, str]
    """The game's achievements, id -> name, in display order (empty: the game has none)."""
    players: tuple[Earned, ...]
    recorded: bool
    """Whether the game was just kept in the profiles database."""

    @property
    def out_of(self) -> int:
        return len(self.names)


def _game_hook(game: Any, method: str, *args: Any, default: Any) -> Any:
    """An optional per-game hook (game.core.contract.Game); a failing hook gives ``default``."""
    hook = getattr(game, method, None)
    if hook is None:
        return default
    try:
        return hook(*args)
    except Exception:  # noqa: BLE001 - achievements must never break the end of a game
        log.exception("%s failed", method)
        return default


def achievement_names(game: Any) -> dict[str, str]:
    return dict(_game_hook(game, "achievement_names", default={}) or {})


def achievement_title(game: Any, count: int) -> str:
    return str(_game_hook(game, "achievement_title", count, default="") or "")


def _earned(match: Match, seat: int, order: dict[str, str]) -> tuple[str, ...]:
    done = set(_game_hook(match.game, "achievements", match.state, seat, default=set()) or ())
    return tuple(a for a in order if a in done) + tuple(sorted(done - set(order)))


def record_finished(match: Match) -> FinishReport | None:
    """Keep a finished game in the profiles database: its row (record, names, scores, winners), a
    profile for every human seat and the achievements each earned. Call it once per finished game.
    Returns what the humans earned (None if the match is not over or cannot be saved)."""
    if not match.savable or not match.is_over():
        return None
    game_id = match.game.info.id
    names = achievement_names(match.game)
    earned = {seat: _earned(match, seat, names) for seat in match.humans}
    new: dict[int, list[str]] = {seat: [] for seat in earned}
    totals = {seat: len(done) for seat, done in earned.items()}
    recorded = False
    try:
        result = match.result()
        with Profiles() as profiles:
            row = profiles.record_game(
                game_id, match.history.record, [s.name for s in match.seats], result.scores, result.winners
            )
            recorded = True
            for seat, done in earned.items():
                name = match.seats[seat].name
                profiles.ensure_profile(name, match.seats[seat].colour)
                new[seat] = profiles.add_achievements(name, game_id, done, row)
                totals[seat] = len(profiles.achievements(name, game_id))
    except Exception:  # noqa: BLE001
        log.exception("finished game could not be recorded")
    players = tuple(
        Earned(seat, match.seats[seat].name, match.seats[seat].colour, done, frozenset(new[seat]), totals[seat])
        for seat, done in earned.items()
    )
    return FinishReport(game_id, names, players, recorded)


def finished_summary(match: Match) -> FinishReport | None:
    """For a finished game that was not just recorded (resumed, reopened): what the humans earned in it
    and what they hold, read without writing anything."""
    if not match.is_over():
        return None
    game_id = match.game.info.id
    names = achievement_names(match.game)
    earned = {seat: _earned(match, seat, names) for seat in match.humans}
    held: dict[int, int] = {seat: len(done) for seat, done in earned.items()}
    try:
        with Profiles() as profiles:
            for seat, done in earned.items():
                held[seat] = len(profiles.achievements(match.seats[seat].name, game_id) | set(done))
    except Exception:  # noqa: BLE001
        log.exception("profiles could not be read")
    players = tuple(
        Earned(seat, match.seats[seat].name, match.seats[seat].colour, done, frozenset(), held[seat])
        for seat, done in earned.items()
    )
    return FinishReport(game_id, names, players, False)


@dataclass(frozen=True)
class PlayerCard:
    """One profile as the Players screen shows it."""

    name: str
    colour: int
    played: int
    wins: int
    achievements: dict[str, frozenset[str]]
    """Game id -> the achievement ids held in that game."""


@dataclass(frozen=True)
class Overview:
    players: list[PlayerCard]
    history: list[Any]
    """The most recent finished games (scenes.storage.profiles.GameRow), newest first."""
    message: str | None = None


def _winner_names(row: Any) -> set[str]:
    return {row.players[w] for w in row.winners if 0 <= w < len(row.players)}


def profiles_overview(game_ids: list[str], recent: int = 40) -> Overview:
    """Every profile with games played, wins and achievements per game, and the recent finished games."""
    try:
        with Profiles() as profiles:
            every = profiles.history(limit=1_000_000)
            cards = []
            for p in profiles.profiles():
                mine = [row for row in every if p.name in row.players]
                wins = sum(1 for row in mine if p.name in _winner_names(row))
                held = {g: frozenset(profiles.achievements(p.name, g)) for g in game_ids}
                cards.append(PlayerCard(p.name, p.colour, len(mine), wins, held))
            return Overview(cards, every[:recent], profiles.message)
    except Exception:  # noqa: BLE001
        log.exception("profiles could not be read")
        return Overview([], [])


def known_profiles() -> list[tuple[str, int]]:
    """(name, colour) of every profile, by name."""
    try:
        with Profiles() as profiles:
            return [(p.name, p.colour) for p in profiles.profiles()]
    except Exception:  # noqa: BLE001
        log.exception("profiles could not be read")
        return []
