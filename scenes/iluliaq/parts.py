"""What Iluliaq's table shows the modules it is made of (``controls``, ``draw``, ``overlay``, ``practice``,
``teach``): ``TableParts``, the scene as they see it, and the small state values they keep on it (the
practice throw playing, the demonstration). A leaf of the table's imports: these modules take a
``TableParts`` and never import the table class, so the table can import them all."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.iluliaq.table import Pose
from scenes.kit import demo
from scenes.kit.slingshot import lesson_length
from scenes.shell.host import GameTable

if TYPE_CHECKING:
    from collections.abc import Callable

    import pygame
    from pygame_gui.elements import UIButton

    from game.core.contract import Action
    from game.iluliaq.state import IluliaqState
    from game.iluliaq.table import Throw
    from scenes.iluliaq.draw import Look
    from scenes.iluliaq.layout import Layout
    from scenes.iluliaq.motion import Plan
    from scenes.iluliaq.panels import SeatShown
    from scenes.iluliaq.pieces import Pieces
    from scenes.iluliaq.throwing import Placing
    from scenes.kit.hits import Hits
    from scenes.kit.layer import StaticLayer
    from scenes.kit.refining import Refining
    from scenes.kit.slingshot import Slingshot


@dataclass
class Practice:
    """A practice throw being played: the table before it, and where it left every card."""

    seat: int
    before: dict[int, Pose]
    after: dict[int, Pose]
    card: int
    returning: bool = False


class Teaching:
    """The demonstration of the table, and whom it was for."""

    def __init__(self) -> None:
        self.demo = demo.Demonstration(lesson_length())
        self.seat: int | None = None
        self._asked: tuple | None = None
        """(actions, seat): when the data folder was last asked whether the lesson was seen."""
        self._seen = True

    def showing(self, now: float | None = None) -> bool:
        return self.demo.showing(time.perf_counter() if now is None else now)

    def skip(self) -> None:
        self.demo.skip()


class TableParts(GameTable, Protocol):
    """Iluliaq's table scene as its drawing, control, practice and teaching modules use it."""

    lay: Layout | None
    pieces: Pieces
    layer: StaticLayer
    hits: Hits
    sling: Slingshot
    pulling: int | None
    key_throw: Throw | None
    placing: Placing
    practice: Practice | None
    practising: bool
    practice_button: UIButton | None
    teaching: Teaching
    last_pointer: tuple[int, int] | None
    plan: Plan | None
    plan_is_news: bool
    _path_owed: Refining[Plan] | None
    badge_pictures: dict[tuple, pygame.Surface]

    @property
    def vstate(self) -> IluliaqState: ...
    def telling(self) -> bool: ...
    def pointer(self) -> tuple[int, int] | None: ...
    # the throw's animation
    def plan_time(self, now: float | None = None) -> float | None: ...
    def playing(self, now: float | None = None) -> bool: ...
    def moving(self, now: float | None = None) -> bool: ...
    def play(self, plan: Plan | None) -> None: ...
    def finish_plan(self) -> None: ...
    # what the still picture shows
    def hidden_cards(self) -> set[int]: ...
    def seat_shown(self, seat: int) -> SeatShown: ...
    def deck_shown(self) -> tuple[int, str | None, int]: ...
    def changing_panels(self) -> frozenset: ...
    def look(self) -> Look: ...
    def panel_picture(self, key: tuple, size: tuple[int, int], paint: Callable) -> pygame.Surface: ...
    def kids_prompt(self) -> tuple[str, str] | None: ...
    # the controls (scenes/iluliaq/controls.py)
    def frame_name(self) -> str | None: ...
    def current_throw(self) -> Throw | None: ...
    def press(self, pos: tuple[int, int], now: float) -> None: ...
    def lay_card(self, pos: tuple[int, int]) -> None: ...
    def let_go(self, pos: tuple[int, int], now: float) -> None: ...
    def send(self, intent: Action) -> bool: ...
    def submit_intent(self, intent: Action) -> bool: ...
    def key(self, event: pygame.event.Event) -> None: ...
    def card_at(self, pos: tuple[int, int]) -> int | None: ...
    def card_tip(self, card: int) -> str: ...
