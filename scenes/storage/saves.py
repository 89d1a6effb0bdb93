"""Save files: a game record plus who sits where, written atomically, read defensively.

A save file is JSON::

    {"format": "polar-table-save", "format_version": 1, "record": {...}, "seats": [{...}, ...]}

Reading never trusts the file: only an ordinary file is opened (never a named pipe or a device), its
size is checked before a byte is read, then it is validated field by field and fully replayed through
the rules. The games in progress are kept one file each by ``scenes.storage.in_progress``.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.bots import LEVELS
from game.core.errors import SaveError
from game.core.history import History
from game.core.i18n import _
from game.core.positions import check_bounds, check_can_go_on
from game.core.record import Record, rules_for, upgrade
from scenes.storage import atomic

FORMAT = "polar-table-save"
FORMAT_VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""Eight times the longest game we know how to build (20,000 Borealis actions save in 0.5 MB; an
Iluliaq game in under 0.1 MB): a bigger file is refused before any of it is read, and a file this
size parses in a fraction of a second."""
READ_CHUNK = 256 * 1024
MAX_NAME = 64
KINDS = ("human", "bot")


SEAT_KEYS = frozenset({"name", "colour", "kind", "level"})
SAVE_KEYS = frozenset({"format", "format_version", "record", "seats"})
_SPACES = frozenset({"Zs", "Zl", "Zp"})
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Control, format (zero-width, bidirectional marks), surrogate, private-use and unassigned characters."""


def clean_name(text: str) -> str:
    """A name safe to store and draw: NFC, without control, zero-width, bidirectional or surrogate
    characters, runs of whitespace folded to one space, at most MAX_NAME characters; "" if nothing
    usable is left (the caller refuses it)."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in _SPACES or ch in "\t\n\r":
            kept.append(" ")
        elif category not in _DROPPED and ch != "\ufffd":
            kept.append(ch)
    text = unicodedata.normalize("NFC", "".join(kept))
    return " ".join(text.split())[:MAX_NAME].strip()


def _refuse_unknown(data: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = [k for k in data if k not in allowed]
    if extra:
        raise SaveError(_("{where} holds {key}, which a save does not use.").format(where=where, key=_short(extra[0])))


@dataclass(frozen=True)
class Seat:
    name: str
    colour: int
    kind: str
    level: str = "normal"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Any, number: int) -> Seat:
        if not isinstance(data, dict):
            raise SaveError(_("Seat {n} should be a table.").format(n=number))
        _refuse_unknown(data, SEAT_KEYS, _("Seat {n}").format(n=number))
        name, colour, kind, level = (data.get(k) for k in ("name", "colour", "kind", "level"))
        name = clean_name(name) if isinstance(name, str) and len(name) <= MAX_NAME * 4 else None
        if not name:
            raise SaveError(_("Seat {n} has no usable name.").format(n=number))
        if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour <= 0xFFFFFF:
            raise SaveError(_("Seat {n} has no usable colour.").format(n=number))
        if kind not in KINDS:
            raise SaveError(_("Seat {n} should be a human or a bot.").format(n=number))
        if level not in LEVELS:
            raise SaveError(_("Seat {n} has an unknown bot level.").format(n=number))
        return cls(name, colour, kind, level)


@dataclass
class SavedGame:
    record: Record
    """The game record; once replayed, in the game's current version (an older record is migrated
    on load, so the next save writes the current version)."""
    seats: list[Seat]
    _replayed: History | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "record": self.record.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, allow_nan=False, separators=(",", ":"))

    def replayed(self) -> History:
        """The game replayed (once, then kept; checked on the way). Its record is the saved one
        brought up to the game's current version."""
        if self._replayed is None:
            self._replayed = History.from_record(self.record)
            self.record = dataclasses.replace(self._replayed.record, actions=list(self._replayed.record.actions))
        return self._replayed

    def history(self) -> History:
        """A History to go on playing from, of its own (playing it changes nothing here)."""
        return self.replayed().copy()


# --- reading ---------------------------------------------------------------------------------


MAX_REASON = 240


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _sentence(text: str) -> str:
    """One readable sentence: whitespace folded, capitalised, ended, and never too long."""
    text = " ".join(str(text).split()) or "It holds something unexpected"
    if len(text) > MAX_REASON:
        text = text[: MAX_REASON - 3].rstrip() + "..."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _reject_constant(name: str) -> Any:
    raise SaveError(_("The file holds {name}, which is not a number a game uses.").format(name=name))


def _check_floats(value: float) -> float:
    number = float(value)
    if not math.isfinite(number):
        raise SaveError(_("The file holds a number far too large."))
    return number


