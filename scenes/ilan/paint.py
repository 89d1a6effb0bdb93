"""ILAN's pieces, painted from the cards' data and the art of assets/art/ilan: a card's face (big, with
its picture, category and icons; small, for an ecosystem's columns), the decks, the score board and its
cubes, an ecosystem's panel. Plain functions of what they show: the table keys its pieces by that."""

from __future__ import annotations

import pygame

from game.core.i18n import N_, _
from game.ilan.abilities.notation import Active
from game.ilan.cards import COLOURS, Card, card
from scenes.kit import style
from scenes.kit.pictures import Pictures

ART = "art/ilan"
COLOUR_RGB = {"green": pygame.Color("#3E9B4F"), "blue": pygame.Color("#2F7BC4"), "yellow": pygame.Color("#E2B21B"),
              "orange": pygame.Color("#EE8329"), "red": pygame.Color("#CF2E3F")}
FACTOR_RGB = {"natural": pygame.Color("#3E8E8A"), "human": pygame.Color("#B86B2E")}
COLOUR_NAMES = {"green": N_("green"), "blue": N_("blue"), "yellow": N_("yellow"), "orange": N_("orange"),
                "red": N_("red")}
PAPER = pygame.Color("#FBFDFE")
INK = pygame.Color("#14213D")
ACTIVE_BLUE = pygame.Color("#2B62B8")
PASSIVE_PURPLE = pygame.Color("#7B3FA0")


def colour_of(c: Card) -> pygame.Color:
    return COLOUR_RGB[c.colour] if c.bio else FACTOR_RGB.get(c.type, FACTOR_RGB["natural"])


def name_of(c: Card) -> str:
    text = c.name.render()
    return text[:1].upper() + text[1:]


def picture_path(c: Card) -> str:
    return f"{ART}/{'species' if c.bio else 'factors'}/{c.id}.svg"


def icons_of(c: Card) -> list[str]:
    """The ability badges a card shows: the active's (blue) and each passive's icon (purple)."""
    out = ["active" if isinstance(a, Active) else a.icon for a in c.abilities]
    return [f"{ART}/icons/{name}.svg" for name in out]


def card_face(fonts: style.Fonts, pictures: Pictures, number: int, size: tuple[int, int], s: float,
              kids: bool = False) -> pygame.Surface:
    """A card's face at ``size``: a band in its colour with the category and the name, its picture,
    and its abilities' badges (none in kids' mode, where abilities are off)."""
    c = card(number)
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, round(w * 0.08))
    colour = colour_of(c)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
    band = pygame.Rect(0, 0, w, max(round(h * 0.2), fonts.font("small", True).get_linesize() + round(4 * s)))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=radius, border_top_right_radius=radius)
    badge_r = band.h * 0.36
    if c.bio:
        centre = (round(badge_r + 4 * s), band.centery)
        pygame.draw.circle(surf, PAPER, centre, badge_r)
        style.blit_text(surf, fonts, str(c.category), centre, "small", INK, True, "center")
        name_x = round(badge_r * 2 + 7 * s)
    else:
        name_x = round(5 * s)
    name = fonts.fit(name_of(c), w - name_x - round(4 * s), "small", True)
    style.blit_text(surf, fonts, name, (name_x, band.centery), "small", PAPER, True, "midleft")
    icons = [] if kids else icons_of(c)
    icon = round(min(h * 0.16, w * 0.28))
    art_box = pygame.Rect(round(4 * s), band.bottom + round(3 * s), w - round(8 * s),
                          h - band.bottom - round(6 * s) - (icon + round(2 * s) if icons else 0))
    side = min(art_box.w, art_box.h)
    pictures.blit_svg(surf, picture_path(c), pygame.Rect(art_box.centerx - side // 2, art_box.centery - side // 2,
                                                         side, side))
    for k, path in enumerate(icons):
        pictures.blit_svg(surf, path, pygame.Rect(round(4 * s) + k * (icon + round(3 * s)), h - icon - round(3 * s),
                                                  icon, icon))
    pygame.draw.rect(surf, colour, surf.get_rect(), max(2, round(w * 0.03)), border_radius=radius)
    return surf


def card_back(pictures: Pictures, deck: str, size: tuple[int, int]) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pictures.blit_svg(surf, f"{ART}/card_back_{deck}.svg", surf.get_rect())
    return surf


def card_tip(number: int, kids: bool = False) -> str:
    """A card's words for its tooltip: its names, category and each ability's text."""
    c = card(number)
    lines = [f"{name_of(c)} ({c.scientific})" if c.scientific else name_of(c)]
    if c.bio:
        lines.append(_("Category {n}, {colour}").format(n=c.category, colour=_(COLOUR_NAMES[c.colour])))
    else:
        lines.append(_("Natural factor") if c.type == "natural" else _("Human factor"))
    if not kids:
        lines += [text.render() for text in c.texts]
    lines.append(c.fact.render())
    return "\n".join(lines)


