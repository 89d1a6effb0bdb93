"""The games in progress: one save file each in the data folder's ``saves/``.

A game gets its file at its first save (``<game>-<date>-<time>-<random>.json``) and keeps it until it
is finished and kept with the profiles, or deleted from Continue's list; starting another game, or
opening a position, never writes over it. The single autosave of older versions (``autosave.json`` in
the data folder) is moved in unread, as one more game in progress. Nothing here reads a save: a file
that is not an ordinary one (a named pipe dropped in the folder) is only ever renamed.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from scenes.storage import atomic
from scenes.storage.paths import aside_path, corrupt_dir, data_dir, move_aside

FOLDER = "saves"
LEGACY = "autosave.json"
"""The one autosave of the versions before several games in progress, in the data folder itself."""
SUFFIX = ".json"


def _is_name(name: str) -> bool:
    """A file name in ``saves/`` (never a path, never hidden: the temporary files of a write are)."""
    return (name.endswith(SUFFIX) and not name.startswith(".") and len(name) <= 255
            and not any(c in name for c in "/\\\0"))


def folder() -> Path:
    path = data_dir() / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def legacy_path() -> Path:
    return data_dir() / LEGACY


def new_name(game_id: str) -> str:
    """A file name for a new game in progress: its game, when it started, and a random part (two games
    started in the same second get two files)."""
    game = re.sub(r"[^a-z0-9_]", "", game_id.lower())[:24] or "game"
    return f"{game}-{datetime.now().strftime('%Y%m%d-%H%M%S')}-{os.urandom(3).hex()}{SUFFIX}"


def path_of(name: str) -> Path:
    """The file of the game in progress called ``name`` (a bare file name, never a path)."""
    if not _is_name(name):
        raise ValueError(f"not the name of a game in progress: {name!r}")
    return folder() / name


def write(name: str, data: str) -> None:
    """Write a game in progress (atomic: a kill leaves the old save or the new, never a mix)."""
    atomic.write_text(path_of(name), data)


def remove(name: str) -> None:
    path_of(name).unlink(missing_ok=True)


def set_aside(name: str) -> Path | None:
    """Move a game in progress into the data folder's ``corrupt/``; where it went (None: it was gone)."""
    path = path_of(name)
    if not os.path.lexists(path):
        return None
    return move_aside(path, corrupt_dir())


def keep_copy(name: str, raw: bytes, played_at_ns: int | None = None) -> Path:
    """Keep ``raw`` (a save as it was read) in ``corrupt/`` under the game's name; where it went."""
    target = aside_path(Path(name), corrupt_dir())
    atomic.write_bytes(target, raw)
    if played_at_ns is not None:
        with contextlib.suppress(OSError):
            os.utime(target, ns=(played_at_ns, played_at_ns))
    return target


def adopt_legacy() -> Path | None:
    """Move the autosave of an older version into ``saves/`` (a rename: unread, its time kept), as
    ``autosave.json`` (or ``autosave-2.json``... should one be there already); where it went."""
    old = legacy_path()
    if not os.path.lexists(old):
        return None
    target = folder() / LEGACY
    n = 2
    while os.path.lexists(target):
        target = target.with_name(f"autosave-{n}{SUFFIX}")
        n += 1
    os.replace(old, target)
    return target


@dataclass(frozen=True)
class Entry:
    """A file in ``saves/`` as the folder lists it (nothing read)."""

    name: str
    path: Path
    key: tuple[int, int, int]
    """(modification time in ns, size, inode): it changes whenever the file is written."""
    mode: int
    """Its ``st_mode``, the file itself (a link is not followed)."""

    @property
    def regular(self) -> bool:
        """An ordinary file (anything else, a named pipe or a folder, is never opened)."""
        return stat.S_ISREG(self.mode)

    @property
    def played_at_ns(self) -> int:
        return self.key[0]

    @property
    def size(self) -> int:
        return self.key[1]


def entries() -> list[Entry]:
    """Every save in ``saves/`` (by name; the temporary files of a write in progress left out)."""
    out = []
    with os.scandir(folder()) as listing:
        for item in listing:
            if not _is_name(item.name):
                continue
            try:
                info = item.stat(follow_symlinks=False)
            except OSError:
                continue
            out.append(Entry(item.name, Path(item.path), (info.st_mtime_ns, info.st_size, info.st_ino), info.st_mode))
    return sorted(out, key=lambda e: e.name)


def clean_leftovers() -> None:
    """Remove the temporary files a killed write left in ``saves/`` (the app holds the data folder)."""
    with contextlib.suppress(OSError):
        atomic.clean_leftovers(folder())
