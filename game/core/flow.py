"""Turn flow as a stack of prompt frames: who decides what, right now.

A frame names a decision (``"take"``, ``"ilan.devour"``), the seat that makes it and the frame's
own locals (``data``: JSON values only). The seat to act is the top frame's seat; the bottom frame
is the turn's own, so ``state.turn_seat`` still names whose turn it is while another seat answers
a nested choice.

- ``call`` pushes a nested decision (a card asks another seat to choose);
- ``goto`` replaces the top frame (the next step of the same decision; not a fan-out's frame while
  seats are still to answer it: a seat's own next step is a ``call``);
- ``end`` pops back to the caller, optionally handing it a value (``data["returned"]``);
- ``fan_out`` asks several seats the same question, one at a time in a fixed order: after each
  answer the game calls ``answered``, which moves on to the next seat or pops once all answered.
  ``fan_out_each`` gives each entry a subject (the animal a seat answers for; a seat may be asked
  more than once); ``answered(state, answer)`` keeps each seat's answer, and the last hands them
  all back to the caller (``data["returned"]``): "every player chooses, then all effects happen";
- ``end_game`` ends the game from however deep in a chain: the stack and the pending triggers are
  dropped and ``GameEnded`` unwinds to ``StagedGame.step``, so nothing pending runs after a win.

Rules code calls these inside ``Game.step`` on the state being changed; nothing else writes
``state.flow``. A stack deeper than ``MAX_DEPTH`` is a bug in the rules and raises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from game.core.codec import OMIT_DEFAULT

MAX_DEPTH = 32


class FlowError(RuntimeError):
    """The rules used the stack wrongly (popped an empty stack, nested without end)."""


class GameEnded(Exception):
    """Raised by ``end_game``: the game is over, stop everything pending (caught by StagedGame.step)."""


@dataclass
class Frame:
    name: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)
    """The frame's locals: JSON values (numbers, text, lists, tables), saved with the state."""
    queue: list[int] = field(default_factory=list)
    """A fan-out's seats still to answer after ``seat``, in order."""
    subjects: tuple[Any, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """A ``fan_out_each``'s subjects (JSON values): the one ``seat`` answers for now, then those of
    the seats in ``queue``, in order."""
    answers: tuple[Any, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """A fan-out's answers so far: ``{"seat", "subject", "answer"}`` each, in the order given."""

    @property
    def subject(self) -> Any:
        """What the deciding seat answers for in a ``fan_out_each`` (None elsewhere)."""
        return self.subjects[0] if self.subjects else None

    def copy(self) -> Frame:
        if not (self.subjects or self.answers):
            return Frame(self.name, self.seat, copy_json(self.data), list(self.queue))
        return Frame(self.name, self.seat, copy_json(self.data), list(self.queue),
                     tuple(copy_json(list(self.subjects))), tuple(copy_json(list(self.answers))))


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists and scalars): much faster than copy.deepcopy."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


def copy_flow(flow: list[Frame]) -> list[Frame]:
    return [frame.copy() for frame in flow]


def top(state: Any) -> Frame | None:
    return state.flow[-1] if state.flow else None


def start(state: Any, name: str, seat: int, **data: Any) -> Frame:
    """A new turn: the stack holds only this frame."""
    frame = Frame(name, seat, dict(data))
    state.flow = [frame]
    return frame


def call(state: Any, name: str, seat: int, **data: Any) -> Frame:
    """Push a nested decision; the caller's frame waits below it."""
    if len(state.flow) >= MAX_DEPTH:
        raise FlowError(f"the prompt stack is deeper than {MAX_DEPTH} frames")
    frame = Frame(name, seat, dict(data))
    state.flow.append(frame)
    return frame


def goto(state: Any, name: str, seat: int | None = None, **data: Any) -> Frame:
    """Replace the top frame (the same seat unless ``seat`` is given)."""
    if not state.flow:
        raise FlowError("goto on an empty prompt stack")
    old = state.flow[-1]
    if old.queue:
        raise FlowError(f"goto would drop the seats {old.queue} still to answer the fan-out {old.name!r}: "
                        "push the seat's next step with call, and end back to the fan-out's frame")
    frame = Frame(name, old.seat if seat is None else seat, dict(data))
    state.flow[-1] = frame
    return frame


def end(state: Any, value: Any = None) -> Frame | None:
    """Pop the top frame; the caller (now on top, returned) gets ``value`` as ``data["returned"]``."""
    if not state.flow:
        raise FlowError("end on an empty prompt stack")
    state.flow.pop()
    caller = state.flow[-1] if state.flow else None
    if caller is not None and value is not None:
        caller.data["returned"] = value
    return caller


def fan_out(state: Any, name: str, seats: Iterable[int], **data: Any) -> Frame | None:
    """Ask ``seats`` in this order, one at a time; nothing is pushed for an empty list."""
    order = list(seats)
    if not order:
        return None
    frame = call(state, name, order[0], **data)
    frame.queue = order[1:]
    return frame


def fan_out_each(state: Any, name: str, entries: Iterable[tuple[int, Any]], **data: Any) -> Frame | None:
    """Ask each ``(seat, subject)`` in this order, one at a time (a seat may come more than once,
    for each thing it answers for); the deciding seat's subject is ``frame.subject``. Nothing is
    pushed for no entries."""
    order = list(entries)
    frame = fan_out(state, name, [seat for seat, _subject in order], **data)
    if frame is not None:
        frame.subjects = tuple(subject for _seat, subject in order)
    return frame


_NO_ANSWER = object()


def answered(state: Any, answer: Any = _NO_ANSWER) -> bool:
    """The top frame's seat has answered: pass the question on to the next seat of its fan-out,
    or pop the frame when nobody is left (returns True then).

    Given an ``answer`` (a JSON value), the fan-out keeps it, and the last seat's ``answered``
    hands the caller every answer as ``data["returned"]``: a list of ``{"seat", "subject",
    "answer"}`` in the order asked. A fan-out takes an answer from every seat or from none."""
    frame = top(state)
    if frame is None:
        raise FlowError("answered on an empty prompt stack")
    if answer is not _NO_ANSWER:
        frame.answers = (*frame.answers, {"seat": frame.seat, "subject": frame.subject, "answer": answer})
    elif frame.answers:
        raise FlowError(f"seat {frame.seat} answered the fan-out {frame.name!r} without an answer, "
                        "after others answered with one")
    if frame.queue:
        frame.seat = frame.queue.pop(0)
        frame.subjects = frame.subjects[1:]
        return False
    end(state, list(frame.answers) if frame.answers else None)
    return True


def finish(state: Any) -> None:
    """The game is over: nobody is to act."""
    state.flow = []


def end_game(state: Any) -> NoReturn:
    """The game is over now, however deep in a chain: the stack and the pending triggers
    (``state.triggers``, game/core/triggers.py) are dropped and ``GameEnded`` unwinds every
    stage still running, up to ``StagedGame.step``, so nothing pending happens after it. Say why
    in the state (and its events) first: ``result`` reads it there."""
    finish(state)
    pending = getattr(state, "triggers", None)
    if pending is not None:
        pending.clear()
    raise GameEnded


def clockwise_from(first: int, players: int, only: Iterable[int] | None = None) -> list[int]:
    """Seats in play order starting at ``first``, optionally only those in ``only``."""
    keep = None if only is None else set(only)
    return [s for s in ((first + i) % players for i in range(players)) if keep is None or s in keep]
