"""Text from files and from the keyboard is safe to store and to draw: names with control,
zero-width, bidirectional or surrogate characters are cleaned (or refused when nothing is left) at
the setup screen and in the save loader, and drawing never raises on any string."""

from __future__ import annotations

import json
import os

import pytest

from game.core.errors import SaveError
from scenes.storage import saves
from scenes.storage.saves import Seat
from tests.storage.helpers import play_saved

HOSTILE = {
    "NUL inside": ("A\x00na", "Ana"),
    "control characters": ("\x07B\x1bo\x7f", "Bo"),
    "zero-width characters": ("C\u200bl\u200ce\u200do\ufeff", "Cleo"),
    "bidirectional marks": ("\u202eDan\u202c\u200f", "Dan"),
    "a lone surrogate": ("E\ud800li", "Eli"),
    "tabs and newlines": ("Fay\t\nLou", "Fay Lou"),
    "surrounding spaces": ("   Gus  ", "Gus"),
    "decomposed accents": ("Zoe\u0308", "Zoë"),
}
EMPTY = ("", "   ", "\u200b\u200b", "\x00\x00", "\u202e", "\ud800", "\t\n")


@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_the_loader_cleans_a_hostile_name(label: str) -> None:
    raw, clean = HOSTILE[label]
    assert Seat.from_json({"name": raw, "colour": 0, "kind": "human", "level": "normal"}, 1).name == clean


@pytest.mark.parametrize("raw", EMPTY)
def test_the_loader_refuses_a_name_with_nothing_usable(raw: str) -> None:
    with pytest.raises(SaveError, match="no usable name"):
        Seat.from_json({"name": raw, "colour": 0, "kind": "human", "level": "normal"}, 1)


def test_a_save_file_with_hostile_names_loads_them_clean(toy) -> None:
    saved, _states = play_saved(toy, actions=3)
    data = saved.to_json()
    data["seats"][0]["name"] = "\u202eA\x00na\ud800"
    data["record"]["options"]["names"][0] = "\u202eA\x00na\ud800"
    raw = json.dumps(data).encode("utf-8")  # the lone surrogate travels as the escape \ud800
    loaded = saves.loads(raw)
    assert loaded.seats[0].name == "Ana"
    assert loaded.record.options.names[0] == "Ana"


def test_unknown_keys_in_a_save_are_refused(toy) -> None:
    saved, _states = play_saved(toy, actions=3)
    data = saved.to_json()
    data["seats"][0]["script"] = "x"
    with pytest.raises(SaveError, match="script"):
        saves.loads(json.dumps(data).encode())
    data = saved.to_json()
    data["extra"] = [1]
    with pytest.raises(SaveError, match="extra"):
        saves.loads(json.dumps(data).encode())


def _setup_scene():
    from scenes.session.match import HUMAN, SeatConfig
    from scenes.shell.setup import SetupScene

    scene = SetupScene.__new__(SetupScene)  # set_name needs only the seats
    scene.seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, HUMAN)]
    return scene


@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_the_setup_screen_cleans_a_typed_name(label: str) -> None:
    raw, clean = HOSTILE[label]
    scene = _setup_scene()
    scene.set_name(1, raw)
    assert scene.seats[1].name == clean


@pytest.mark.parametrize("raw", EMPTY)
def test_the_setup_screen_gives_a_name_with_nothing_usable_the_default(raw: str) -> None:
    scene = _setup_scene()
    scene.set_name(1, raw)
    assert scene.seats[1].name == "Bo"


UNDRAWABLE = ["\x00", "a\x00b", "\ud800", "x\udfffy", "\u202e\u200b", "", " ", "\n\n", "\t", "é" * 50_000,
              "\U0001F600", "\uffff", "\U0010FFFF", "a\r\nb"]


def test_drawing_never_raises_on_any_string() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from scenes.kit.style import Fonts

    pygame.font.init()
    fonts = Fonts()
    for text in UNDRAWABLE:
        for bold in (False, True):
            surface = fonts.render(text, "body", "#F3F7FA", bold)
            assert surface.get_width() <= 200_000
            fonts.wrap(text, 300)
            fonts.fit(text, 300)
