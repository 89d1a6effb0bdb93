"""Which seats of which games in progress have been shown a table's lesson (a short demonstration of
how to play, shown once per human player and game), kept in the data folder so a game continued
later, even after the app was closed, does not show it again. A game is known by its record's game,
seed and players' names (a record never changes them). Nothing here is precious: a file that cannot
be read or written only means a lesson may be shown once more, so it is never an error."""

from __future__ import annotations

import json
import logging
from typing import Any

from scenes.storage import atomic
from scenes.storage.paths import data_dir

log = logging.getLogger(__name__)

FILE = "lessons.json"
KEPT = 60
"""Games remembered (the oldest forgotten first)."""
MAX_BYTES = 64 * 1024


def game_key(record: Any) -> str:
    """A game's name in the file: its game, seed and players' names."""
    names = "|".join(str(n) for n in getattr(record.options, "names", ()))
    return f"{record.game}:{record.seed}:{names}"[:300]


def _read() -> dict[str, list[str]]:
    path = data_dir() / FILE
    try:
        if not path.exists() or path.stat().st_size > MAX_BYTES:
            return {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeError):
        return {}
    seen = data.get("seen") if isinstance(data, dict) else None
    if not isinstance(seen, dict):
        return {}
    return {k: [x for x in v if isinstance(x, str)][:16] for k, v in list(seen.items())[-KEPT:]
            if isinstance(k, str) and isinstance(v, list)}


def seen(record: Any, seat: int, lesson: str) -> bool:
    """Whether ``seat`` of the game of ``record`` has been shown ``lesson``."""
    return f"{lesson}:{seat}" in _read().get(game_key(record), [])


def mark_seen(record: Any, seat: int, lesson: str) -> None:
    """Remember that ``seat`` of the game of ``record`` has been shown ``lesson``."""
    table = _read()
    key = game_key(record)
    entry = table.pop(key, [])
    if f"{lesson}:{seat}" not in entry:
        entry.append(f"{lesson}:{seat}")
    table[key] = entry
    kept = dict(list(table.items())[-KEPT:])
    try:
        atomic.write_text(data_dir() / FILE, json.dumps({"seen": kept}, indent=1) + "\n")
    except OSError as exc:  # a full disk or a read-only folder: it may be shown again, nothing more
        log.info("the lessons seen could not be kept: %s", exc)
