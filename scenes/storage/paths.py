"""The user data folder (platformdirs), never the install folder."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import platformdirs

APP_NAME = "polar-table"
ENV_VAR = "POLAR_TABLE_DATA"


def data_dir() -> Path:
    """The folder for saves, settings and profiles; ``POLAR_TABLE_DATA`` overrides it. Created on demand."""
    override = os.environ.get(ENV_VAR)
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def corrupt_dir() -> Path:
    folder = data_dir() / "corrupt"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def aside_path(path: Path, folder: Path | None = None) -> Path:
    """A new name for ``path`` in ``corrupt/`` (``folder``, or the one next to it): ``<timestamp>-<name>``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    folder = Path(folder) if folder is not None else Path(path).parent / "corrupt"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{stamp}-{path.name}"
    n = 1
    while os.path.lexists(target):
        target = folder / f"{stamp}-{n}-{path.name}"
        n += 1
    return target


def move_aside(path: Path, folder: Path | None = None) -> Path:
    """Move a file that cannot be used into ``corrupt/<timestamp>-<name>`` (``folder``, or the one next
    to it: the data folder's for the app's own files); return where it went. A rename: nothing is read,
    so it is safe for whatever the path is (a named pipe, a folder)."""
    target = aside_path(Path(path), folder)
    os.replace(path, target)
    return target
