"""Action spaces: what ``legal_actions`` returns when a list would be too long, or endless.

- ``ListSpace``: a short list of actions (what most decisions are); it is also a Sequence, so
  ``action in space``, ``len(space)`` and iteration work as on a list.
- ``ContinuousSpace``: one action type whose fields are typed, bounded parameters (a throw's
  release point, angle, power, spin); ``fixed`` fields are the same for every member.
- ``UnionSpace``: several spaces offered at once (aim a throw, or press "pass").

Every space has ``contains``, ``sample`` and ``finite``; only a finite space can be listed
(``actions()``). Nothing in the core lists a space that is not finite.
"""

from __future__ import annotations

import dataclasses
import math
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.rng import Rng

_FRACTION = float(1 << 53)


class ActionSpace(ABC):
    finite: bool = True

    @abstractmethod
    def contains(self, action: Any) -> bool: ...

    @abstractmethod
    def sample(self, rng: Rng) -> Any:
        """A member drawn with ``rng`` (uniformly, for a list or a box of parameters)."""

    @abstractmethod
    def is_empty(self) -> bool: ...

    def actions(self) -> list[Any]:
        """Every member, in a fixed order; only for a finite space."""
        raise TypeError("this action space cannot be listed")

    def count(self) -> int | None:
        """How many members, or None for a continuous space."""
        return len(self.actions()) if self.finite else None

    def __contains__(self, action: object) -> bool:
        return self.contains(action)

    def __bool__(self) -> bool:
        return not self.is_empty()


class ListSpace(ActionSpace, Sequence):
    """A listed space; equal to a list holding the same actions in the same order."""

    def __init__(self, items: Sequence[Any]) -> None:
        self._items = list(items)
        self._set: set[Any] | None = None

    def contains(self, action: Any) -> bool:
        if len(self._items) < 12:
            return action in self._items
        if self._set is None:
            self._set = set(self._items)
        return action in self._set

    def sample(self, rng: Rng) -> Any:
        return rng.choice(self._items)

    def is_empty(self) -> bool:
        return not self._items

    def actions(self) -> list[Any]:
        return list(self._items)

    def count(self, *value: Any) -> int:  # type: ignore[override]
        """How many members; with an argument, how many times it is listed (Sequence.count)."""
        if value:
            return self._items.count(*value)
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._items)

    def __contains__(self, action: object) -> bool:
        return self.contains(action)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ListSpace):
            return self._items == other._items
        if isinstance(other, (list, tuple)):
            return self._items == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ListSpace({self._items!r})"


@dataclass(frozen=True)
class Param:
    """A bounded parameter of a continuous action: a field of the action type."""

    name: str
    low: float
    high: float
    integer: bool = False
    unit: str = ""
    """What the number measures, for tooltips and docs ("degrees", "share of full power")."""

    def contains(self, value: Any) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        if self.integer and not isinstance(value, int):
            return False
        return math.isfinite(value) and self.low <= value <= self.high

    def sample(self, rng: Rng) -> float | int:
        if self.integer:
            return int(self.low) + rng.randbelow(int(self.high) - int(self.low) + 1)
        return self.low + (self.high - self.low) * (rng.next64() >> 11) / _FRACTION


class ContinuousSpace(ActionSpace):
    """Actions of ``action_type`` whose ``params`` lie in their bounds and whose other fields
    equal ``fixed``."""

    finite = False

    def __init__(self, action_type: type, params: Sequence[Param], fixed: dict[str, Any] | None = None) -> None:
        self.action_type = action_type
        self.params = tuple(params)
        self.fixed = dict(fixed or {})
        names = {f.name for f in dataclasses.fields(action_type)}
        wanted = {p.name for p in self.params} | set(self.fixed)
        if wanted != names:
            raise TypeError(f"{action_type.__name__}: parameters and fixed fields must name its fields exactly")

    def contains(self, action: Any) -> bool:
        if type(action) is not self.action_type:
            return False
        if any(getattr(action, k) != v for k, v in self.fixed.items()):
            return False
        return all(p.contains(getattr(action, p.name)) for p in self.params)

    def sample(self, rng: Rng) -> Any:
        values = {p.name: p.sample(rng) for p in self.params}
        return self.action_type(**values, **self.fixed)

    def is_empty(self) -> bool:
        return False

    def param(self, name: str) -> Param:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def why_not(self, action: Any) -> str:
        """Which parameter is out of its bounds, or which fixed field differs (for an InvalidAction's
        sentence); "" for a member."""
        if type(action) is not self.action_type:
            return f"it should be a {self.action_type.__name__}"
        for name, fixed in self.fixed.items():
            if getattr(action, name) != fixed:
                shown = f"{fixed:g}" if isinstance(fixed, (int, float)) else repr(fixed)
                return f"{name} should be {shown}"
        for p in self.params:
            value = getattr(action, p.name, None)
            if not p.contains(value):
                return f"{p.name} should be between {p.low:g} and {p.high:g}"
        return ""

    def __repr__(self) -> str:
        return f"ContinuousSpace({self.action_type.__name__}, {', '.join(p.name for p in self.params)})"


class UnionSpace(ActionSpace):
    """Several spaces at once; sampling picks a part first (each part equally likely)."""

    def __init__(self, parts: Sequence[ActionSpace]) -> None:
        self.parts = tuple(p for p in parts if not p.is_empty())
        self.finite = all(p.finite for p in self.parts)

    def contains(self, action: Any) -> bool:
        return any(p.contains(action) for p in self.parts)

    def sample(self, rng: Rng) -> Any:
        return rng.choice(self.parts).sample(rng)

    def is_empty(self) -> bool:
        return not self.parts

    def actions(self) -> list[Any]:
        if not self.finite:
            raise TypeError("this action space cannot be listed")
        return [a for p in self.parts for a in p.actions()]

    def listed(self) -> list[Any]:
        """The members of the finite parts (the buttons beside an aiming widget)."""
        return [a for p in self.parts if p.finite for a in p.actions()]


def as_space(legal: ActionSpace | Sequence[Any]) -> ActionSpace:
    return legal if isinstance(legal, ActionSpace) else ListSpace(legal)


def listed(space: ActionSpace) -> list[Any]:
    """The actions of a space that can be shown one by one (all of a finite one)."""
    if space.finite:
        return space.actions()
    if isinstance(space, UnionSpace):
        return space.listed()
    return []