def parse_json(raw: bytes) -> Any:
    """JSON from raw bytes, or SaveError with a sentence (size, encoding, syntax, depth, huge numbers)."""
    if len(raw) > MAX_BYTES:
        raise SaveError(_("The file is far too large to be a save."))
    if not raw.strip():
        raise SaveError(_("The file is empty."))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_("The file is not text (it is not UTF-8).")) from None
    try:
        data = json.loads(text, parse_constant=_reject_constant, parse_float=_check_floats)
    except json.JSONDecodeError as exc:
        raise SaveError(
            _("The file is not valid JSON (line {line}, column {column}).").format(line=exc.lineno, column=exc.colno)
        ) from None
    except RecursionError:
        raise SaveError(_("The file is nested far too deeply.")) from None
    except ValueError as exc:  # e.g. integers with more digits than Python converts
        if isinstance(exc, SaveError):
            raise
        raise SaveError(_("The file holds a number far too large.")) from None
    check_bounds(data)
    return data


def kind_refusal(mode: int, path: Path) -> str:
    """Why what ``path`` is (its ``st_mode``) cannot be a save; "" for an ordinary file."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return _("{path} is a folder, not a file.").format(path=path)
    if stat.S_ISFIFO(mode):
        return _("{path} is a named pipe, not a file.").format(path=path)
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("{path} is a device, not a file.").format(path=path)
    return _("{path} is not an ordinary file.").format(path=path)


def _refuse_kind(mode: int, path: Path) -> None:
    """Only an ordinary file can be a save: a named pipe would wait for a writer for ever, a device
    may never end."""
    refusal = kind_refusal(mode, path)
    if refusal:
        raise SaveError(refusal)


def _refuse_size(size: int) -> None:
    if size > MAX_BYTES:
        raise SaveError(_("The file is far too large to be a save."))


def read_bytes(path: Path) -> bytes:
    """The bytes of an ordinary file of at most MAX_BYTES; raises SaveError with a sentence. What the
    path is gets checked before it is opened (a named pipe is never opened), then again on what was
    opened (should it have been swapped in between), without waiting (O_NONBLOCK); and no more than
    MAX_BYTES + 1 bytes are ever read, whatever the file says its size is."""
    path = Path(path)
    try:
        before = os.stat(path)  # follows a link: a link to a save is a save
        _refuse_kind(before.st_mode, path)
        _refuse_size(before.st_size)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        try:
            opened = os.fstat(fd)
            _refuse_kind(opened.st_mode, path)
            _refuse_size(opened.st_size)
            chunks: list[bytes] = []
            total = 0
            while total <= MAX_BYTES:
                chunk = os.read(fd, min(READ_CHUNK, MAX_BYTES + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
            _refuse_size(total)
            return b"".join(chunks)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise SaveError(_("There is no file {path}.").format(path=path)) from None
    except IsADirectoryError:
        raise SaveError(_("{path} is a folder, not a file.").format(path=path)) from None
    except PermissionError:
        raise SaveError(_("The file {path} cannot be read (permission denied).").format(path=path)) from None
    except OSError as exc:
        raise SaveError(
            _("The file {path} cannot be read ({reason}).").format(
                path=path, reason=exc.strerror or exc.__class__.__name__
            )
        ) from None


def _checked_options(record: Record) -> Record:
    """The record with its players' names cleaned; variants and names checked against the game."""
    from game.core import registry

    game = registry.get(record.game)
    options = record.options
    if len(options.names) > options.players:
        raise SaveError(_("The save names more players than the game has."))
    names = []
    for number, name in enumerate(options.names, 1):
        cleaned = clean_name(name) if isinstance(name, str) and len(name) <= MAX_NAME * 4 else ""
        if not cleaned:
            raise SaveError(_("Player {n} has no usable name.").format(n=number))
        names.append(cleaned)
    choices = {v.key: {c for c, _label in v.choices} for v in game.info.variants}
    for key, value in options.variants.items():
        if key not in choices or value not in choices[key]:
            raise SaveError(
                _("The save sets {key} to {value}, which the game does not offer.").format(
                    key=_short(key), value=_short(value)
                )
            )
    if type(options.kids) is not bool:
        raise SaveError(_("The save's kids' mode should be true or false."))
    if tuple(names) == options.names:
        return record
    return dataclasses.replace(record, options=dataclasses.replace(options, names=tuple(names)))


