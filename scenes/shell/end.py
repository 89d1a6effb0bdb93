"""The end screen: who won, the score breakdown (Result.terms × players; with pictures in kids' mode),
what each human earned (achievements, newly earned ones marked, and their title); play again or menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.messages import text_of
from scenes.kit import art, style
from scenes.kit.placed import ScrollView
from scenes.kit.scroll import Scroller
from scenes.kit.seat_colours import seat_colour
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.shell import podium
from scenes.shell.profiles_screen import Chip, draw_chip, flow_chips, title_line
from scenes.shell.scene import Scene

if TYPE_CHECKING:
    from scenes.shell.host import PlayedTable as TableScene


CONTINUED = -2
"""The colour of an achievements line that goes on from the line above (drawn without a token)."""
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))


def ordinal(place: int) -> str:
    return _(ORDINALS[place - 1]) if 1 <= place <= len(ORDINALS) else str(place)


def places(scores: tuple[int, ...], winners: tuple[int, ...]) -> list[int]:
    """Each seat's place: the winners (after the game's tie-break) 1st, then the others by score,
    the same score sharing a place (1st, 1st, 3rd...)."""
    won = set(winners)
    return [1 if p in won else 1 + len(won) + sum(1 for q, other in enumerate(scores) if q not in won and other > score)
            for p, score in enumerate(scores)]


def winners_line(names: list[str]) -> str:
    if len(names) == 1:
        return _("{name} wins!").format(name=names[0])
    return _("{names} and {last} share the win!").format(names=", ".join(names[:-1]), last=names[-1])


class EndScene(Scene):
    opaque = False
    dim_below = 170

    def __init__(self, app, table: TableScene, fanfare: bool = True) -> None:
        super().__init__(app)
        self.table = table
        self.result = table.match.result()
        self.card = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.row_step = "body"
        """The type of the scores' rows (smaller when they do not fit the window otherwise)."""
        self.ach_list = Scroller(self.relayout)
        """The achievements' place, when they scroll (a large text size)."""
        match = table.match
        self.report: persist.FinishReport | None = table.finish_report
        if self.report is None and match.savable:
            self.report = persist.finished_summary(match)  # a game that ended before: nothing is "new"
        self.icons: dict[str, str] = {}
        if match.options.kids:
            try:
                self.icons = dict(match.game.term_icons())
            except Exception:  # noqa: BLE001 - pictures are a nicety
                self.icons = {}
        self.term_keys = [t.key for t in self.result.terms] + [""]
        """The key of each of rows() (the total has none)."""
        self.achievements = pygame.Rect(0, 0, 0, 0)
        self.ach_lines: list[tuple[int, tuple[int, int], str]] = []
        """(colour index, -1 or CONTINUED, position, text): the title line(s) of each human, or a dim "none" line."""
        self.chips: list[Chip] = []
        self.kids = bool(match.options.kids)
        self.steps: list[podium.Step] = []
        self.confetti = podium.Confetti(len(match.history.actions)) if self.kids and fanfare else None
        if fanfare and (any(match.is_human(p) for p in self.result.winners) or not match.humans):
            app.sounds.play("win")  # a human won (or bots played alone): a little fanfare
        if fanfare:
            self.celebrate()

    def celebrate(self) -> None:
        """An achievement earned for the first time is said out loud, not only marked in its chip."""
        report = self.report
        if report is None:
            return
        for earned in report.players:
            new = [report.names.get(a, a) for a in earned.earned if a in earned.new]
            if len(new) == 1:
                self.app.toast(_("New achievement for {name}: {achievement}!").format(
                    name=earned.name, achievement=new[0]), "success")
            elif new:
                self.app.toast(_("{n} new achievements for {name}, among them: {achievement}!").format(
                    n=len(new), name=earned.name, achievement=new[0]), "success")
            if new:
                self.app.sounds.play("objective")

    def play_again(self) -> None:
        match = self.table.match.rematch()
        self.app.pop()
        self.app.replace(type(self.table)(self.app, match))  # the same game's table

    def menu(self) -> None:
        self.app.back_to_menu()

    def subtitle(self) -> str:
        """Why the game ended (the rules' reason), or whether these are the final scores."""
        names = tuple(self.table.match.name(s) for s in range(len(self.table.match.seats)))
        reason = text_of(self.result.reason, names=names) if self.result.reason else ""
        if reason:
            return reason
        return _("Final scores") if self.result.final else _("Scores so far")

    def places(self) -> list[int]:
        return places(self.result.scores, self.result.winners)

    def stars(self) -> list[int]:
        """The number on each player's star on the kids' podium (the winner's is the most)."""
        info = self.table.match.game.info
        return podium.stars([info.shown(v) for v in self.result.scores], self.places(), info.fewest_wins)

    def rows(self) -> list[tuple[str, list[int]]]:
        """Every term's row, then the total; a game of one term (Iluliaq's cards left) has its one row,
        which is the total: a Total row would only say it again."""
        r, shown = self.result, self.table.match.game.info.shown
        out = [(_(t.label), [shown(r.breakdown[p].get(t.key, 0)) for p in range(len(r.scores))]) for t in r.terms]
        if len(out) != 1:
            out.append((_("Total"), [shown(v) for v in r.scores]))
        return out

    def shows_achievements(self) -> bool:
        return self.report is not None and bool(self.report.names) and bool(self.report.players)

    def achievement_lines(self) -> list[str]:
        """Each human's line: name, title and how many of the game's achievements they hold."""
        report = self.report
        if not self.shows_achievements() or report is None:
            return []
        game = self.table.match.game
        return [
            title_line(e.name, persist.achievement_title(game, e.total), e.total, report.out_of) for e in report.players
        ]

    def _layout_achievements(self, origin: tuple[int, int], width: int, max_lines: int) -> int:
        """Place the achievements block at ``origin``; returns its height (0 when there is none)."""
        self.ach_lines = []
        self.chips = []
        report = self.report
        if not self.shows_achievements() or report is None:
            return 0
        s, fonts = self.s, self.fonts
        x, y = origin
        y += fonts.font("body", True).get_linesize() + round(4 * s)  # the heading
        indent = round(30 * s)
        line_h = fonts.font("body", True).get_linesize()
        for earned, line in zip(report.players, self.achievement_lines()):
            wrapped = fonts.wrap(line, width - indent, "body", True)
            if len(wrapped) > 2:
                wrapped = [wrapped[0], fonts.fit(" ".join(wrapped[1:]), width - indent, "body", True)]
            for k, part in enumerate(wrapped):  # a long title takes a second line (its token on the first)
                self.ach_lines.append((earned.colour if k == 0 else CONTINUED, (x, y), part))
                y += line_h + round(2 * s)
            items = [(report.names.get(a, a), a in earned.new) for a in earned.earned]
            if items:
                chips, used = flow_chips(fonts, self.pal, s, items, (x + indent, y), width - indent, max_lines)
                self.chips += chips
                y += used
            else:
                self.ach_lines.append((-1, (x + indent, y), _("No achievements in this game.")))
                y += fonts.font("small").get_linesize()
            y += round(10 * s)
        return y - origin[1]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        if self.kids:
            self._layout_podium(size)
            return
        players = len(self.result.scores)
        rows = len(self.rows()) + 1  # the terms, the total and the places
        bw, bh, gap = round(220 * s), round(56 * s), round(20 * s)
        fixed = round(110 * s) + round(14 * s) + bh + round(24 * s) * 2 + round(20 * s)
        # at a large text size the rows' words get smaller (and their columns as narrow as those words),
        # then the card covers the table's top bar
        for self.row_step, whole in (("body", False), ("small", False), ("small", True)):
            gw, cw, inner = self._columns(w, players)
            body = self.fonts.font(self.row_step).get_linesize()
            top, avail = self.room(h, whole)
            side_w = inner - gw - round(32 * s)
            if self.shows_achievements() and side_w >= round(260 * s):  # room beside the scores
                ach_h = self._layout_achievements((0, 0), side_w, 6)
                if max(body * (rows + 1) + round(14 * s), ach_h) + fixed - round(20 * s) <= avail or whole:
                    self._layout_beside(w, top, avail, fixed, rows, gw, side_w, (bw, bh, gap))
                    return
            for max_lines in (3, 2, 1):
                ach_h = self._layout_achievements((0, 0), inner, max_lines)
                room = avail - fixed - ach_h - (round(16 * s) if ach_h else 0)
                if room // (rows + 1) >= body:
                    break
            if room // (rows + 1) >= body:
                break
        self.row_h = min(round(36 * s), max(body, room // (rows + 1)))
        gh = self.row_h * (rows + 1) + round(14 * s)
        content = ach_h
        if ach_h and room // (rows + 1) < body:  # still too tall: the achievements scroll in what is left
            max_lines, content = 3, self._layout_achievements((0, 0), inner, 3)
            ach_h = max(body * 2, avail - fixed + round(4 * s) - gh)
        ch = gh + fixed - round(20 * s) + (ach_h + round(16 * s) if ach_h else round(0 * s))
        self.card = pygame.Rect((w - cw) // 2, top + max(0, (avail - ch) // 2), cw, ch)
        self.grid = pygame.Rect(self.card.centerx - gw // 2, self.card.y + round(110 * s), gw, gh)
        if ach_h:
            self.achievements = pygame.Rect(self.card.x + round(32 * s), self.grid.bottom + round(16 * s), inner, ach_h)
            self.ach_list.set(self.achievements, content)
            x, y = self.achievements.topleft
            self._layout_achievements((x, y - self.ach_list.offset), inner, max_lines)
            for chip in self.chips:
                tip = chip.full + ("\n" + _("Earned for the first time!") if chip.new else "")
                self.tip(chip.rect.clip(self.achievements), tip)
        else:
            self.achievements = pygame.Rect(self.card.x, self.grid.bottom, 0, 0)
            self.ach_list.set(self.achievements, 0)
        self._layout_buttons(bw, bh, gap)

    def _columns(self, w: int, players: int) -> tuple[int, int, int]:
        """The scores' label and player columns (``label_w``, ``col_w``): as wide as the design has
        them, narrower in the small type as its words allow; the grid's, the card's and its inside's
        widths."""
        s, fonts, step = self.s, self.fonts, self.row_step
        self.label_w = round((300 if self.icons else 260) * s)
        self.col_w = min(round(150 * s), (w - round(140 * s) - self.label_w) // max(1, players))
        if step != "body":
            icon = round(36 * s) if self.icons else 0
            words = max(fonts.font(step, True).size(label)[0] for label, _values in self.rows())
            self.label_w = min(self.label_w, words + icon + round(24 * s))
            names = max(fonts.font(step, True).size(self.table.match.name(p))[0] for p in range(players))
            self.col_w = min(self.col_w, max(names + round(24 * s), fonts.font("body", True).size("888")[0])
                             + round(24 * s))
        gw = self.label_w + self.col_w * players
        cw = gw + round(64 * s)
        if self.shows_achievements():
            cw = max(cw, min(w - round(80 * s), round(1100 * s)))  # wide: the chips take fewer lines
        return gw, cw, cw - round(64 * s)

    def _layout_beside(self, w: int, top: int, avail: int, fixed: int, rows: int, gw: int, side_w: int,
                       buttons: tuple[int, int, int]) -> None:
        """The scores on the left, the achievements in a column at their right."""
        s = self.s
        body = self.fonts.font(self.row_step).get_linesize()
        ach_h = self._layout_achievements((0, 0), side_w, 6)
        self.row_h = min(round(36 * s), max(body, (avail - fixed) // (rows + 1)))
        gh = self.row_h * (rows + 1) + round(14 * s)
        ch = max(gh, ach_h) + fixed - round(20 * s)
        cw = gw + side_w + round(96 * s)
        self.card = pygame.Rect((w - cw) // 2, top + max(0, (avail - ch) // 2), cw, ch)
        self.grid = pygame.Rect(self.card.x + round(32 * s), self.card.y + round(110 * s), gw, gh)
        self.achievements = pygame.Rect(self.grid.right + round(32 * s), self.grid.y + round(8 * s), side_w, ach_h)
        self.ach_list.set(self.achievements, ach_h)
        self._layout_achievements(self.achievements.topleft, side_w, 6)
        for chip in self.chips:
            self.tip(chip.rect, chip.full + ("\n" + _("Earned for the first time!") if chip.new else ""))
        self._layout_buttons(*buttons)

    def toast_bottom(self) -> int:
        """A new achievement is said above the card (over the top bar's "Game over"), never over the
        scores, the chips or the buttons."""
        return self.card.top - self.px(6)

    def _layout_buttons(self, bw: int, bh: int, gap: int) -> None:
        s = self.s
        y = self.card.bottom - bh - round(24 * s)
        bw = min(bw, (self.card.w - round(48 * s) - 2 * gap) // 3)
        left = self.card.centerx - (3 * bw + 2 * gap) // 2
        self.again_button = self.button(rect(left, y, bw, bh), _("Play again"), self.play_again, "primary")
        self.boards_button = self.button(
            rect(left + bw + gap, y, bw, bh), _("See the boards"), self.look_at_boards, None,
            _("Close the scores to look at the final table; its Scores button brings them back."),
        )
        self.menu_button = self.button(rect(left + 2 * (bw + gap), y, bw, bh), _("Menu"), self.menu)

    def room(self, h: int, whole: bool = False) -> tuple[int, int]:
        """Where the card may go: its top below the table's top bar (which keeps saying the game is
        over; with ``whole``, over it too), and the height left above the window's bottom."""
        s = self.s
        top = round(10 * s) if whole else max(round(10 * s), self.table.top_bar.bottom + round(8 * s))
        return top, h - top - round(10 * s)

    def _layout_podium(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        bw, bh, gap = round(220 * s), round(56 * s), round(20 * s)
        top, avail = self.room(h)
        cw, ch = min(w - round(60 * s), round(1000 * s)), min(avail, round(660 * s))
        self.card = pygame.Rect((w - cw) // 2, top + (avail - ch) // 2, cw, ch)
        top = self.card.y + round(112 * s)
        self.grid = pygame.Rect(self.card.x + round(32 * s), top, cw - round(64 * s),
                                self.card.bottom - bh - round(48 * s) - top)
        pictured = sum(1 for k in self.term_keys if self.icons.get(k))
        self.steps = podium.layout(self.grid, self.places(), s, podium.block_floor(pictured, s))
        self._layout_buttons(bw, bh, gap)

    def animating(self) -> bool:
        return super().animating() or (self.confetti is not None and self.confetti.active())

    def finish_animations(self) -> None:
        super().finish_animations()
        self.confetti = None

    def look_at_boards(self) -> None:
        self.app.pop()
        self.table.sync_hint_button()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.menu()
        else:
            self.ach_list.handle(event, self.app.to_view(pygame.mouse.get_pos()),
                                 self.fonts.font("body").get_linesize(), self.s)

    def scrolls(self) -> list[ScrollView]:
        return [self.ach_list.state()] if self.ach_list.most else []

    def draw(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        match = self.table.match
        style.panel(surface, self.card, pal, round(24 * s), border=pal.green, shadow=round(12 * s))
        names = [match.name(p) for p in self.result.winners]
        line = winners_line(names)
        drawn = style.blit_text(surface, fonts, line, (self.card.centerx, self.card.y + round(22 * s)),
                                "h1" if self.kids else "h2", pal.text, True, "midtop")
        if self.kids:
            self._draw_podium(surface, drawn)
            return
        sub = fonts.fit(self.subtitle(), self.card.w - round(48 * s), "body")
        style.blit_text(
            surface, fonts, sub, (self.card.centerx, self.card.y + round(70 * s)), "body", pal.text_dim, False, "midtop"
        )
        g = self.grid
        winners = set(self.result.winners)
        # winner columns highlighted
        for p in range(len(self.result.scores)):
            col = pygame.Rect(g.x + self.label_w + p * self.col_w, g.y, self.col_w, g.h)
            if p in winners:
                hi = pygame.Surface(col.size, pygame.SRCALPHA)
                pygame.draw.rect(hi, (*pal.green[:3], 45), hi.get_rect(), border_radius=round(10 * s))
                pygame.draw.rect(hi, pal.green, hi.get_rect(), max(2, round(2 * s)), border_radius=round(10 * s))
                surface.blit(hi, col)
            cx = col.centerx
            seat = match.seats[p]
            r = round(9 * s)
            room = self.col_w - r * 2 - round(16 * s)
            lines = [seat.name]
            step = self.row_step
            if fonts.font(step, True).size(seat.name)[0] > room:  # never cut: smaller, then two lines
                step = "small"
                lines = fonts.wrap(seat.name, room, "small", True)[:2] or [seat.name]
            imgs = [fonts.render(line, step, pal.text, True) for line in lines]
            total = r * 2 + round(6 * s) + max(img.get_width() for img in imgs)
            x = cx - total // 2
            cy = g.y + self.row_h // 2 + round(4 * s)
            style.draw_player_token(surface, seat_colour(match.game.info, seat.colour), (x + r, cy), r)
            line_h = fonts.font(step, True).get_linesize()
            top = cy - line_h * len(imgs) // 2
            for k, img in enumerate(imgs):
                surface.blit(img, (x + r * 2 + round(6 * s), top + k * line_h))
        rows = self.rows()
        for i, (label, values) in enumerate(rows):
            y = g.y + self.row_h * (i + 1) + round(8 * s)
            is_total = i == len(rows) - 1
            if is_total:
                pygame.draw.line(
                    surface, pal.line, (g.x, y - round(3 * s)), (g.right, y - round(3 * s)), max(1, round(2 * s))
                )
            elif i % 2 == 0:
                band = pygame.Surface((g.w, self.row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 10))
                surface.blit(band, (g.x, y))
            label_x = g.x + round(8 * s)
            icon = self.icons.get(self.term_keys[i]) if i < len(self.term_keys) else None
            if icon:
                size = max(round(16 * s), self.row_h - round(6 * s))
                box = pygame.Rect(label_x, y + (self.row_h - size) // 2, size, size)
                art.blit_svg(surface, icon, box, pal.panel_hi)
                label_x = box.right + round(10 * s)
            style.blit_text(
                surface,
                fonts,
                fonts.fit(label, g.x + self.label_w - label_x - round(6 * s), self.row_step, is_total),
                (label_x, y + self.row_h // 2),
                self.row_step,
                pal.text if is_total else pal.text_dim,
                is_total,
                "midleft",
            )
            for p, value in enumerate(values):
                cx = g.x + self.label_w + p * self.col_w + self.col_w // 2
                colour = pal.green if (is_total and p in winners) else pal.text
                style.blit_text(
                    surface,
                    fonts,
                    str(value),
                    (cx, y + self.row_h // 2),
                    ("h3" if self.row_step == "body" else self.row_step) if is_total else self.row_step,
                    colour,
                    is_total,
                    "center",
                )
        y = g.y + self.row_h * (len(rows) + 1) + round(8 * s)
        style.blit_text(surface, fonts, _("Place"), (g.x + round(8 * s), y + self.row_h // 2), self.row_step,
                        pal.text_dim, False, "midleft")
        for p, place in enumerate(self.places()):
            cx = g.x + self.label_w + p * self.col_w + self.col_w // 2
            colour = pal.green if place == 1 else pal.text
            style.blit_text(surface, fonts, ordinal(place), (cx, y + self.row_h // 2), self.row_step, colour, True,
                            "center")
        self._draw_achievements(surface)

    def _draw_podium(self, surface: pygame.Surface, title: pygame.Rect) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        match = self.table.match
        side = round(64 * s)
        for x in (title.x - side - round(12 * s), title.right + round(12 * s)):
            art.blit_svg(surface, podium.TROPHY, pygame.Rect(x, title.centery - side // 2, side, side))
        seats = range(len(match.seats))
        terms = [(self.icons[key], values) for key, (_label, values) in zip(self.term_keys, self.rows())
                 if self.icons.get(key)]
        podium.draw(surface, fonts, pal, s, self.steps, [match.name(p) for p in seats],
                    [seat_colour(match.game.info, match.seats[p].colour) for p in seats], tuple(self.stars()), terms)
        if self.confetti is not None:
            self.confetti.draw(surface, self.card, s)

    def _draw_achievements(self, surface: pygame.Surface) -> None:
        if not self.ach_lines and not self.chips:
            return
        pal, s = self.pal, self.s
        a = self.achievements
        pygame.draw.line(
            surface, pal.line, (a.x, a.y - round(8 * s)), (a.right, a.y - round(8 * s)), max(1, round(1 * s))
        )
        clip = surface.get_clip()
        surface.set_clip(a.clip(clip))
        self._draw_achievement_lines(surface)
        surface.set_clip(clip)
        self.ach_list.draw_bar(surface, (pal.panel_hi, pal.violet), s)

    def _draw_achievement_lines(self, surface: pygame.Surface) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        a = self.achievements
        style.blit_text(surface, fonts, _("Achievements"), (a.x, a.y - self.ach_list.offset), "body", pal.green, True)
        line_h = fonts.font("body", True).get_linesize()
        for colour, (x, y), text in self.ach_lines:
            if colour == CONTINUED:
                style.blit_text(surface, fonts, text, (x + round(30 * s), y), "body", pal.text, True)
                continue
            if colour < 0:
                style.blit_text(surface, fonts, text, (x, y), "small", pal.text_dim)
                continue
            r = round(9 * s)
            token = seat_colour(self.table.match.game.info, colour)
            style.draw_player_token(surface, token, (x + r, y + line_h // 2), r)
            style.blit_text(surface, fonts, text, (x + round(30 * s), y), "body", pal.text, True)
        for chip in self.chips:
            draw_chip(surface, chip, fonts, pal, s)
