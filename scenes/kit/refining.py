"""A timeline played at once in a rough form while a finer one of the same move is worked out on a
worker thread; the finer one takes its place as soon as it is there, so no frame waits for it
(Iluliaq's thrown card flies and the cards slide at once, then follow the physics' recording of the
throw). One worker thread serves every table: one move plays at a time."""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
_POOL: ThreadPoolExecutor | None = None


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
    return Refining(rough, _POOL.submit(work, *args), finish)
