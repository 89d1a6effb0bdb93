"""The table for any game without its own scene, built from the table kit (scenes/kit/): the seats
as pieces of a static layer, and the rules' prompt as a prompt bar (its sentence, its choices and
buttons as buttons, paged; a decision that cannot be listed, like an aimed throw, gets a button that
tries a random one). Hovering a choice lights the seats it targets (``seat:N``), and a click on a
seat goes through the prompt as at every table (``scenes/kit/chooser.py``: one choice targeting it
is played, several are asked about, none gets the rules' sentence); what a step did lights up and
fades, from its events. So a game with rules and no table is already playable by
prompts and clicks. It also serves the shell's tests."""

from __future__ import annotations

import time

import pygame

from game.core import i18n
from game.core.contract import Action
from game.core.i18n import _
from game.core.messages import text_of
from scenes.kit import kids_prompt, style
from scenes.kit.animator import Animator, EventMotion
from scenes.kit.chooser import ClickThrough
from scenes.kit.hits import Hits
from scenes.kit.pictures import Pictures
from scenes.kit.prompt_bar import Offer, PromptText, grid, offers
from scenes.kit.seat_colours import seat_colour
from scenes.kit.theme import rect
from scenes.shell.layered import LayeredTable


class SeatMotion(EventMotion):
    """Things move between the places the table drew (hits with a target name); seats light up."""

    def __init__(self, table: GenericTable) -> None:
        super().__init__(table.animator)
        self.table = table

    def where(self, place: str, thing: str, before: object) -> pygame.Rect | None:
        return self.table.hits.targets().get(place)

    def lit_on_arrival(self, place: str, arrived: pygame.Rect) -> pygame.Rect | None:
        return arrived

    def seat_rect(self, seat: int) -> pygame.Rect | None:
        return self.table.hits.targets().get(f"seat:{seat}")


