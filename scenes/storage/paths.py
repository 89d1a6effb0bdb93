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


def move_aside(path: Path) -> Path:
    """Move a file that cannot be used into ``corrupt/<timestamp>-<name>`` next to it (the data folder's
    for the app's own files); return where it went."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    folder = Path(path).parent / "corrupt"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{stamp}-{path.name}"
    n = 1
    while target.exists():
        target = folder / f"{stamp}-{n}-{path.name}"
        n += 1
    os.replace(path, target)
    return target
