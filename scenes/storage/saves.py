"""Save files: a game record plus who sits where, written atomically, read defensively.

A save file is JSON::

    {"format": "polar-table-save", "format_version": 1, "record": {...}, "seats": [{...}, ...]}

Reading never trusts the file: it is size-checked before parsing, validated field by field and
fully replayed through the rules. An autosave that cannot be used is moved aside into
``corrupt/`` and the player gets a sentence saying so; nothing raises.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.bots import LEVELS
from game.core.errors import SaveError
from game.core.history import History
from game.core.i18n import _
from game.core.record import Record, Replayed, replay_record
from scenes.storage import atomic
from scenes.storage.paths import data_dir, move_aside

FORMAT = "polar-table-save"
FORMAT_VERSION = 1
MAX_BYTES = 20 * 1024 * 1024
MAX_NAME = 64
KINDS = ("human", "bot")
AUTOSAVE = "autosave.json"


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
        name, colour, kind, level = (data.get(k) for k in ("name", "colour", "kind", "level"))
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
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
    _replayed: Replayed | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "record": self.record.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, allow_nan=False, separators=(",", ":"))

    def replayed(self) -> Replayed:
        """The rules, every state of the game, each action's events and barriers (replayed once,
        then kept). The record is brought up to the game's current version on the way."""
        if self._replayed is None:
            self.record, self._replayed = replay_record(self.record)
        return self._replayed

    def history(self) -> History:
        """A History to go on playing from; it owns a fresh copy of the record."""
        replayed = self.replayed()
        record = Record.from_json(json.loads(json.dumps(self.record.to_json())))
        return History.from_replayed(record, replayed)


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
        return json.loads(text, parse_constant=_reject_constant, parse_float=_check_floats)
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


def read_bytes(path: Path) -> bytes:
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(_("The file is far too large to be a save."))
        with path.open("rb") as handle:
            return handle.read(MAX_BYTES + 1)
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


def from_json(data: Any) -> SavedGame:
    """Build and fully check a saved game (including a replay of every action); raises SaveError."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(_("The file is not a Polar Table save."))
    version = data.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:
        raise SaveError(
            _("The save is in format version {found}; this app reads version {version}.").format(
                found=_short(version), version=FORMAT_VERSION
            )
        )
    record = Record.from_json(data.get("record"))
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
    saved.replayed()
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
    except Exception as exc:  # noqa: BLE001 - any bug triggered by odd data must not crash the app
        raise SaveError(
            _("The file holds data the game cannot use ({error}).").format(error=exc.__class__.__name__)
        ) from None


def loads(raw: bytes) -> SavedGame:
    """A checked SavedGame from the bytes of a save file; raises SaveError with a sentence."""
    return _guarded(lambda: from_json(parse_json(raw)))


def load_file(path: Path) -> SavedGame:
    """Read a save file someone chose; raises SaveError with a sentence."""
    return loads(read_bytes(Path(path)))


def load_replayed(path: Path) -> tuple[Record, Replayed]:
    """A record from a save file or a bare record file (``{game, version, options, seed, actions}``),
    brought up to the game's current version, and its full replay; raises SaveError with a sentence."""

    def build() -> tuple[Record, Replayed]:
        data = parse_json(read_bytes(Path(path)))
        if isinstance(data, dict) and "format" in data:
            saved = from_json(data)
            return saved.record, saved.replayed()
        return replay_record(Record.from_json(data))

    return _guarded(build)


def load_record(path: Path) -> Record:
    """A record from a save file or a bare record file, checked by a full replay and brought up to
    the game's current version; raises SaveError with a sentence."""
    return load_replayed(path)[0]


# --- writing ---------------------------------------------------------------------------------


def save_as(path: Path, saved: SavedGame) -> None:
    atomic.write_text(Path(path), saved.dumps())


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def save_autosave(saved: SavedGame) -> None:
    save_as(autosave_path(), saved)


def clear_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


def load_autosave() -> tuple[SavedGame | None, str | None]:
    """The last unfinished game. Missing: (None, None). Unusable: moved aside, (None, a sentence)."""
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        return load_file(path), None
    except SaveError as exc:
        reason = str(exc)
    except Exception as exc:  # noqa: BLE001 - belt and braces: never crash on a save
        reason = _("The file holds data the game cannot use ({error}).").format(error=exc.__class__.__name__)
    try:
        kept = str(move_aside(path))
    except OSError:
        kept = str(path)
    message = _("Your last game could not be resumed: {reason} It was kept as {path}.")
    return None, message.format(reason=_sentence(reason), path=kept)
