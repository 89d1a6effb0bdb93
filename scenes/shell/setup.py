"""New-game setup: seats (name, colour with its shape, human or bot and its level), kids' mode,
the game's variants and an optional seed. A name field counts its letters near its limit and says so
when it refuses one; Rules opens the game's rules reference."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.core import registry
from game.core.i18n import N_, _
from scenes.kit import art, style
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
        self.entries: list = []
        self.seed_entry = None
        self.seat_rows: list[pygame.Rect] = []
        self.token_rects: list[pygame.Rect] = []
        self.known = [(clean_name(n), c) for n, c in persist.known_profiles() if isinstance(n, str) and clean_name(n)]
        """(name, colour) of the players who finished a game here before: a human seat can take one."""
        self.known_rects: list[pygame.Rect] = []
        self.count_rects: list[pygame.Rect] = []
        """Beside each name field: where its letter count shows when the name is near the limit."""
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
            colour = seat["colour"] % len(style.PLAYER_COLOURS)
            self.seats[i] = replace(self.seats[i], colour=colour, kind=kind, level=seat["level"])
            self.set_name(i, seat["name"])
            if kind == BOT and self.seats[i].name in _human_defaults():  # remembered from before bots had names
                self.seats[i] = replace(self.seats[i], name=_(BOT_NAMES[i]))
        if self.kids:
            self._ease_bots()
        used: set[int] = set()
        for i, seat in enumerate(self.seats):  # two seats never share a colour, whatever the file said
            if seat.colour in used:
                free = next(c for c in range(len(style.PLAYER_COLOURS)) if c not in used)
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
        """The next palette colour no other seat at the table uses."""
        self._read_entries()
        taken = {s.colour for i, s in enumerate(self.seats[: self.players]) if i != seat}
        colour = self.seats[seat].colour
        for _step in range(len(style.PLAYER_COLOURS)):
            colour = (colour + 1) % len(style.PLAYER_COLOURS)
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
        """The next known player's name (one no other seat uses), with their colour if it is free."""
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
        self.seats[seat] = replace(
            self.seats[seat], name=name, colour=colour if colour not in colours else self.seats[seat].colour
        )
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
            dict(self.variants),
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
        if seat >= len(self.entries):
            return None
        n = len(self.entries[seat].get_text())
        return f"{n}/{MAX_NAME}" if n >= COUNT_FROM else None

    def _focused_name(self):
        focused = self.manager.get_focus_set() if self.manager is not None else None
        return next((e for e in self.entries if e.alive() and focused and e in focused), None)

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
        for i, entry in enumerate(self.entries):
            if entry.alive():
                self.set_name(i, entry.get_text())
        if self.seed_entry is not None and self.seed_entry.alive():
            self.seed_text = self.seed_entry.get_text()

    # --- layout ------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
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
        col_gap = round(32 * s)
        left_w = round((w - margin * 2 - col_gap) * 0.56)
        self.left = pygame.Rect(margin, self.top_y, left_w, h - self.top_y - round(110 * s))
        self.right = pygame.Rect(
            self.left.right + col_gap, self.top_y, w - margin - self.left.right - col_gap, self.left.h
        )
        pad = round(18 * s)
        # players: count stepper
        y = self.left.y + pad
        self.players_label_pos = (self.left.x + pad, y + round(8 * s))
        step = round(44 * s)
        sx = self.left.right - pad - step * 3
        self.button(
            rect(sx, y, step, step),
            "−",
            lambda: self.set_players(self.players - 1),
            None,
            _("One seat fewer"),
            self.players > info.min_players,
        )
        self.count_rect = rect(sx + step, y, step, step)
        self.button(
            rect(sx + step * 2, y, step, step),
            "+",
            lambda: self.set_players(self.players + 1),
            None,
            _("One seat more"),
            self.players < info.max_players,
        )
        y += step + round(30 * s)
        row_h = min(round(50 * s), (self.left.bottom - pad - y) // max(1, info.max_players))
        self.entries = []
        self.seat_rows = []
        self.token_rects = []
        self.known_rects = []
        self.count_rects = []
        token_w = round(56 * s)
        count_w = self.fonts.font("small", True).size(f"{MAX_NAME}/{MAX_NAME}")[0] + round(12 * s)
        kind_w = round(150 * s)
        for i in range(self.players):
            seat = self.seats[i]
            row = pygame.Rect(self.left.x + pad, y + i * row_h, self.left.w - pad * 2, row_h - round(8 * s))
            self.seat_rows.append(row)
            token = pygame.Rect(row.x, row.y, token_w, row.h)
            self.token_rects.append(token)
            self.button(
                token,
                "",
                lambda i=i: self.cycle_colour(i),
                "ghost",
                _("Colour: {colour}. Click for the next one.").format(colour=style.colour_label(seat.colour)),
            )
            known_w = row.h + round(8 * s) if self.known and seat.kind == HUMAN else 0
            entry = self.text_entry(
                rect(
                    token.right + round(10 * s), row.y, row.w - token_w - kind_w - known_w - count_w - round(20 * s),
                    row.h,
                ),
                seat.name,
                MAX_NAME,
            )
            self.count_rects.append(pygame.Rect(entry.relative_rect.right, row.y, count_w, row.h))
            if known_w:
                known = pygame.Rect(row.right - kind_w - round(10 * s) - row.h, row.y, row.h, row.h)
                self.known_rects.append(known)
                self.button(
                    known,
                    "",
                    lambda i=i: self.cycle_known(i),
                    "ghost",
                    _("A player who played here before: click for the next name."),
                )
            self.entries.append(entry)
            self.button(
                rect(row.right - kind_w, row.y, kind_w, row.h),
                kind_label(seat.kind, seat.level),
                lambda i=i: self.cycle_kind(i),
                "accent" if seat.kind == BOT else None,
                _("Human or bot, and how strong the bot plays. Click to change."),
            )
        # right column: kids' mode, variants, seed
        x = self.right.x + pad
        cw = self.right.w - pad * 2
        y = self.right.y + pad
        self.kids_button = self.button(
            rect(x, y, cw, 48 * s),
            _("Kids' mode: on") if self.kids else _("Kids' mode: off"),
            self.toggle_kids,
            "toggle_on" if self.kids else None,
            _("A gentler game for younger players."),
        )
        y += round(56 * s)
        self.kids_text_y = y
        sentences = info.kids_turns_off if self.kids else ()
        line_h = self.fonts.font("small").get_linesize()
        lines = sum(len(self.fonts.wrap("• " + _(t), cw, "small")) for t in sentences)
        y += lines * line_h + (round(10 * s) if sentences else 0)
        self.variant_label_ys = []
        for variant in info.variants:
            self.variant_label_ys.append((y, _(variant.label)))
            y += self.fonts.font("small", True).get_linesize()
            label = dict(variant.choices).get(self.variants[variant.key], self.variants[variant.key])
            self.button(
                rect(x, y, cw, 44 * s),
                _(label),
                lambda k=variant.key: self.cycle_variant(k),
                None,
                _("Click to change."),
            )
            y += round(52 * s)
        self.seed_label_y = y
        y += self.fonts.font("small", True).get_linesize() + round(2 * s)
        self.seed_entry = self.text_entry(rect(x, y, min(cw, 260 * s), 44 * s), self.seed_text, 10)
        self.seed_entry.set_allowed_characters("numbers")
        self.tip(self.seed_entry.relative_rect, _("The same seed deals the same game. Leave it empty for a new deal."))
        # start
        bw, bh = round(260 * s), round(60 * s)
        self.start_button = self.button(
            rect(w - margin - bw, h - margin - bh + round(10 * s), bw, bh), _("Start the game"), self.start, "primary"
        )

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()

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
        hint = _("{low} to {high} players").format(low=info.min_players, high=info.max_players)
        style.blit_text(
            surface,
            fonts,
            hint,
            (self.players_label_pos[0], self.players_label_pos[1] + fonts.font("h3", True).get_linesize()),
            "small",
            pal.text_dim,
        )
        pad = round(18 * s)
        x = self.right.x + pad
        cw = self.right.w - pad * 2
        y = self.kids_text_y
        line_h = fonts.font("small").get_linesize()
        if self.kids:
            for sentence in info.kids_turns_off:
                for j, line in enumerate(fonts.wrap("• " + _(sentence), cw, "small")):
                    surface.blit(fonts.render(line if j == 0 else "   " + line, "small", pal.text_dim), (x, y))
                    y += line_h
        for vy, label in self.variant_label_ys:
            style.blit_text(surface, fonts, label, (x, vy), "small", pal.text_dim, True)
        style.blit_text(surface, fonts, _("Seed (optional)"), (x, self.seed_label_y), "small", pal.text_dim, True)

    def draw_over(self, surface: pygame.Surface) -> None:
        self._draw_counts(surface)
        for i, token in enumerate(self.token_rects):
            style.draw_player_token(surface, self.seats[i].colour, token.center, token.h * 0.3)
        for known in self.known_rects:
            art.blit_svg(surface, "art/ui/human.svg", known.inflate(-known.w // 3, -known.h // 3))

    def _draw_counts(self, surface: pygame.Surface) -> None:
        """Near the limit, the letters a name holds of the most; at it, in coral with the field
        framed in coral (brighter for a moment when a letter was refused)."""
        pal, fonts, s = self.pal, self.fonts, self.s
        flash = self.tweens.get("full", 0.0)
        for i, area in enumerate(self.count_rects):
            count = self.name_count(i)
            if count is None:
                continue
            full = len(self.entries[i].get_text()) >= MAX_NAME
            colour = pal.coral if full else pal.text_dim
            img = fonts.render(count, "small", colour, full)
            surface.blit(img, img.get_rect(midright=(area.right - round(4 * s), area.centery)))
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
