"""The shell's one door to storage (scenes/storage): every call is guarded, so a disk that fails
to save never ends a game. Failures are said, not only logged: ``STATUS`` keeps passing notices (a
file set aside, a database busy) for the app to show whichever scene asked, and the lasting problems
(the game is not being saved, a finished game not yet kept) for a banner that stays until a later
write succeeds.

Nothing is lost to a full disk or a read-only folder: a save that could not be written is held in
memory (``PENDING``), and so is a finished game the database could not take (``UNKEPT``); the app
tries them again every few seconds while it runs (``retry``), and a finished game whose save is on
disk is kept when the app next starts (``scenes.session.games``)."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.i18n import _
from scenes.storage import atomic, in_progress, lock, paths, saves, settings
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
        with _HELD.guard:
            _HELD.saves.clear()
            _HELD.finished.clear()


class _Held:
    """What could not be written yet, kept in memory until a write succeeds."""

    def __init__(self) -> None:
        self.guard = threading.RLock()
        self.saves: dict[str, saves.SavedGame] = {}
        """Game in progress (its file name) -> its last save, not written yet."""
        self.finished: dict[str, Match] = {}
        """Game (its file name) -> a finished match the profiles database has not taken yet."""


_HELD = _Held()
STATUS = StorageStatus()


def take_notices() -> list[Notice]:
    return STATUS.take()


def reason(exc: BaseException) -> str:
    """Why a write failed, in words for the player."""
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
    has it), then clear what a killed write left behind (in the folder and among the saves). None when
    the folder cannot hold a lock (read-only): the app still opens, and says so when it fails to save."""
    try:
        folder = paths.data_dir()
        held = lock.acquire(folder)
    except lock.AlreadyOpen:
        raise
    except OSError as exc:
        log.warning("the data folder cannot be locked: %s", exc)
        return None
    atomic.clean_leftovers(folder)
    in_progress.clean_leftovers()
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
        STATUS.notice(_("Your settings could not be saved: {reason}.").format(reason=reason(exc)))


def saved_game(match: Match) -> saves.SavedGame:
    seats = [saves.Seat(s.name, s.colour, s.kind, s.level) for s in match.seats]
    return saves.SavedGame(match.history.record, seats)


def save_name(match: Match) -> str:
    """The file of ``match`` among the games in progress (given at its first save)."""
    if match.save_name is None:
        match.save_name = in_progress.new_name(match.game.info.id)
    return match.save_name


def autosave(match: Match) -> None:
    """Write the match to its own file among the games in progress (atomic, by the storage module). A
    save that cannot be written is held in memory and tried again (``retry``) until one is."""
    if not match.savable:
        return
    name = save_name(match)
    saved = saved_game(match)
    try:
        in_progress.write(name, saved.dumps())
    except Exception as exc:  # noqa: BLE001 - a failed save must not end the game
        log.warning("autosave failed: %s", exc)
        with _HELD.guard:
            _HELD.saves[name] = saves.SavedGame(_frozen_record(saved.record), list(saved.seats))
        STATUS.save_problem = _("This game is not being saved: {reason}.").format(reason=reason(exc))
    else:
        with _HELD.guard:
            _HELD.saves.pop(name, None)
            if not _HELD.saves:
                STATUS.save_problem = None


def _frozen_record(record: Any) -> Any:
    """A record of its own (the match goes on adding actions to the one it plays)."""
    import dataclasses

    return dataclasses.replace(record, actions=list(record.actions))


def unsaved() -> bool:
    """Whether a save or a finished game is held in memory, not written yet (or a table's save waits
    for the frame after its move's: ``Match.defer_saves``)."""
    from scenes.session import match as matches

    if matches.OWED:
        return True
    with _HELD.guard:
        return bool(_HELD.saves or _HELD.finished)


def retry() -> bool:
    """Write what is held in memory (the saves first, then the finished games to the database);
    whether anything is still held. The app calls this every few seconds while something is, and
    once more as it closes."""
    from scenes.session import match as matches

    matches.save_owed()
    with _HELD.guard:
        held = list(_HELD.saves.items())
        finished = list(_HELD.finished.values())
    for name, saved in held:
        try:
            in_progress.write(name, saved.dumps())
        except Exception as exc:  # noqa: BLE001
            STATUS.save_problem = _("This game is not being saved: {reason}.").format(reason=reason(exc))
            continue
        with _HELD.guard:
            if _HELD.saves.get(name) is saved:
                del _HELD.saves[name]
    with _HELD.guard:
        if not _HELD.saves:
            STATUS.save_problem = None
    for match in finished:
        _keep_finished(match)
    return unsaved()


