"""Who still holds an object a test expected to be let go: the chains of referrers from it up to a
module, a running frame or a thread, for the failure's message (a rare failure then names its cause)."""

from __future__ import annotations

import gc
import sys
import types
from typing import Any

ROOTS = (types.ModuleType, types.FrameType)


def _describe(holder: Any, held: Any) -> str:
    if isinstance(holder, dict):
        keys = [repr(k) for k, v in holder.items() if v is held][:2]
        return f"dict[{', '.join(keys)}]"
    if isinstance(holder, types.FrameType):
        return f"frame {holder.f_code.co_name} ({holder.f_code.co_filename}:{holder.f_lineno})"
    if isinstance(holder, types.ModuleType):
        return f"module {holder.__name__}"
    return type(holder).__name__


def holders(obj: Any, depth: int = 8, most: int = 12) -> str:
    """Up to ``most`` chains (``held <- holder <- ...``) that keep ``obj`` alive, after a collection."""
    gc.collect()
    mine = sys._getframe()
    seen = {id(obj), id(mine), id(mine.f_back)}  # the caller's frame holds it to ask
    frontier: list[tuple[Any, list[str]]] = [(obj, [type(obj).__name__])]
    chains: list[str] = []
    for _ in range(depth):
        step: list[tuple[Any, list[str]]] = []
        for held, chain in frontier:
            for holder in gc.get_referrers(held):
                if id(holder) in seen or holder is frontier or holder is step:
                    continue
                seen.add(id(holder))
                path = [*chain, _describe(holder, held)]
                if isinstance(holder, ROOTS):
                    chains.append(" <- ".join(path))
                else:
                    step.append((holder, path))
        if len(chains) >= most:
            break
        frontier = step[:300]
    return "\n".join(chains[:most]) or "no chain to a module or a frame (a cycle not yet collected?)"
