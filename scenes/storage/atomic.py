"""Atomic writes: a temporary file in the same folder, flushed and fsynced, then renamed over."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path


def write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves either the old content or the new, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(path.parent)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def is_leftover(name: str) -> bool:
    """The name of a temporary file ``write_bytes`` makes (``.<name>.<random>.tmp``)."""
    return name.startswith(".") and name.endswith(".tmp") and name.count(".") >= 3


def clean_leftovers(folder: Path) -> list[Path]:
    """Remove the temporary files a killed write left in ``folder``; return them. Only safe while no
    other writer uses the folder (the app holds the data folder's lock)."""
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if is_leftover(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def reason(exc: OSError) -> str:
    """Why a file could not be written, in words for the player (never Python's own text)."""
    from game.core.i18n import _

    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if code == errno.EROFS:
        return _("the folder is read-only")
    if code in (errno.EACCES, errno.EPERM) or isinstance(exc, PermissionError):
        return _("Polar Table is not allowed to write there")
    if code == errno.ENOENT:
        return _("the folder is missing")
    if code == errno.EISDIR:
        return _("it is a folder, not a file")
    return _("the disk reported an error")
