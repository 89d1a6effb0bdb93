"""Long games: a 100,000-action Borealis save (the record's cap, MAX_ACTIONS) is legal, because the
rules let humans pass with empty Regroups (and toggle marks) for ever. It loads, within the size cap;
the menu reads it off the main thread with a progress line, frames keep coming, and the menu does
not read it again when nothing changed. Loading it in under a second needs snapshots in the save
(not built: it replays in 5 to 8 s, measured by hand)."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.borealis import RULES  # noqa: E402
from game.borealis.state import Confirm, Keep, Regroup  # noqa: E402
from game.core.record import MAX_ACTIONS, Record  # noqa: E402
from scenes.storage import saves  # noqa: E402
from scenes.storage.saves import SavedGame, Seat  # noqa: E402
from tests.scenes.conftest import app  # noqa: E402, F401 - the headless app fixture


def long_save(actions: int) -> bytes:
    """A legal Borealis save of exactly ``actions`` actions: redraws kept, then empty Regroups (each a
    Regroup and a Confirm with nothing marked and empty camps: the turn passes)."""
    options = RULES.default_options(2)
    state = RULES.new_game(options, 1)
    played = []
    while state.phase == "mulligan":
        played.append(Keep())
        state = RULES.apply(state, played[-1])
    while len(played) < actions:
        played += [Regroup(), Confirm()]
    record = Record("borealis", RULES.version, options, 1, [a.to_json() for a in played[:actions]])
    return SavedGame(record, [Seat("Ana", 0, "human"), Seat("Bo", 1, "human")]).dumps().encode("utf-8")


@pytest.fixture(scope="module")
def longest() -> bytes:
    return long_save(MAX_ACTIONS)


def test_the_longest_save_is_within_the_size_cap_and_loads(longest: bytes) -> None:
    assert len(longest) < saves.MAX_BYTES // 4
    loaded = saves.loads(longest)
    assert len(loaded.record.actions) == MAX_ACTIONS


def test_the_menu_reads_a_long_autosave_off_the_main_thread(app, longest: bytes, monkeypatch) -> None:  # noqa: F811
    from scenes import persist
    from scenes.menu import MenuScene

    path = saves.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(longest)
    reads = []
    real = persist.load_autosave
    monkeypatch.setattr(persist, "load_autosave", lambda: reads.append(1) or real())
    menu = app.push(MenuScene(app))
    assert menu.reading() and "Continue" not in menu.menu_buttons  # it did not wait for the replay
    frames = 0
    shown = []
    real_render = app.fonts.render
    monkeypatch.setattr(app.fonts, "render", lambda text, *a, **k: shown.append(text) or real_render(text, *a, **k))
    while menu.reading():
        app.update()
        app.draw()
        frames += 1
        time.sleep(0.02)
    app.update()
    assert frames > 1, "frames stopped while the save was read"
    assert any(t.startswith("Reading your last game") for t in shown)
    assert "Continue" in menu.menu_buttons and menu.saved is not None
    assert len(reads) == 1
    menu.cover()
    menu.uncover()  # back from Settings or Players: the autosave did not change
    assert len(reads) == 1 and not menu.reading()
