"""The sound effects: made by build/sounds.py (the files are what it makes), small and short, played
through the mixer as things land, silent when muted or with no audio device, and the M key."""

from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.kit import sound as kit_sound  # noqa: E402
from scenes.kit.sound import NAMES, SOUNDS_DIR, Sounds  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def test_the_files_are_what_the_script_makes_and_are_small():
    done = subprocess.run([sys.executable, str(ROOT / "build" / "sounds.py"), "--check"], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    for name in NAMES:
        path = SOUNDS_DIR / f"{name}.wav"
        assert path.stat().st_size < 64 * 1024
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            assert 0.02 <= w.getnframes() / w.getframerate() <= 1.5


class Counted:
    """Every sound the mixer was asked to play (the app's sounds are made through pygame.mixer.Sound)."""

    def __init__(self, monkeypatch):
        self.names: list[pygame.mixer.Sound] = []
        counted = self

        class CountedSound(pygame.mixer.Sound):
            def play(self, *a, **k):
                counted.names.append(self)
                return super().play(*a, **k)

        monkeypatch.setattr(pygame.mixer, "Sound", CountedSound)


def test_a_sound_plays_at_the_settings_volume_and_a_muted_app_plays_nothing(monkeypatch):
    counted = Counted(monkeypatch)
    settings = Settings(volume=0.5)
    sounds = Sounds(settings)
    assert sounds.play("token", now=1.0)
    assert sounds.working and len(counted.names) == 1
    assert counted.names[0].get_volume() == pytest.approx(0.5, abs=0.01)
    assert not sounds.play("token", now=1.01)  # the same sound again at once: once is enough
    settings.muted = True
    assert not sounds.play("card_placed", now=2.0)
    settings.muted, settings.volume = False, 0.0
    assert not sounds.play("card_placed", now=3.0)
    assert len(counted.names) == 1 and sounds.played == ["token"]
    sounds.close()


def test_with_no_audio_device_the_app_stays_silent_and_goes_on(monkeypatch):
    def no_device(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(kit_sound.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(kit_sound.pygame.mixer, "init", no_device)
    sounds = Sounds(Settings())
    assert not sounds.play("win", now=1.0)
    assert sounds.working is False
    assert not sounds.play("button", now=2.0)  # never tried again
    assert sounds.played == []


class Clock:
    """time.perf_counter while a test runs: the test moves it, a frame at a time, instead of sleeping."""

    def __init__(self, monkeypatch) -> None:
        import time

        self.now = time.perf_counter()
        monkeypatch.setattr(time, "perf_counter", lambda: self.now)

    def frame(self, app, seconds: float = 1 / 30) -> None:
        self.now += seconds
        app.update()
        app.draw()


def test_things_sound_as_they_land_at_the_table(monkeypatch):
    from game.core.bots import decide
    from tests.scenes.test_borealis_table import bot_table

    clock = Clock(monkeypatch)
    app, table = bot_table(players=3)
    counted = Counted(monkeypatch)
    match = table.match
    for step in range(10):
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
        assert table.animator.cues or not table.seen_events()
        for _frame in range(60):  # two seconds of the table's time: every move has landed
            if not table.animating():
                break
            clock.frame(app)
        assert not table.animator.cues, "a sound still waits after its move landed"
    assert {"card_placed", "card_drawn"} <= set(app.sounds.played)
    assert len(counted.names) == len(app.sounds.played)
    heard = len(counted.names)
    app.settings.muted = True  # the same table, muted: moves go on, nothing sounds
    for step in range(10, 16):
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
        for _frame in range(30):
            clock.frame(app)
        assert not table.animator.cues
    assert len(counted.names) == heard
    app.sounds.close()


def test_the_m_key_mutes_and_unmutes_but_not_while_typing_a_name(monkeypatch, tmp_path):
    from scenes.shell.app import App
    from scenes.shell.setup import SetupScene

    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    app = App((1280, 720), headless=True, settings=Settings())
    m = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)
    app.handle(m)
    assert app.settings.muted and any("Sound off" in t for t in app.toasts.texts())
    app.handle(m)
    assert not app.settings.muted
    setup = app.push(SetupScene(app, "borealis"))
    app.draw()
    entry = setup.entries[0]
    entry.focus()
    setup.manager.set_focus_set(entry)
    assert app.typing()
    app.handle(m)
    assert not app.settings.muted  # an "m" typed in a name is a letter
    app.bots.shutdown()
