"""One app per data folder: a lock on ``polar-table.lock`` held for as long as the app runs.

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on an
open file, so it goes when the process goes, however it ends: a killed app never leaves a stale lock.
The file itself stays; holding it open is what counts. Its content is never used: a second app
"knocks" by touching its time, and the app holding it brings its window to the front.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

LOCK_FILE = "polar-table.lock"


class AlreadyOpen(Exception):
    """Another Polar Table holds this data folder."""


class DataLock:
    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self._seen = os.fstat(fd).st_mtime_ns

    def knocked(self) -> bool:
        """Whether another app has knocked since the last look."""
        if self._fd is None:
            return False
        try:
            mtime = os.fstat(self._fd).st_mtime_ns
        except OSError:
            return False
        knocked, self._seen = mtime != self._seen, mtime
        return knocked

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        with contextlib.suppress(OSError):
            _unlock(fd)
        os.close(fd)

    def __enter__(self) -> DataLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def acquire(folder: Path) -> DataLock:
    """Take the data folder's lock; raises AlreadyOpen when another process holds it, OSError when the
    lock file cannot be made at all (a read-only folder)."""
    path = Path(folder) / LOCK_FILE
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        _lock(fd)
    except BlockingIOError:
        os.close(fd)
        raise AlreadyOpen(str(path)) from None
    except BaseException:
        os.close(fd)
        raise
    return DataLock(path, fd)


def knock(folder: Path) -> bool:
    """Ask the app holding ``folder`` to come to the front (touches only the lock file's time)."""
    try:
        os.utime(Path(folder) / LOCK_FILE)
    except OSError:
        return False
    return True


if os.name == "nt":
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            raise BlockingIOError(*exc.args) from None

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
