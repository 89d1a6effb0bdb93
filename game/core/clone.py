"""A fast deep copy of game states (any dataclass value), written from the type hints.

The first time a dataclass type is cloned, a copier function is generated for it from its fields'
types (the same hints the JSON codec reads) and kept: scalars, enums and frozen dataclasses made
only of such values are shared; ``list[int]`` is a slice; lists, dicts and tuples of things that need
copying are copied item by item; a nested dataclass calls its own copier. The generated code is what
one would write by hand (``PlayerState(p.board, p.hand[:], [x[:] for x in p.cards], ...)``), so a
game gets a hand-written clone's speed without writing one.

What the hints cannot say (``Any``, a union of several kinds, a bare ``list``, a class that is no
dataclass) is copied by looking at the value (``copy_any``), and a value whose type is not one the
copier knows (``copy.deepcopy`` then) is still copied safely. A value of a subclass of the declared
dataclass is copied by its own type's copier.

One trust: a frozen dataclass nobody has subclassed when a copier is first generated (Iluliaq's
``Pose``) is shared as a whole, lists of it are sliced. A clone equals a JSON round trip of its
value (the conformance suite and tests/core/test_clone.py check it for every game).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import inspect
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union, get_args, get_origin

from game.core.codec import _hints

T = TypeVar("T")

SCALARS = frozenset({type(None), bool, int, float, str, bytes, complex})
"""Types whose values never change: always shared."""

_copiers: dict[type, Callable[[Any], Any]] = {}
_lock = threading.RLock()
_namespace: dict[str, Any] = {}
_names: dict[type, str] = {}
"""Globals of every generated copier: the classes and copiers they call, under generated names."""


def clone(value: T) -> T:
    """A deep copy of ``value`` (a game state, or any dataclass value), equal to it."""
    copier = _copiers.get(type(value))
    if copier is None:
        copier = copier_for(type(value))
    return copier(value)


def copier_for(cls: type) -> Callable[[Any], Any]:
    """The copier of values of exactly ``cls``, generated the first time it is asked for."""
    copier = _copiers.get(cls)
    if copier is not None:
        return copier
    with _lock:
        if cls not in _copiers:
            _Writer().copier(cls)
        return _copiers[cls]


def copy_any(value: Any) -> Any:
    """A deep copy of a value whose type the hints do not tell (frame data, ``Any`` fields)."""
    kind = type(value)
    if kind in SCALARS:
        return value
    if kind is list:
        return [v if type(v) in SCALARS else copy_any(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in SCALARS else copy_any(v) for k, v in value.items()}
    if kind is tuple:
        return value if all(type(v) in SCALARS for v in value) else tuple([copy_any(v) for v in value])
    if isinstance(value, enum.Enum):
        return value
    if dataclasses.is_dataclass(kind):
        return clone(value)
    return copy.deepcopy(value)


_namespace.update(_any=copy_any, _S=SCALARS, _list_copy=list.copy, _dict_copy=dict.copy, _set=object.__setattr__,
                  _new=object.__new__)


class _Writer:
    """Writes the source of one dataclass's copier (and of those it needs), then runs it."""

    def __init__(self) -> None:
        self.vars = 0

    def name(self, value: Any, prefix: str) -> str:
        """A global name in the generated code for ``value`` (a class or a function)."""
        key = f"{prefix}{len(_namespace)}"
        _namespace[key] = value
        return key

    def copier(self, cls: type) -> str:
        """The global name of ``cls``'s copier, generating it when it does not exist yet."""
        fname = _names.get(cls)
        if fname is not None:
            return fname
        fname = f"_c{len(_namespace)}"
        _names[cls] = fname
        if not dataclasses.is_dataclass(cls):
            plain = cls in (list, dict, tuple) or issubclass(cls, enum.Enum)
            _namespace[fname] = _copiers[cls] = copy_any if plain else _deep
            return fname
        if _shareable(cls):
            _copiers[cls] = _same
            _namespace[fname] = lambda o: o if type(o) is cls else copy_any(o)  # a subclass may hold more
            return fname
        _namespace[fname] = None  # reserved: a recursive type's copier calls itself by this name
        try:
            source = self.source(cls, fname)
        except Exception:  # hints that cannot be resolved or read: copy by looking at each value
            _namespace[fname] = _copiers[cls] = _deep
            return fname
        exec(compile(source, f"<clone of {cls.__qualname__}>", "exec"), _namespace)  # noqa: S102
        function = _namespace[fname]
        function.source = source
        _copiers[cls] = function
        return fname

    def source(self, cls: type, fname: str) -> str:
        hints = _hints(cls)
        fields = dataclasses.fields(cls)
        cname = self.name(cls, "_T")
        by_position, by_keyword, after = [], [], []
        uses_init = _init_takes_fields(cls)
        for f in fields:
            expr = self.expr(hints.get(f.name, Any), f"o.{f.name}")
            copied = f"o.{f.name}" if expr is None else expr
            if not uses_init or not f.init:
                after.append(f"    _set(n, {f.name!r}, {copied})")
            elif f.kw_only:
                by_keyword.append(f"{f.name}={copied}")
            else:
                by_position.append(copied)
        head = [
            f"def {fname}(o):",
            f"    if type(o) is not {cname}:",
            "        return _any(o)",
        ]
        if uses_init:
            made = f"{cname}({', '.join(by_position + by_keyword)})"
            if not after:
                return "\n".join([*head, f"    return {made}", ""])
            return "\n".join([*head, f"    n = {made}", *after, "    return n", ""])
        return "\n".join([*head, f"    n = _new({cname})", *after, "    return n", ""])

    def var(self) -> str:
        self.vars += 1
        return f"x{self.vars}"

    def expr(self, tp: Any, src: str) -> str | None:
        """An expression copying ``src`` (a value of type ``tp``), or None when it is shared."""
        origin = get_origin(tp)
        args = get_args(tp)
        if tp is Any or isinstance(tp, TypeVar) or tp in (list, dict, tuple, set, object):
            return f"({src} if type({src}) in _S else _any({src}))" if src.isidentifier() else f"_any({src})"
        if origin is typing.Literal or tp in SCALARS or tp is None:
            return None
        if origin in (Union, types.UnionType):
            members = [a for a in args if a is not type(None)]
            if all(_shared(a) for a in members):
                return None
            if len(members) == 1:
                x = self.var()
                return f"(None if ({x} := {src}) is None else {self.expr(members[0], x)})"
            return f"_any({src})"
        if origin is list:
            item = self.expr(args[0], (x := self.var())) if args else f"_any({(x := self.var())})"
            if item is None:
                return f"{src}[:]"
            if item in (f"{x}[:]", f"{x}.copy()"):  # a list of lists (or of dicts) of shared values
                return f"list(map(_{'list' if item.endswith(':]') else 'dict'}_copy, {src}))"
            if item.endswith(f"({x})") and item[: -len(x) - 2].isidentifier():  # a copier call
                return f"list(map({item[: -len(x) - 2]}, {src}))"
            return f"[{item} for {x} in {src}]"
        if origin is tuple:
            if not args or args[0] is Any:  # copy_any shares a tuple of scalars
                return f"_any({src})"
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.expr(args[0], (x := self.var())) if args else f"_any({(x := self.var())})"
                return None if item is None else f"tuple([{item} for {x} in {src}])"
            if all(_shared(a) for a in args):
                return None
            return f"_any({src})"
        if origin is dict:
            k, v = self.var(), self.var()
            value = self.expr(args[1], v) if args else f"_any({v})"
            return f"{src}.copy()" if value is None else f"{{{k}: {value} for {k}, {v} in {src}.items()}}"
        if origin in (set, frozenset) or tp is frozenset:
            if args and _shared(args[0]):
                return None if origin is frozenset or tp is frozenset else f"set({src})"
            return f"_any({src})"
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return None
        if isinstance(tp, type) and dataclasses.is_dataclass(tp):
            if _shared(tp):
                return None
            return f"{self.copier(tp)}({src})"
        return f"_any({src})"


