"""Settings: language (switches at once), palette, UI scale, full screen, bot speed, sound, volume."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui.elements import UIHorizontalSlider

from game.core.i18n import LANGUAGES, _
from scenes.kit import style
from scenes.kit.placed import ScrollView
from scenes.kit.scroll import Scroller
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.shell.scene import Scene

UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5)


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.volume_slider: UIHorizontalSlider | None = None
        self.rows: list[tuple[int, str]] = []
        """The middle height and the label of each row shown."""
        self.list = Scroller(self.relayout)
        self.pitch = 1
        self.cue_h = 0
        """The rows' place when they are taller than the window."""

    def set_language(self, language: str) -> None:
        self.app.set_language(language)
        persist.save_settings(self.app.settings)

    def set_palette(self, name: str) -> None:
        self.app.settings.palette = name
        self.app.apply_look()
        persist.save_settings(self.app.settings)

    def set_ui_scale(self, scale: float) -> None:
        self.app.settings.ui_scale = scale
        self.app.apply_look()
        persist.save_settings(self.app.settings)

    def set_volume(self, volume: float) -> None:
        self.app.settings.volume = max(0.0, min(1.0, volume))

    def set_bot_speed(self, speed: object) -> None:
        self.app.settings.bot_speed = str(speed)
        persist.save_settings(self.app.settings)
        self.relayout()

    def set_confirm_turn(self, on: object) -> None:
        self.app.settings.confirm_turn = bool(on)
        persist.save_settings(self.app.settings)
        self.relayout()

    def set_sound(self, on: object) -> None:
        if bool(on) == self.app.settings.muted:
            self.app.toggle_mute()
        self.relayout()

    def back(self) -> None:
        persist.save_settings(self.app.settings)
        self.app.pop()

    def choices(self) -> list[tuple[str, list[tuple[str, object, bool]], Callable[[object], None]]]:
        """Each row of buttons: its label, its options (words, value, chosen) and what a press does."""
        settings = self.app.settings
        return [
            (_("Language"), [(name, code, settings.language == code) for code, name in LANGUAGES.items()],
             self.set_language),
            (_("Colours"), [(_(label), key, settings.palette == key) for key, label in style.PALETTES.items()],
             self.set_palette),
            (_("Text size"), [(f"{round(v * 100)}%", v, abs(settings.ui_scale - v) < 1e-3) for v in UI_SCALES],
             self.set_ui_scale),
            (_("Screen"), [(_("Window"), False, not self.app.fullscreen),
                           (_("Full screen (F11)"), True, self.app.fullscreen)], self._set_fullscreen),
            (_("Bot speed"), [(_("Slow"), "slow", settings.bot_speed == "slow"),
                              (_("Normal"), "normal", settings.bot_speed == "normal"),
                              (_("Fast"), "fast", settings.bot_speed == "fast")], self.set_bot_speed),
            (_("End of turn"), [(_("Pass the screen at once"), False, not settings.confirm_turn),
                                (_("Wait for me to confirm"), True, settings.confirm_turn)], self.set_confirm_turn),
            (_("Sound"), [(_("On"), True, not settings.muted), (_("Off (M)"), False, settings.muted)],
             self.set_sound),
        ]

    def layout(self, size: tuple[int, int]) -> None:
        """The rows in a panel under the title; when they are taller than the window, the panel
        shows those that fit whole and scrolls (the wheel, the keys, its bar)."""
        w, h = size
        s = self.s
        settings = self.app.settings
        self.button(rect(round(40 * s), round(24 * s), 130 * s, 44 * s), _("Back"), self.back)
        pw = min(w - round(80 * s), round(760 * s))
        top = round(28 * s) + self.fonts.font("h2", True).get_linesize() + round(30 * s)
        pad = round(24 * s)
        label_w = round(200 * s)
        x = (w - pw) // 2 + pad + label_w
        cw = pw - pad * 2 - label_w
        bh = round(46 * s)
        self.pitch = pitch = bh + round(22 * s)
        choices = self.choices()
        count = len(choices) + 1  # and the volume
        content = count * pitch - round(22 * s) + self.fonts.font("small").get_linesize() // 2
        room = h - top - round(24 * s) - pad * 2
        view_h, self.cue_h = content, 0
        if content > room:  # whole rows, and a line under them saying that more are there
            self.cue_h = self.fonts.font("small").get_linesize() + round(6 * s)
            view_h = max(1, (room - self.cue_h + round(22 * s)) // pitch) * pitch - round(22 * s)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, view_h + self.cue_h + pad * 2)
        self.list.set(pygame.Rect(self.panel_rect.x, top + pad, pw, view_h), content,
                      [k * pitch for k in range(count)])
        self.rows = []
        self.volume_slider = None
        gap = round(10 * s)
        for k, (label, options, callback) in enumerate(choices):
            if not self.list.shows(k * pitch, bh):
                continue
            y = self.list.on_screen(k * pitch)
            self.rows.append((y + bh // 2, label))
            bw = (cw - gap * (len(options) - 1)) // len(options)
            for i, (text, value, on) in enumerate(options):
                self.button(rect(x + i * (bw + gap), y, bw, bh), text, lambda v=value, f=callback: f(v),
                            "toggle_on" if on else None)
        if self.list.shows(len(choices) * pitch, content - len(choices) * pitch):
            y = self.list.on_screen(len(choices) * pitch)
            self.rows.append((y + bh // 2, _("Volume")))
            self.volume_slider = UIHorizontalSlider(
                rect(x, y, cw, bh), settings.volume * 100, (0, 100), self.manager, click_increment=5
            )

    def scrolls(self) -> list[ScrollView]:
        return [self.list.state()]

    def _set_fullscreen(self, on: object) -> None:
        if bool(on) != self.app.fullscreen:
            self.app.toggle_fullscreen()
            self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
        else:
            self.list.handle(event, self.app.to_view(pygame.mouse.get_pos()), self.pitch, self.s)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.volume_slider is not None:
            volume = self.volume_slider.get_current_value() / 100
            if abs(volume - self.app.settings.volume) > 1e-6:
                self.set_volume(volume)

    def static_key(self) -> tuple:
        return (round(self.app.settings.volume, 2),)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.s
        self.title(surface, _("Settings"))
        style.panel(surface, self.panel_rect, self.pal, round(18 * s), alpha=225, border=self.pal.line)
        for cy, label in self.rows:
            style.blit_text(
                surface,
                self.fonts,
                label,
                (self.panel_rect.x + round(24 * s), cy),
                "body",
                self.pal.text,
                True,
                "midleft",
            )
        self.list.draw_bar(surface, (self.pal.panel_hi, self.pal.violet), s)
        self.list.draw_cue(surface, self.fonts, self.pal.green, (self.panel_rect.centerx,
                                                                  self.list.view.bottom + self.cue_h))
        vol = f"{round(self.app.settings.volume * 100)}%"
        if self.volume_slider is not None:
            cy = self.rows[-1][0]
            style.blit_text(
                surface,
                self.fonts,
                vol,
                (self.panel_rect.x + round(24 * s), cy + round(22 * s)),
                "small",
                self.pal.text_dim,
                False,
                "midleft",
            )
