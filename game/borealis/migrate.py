"""Records of older versions of the rules, brought up to date (Game.migrations)."""

from __future__ import annotations

from typing import Any


def migrate_v1(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Version 1 chose a whole subset in one action; version 2 marks the cards one by one.

    ``mulligan(cards)`` becomes a mark per card, then confirm; ``regroup(discards, location)``
    becomes regroup, a mark per card, confirm, then send(location) unless the camps were empty
    (location -1). Every other action is the same in both versions."""
    out: list[dict[str, Any]] = []
    for action in actions:
        kind = action.get("kind")
        if kind == "mulligan":
            out += [{"kind": "mark", "card": c} for c in action["cards"]]
            out.append({"kind": "confirm"})
        elif kind == "regroup":
            out.append({"kind": "regroup"})
            out += [{"kind": "mark", "card": c} for c in action["discards"]]
            out.append({"kind": "confirm"})
            if action["location"] >= 0:
                out.append({"kind": "send", "location": action["location"]})
        else:
            out.append(action)
    return out
