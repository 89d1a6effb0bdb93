"""Continue: the games in progress, the most recently played first. Each row shows the game (its
cover and name), who plays, how many moves and when it was last played; a click resumes it, and
Delete removes it after a confirmation. The list scrolls when it is longer than the window."""

from __future__ import annotations

import logging
import time
from datetime import date, datetime, timedelta

import pygame

from game.core import registry
from game.core.i18n import _, ngettext
from scenes.kit import art, style
from scenes.kit.scroll import Scroller, key_scroll
from scenes.kit.seat_colours import seat_colour
from scenes.kit.theme import rect
from scenes.session import games, persist
from scenes.shell.scene import Scene

log = logging.getLogger(__name__)


def when_played(stamp: float, now: float | None = None) -> str:
    """When a game was last played, as a family says it: "today 14:02", "yesterday 21:15", or its date."""
    when = datetime.fromtimestamp(stamp)
    today = datetime.fromtimestamp(time.time() if now is None else now).date()
    clock = when.strftime("%H:%M")
    if when.date() == today:
        return _("today {time}").format(time=clock)
    if when.date() == today - timedelta(days=1):
        return _("yesterday {time}").format(time=clock)
    return date.isoformat(when.date())


def _entry(game_id: str) -> registry.Entry | None:
    return next((e for e in registry.entries() if e.id == game_id), None)


def moves_line(game: games.InProgress, now: float | None = None) -> str:
    """ "23 moves · today 14:02"."""
    moves = ngettext("{n} move", "{n} moves", game.moves).format(n=game.moves)
    return f"{moves} · {when_played(game.played_at, now)}"


def describe(game: games.InProgress) -> str:
    """The game in one line: "Borealis: Arctic Expeditions with Ana, Bo (23 moves · today 14:02)"."""
    return _("{game} with {players} ({facts})").format(
        game=registry.display_name(game.game_id), players=", ".join(game.names), facts=moves_line(game))


class Row:
    """Where one game in progress is drawn, in list coordinates (before the scroll)."""

    def __init__(self, game: games.InProgress, box: pygame.Rect, cover: pygame.Rect, text_x: int, text_w: int,
                 resume: pygame.Rect, delete: pygame.Rect) -> None:
        self.game = game
        self.box = box
        self.cover = cover
        self.text_x = text_x
        self.text_w = text_w
        self.resume = resume
        self.delete = delete