def forget(match: Match) -> None:
    """The match's file is gone from the games in progress (kept with the finished games, or deleted)."""
    name = match.save_name
    if name is None:
        return
    with _HELD.guard:
        _HELD.saves.pop(name, None)
        if not _HELD.saves:
            STATUS.save_problem = None
    with contextlib.suppress(Exception):
        in_progress.remove(name)


def set_aside(name: str | None) -> str | None:
    """Move a game in progress (by its file name) into ``corrupt/``: one whose table failed to open.
    Where it went (None: it has no file)."""
    if name is None:
        return None
    with _HELD.guard:
        _HELD.saves.pop(name, None)
    try:
        kept = in_progress.set_aside(name)
    except Exception:  # noqa: BLE001
        log.exception("a save could not be set aside")
        return str(in_progress.path_of(name))
    return None if kept is None else str(kept)


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
    scores, winners, which seats were human), a profile for every human seat and the achievements each
    earned; then, and only then, remove its save from the games in progress. Keeping the same record
    again writes nothing (``recorded`` is False). When the database cannot be written, the game is
    held in memory and tried again while the app runs; its save stays on disk, where the next start
    keeps it, and ``STATUS.record_problem`` says which of the two is true.
    Returns what the humans earned (None if the match is not over or cannot be saved)."""
    if not match.savable or not match.is_over():
        return None
    return _keep_finished(match)[0]


def _on_disk(match: Match) -> bool:
    """Whether the match's last save was written (so the next start finds the game as it ended)."""
    name = match.save_name
    if name is None:
        return False
    with _HELD.guard:
        if name in _HELD.saves:
            return False
    try:
        return in_progress.path_of(name).is_file()
    except (OSError, ValueError):
        return False


def family_colour(match: Match, seat: int) -> int | None:
    """The family colour a seat's player takes in the profiles: the seat's, unless the game fixes its
    seats' colours (then the seat's colour is the game's, not the player's: None)."""
    return None if match.game.info.seat_colours else match.seats[seat].colour


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
            [(match.seats[seat].name, family_colour(match, seat), done) for seat, done in earned.items()],
            tuple(earned),
        )
        with _profiles() as profiles:
            out = profiles.keep_finished(finished)
        kept, recorded = True, out is not None
        for seat, (fresh, total) in zip(earned, out or (), strict=False):
            new[seat], totals[seat] = fresh, total
    except Exception as exc:  # noqa: BLE001
        log.warning("finished game could not be recorded: %s", exc)
        why = reason(exc).rstrip(".")
        if not _on_disk(match):
            autosave(match)  # its last save may not have been written: try now
        with _HELD.guard:
            _HELD.finished[save_name(match)] = match
        if _on_disk(match):
            STATUS.record_problem = _(
                "The finished game is not kept with the players' profiles yet: {reason}. "
                "It stays saved, and Polar Table keeps it when it next starts."
            ).format(reason=why)
        else:
            STATUS.record_problem = _(
                "The finished game is not saved yet: {reason}. Polar Table holds it and keeps trying: "
                "leave Polar Table open until this message goes."
            ).format(reason=why)
    if kept:
        with _HELD.guard:
            if match.save_name is not None:
                _HELD.finished.pop(match.save_name, None)
            if not _HELD.finished:
                STATUS.record_problem = None
        forget(match)
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


def profiles_overview(game_ids: list[str], recent: int = 40) -> Overview:
    """Every profile with games played, wins and achievements per game, and the recent finished games.
    A player's games are those they played as a human: a bot seat that bears their name is not them
    (in games kept before the database said which seats were human, every seat of that name counts)."""
    try:
        with _profiles() as profiles:
            every = profiles.history(limit=1_000_000)
            cards = []
            for p in profiles.profiles():
                seats = [(row, row.human_seats_of(p.name)) for row in every]
                mine = [(row, own) for row, own in seats if own]
                wins = sum(1 for row, own in mine if set(own) & set(row.winners))
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
