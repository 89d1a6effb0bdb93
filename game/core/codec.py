"""Turn dataclass values into JSON-ready data and back, driven by their type hints.

Supported: None, bool, int, float, str, Enum, dataclasses, list[T], tuple[T, ...], fixed tuples,
dict[K, V] (int keys become strings in JSON), Optional[T] / T | None.
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
        kind = getattr(type(value), "kind", None)
        if isinstance(kind, str):
            out = {"kind": kind, **out}
        return out
    if isinstance(value, (list, tuple)):
        return [to_data(v) for v in value]
    if isinstance(value, dict):
        return {str(k) if isinstance(k, int) else k: to_data(v) for k, v in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(tp: Any, data: Any, where: str = "value") -> Any:
    """Build a value of type ``tp`` from JSON data; raise SaveError naming the bad place."""
    origin = get_origin(tp)
    if tp is Any:
        return data
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data, where)
            except SaveError as exc:
                errors.append(str(exc))
        raise SaveError(errors[0] if errors else f"{where} is missing")
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
        if not isinstance(data, dict):
            raise SaveError(f"{where} should be a table")
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if not f.init:
                continue
            if f.name not in data:
                if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
                    continue
                raise SaveError(f"{where}.{f.name} is missing")
            kwargs[f.name] = from_data(hints[f.name], data[f.name], f"{where}.{f.name}")
        return tp(**kwargs)
    raise TypeError(f"cannot decode into {tp!r}")


def decode_action(data: Any, action_types: typing.Iterable[type]) -> Any:
    """Decode ``{"kind": ..., fields}`` into one of the given action classes."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise SaveError("an action should be a table with a 'kind'")
    for cls in action_types:
        if cls.kind == data["kind"]:
            fields = {k: v for k, v in data.items() if k != "kind"}
            return from_data(cls, fields, f"action {data['kind']}")
    raise SaveError(f"unknown action kind {data['kind']!r}")
