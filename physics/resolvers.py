"""Resolvers by game id: code that turns an intent (a throw's parameters) plus the view into the
full action with its outcome. The rules (game/) never import physics; the command line, the
table, bench and the tests get a game's resolver here."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Resolver = Callable[[Any, Any, Any], Any]
"""(game, view, intent) -> full action."""

BUILT_IN: dict[str, str] = {"iluliaq": "physics.iluliaq.resolver:resolve"}
"""Game id -> "module:function" of its resolver (imported when first needed)."""

_registered: dict[str, Resolver] = {}


def register(game_id: str, resolver: Resolver) -> None:
    """Add a resolver (the toy physics game in tests/ registers its own)."""
    _registered[game_id] = resolver


def unregister(game_id: str) -> None:
    """Forget a resolver added with ``register`` (tests put back what they changed)."""
    _registered.pop(game_id, None)


def resolver_for(game_id: str) -> Resolver | None:
    if game_id in _registered:
        return _registered[game_id]
    target = BUILT_IN.get(game_id)
    if target is None:
        return None
    module, name = target.split(":")
    resolver = getattr(importlib.import_module(module), name)
    _registered[game_id] = resolver
    return resolver
