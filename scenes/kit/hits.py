"""The hit registry: what is drawn where, with what it is and its tip, in drawing order (what is
drawn last is on top). A table fills it as it paints and asks it what is under the pointer, what a
click meant, what the automation trace may click, and where a prompt's target is."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pygame


@dataclass
class Hit:
    rect: pygame.Rect
    kind: str
    """What it is, in the table's words (``hand``, ``pool``, ``seat``...)."""
    value: Any = None
    tip: str | None = None
    target: str | None = None
    """The name a prompt's choices target it by (``card:12``, ``location:1``), if any."""


class Hits(list[Hit]):
    """A list of ``Hit`` in drawing order, with the questions a table asks of it."""

    def add(self, rect: pygame.Rect, kind: str, value: Any = None, tip: str | None = None,
            target: str | None = None) -> Hit:
        hit = Hit(pygame.Rect(rect), kind, value, tip, target)
        self.append(hit)
        return hit

    def at(self, pos: tuple[int, int], over: Iterable[Hit] = ()) -> Hit | None:
        """What is under ``pos``: first what is drawn ``over`` the registry (last first), then the
        registry's own hits, the last drawn first."""
        for hit in reversed(list(over)):
            if hit.rect.collidepoint(pos):
                return hit
        for hit in reversed(self):
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def key_at(self, pos: tuple[int, int], over: Iterable[Hit] = ()) -> tuple[str, Any] | None:
        """(kind, value) of what is under ``pos``: a hover changed when this changes."""
        hit = self.at(pos, over)
        return None if hit is None else (hit.kind, hit.value)

    def targets(self) -> dict[str, pygame.Rect]:
        """Target name -> the rect of the last hit drawn for it."""
        return {hit.target: hit.rect for hit in self if hit.target is not None}

    def named(self) -> dict[str, list[int]]:
        """``kind:value`` -> rect of every hit (for the automation trace of real-window tests)."""
        out = {}
        for hit in self:
            name = hit.kind if hit.value is None else f"{hit.kind}:{hit.value}"
            out[name] = list(hit.rect)
        return out
