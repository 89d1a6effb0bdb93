"""Kids' mode's prompt: the decision as a big picture and a very few words ("Play a card!"), from the
rules' ``Prompt.picture`` and ``Prompt.short`` (or, while someone else decides, an hourglass and
whose turn it is). Every table draws it where its sentence would go."""

from __future__ import annotations

import pygame

from game.core.prompt import PICTURES
from scenes.kit import art, style

STEPS = ("h2", "h3")
"""The words' type steps, largest first: a six-year-old's words are big."""


def picture_path(picture: str) -> str:
    """The prompt picture's file: one of ``PICTURES``, or a table's own (a path under assets/)."""
    if picture.endswith(".svg"):
        return picture
    name = picture if picture in PICTURES else "choose"
    return f"art/ui/prompt/{name}.svg"


def layout(fonts: style.Fonts, words: str, r: pygame.Rect, pad: int) -> tuple[pygame.Rect, str, list[str]]:
    """Where the picture goes (a square at the left of ``r``) and the words' step and lines beside it
    (at most two lines; the step that fits)."""
    side = max(1, min(r.h - 2 * pad, fonts.px("h1") * 2))
    icon = pygame.Rect(r.x + pad, r.y + (r.h - side) // 2, side, side)
    room = pygame.Rect(icon.right + pad * 2, r.y + pad, max(1, r.right - icon.right - pad * 3), max(1, r.h - 2 * pad))
    step, lines = STEPS[-1], [words]
    for step in STEPS:
        lines = fonts.wrap(words, room.w, step, True)
        font = fonts.font(step, True)
        fits = all(font.size(t)[0] <= room.w for t in lines)
        if fits and len(lines) <= 2 and len(lines) * font.get_linesize() <= room.h:
            break
    else:
        lines = [fonts.fit(" ".join(lines), room.w, step, True)]
    return icon, step, lines


def draw(surface: pygame.Surface, fonts: style.Fonts, picture: str, words: str, r: pygame.Rect, pad: int,
         colour: pygame.Color) -> pygame.Rect:
    """The picture and the words in ``r``; returns what it drew over."""
    icon, step, lines = layout(fonts, words, r, pad)
    art.blit_svg(surface, picture_path(picture), icon)
    line = fonts.font(step, True).get_linesize()
    y = r.centery - line * len(lines) // 2
    drawn = pygame.Rect(icon)
    for text in lines:
        drawn.union_ip(style.blit_text(surface, fonts, text, (icon.right + pad * 2, y), step, colour, True))
        y += line
    return drawn
