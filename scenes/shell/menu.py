"""The main menu: the five games as tiles with cover art (players and length; Play and Rules on those
that are built), Continue (the games in progress, named under it), Players, Settings, Quit."""

from __future__ import annotations

import threading
import time

import pygame

from game.core import registry
from game.core.i18n import _, ngettext
from scenes.kit import art, style
from scenes.kit.theme import rect
from scenes.session import games
from scenes.session.version import app_version
from scenes.shell.scene import Scene


class Tile:
    def __init__(self, entry: registry.Entry, playable: bool) -> None:
        self.entry = entry
        self.playable = playable
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.art_rect = pygame.Rect(0, 0, 0, 0)
        self.play_rect = pygame.Rect(0, 0, 0, 0)
        self.rules_rect = pygame.Rect(0, 0, 0, 0)
        """The Play and Rules badges at the bottom of a playable tile (where they are when not lifted)."""


def facts_line(info) -> str:
    """ "2–4 players · about 45 min": what the tile tells about a built game."""
    players = _("{low}–{high} players").format(low=info.min_players, high=info.max_players)
    if info.min_players == info.max_players:
        players = ngettext("{n} player", "{n} players", info.min_players).format(n=info.min_players)
    minutes = getattr(info, "play_minutes", None)
    if not minutes:
        return players
    low, high = minutes
    length = (
        _("about {minutes} min").format(minutes=low)
        if low == high
        else _("{low}–{high} min").format(low=low, high=high)
    )
    return f"{players} · {length}"


def playable_games() -> set[str]:
    """Games whose rules are built and import cleanly."""
    out = set()
    for game_id in registry.available():
        try:
            registry.get(game_id)
        except Exception:  # noqa: BLE001 - a game under construction is simply not offered
            continue
        out.add(game_id)
    return out


BACKGROUND_BYTES = 64 * 1024
"""Saves bigger than this in all (a few thousand moves) are read on a worker thread."""
SHOW_READING_AFTER = 0.15
"""Seconds before the menu says it is reading (a quick read shows nothing)."""