class GenericTable(ClickThrough, LayeredTable):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.page = 0
        self.actions_rect = pygame.Rect(0, 0, 0, 0)
        self.players_rect = pygame.Rect(0, 0, 0, 0)
        self.action_buttons: list[tuple[pygame.Rect, Action]] = []
        self.page_label: tuple[int, int, str] | None = None
        self.animator = Animator()
        self.motion = SeatMotion(self)
        self.pictures = Pictures(app.fonts)
        self.heading = PromptText(("h3", "body", "small"))
        self.hover: tuple[int, int] | None = None

    def label(self, action: Action) -> str:
        try:
            return text_of(self.game.describe(self.visible_state, action))
        except Exception:  # noqa: BLE001
            return action.kind

    def offered(self) -> list[Offer]:
        """What the prompt offers the human who decides (nothing to anyone else)."""
        if not self.human_to_act or self.viewer != self.match.to_act:
            return []
        return offers(self.rules_prompt(), self.label, self.match.bot_seed())

    def scores(self) -> list[int] | None:
        result = self.preview()
        return None if result is None else list(result.scores)

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        s, t = self.s, self.table_rect
        pad = round(16 * s)
        self.players_rect = pygame.Rect(t.x, t.y, t.w, round(54 * s))
        top = self.players_rect.bottom + pad
        self.actions_rect = pygame.Rect(t.x, top, t.w, t.bottom - top)
        self.action_buttons = []
        self.page_label = None
        legal = self.offered()
        if not legal:
            return
        inner = self.actions_rect.inflate(-pad * 2, -pad * 2)
        head = self.fonts.font("h3", True).get_linesize() * 2 + round(10 * s)
        laid = grid(legal, inner, head, self.page, s)
        self.page = laid.page
        for r, offer in laid.buttons:
            short = self.fonts.fit(offer.label, r.w - round(28 * s), "body", True)
            tip = offer.label if short != offer.label else None
            self.button(r, short, lambda a=offer.action: self.submit(a), None, tip, offer.enabled)
            self.action_buttons.append((r, offer.action))
        if laid.pager is not None:
            back, forward = laid.pager
            self.button(rect(*back), _("Previous"), lambda: self.turn_page(-1), None, None, laid.page > 0)
            self.button(rect(*forward), _("Next"), lambda: self.turn_page(1), None, None, laid.page < laid.pages - 1)
            label = _("Page {n} of {total}").format(n=laid.page + 1, total=laid.pages)
            self.page_label = (inner.centerx, back.centery, label)

    def turn_page(self, step: int) -> None:
        self.page += step
        self.relayout()

    def on_state_changed(self, action: Action | None) -> None:
        self.page = 0
        self.relayout()
        if action is not None and self.match.history.actions:
            self.repaint_still()
            actor = self.match.history.actor(len(self.match.history.actions) - 1)
            self.motion.start(self.seen_events(), None, time.perf_counter(), actor, self.viewer)

    def show_table_to(self, seat: int) -> None:
        super().show_table_to(seat)
        self.relayout()

    def finish_animations(self) -> None:
        super().finish_animations()
        self.animator.clear()

    def animating(self) -> bool:
        return super().animating() or self.animator.live(time.perf_counter())

    # --- pointer ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            before = self.lit_seats()
            self.hover = event.pos
            if self.lit_seats() != before:
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self.hits.at(event.pos)
            if hit is not None and hit.target is not None and self.offered():
                self.click_thing(hit.target, at=event.pos)

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        hit = self.hits.at(pos)
        return None if hit is None else hit.tip

    def lit_seats(self) -> set[str]:
        """The targets of the choice under the pointer."""
        if self.hover is None:
            return set()
        targeted = {c.action: c.targets for c in self.rules_prompt().choices} if self.action_buttons else {}
        for r, action in self.action_buttons:
            if r.collidepoint(self.hover):
                return set(targeted.get(action, ()))
        return set()

    # --- drawing -------------------------------------------------------------------------------
    def still_key(self) -> tuple:
        return (*super().still_key(), tuple(self.actions_rect))

    def paint_still(self) -> None:
        """The seats and the prompt's panel, as pieces painted again only when what they show changed."""
        pal, s, m = self.pal, self.s, self.match
        self.hits = Hits()
        self.layer.begin(self.table_rect)
        scores = self.scores()
        n = len(m.seats)
        cw = self.players_rect.w // max(1, n)
        row = self.players_rect
        tip = _("The players, in seat order; the token shows each one's colour and shape.")
        for i, seat in enumerate(m.seats):
            cell = pygame.Rect(row.x + i * cw, row.y, cw - round(8 * s), row.h)
            score = None if scores is None else scores[i]
            key = ("seat", i, seat.name, seat.is_bot, seat.colour, score, m.to_act == i, m.turn_seat == i,
                   tuple(cell), round(s, 4), pal.name, i18n.language())
            self.layer.piece(key, cell, round(8 * s), lambda surf, o, i=i, cell=cell, score=score:
                             self._paint_seat(surf, cell.move(o), i, score), self.hits, [])
            self.hits.add(cell, "seat", i, tip, f"seat:{i}")
        panel = self.actions_rect
        self.layer.piece(("panel", tuple(panel), round(s, 4), pal.name), panel, 0,
                         lambda surf, o: style.panel(surf, panel.move(o), pal, round(16 * s), alpha=200,
                                                     border=pal.line, shadow=0), self.hits, [])
        size = self.app.view_size
        self.layer.compose(style.background(size, pal), (tuple(self.table_rect), size, pal.name))

    def _paint_seat(self, surface: pygame.Surface, cell: pygame.Rect, i: int, score: int | None) -> None:
        pal, fonts, s, m = self.pal, self.fonts, self.s, self.match
        seat = m.seats[i]
        active = m.to_act == i
        fill = pal.panel_hi if active or m.turn_seat == i else pal.panel
        style.panel(surface, cell, pal, round(12 * s), fill=fill, border=pal.green if active else None,
                    shadow=round(4 * s))
        r = round(11 * s)
        token = seat_colour(m.game.info, seat.colour)
        style.draw_player_token(surface, token, (cell.x + round(14 * s) + r, cell.centery), r)
        kind = _("bot") if seat.is_bot else _("human")
        name = fonts.fit(f"{seat.name} ({kind})", cell.w - round(100 * s), "body", True)
        style.blit_text(surface, fonts, name, (cell.x + round(24 * s) + r * 2, cell.centery), "body", pal.text, True,
                        "midleft")
        if score is not None:
            style.blit_text(surface, fonts, str(score), (cell.right - round(14 * s), cell.centery), "h3", pal.green,
                            True, "midright")

    def advance(self, now: float) -> None:
        for sound in self.animator.due(now):
            self.app.sounds.play(sound)
        self.animator.tick(now)

    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        """The lit seats, the fading flashes, the hint, the prompt's sentence and the last move's line."""
        pal, fonts, s = self.pal, self.fonts, self.s
        mark = self.mark
        targets = self.hits.targets()
        for name in sorted(self.lit_seats()):
            r = targets.get(name)
            if r is not None:
                for touched in self.pictures.blit_glow(surface, r, pal.green, max(2, round(3 * s)), round(12 * s)):
                    mark(touched)

        def glow(surf: pygame.Surface, r: pygame.Rect, strength: float) -> list[pygame.Rect]:
            return self.pictures.blit_glow(surf, r, pal.violet_hi, max(2, round(3 * s)), round(12 * s), fade=strength)

        self.animator.draw_flashes(surface, now, glow, mark)
        hinted, hint_targets = self.hinted()
        if hinted is not None:
            rects = [r for r, a in self.action_buttons if a == hinted]
            rects += [targets[t] for t in sorted(hint_targets) if t in targets]
            for touched in self.pictures.hint_glows(surface, rects, pal.focus, s):
                mark(touched)
        pad = round(16 * s)
        box = self.actions_rect.inflate(-pad * 4, -pad * 2)
        box.h = fonts.font("h3", True).get_linesize() * 2 + round(4 * s)
        kids = self.kids_prompt()
        if kids is not None:
            mark(kids_prompt.draw(surface, fonts, kids[0], kids[1], box, 0, pal.text))
        else:
            mark(self.heading.draw(surface, fonts, self.prompt_text(), box, 0, pal.text))
        fade = self.changed_fade()
        seen = self.match.visible_log(self.log_reader)
        if fade > 0.01 and seen:
            last = seen[-1]
            text = fonts.fit(last.line(self.match.name(last.actor)), self.actions_rect.w - pad * 4, "body")
            img = fonts.render(text, "body", pal.green)
            img.set_alpha(round(255 * fade))
            mark(surface.blit(img, img.get_rect(bottomleft=(self.actions_rect.x + pad * 2,
                                                            self.actions_rect.bottom - pad))))
        if self.page_label is not None:
            x, y, text = self.page_label
            mark(style.blit_text(surface, fonts, text, (x, y), "small", pal.text_dim, False, "center"))