# --- the score board ----------------------------------------------------------------------------------


def paint_board(surf: pygame.Surface, spaces: tuple[pygame.Rect, ...], fonts: style.Fonts, pictures: Pictures,
                pal: style.Palette, s: float, target: int, offset: tuple[int, int]) -> None:
    """The 40 spaces, every 5th marked larger, the Military Base at 0 and the kids' target marked."""
    for k, r in enumerate(spaces):
        box = r.move(offset).inflate(-max(2, round(3 * s)), -max(2, round(3 * s)))
        fifth = k % 5 == 0
        fill = pal.panel_hi if fifth else pal.panel
        pygame.draw.rect(surf, fill, box, border_radius=max(3, round(5 * s)))
        if k == 0:
            pictures.blit_svg(surf, f"{ART}/military_base.svg", box.inflate(-round(2 * s), -round(2 * s)))
            continue
        if k == target % 40 and target != 40:
            pygame.draw.rect(surf, pal.green, box, max(2, round(3 * s)), border_radius=max(3, round(5 * s)))
        style.blit_text(surf, fonts, str(k), box.center, "small", pal.text if fifth else pal.text_dim, fifth,
                        "center")


def cube_spots(space: pygame.Rect, count: int) -> list[tuple[float, float]]:
    """Where ``count`` cubes on one space stand, so none hides another."""
    cx, cy = space.center
    d = space.w * 0.22
    spots = [(cx, cy), (cx - d, cy - d), (cx + d, cy + d), (cx + d, cy - d), (cx - d, cy + d)]
    if count == 1:
        return spots[:1]
    return spots[1:1 + count] if count <= 4 else spots[:count]


def paint_deck(surf: pygame.Surface, rect: pygame.Rect, pictures: Pictures, fonts: style.Fonts, pal: style.Palette,
               deck: str, count: int, s: float) -> None:
    if count:
        pictures.blit_svg(surf, f"{ART}/card_back_{deck}.svg", rect)
    else:
        pygame.draw.rect(surf, pal.night_2, rect, border_radius=round(6 * s))
        pygame.draw.rect(surf, pal.line, rect, 1, border_radius=round(6 * s))
    label = pygame.Rect(rect.x, rect.bottom + round(2 * s), rect.w, fonts.font("small", True).get_linesize())
    style.blit_text(surf, fonts, str(count), label.midtop, "small", pal.text, True, "midtop")


# --- an ecosystem ---------------------------------------------------------------------------------------


def columns(cards: list[int]) -> dict[str, list[int]]:
    """The cards of an ecosystem by colour, in the order of the five colours, each in arrival order."""
    out: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for number in cards:
        out[card(number).colour].append(number)
    return out


def column_rects(box: pygame.Rect, cards: list[int], s: float) -> dict[int, pygame.Rect]:
    """Each card's chip in the panel's five colour columns, one under the other (overlapping when a
    column is long)."""
    gap = max(2, round(4 * s))
    width = (box.w - gap * 6) // 5
    side = max(12, min(width, round(box.h * 0.62)))
    out: dict[int, pygame.Rect] = {}
    for k, (_colour, numbers) in enumerate(columns(cards).items()):
        x = box.x + gap + k * (width + gap) + (width - side) // 2
        step = min(side + gap, (box.h - side) // max(1, len(numbers) - 1)) if len(numbers) > 1 else 0
        for i, number in enumerate(numbers):
            out[number] = pygame.Rect(x, box.y + i * step, side, side)
    return out


def chip_face(fonts: style.Fonts, pictures: Pictures, number: int, side: int, s: float,
              kids: bool = False) -> pygame.Surface:
    """A card in an ecosystem's column: its picture on a tile edged in its colour, its category in the
    corner and its passive's icon (none in kids' mode)."""
    c = card(number)
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    radius = max(3, side // 8)
    colour = colour_of(c)
    pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
    inset = max(2, side // 12)
    pictures.blit_svg(surf, picture_path(c), surf.get_rect().inflate(-inset * 2, -inset * 2))
    pygame.draw.rect(surf, colour, surf.get_rect(), max(2, side // 14), border_radius=radius)
    badge = max(fonts.px("small") * 5 // 8, round(side * 0.2))
    pygame.draw.circle(surf, colour, (badge, badge), badge)
    pygame.draw.circle(surf, PAPER, (badge, badge), badge, max(1, badge // 6))
    style.blit_text(surf, fonts, str(c.category), (badge, badge), "small", PAPER, True, "center")
    passive = [a.icon for a in c.abilities if not isinstance(a, Active)]
    if passive and not kids:
        icon = max(10, round(side * 0.34))
        pictures.blit_svg(surf, f"{ART}/icons/{passive[0]}.svg", pygame.Rect(side - icon, side - icon, icon, icon))
    return surf
