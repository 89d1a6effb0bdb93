"""The ILAN table: the score board's loop of 40 spaces with each expedition's cube, the decks inside it;
the prompt and its buttons; the Current; each ecosystem laid out by colour so a web shows at a glance
(with a "web ready" mark); the hand of the seat holding the screen (``layout`` says where).

Clicks go through the prompt's targets (``card:N``, ``deck:bio``, ``deck:factors``, ``option:N``),
never by frame in the table's own words: a card in the hand plays it, a card on the table is a
target, a deck is the end-of-turn draw. Lit: what the prompt offers; the cards a web or a choice has
picked so far; a card's tooltip gives its names, category, abilities and a fact a child can read.
"""

from __future__ import annotations

import pygame

from game.core import i18n
from game.core.contract import HIDDEN, Action
from game.core.i18n import _
from game.core.messages import text_of
from game.ilan.cards import BIO, FACTORS, card
from game.ilan.rules import HIDDEN_FACTORS
from game.ilan.state import CHOOSE, PICK, TURN, WEB, IlanState, Option
from game.ilan.web import best_web, colours
from scenes.ilan import paint
from scenes.ilan.layout import Layout, lay_out
from scenes.kit import kids_prompt, style
from scenes.kit.button_bar import ButtonBar, Spec
from scenes.kit.chooser import ClickThrough
from scenes.kit.hits import Hits
from scenes.kit.pictures import Pictures
from scenes.kit.prompt_bar import PromptText
from scenes.kit.seat_colours import seat_colour
from scenes.shell.layered import LayeredTable

CARDS_BYTES = 16 * 1024 * 1024
"""Card faces kept (every face at two sizes at 1920x1080)."""