def from_json(data: Any) -> SavedGame:
    """Build and fully check a saved game (including a replay of every action); raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("The file is not a Polar Table save."))
    _refuse_unknown(data, SAVE_KEYS, _("The save"))
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SaveError(
            _("The save is in format version {found}; this app reads version {version}.").format(
                found=_short(version), version=FORMAT_VERSION
            )
        )
    record = _checked_options(Record.from_json(data.get("record")))
    seats_data = data.get("seats")
    if not isinstance(seats_data, list):
        raise SaveError(_("The save does not say who sits at the table."))
    seats = [Seat.from_json(s, i + 1) for i, s in enumerate(seats_data)]
    if len(seats) != record.options.players:
        raise SaveError(
            _("The save lists {seats} seats, but the game has {players} players.").format(
                seats=len(seats), players=record.options.players
            )
        )
    saved = SavedGame(record, seats)
    replayed = saved.replayed()
    check_can_go_on(replayed.game, replayed.state)
    return saved


def _guarded(fn: Any, *args: Any) -> Any:
    """Run ``fn`` turning every failure weird data can cause into a SaveError sentence."""
    try:
        return fn(*args)
    except SaveError as exc:
        raise SaveError(_sentence(str(exc))) from None
    except RecursionError:
        raise SaveError(_("The file is nested far too deeply.")) from None
    except (OverflowError, MemoryError):
        raise SaveError(_("The file holds a number far too large.")) from None
    except Exception:  # noqa: BLE001 - any bug triggered by odd data must not crash the app
        raise SaveError(_("The file holds data the game cannot use.")) from None


def loads(raw: bytes) -> SavedGame:
    """A checked SavedGame from the bytes of a save file; raises SaveError with a sentence."""
    return _guarded(lambda: from_json(parse_json(raw)))


def load_data(data: Any) -> SavedGame:
    """A checked SavedGame from a save file's decoded JSON (read once); raises SaveError with a sentence."""
    return _guarded(from_json, data)


def load_file(path: Path) -> SavedGame:
    """Read a save file someone chose; raises SaveError with a sentence."""
    return loads(read_bytes(Path(path)))


def load_history(path: Path) -> History:
    """A record from a save file or a bare record file (``{game, version, options, seed, actions}``),
    replayed (in the game's current version); raises SaveError with a sentence."""

    def build() -> History:
        data = parse_json(read_bytes(Path(path)))
        if isinstance(data, dict) and "format" in data:
            return from_json(data).replayed()
        return History.from_record(Record.from_json(data))

    return _guarded(build)


def load_record(path: Path) -> Record:
    """A record from a save file or a bare record file, checked by a full replay and brought up to
    the game's current version; raises SaveError with a sentence."""
    return load_history(path).record


@dataclass(frozen=True)
class Resumed:
    """A save as it can be resumed: whole, or up to its last action that replays."""

    saved: SavedGame
    dropped: int = 0
    """How many actions at the end of the save could not be replayed and were left out."""
    raw: bytes = field(default=b"", repr=False)
    """The file as it was read."""


MAX_STEPS_BACK = 8
"""How many actions back from the last that replays are tried, should the game not go on from there."""


def load_resumable(path: Path) -> Resumed:
    """A game in progress from its save: whole if it all replays; otherwise up to the last action
    that replays and leaves the game able to go on, saying how many were left out. A file that cannot
    be read, is not a save, or whose first action already fails raises SaveError with a sentence."""
    raw = read_bytes(Path(path))
    try:
        return Resumed(loads(raw), 0, raw)
    except SaveError as whole:
        refusal = whole
    resumed = _guarded(_longest_good_start, raw)
    if resumed is None:
        raise refusal
    saved, dropped = resumed
    return Resumed(saved, dropped, raw)


def _longest_good_start(raw: bytes) -> tuple[SavedGame, int] | None:
    """The save cut after its last good action: (the checked save, how many actions were left out),
    or None when the file is bad before its actions or its first action fails. Two replays at most:
    one to find the last good action, one to check the save cut there."""
    data = parse_json(raw)
    if not isinstance(data, dict) or not isinstance(data.get("record"), dict):
        return None
    try:
        record = _checked_options(Record.from_json(data["record"]))
        record = upgrade(record, rules_for(record))
        from_json(dict(data, record=dataclasses.replace(record, actions=[]).to_json()))  # all but the actions
    except Exception:  # noqa: BLE001 - the save is bad before its actions: refused as it is
        return None
    count = _last_good_action(record)
    if count == 0:
        return None
    cut = dict(data, record=dataclasses.replace(record, actions=record.actions[:count]).to_json())
    return from_json(cut), len(record.actions) - count


def _last_good_action(record: Record) -> int:
    """How many of the record's first actions replay and leave a game that can go on (the record in the
    game's current version; up to MAX_STEPS_BACK actions back from the first that fails)."""
    from game.core.history import History

    history = History.from_record(dataclasses.replace(record, actions=[]))
    game = history.game
    recent = [history.state]
    """The states after the last few actions (recent[-1] after all those that replayed)."""
    for data in record.actions:
        try:
            history.push(game.action_from_json(data))
        except Exception:  # noqa: BLE001 - the first action that does not replay
            break
        recent = [*recent[-MAX_STEPS_BACK:], history.state]
    replayed = len(history.actions)
    for back, state in enumerate(reversed(recent)):
        if replayed - back <= 0:
            break
        try:
            check_can_go_on(game, state)
        except Exception:  # noqa: BLE001 - a dead end: one action further back
            continue
        return replayed - back
    return 0


# --- writing ---------------------------------------------------------------------------------


def save_as(path: Path, saved: SavedGame) -> None:
    atomic.write_text(Path(path), saved.dumps())
