"""The Players screen: every profile (colour and shape, games played, wins), its achievements in each
game (all of them listed, the earned ones checked, with the title) and the recent finished games.

Also the achievement chips the end screen shows (``flow_chips``, ``draw_chip``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import pygame

from game.core import registry
from game.core.i18n import _
from scenes.kit import art, style
from scenes.kit.placed import ScrollView
from scenes.kit.scroll import clamp_scroll, draw_bar, key_scroll
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.shell.scene import Scene

CHECK = "art/ui/check.svg"


# --- achievement chips (also on the end screen) ------------------------------------------------


@dataclass(frozen=True)
class Chip:
    rect: pygame.Rect
    text: str
    """The label as drawn (shortened to fit)."""
    full: str
    """The whole name, for the tooltip."""
    new: bool = False
    more: bool = False
    """A "+N more" chip standing for what did not fit."""


def title_line(name: str, title: str, count: int, out_of: int) -> str:
    """"Ana — Arctic Amateur (6 of 19)"."""
    if title:
        return _("{name} — {title} ({count} of {total})").format(name=name, title=title, count=count, total=out_of)
    return _("{name} — {count} of {total} achievements").format(name=name, count=count, total=out_of)


def _chip_metrics(fonts: style.Fonts, s: float) -> tuple[int, int, int]:
    """(height, horizontal padding, gap)."""
    return fonts.font("small").get_linesize() + round(8 * s), round(10 * s), round(8 * s)


def _new_badge(fonts: style.Fonts, pal: style.Palette) -> pygame.Surface:
    return fonts.render(_("New!"), "small", pal.text_dark, True)


def flow_chips(
    fonts: style.Fonts,
    pal: style.Palette,
    s: float,
    items: list[tuple[str, bool]],
    origin: tuple[int, int],
    width: int,
    max_lines: int,
) -> tuple[list[Chip], int]:
    """Lay ``items`` ((name, new)) out as chips in rows from ``origin`` within ``width``; at most
    ``max_lines`` rows (the rest become a "+N more" chip). Returns the chips and the height used."""
    h, pad, gap = _chip_metrics(fonts, s)
    badge_w = _new_badge(fonts, pal).get_width() + round(12 * s) + round(6 * s)
    x0, y0 = origin
    chips: list[Chip] = []
    x, line = x0, 0
    for index, (name, new) in enumerate(items):
        extra = badge_w if new else 0
        room = width - extra - pad * 2
        text = fonts.fit(name, max(round(40 * s), room), "small")
        w = fonts.font("small").size(text)[0] + pad * 2 + extra
        if x > x0 and x + w > x0 + width:
            line += 1
            x = x0
        if line >= max_lines:
            rest = len(items) - index
            while True:
                label = _("+{n} more").format(n=rest)
                mw = fonts.font("small").size(label)[0] + pad * 2
                if not chips or chips[-1].rect.right + gap + mw <= x0 + width or chips[-1].rect.y < y0 + (
                    max_lines - 1
                ) * (h + gap):
                    break
                chips.pop()
                rest += 1
            last = chips[-1].rect if chips else pygame.Rect(x0 - gap, y0, 0, h)
            mx = last.right + gap if last.y >= y0 + (max_lines - 1) * (h + gap) else x0
            names = ", ".join(n for n, _new in items[len(items) - rest :])
            chips.append(Chip(pygame.Rect(mx, y0 + (max_lines - 1) * (h + gap), mw, h), label, names, more=True))
            line = max_lines - 1
            break
        chips.append(Chip(pygame.Rect(x, y0 + line * (h + gap), w, h), text, name, new))
        x += w + gap
    lines = line + 1 if chips else 0
    return chips, max(0, lines * h + (lines - 1) * gap)


def draw_chip(surface: pygame.Surface, chip: Chip, fonts: style.Fonts, pal: style.Palette, s: float) -> None:
    r = chip.rect
    radius = r.h // 2
    if chip.more:
        pygame.draw.rect(surface, pal.line, r, max(1, round(1.5 * s)), border_radius=radius)
        style.blit_text(surface, fonts, chip.text, r.center, "small", pal.text_dim, False, "center")
        return
    pygame.draw.rect(surface, pal.panel_hi, r, border_radius=radius)
    pygame.draw.rect(surface, pal.green if chip.new else pal.line, r, max(1, round(1.5 * s)), border_radius=radius)
    x = r.x + round(10 * s)
    if chip.new:
        badge_text = _new_badge(fonts, pal)
        badge = badge_text.get_rect().inflate(round(12 * s), round(2 * s))
        badge.midleft = (r.x + round(4 * s), r.centery)
        pygame.draw.rect(surface, pal.green, badge, border_radius=badge.h // 2)
        surface.blit(badge_text, badge_text.get_rect(center=badge.center))
        x = badge.right + round(6 * s)
    style.blit_text(surface, fonts, chip.text, (x, r.centery), "small", pal.text, False, "midleft")


# --- the Players screen ------------------------------------------------------------------------


def short_date(stamp: str) -> str:
    """An ISO time as the local date and time, e.g. 2025-03-14 18:05."""
    try:
        when = datetime.fromisoformat(stamp)
        if when.tzinfo is not None:
            when = when.astimezone()
        return when.strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


@dataclass(frozen=True)
class GameAchievements:
    game_id: str
    game_name: str
    names: dict[str, str]
    """id -> name, in display order."""


def achievement_games() -> list[GameAchievements]:
    """The built games that have achievements."""
    out = []
    for game_id in registry.available():
        try:
            game = registry.get(game_id)
        except Exception:  # noqa: BLE001 - a game under construction
            continue
        names = persist.achievement_names(game)
        if names:
            out.append(GameAchievements(game_id, _(game.info.name), names))
    return out


def _scores_shown(game_id: str):
    """How the game's scores read (a count of cards left where the fewest wins)."""
    try:
        return registry.get(game_id).info.shown
    except Exception:  # noqa: BLE001 - a game no longer installed: its scores as they are
        return lambda score: score


