"""Kids' mode's end screen: the players on a podium (the higher the block, the better the place), a
medal for the first three, a big star on each block with the most for the winner (``stars``), a
trophy beside the winners' line and confetti falling for a few seconds. The grown-ups' table of
terms is one click away (See the boards)."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

import pygame

from game.core.rng import Rng
from scenes.kit import art, style

CONFETTI_SECONDS = 4.0
CONFETTI_PIECES = 90
CONFETTI_COLOURS = ("#F6C343", "#3DDC97", "#FF6B6B", "#8E7CFF", "#6EC6FF", "#FFFFFF")
TROPHY = "art/ui/trophy.svg"
STAR = "art/ui/star.svg"


def medal(place: int) -> str | None:
    return f"art/ui/medal_{place}.svg" if 1 <= place <= 3 else None


@dataclass(frozen=True)
class Step:
    """One player's place on the podium."""

    seat: int
    place: int
    block: pygame.Rect
    """The podium block (its top is where the player stands)."""


def podium_order(places: list[int]) -> list[int]:
    """The seats left to right: the winner in the middle, then alternating outwards (2nd left, 3rd
    right...), as a real podium stands."""
    ranked = sorted(range(len(places)), key=lambda p: (places[p], p))
    order: list[int] = []
    for k, seat in enumerate(ranked):
        if k % 2 == 0:
            order.append(seat)
        else:
            order.insert(0, seat)
    return order


def stars(shown: list[int], places: list[int], fewest_wins: bool) -> list[int]:
    """The number on each player's big star, the more the better: the score as the player reads it
    where points count up; where the numbers count against the player (cards left: the fewest wins,
    ``GameInfo.fewest_wins``), one star per place from the last one up, so the winner has the most."""
    if not fewest_wins:
        return list(shown)
    last = max(places, default=1)
    return [last - place + 1 for place in places]


