"""What a screen placed where, in window coordinates: its controls (buttons, fields, sliders), the
words it drew, what can be clicked on it and the areas it is made of; and the lists that scroll.

Every scene reports it the same way (``Scene.placed``, ``Scene.scrolls``): the words are noted as
``style.blit_text`` draws them (``TextLog``), the controls are read from the scene's widgets, the
targets from its ``click_targets``. The text-size sweep (tests/scenes/test_every_screen.py) checks
with it that no widget leaves the window or covers another, that no word is drawn under 14 px and
that what a list cuts off can be scrolled to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

CONTROL = "control"
"""A widget the player uses: a button, a text field, a slider."""
TEXT = "text"
"""Words drawn on the screen (one line)."""
TARGET = "target"
"""Something drawn that a click chooses (a game's tile, a card): it may lie over others of its kind."""
AREA = "area"
"""A part of the screen other things sit in (the table, the log): a control or a line of words is in
it or outside it, never across its edge."""

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Placed:
    rect: Box
    kind: str
    name: str
    px: int = 0
    """The size of the type of words (TEXT)."""
    clip: Box | None = None
    """The part of the window it was drawn clipped to (a list's view), if any."""

    @property
    def shown(self) -> pygame.Rect:
        """The part of it that shows (inside its clip)."""
        r = pygame.Rect(self.rect)
        return r.clip(pygame.Rect(self.clip)) if self.clip is not None else r


@dataclass(frozen=True)
class ScrollView:
    """A list or page that scrolls, as it stands: its view, how far it is scrolled and how far it
    goes, and how to scroll it (``scroll_to(pixels)``; the screen lays itself out again if need be)."""

    view: Box
    offset: int
    most: int
    scroll_to: Callable[[float], None]


class TextLog:
    """The words ``style.blit_text`` draws while it listens, on the surfaces that stand for the window
    (the screen, a scene's cached layer): where, what and how big. Words drawn on any other surface
    (a card's face, a cached piece) are not the screen's and are left out."""

    def __init__(self, *surfaces: pygame.Surface) -> None:
        self.onto = {id(s) for s in surfaces}
        """The surfaces listened to (none given: every surface, each standing at the window's top left)."""
        self.texts: list[Placed] = []

    def saw(self, surface: pygame.Surface, rect: pygame.Rect, text: str, px: int) -> None:
        if (self.onto and id(surface) not in self.onto) or not text.strip():
            return
        clip = surface.get_clip()
        whole = clip == surface.get_rect()
        self.texts.append(Placed(tuple(rect), TEXT, text, px, None if whole else tuple(clip)))
