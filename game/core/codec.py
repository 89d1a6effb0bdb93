"""Turn dataclass values into JSON-ready data and back, driven by their type hints.

Supported: None, bool, int, float, str, Enum, dataclasses, list[T], tuple[T, ...], fixed tuples,
dict[K, V] (int keys become strings in JSON), Optional[T] / T | None, and unions.

Decoding is strict: a dataclass refuses keys it does not have (the message names them), and a
union of dataclasses that carry a ``kind`` is decoded by that tag, never by the first member that
happens to fit. A field typed with a base class (``Action``) decodes any subclass by its tag.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any, Union, get_args, get_origin

from game.core.errors import SaveError


def to_data(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
        for name, default in _left_out(type(value)):
            if out[name] == default:
                del out[name]
        kind = getattr(type(value), "kind", None)
        if isinstance(kind, str) and kind:
            out = {"kind": kind, **out}
        return out
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {str(k) if isinstance(k, int) else k: to_data(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


OMIT_DEFAULT = {"omit_default": True}
"""Metadata of a field added after files were written: while it holds its default it is left out of
the JSON, so what was written before and after reads (and compares) the same."""


@cache
def _left_out(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, default as JSON) of the fields of ``cls`` marked OMIT_DEFAULT."""
    return tuple((f.name, to_data(f.default)) for f in dataclasses.fields(cls) if f.metadata.get("omit_default"))


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """(name, required) of each init field."""
    return tuple(
        (f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in dataclasses.fields(cls)
        if f.init
    )


def _kind(cls: Any) -> str | None:
    kind = getattr(cls, "kind", None) if isinstance(cls, type) and dataclasses.is_dataclass(cls) else None
    return kind if isinstance(kind, str) and kind else None


def _tagged(classes: typing.Iterable[type]) -> dict[str, list[type]]:
    """kind -> the classes tagged with it, among ``classes`` and their subclasses (concrete
    dataclasses only). A subclass that merely inherits its parent's ``kind`` is left out: it is
    written with the parent's tag, so it is read back as the parent."""
    out: dict[str, list[type]] = {}
    given = list(classes)
    stack = list(given)
    seen: set[type] = set()
    while stack:
        cls = stack.pop()
        if cls in seen:
            continue
        seen.add(cls)
        stack.extend(cls.__subclasses__())
        kind = _kind(cls)
        if kind is None or getattr(cls, "__abstractmethods__", None):
            continue
        if cls not in given and "kind" not in cls.__dict__:
            continue
        out.setdefault(kind, []).append(cls)
    return out


def _by_kind(members: dict[str, list[type]], data: Any, where: str) -> Any:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise SaveError(f"{where} should be a table with a 'kind'")
    classes = members.get(data["kind"])
    if not classes:
        raise SaveError(f"{where} has an unknown kind {data['kind']!r}")
    if len(classes) > 1:
        # two games' actions share a tag (a field typed ``Action`` sees every game imported):
        # refuse, never settle it by whichever class was found first
        names = ", ".join(sorted(c.__qualname__ for c in classes))
        raise SaveError(f"{where} has the kind {data['kind']!r}, which is ambiguous here: {names} all use it")
    return _dataclass(classes[0], data, where)


def _dataclass(tp: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise SaveError(f"{where} should be a table")
    fields = _fields(tp)
    known = {name for name, _required in fields}
    kind = _kind(tp)
    extra = [k for k in data if k not in known and not (k == "kind" and kind is not None)]
    if extra:
        names = ", ".join(repr(k) for k in sorted(map(str, extra)))
        raise SaveError(f"{where} has unknown keys: {names}")
    if kind is not None and "kind" in data and data["kind"] != kind:
        raise SaveError(f"{where} should be of kind {kind!r}, not {data['kind']!r}")
    hints = _hints(tp)
    kwargs = {}
    for name, required in fields:
        if name not in data:
            if required:
                raise SaveError(f"{where}.{name} is missing")
            continue
        kwargs[name] = from_data(hints[name], data[name], f"{where}.{name}")
    try:
        return tp(**kwargs)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"{where} cannot be built: {exc}") from None


def _union(tp: Any, data: Any, where: str) -> Any:
    args = get_args(tp)
    if data is None and type(None) in args:
        return None
    members = [a for a in args if a is not type(None)]
    tagged = _tagged(a for a in members if _kind(a) is not None)
    if tagged and isinstance(data, dict):
        return _by_kind(tagged, data, where)
    errors = []
    for arg in members:
        if _kind(arg) is not None:
            continue
        try:
            return from_data(arg, data, where)
        except SaveError as exc:
            errors.append(str(exc))
    if tagged:
        raise SaveError(f"{where} should be a table with a 'kind'")
    raise SaveError(errors[0] if errors else f"{where} is missing")


def from_data(tp: Any, data: Any, where: str = "value") -> Any:
    """Build a value of type ``tp`` from JSON data; raise SaveError naming the bad place."""
    origin = get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        return _union(tp, data, where)
    if tp is type(None):
        if data is not None:
            raise SaveError(f"{where} should be empty")
        return None
    if tp is bool:
        if not isinstance(data, bool):
            raise SaveError(f"{where} should be true or false")
        return data
    if tp is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise SaveError(f"{where} should be a whole number")
        if abs(data) > 1 << 64:
            raise SaveError(f"{where} is far too large")
        return data
    if tp is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise SaveError(f"{where} should be a number")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise SaveError(f"{where} should be text")
        return data
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(data)
        except ValueError:
            raise SaveError(f"{where} has an unknown value {data!r}") from None
    if origin in (list, tuple):
        if not isinstance(data, list):
            raise SaveError(f"{where} should be a list")
        args = get_args(tp)
        if origin is list:
            return [from_data(args[0], v, f"{where}[{i}]") for i, v in enumerate(data)]
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise SaveError(f"{where} should have {len(args)} items")
        return tuple(from_data(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if origin is dict:
        if not isinstance(data, dict):
            raise SaveError(f"{where} should be a table")
        key_tp, val_tp = get_args(tp)
        out = {}
        for k, v in data.items():
            key: Any = k
            if key_tp is int:
                try:
                    key = int(k)
                except ValueError:
                    raise SaveError(f"{where} has a bad key {k!r}") from None
            out[key] = from_data(val_tp, v, f"{where}.{k}")
        return out
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if _kind(tp) is None and isinstance(data, dict) and "kind" in data:
            subclasses = _tagged([tp])
            if subclasses:
                return _by_kind(subclasses, data, where)
        return _dataclass(tp, data, where)
    raise TypeError(f"cannot decode into {tp!r}")


def decode_action(data: Any, action_types: typing.Iterable[type]) -> Any:
    """Decode ``{"kind": ..., fields}`` into the one of ``action_types`` with that kind."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise SaveError("an action should be a table with a 'kind'")
    for cls in action_types:
        if cls.kind == data["kind"]:
            return _dataclass(cls, data, f"action {data['kind']}")
    raise SaveError(f"unknown action kind {data['kind']!r}")
