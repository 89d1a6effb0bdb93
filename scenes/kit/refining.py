"""A timeline played at once in a rough form while a finer one of the same move is worked out on a
worker thread; the finer one takes its place as soon as it is there, so no frame waits for it
(Iluliaq's thrown card flies and the cards slide at once, then follow the physics' recording of the
throw). One worker thread serves every table: one move plays at a time.

The worker gives way to the frame: while the app draws a frame (``frame_begins`` to ``frame_ends``)
a job that calls ``give_way`` between its steps waits, so the frame is never slowed by it (both
threads want the one interpreter; a frame lost up to the interpreter's switch interval, 5 ms, each
time the worker held it). It works in the rest of the frame's time, where the loop sleeps."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
_POOL: ThreadPoolExecutor | None = None
_FREE = threading.Event()
_FREE.set()
GIVE_WAY_MAX = 0.05
"""Seconds a job waits for a frame at most (a frame that never ends, a loop that never sleeps)."""


def frame_begins() -> None:
    """The app starts a frame: jobs wait at their next ``give_way``."""
    _FREE.clear()


def frame_ends() -> None:
    """The frame is presented: jobs go on."""
    _FREE.set()


def give_way() -> None:
    """Between two steps of a job: wait while a frame is being drawn (up to ``GIVE_WAY_MAX``). The
    loop's own thread never waits (a job run there, in a test or a tool, is the frame's work)."""
    if threading.current_thread() is not threading.main_thread():
        _FREE.wait(GIVE_WAY_MAX)


@dataclass(eq=False)
class Refining(Generic[T]):
    rough: T
    """What plays meanwhile."""
    job: Future
    finish: Callable[[Any], T | None]
    """Turns what the worker worked out into the finer timeline (None: the rough one stays)."""

    def ready(self) -> bool:
        return self.job.done()

    def take(self, wait: float | None = 0.0) -> tuple[bool, T | None]:
        """(True, the finer timeline) once the worker is done, within ``wait`` seconds (None: as long
        as it takes); (True, None) when it found nothing better or failed; (False, None) not yet."""
        try:
            worked = self.job.result(timeout=wait)
        except TimeoutError:
            return False, None
        except Exception:  # noqa: BLE001 - the rough timeline plays on; the game goes on
            log.exception("working out a finer animation failed")
            return True, None
        return True, self.finish(worked)


def refine_soon(rough: T, work: Callable[..., Any], *args: Any,
                finish: Callable[[Any], T | None]) -> Refining[T]:
    """Play ``rough`` while ``work(*args)`` runs on the worker thread; ``finish`` makes its result
    the finer timeline."""
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="polar-refine")
    return Refining(rough, _POOL.submit(_after_the_frame, work, *args), finish)


def _after_the_frame(work: Callable[..., Any], *args: Any) -> Any:
    give_way()  # handed over during a frame: it starts when the frame is presented
    return work(*args)
