"""What Borealis's table shows the modules it is drawn and driven by (``board``, ``market``, ``goals``,
``opponents``, ``header``, ``hand``, ``lit``, ``layout``, ``static_layer``, ``pointer``, ``warmup``,
``motion``, ``controls``): ``TableParts``, the scene as they see it, and ``BoardGeo``, the rects of
its big board. A leaf of the table's imports: these modules take a ``TableParts`` and never import
the table class, so the table can import them all."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.shell.host import GameTable

if TYPE_CHECKING:
    from game.borealis.state import BorealisState, PlayCard, Regroup
    from game.core.contract import Action
    from game.core.prompt import Prompt
    from scenes.borealis.pieces import Pieces
    from scenes.kit import style
    from scenes.kit.animator import Animator
    from scenes.kit.button_bar import ButtonBar
    from scenes.kit.hand_row import Drag
    from scenes.kit.hits import Hits
    from scenes.kit.layer import StaticLayer
    from scenes.kit.prompt_bar import PromptText
    from scenes.kit.warm import Warmer


@dataclass
class BoardGeo:
    """Rects of the big board (the one whose hand is shown)."""

    panel: pygame.Rect
    header: pygame.Rect
    locs: list[pygame.Rect] = field(default_factory=list)
    sci: list[pygame.Rect] = field(default_factory=list)
    stacks: list[pygame.Rect] = field(default_factory=list)
    tracks: list[pygame.Rect] = field(default_factory=list)
    camps: list[pygame.Rect] = field(default_factory=list)
    sci_slots: dict[tuple[int, int], pygame.Rect] = field(default_factory=dict)
    """(board position 0..4, colour) -> the rect of that scientist icon."""
    card_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    space_h: float = 0.0
    legend: pygame.Rect = field(default_factory=pygame.Rect)
    """The key under the locations: each vehicle's badge and name."""


class TableParts(GameTable, Protocol):
    """Borealis's table scene as its drawing, layout, pointer, warm-up, motion and control modules use it."""

    viewer: int | None
    pieces: Pieces
    pieces_scale: float
    layer: StaticLayer
    hits: Hits
    animator: Animator
    warmer: Warmer
    prompt_text_box: PromptText
    _panels: style.PanelCache
    # who does what with the pointer
    selected: int | None
    drag: Drag | None
    hover: tuple[int, int] | None
    bar: ButtonBar
    _buttons_made: bool
    _button_key: tuple
    _hand_hidden: set
    # where things are (``layout.lay_out``, ``board.draw_board``, the drawing modules)
    geo: BoardGeo | None
    old_scientists: dict[int, list[list[int]]]
    main_rect: pygame.Rect
    right_rect: pygame.Rect
    market_rect: pygame.Rect
    hand_rect: pygame.Rect
    board_rect: pygame.Rect
    info_rect: pygame.Rect
    side_rect: pygame.Rect
    buttons_rect: pygame.Rect
    prompt_rect: pygame.Rect
    deck_rect: pygame.Rect
    discard_rect: pygame.Rect
    card_w: int
    small_w: int
    pool_slots: list[pygame.Rect]
    hand_rects: dict[int, pygame.Rect]
    pool_rects: dict[int, pygame.Rect]
    opp_rects: dict[int, pygame.Rect]
    opp_locs: dict[tuple[int, int], pygame.Rect]
    objective_rects: dict[str, pygame.Rect]

    @property
    def vstate(self) -> BorealisState: ...
    def hand_seat(self) -> int | None: ...
    def main_seat(self) -> int: ...
    def hand_cards(self) -> list[int]: ...
    def score(self, seat: int) -> int: ...
    def score_breakdown(self, seat: int) -> str | None: ...
    def track_space(self, loc: int, space: int) -> pygame.Rect: ...
    def mark(self, r: pygame.Rect | None, grow: int = 0) -> None: ...
    def ensure(self, force: bool = False) -> None: ...
    def button_key(self) -> tuple: ...
    # the shell's table
    def legal(self) -> list[Action]: ...
    def rules_prompt(self) -> Prompt: ...
    def _changed(self, action: Action | None) -> None: ...
    def click_thing(self, thing: str, focus: str | None = None, carry: bool = False,
                    at: tuple[int, int] | None = None) -> str: ...
    # the controls (scenes/borealis/controls.py)
    @property
    def marked(self) -> set[int]: ...
    def redraw_labels(self, bare: str) -> list[str]: ...
    def can_cancel(self) -> bool: ...
    def sync_buttons(self) -> None: ...
    def fits_button(self, btn: object, text: str) -> bool: ...
    def press_regroup(self, action: Regroup) -> None: ...
    def press_cancel(self) -> None: ...
    def plays(self) -> list[PlayCard]: ...
    def lit_locations(self) -> set[int]: ...
    def playable_cards(self) -> set[int]: ...
    def not_my_turn_toast(self) -> bool: ...
    def click_hand(self, card_id: int, at: tuple[int, int] | None = None) -> None: ...
    def click_location(self, loc: int, at: tuple[int, int] | None = None) -> None: ...
    def click_on(self, thing: str, at: tuple[int, int] | None = None) -> None: ...
    def kids_prompt(self) -> tuple[str, str] | None: ...
    def prompt(self) -> str: ...