def block_floor(terms: int, s: float) -> int:
    """The lowest block's height: its star and the rows of ``terms`` pictures fit on it."""
    return round((10 + 44 + 6 + -(-terms // 2) * 28 + 8) * s)


def layout(area: pygame.Rect, places: list[int], s: float, floor: int = 0) -> list[Step]:
    """The blocks inside ``area``: equal widths, heights falling with the place from the tallest the
    area allows to ``floor`` (or a little under half of it) for the last."""
    n = max(1, len(places))
    gap = round(12 * s)
    w = min(round(180 * s), (area.w - gap * (n - 1)) // n)
    left = area.centerx - (w * n + gap * (n - 1)) // 2
    tallest = max(40 * s, area.h - 170 * s)
    lowest = min(tallest, max(floor, tallest * 0.45))
    worst = max(places) if places else 1
    steps = []
    for i, seat in enumerate(podium_order(places)):
        share = 1.0 if worst == 1 else 1.0 - (places[seat] - 1) / (worst - 1)
        h = max(round(36 * s), round(lowest + (tallest - lowest) * share))
        steps.append(Step(seat, places[seat], pygame.Rect(left + i * (w + gap), area.bottom - h, w, h)))
    return steps


def unit(rng: Rng) -> float:
    return rng.randbelow(1 << 20) / (1 << 20)


class Confetti:
    """Paper bits falling from the top for ``CONFETTI_SECONDS`` after the screen opens."""

    def __init__(self, seed: int, start: float | None = None) -> None:
        rng = Rng.from_seed(seed)
        self.start = time.perf_counter() if start is None else start
        self.bits = [
            (unit(rng), unit(rng) * 0.9, 0.25 + 0.35 * unit(rng), unit(rng) * math.tau, rng.choice(CONFETTI_COLOURS))
            for _i in range(CONFETTI_PIECES)
        ]

    def active(self, now: float | None = None) -> bool:
        return (time.perf_counter() if now is None else now) - self.start < CONFETTI_SECONDS

    def draw(self, surface: pygame.Surface, area: pygame.Rect, s: float, now: float | None = None) -> None:
        t = (time.perf_counter() if now is None else now) - self.start
        if not 0 <= t < CONFETTI_SECONDS:
            return
        fade = min(1.0, (CONFETTI_SECONDS - t) / 0.8)
        size = max(3, round(7 * s))
        for x0, delay, speed, phase, colour in self.bits:
            y = (t - delay) * speed * area.h
            if y < 0 or y > area.h:
                continue
            x = area.x + x0 * area.w + math.sin(phase + t * 3) * 14 * s
            turn = abs(math.cos(phase + t * 5))
            bit = pygame.Rect(0, 0, size, max(1, round(size * (0.35 + 0.65 * turn))))
            bit.center = (round(x), round(area.y + y))
            c = pygame.Color(colour)
            c.a = round(255 * fade)
            pygame.draw.rect(surface, c, bit, border_radius=max(1, size // 3))


def draw(surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, s: float, steps: list[Step],
         names: list[str], colours: list[style.PlayerColour], scores: tuple[int, ...],
         terms: list[tuple[str, list[int]]] = ()) -> None:
    """The podium: each block in its player's colour with the player's score as a star on it and,
    under it, each term as its picture and points (``terms``: (picture, points per seat)), as many
    as the block holds; the medal, token and name standing on it."""
    for st in steps:
        b = st.block
        colour = colours[st.seat].colour
        corners = {"border_top_left_radius": round(12 * s), "border_top_right_radius": round(12 * s)}
        pygame.draw.rect(surface, colour, b, **corners)
        pygame.draw.rect(surface, pal.text_dark, b, max(2, round(3 * s)), **corners)
        star = round(44 * s)
        score = fonts.render(str(scores[st.seat]), "h2", pal.text_dark, True)
        left = b.centerx - (star + round(6 * s) + score.get_width()) // 2
        top = b.y + round(10 * s)
        art.blit_svg(surface, STAR, pygame.Rect(left, top, star, star), pal.panel_hi)
        surface.blit(score, score.get_rect(midleft=(left + star + round(6 * s), top + star // 2)))
        draw_terms(surface, fonts, pal, s, pygame.Rect(b.x, top + star + round(6 * s), b.w,
                                                       b.bottom - top - star - round(10 * s)),
                   [(icon, values[st.seat]) for icon, values in terms])
        y = b.y - round(8 * s)
        lines = fonts.wrap(names[st.seat], b.w, "body", True)[:2]
        line_h = fonts.font("body", True).get_linesize()
        for k, text in enumerate(reversed(lines)):
            style.blit_text(surface, fonts, fonts.fit(text, b.w, "body", True), (b.centerx, y - k * line_h), "body",
                            pal.text, True, "midbottom")
        y -= line_h * len(lines) + round(4 * s)
        r = round(12 * s)
        style.draw_player_token(surface, colours[st.seat], (b.centerx, y - r), r)
        y -= 2 * r + round(4 * s)
        path = medal(st.place)
        if path is not None:
            m = round(56 * s)
            art.blit_svg(surface, path, pygame.Rect(b.centerx - m // 2, y - m, m, m))
            style.blit_text(surface, fonts, str(st.place), (b.centerx, y - m * 0.36), "h3", pal.text_dark, True,
                            "center")


def draw_terms(surface: pygame.Surface, fonts: style.Fonts, pal: style.Palette, s: float, r: pygame.Rect,
               terms: list[tuple[str, int]]) -> None:
    """Pictures with their points in two columns inside ``r``; the rows that do not fit are left out
    (the grown-ups' table has them all)."""
    icon, row, cols = round(24 * s), round(28 * s), 2
    cell = r.w // cols
    for k, (path, value) in enumerate(terms):
        y = r.y + (k // cols) * row
        if y + row > r.bottom:
            return
        x = r.x + (k % cols) * cell + round(10 * s)
        art.blit_svg(surface, path, pygame.Rect(x, y + (row - icon) // 2, icon, icon), pal.panel_hi)
        style.blit_text(surface, fonts, str(value), (x + icon + round(6 * s), y + row // 2), "body",
                        pal.text_dark, True, "midleft")
