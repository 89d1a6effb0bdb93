"""An automation trace for real-window tests: with POLAR_TABLE_TRACE=FILE set, every drawn frame
whose contents changed appends one JSON line naming the top scene, its buttons and their rects
(in window coordinates),
and the number of actions of the match on screen; while a human decides, the listed legal actions
(those of a finite space only) and the name of the prompt frame asking. Tests read it to know where
to click."""

from __future__ import annotations

import json
import os
from typing import Any, Protocol

ENV = "POLAR_TABLE_TRACE"


class Traced(Protocol):
    """The app as the trace reads it: its scenes and where the window shows them."""

    size: tuple[int, int]
    inset: int
    stack: list[Any]

    @property
    def top(self) -> Any: ...


class Trace:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self._last = ""

    @classmethod
    def from_env(cls) -> Trace:
        return cls(os.environ.get(ENV) or None)

    def frame(self, app: Traced) -> None:
        if not self.path or app.top is None:
            return
        line = json.dumps(snapshot(app), sort_keys=True)
        if line != self._last:
            self._last = line
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(line + "\n")


def snapshot(app: Traced) -> dict[str, Any]:
    top = app.top
    buttons = []
    for button in top.buttons():
        if button.visible and button.is_enabled:
            r = button.rect
            buttons.append({"text": button.text, "rect": [r.x, r.y + app.inset, r.w, r.h]})
    out: dict[str, Any] = {"scene": type(top).__name__, "size": list(app.size), "buttons": buttons}
    match = next((s.match for s in reversed(app.stack) if hasattr(s, "match")), None)
    if match is not None:
        out["actions"] = len(match.history.actions)
        out["over"] = match.is_over()
        out["to_act"] = match.to_act
        if match.is_human(match.to_act):
            space = match.space()
            # only a finite space is listed; a continuous one (an aimed throw) is named by its type
            out["legal"] = [action.to_json() for action in match.legal_actions()]
            if not space.finite:
                out["continuous"] = True
            out["frame"] = match.prompt().frame
    held = getattr(top, "log_held_from", None)
    if callable(held) and held() is not None:
        out["held"] = held()  # the move of this index still plays: the log and the bots wait for it
    passing = getattr(top, "passing", None)
    if (passing is not None and passing.pending()) or getattr(top, "handover_owed", False):
        out["passing"] = True  # the last move shows on its mover's screen; the hand-over comes next
    targets = getattr(top, "click_targets", None)
    if callable(targets):
        out["targets"] = {name: [x, y + app.inset, w, h] for name, (x, y, w, h) in targets().items()}
    return out
