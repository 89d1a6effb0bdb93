"""Settings: language (switches at once), palette, UI scale, full screen, bot speed, sound, volume."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIHorizontalSlider

from game.core.i18n import LANGUAGES, _
from scenes.kit import style
from scenes.kit.theme import rect
from scenes.session import persist
from scenes.shell.scene import Scene

UI_SCALES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5)


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.volume_slider: UIHorizontalSlider | None = None
        self.rows: list[tuple[int, str]] = []

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

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        settings = self.app.settings
        self.button(rect(round(40 * s), round(24 * s), 130 * s, 44 * s), _("Back"), self.back)
        pw = min(w - round(80 * s), round(760 * s))
        top = round(130 * s)
        self.panel_rect = pygame.Rect((w - pw) // 2, top, pw, 0)
        pad = round(24 * s)
        label_w = round(200 * s)
        x = self.panel_rect.x + pad + label_w
        cw = pw - pad * 2 - label_w
        bh = round(46 * s)
        gap = round(10 * s)
        y = top + pad
        self.rows = []

        def choice_row(label: str, options: list[tuple[str, object, bool]], callback) -> None:
            nonlocal y
            self.rows.append((y + bh // 2, label))
            bw = (cw - gap * (len(options) - 1)) // len(options)
            for i, (text, value, on) in enumerate(options):
                self.button(
                    rect(x + i * (bw + gap), y, bw, bh), text, lambda v=value: callback(v), "toggle_on" if on else None
                )
            y += bh + round(22 * s)

        choice_row(
            _("Language"),
            [(name, code, settings.language == code) for code, name in LANGUAGES.items()],
            self.set_language,
        )
        choice_row(
            _("Colours"),
            [(_(label), key, settings.palette == key) for key, label in style.PALETTES.items()],
            self.set_palette,
        )
        choice_row(
            _("Text size"),
            [(f"{round(v * 100)}%", v, abs(settings.ui_scale - v) < 1e-3) for v in UI_SCALES],
            self.set_ui_scale,
        )
        choice_row(
            _("Screen"),
            [(_("Window"), False, not self.app.fullscreen), (_("Full screen (F11)"), True, self.app.fullscreen)],
            self._set_fullscreen,
        )
        choice_row(
            _("Bot speed"),
            [(_("Slow"), "slow", settings.bot_speed == "slow"), (_("Normal"), "normal", settings.bot_speed == "normal"),
             (_("Fast"), "fast", settings.bot_speed == "fast")],
            self.set_bot_speed,
        )
        choice_row(
            _("End of turn"),
            [(_("Pass the screen at once"), False, not settings.confirm_turn),
             (_("Wait for me to confirm"), True, settings.confirm_turn)],
            self.set_confirm_turn,
        )
        choice_row(
            _("Sound"),
            [(_("On"), True, not settings.muted), (_("Off (M)"), False, settings.muted)],
            self.set_sound,
        )
        self.rows.append((y + bh // 2, _("Volume")))
        self.volume_slider = UIHorizontalSlider(
            rect(x, y, cw, bh), settings.volume * 100, (0, 100), self.manager, click_increment=5
        )
        y += bh + pad
        self.panel_rect.h = y - top

    def _set_fullscreen(self, on: object) -> None:
        if bool(on) != self.app.fullscreen:
            self.app.toggle_fullscreen()
            self.relayout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

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
        vol = f"{round(self.app.settings.volume * 100)}%"
        if self.rows:
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
