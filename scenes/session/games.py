"""The games in progress as Continue lists them: read from ``saves/``, checked, newest first.

Reading a save means replaying it, so what was read is kept (``_CACHE``) until its file changes. Every
surprise becomes a sentence in ``persist.STATUS`` and nothing is lost: a save that cannot be used is
moved into ``corrupt/`` (a file that is not an ordinary one is only renamed, never opened); a save
whose last actions do not replay goes on from its last good action, its original kept in
``corrupt/``; a save of a game that had ended is kept with the finished games.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from typing import Any

from game.core.errors import SaveError
from game.core.i18n import _, ngettext
from scenes.session import persist
from scenes.storage import in_progress, saves

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class InProgress:
    """One game in progress."""

    name: str
    """Its file in ``saves/``."""
    saved: saves.SavedGame
    played_at: float
    """When it was last saved (seconds since the epoch)."""
    dropped: int = 0
    """How many actions at the end of its save could not be replayed and were left out (this session)."""

    @property
    def game_id(self) -> str:
        return self.saved.record.game

    @property
    def moves(self) -> int:
        return len(self.saved.record.actions)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.saved.seats]

    def match(self) -> Any:
        """A match that goes on from here, saving into the same file."""
        from scenes.session.match import Match

        return Match.from_saved(self.saved, on_action=persist.autosave, save_name=self.name)


_GUARD = threading.RLock()
_CACHE: dict[str, tuple[tuple[int, int, int], InProgress | None]] = {}
"""Save file (its whole path) -> (its key when read, the game in it; None: a finished game, kept already)."""


def _unusable(path: Any, reason: str) -> None:
    """Move a save that cannot be resumed into ``corrupt/`` and say so."""
    try:
        kept = str(in_progress.set_aside(path.name) or path)
    except OSError:
        kept = str(path)
    persist.STATUS.notice(
        _("A game in progress could not be resumed: {reason} It was kept as {path}.").format(reason=reason, path=kept)
    )


def _read(entry: in_progress.Entry) -> InProgress | None:
    """The game in one save file (None: set aside, or a finished game now kept with the others)."""
    if not entry.regular:
        _unusable(entry.path, saves.kind_refusal(entry.mode, entry.path))  # renamed, never opened
        return None
    try:
        resumed = saves.load_resumable(entry.path)
    except SaveError as exc:
        _unusable(entry.path, str(exc))
        return None
    except Exception as exc:  # noqa: BLE001 - belt and braces: never crash on a save
        _unusable(entry.path, _("The file holds data the game cannot use ({error}).").format(
            error=exc.__class__.__name__))
        return None
    game = InProgress(entry.name, resumed.saved, entry.played_at_ns / 1e9, resumed.dropped)
    if resumed.dropped:
        _keep_what_replays(entry, resumed)
    try:
        match = game.match()
        over = match.is_over()
    except Exception:  # noqa: BLE001 - said when it is chosen (and its table fails to open)
        return game
    if over:
        report = persist.record_finished(match)
        if report is not None and report.recorded:
            persist.STATUS.notice(_("A game that had ended is now with the finished games."), "info")
        return None
    return game


def _keep_what_replays(entry: in_progress.Entry, resumed: saves.Resumed) -> None:
    """The original in ``corrupt/``, the save cut at its last good action in its place (its time kept)."""
    try:
        kept = in_progress.keep_copy(entry.name, resumed.raw, entry.played_at_ns)
        in_progress.write(entry.name, resumed.saved.dumps())
        os.utime(entry.path, ns=(entry.played_at_ns, entry.played_at_ns))
        where = str(kept)
    except OSError as exc:
        log.warning("a save cut at its last good action could not be written: %s", exc)
        where = ""
    text = ngettext(
        "{n} move at the end of a saved game could not be replayed and was left out: the game goes on "
        "from the move before.",
        "{n} moves at the end of a saved game could not be replayed and were left out: the game goes on "
        "from the last good move.",
        resumed.dropped,
    ).format(n=resumed.dropped)
    if where:
        text += " " + _("The original file is kept as {path}.").format(path=where)
    persist.STATUS.notice(text)


def _adopt() -> None:
    """Bring the autosave of an older version in among the games in progress (a rename)."""
    try:
        in_progress.adopt_legacy()
    except OSError as exc:
        log.warning("the old autosave could not be moved into the saves folder: %s", exc)


def changed() -> tuple:
    """What the folder holds now (file names and keys): it differs whenever a save was written,
    added or removed, so a screen reads the list again only then."""
    _adopt()
    try:
        return tuple((e.name, e.key) for e in in_progress.entries())
    except OSError:
        return ()


def bytes_to_read() -> int:
    """How much the next ``listing`` has to read (the saves not read since they last changed)."""
    try:
        found = in_progress.entries()
    except OSError:
        return 0
    with _GUARD:
        return sum(e.size for e in found if _CACHE.get(str(e.path), (None,))[0] != e.key)


def listing() -> list[InProgress]:
    """The games in progress, the most recently played first (what older versions autosaved is among
    them). Reads only the saves that changed since the last call; never raises."""
    _adopt()
    try:
        found = in_progress.entries()
    except OSError:
        log.exception("the saves folder cannot be listed")
        return []
    games = []
    with _GUARD:
        for entry in found:
            cached = _CACHE.get(str(entry.path))
            if cached is None or cached[0] != entry.key:
                try:
                    game = _read(entry)
                except Exception:  # noqa: BLE001 - one bad save never hides the others
                    log.exception("a save could not be read")
                    continue
                cached = (entry.key, game)
                if os.path.lexists(entry.path):
                    try:
                        info = os.stat(entry.path, follow_symlinks=False)
                        cached = ((info.st_mtime_ns, info.st_size, info.st_ino), game)
                    except OSError:
                        pass
                    _CACHE[str(entry.path)] = cached
            if cached[1] is not None:
                games.append(cached[1])
        for path in set(_CACHE) - {str(e.path) for e in found}:
            del _CACHE[path]
    return sorted(games, key=lambda g: (-g.played_at, g.name))


def forget_cache() -> None:
    """Read every save again at the next listing (tests, a changed language)."""
    with _GUARD:
        _CACHE.clear()


def delete(name: str) -> bool:
    """Delete a game in progress (the player confirmed it); whether it is gone."""
    try:
        in_progress.remove(name)
    except (OSError, ValueError) as exc:
        log.warning("a game in progress could not be deleted: %s", exc)
        persist.STATUS.notice(_("The game could not be deleted: {reason}.").format(reason=persist.reason(exc)))
        return False
    with _GUARD:
        _CACHE.pop(str(in_progress.path_of(name)), None)
    return True
