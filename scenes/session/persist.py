"""The shell's one door to storage (scenes/storage): every call is guarded, so a disk that fails
to save never ends a game. Failures are said, not only logged: ``STATUS`` keeps passing notices (a
file set aside, a database busy) for the app to show whichever scene asked, and the lasting problems
(the game is not being saved, a finished game not yet kept) for a banner that stays until a later
write succeeds."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.i18n import _
from scenes.storage import atomic, lock, paths, saves, settings
from scenes.storage.profiles import Finished, Profiles, ProfilesUnavailable, database_reason
from scenes.storage.settings import Settings

if TYPE_CHECKING:
    from scenes.session.match import Match

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notice:
    text: str
    kind: str = "error"


class StorageStatus:
    """What the family must be told about storage. One per process: the scenes that call storage do
    not own the app's toasts, so the app collects from here (thread-safe: bots save too)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._notices: list[Notice] = []
        self.save_problem: str | None = None
        """Why the game on the table is not being saved (None: the last autosave worked)."""
        self.record_problem: str | None = None
        """Why a finished game is not kept in the database yet (None: the last write worked)."""

    def notice(self, text: str, kind: str = "error") -> None:
        with self._guard:
            if all(n.text != text for n in self._notices):
                self._notices.append(Notice(text, kind))

    def take(self) -> list[Notice]:
        with self._guard:
            out, self._notices = self._notices, []
        return out

    def reset(self) -> None:
        self.take()
        self.save_problem = self.record_problem = None


STATUS = StorageStatus()


def take_notices() -> list[Notice]:
    return STATUS.take()


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return atomic.reason(exc)
    if isinstance(exc, sqlite3.Error):
        return database_reason(exc)
    if isinstance(exc, ProfilesUnavailable):
        return exc.reason
    return _("something unexpected went wrong")


# --- the data folder -------------------------------------------------------------------------------


def claim_data_folder() -> lock.DataLock | None:
    """At start: take the data folder for this app (raises lock.AlreadyOpen when another Polar Table
    has it), then clear what a killed write left behind. None when the folder cannot hold a lock
    (read-only): the app still opens, and says so when it fails to save."""
    try:
        folder = paths.data_dir()
        held = lock.acquire(folder)
    except lock.AlreadyOpen:
        raise
    except OSError as exc:
        log.warning("the data folder cannot be locked: %s", exc)
        return None
    atomic.clean_leftovers(folder)
    return held


def knock_on_data_folder() -> None:
    """Ask the Polar Table holding the data folder to bring its window to the front."""
    with contextlib.suppress(OSError):
        lock.knock(paths.data_dir())


def language_on_file() -> str:
    """The language the settings file names, read without changing anything (English otherwise)."""
    try:
        import json

        return settings.from_json(json.loads(settings.settings_path().read_bytes().decode("utf-8"))).language
    except Exception:  # noqa: BLE001 - a sentence in English is better than none
        return "en"


def load_settings() -> Settings:
    try:
        existed = settings.settings_path().exists()
        chosen = settings.load_settings()
        if existed and not settings.settings_path().exists():
            STATUS.notice(_("Your settings could not be read; the file was moved into the corrupt folder."))
        return chosen
    except Exception:  # noqa: BLE001 - settings must never stop the app from opening
        log.exception("settings could not be read")
        return Settings()


def save_settings(chosen: Settings) -> None:
    try:
        settings.save_settings(chosen)
    except Exception as exc:  # noqa: BLE001
        log.warning("settings could not be saved: %s", exc)
        STATUS.notice(_("Your settings could not be saved: {reason}.").format(reason=_reason(exc)))


def saved_game(match: Match) -> saves.SavedGame:
    seats = [saves.Seat(s.name, s.colour, s.kind, s.level) for s in match.seats]
    return saves.SavedGame(match.history.record, seats)


def autosave(match: Match) -> None:
    """Write the match as the autosave (atomic, by the storage module)."""
    if not match.savable:
        return
    try:
        saves.save_autosave(saved_game(match))
    except Exception as exc:  # noqa: BLE001 - a failed save must not end the game
        log.warning("autosave failed: %s", exc)
        STATUS.save_problem = _("This game is not being saved: {reason}.").format(reason=_reason(exc))
    else:
        STATUS.save_problem = None


