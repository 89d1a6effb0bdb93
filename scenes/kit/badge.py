"""A badge: a few words in a bubble that pop up over a place on the table (a burst of rays behind
it), hold, then rise a little and fade; for something a card just did there ("Again!" over a lynx).
Any table can draw one: give it the words, where, and how long it has been showing."""

from __future__ import annotations

import math

import pygame

from scenes.kit import style
from scenes.kit.tween import ease_out_back

GROW = 0.22
"""Seconds the badge takes to pop up."""
FADE = 0.35
"""Seconds it takes to fade at the end of its life."""
RAYS = 12


def picture(fonts: style.Fonts, words: str, colour: pygame.Color, ink: pygame.Color, s: float) -> pygame.Surface:
    """The badge at full size: the burst, the bubble and the words."""
    text = fonts.render(words, "h3", ink, True)
    pad = round(12 * s)
    bw, bh = text.get_width() + 2 * pad, text.get_height() + pad
    sw, sh = round(bw + 2.2 * bh), round(bh * 2.6)
    surf = pygame.Surface((sw, sh), pygame.SRCALPHA)
    cx, cy = sw / 2, sh / 2
    ray = pygame.Color(colour)
    ray.a = 170
    for i in range(RAYS):  # short rays all round the bubble, as from an ellipse around it
        a = 2 * math.pi * i / RAYS
        w = math.pi / RAYS * 0.5
        rx, ry = bw / 2, bh / 2
        pts = [(cx + math.cos(a - w) * rx * 0.8, cy + math.sin(a - w) * ry * 0.8),
               (cx + math.cos(a) * (rx + bh), cy + math.sin(a) * (ry + bh * 0.75)),
               (cx + math.cos(a + w) * rx * 0.8, cy + math.sin(a + w) * ry * 0.8)]
        pygame.draw.polygon(surf, ray, pts)
    bubble = pygame.Rect(0, 0, bw, bh)
    bubble.center = (round(cx), round(cy))
    pygame.draw.rect(surf, colour, bubble, border_radius=bh // 2)
    pygame.draw.rect(surf, ink, bubble, max(2, round(2 * s)), border_radius=bh // 2)
    surf.blit(text, text.get_rect(center=bubble.center))
    return surf


def draw(surface: pygame.Surface, full: pygame.Surface, centre: tuple[float, float], age: float, life: float,
         s: float) -> pygame.Rect | None:
    """The badge ``full`` (``picture``) ``age`` seconds into its ``life`` over ``centre``; returns what
    it drew over (None when it is not showing)."""
    if not 0 <= age < life:
        return None
    grow = ease_out_back(min(1.0, age / GROW))
    fading = max(0.0, (age - (life - FADE)) / FADE)
    w, h = full.get_size()
    size = (max(1, round(w * grow)), max(1, round(h * grow)))
    img = full if size == (w, h) else pygame.transform.smoothscale(full, size)
    if fading > 0:
        img = img.copy() if img is full else img
        img.set_alpha(round(255 * (1 - fading)))
    rise = round(18 * s * fading)
    return surface.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]) - rise)))