class ContinueScene(Scene):
    """The games in progress; choosing one resumes it."""

    def __init__(self, app, in_progress: list[games.InProgress] | None = None) -> None:
        super().__init__(app)
        self.games: list[games.InProgress] = list(in_progress) if in_progress is not None else games.listing()
        self.selected = 0
        self.hovered: int | None = None
        self.list = Scroller(self._moved)
        """How far the list is scrolled (the kit's: the wheel, Page Up and Down, Home and End, its bar)."""
        self.view = pygame.Rect(0, 0, 0, 0)
        self.rows: list[Row] = []
        self.back_button = None

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s, fonts = self.s, self.fonts
        back_h = max(round(44 * s), fonts.font("body", True).get_linesize() + round(12 * s))
        back_w = max(round(130 * s), fonts.font("body", True).size(_("Back"))[0] + round(40 * s))
        self.back_button = self.button(rect(round(24 * s), round(20 * s), back_w, back_h), _("Back"), self.app.pop)
        title_h = fonts.font("h2", True).get_linesize() + round(20 * s)
        top = max(round(20 * s) + back_h, round(28 * s) + title_h) + round(16 * s)
        margin = round(32 * s)
        width = min(w - margin * 2, round(980 * s))
        bottom = h - round(24 * s)
        self.view = pygame.Rect((w - width) // 2, top, width, max(round(80 * s), bottom - top))
        self.rows = self._rows()
        content = (self.rows[-1].box.bottom - self.view.y + self._gap()) if self.rows else 0
        if content > self.view.h:  # room under the list for the line that says more is below
            self.view.h = max(round(80 * s), bottom - top - fonts.font("small", True).get_linesize() - round(8 * s))
        self.list.set(self.view, content, [row.box.y - self._gap() - self.view.y for row in self.rows])
        self.selected = max(0, min(len(self.games) - 1, self.selected))

    def _gap(self) -> int:
        return round(10 * self.s)

    def _badge(self, text: str) -> pygame.Rect:
        w, h = self.fonts.font("body", True).size(text)
        return pygame.Rect(0, 0, w + round(32 * self.s), h + round(12 * self.s))

    def _rows(self) -> list[Row]:
        s, fonts = self.s, self.fonts
        gap, pad = self._gap(), round(14 * s)
        inner = self.view.inflate(-gap * 2, 0)
        inner.w -= round(10 * s)  # the scroll bar's lane
        resume, delete = self._badge(_("Resume")), self._badge(_("Delete"))
        badges_w = resume.w + delete.w + round(10 * s)
        lines = fonts.font("body", True).get_linesize() + fonts.font("small").get_linesize() * 2 + round(6 * s)
        cover_h = min(lines, round(84 * s))
        cover_w = round(cover_h * 1.6)
        text_x = pad + cover_w + pad
        beside = inner.w - text_x - badges_w - pad * 2 >= round(240 * s)
        text_w = inner.w - text_x - pad - (badges_w + pad if beside else 0)
        rows = []
        y = self.view.y + gap
        for game in self.games:
            extra = fonts.font("small").get_linesize() if game.dropped else 0
            height = pad * 2 + max(cover_h, lines + extra)
            if not beside:
                height += resume.h + round(8 * s)
            box = pygame.Rect(inner.x, y, inner.w, height)
            cover = pygame.Rect(box.x + pad, box.y + pad, cover_w, cover_h)
            if beside:
                r = resume.copy()
                r.midright = (box.right - pad - delete.w - round(10 * s), box.centery)
            else:
                r = resume.copy()
                r.bottomleft = (box.x + text_x, box.bottom - pad)
            d = delete.copy()
            d.midleft = (r.right + round(10 * s), r.centery)
            rows.append(Row(game, box, cover, box.x + text_x, max(round(60 * s), text_w), r, d))
            y = box.bottom + gap
        return rows

    @property
    def scroll(self) -> int:
        """How far the list is scrolled, in pixels."""
        return self.list.offset

    @property
    def max_scroll(self) -> int:
        return self.list.most

    def scroll_to(self, y: float) -> None:
        self.list.scroll_to(y)

    def _moved(self) -> None:
        self.app.dirty = True

    def scrolls(self) -> list:
        return [self.list.state()]

    def areas(self) -> dict[str, pygame.Rect]:
        return {"list": self.view}

    def click_targets(self) -> dict[str, list[int]]:
        """Each game's row, Resume and Delete where they show now (the automation trace, the sweep)."""
        targets = {}
        for i, row in enumerate(self.rows):
            for name, r in (("game", row.box), ("resume", row.resume), ("delete", row.delete)):
                shown = r.move(0, -self.scroll)
                if self.view.contains(shown):
                    targets[f"{name}:{i}"] = list(shown)
        return targets

    # --- what the player does ----------------------------------------------------------------
    def resume(self, index: int) -> None:
        """Go on with the game at ``index`` (its table opens over this list)."""
        from scenes.shell.opening import open_table

        if not 0 <= index < len(self.games):
            return
        game = self.games[index]
        try:
            match = game.match()
        except Exception:  # noqa: BLE001 - a save that loaded but cannot be played: keep it aside, say so
            log.exception("a game in progress could not be resumed")
            kept = persist.set_aside(game.name)
            self.app.toast(_("This game could not be opened: its table failed to set it up. The save was put "
                             "aside as {path}, so it cannot stop Polar Table again.").format(path=kept), "error", 12.0)
            self.refresh()
            return
        if game.dropped:
            self.app.toast(ngettext(
                "{n} move at the end of this save could not be replayed and was left out.",
                "{n} moves at the end of this save could not be replayed and were left out.",
                game.dropped).format(n=game.dropped), "info", 8.0)
        open_table(self.app, match)

    def ask_delete(self, index: int) -> None:
        if 0 <= index < len(self.games):
            self.app.push(DeleteScene(self.app, self, self.games[index]))

    def delete(self, game: games.InProgress) -> None:
        """The player confirmed: the game is deleted; back to the menu once none is left."""
        if games.delete(game.name):
            self.app.toast(_("The game was deleted."))
        self.refresh()
        if not self.games:
            self.app.pop()

    def refresh(self) -> None:
        self.games = games.listing()
        self.relayout()

    def uncover(self) -> None:
        self.refresh()

    def select(self, index: int) -> None:
        if not self.games:
            return
        self.selected = max(0, min(len(self.games) - 1, index))
        box = self.rows[self.selected].box
        top = box.y - self._gap() - self.view.y
        if not self.list.shows(top, box.h + self._gap()):
            self.scroll_to(top if top < self.scroll else box.bottom + self._gap() - self.view.bottom)
        self.app.dirty = True

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for i, row in enumerate(self.rows):
            if row.box.move(0, -self.scroll).collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        line = self.fonts.font("body").get_linesize()
        if self.list.handle(event, self.app.to_view(pygame.mouse.get_pos()), line * 3, self.s, keys=False):
            return  # the wheel, or a click on the bar
        if event.type == pygame.MOUSEMOTION:
            hovered = self.row_at(event.pos)
            if hovered != self.hovered:
                self.hovered = hovered
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None and index == getattr(self, "_pressed", None):
                if self.rows[index].delete.move(0, -self.scroll).collidepoint(event.pos):
                    self.app.sounds.play("button")
                    self.ask_delete(index)
                else:
                    self.app.sounds.play("button")
                    self.resume(index)
            self._pressed = None
        elif event.type == pygame.KEYDOWN:
            delta = key_scroll(event.key, self.view.h - line * 2)
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key == pygame.K_UP:
                self.select(self.selected - 1)
            elif event.key == pygame.K_DOWN:
                self.select(self.selected + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.resume(self.selected)
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.ask_delete(self.selected)
            elif delta is not None:
                self.list.scroll_by(delta)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        index = self.row_at(pos)
        if index is None:
            return None
        row = self.rows[index]
        if row.delete.move(0, -self.scroll).collidepoint(pos):
            return _("Delete this game (you are asked first)")
        return describe(row.game)

    # --- drawing -----------------------------------------------------------------------------
    def static_key(self) -> tuple:
        return (self.scroll, self.selected, self.hovered, len(self.games))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, s = self.pal, self.s
        self.title(surface, _("Games in progress"))
        style.panel(surface, self.view, pal, round(18 * s), alpha=235, border=pal.line)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(-round(4 * s), -round(4 * s)))
        if not self.games:
            style.blit_text(surface, self.fonts, _("No games in progress."), self.view.center, "body", pal.text_dim,
                            False, "center")
        for i, row in enumerate(self.rows):
            box = row.box.move(0, -self.scroll)
            if box.bottom >= self.view.y and box.y <= self.view.bottom:
                self._draw_row(surface, i, row, box.y - row.box.y)
        surface.set_clip(clip)
        self.list.draw_bar(surface, (pal.panel_hi, pal.violet), s)
        self.list.draw_cue(surface, self.fonts, pal.text_dim, (self.view.centerx, surface.get_height() - round(8 * s)))

    def _draw_row(self, surface: pygame.Surface, index: int, row: Row, dy: int) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        box = row.box.move(0, dy)
        lit = index == self.hovered or index == self.selected
        radius = round(12 * s)
        pygame.draw.rect(surface, pal.panel_hi if lit else pal.panel, box, border_radius=radius)
        pygame.draw.rect(surface, pal.green if index == self.selected else pal.line, box,
                         max(1, round(2 * s)), border_radius=radius)
        cover = row.cover.move(0, dy)
        entry = _entry(row.game.game_id)
        if entry is None or not art.blit_svg(surface, entry.cover, cover):
            pygame.draw.rect(surface, pal.night_2, cover, border_radius=round(8 * s))
        game = row.game
        x, y, width = row.text_x, box.y + round(14 * s), row.text_w
        name = registry.display_name(game.game_id)
        if fonts.font("body", True).size(name)[0] > width:
            name = name.partition(":")[0]
        y = style.blit_text(surface, fonts, fonts.fit(name, width, "body", True), (x, y), "body", pal.text, True).bottom
        y = self._draw_players(surface, game, x, y + round(2 * s), width)
        y = style.blit_text(surface, fonts, fonts.fit(moves_line(game), width, "small"), (x, y), "small",
                            pal.text_dim).bottom
        if game.dropped:
            note = ngettext("{n} move at the end could not be replayed and was left out",
                            "{n} moves at the end could not be replayed and were left out", game.dropped)
            style.blit_text(surface, fonts, fonts.fit(note.format(n=game.dropped), width, "small"), (x, y), "small",
                            pal.coral)
        self._draw_badge(surface, row.resume.move(0, dy), _("Resume"), pal.green, pal.text_dark, True)
        self._draw_badge(surface, row.delete.move(0, dy), _("Delete"), pal.night_2, pal.text, False)

    def _draw_players(self, surface: pygame.Surface, game: games.InProgress, x: int, y: int, width: int) -> int:
        """Each seat's token and name on one line (as many as fit, then "+2"); returns the y below."""
        pal, fonts, s = self.pal, self.fonts, self.s
        line = fonts.font("small").get_linesize()
        r = max(4, round(line * 0.28))
        right = x + width
        seats = game.saved.seats
        info = registry.get(game.game_id).info
        for n, seat in enumerate(seats):
            label = seat.name if seat.kind == "human" else _("{name} (bot)").format(name=seat.name)
            rest = len(seats) - n - 1
            more = f"+{rest}" if rest else ""
            room = right - x - r * 2 - round(6 * s) - (fonts.font("small").size(" " + more)[0] if more else 0)
            if room < fonts.font("small").size("Ab…")[0]:
                style.blit_text(surface, fonts, f"+{rest + 1}", (x, y), "small", pal.text_dim)
                break
            style.draw_player_token(surface, seat_colour(info, seat.colour), (x + r, y + line // 2), r)
            text = fonts.fit(label, room, "small")
            drawn = style.blit_text(surface, fonts, text, (x + r * 2 + round(6 * s), y), "small", pal.text)
            x = drawn.right + round(14 * s)
        return y + line

    def _draw_badge(self, surface: pygame.Surface, r: pygame.Rect, text: str, fill, colour, bold: bool) -> None:
        pygame.draw.rect(surface, fill, r, border_radius=r.h // 2)
        if not bold:
            pygame.draw.rect(surface, self.pal.coral, r, max(1, round(2 * self.s)), border_radius=r.h // 2)
        style.blit_text(surface, self.fonts, text, r.center, "body", colour, True, "center")


class DeleteScene(Scene):
    """Are you sure? Delete one game in progress, or keep it."""

    opaque = False
    dim_below = 170

    def __init__(self, app, listing: ContinueScene, game: games.InProgress) -> None:
        super().__init__(app)
        self.listing = listing
        self.game = game
        self.card = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s, fonts = self.s, self.fonts
        width = min(w - round(48 * s), round(620 * s))
        pad = round(28 * s)
        self.lines = fonts.wrap(describe(self.game), width - pad * 2, "body") + fonts.wrap(
            _("A deleted game cannot be brought back."), width - pad * 2, "body")
        bh = max(round(52 * s), fonts.font("body", True).get_linesize() + round(16 * s))
        labels = (_("Delete"), _("Keep it"))
        bw = max(fonts.font("body", True).size(t)[0] for t in labels) + round(48 * s)
        bw = min(bw, (width - pad * 2 - round(16 * s)) // 2)
        title_h = fonts.font("h2", True).get_linesize()
        height = pad + title_h + round(12 * s) + fonts.font("body").get_linesize() * len(self.lines) + round(24 * s)
        height += bh + pad
        self.card = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, height)
        y = self.card.bottom - pad - bh
        gap = round(16 * s)
        x = self.card.centerx - bw - gap // 2
        self.button(rect(x, y, bw, bh), _("Delete"), self.confirm, "danger")
        self.button(rect(x + bw + gap, y, bw, bh), _("Keep it"), self.app.pop, "primary")

    def confirm(self) -> None:
        self.app.pop()
        self.listing.delete(self.game)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        style.panel(surface, self.card, pal, round(22 * s), border=pal.coral, shadow=round(12 * s))
        pad = round(28 * s)
        y = style.blit_text(surface, fonts, _("Delete this game?"), (self.card.centerx, self.card.y + pad), "h2",
                            pal.text, True, "midtop").bottom + round(12 * s)
        for line in self.lines:
            y = style.blit_text(surface, fonts, line, (self.card.centerx, y), "body", pal.text_dim, False,
                                "midtop").bottom
