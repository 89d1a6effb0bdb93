"""New-game setup: seats (name, colour with its shape, human or bot and its level), kids' mode,
the game's variants and, behind More, an optional seed. A game that fixes its seats' colours (ILAN's
expeditions) offers those instead of the family's, and a variant shows only at the player counts it
holds for. A name field counts its letters near its
limit and says so when it refuses one; Rules opens the game's rules reference. At any text size the
rows keep their height: a column they do not fit scrolls."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
from pygame_gui.elements import UITextEntryLine

from game.core import registry
from game.core.contract import Variant
from game.core.i18n import N_, _
from game.core.messages import text_of
from scenes.kit import art, style
from scenes.kit.placed import ScrollView
from scenes.kit.scroll import Scroller
from scenes.kit.seat_colours import offered_colours
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.scene import Scene
from scenes.storage.saves import clean_name

DEFAULT_NAMES = (N_("Ana"), N_("Bo"), N_("Cleo"), N_("Dan"), N_("Eli"), N_("Fay"), N_("Gus"))
BOT_NAMES = (N_("Robo Bear"), N_("Robo Fox"), N_("Robo Owl"), N_("Robo Seal"), N_("Robo Puffin"), N_("Robo Walrus"),
             N_("Robo Penguin"))
"""A bot seat's name: never one of the family's names (a profile counts people, not bots)."""
KIND_CHOICES = ((HUMAN, "normal"), (BOT, "easy"), (BOT, "normal"), (BOT, "hard"))
LEVEL_LABELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
MAX_NAME = 24
"""Letters in a seat's name at most (the field refuses more, visibly)."""
COUNT_FROM = MAX_NAME - 6
"""From this many letters on, the field shows how many it holds of the most."""


def kind_label(kind: str, level: str) -> str:
    if kind == HUMAN:
        return _("Human")
    return _("Bot: {level}").format(level=_(LEVEL_LABELS.get(level, level)))


