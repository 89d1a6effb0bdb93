"""Iluliaq's top bar at every text size Settings offers, at 1280x720 and 1920x1080, in English and
Italian: the game's name, the player's token and the prompt never run into each other, and nothing
is written under the bar's buttons (Hint, Menu). Read from the bar's own picture: the columns where
light text is drawn, and where the token's colour starts."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.i18n import set_language  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.kit import style  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.shell.settings_menu import UI_SCALES  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    yield
    set_language("en")


def bar_picture(size, scale, language, human_first: bool) -> tuple[IluliaqTable, pygame.Surface]:
    set_language(language)
    app = App(size, headless=True, settings=Settings(ui_scale=scale, language=language))
    kinds = (HUMAN, BOT) if human_first else (BOT, HUMAN)
    match = Match.start("iluliaq", [SeatConfig(n, i, kinds[i], "easy") for i, n in enumerate(("Ana", "Bruno"))],
                        seed=3)
    table = IluliaqTable(app, match)
    table.bots_play = False
    app.push(table)
    app.draw()
    app.bots.shutdown()
    return table, table._bar_pic[1]


def ink_columns(picture: pygame.Surface) -> list[bool]:
    """For each column of the bar, whether light text is drawn there (above the aurora rule)."""
    w, h = picture.get_size()
    out = []
    for x in range(w):
        out.append(any(min(picture.get_at((x, y))[:3]) > 190 for y in range(h // 6, h * 5 // 6)))
    return out


def token_left(picture: pygame.Surface, colour: pygame.Color) -> int:
    w, h = picture.get_size()
    for x in range(w):
        for y in range(h // 6, h * 5 // 6):
            c = picture.get_at((x, y))
            if all(abs(c[i] - colour[i]) < 12 for i in range(3)):
                return x
    raise AssertionError("no token drawn in the bar")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_name_the_token_and_the_prompt_never_overlap(size, scale):
    for language in ("en", "it"):
        for human_first in (True, False):  # the human's prompt (Hint shown), the bot's waiting sentence
            table, picture = bar_picture(size, scale, language, human_first)
            ink = ink_columns(picture)
            seat = table.bar_seat()
            token = token_left(picture, pygame.Color(style.player_colour(table.match.seats[seat].colour).colour))
            outline = round(4 * table.s)  # the token's light rim
            clear = max(4, round(6 * table.s))
            where = f"{size} at {round(scale * 100)}% in {language}"
            assert any(ink[:token - outline]), f"no name drawn before the token, {where}"
            assert not any(ink[token - outline - clear:token - outline]), f"the name runs into the token, {where}"
            right = min((b.rect.left for b in table.buttons() if b.visible and b.rect.top < table.top_bar.bottom),
                        default=picture.get_width())
            assert right < picture.get_width(), "no button in the bar"
            assert not any(ink[right - 2:]), f"the prompt runs under the bar's buttons, {where}"
