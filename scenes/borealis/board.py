"""The Borealis big board (the seat whose hand is shown): its panel, header, two camps and three
locations (scientists, the cascade of cards, the exploration track), each a cached piece of the static
layer; and its flags, drawn each frame over the layer (they step along the track)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.borealis.data import LOCATION_NAMES, TRACK_SPACES, boards, colour_name, track_vp, vehicles
from game.borealis.state import PlayerState
from game.borealis.tokens import token_points
from game.core.i18n import _, ngettext
from scenes.borealis import pieces as pc
from scenes.borealis.header import draw_header, score_tip
from scenes.borealis.layout import BoardGeo, board_geometry
from scenes.borealis.pieces import card_height
from scenes.borealis.static_layer import cached_piece, close_board
from scenes.kit import style
from scenes.kit.hits import Hit
from scenes.kit.seat_colours import seat_colour
from scenes.kit.tween import ease_in_out_cubic

if TYPE_CHECKING:
    from scenes.borealis.parts import TableParts


def draw_board(table: TableParts, hides: set, seat: int | None = None, compose: bool = True) -> None:
    """The big board (of ``seat``, default the main seat) as pieces: the panel, its header, two
    camps and three locations, each painted again only when what it shows changed (a card played
    in one location repaints it alone)."""
    state = table.vstate
    seat = table.main_seat() if seat is None else seat
    player = state.players[seat]
    sci = table.old_scientists[seat] if ("sci", seat) in hides and seat in table.old_scientists else player.scientists
    pal = table.pal
    geo = table.geo = board_geometry(table.lay, table.pieces_scale)
    panel = geo.panel
    outer = table.layer.open_group()
    cached_piece(
        table,
        ("board",),
        panel,
        lambda surf, o: style.panel(
            surf, panel.move(o), pal, table.px(14), fill=pal.panel, border=pal.line, shadow=table.px(5)
        ),
    )
    score = table.score(seat)
    header_key = (
        "header",
        seat,
        table.viewer == seat,
        table.match.name(seat),
        table.match.seats[seat].colour,
        score,
        len(player.hand),
        token_points(player),
    )
    cached_piece(table, header_key, geo.header, lambda surf, o: paint_board_header(table, surf, o, geo.header, seat))
    for k, camp in enumerate(geo.camps):
        pos = 0 if k == 0 else 4
        cached_piece(
            table,
            ("camp", k, tuple(sci[pos])),
            camp,
            lambda surf, o, k=k, camp=camp: draw_camp(table, surf, o, geo, sci, k),
        )
    main_is_hand = seat == table.hand_seat() or (seat != table.main_seat() and not table.match.humans)
    for i in range(3):
        cards = tuple(player.cards[i])
        key = (
            "loc",
            i,
            cards,
            tuple(c for c in cards if ("card", c) in hides),
            tuple(sci[i + 1]),
            player.flags[i],
            player.board,
            main_is_hand,
            tuple(geo.stacks[i]),
            tuple(geo.tracks[i]),
        )
        cached_piece(
            table, key, geo.locs[i], lambda surf, o, i=i: draw_location(table, surf, o, geo, player, sci, i, hides)
        )
    cached_piece(table, ("legend",), geo.legend, lambda surf, o: draw_legend(table, surf, o, geo.legend))
    if compose:
        close_board(table, seat, outer)
    else:
        table.layer.parts = outer


def draw_legend(table: TableParts, layer, off, r: pygame.Rect) -> None:
    """The key of the vehicles: each one's badge (its colour and its shape) and its name, centred
    in ``r`` (the gaps between them narrow when the names are long)."""
    fonts = table.fonts
    badge = min(r.h, table.px(16))
    entries = []
    for v in vehicles():
        name = pc.vehicle_name(v)
        entries.append((v, fonts.render(name[:1].upper() + name[1:], "small", table.pal.text_dim)))
    inner = table.px(4)
    need = sum(badge + inner + img.get_width() for _v, img in entries)
    gap = max(table.px(6), min(table.px(18), (r.w - need) // max(1, len(entries) - 1)))
    x = r.x + max(0, (r.w - need - gap * (len(entries) - 1)) // 2)
    for v, img in entries:
        cell = pygame.Rect(x, r.y, badge + inner + img.get_width(), r.h)
        layer.blit(table.pieces.icon(pc.vehicle_art(v), badge), (x + off[0], r.centery - badge // 2 + off[1]))
        layer.blit(img, img.get_rect(midleft=(x + badge + inner + off[0], r.centery + off[1])))
        table.hits.append(Hit(cell, "legend", v, _("Vehicle: {vehicle}").format(vehicle=pc.vehicle_name(v))))
        x = cell.right + gap


def paint_board_header(table: TableParts, layer, off, header: pygame.Rect, seat: int) -> None:
    draw_header(table, layer, off, header, seat, big=True)
    table.hits.append(Hit(header, "header", seat, score_tip(table, seat)))


def draw_camp(table: TableParts, layer, off, geo: BoardGeo, sci, k: int) -> None:
    pal = table.pal
    camp = geo.camps[k]
    pos = 0 if k == 0 else 4
    r = camp.move(off)
    pygame.draw.rect(layer, pal.night_2, r, border_radius=table.px(10))
    igloo = table.px(40)
    table.pieces.blit_svg(
        layer, f"{pc.ART}/camp.svg", pygame.Rect(r.centerx - igloo // 2, r.y + table.px(2), igloo, igloo)
    )
    y = camp.y + igloo + table.px(8)
    mh = table.px(32)
    for colour in range(3):
        slot = pygame.Rect(camp.x + table.px(4), y, round(mh * 0.6), mh)
        geo.sci_slots[(pos, colour)] = slot
        n = sci[pos][colour]
        draw_meeple_count(table, layer, off, colour, n, slot, "body")
        y += mh + table.px(6)
    table.hits.append(
        Hit(
            camp,
            "camp",
            pos,
            _("{camp}: {who}. Scientists rest here until you regroup; each one brought back scores 1 point.").format(
                camp=_(pc.CAMP_NAMES[k]).capitalize(), who=pc.scientists_phrase(sci[pos])
            ),
        )
    )


def draw_meeple_count(table: TableParts, layer, off, colour: int, n: int, slot: pygame.Rect, role: str) -> None:
    """A scientist of ``colour`` in ``slot`` with how many there are beside it (faded at 0)."""
    layer.blit(table.pieces.meeple(colour, slot.h, ghost=n == 0), slot.move(off))
    style.blit_text(
        layer,
        table.fonts,
        str(n),
        (slot.right + table.px(3) + off[0], slot.centery + off[1]),
        role,
        table.pal.text if n else table.pal.text_dim,
        True,
        "midleft",
    )


def draw_location(
    table: TableParts, layer, off, geo: BoardGeo, player: PlayerState, sci, i: int, hides: set
) -> None:
    pal = table.pal
    loc = geo.locs[i]
    pygame.draw.rect(layer, pal.night_2, loc.move(off), border_radius=table.px(10))
    pos = i + 1
    table.hits.append(
        Hit(
            loc,
            "loc",
            ("main", i),
            _("The {location} location: {who}.").format(
                location=_(LOCATION_NAMES[i]), who=pc.scientists_phrase(sci[pos])
            ),
        )
    )
    # scientists
    strip = geo.sci[i]
    cell = strip.w // 3
    mh = table.px(44)
    for colour in range(3):
        n = sci[pos][colour]
        icon = pygame.Rect(strip.x + colour * cell + table.px(8), strip.y + (strip.h - mh) // 2, round(mh * 0.6), mh)
        geo.sci_slots[(pos, colour)] = icon
        draw_meeple_count(table, layer, off, colour, n, icon, "h3")
        table.hits.append(
            Hit(
                pygame.Rect(strip.x + colour * cell, strip.y, cell, strip.h),
                "sci",
                ("main", i),
                scientist_tip(table, colour, n, i),
            )
        )
    # the cascade: newest card on top, older ones show their bottom band below it
    stack = geo.stacks[i]
    cards = player.cards[i]
    n = len(cards)
    cw = stack.w
    ch = card_height(cw)
    band = table.pieces.band_height(cw)
    step = band if n <= 1 else min(band + table.px(2), (stack.h - ch) / (n - 1))
    if n == 0:
        layer.blit(table.pieces.slot(cw, pal.line), stack.move(off).topleft)
    for k, cid in enumerate(cards):
        y = stack.y + round((n - 1 - k) * step)
        r = pygame.Rect(stack.x, y, cw, ch)
        geo.card_rects[cid] = r
        if ("card", cid) not in hides:
            layer.blit(table.pieces.face(cid, cw), r.move(off))
        table.hits.append(Hit(r, "card", ("main", i), pc.card_tip(cid)))
    if n:
        words = ngettext("{n} card", "{n} cards", n).format(n=n)
        if table.fonts.font("small").size(words)[0] > stack.w + table.px(6):
            words = str(n)  # a narrow stack (a large text size): the number alone
        counts = table.fonts.render(words, "small", pal.text_dim)
        ybot = stack.y + ch + round((n - 1) * step) + table.px(2)
        if ybot + counts.get_height() <= stack.bottom + table.px(6):
            layer.blit(counts, (stack.x + off[0] + table.px(2), ybot + off[1]))
    draw_track(table, layer, off, geo, player, i)


def track_space(table: TableParts, loc: int, space: int) -> pygame.Rect:
    """The rect of ``space`` on the big board's track of location ``loc``."""
    assert table.geo is not None
    tr = table.geo.tracks[loc]
    sh = table.geo.space_h
    return pygame.Rect(tr.x, round(tr.y + space * sh), tr.w, round(sh) - table.px(2))


