"""Sound effects (assets/sounds/, made by build/sounds.py) played through pygame's mixer.

The mixer starts on the first sound, not at start-up. With no audio device (or no mixer) the app
stays silent and goes on: a failure to start is remembered and never retried. The volume and mute
are the settings' (``volume``, ``muted``), read at each sound."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.core.paths import asset

SOUNDS_DIR = asset("sounds")
NAMES = ("card_placed", "card_drawn", "splash", "flag_step", "token", "objective", "win", "button", "ice_drift", "bear")
SAME_SOUND_APART = 0.05
"""Seconds within which the same sound is not started again (four cards of a refresh, one swish)."""


class Sounds:
    def __init__(self, settings: Any) -> None:
        self.settings = settings
        self.working: bool | None = None
        """None until the mixer is first needed; then whether it started."""
        self._loaded: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}
        self.played: list[str] = []
        """The names of the sounds started (the last 50), for tests and the automation trace."""

    def audible(self) -> bool:
        return not getattr(self.settings, "muted", False) and getattr(self.settings, "volume", 0.0) > 0.0

    def _start(self) -> bool:
        if self.working is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
                pygame.mixer.set_num_channels(12)
                self.working = True
            except (pygame.error, RuntimeError, OSError):
                self.working = False  # no device (or no mixer in this pygame): silent from now on
        return self.working

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._loaded:
            try:
                self._loaded[name] = pygame.mixer.Sound(str(SOUNDS_DIR / f"{name}.wav"))
            except (pygame.error, FileNotFoundError, OSError):
                self._loaded[name] = None  # a missing file: that sound stays silent
        return self._loaded[name]

    def play(self, name: str, now: float | None = None) -> bool:
        """Start sound ``name`` at the settings' volume; whether it was started."""
        if not self.audible():
            return False
        now = time.perf_counter() if now is None else now
        if now - self._last.get(name, -1.0) < SAME_SOUND_APART:
            return False
        if not self._start():
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        sound.set_volume(max(0.0, min(1.0, float(self.settings.volume))))
        try:
            sound.play()
        except pygame.error:
            return False
        self._last[name] = now
        self.played = [*self.played[-49:], name]
        return True

    def close(self) -> None:
        if self.working:
            pygame.mixer.quit()
        self.working = None
        self._loaded.clear()