class ProfilesScene(Scene):
    """The players who have finished a game here, one at a time, with the recent games below."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games = achievement_games()
        self.overview = persist.profiles_overview([g.game_id for g in self.games])
        if self.overview.message:
            app.toast(self.overview.message, "error")
        self.selected = 0
        self.scroll = 0
        self.list_scroll = 0
        self.content_h = 0
        self.sidebar = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_tips: list[tuple[pygame.Rect, str]] = []
        """Tooltips for shortened names in the view, where they are drawn now."""
        self.rows: list[pygame.Rect] = []
        """The sidebar rows, one per profile (in list coordinates: before list_scroll)."""

    @property
    def players(self) -> list[persist.PlayerCard]:
        return self.overview.players

    @property
    def current(self) -> persist.PlayerCard | None:
        return self.players[self.selected] if 0 <= self.selected < len(self.players) else None

    def select(self, index: int) -> None:
        if not self.players:
            return
        self.selected = max(0, min(len(self.players) - 1, index))
        self.scroll = 0
        row = self.rows[self.selected] if self.selected < len(self.rows) else None
        if row is not None:
            inner = self.sidebar.h - self.px(16)
            if row.bottom - self.list_scroll > inner:
                self.list_scroll = row.bottom - inner
            elif row.y < self.list_scroll:
                self.list_scroll = row.y
        self.relayout()

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        self.button(rect(round(40 * s), round(24 * s), 130 * s, 44 * s), _("Back"), self.app.pop)
        top = round(28 * s) + self.fonts.font("h2", True).get_linesize() + round(36 * s)
        margin = round(40 * s)
        gap = round(20 * s)
        side_w = min(round(260 * s), w // 4)
        total_w = min(w - margin * 2, round(1180 * s))
        x0 = (w - total_w) // 2
        self.sidebar = pygame.Rect(x0, top, side_w, h - top - round(30 * s))
        self.view = pygame.Rect(self.sidebar.right + gap, top, total_w - side_w - gap, self.sidebar.h)
        row_h = round(64 * s)
        pad = round(8 * s)
        self.rows = [
            pygame.Rect(self.sidebar.x + pad, self.sidebar.y + pad + i * (row_h + pad), self.sidebar.w - pad * 2, row_h)
            for i in range(len(self.players))
        ]
        self.list_scroll = max(0, min(self.list_max_scroll, self.list_scroll))
        self.content_h = self._content(None)
        self.scroll_to(self.scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    @property
    def list_max_scroll(self) -> int:
        if not self.rows:
            return 0
        return max(0, self.rows[-1].bottom + self.px(8) - self.sidebar.bottom)

    def scroll_to(self, y: float) -> None:
        self.scroll = clamp_scroll(y, self.max_scroll)
        self.app.dirty = True

    def scroll_list_to(self, y: float) -> None:
        self.list_scroll = clamp_scroll(y, self.list_max_scroll)
        self.app.dirty = True

    def scrolls(self) -> list[ScrollView]:
        return [ScrollView(tuple(self.view), self.scroll, self.max_scroll, self.scroll_to),
                ScrollView(tuple(self.sidebar), self.list_scroll, self.list_max_scroll, self.scroll_list_to)]

    # --- input -------------------------------------------------------------------------------
    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.sidebar.collidepoint(pos):
            return None
        for i, row in enumerate(self.rows):
            if row.move(0, -self.list_scroll).collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        line = self.fonts.font("body").get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            if self.sidebar.collidepoint(self.app.to_view(pygame.mouse.get_pos())):
                self.list_scroll = max(0, min(self.list_max_scroll, self.list_scroll - event.y * line * 2))
                self.app.dirty = True
            else:
                self.scroll_to(self.scroll - event.y * line * 3)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                self.select(index)
        elif event.type == pygame.KEYDOWN:
            delta = key_scroll(event.key, self.view.h - line * 2)
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_UP:
                self.select(self.selected - 1)
            elif event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif delta is not None:
                self.scroll_to(self.scroll + delta)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        index = self.row_at(pos)
        if index is not None:
            p = self.players[index]
            return _("{name}: {colour}").format(name=p.name, colour=style.colour_label(p.colour))
        if self.view.collidepoint(pos):
            for r, name in self.content_tips:
                if r.collidepoint(pos):
                    return name
        return None

    # --- drawing -----------------------------------------------------------------------------
    def static_key(self) -> tuple:
        return (self.scroll, self.list_scroll, self.selected)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, s = self.pal, self.s
        self.title(surface, _("Players"))
        style.panel(surface, self.sidebar, pal, round(18 * s), alpha=235, border=pal.line)
        style.panel(surface, self.view, pal, round(18 * s), alpha=235, border=pal.line)
        self._draw_sidebar(surface)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(-round(6 * s), -round(6 * s)))
        self._content(surface)
        surface.set_clip(clip)
        if self.max_scroll:
            self._scrollbar(surface, self.view, self.scroll, self.max_scroll, self.content_h)
        if self.list_max_scroll:
            content = self.rows[-1].bottom + self.px(8) - self.sidebar.y
            self._scrollbar(surface, self.sidebar, self.list_scroll, self.list_max_scroll, content)

    def _scrollbar(self, surface: pygame.Surface, view: pygame.Rect, scroll: int, most: int, content: int) -> None:
        draw_bar(surface, view, scroll, most, content, (self.pal.panel_hi, self.pal.violet), self.s)

    def _draw_sidebar(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        clip = surface.get_clip()
        surface.set_clip(self.sidebar.inflate(-round(4 * s), -round(4 * s)))
        if not self.players:
            y = self.sidebar.y + round(20 * s)
            for line in fonts.wrap(_("No players yet."), self.sidebar.w - round(36 * s), "body", True):
                pos = (self.sidebar.x + round(18 * s), y)
                y = style.blit_text(surface, fonts, line, pos, "body", pal.text, True).bottom
        for i, (p, row) in enumerate(zip(self.players, self.rows)):
            r = row.move(0, -self.list_scroll)
            if r.bottom < self.sidebar.y or r.y > self.sidebar.bottom:
                continue
            chosen = i == self.selected
            pygame.draw.rect(surface, pal.panel_hi if chosen else pal.panel, r, border_radius=round(12 * s))
            if chosen:
                pygame.draw.rect(surface, pal.green, r, max(2, round(2 * s)), border_radius=round(12 * s))
            tr = round(12 * s)
            style.draw_player_token(surface, p.colour, (r.x + round(14 * s) + tr, r.centery), tr)
            tx = r.x + round(24 * s) + tr * 2
            tw = r.right - tx - round(12 * s)
            name = fonts.fit(p.name, tw, "body", True)
            line = fonts.font("body", True).get_linesize()
            style.blit_text(surface, fonts, name, (tx, r.centery - line // 2 + round(1 * s)), "body", pal.text, True,
                            "midleft")
            stats = _("{played} played · {wins} won").format(played=p.played, wins=p.wins)
            style.blit_text(surface, fonts, fonts.fit(stats, tw, "small"), (tx, r.centery + round(12 * s)), "small",
                            pal.text_dim, False, "midleft")
        surface.set_clip(clip)

    def _content(self, surface: pygame.Surface | None) -> int:
        """Draw the selected profile and the recent games into the view (or only measure, without a
        surface); returns the content height."""
        pal, fonts, s = self.pal, self.fonts, self.s
        self.content_tips = []
        pad = round(28 * s)
        x = self.view.x + pad
        width = self.view.w - pad * 2 - round(12 * s)
        top = self.view.y + pad - self.scroll
        y = top

        def text(t: str, pos: tuple[int, int], step: str = "body", colour=None, bold=False, anchor="topleft"):
            img = fonts.render(t, step, colour if colour is not None else pal.text, bold)
            r = img.get_rect(**{anchor: pos})
            if surface is not None and r.bottom >= self.view.y and r.y <= self.view.bottom:
                surface.blit(img, r)
            return r

        p = self.current
        if p is None:
            for line in fonts.wrap(
                _("Finish a game with a human player and they appear here, with their achievements."), width, "body"
            ):
                y = text(line, (x, y), "body", pal.text_dim).bottom
            y += round(24 * s)
        else:
            tr = round(18 * s)
            if surface is not None:
                style.draw_player_token(surface, p.colour, (x + tr, y + tr), tr)
            name_r = text(fonts.fit(p.name, width - tr * 3, "h2", True), (x + tr * 2 + round(14 * s), y + tr), "h2",
                          pal.text, True, "midleft")
            y = max(y + tr * 2, name_r.bottom) + round(6 * s)
            stats = "   ·   ".join(
                [
                    _("Games played: {n}").format(n=p.played),
                    _("Wins: {n}").format(n=p.wins),
                    _("Colour: {colour}").format(colour=style.colour_label(p.colour)),
                ]
            )
            y = text(stats, (x, y), "body", pal.text_dim).bottom + round(18 * s)
            for g in self.games:
                y = self._game_block(surface, text, g, p, x, y, width)
        y = self._history(surface, text, x, y, width)
        return y - top + pad

    def _game_block(self, surface, text, g: GameAchievements, p: persist.PlayerCard, x: int, y: int, width: int) -> int:
        pal, fonts, s = self.pal, self.fonts, self.s
        held = p.achievements.get(g.game_id, frozenset())
        count = sum(1 for a in g.names if a in held)
        try:
            title = persist.achievement_title(registry.get(g.game_id), count)
        except Exception:  # noqa: BLE001
            title = ""
        text(g.game_name, (x, y), "h3", pal.text, True)
        y += fonts.font("h3", True).get_linesize()
        line = _("{title} · {count} of {total} achievements").format(title=title, count=count, total=len(g.names))
        if not title:
            line = _("{count} of {total} achievements").format(count=count, total=len(g.names))
        y = text(line, (x, y), "body", pal.green, True).bottom + round(4 * s)
        bar = pygame.Rect(x, y + round(4 * s), min(width, round(420 * s)), max(4, round(6 * s)))
        if surface is not None and bar.bottom >= self.view.y and bar.y <= self.view.bottom:
            pygame.draw.rect(surface, pal.night_2, bar, border_radius=bar.h // 2)
            done = pygame.Rect(bar.x, bar.y, bar.w * count // max(1, len(g.names)), bar.h)
            if done.w:
                style.aurora_rule(surface, done, pal)
        y = bar.bottom + round(14 * s)
        cols = 2 if width >= round(640 * s) else 1
        col_gap = round(16 * s)
        col_w = (width - col_gap * (cols - 1)) // cols
        line_h = fonts.font("small").get_linesize()
        box = round(18 * s)
        text_w = col_w - box - round(12 * s)
        items = list(g.names.items())
        per_col = (len(items) + cols - 1) // cols
        # each name on up to two lines; a row is as tall as its taller cell
        wrapped = []
        for _aid, name in items:
            lines = fonts.wrap(name, text_w, "small")
            if len(lines) > 2:
                lines = [lines[0], fonts.fit(" ".join(lines[1:]), text_w, "small")]
            wrapped.append(lines)
        heights = [
            max(len(wrapped[c * per_col + r]) for c in range(cols) if c * per_col + r < len(items)) * line_h
            + round(8 * s)
            for r in range(per_col)
        ]
        tops = [y + sum(heights[:r]) for r in range(per_col)]
        for i, (aid, name) in enumerate(items):
            col, row = divmod(i, per_col)
            cx = x + col * (col_w + col_gap)
            cy = tops[row] + round(4 * s)
            earned = aid in held
            r = pygame.Rect(cx, cy + (line_h - box) // 2, box, box)
            if surface is not None and r.bottom >= self.view.y and r.y <= self.view.bottom:
                if earned:
                    pygame.draw.rect(surface, pal.green, r, border_radius=round(5 * s))
                    art.blit_svg(surface, CHECK, r.inflate(-round(3 * s), -round(3 * s)))
                else:
                    pygame.draw.rect(surface, pal.line, r, max(1, round(2 * s)), border_radius=round(5 * s))
            for n, label in enumerate(wrapped[i]):
                text(label, (r.right + round(10 * s), cy + n * line_h), "small", pal.text if earned else pal.text_dim)
            if " ".join(wrapped[i]) != name:
                self.content_tips.append((pygame.Rect(cx, cy, col_w, heights[row]), name))
        return y + sum(heights) + round(26 * s)

    def _history(self, surface, text, x: int, y: int, width: int) -> int:
        pal, fonts, s = self.pal, self.fonts, self.s
        text(_("Recent games"), (x, y), "h3", pal.text, True)
        y += fonts.font("h3", True).get_linesize() + round(6 * s)
        rows = self.overview.history
        if not rows:
            return text(_("No finished games yet."), (x, y), "body", pal.text_dim).bottom + round(10 * s)
        date_w = round(150 * s)
        game_w = round(200 * s)
        line = fonts.font("small").get_linesize()
        heads = ((_("Date"), x), (_("Game"), x + date_w), (_("Players and scores"), x + date_w + game_w))
        for label, hx in heads:
            text(label, (hx, y), "small", pal.text_dim, True)
        y += line + round(6 * s)
        me = self.current.name if self.current is not None else None
        players_x = x + date_w + game_w
        players_w = x + width - players_x
        for n, row in enumerate(rows):
            winners = {w for w in row.winners if 0 <= w < len(row.players)}
            shown = _scores_shown(row.game)
            parts = []
            for i, name in enumerate(row.players):
                score = shown(row.scores[i]) if i < len(row.scores) else 0
                parts.append((f"{name} {score}", i in winners, name == me))
            # wrap the players onto as many lines as they need
            lines: list[list[tuple[str, bool, bool]]] = [[]]
            used = 0
            sep = fonts.font("small").size("   ")[0]
            for part in parts:
                pw = fonts.font("small", part[1]).size(part[0])[0] + round(18 * s)
                if lines[-1] and used + sep + pw > players_w:
                    lines.append([])
                    used = 0
                used += (sep if lines[-1] else 0) + pw
                lines[-1].append(part)
            row_h = line * len(lines) + round(10 * s)
            band = pygame.Rect(x - round(8 * s), y - round(5 * s), width + round(16 * s), row_h)
            if surface is not None and n % 2 == 0 and band.bottom >= self.view.y and band.y <= self.view.bottom:
                layer = pygame.Surface(band.size, pygame.SRCALPHA)
                layer.fill((255, 255, 255, 12))
                surface.blit(layer, band)
            text(short_date(row.finished_at), (x, y), "small", pal.text_dim)
            title = fonts.fit(registry.display_name(row.game), game_w - round(12 * s), "small")
            text(title, (x + date_w, y), "small", pal.text)
            ly = y
            for parts_line in lines:
                px_ = players_x
                for label, won, mine in parts_line:
                    colour = pal.green if won else (pal.text if mine else pal.text_dim)
                    r = text(label, (px_, ly), "small", colour, won or mine)
                    px_ = r.right
                    if won:
                        star = pygame.Rect(px_ + round(4 * s), ly + (line - round(12 * s)) // 2, round(12 * s),
                                           round(12 * s))
                        if surface is not None and star.bottom >= self.view.y and star.y <= self.view.bottom:
                            points = style.shape_points("star", star.center, star.w / 2)
                            pygame.draw.polygon(surface, pal.green, points)
                        px_ = star.right
                    px_ += sep
                ly += line
            y += row_h
        return y