def draw_track(table: TableParts, layer, off, geo: BoardGeo, player: PlayerState, i: int) -> None:
    pal, fonts = table.pal, table.fonts
    pattern = boards()[player.board].tracks[i]
    vps = track_vp()[i]
    flag = player.flags[i]
    tr = geo.tracks[i]
    pygame.draw.rect(layer, pal.night, tr.move(off), border_radius=table.px(8))
    flag_w = flag_size(table) + table.px(2)
    for space in range(TRACK_SPACES + 1):
        r = track_space(table, i, space)
        reached = space <= flag
        fill = pal.panel_hi if reached else pal.panel
        pygame.draw.rect(layer, fill, r.move(off), border_radius=table.px(6))
        if space == flag + 1:
            pygame.draw.rect(layer, pal.text_dim, r.move(off), max(1, table.px(1)), border_radius=table.px(6))
        inner = pygame.Rect(r.x + flag_w, r.y, r.w - flag_w, r.h)
        vp_img = fonts.render(str(vps[space]), "small", pal.text if reached else pal.text_dim, True)
        layer.blit(vp_img, vp_img.get_rect(midright=(inner.right - table.px(4) + off[0], inner.centery + off[1])))
        if space == 0:
            img = fonts.render(_("start"), "small", pal.text_dim)
            if img.get_width() <= inner.w - vp_img.get_width() - table.px(4) and img.get_height() <= r.h * 1.3:
                layer.blit(img, img.get_rect(midleft=(inner.x + off[0], inner.centery + off[1])))
            tip = _("Start of the {location} exploration track.").format(location=_(LOCATION_NAMES[i]))
        else:
            pair = sorted(pattern[space - 1])
            badge = max(6, min(r.h - table.px(4), (inner.w - vp_img.get_width() - table.px(8)) // 2))
            x = inner.x
            for v in pair:
                layer.blit(
                    table.pieces.icon(pc.vehicle_art(v), badge, 255 if space > flag else 150),
                    (x + off[0], r.centery - badge // 2 + off[1]),
                )
                x += badge + table.px(1)
            names = _(" or ").join(pc.vehicle_name(v) for v in pair)
            tip = ngettext(
                "Space {k} of the {location} track: worth {vp} point. The flag steps here when you play "
                "a card with the {vehicles} in this location while the flag is just above.",
                "Space {k} of the {location} track: worth {vp} points. The flag steps here when you play "
                "a card with the {vehicles} in this location while the flag is just above.",
                vps[space],
            ).format(k=space, location=_(LOCATION_NAMES[i]), vp=vps[space], vehicles=names)
        if space == flag:
            tip += (
                "\n" + _("Your flag is here.")
                if table.main_seat() == table.hand_seat()
                else "\n" + _("The flag is here.")
            )
        table.hits.append(Hit(r, "track", ("main", i), tip))


def draw_flags(table: TableParts, surface: pygame.Surface, now: float) -> None:
    if table.geo is None:
        return
    seat = table.main_seat()
    player = table.vstate.players[seat]
    moving = {a.payload: a for a in table.animator.anims if a.kind == "flag"}
    img = table.pieces.flag(seat_colour(table.match.game.info, table.match.seats[seat].colour), flag_size(table))
    for i in range(3):
        space: float = player.flags[i]
        anim = moving.get(i)
        if anim is not None:
            a, b = anim.source[1], anim.target[1]  # type: ignore[index]
            space = a + (b - a) * ease_in_out_cubic(anim.t(now))
        tr = table.geo.tracks[i]
        y = tr.y + space * table.geo.space_h + (table.geo.space_h - table.px(2)) / 2
        table.mark(surface.blit(img, img.get_rect(midleft=(tr.x - table.px(1), round(y)))))


def flag_size(table: TableParts) -> int:
    sh = table.geo.space_h if table.geo is not None else table.px(30)
    return max(8, min(table.px(22), round(sh) - table.px(4)))


def scientist_tip(table: TableParts, colour: int, n: int, loc: int) -> str:
    items = (
        _("the amber scientist carries a backpack"),
        _("the mint scientist carries a camera"),
        _("the pink scientist carries binoculars"),
    )
    where = _(LOCATION_NAMES[loc])
    return ngettext(
        "{n} {colour} scientist in the {location} location ({item}).",
        "{n} {colour} scientists in the {location} location ({item}).",
        n,
    ).format(n=n, colour=_(colour_name(colour)), location=where, item=items[colour])
