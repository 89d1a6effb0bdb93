"""The Borealis right column (``draw_column``): the goals, then each opponent's compact board (its
header, camps, and locations with their scientists, cards and flag), each a cached piece of the
static layer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.data import LOCATION_NAMES, TRACK_SPACES, card, species, species_name, track_vp
from game.core.i18n import _, ngettext
from scenes.borealis import pieces as pc
from scenes.borealis.goals import draw_goals
from scenes.borealis.header import draw_header, score_tip
from scenes.borealis.static_layer import cached_piece
from scenes.kit import style
from scenes.kit.hits import Hit
from scenes.kit.seat_colours import seat_colour

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


OPP_MIN = 84
"""Logical px an opponent's board has at least (the goals above get the rest of the column)."""
SCI_H = 16
"""Logical px of a scientist on an opponent's board."""
CHIP = 16
"""Logical px of a chip of the species tally (when there is no room for the sequence of cards)."""
FLAG = 14
"""Logical px of the flag standing on the ladder along the bottom of an opponent's location."""


def draw_column(table: TableParts) -> None:
    """The right column: the goals (with as many lines of text as the opponents leave room for),
    then the opponents' compact boards sharing the rest."""
    state = table.vstate
    col = table.lay.right_rect
    seats = [s for s in range(len(state.players)) if s != table.main_seat()]
    gap = table.px(6)
    y = draw_goals(table, col.h - len(seats) * (table.px(OPP_MIN) + gap))
    if state.scoring or state.objectives:
        y += gap
    if not seats:
        return
    each = min(table.px(230), (col.bottom - y - gap * (len(seats) - 1)) // len(seats))
    for s in seats:
        r = pygame.Rect(col.x, y, col.w, each)
        p = state.players[s]
        key = (
            "opp",
            s,
            table.match.name(s),
            table.match.seats[s].colour,
            table.match.to_act == s,
            table.score(s),
            len(p.hand),
            tuple(map(tuple, p.cards)),
            tuple(map(tuple, p.scientists)),
            tuple(p.flags),
            tuple(p.tokens),
            p.pad,
        )
        table.opp_rects[s] = r
        cached_piece(table, key, r, lambda surf, o, r=r, s=s: draw_opponent(table, surf, o, r, s), ("opp", s),
                     movable=True)
        y += each + gap


def draw_opponent(table: TableParts, layer, off, r: pygame.Rect, seat: int) -> None:
    pal, fonts = table.pal, table.fonts
    state = table.vstate
    p = state.players[seat]
    table.opp_rects[seat] = r
    acting = table.match.to_act == seat
    table._panels.blit(
        layer,
        r.move(off),
        pal,
        radius=table.px(12),
        fill=pal.panel,
        border=pal.green if acting else pal.line,
        shadow=table.px(3),
    )
    pad = table.px(5)
    header = pygame.Rect(r.x + pad, r.y + pad, r.w - pad * 2, table.px(20))
    draw_header(table, layer, off, header, seat, big=False)
    table.hits.append(Hit(header, "opp", seat, score_tip(table, seat)))
    body = pygame.Rect(
        r.x + pad, header.bottom + table.px(2), r.w - pad * 2, r.bottom - pad - header.bottom - table.px(2)
    )
    camp_w = table.px(24)
    g = table.px(4)
    loc_w = (body.w - 2 * camp_w - 4 * g) // 3
    for k, pos in enumerate((0, 4)):
        cr = pygame.Rect(body.x if k == 0 else body.right - camp_w, body.y, camp_w, body.h)
        pygame.draw.rect(layer, pal.night_2, cr.move(off), border_radius=table.px(6))
        ig = min(camp_w - table.px(2), table.px(20))
        table.pieces.blit_svg(
            layer,
            f"{pc.ART}/camp.svg",
            pygame.Rect(cr.centerx - ig // 2 + off[0], cr.y + table.px(2) + off[1], ig, ig),
        )
        n = sum(p.scientists[pos])
        style.blit_text(
            layer,
            fonts,
            str(n),
            (cr.centerx + off[0], cr.y + ig + table.px(2) + off[1]),
            "small",
            pal.text if n else pal.text_dim,
            True,
            "midtop",
        )
        table.hits.append(
            Hit(
                cr,
                "camp",
                None,
                _("{name}'s {camp}: {who}.").format(
                    name=table.match.name(seat), camp=_(pc.CAMP_NAMES[k]), who=pc.scientists_phrase(p.scientists[pos])
                ),
            )
        )
    flag_colour = seat_colour(table.match.game.info, table.match.seats[seat].colour)
    for i in range(3):
        lr = pygame.Rect(body.x + camp_w + g + i * (loc_w + g), body.y, loc_w, body.h)
        table.opp_locs[(seat, i)] = lr
        pygame.draw.rect(layer, pal.night_2, lr.move(off), border_radius=table.px(6))
        # scientists: only the colours present
        x = lr.x + table.px(3)
        y = lr.y + table.px(2)
        mh = table.px(SCI_H)
        for colour in range(3):
            n = p.scientists[i + 1][colour]
            if not n:
                continue
            m = table.pieces.meeple(colour, mh)
            img = fonts.render(str(n), "small", pal.text, True) if n > 1 else None
            need = m.get_width() + (img.get_width() if img is not None else 0) + table.px(2)
            if x + need > lr.right - table.px(2):
                x = lr.x + table.px(3)
                y += mh + table.px(1)
            layer.blit(m, (x + off[0], y + off[1]))
            x += m.get_width()
            if img is not None:
                layer.blit(img, img.get_rect(midleft=(x + off[0], y + mh // 2 + off[1])))
                x += img.get_width()
            x += table.px(2)
        ty = y + mh + table.px(1)
        bottom = lr.bottom - table.px(FLAG) - table.px(1)
        cards_here = p.cards[i]
        row = chip_row(table, bottom - ty)
        if cards_here and row is not None:
            # room for the sequence: newest first, species and vehicle of each card
            for cid in reversed(cards_here):
                c = card(cid)
                chip = pygame.Rect(lr.x + table.px(3), ty, lr.w - table.px(6), row)
                pygame.draw.rect(layer, pc.BAND, chip.move(off), border_radius=table.px(4))
                layer.blit(
                    table.pieces.icon(pc.species_key_art(c.species), row - table.px(2)),
                    (chip.x + table.px(2) + off[0], chip.y + table.px(1) + off[1]),
                )
                layer.blit(
                    table.pieces.icon(pc.vehicle_art(c.vehicle), row - table.px(2)),
                    (chip.right - row + off[0], chip.y + table.px(1) + off[1]),
                )
                if c.vp:
                    pc.star(layer, (chip.centerx + off[0], chip.centery + off[1]), row * 0.3, "#F6C343", pc.INK)
                ty += row + table.px(1)
        else:
            draw_tally(table, layer, off, lr, cards_here, ty, bottom)
        draw_ladder(table, layer, off, lr, p.flags[i], flag_colour)
        listing = ", ".join(_(species_name(card(c).species)) for c in reversed(p.cards[i])) or _("no cards yet")
        tip = _("{name}'s {location} location: {who}.").format(
            name=table.match.name(seat), location=_(LOCATION_NAMES[i]), who=pc.scientists_phrase(p.scientists[i + 1])
        )
        tip += "\n" + _("Cards, newest first: {cards}.").format(cards=listing)
        vp = track_vp()[i][p.flags[i]]
        tip += "\n" + ngettext("Flag on space {k} of 7 ({vp} point).", "Flag on space {k} of 7 ({vp} points).",
                                vp).format(k=p.flags[i], vp=vp)
        table.hits.append(Hit(lr, "opp_loc", (seat, i), tip))


def draw_ladder(table: TableParts, layer, off, lr: pygame.Rect, flag: int, colour: style.PlayerColour) -> None:
    """The flag's progress along the bottom of an opponent's location: a ladder of the track's spaces,
    lit up to the flag, and the flag (in its player's colour and shape) standing on its space."""
    pal = table.pal
    size = table.px(FLAG)
    bar_h = table.px(5)
    seg_w = (lr.w - table.px(8)) / (TRACK_SPACES + 1)
    by = lr.bottom - table.px(2) - bar_h
    for sp in range(TRACK_SPACES + 1):
        sr = pygame.Rect(round(lr.x + table.px(4) + sp * seg_w), by, max(1, round(seg_w) - 1), bar_h)
        pygame.draw.rect(layer, pal.green if sp <= flag else pal.line, sr.move(off), border_radius=max(1, table.px(2)))
    img = table.pieces.flag(colour, size)
    pole = lr.x + table.px(4) + (flag + 0.5) * seg_w
    # the pole stands on the flag's space (flag.svg's pole is at 26% of its width), the cloth inside
    x = min(round(pole - size * 0.265), lr.right - table.px(1) - round(size * 0.88))
    layer.blit(img, (x + off[0], lr.bottom - table.px(1) - size + off[1]))


def chip_row(table: TableParts, room: int) -> int | None:
    """The height of a row of an opponent's card sequence with ``room`` px below the scientists
    (None: no room for seven rows; a tally of species instead)."""
    if room < 7 * (table.px(18) + table.px(1)):
        return None
    return min(table.px(24), room // 7 - table.px(1))


def chip_icon_sizes(table: TableParts) -> list[int]:
    """The sizes of the species and vehicle icons in opponents' locations (one, two or three rows
    of scientists above them; the mirror of ``draw_opponent``), and of the tally's."""
    mh = table.px(SCI_H)
    sizes = {table.px(CHIP) - table.px(2)}
    for h in {r.h for r in table.opp_locs.values()}:
        for rows in range(3):
            top = table.px(2) + mh + rows * (mh + table.px(1)) + table.px(1)
            row = chip_row(table, h - table.px(FLAG) - table.px(1) - top)
            if row is not None:
                sizes.add(row - table.px(2))
    return sorted(sizes)


def draw_tally(table: TableParts, layer, off, lr: pygame.Rect, cards_here: list[int], ty: int, bottom: int) -> None:
    """Species icon and count, most numerous first (when there is no room for the sequence)."""
    pal, fonts = table.pal, table.fonts
    tally: dict[str, int] = {}
    for cid in cards_here:
        key = card(cid).species
        tally[key] = tally.get(key, 0) + 1
    order = sorted(tally.items(), key=lambda kv: (-kv[1], species().index(kv[0])))
    chip = table.px(CHIP)
    cx = lr.x + table.px(3)
    for key, n in order:
        img = fonts.render(str(n), "small", pal.text, True)
        need = chip + img.get_width() + table.px(4)
        if cx + need > lr.right:
            cx = lr.x + table.px(3)
            ty += chip + table.px(1)
        if ty + chip > bottom:
            break
        pygame.draw.rect(layer, pc.BAND, pygame.Rect(cx + off[0], ty + off[1], chip, chip), border_radius=table.px(4))
        layer.blit(
            table.pieces.icon(pc.species_key_art(key), chip - table.px(2)),
            (cx + table.px(1) + off[0], ty + table.px(1) + off[1]),
        )
        layer.blit(img, img.get_rect(midleft=(cx + chip + table.px(1) + off[0], ty + chip // 2 + off[1])))
        cx += need