def load_autosave() -> tuple[Any | None, str | None]:
    """(SavedGame or None, a sentence if a corrupt autosave was moved aside). An autosave of a game
    that had ended (the app stopped before keeping it) is kept with the finished games now, once."""
    try:
        saved, message = saves.load_autosave()
    except Exception:  # noqa: BLE001
        log.exception("autosave could not be read")
        return None, None
    if saved is None:
        return None, message
    try:
        from scenes.session.match import Match

        match = Match.from_saved(saved)
        if not match.is_over():
            return saved, message
    except Exception:  # noqa: BLE001 - the menu says what is wrong when it is resumed
        return saved, message
    report, kept = _keep_finished(match)
    if kept and report.recorded:
        STATUS.notice(_("Your last game had ended; it is now with the finished games."), "info")
    return None, message


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
    """Keep a finished game in the profiles database, in one transaction: its row (record, names,
    scores, winners), a profile for every human seat and the achievements each earned; then, and only
    then, remove its autosave. Keeping the same record again writes nothing (``recorded`` is False).
    When the database cannot be written, the autosave stays (the next start keeps the game) and
    ``STATUS.record_problem`` says why.
    Returns what the humans earned (None if the match is not over or cannot be saved)."""
    if not match.savable or not match.is_over():
        return None
    return _keep_finished(match)[0]


def _keep_finished(match: Match) -> tuple[FinishReport, bool]:
    """(the report, whether the game is in the database now, kept by this call or before)."""
    game_id = match.game.info.id
    names = achievement_names(match.game)
    earned = {seat: _earned(match, seat, names) for seat in match.humans}
    new: dict[int, list[str]] = {seat: [] for seat in earned}
    totals = {seat: len(done) for seat, done in earned.items()}
    recorded = kept = False
    try:
        result = match.result()
        finished = Finished(
            game_id,
            match.history.record,
            [s.name for s in match.seats],
            list(result.scores),
            list(result.winners),
            [(match.seats[seat].name, match.seats[seat].colour, done) for seat, done in earned.items()],
        )
        with _profiles() as profiles:
            out = profiles.keep_finished(finished)
        kept, recorded = True, out is not None
        for seat, (fresh, total) in zip(earned, out or (), strict=False):
            new[seat], totals[seat] = fresh, total
        STATUS.record_problem = None
    except Exception as exc:  # noqa: BLE001
        log.warning("finished game could not be recorded: %s", exc)
        STATUS.record_problem = _(
            "The finished game is not kept with the players' profiles yet: {reason}. "
            "It stays saved, and Polar Table keeps it when it next starts."
        ).format(reason=_reason(exc).rstrip("."))
    if kept:
        clear_autosave()
    players = tuple(
        Earned(seat, match.seats[seat].name, match.seats[seat].colour, done, frozenset(new[seat]), totals[seat])
        for seat, done in earned.items()
    )
    return FinishReport(game_id, names, players, recorded), kept


@contextlib.contextmanager
def _profiles() -> Iterator[Profiles]:
    """The profiles database; what opening it had to say (a file set aside, a busy database) goes to
    the notices, whichever scene asked."""
    try:
        db = Profiles()
    except ProfilesUnavailable as exc:
        STATUS.notice(str(exc))
        raise
    if db.message:
        STATUS.notice(db.message)
    try:
        yield db
    finally:
        db.close()


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
        with _profiles() as profiles:
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
    """Unused: what opening the database had to say goes to ``STATUS`` notices."""


def _winner_names(row: Any) -> set[str]:
    return {row.players[w] for w in row.winners if 0 <= w < len(row.players)}


def profiles_overview(game_ids: list[str], recent: int = 40) -> Overview:
    """Every profile with games played, wins and achievements per game, and the recent finished games."""
    try:
        with _profiles() as profiles:
            every = profiles.history(limit=1_000_000)
            cards = []
            for p in profiles.profiles():
                mine = [row for row in every if p.name in row.players]
                wins = sum(1 for row in mine if p.name in _winner_names(row))
                held = {g: frozenset(profiles.achievements(p.name, g)) for g in game_ids}
                cards.append(PlayerCard(p.name, p.colour, len(mine), wins, held))
            return Overview(cards, every[:recent])
    except Exception:  # noqa: BLE001
        log.exception("profiles could not be read")
        return Overview([], [])


def known_profiles() -> list[tuple[str, int]]:
    """(name, colour) of every profile, by name."""
    try:
        with _profiles() as profiles:
            return [(p.name, p.colour) for p in profiles.profiles()]
    except Exception:  # noqa: BLE001
        log.exception("profiles could not be read")
        return []
