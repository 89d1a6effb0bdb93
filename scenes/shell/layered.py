"""A table drawn in layers, the frame written once for every game's table.

Each frame: what plays is moved on to now (``advance``); the still picture (the kit's
``StaticLayer``: what stays put between moves, as cached pieces) is made again only when what it
shows has changed (``still_key``, ``paint_still``) or a piece that waited is owed; it goes back on
the screen whole, or, when this frame continues the last one, only in the patches that changed and
those the last frame drew over; what moves is drawn over it (``draw_moving``, which marks what it
covers); the widgets and the chooser, drawn over the table after it, are marked too; and the rects
the frame changed are handed to the shell (``table_damage``: the app presents only those).

A table says what its still picture shows and how it is painted, and what it draws over it; it
never writes the frame itself."""

from __future__ import annotations

import pygame

from game.core import i18n
from scenes.kit import art, style
from scenes.kit.hits import Hits
from scenes.kit.layer import PIECES_BUDGET, StaticLayer
from scenes.shell import memory
from scenes.shell.table import TableScene


class LayeredTable(TableScene):
    COVERS_TABLE = True
    LAYER_BUDGET = PIECES_BUDGET
    """Bytes of the still picture's pieces kept."""

    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.layer = StaticLayer(self.LAYER_BUDGET)
        self.hits = Hits()
        """What is under the pointer: painting the still picture records it."""
        self.table_damage: list[pygame.Rect] | None = None
        """The rects of the screen the last ``draw`` changed in the table (None: all of it)."""
        self._still_key: tuple | None = None
        self._owed_at: float | None = None
        """The frame in which some pieces showed their last picture (painted again in the next one)."""
        self._art_before = art.held()
        """The art cached before the table opened (the menu's covers): kept when it closes."""

    # --- what a table says ------------------------------------------------------------------------
    def still_key(self) -> tuple:
        """What the still picture shows: when it changes, the picture is made again. A table adds
        whatever else its picture shows to this."""
        return (len(self.match.history.actions), id(self.match.state), self.viewer, tuple(self.table_rect),
                round(self.s, 4), self.pal.name, i18n.language(), self.app.view_size)

    def paint_still(self) -> None:
        """Compose ``self.layer`` from the table's pieces (``begin``, ``piece``..., ``compose``),
        recording ``self.hits``. Here: the background alone."""
        self.hits = Hits()
        self.layer.begin(self.table_rect)
        size = self.app.view_size
        self.layer.compose(style.background(size, self.pal), (tuple(self.table_rect), size, self.pal.name))

    def advance(self, now: float) -> None:
        """Move what plays on to ``now`` (its sounds, its pieces), before the still picture is read."""

    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        """Draw what moves or lights up over the still picture, marking each rect drawn (``mark``)."""

    def chooser_area(self) -> pygame.Rect | None:
        """Where a chooser is drawn over the table (the kit's ``ClickThrough`` says; None: none)."""
        return None

    # --- the frame ----------------------------------------------------------------------------------
    def mark(self, r: pygame.Rect | None, grow: int = 0) -> None:
        """This frame draws over the still picture in ``r`` (grown by ``grow`` on each side)."""
        self.layer.mark(r, grow)

    def forget_still(self) -> None:
        """The still picture is made again at the next frame (a new layout)."""
        self._still_key = None

    def repaint_still(self, key: tuple | None = None) -> None:
        """Make the still picture now, for ``key`` (None: the one ``still_key`` gives)."""
        self._still_key = self.still_key() if key is None else key
        self.paint_still()
        self._owed_at = self.app.frame_started if self.layer.owed else None

    def still_due(self) -> tuple | None:
        """The key to make the still picture again for, or None when the one shown is up to date."""
        key = self.still_key()
        owed = self._owed_at is not None and self._owed_at != self.app.frame_started  # a frame later
        if owed or key != self._still_key or self.layer.surface is None:
            return key
        return None

    def ensure(self) -> None:
        """Bring the still picture (and what painting it records: hits, rects) up to date."""
        key = self.still_due()
        if key is not None:
            self.repaint_still(key)

    def animating(self) -> bool:
        return super().animating() or self._owed_at is not None

    def ahead_of_next_frame(self) -> None:
        """After the frame is presented and a move landed (the shell's ``between_frames``): the still
        picture made for the next frame as it will find what plays (moved on a frame), so that the
        frame a move lands in, or a card arrives in, draws only what moves; then the bar and the log."""
        if self.lay_ready():
            self.advance(self.table_now())
            self.ensure()
        super().ahead_of_next_frame()

    def cover(self) -> None:
        """Under the end screen the finished table shows as it was last drawn: the pieces its still
        layer kept for later and its card pictures go (the end screen is made while the table is
        held: the session's peak)."""
        super().cover()
        if self.match.is_over():
            self.layer.drop_spare()
            self._forget_pictures()
            # the card pictures (most under the heap's big-block size) leave holes the heap keeps:
            # given back now, before the end screen is made over them, not after it
            memory.give_back()
            self.app.give_back_memory_soon()

    def exit(self) -> None:
        """Closed for good: its pictures go at once (the end screen that closed it may still hold the
        table while the main menu lays itself out, and the menu's buttons take 25 MB a moment at
        2560x1440)."""
        super().exit()
        self.layer.clear()
        self._forget_pictures()
        art.keep_only(self._art_before)  # its art too (Iluliaq's 5 MB at 2560x1440 stayed through the next game)

    def _forget_pictures(self) -> None:
        pictures = getattr(self, "pieces", None)  # the game's card pictures (scenes.kit.pictures)
        if pictures is not None:
            pictures.clear()

    def lay_ready(self) -> bool:
        """Whether the table is laid out (the first frame lays it out)."""
        return self.layer.surface is not None

    def draw(self, surface: pygame.Surface) -> None:
        now = self.table_now()
        self.advance(now)
        self.ensure()
        restored = self.layer.restore(surface, getattr(self.app, "frame_continues", False))
        self.draw_moving(surface, now)
        for r in self.widget_rects():  # the widgets are drawn over the table after it
            self.mark(r)
        self.mark(self.chooser_area())  # drawn over everything (draw_over)
        self.table_damage = self.layer.end_frame(surface, restored)