def _same(value: Any) -> Any:
    return value


def _deep(value: Any) -> Any:
    return copy.deepcopy(value)


def _init_takes_fields(cls: type) -> bool:
    """Whether ``cls(...)`` takes exactly its init fields (no InitVar, no hand-written __init__)."""
    if not cls.__dataclass_params__.init:  # type: ignore[attr-defined]
        return False
    try:
        params = list(inspect.signature(cls.__init__).parameters)[1:]
    except (TypeError, ValueError):
        return False
    return params == [f.name for f in dataclasses.fields(cls) if f.init]


def _shared(tp: Any) -> bool:
    """Whether values of type ``tp`` never need copying (scalars, enums, frozen value types)."""
    if tp in SCALARS or tp is None or get_origin(tp) is typing.Literal:
        return True
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return all(_shared(a) for a in get_args(tp))
    if origin is tuple or origin is frozenset:
        return all(a is Ellipsis or _shared(a) for a in get_args(tp)) and bool(get_args(tp))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return True
    return isinstance(tp, type) and dataclasses.is_dataclass(tp) and _shareable(tp) and not tp.__subclasses__()


_shareable_memo: dict[type, bool] = {}


def _shareable(cls: type) -> bool:
    """A frozen dataclass whose fields are all shared values: copying it would change nothing."""
    known = _shareable_memo.get(cls)
    if known is not None:
        return known
    _shareable_memo[cls] = False  # a type that holds itself is copied, to be safe
    try:
        hints = _hints(cls)
    except Exception:
        return False
    fine = bool(cls.__dataclass_params__.frozen) and all(  # type: ignore[attr-defined]
        _shared(hints.get(f.name, Any)) for f in dataclasses.fields(cls)
    )
    _shareable_memo[cls] = fine
    return fine
