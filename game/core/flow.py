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

Rules code calls these inside ``Game.step`` on the state being changed; nothing else writes
``state.flow``. A stack deeper than ``MAX_DEPTH`` is a bug in the rules and raises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

MAX_DEPTH = 32


class FlowError(RuntimeError):
    """The rules used the stack wrongly (popped an empty stack, nested without end)."""


@dataclass
class Frame:
    name: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)
    """The frame's locals: JSON values (numbers, text, lists, tables), saved with the state."""
    queue: list[int] = field(default_factory=list)
    """A fan-out's seats still to answer after ``seat``, in order."""

    def copy(self) -> Frame:
        return Frame(self.name, self.seat, copy_json(self.data), list(self.queue))


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


def answered(state: Any) -> bool:
    """The top frame's seat has answered: pass the question on to the next seat of its fan-out,
    or pop the frame when nobody is left (returns True then)."""
    frame = top(state)
    if frame is None:
        raise FlowError("answered on an empty prompt stack")
    if frame.queue:
        frame.seat = frame.queue.pop(0)
        return False
    end(state)
    return True


def finish(state: Any) -> None:
    """The game is over: nobody is to act."""
    state.flow = []


def clockwise_from(first: int, players: int, only: Iterable[int] | None = None) -> list[int]:
    """Seats in play order starting at ``first``, optionally only those in ``only``."""
    keep = None if only is None else set(only)
    return [s for s in ((first + i) % players for i in range(players)) if keep is None or s in keep]
