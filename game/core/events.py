"""Events: what a step did, in words the table can animate and a log can tell.

``Game.step`` reports events into an ``Events`` sink; ``Game.advance`` returns them with the new
state. Each event knows who may learn from it: ``for_seat`` gives the event as a seat sees it
(a card moving into another player's hand is ``HIDDEN_THING`` to everybody else) or None when
the seat learns nothing. A step whose events include a ``Revealed`` or a ``Shuffled``, or that drew
from the state's RNG, is an undo barrier: it cannot be taken back.

Thing and place names are short strings the table can look up: ``"card:17"``, ``"hand:2"``,
``"pool:3"``, ``"deck"``, ``"location:1:0"``. Each game documents its own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.core.messages import Msg

HIDDEN_THING = "hidden"
"""What a seat reads instead of a thing it may not see."""


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = ""
    barrier: ClassVar[bool] = False
    """True for events that reveal something hidden or random: undo stops there."""

    def for_seat(self, seat: int | None) -> Event | None:
        """The event as ``seat`` sees it (None: the seat learns nothing from it; a None seat is
        the public view, which sees what every seat sees)."""
        return self


def _knows(audience: tuple[int, ...] | None, seat: int | None) -> bool:
    return audience is None or (seat is not None and seat in audience)


@dataclass(frozen=True)
class Moved(Event):
    """``thing`` went from ``source`` to ``target``; only ``known_to`` (None: all) see what it is."""

    kind = "moved"
    thing: str
    source: str
    target: str
    known_to: tuple[int, ...] | None = None

    def for_seat(self, seat: int | None) -> Event | None:
        if _knows(self.known_to, seat):
            return self
        return dataclasses.replace(self, thing=HIDDEN_THING, known_to=None)


@dataclass(frozen=True)
class Revealed(Event):
    """``thing`` at ``place`` became known to ``to`` (None: everyone): an undo barrier."""

    kind = "revealed"
    barrier = True
    thing: str
    place: str
    to: tuple[int, ...] | None = None

    def for_seat(self, seat: int | None) -> Event | None:
        return self if _knows(self.to, seat) else None


@dataclass(frozen=True)
class Shuffled(Event):
    """``place`` was shuffled (a random order nobody knew before): an undo barrier."""

    kind = "shuffled"
    barrier = True
    place: str


@dataclass(frozen=True)
class Scored(Event):
    """``seat`` gained ``points`` (negative: paid) for ``term`` (a Result term key, or "")."""

    kind = "scored"
    seat: int
    points: int
    term: str = ""


@dataclass(frozen=True)
class Logged(Event):
    """A line for the log, beyond the acting seat's own move (``to``: who may read it)."""

    kind = "logged"
    text: Msg
    seat: int | None = None
    to: tuple[int, ...] | None = None

    def for_seat(self, seat: int | None) -> Event | None:
        return self if _knows(self.to, seat) else None


@dataclass(frozen=True)
class Changed(Event):
    """Something else changed that a table may want to highlight (a flag, a marker, a track)."""

    kind = "changed"
    thing: str
    value: Any = None


class Events:
    """The sink a step reports into."""

    collecting: ClassVar[bool] = True

    def __init__(self) -> None:
        self.items: list[Event] = []

    def add(self, event: Event) -> None:
        self.items.append(event)


class _Discard(Events):
    """For search and bots: events are not wanted, so none are kept."""

    collecting = False

    def add(self, event: Event) -> None:
        return None


NO_EVENTS: Events = _Discard()


def is_barrier(events: Iterable[Event]) -> bool:
    return any(e.barrier for e in events)


def for_seat(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` sees them, in order (the public view for None)."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return tuple(out)