class SetupScene(Scene):
    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.game = registry.get(game_id)
        info = self.game.info
        self.colours = offered_colours(info)
        count = min(max(2, info.min_players), info.max_players)
        self.seats: list[SeatConfig] = [
            SeatConfig(_(DEFAULT_NAMES[i] if i == 0 else BOT_NAMES[i]), i, HUMAN if i == 0 else BOT, "normal")
            for i in range(info.max_players)
        ]
        self.human_names: dict[int, str] = {}
        """Seat -> the name it had as a human, given back when the seat turns human again."""
        self.eased: set[int] = set()
        """The bot seats kids' mode turned from normal to easy (turning it off gives them normal back)."""
        self.players = count
        self.kids = False
        self.variants = {v.key: v.default for v in info.variants}
        self.seed_text = ""
        self.more = False
        """The choices rarely needed (the seed) show: closed at every setup, and never remembered."""
        self.entries: dict[int, UITextEntryLine] = {}
        """Seat -> its name field (the seats shown: a long list scrolls)."""
        self.seed_entry: UITextEntryLine | None = None
        self.seat_rows: dict[int, pygame.Rect] = {}
        self.token_rects: dict[int, pygame.Rect] = {}
        self.known = [(clean_name(n), c) for n, c in persist.known_profiles() if isinstance(n, str) and clean_name(n)]
        """(name, colour) of the players who finished a game here before: a human seat can take one."""
        self.known_rects: dict[int, pygame.Rect] = {}
        self.count_rects: dict[int, pygame.Rect] = {}
        """Beside each name field: where its letter count shows when the name is near the limit."""
        self.seat_list = Scroller(self._scrolled)
        self.option_list = Scroller(self._scrolled)
        self.kids_lines: list[tuple[int, str]] = []
        self.option_labels: list[tuple[int, str]] = []
        """(y, words) of the labels over the variants' buttons and the seed field."""
        self._restore(getattr(app.settings, "last_setup", {}).get(game_id))

    def _restore(self, last: dict | None) -> None:
        """Start from the choices of the last game of this kind started here (the settings keep them)."""
        if not last:
            return
        info = self.game.info
        self.players = max(info.min_players, min(info.max_players, last["players"]))
        self.kids = last["kids"]
        for v in info.variants:
            choice = last["variants"].get(v.key)
            if choice in {key for key, _label in v.choices}:
                self.variants[v.key] = choice
        for i, seat in enumerate(last["seats"][: len(self.seats)]):
            kind = HUMAN if seat["kind"] == HUMAN else BOT
            colour = seat["colour"] % len(self.colours)
            self.seats[i] = replace(self.seats[i], colour=colour, kind=kind, level=seat["level"])
            self.set_name(i, seat["name"])
            if kind == BOT and self.seats[i].name in _human_defaults():  # remembered from before bots had names
                self.seats[i] = replace(self.seats[i], name=_(BOT_NAMES[i]))
        if self.kids:
            self._ease_bots()
        used: set[int] = set()
        for i, seat in enumerate(self.seats):  # two seats never share a colour, whatever the file said
            if seat.colour in used:
                free = next(c for c in range(len(self.colours)) if c not in used)
                self.seats[i] = replace(seat, colour=free)
            used.add(self.seats[i].colour)

    def remember(self) -> None:
        """Keep these choices for the next setup of this game."""
        self.app.settings.last_setup[self.game_id] = {
            "players": self.players,
            "kids": self.kids,
            "variants": dict(self.variants),
            "seats": [  # a bot kids' mode eased is kept at normal: restoring kids' mode eases it again
                {"name": s.name, "colour": s.colour, "kind": s.kind, "level": "normal" if i in self.eased else s.level}
                for i, s in enumerate(self.seats)
            ],
        }
        persist.save_settings(self.app.settings)

    # --- the choices (also used by tests and the smoke run) ------------------------------------
    def set_players(self, n: int) -> None:
        info = self.game.info
        self._read_entries()
        self.players = max(info.min_players, min(info.max_players, n))
        self.relayout()

    def set_kind(self, seat: int, kind: str, level: str = "normal") -> None:
        """A seat turned into a bot takes a bot's name; turned human again, its human name comes back."""
        self._read_entries()
        old = self.seats[seat]
        name = old.name
        if kind != old.kind and kind == BOT:
            self.human_names[seat] = old.name
            name = _(BOT_NAMES[seat])
        elif kind != old.kind:
            name = self.human_names.pop(seat, "") or _(DEFAULT_NAMES[seat])
        self.seats[seat] = replace(old, kind=kind, level=level, name=name)
        self.eased.discard(seat)  # a level chosen by hand stays when kids' mode goes off
        self.relayout()

    def cycle_kind(self, seat: int) -> None:
        current = (self.seats[seat].kind, self.seats[seat].level if self.seats[seat].kind == BOT else "normal")
        index = KIND_CHOICES.index(current) if current in KIND_CHOICES else 0
        kind, level = KIND_CHOICES[(index + 1) % len(KIND_CHOICES)]
        self.set_kind(seat, kind, level)

    def cycle_colour(self, seat: int) -> None:
        """The next colour offered (the game's own, or the palette's) no other seat at the table uses."""
        self._read_entries()
        taken = {s.colour for i, s in enumerate(self.seats[: self.players]) if i != seat}
        colour = self.seats[seat].colour
        for _step in range(len(self.colours)):
            colour = (colour + 1) % len(self.colours)
            if colour not in taken:
                break
        self.seats[seat] = replace(self.seats[seat], colour=colour)
        self.relayout()

    def set_name(self, seat: int, name: str) -> None:
        """A typed name, cleaned at the door (no control, zero-width, bidirectional or surrogate
        characters); one left empty, or only whitespace, becomes the seat's default name."""
        name = clean_name(name if isinstance(name, str) else "")[:MAX_NAME].strip()
        default = BOT_NAMES[seat] if self.seats[seat].kind == BOT else DEFAULT_NAMES[seat]
        self.seats[seat] = replace(self.seats[seat], name=name or _(default))

    def cycle_known(self, seat: int) -> None:
        """The next known player's name (one no other seat uses), with their colour if it is free (a
        game that fixes its seats' colours keeps the seat's: a player's colour is the family's)."""
        self._read_entries()
        taken = {s.name for i, s in enumerate(self.seats[: self.players]) if i != seat}
        names = [(n, c) for n, c in self.known if n not in taken]
        if not names:
            return
        current = [n for n, _c in names]
        name = self.seats[seat].name
        index = (current.index(name) + 1) % len(names) if name in current else 0
        name, colour = names[index]
        colours = {s.colour for i, s in enumerate(self.seats[: self.players]) if i != seat}
        if colour in colours or self.game.info.seat_colours:
            colour = self.seats[seat].colour
        self.seats[seat] = replace(self.seats[seat], name=name, colour=colour)
        self.relayout()

    def toggle_kids(self) -> None:
        """Kids' mode on also turns the bots left at the normal level into easy ones, the beginner a
        child enjoys playing against (a level chosen on purpose, hard, stays); off, those bots play at
        the normal level again (unless their level was changed by hand in between)."""
        self._read_entries()
        self.kids = not self.kids
        if self.kids:
            self._ease_bots()
        else:
            self.seats = [replace(s, level="normal") if i in self.eased and s.kind == BOT else s
                          for i, s in enumerate(self.seats)]
            self.eased = set()
        self.relayout()

    def _ease_bots(self) -> None:
        self.eased = {i for i, s in enumerate(self.seats) if s.kind == BOT and s.level == "normal"}
        self.seats = [replace(s, level="easy") if i in self.eased else s for i, s in enumerate(self.seats)]

    def cycle_variant(self, key: str) -> None:
        self._read_entries()
        variant = next(v for v in self.game.info.variants if v.key == key)
        keys = [k for k, _label in variant.choices]
        self.variants[key] = keys[(keys.index(self.variants[key]) + 1) % len(keys)]
        self.relayout()

    def shown_variants(self) -> list[Variant]:
        """The game's variants that hold for the number of players chosen (the others are not offered)."""
        return [v for v in self.game.info.variants if v.holds_for(self.players)]

    def chosen_variants(self) -> dict[str, str]:
        """The choice of each variant shown; one not shown keeps its choice for when it shows again,
        and the game is played with its default."""
        return {v.key: self.variants[v.key] for v in self.shown_variants()}

    def colour(self, seat: int) -> style.PlayerColour:
        return self.colours[self.seats[seat].colour % len(self.colours)]

    def chosen_seed(self) -> int | None:
        text = self.seed_text.strip()
        return int(text) if text.isdigit() else None

    def table_seats(self) -> list[SeatConfig]:
        self._read_entries()
        return self.seats[: self.players]

    def build_match(self) -> Match:
        return Match.start(
            self.game_id,
            self.table_seats(),
            self.kids,
            self.chosen_variants(),
            self.chosen_seed(),
            on_action=persist.autosave,
        )

    def start(self) -> None:
        from scenes.shell.tables import table_scene_for

        match = self.build_match()
        self.remember()
        persist.autosave(match)
        self.app.replace(table_scene_for(self.game_id)(self.app, match))

    def open_rules(self) -> None:
        from scenes.shell.rules import RulesScene

        self._read_entries()
        self.app.push(RulesScene(self.app, self.game_id))

    def name_count(self, seat: int) -> str | None:
        """ "20/24" while the name in the field is near its limit, else None."""
        if seat not in self.entries:
            return None
        n = len(self.entries[seat].get_text())
        return f"{n}/{MAX_NAME}" if n >= COUNT_FROM else None

    def _focused_name(self):
        focused = self.manager.get_focus_set() if self.manager is not None else None
        return next((e for e in self.entries.values() if e.alive() and focused and e in focused), None)

    def dispatch(self, event: pygame.event.Event) -> None:
        """A letter (or a paste) the focused name field refuses because the name is full is said so."""
        entry = self._focused_name() if event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) else None
        before = entry.get_text() if entry is not None else ""
        super().dispatch(event)
        if entry is None or entry.get_text() != before:
            return
        if event.type == pygame.TEXTINPUT:
            room = MAX_NAME - len(before) + abs(entry.select_range[0] - entry.select_range[1])
            refused = room <= 0 and bool(event.text)
        else:
            refused = event.key == pygame.K_v and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) and (
                len(before) + len(_clipboard()) > MAX_NAME
            )
        if refused:
            self.refuse_letter()

    def refuse_letter(self) -> None:
        message = _("A name can have {n} letters at most.").format(n=MAX_NAME)
        if message not in self.app.toasts.texts():
            self.app.toast(message, "error")
        self.tweens.start("full", 1.0, 0.0, 0.4)
        self.app.dirty = True

    def _read_entries(self) -> None:
        for i, entry in self.entries.items():
            if entry.alive():
                self.set_name(i, entry.get_text())
        if self.seed_entry is not None and self.seed_entry.alive():
            self.seed_text = self.seed_entry.get_text()

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """The seats on the left, the options on the right, Start below them. Each column keeps its
        rows at their height: what does not fit scrolls (the wheel over it, the keys, its bar)."""
        w, h = size
        s = self.s
        info = self.game.info
        margin = round(40 * s)
        self.top_y = round(28 * s) + self.fonts.font("h2", True).get_linesize() + round(30 * s)
        self.button(rect(margin, round(24 * s), 130 * s, 44 * s), _("Back"), self.app.pop, None)
        self.rules_button = self.button(
            rect(w - margin - round(130 * s), round(24 * s), 130 * s, 44 * s),
            _("Rules"),
            self.open_rules,
            None,
            _("Read the rules of {name}").format(name=_(info.name)),
        )
        bw, bh = round(260 * s), round(60 * s)
        start = rect(w - margin - bw, h - round(30 * s) - bh, bw, bh)
        col_gap = round(32 * s)
        left_w = round((w - margin * 2 - col_gap) * 0.56)
        panel_h = start.y - round(16 * s) - self.top_y
        self.left = pygame.Rect(margin, self.top_y, left_w, panel_h)
        self.right = pygame.Rect(self.left.right + col_gap, self.top_y, w - margin - self.left.right - col_gap,
                                 panel_h)
        self._layout_seats()
        self._layout_options()
        self.start_button = self.button(start, _("Start the game"), self.start, "primary")

    def _column(self, scroller: Scroller, view: pygame.Rect, heights: list[int]) -> list[int | None]:
        """Rows of ``heights`` down ``view`` (scrolled by ``scroller``): where each shown whole starts
        on the screen, None for those scrolled out of sight. The view is cut to whole rows, with a line
        under it for the scroll cue when they do not all fit."""
        tops = [sum(heights[:k]) for k in range(len(heights))]
        content = sum(heights)
        if content > view.h:
            cue = self.fonts.font("small", True).get_linesize()
            fit = [t + hh for t, hh in zip(tops, heights) if t + hh <= view.h - cue]
            view = pygame.Rect(view.x, view.y, view.w, max(fit or [view.h - cue]))
        scroller.set(view, content, tops)
        return [scroller.on_screen(t) if scroller.shows(t, hh) else None for t, hh in zip(tops, heights)]

    def _layout_seats(self) -> None:
        s, info = self.s, self.game.info
        pad = round(18 * s)
        y = self.left.y + pad
        self.players_label_pos = (self.left.x + pad, y + round(8 * s))
        step = round(44 * s)
        sx = self.left.right - pad - step * 3
        self.button(rect(sx, y, step, step), "−", lambda: self.set_players(self.players - 1), None,
                    _("One seat fewer"), self.players > info.min_players)
        self.count_rect = rect(sx + step, y, step, step)
        self.button(rect(sx + step * 2, y, step, step), "+", lambda: self.set_players(self.players + 1), None,
                    _("One seat more"), self.players < info.max_players)
        y += max(step, self.fonts.font("h3", True).get_linesize() + self.fonts.font("small").get_linesize()) \
            + round(14 * s)
        row_h = round(50 * s)
        view = pygame.Rect(self.left.x, y, self.left.w, self.left.bottom - pad - y)
        tops = self._column(self.seat_list, view, [row_h] * self.players)
        self.entries, self.seat_rows, self.token_rects, self.known_rects, self.count_rects = {}, {}, {}, {}, {}
        for i, top in enumerate(tops):
            if top is not None:
                self._seat_row(i, pygame.Rect(self.left.x + pad, top, self.left.w - pad * 2, row_h - round(8 * s)))

    def _seat_row(self, i: int, row: pygame.Rect) -> None:
        """Seat ``i``'s colour, name (with its letter count), known players and kind, in ``row``."""
        s, seat = self.s, self.seats[i]
        token_w = round(56 * s)
        count_w = self.fonts.font("small", True).size(f"{MAX_NAME}/{MAX_NAME}")[0] + round(12 * s)
        kind_w = max(round(150 * s), max(self.fonts.font("body", True).size(kind_label(k, lv))[0]
                                         for k, lv in KIND_CHOICES) + round(28 * s))
        self.seat_rows[i] = row
        token = self.token_rects[i] = pygame.Rect(row.x, row.y, token_w, row.h)
        self.button(token, "", lambda: self.cycle_colour(i), "ghost",
                    _("Colour: {colour}. Click for the next one.").format(colour=_(self.colour(i).label)))
        known_w = row.h + round(8 * s) if self.known and seat.kind == HUMAN else 0
        entry = self.text_entry(
            rect(token.right + round(10 * s), row.y, row.w - token_w - kind_w - known_w - count_w - round(20 * s),
                 row.h),
            seat.name,
            MAX_NAME,
        )
        self.entries[i] = entry
        self.count_rects[i] = pygame.Rect(entry.relative_rect.right, row.y, count_w, row.h)
        if known_w:
            known = self.known_rects[i] = pygame.Rect(row.right - kind_w - round(10 * s) - row.h, row.y, row.h, row.h)
            self.button(known, "", lambda: self.cycle_known(i), "ghost",
                        _("A player who played here before: click for the next name."))
        self.button(rect(row.right - kind_w, row.y, kind_w, row.h), kind_label(seat.kind, seat.level),
                    lambda: self.cycle_kind(i), "accent" if seat.kind == BOT else None,
                    _("Human or bot, and how strong the bot plays. Click to change."))

    def _layout_options(self) -> None:
        """Kids' mode and what it turns off, the game's variants, and More: the seed (rarely needed)."""
        s, fonts, info = self.s, self.fonts, self.game.info
        pad = round(18 * s)
        x = self.right.x + pad
        cw = self.right.w - pad * 2
        line_h = fonts.font("small").get_linesize()
        label_h = fonts.font("small", True).get_linesize()
        self.kids_lines = []
        self.option_labels = []
        rows: list[tuple[int, Callable[[int], None]]] = []

        def kids_button(y: int) -> None:
            self.kids_button = self.button(
                rect(x, y, cw, 48 * s), _("Kids' mode: on") if self.kids else _("Kids' mode: off"), self.toggle_kids,
                "toggle_on" if self.kids else None, _("A gentler game for younger players."))

        rows.append((round(56 * s), kids_button))
        for sentence in info.kids_turns_off if self.kids else ():
            lines = fonts.wrap("• " + _(sentence), cw, "small")
            lines = [line if j == 0 else "   " + line for j, line in enumerate(lines)]
            rows.append((len(lines) * line_h + round(4 * s), lambda y, lines=lines: self.kids_lines.extend(
                (y + j * line_h, t) for j, t in enumerate(lines))))
        for variant in self.shown_variants():
            def variant_row(y: int, variant=variant) -> None:
                self.option_labels.append((y, _(variant.label)))
                label = dict(variant.choices).get(self.variants[variant.key], self.variants[variant.key])
                self.button(rect(x, y + label_h, cw, 44 * s), _(label), lambda: self.cycle_variant(variant.key), None,
                            _("Click to change."))
            rows.append((label_h + round(52 * s), variant_row))

        def more_button(y: int) -> None:
            seed = self.seed_text.strip()
            words = _("Less") if self.more else (_("More (seed {seed})").format(seed=seed) if seed else _("More"))
            self.more_button = self.button(rect(x, y, cw, 44 * s), words, self.toggle_more,
                                           "toggle_on" if self.more else None,
                                           _("Choices rarely needed: the seed that deals a game again."))

        rows.append((round(52 * s), more_button))
        self.seed_entry = None
        if self.more:
            def seed_row(y: int) -> None:
                self.option_labels.append((y, _("Seed (optional)")))
                self.seed_entry = self.text_entry(rect(x, y + label_h + round(2 * s), min(cw, 260 * s), 44 * s),
                                                  self.seed_text, 10)
                self.seed_entry.set_allowed_characters("numbers")
                self.tip(self.seed_entry.relative_rect,
                         _("The same seed deals the same game. Leave it empty for a new deal."))
            rows.append((label_h + round(54 * s), seed_row))
        view = pygame.Rect(self.right.x, self.right.y + pad, self.right.w, self.right.h - pad * 2)
        for top, (_h, build) in zip(self._column(self.option_list, view, [hh for hh, _b in rows]), rows):
            if top is not None:
                build(top)

    def _scrolled(self) -> None:
        """A list moved: its rows are made again where they now show (the names typed kept)."""
        self._read_entries()
        self.relayout()

    def toggle_more(self) -> None:
        """Show or hide the choices rarely needed (the seed); a seed typed stays while hidden."""
        self._read_entries()
        self.more = not self.more
        self.relayout()

    def scrolls(self) -> list[ScrollView]:
        return [self.seat_list.state(), self.option_list.state()]

    def handle_event(self, event: pygame.event.Event) -> None:
        pointer = self.app.to_view(pygame.mouse.get_pos())
        typing = self.app.typing()
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
                return
        line = round(50 * self.s)
        for lst in (self.seat_list, self.option_list):  # the keys scroll the first list that scrolls
            if lst.handle(event, pointer, line, self.s, keys=not typing):
                return

    # --- drawing -----------------------------------------------------------------------------
    def static_key(self) -> tuple:
        return ()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, fonts, s = self.pal, self.fonts, self.s
        info = self.game.info
        self.title(surface, _(info.name))
        style.panel(surface, self.left, pal, round(18 * s), alpha=225, border=pal.line)
        style.panel(surface, self.right, pal, round(18 * s), alpha=225, border=pal.line)
        style.blit_text(surface, fonts, _("Players"), self.players_label_pos, "h3", pal.text, True)
        style.blit_text(surface, fonts, str(self.players), self.count_rect.center, "h3", pal.text, True, "center")
        hint = text_of(info.counts())
        style.blit_text(
            surface,
            fonts,
            hint,
            (self.players_label_pos[0], self.players_label_pos[1] + fonts.font("h3", True).get_linesize()),
            "small",
            pal.text_dim,
        )
        x = self.right.x + round(18 * s)
        for y, line in self.kids_lines:
            style.blit_text(surface, fonts, line, (x, y), "small", pal.text_dim)
        for y, label in self.option_labels:
            style.blit_text(surface, fonts, label, (x, y), "small", pal.text_dim, True)
        for lst, panel in ((self.seat_list, self.left), (self.option_list, self.right)):
            lst.draw_bar(surface, (pal.panel_hi, pal.violet), s)
            lst.draw_cue(surface, fonts, pal.green, (panel.centerx, panel.bottom - round(8 * s)))

    def draw_over(self, surface: pygame.Surface) -> None:
        self._draw_counts(surface)
        for i, token in self.token_rects.items():
            style.draw_player_token(surface, self.colour(i), token.center, token.h * 0.3)
        for known in self.known_rects.values():
            art.blit_svg(surface, "art/ui/human.svg", known.inflate(-known.w // 3, -known.h // 3))

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """Near the limit, the letters a name holds of the most; at it, in coral with the field
        framed in coral (brighter for a moment when a letter was refused)."""
        pal, fonts, s = self.pal, self.fonts, self.s
        flash = self.tweens.get("full", 0.0)
        for i, area in self.count_rects.items():
            count = self.name_count(i)
            if count is None:
                continue
            full = len(self.entries[i].get_text()) >= MAX_NAME
            colour = pal.coral if full else pal.text_dim
            style.blit_text(surface, fonts, count, (area.right - round(4 * s), area.centery), "small", colour, full,
                            "midright")
            if full:
                frame = self.entries[i].relative_rect.inflate(round(4 * s), round(4 * s))
                width = max(2, round((2 + 2 * flash) * s))
                pygame.draw.rect(surface, pal.coral, frame, width, border_radius=round(6 * s))


def _human_defaults() -> set[str]:
    """The family's default names, in English and in the language of now."""
    return set(DEFAULT_NAMES) | {_(n) for n in DEFAULT_NAMES}


def _clipboard() -> str:
    try:
        from pygame_gui.core.utility import clipboard_paste

        return clipboard_paste() or ""
    except Exception:  # noqa: BLE001 - no clipboard: nothing was pasted
        return ""
