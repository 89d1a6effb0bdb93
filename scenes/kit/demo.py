"""A demonstration: a few seconds in which a ghost hand shows a new player a gesture on the table
(a table's lesson, such as the slingshot's ``lesson_frame``), with the step it is at in words beside
it. Any click or key skips it; it never holds the table up longer than it lasts. A table owns one,
starts it when the player first has the gesture to make, and draws the hand and the words."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes.kit import style
from scenes.kit.pictures import Pictures

TIP = (0.34, 0.06)
"""Where the fingertip is in the ghost hand's picture (assets/art/iluliaq/ghost_hand.svg), as shares
of its side."""


@dataclass
class Demonstration:
    length: float
    """Seconds it lasts."""
    started: float | None = None
    skipped: bool = False

    def start(self, now: float) -> None:
        self.started, self.skipped = now, False

    def elapsed(self, now: float) -> float | None:
        """Seconds into it while it shows (None before it started, once over or skipped)."""
        if self.started is None or self.skipped:
            return None
        t = now - self.started
        return t if 0 <= t < self.length else None

    def showing(self, now: float) -> bool:
        return self.elapsed(now) is not None

    def skip(self) -> None:
        self.skipped = True


def ghost_hand(surface: pygame.Surface, pictures: Pictures, path: str, tip: tuple[float, float], side: int,
               alpha: float, pressed: bool, point: tuple[float, float] = (0.0, -1.0)) -> pygame.Rect:
    """The ghost hand (the picture at ``path``, its finger up) with its fingertip at ``tip``, the
    finger pointing along the screen direction ``point``, a little smaller while it presses,
    ``alpha`` (0..1) of it showing; returns what it drew over."""
    side = max(8, round(side * (0.92 if pressed else 1.0)))
    img = pictures.icon(path, side, max(0, min(255, round(255 * alpha))))
    turn = math.atan2(-point[0], -point[1])  # counter-clockwise on the screen, from the finger up
    ox, oy = (TIP[0] - 0.5) * side, (TIP[1] - 0.5) * side
    c, sn = math.cos(turn), math.sin(turn)
    rx, ry = ox * c + oy * sn, -ox * sn + oy * c
    if abs(turn) > 1e-3:
        img = pygame.transform.rotate(img, math.degrees(turn))
    drawn = surface.blit(img, img.get_rect(center=(round(tip[0] - rx), round(tip[1] - ry))))
    if pressed:  # a ring where it presses
        ring = pygame.draw.circle(surface, pygame.Color(255, 255, 255), (round(tip[0]), round(tip[1])),
                                  max(4, side // 7), max(2, side // 40))
        drawn = drawn.union(ring)
    return drawn


def caption(surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, words: str, hint: str,
            spots: list[tuple[float, float]], avoid: list[pygame.Rect], bounds: pygame.Rect, s: float) -> pygame.Rect:
    """The step in big words and how to skip in small ones, on a panel centred on the first of
    ``spots`` where it covers none of ``avoid`` inside ``bounds`` (the least covering one else);
    returns where it is."""
    pad = round(12 * s)
    big = fonts.render(words, "h3", pal.text, True)
    small = fonts.render(hint, "small", pal.text_dim)
    size = (max(big.get_width(), small.get_width()) + 2 * pad, big.get_height() + small.get_height() + 2 * pad)

    def placed(spot: tuple[float, float]) -> pygame.Rect:
        r = pygame.Rect((0, 0), size)
        r.center = (round(spot[0]), round(spot[1]))
        return r.clamp(bounds) if r.w <= bounds.w and r.h <= bounds.h else r

    def covered(r: pygame.Rect) -> int:
        return sum(r.clip(a).w * r.clip(a).h for a in avoid)

    box = min((placed(p) for p in spots), key=covered)
    style.panel(surface, box, pal, round(12 * s), fill=pal.panel, border=pal.green, shadow=round(4 * s), alpha=235)
    style.blit_text(surface, fonts, words, (box.centerx, box.y + pad), "h3", pal.text, True, "midtop")
    style.blit_text(surface, fonts, hint, (box.centerx, box.bottom - pad), "small", pal.text_dim, False, "midbottom")
    return box.inflate(round(8 * s), round(8 * s))