class MenuScene(Scene):
    main_menu = True

    def __init__(self, app) -> None:
        super().__init__(app)
        playable = playable_games()
        self.tiles = [Tile(e, e.id in playable) for e in registry.entries()]
        self.hovered: int | None = None
        self.rules_hovered: int | None = None
        self.saved = None
        """The game in progress played last (its SavedGame), None when there is none."""
        self.in_progress: list[games.InProgress] = []
        """The games in progress, the most recently played first."""
        self.version = app_version()
        self._saves_key: tuple | None = None
        """What the saves folder held when it was last read: it is read again only when that changed."""
        self._reader: threading.Thread | None = None
        self._read: list[games.InProgress] | None = None
        self._reading_since = 0.0
        self.continue_lines: list[str] = []
        self.continue_under = pygame.Rect(0, 0, 0, 0)
        self.title_y = 0
        self.title_step = "h1"
        self.subtitles = True
        """The games' subtitles show on their tiles (they go when the words are large; the tip says them)."""
        self.hidden = False
        """Under an opaque scene, without its widgets."""
        self.check_saves()

    def check_saves(self) -> None:
        """Read the games in progress if the saves changed since the last look: at once when little
        is to be read, on a worker thread while the menu says so otherwise (a long game takes a while to
        replay). What a save holds that cannot be used is said in a toast (storage's notices)."""
        key = games.changed()
        if key == self._saves_key or self.reading():
            return
        self._saves_key = key
        if games.bytes_to_read() <= BACKGROUND_BYTES:
            self._take(games.listing())
            return
        self._read = None
        self._reading_since = time.monotonic()

        def read() -> None:
            try:
                self._read = games.listing()
            except Exception:  # noqa: BLE001 - listing already turns failures into sentences
                self._read = []

        self._reader = threading.Thread(target=read, name="saves-reader", daemon=True)
        self._reader.start()

    def reading(self) -> bool:
        """True while the saves are being read on the worker thread."""
        return self._reader is not None and self._reader.is_alive()

    def wait_for_saves(self, timeout: float | None = None) -> None:
        """Block until the worker thread has read the saves (tests, the smoke run)."""
        if self._reader is not None:
            self._reader.join(timeout)
        self.update(0.0)

    def _take(self, result: list[games.InProgress]) -> None:
        self.in_progress = list(result)
        self.saved = self.in_progress[0].saved if self.in_progress else None
        self._saves_key = games.changed()  # what reading them left (a save cut, one set aside)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._reader is not None and not self._reader.is_alive():
            self._reader = None
            if self._read is not None:
                self._take(self._read)
                self._read = None
            self.relayout()
            # Replaying a long save on the worker made and dropped many megabytes (the states of
            # every move, the old listing's game), after the trim of the table that closed: without
            # one now they stayed resident (20-60 MB a read) until the next table closed.
            self.app.give_back_memory_soon()

    def animating(self) -> bool:
        return super().animating() or self.reading()

    def uncover(self) -> None:
        self.hidden = False
        self.check_saves()
        self.relayout()

    def hidden_below(self) -> None:
        """Under a table its buttons go as well as its picture (11 MB at 2560x1440, held all game
        long otherwise); ``uncover`` lays it out again."""
        super().hidden_below()
        self.hidden = True
        self.drop_widgets()
        self.menu_buttons = {}

    def relayout(self) -> None:
        if not self.hidden:  # hidden, it is laid out when it shows (a new look or size meanwhile)
            super().relayout()

    def layout(self, size: tuple[int, int]) -> None:
        """Top down: the title, the tiles, the buttons (in one row, or two when their words do not fit
        one) with what Continue offers under it, the version; the tiles' covers give up height first
        when the words are large."""
        w, h = size
        s, fonts = self.s, self.fonts
        margin = round(40 * s)
        gap = round(18 * s)
        self.title_y = round(24 * s)
        labels = []
        if self.saved is not None:
            labels.append((_("Continue"), self.continue_game, "primary"))
        labels += [
            (_("Players"), self.open_players, None),
            (_("Settings"), self.open_settings, None),
            (_("Quit"), self.app.quit, "danger"),
        ]
        words = max(fonts.font("body", True).size(text)[0] for text, _cb, _kind in labels)
        bw, bh = round(220 * s), round(52 * s)
        if len(labels) * (bw + gap) - gap > w - 2 * margin:  # narrower, as their words allow
            bw = min(bw, max(round(150 * s), words + round(56 * s)))
        bgap = gap if len(labels) * (bw + gap) - gap <= w - 2 * margin else round(8 * s)
        per_row = max(1, min(len(labels), (w - 2 * margin + bgap) // (bw + bgap)))
        rows = [labels[k:k + per_row] for k in range(0, len(labels), per_row)]
        self.continue_lines = self._continue_lines(bw) if self.saved is not None else []
        under = len(self.continue_lines) * fonts.font("small").get_linesize()
        under += round(6 * s) if under else 0
        buttons_h = len(rows) * (bh + gap) - gap + under
        # the version stands in the bottom right corner: below the buttons when they reach it
        version = fonts.font("small").size(_("Version {version}").format(version=self.version))[0] + round(24 * s)
        reach = max(len(row) * (bw + bgap) - bgap for row in rows)
        bottom = round(16 * s) if (w + reach) // 2 < w - version else fonts.font("small").get_linesize() + round(16 * s)
        # the tiles: as wide as five fit, as tall as the cover and the words need; when the words are
        # large the title is set smaller, then the covers give up height
        n = len(self.tiles)
        tile_w = min(round(236 * s), (w - margin * 2 - gap * (n - 1)) // n)
        pad = round(10 * s)
        art_w = tile_w - pad * 2
        full_art = round(art_w * 0.625)  # covers are 16:10
        for self.title_step, self.subtitles in (("h1", True), ("h2", True), ("h2", False)):
            words_h = max(self._tile_words_height(tile, tile_w) for tile in self.tiles)
            title_h = fonts.font(self.title_step, True).get_linesize() + round(18 * s) \
                + fonts.font("body").get_linesize()
            room = h - self.title_y - title_h - round(24 * s) - round(30 * s) - buttons_h - bottom
            if room - pad - words_h >= full_art * 0.75:
                break
        art_h = max(round(24 * s), min(full_art, room - pad - words_h))
        tile_h = pad + art_h + words_h
        total = tile_w * n + gap * (n - 1)
        x0 = (w - total) // 2
        spare = max(0, room - tile_h)
        top = self.title_y + title_h + round(24 * s) + spare // 3
        for i, tile in enumerate(self.tiles):
            tile.rect = pygame.Rect(x0 + i * (tile_w + gap), top, tile_w, tile_h)
            tile.art_rect = pygame.Rect(tile.rect.x + pad, tile.rect.y + pad, art_w, art_h)
            name = tile.entry.name
            self.tip(tile.rect, name if tile.playable else _("{name}: coming soon").format(name=name))
            if tile.playable:
                self._place_badges(tile)
                self.tip(tile.rules_rect, _("Read the rules of {name}").format(name=name))
        self.menu_buttons = {}
        y = top + tile_h + round(30 * s) + spare // 3
        self.continue_under = pygame.Rect(0, 0, 0, 0)
        for row in rows:
            bx = (w - (len(row) * (bw + bgap) - bgap)) // 2
            for i, (text, callback, kind) in enumerate(row):
                self.menu_buttons[text] = self.button(rect(bx + i * (bw + bgap), y, bw, bh), text, callback, kind)
            y += bh + gap
            if self.saved is not None and row is rows[0]:
                self.continue_under = pygame.Rect(bx, y - gap + round(6 * s), bw, under)
                y += under
        self.tip(self.menu_buttons[_("Players")].relative_rect, _("Players: achievements, titles and recent games"))
        if self.saved is not None:
            self.tip(self.menu_buttons[_("Continue")].relative_rect, self._continue_tip())

    def _tile_words_height(self, tile: Tile, tile_w: int) -> int:
        """How tall a tile's words are below its cover (as ``_draw_tile`` puts them), with its badges."""
        fonts, s = self.fonts, self.s
        width = tile_w - round(20 * s)
        name, _sep, sub = tile.entry.name.partition(":")
        h = round(10 * s) + len(fonts.wrap(name, width, "body", True)[:2]) * fonts.font("body", True).get_height()
        small = fonts.font("small").get_height()
        if sub.strip() and self.subtitles:
            h += len(fonts.wrap(sub.strip(), width, "small")[:2]) * small
        if tile.playable:
            facts = facts_line(registry.get(tile.entry.id).info)
            h += round(2 * s) + small * (1 if fonts.font("small").size(facts)[0] <= tile_w - round(16 * s)
                                         else len(facts.split(" · ")))
            h += round(8 * s) + fonts.font("small", True).get_height() + round(12 * s)  # the badges
        return h + round(10 * s)

    def _place_badges(self, tile: Tile) -> None:
        """Play and Rules side by side at the bottom of the tile, centred."""
        s, fonts = self.s, self.fonts
        pad = round(10 * s)
        sizes = [fonts.render(t, "small", self.pal.text_dark, True).get_size() for t in (_("Play"), _("Rules"))]
        badges = [pygame.Rect(0, 0, w + round(28 * s), h + round(12 * s)) for w, h in sizes]
        space = round(8 * s)
        x = tile.rect.centerx - (badges[0].w + space + badges[1].w) // 2
        for badge in badges:
            badge.bottomleft = (x, tile.rect.bottom - pad)
            x = badge.right + space
        tile.play_rect, tile.rules_rect = badges

    def _continue_tip(self) -> str:
        if len(self.in_progress) > 1:
            return _("Choose one of your games in progress to go on with, or delete one")
        record = self.saved.record
        return ngettext("Go on with {game} ({count} move so far)", "Go on with {game} ({count} moves so far)",
                        len(record.actions)).format(game=registry.display_name(record.game), count=len(record.actions))

    def _continue_lines(self, width: int) -> list[str]:
        """What Continue offers, in two lines that fit under its button: the game's name (its short
        name when the full one is too long), and who plays with how many moves so far; with several
        games in progress, how many and which games."""
        record = self.saved.record
        fonts = self.fonts
        if len(self.in_progress) > 1:
            count = len(self.in_progress)
            head = ngettext("{n} game in progress", "{n} games in progress", count).format(n=count)
            names = (registry.display_name(g.game_id).partition(":")[0] for g in self.in_progress)
            which = ", ".join(dict.fromkeys(names))
            return [fonts.fit(head, width, "small", True), fonts.fit(which, width, "small")]
        name = registry.display_name(record.game)
        if fonts.font("small", True).size(name)[0] > width:
            name = name.partition(":")[0]
        moves = ngettext("{n} move", "{n} moves", len(record.actions)).format(n=len(record.actions))
        names = [seat.name for seat in self.saved.seats]
        who = f"{', '.join(names)} · {moves}"
        if fonts.font("small").size(who)[0] > width:
            players = ngettext("{n} player", "{n} players", len(names)).format(n=len(names))
            who = f"{players} · {moves}"
        return [fonts.fit(name, width, "small", True), fonts.fit(who, width, "small")]

    # --- actions -----------------------------------------------------------------------------
    def open_rules(self, game_id: str) -> None:
        from scenes.shell.rules import RulesScene

        self.app.push(RulesScene(self.app, game_id))

    def open_game(self, game_id: str) -> None:
        from scenes.shell.setup import SetupScene

        self.app.push(SetupScene(self.app, game_id))

    def continue_game(self) -> None:
        """Continue: the list of the games in progress, to choose one (or delete one)."""
        from scenes.shell.continue_list import ContinueScene

        if self.in_progress:
            self.app.push(ContinueScene(self.app, self.in_progress))

    def open_players(self) -> None:
        from scenes.shell.profiles_screen import ProfilesScene

        self.app.push(ProfilesScene(self.app))

    def open_settings(self) -> None:
        from scenes.shell.settings_menu import SettingsScene

        self.app.push(SettingsScene(self.app))

    def click_targets(self) -> dict[str, list[int]]:
        """The playable games' tiles (for the automation trace of real-window tests)."""
        targets = {f"game:{t.entry.id}": list(t.rect) for t in self.tiles if t.playable}
        targets.update({f"rules:{t.entry.id}": list(t.rules_rect) for t in self.tiles if t.playable})
        return targets

    def on_rules_badge(self, tile: Tile, pos: tuple[int, int]) -> bool:
        """Whether ``pos`` is on the tile's Rules badge, lifted or not (a hovered tile rises)."""
        lift = round(8 * self.s)
        return tile.playable and tile.rules_rect.union(tile.rules_rect.move(0, -lift)).collidepoint(pos)

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        for i, tile in enumerate(self.tiles):
            if tile.rect.collidepoint(pos):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            hovered = self.tile_at(event.pos)
            if hovered != self.hovered:
                if self.hovered is not None:
                    self.tweens.to(f"lift{self.hovered}", 0.0, 0.18)
                if hovered is not None and self.tiles[hovered].playable:
                    self.tweens.to(f"lift{hovered}", 1.0, 0.18)
                self.hovered = hovered
            on_rules = hovered if hovered is not None and self.on_rules_badge(self.tiles[hovered], event.pos) else None
            if on_rules != self.rules_hovered:
                self.rules_hovered = on_rules
                self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed_tile = self.tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.tile_at(event.pos)
            if index is not None and index == getattr(self, "_pressed_tile", None):
                tile = self.tiles[index]
                if self.on_rules_badge(tile, event.pos):
                    self.app.sounds.play("button")
                    self.open_rules(tile.entry.id)
                elif tile.playable:
                    self.open_game(tile.entry.id)
                else:
                    self.app.toast(_("{name} is coming soon.").format(name=tile.entry.name))
            self._pressed_tile = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            pass

    # --- drawing -----------------------------------------------------------------------------
    def static_key(self) -> tuple:
        lifts = tuple(round(self.tweens.get(f"lift{i}", 0.0), 3) for i in range(len(self.tiles)))
        return (*lifts, self.rules_hovered)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, fonts, s = self.pal, self.fonts, self.s
        w, h = surface.get_size()
        r = style.blit_text(surface, fonts, "Polar Table", (w // 2, self.title_y), self.title_step, pal.text, True,
                            "midtop")
        rule = pygame.Rect(0, r.bottom + round(4 * s), round(260 * s), max(2, round(4 * s)))
        rule.centerx = w // 2
        style.aurora_rule(surface, rule, pal)
        style.blit_text(
            surface,
            fonts,
            _("Five polar board games for the whole family"),
            (w // 2, rule.bottom + round(10 * s)),
            "body",
            pal.text_dim,
            False,
            "midtop",
        )
        for i, tile in enumerate(self.tiles):
            self._draw_tile(surface, i, tile)
        y = self.continue_under.y
        for k, line in enumerate(self.continue_lines):
            style.blit_text(surface, fonts, line, (self.continue_under.centerx, y), "small",
                            pal.text if k == 0 else pal.text_dim, k == 0, "midtop")
            y += fonts.font("small").get_linesize()
        style.blit_text(
            surface,
            fonts,
            _("Version {version}").format(version=self.version),
            (w - round(16 * s), h - round(12 * s)),
            "small",
            pal.text_dim,
            False,
            "bottomright",
        )

    def draw_over(self, surface: pygame.Surface) -> None:
        super().draw_over(surface)
        if not self.reading() or time.monotonic() - self._reading_since < SHOW_READING_AFTER:
            return
        dots = "." * (1 + int(time.monotonic() * 3) % 3)
        w, h = surface.get_size()
        text = _("Reading your games in progress") + dots
        style.blit_text(surface, self.fonts, text, (w // 2, h - round(24 * self.s)), "body", self.pal.text_dim,
                        False, "midbottom")

    def _draw_tile(self, surface: pygame.Surface, index: int, tile: Tile) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        lift = self.tweens.get(f"lift{index}", 0.0)
        r = tile.rect.move(0, -round(8 * s * lift))
        border = pal.green if lift > 0.01 else pal.line
        fill = pal.panel if tile.playable else pal.disabled
        style.panel(surface, r, pal, round(16 * s), fill=fill, border=border, shadow=round((6 + 6 * lift) * s))
        art_rect = tile.art_rect.move(0, r.y - tile.rect.y)
        clip = surface.get_clip()
        surface.set_clip(art_rect)
        drawn = art.blit_svg(surface, tile.entry.cover, art_rect)
        if not drawn:
            self._placeholder_cover(surface, art_rect, tile)
        surface.set_clip(clip)
        if not tile.playable:
            veil = pygame.Surface(art_rect.size, pygame.SRCALPHA)
            veil.fill((11, 29, 51, 150))
            surface.blit(veil, art_rect)
        # name, wrapped to two lines at most
        name, _sep, sub = tile.entry.name.partition(":")
        y = art_rect.bottom + round(10 * s)
        colour = pal.text if tile.playable else pal.disabled_text
        for line in fonts.wrap(name, r.w - round(20 * s), "body", True)[:2]:
            img = fonts.render(line, "body", colour, True)
            surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
            y += img.get_height()
        if sub.strip() and self.subtitles:
            for line in fonts.wrap(sub.strip(), r.w - round(20 * s), "small")[:2]:
                img = fonts.render(line, "small", pal.text_dim if tile.playable else pal.disabled_text)
                surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
                y += img.get_height()
        if tile.playable:
            facts = facts_line(registry.get(tile.entry.id).info)
            y += round(2 * s)
            lines = [facts] if fonts.font("small").size(facts)[0] <= r.w - round(16 * s) else facts.split(" · ")
            for line in lines:
                img = fonts.render(line, "small", pal.text_dim)
                surface.blit(img, img.get_rect(midtop=(r.centerx, y)))
                y += img.get_height()
        if not tile.playable:
            badge_text = fonts.render(_("Coming soon"), "small", pal.text_dark, True)
            icon = badge_text.get_height()
            badge = pygame.Rect(
                0, 0, badge_text.get_width() + icon + round(24 * s), badge_text.get_height() + round(8 * s)
            )
            badge.center = art_rect.center
            pygame.draw.rect(surface, pal.violet, badge, border_radius=badge.h // 2)
            lock = pygame.Rect(badge.x + round(9 * s), 0, icon, icon)
            lock.centery = badge.centery
            art.blit_svg(surface, "art/ui/lock.svg", lock)
            surface.blit(badge_text, badge_text.get_rect(midleft=(lock.right + round(4 * s), badge.centery)))
        else:
            rise = r.y - tile.rect.y
            play = fonts.render(_("Play"), "small", pal.text_dark, True)
            badge = tile.play_rect.move(0, rise)
            pygame.draw.rect(surface, pal.green, badge, border_radius=badge.h // 2)
            surface.blit(play, play.get_rect(center=badge.center))
            rules = fonts.render(_("Rules"), "small", pal.text, True)
            badge = tile.rules_rect.move(0, rise)
            fill = pal.violet if self.rules_hovered == index else pal.night_2
            pygame.draw.rect(surface, fill, badge, border_radius=badge.h // 2)
            pygame.draw.rect(surface, pal.violet, badge, max(1, round(2 * s)), border_radius=badge.h // 2)
            surface.blit(rules, rules.get_rect(center=badge.center))

    def _placeholder_cover(self, surface: pygame.Surface, rect: pygame.Rect, tile: Tile) -> None:
        """Until the cover art lands: a night-sky card with the game's initial."""
        pal, s = self.pal, self.s
        bg = style.background(rect.size, pal, aurora=True)
        surface.blit(bg, rect)
        pygame.draw.rect(surface, pal.line, rect, max(1, round(2 * s)), border_radius=round(10 * s))
        initial = tile.entry.name[0]
        style.blit_text(surface, self.fonts, initial, rect.center, "h1", pal.ice, True, "center")
