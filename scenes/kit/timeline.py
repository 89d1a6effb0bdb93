"""One animation timeline for the kit: whatever plays over time on a table (a piece the ``Animator``
moves from a step's events, a physics playback of a throw) starts and ends at known moments
(``time.perf_counter`` seconds), is sampled at a moment and says when it is done. The shell holds
what follows a move until its table's timelines have ended (``TableScene.plays_until``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class Timeline(Protocol):
    @property
    def start(self) -> float:
        """When it sets off."""
        ...

    @property
    def end(self) -> float:
        """When it has played."""
        ...

    def sample(self, now: float) -> Any:
        """What it shows at ``now`` (each kind says what: a progress, the cards' poses)."""
        ...

    def done(self, now: float) -> bool:
        ...


def last_end(timelines: Iterable[Timeline]) -> float | None:
    """When the last of ``timelines`` has played (None: there is none)."""
    return max((tl.end for tl in timelines), default=None)