class IlanTable(ClickThrough, LayeredTable):
    def __init__(self, app, match) -> None:
        super().__init__(app, match)
        self.lay: Layout | None = None
        self.hover: tuple[int, int] | None = None
        self.bar: ButtonBar | None = None
        self.heading = PromptText(("body", "small"))
        self.pictures = Pictures(app.fonts, cards_bytes=CARDS_BYTES)

    @property
    def vstate(self) -> IlanState:
        return self.visible_state  # type: ignore[return-value]

    def deciding(self) -> bool:
        """The viewer decides now: the prompt's choices are theirs to click."""
        return self.human_to_act and self.viewer == self.match.to_act

    def hand_seat(self) -> int | None:
        """Whose hand is shown: the viewer's; with bots only, the seat to act; nobody's while humans
        share the screen and nobody has taken it."""
        if self.viewer is not None:
            return self.viewer
        if not self.match.humans:
            return self.match.to_act if self.match.to_act is not None else 0
        return None

    # --- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self.lay = lay_out(self.table_rect, self.s, len(self.match.seats))
        first, middle, last = self.lay.buttons
        places = {"first": first, "middle": middle, "last": last}
        specs = [
            Spec("draw_and_play", "first", TURN, None, _("Your turn began with no biodiversity card: draw the top "
                                                        "one and play it at once.")),
            Spec("collect", "last", TURN, "primary", _("Collect a trophic web: 4 or 5 cards of different colours, "
                                                      "a green one among them.")),
            Spec("back", "first", WEB, None, _("Keep your cards and go back to your turn.")),
            Spec("done", "last", WEB, "primary", _("Collect the web of the cards picked.")),
            Spec("yes", "first", PICK, "primary"),
            Spec("no", "middle", PICK, None),
            Spec("done", "last", PICK, None, _("No more cards: the ability goes on.")),
        ]
        self.bar = ButtonBar(self, specs, places)
        for widget, tip in self.bar.tips():
            self.tip(widget.rect, tip)
        self.sync_buttons()

    def sync_buttons(self) -> None:
        if self.bar is not None:
            self.bar.sync(self.rules_prompt() if self.deciding() else None)
            self.app.dirty = True

    def on_viewer_changed(self) -> None:
        super().on_viewer_changed()
        self.relayout()

    def on_state_changed(self, action: Action | None) -> None:
        self.sync_buttons()

    # --- still picture -------------------------------------------------------------------------
    def still_key(self) -> tuple:
        return (*super().still_key(), tuple(self.lay.board) if self.lay else None, self.hand_seat())

    def paint_still(self) -> None:
        pal, s, lay, state = self.pal, self.s, self.lay, self.vstate
        self.hits = Hits()
        self.layer.begin(self.table_rect)
        board = lay.board
        self.layer.piece(("board", tuple(board), state.target, pal.name, self.fonts.scale), board, 0,
                         lambda surf, o: paint.paint_board(surf, lay.spaces, self.fonts, self.pictures, pal, s,
                                                           state.target, o), self.hits, [])
        self._paint_cubes()
        for deck, rect, count in ((BIO, lay.decks[0], len(state.bio_deck)),
                                  (FACTORS, lay.decks[1], len(state.factors_deck))):
            if state.kids and deck == FACTORS:
                continue
            label_h = self.fonts.font("small", True).get_linesize() + round(4 * s)
            area = pygame.Rect(rect.x, rect.y, rect.w, rect.h + label_h)
            self.layer.piece(("deck", deck, count, tuple(rect), pal.name, self.fonts.scale), area, 0,
                             lambda surf, o, d=deck, r=rect, n=count: paint.paint_deck(
                                 surf, r.move(o), self.pictures, self.fonts, pal, d, n, s), self.hits, [])
            tip = _("The biodiversity deck: {n} cards") if deck == BIO else _("The factors deck: {n} cards")
            self.hits.add(rect, "deck", deck, tip.format(n=count), f"deck:{deck}")
        for number, r in zip(state.current, lay.current_rects(len(state.current))):
            self._paint_card(number, r)
        for seat in range(state.players):
            self._paint_ecosystem(seat)
        self._paint_hand()
        size = self.app.view_size
        self.layer.compose(style.background(size, pal), (tuple(self.table_rect), size, pal.name))

    def _face(self, number: int, size: tuple[int, int]) -> pygame.Surface:
        kids = self.vstate.kids
        key = ("ilan-face", number, size, self.fonts.scale, kids, i18n.language())
        return self.pictures.card(key, lambda: paint.card_face(self.fonts, self.pictures, number, size, self.s, kids))

    def _paint_card(self, number: int, r: pygame.Rect) -> None:
        self.layer.piece(("card", number, tuple(r), self.fonts.scale), r, 0,
                         lambda surf, o: surf.blit(self._face(number, r.size), r.move(o)), self.hits, [])
        self.hits.add(r, "card", number, paint.card_tip(number, self.vstate.kids), f"card:{number}")

    def _paint_chip(self, number: int, r: pygame.Rect) -> None:
        kids = self.vstate.kids
        key = ("ilan-chip", number, r.w, self.fonts.scale, kids, i18n.language())
        self.layer.piece(("chip", number, tuple(r), self.fonts.scale), r, 0, lambda surf, o: surf.blit(
            self.pictures.card(key, lambda: paint.chip_face(self.fonts, self.pictures, number, r.w, self.s, kids)),
            r.move(o)), self.hits, [])
        self.hits.add(r, "card", number, paint.card_tip(number, kids), f"card:{number}")

    def _paint_cubes(self) -> None:
        lay, state = self.lay, self.vstate
        by_space: dict[int, list[int]] = {}
        for seat, vp in enumerate(state.vp):
            by_space.setdefault(min(vp, 40) % 40, []).append(seat)
        for space, seats in by_space.items():
            r = lay.spaces[space]
            for seat, at in zip(seats, paint.cube_spots(r, len(seats))):
                token = seat_colour(self.game.info, self.match.seats[seat].colour)
                radius = r.w * (0.32 if len(seats) == 1 else 0.2)
                box = pygame.Rect(0, 0, round(radius * 2.4), round(radius * 2.4))
                box.center = (round(at[0]), round(at[1]))
                self.layer.piece(("cube", seat, space, len(seats), tuple(box)), box, 0,
                                 lambda surf, o, t=token, c=box.center, rr=radius: style.draw_player_token(
                                     surf, t, (c[0] + o[0], c[1] + o[1]), rr), self.hits, [])
                self.hits.add(box, "seat", seat, _("{name}: {n} VP").format(name=self.match.seats[seat].name,
                                                                             n=state.vp[seat]), f"seat:{seat}")

    def _paint_ecosystem(self, seat: int) -> None:
        lay, pal, s, state, m = self.lay, self.pal, self.s, self.vstate, self.match
        box = lay.ecosystems[seat]
        ready = best_web(state, seat) if not state.turn.web or state.turn_seat != seat else None
        hand = state.hands[seat]
        bio = sum(1 for c in hand if c == HIDDEN or (c != HIDDEN_FACTORS and card(c).bio))
        key = ("eco-panel", seat, m.seats[seat].name, state.vp[seat], state.webs[seat], m.to_act == seat,
               ready[0] if ready else None, bio, len(hand) - bio, tuple(box), pal.name, self.fonts.scale)
        line = self.fonts.font("body", True).get_linesize()

        def draw(surf: pygame.Surface, o: tuple[int, int]) -> None:
            r = box.move(o)
            style.panel(surf, r, pal, round(10 * s), fill=pal.panel_hi if m.to_act == seat else pal.panel,
                        border=pal.green if m.to_act == seat else None, shadow=round(3 * s))
            pad = round(8 * s)
            token = seat_colour(self.game.info, m.seats[seat].colour)
            style.draw_player_token(surf, token, (r.x + pad + line // 3, r.y + pad + line // 2), line // 3)
            name_x = r.x + pad + line
            head = _("{vp} VP").format(vp=state.vp[seat])
            vp_rect = style.blit_text(surf, self.fonts, head, (r.right - pad, r.y + pad + line // 2), "body",
                                      pal.text, True, "midright")
            style.blit_text(surf, self.fonts, self.fonts.fit(m.seats[seat].name, vp_rect.x - name_x - pad, "body",
                                                             True), (name_x, r.y + pad + line // 2), "body",
                            pal.text, True, "midleft")
            foot = self.fonts.font("small", True).get_linesize()
            x = r.x + pad
            for deck, count in ((BIO, bio), (FACTORS, len(hand) - bio)):
                if state.kids and deck == FACTORS:
                    continue
                back = pygame.Rect(x, r.bottom - pad - foot, round(foot / 1.4), foot)
                self.pictures.blit_svg(surf, f"{paint.ART}/card_back_{deck}.svg", back)
                x = style.blit_text(surf, self.fonts, str(count), (back.right + round(3 * s), back.centery), "small",
                                    pal.text, True, "midleft").right + round(8 * s)
            if ready is not None:
                mark = _("Web ready: {vp} VP").format(vp=ready[0])
                style.blit_text(surf, self.fonts, self.fonts.fit(mark, r.w // 2, "small", True),
                                (r.right - pad, r.bottom - pad), "small", pal.green, True, "bottomright")

        self.layer.piece(key, box, round(6 * s), draw, self.hits, [])
        self.hits.add(box, "seat", seat, None, f"seat:{seat}")
        cards_box = self._columns_box(box)
        for number, r in paint.column_rects(cards_box, state.ecosystems[seat], s).items():
            self._paint_chip(number, r)

    def _columns_box(self, box: pygame.Rect) -> pygame.Rect:
        line = self.fonts.font("body", True).get_linesize()
        pad = round(8 * self.s)
        foot = self.fonts.font("small", True).get_linesize()
        return pygame.Rect(box.x + pad, box.y + pad + line + pad // 2, box.w - pad * 2,
                           box.h - line - pad * 3 - foot)

    def _paint_hand(self) -> None:
        lay, state = self.lay, self.vstate
        seat = self.hand_seat()
        if seat is None:
            return
        hand = sorted(state.hands[seat], key=lambda c: (not card(c).bio if c >= 0 else True, c))
        w, h = lay.hand_card
        gap = round(8 * self.s)
        step = w + gap
        if len(hand) > 1 and step * (len(hand) - 1) + w > lay.hand.w:
            step = (lay.hand.w - w) / (len(hand) - 1)
        for k, number in enumerate(hand):
            if number < 0:
                continue
            self._paint_card(number, pygame.Rect(round(lay.hand.x + k * step), lay.hand.y, w, h))

    # --- pointer -------------------------------------------------------------------------------
    def click_targets(self) -> dict[str, list[int]]:
        """Named rects of what can be clicked (the automation trace of real-window tests)."""
        self.ensure()
        out = {name: list(r) for name, r in self.hits.targets().items()}
        for k, r in enumerate(self._option_rects()):
            out[f"option:{k}"] = list(r)
        chooser = self.chooser
        if chooser is not None:
            out.update({f"choose:{i}": list(r) for i, r in enumerate(chooser.rows)})
        return out

    def hover_text(self, pos: tuple[int, int]) -> str | None:
        hit = self.hits.at(pos)
        return None if hit is None else hit.tip

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.deciding():
            self.click_at(event.pos)

    def things_at(self, pos: tuple[int, int]) -> list[str]:
        out = [f"option:{k}" for k, r in enumerate(self._option_rects()) if r.collidepoint(pos)]
        hit = self.hits.at(pos)
        if hit is not None and hit.target:
            out.append(hit.target)
        return out

    def click_at(self, pos: tuple[int, int]) -> None:
        things = self.things_at(pos)
        if not things:
            return
        prompt = self.rules_prompt()
        wanted = next((t for t in things if prompt.targeted(t)), things[0])
        self.click_thing(wanted, at=pos)

    def _option_rects(self) -> list[pygame.Rect]:
        """A ``choose``'s two options, as boxes under the prompt (the viewer's choice only)."""
        frame = self.vstate.frame
        if self.lay is None or frame is None or frame.name != CHOOSE or not self.deciding():
            return []
        first, middle, last = self.lay.buttons
        return [pygame.Rect(first.x, first.y, middle.right - first.x, first.h), last]

    # --- drawing what moves ------------------------------------------------------------------------
    def draw_moving(self, surface: pygame.Surface, now: float) -> None:
        lay, pal = self.lay, self.pal
        if lay is None:
            return
        lit: set[str] = set()
        if self.deciding():
            for choice in self.rules_prompt().choices:
                lit.update(choice.targets)
        self._light(surface, lit, pal.green)
        self._light(surface, self._picked(), pygame.Color("#FFE066"))
        hinted, targets = self.hinted()
        if hinted is not None:
            self._light(surface, targets, pal.focus)
        self._draw_options(surface)
        kids = self.kids_prompt()
        if kids is not None:
            self.mark(kids_prompt.draw(surface, self.fonts, kids[0], kids[1], lay.prompt, 0, pal.text))
        else:
            words = self._hover_words()
            if words:
                self.mark(self.heading.draw(surface, self.fonts, words, lay.prompt, 0, pal.text))
        self._draw_web_colours(surface)

    def _hover_words(self) -> str:
        """What the card under the pointer does: its abilities' words (a card in the hand, before it is
        played, says what playing it would do)."""
        if self.hover is None or self.vstate.kids:
            return ""
        hit = self.hits.at(self.hover)
        if hit is None or hit.kind != "card":
            return ""
        c = card(hit.value)
        return "\n".join([paint.name_of(c), *(t.render() for t in c.texts)])

    def _picked(self) -> set[str]:
        """The cards a web or a choice has picked so far (the viewer's own choice)."""
        frame = self.vstate.frame
        if frame is None or frame.name not in (WEB, PICK):
            return set()
        return {f"card:{c}" for c in frame.data.get("picked", []) if isinstance(c, int) and c >= 0}

    def _light(self, surface: pygame.Surface, things: set[str], colour: pygame.Color) -> None:
        targets = self.hits.targets()
        width = max(2, round(3 * self.s))
        for thing in sorted(things):
            r = targets.get(thing)
            if r is not None:
                pygame.draw.rect(surface, colour, r.inflate(6, 6), width, border_radius=round(6 * self.s))
                self.mark(r.inflate(10, 10))

    def _draw_options(self, surface: pygame.Surface) -> None:
        rects = self._option_rects()
        if not rects:
            return
        state = self.vstate
        for k, r in enumerate(rects):
            style.panel(surface, r, self.pal, round(8 * self.s), fill=self.pal.panel_hi, border=self.pal.green,
                        shadow=0)
            words = text_of(self.game.describe(state, Option(k)))
            style.blit_text(surface, self.fonts, self.fonts.fit(words[:1].upper() + words[1:], r.w - 12, "small",
                                                                 True), r.center, "small", self.pal.text, True,
                            "center")
            self.mark(r)

    def _draw_web_colours(self, surface: pygame.Surface) -> None:
        """Under the board, the five colours, those the shown hand's ecosystem holds bright: a web
        wants four or five of them, a green one among them ("collect all five colours!" for kids)."""
        seat = self.hand_seat()
        lay = self.lay
        if seat is None or lay.below_board.h < 24:
            return
        have = colours(self.vstate, self.vstate.ecosystems[seat])
        box = lay.below_board
        if self.vstate.kids:
            caption = self.fonts.fit(_("Collect all five colours!"), box.w, "body", True)
            said = style.blit_text(surface, self.fonts, caption, box.midtop, "body", self.pal.text, True, "midtop")
            self.mark(said)
            top = said.bottom + round(4 * self.s)
            box = pygame.Rect(box.x, top, box.w, box.bottom - top)
        size = max(8, min(box.h, box.w // 6))
        gap = (box.w - size * 5) // 6
        for k, colour in enumerate(paint.COLOUR_RGB):
            r = pygame.Rect(box.x + gap + k * (size + gap), box.bottom - size, size, size)
            picture = self.pictures.icon(f"{paint.ART}/colours/{colour}.svg", size, 255 if colour in have else 70)
            surface.blit(picture, r)
            self.mark(r)
