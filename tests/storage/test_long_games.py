"""Long games. Borealis cannot go on for ever (POSITION.md, "Length of a game"): a save of
100,000 empty Regroups, legal before that rule, is now refused at the action after the game
ended. The longest game we know how to build (``game/borealis/longest.py``: 4 players who change their
marks as often as a choice allows, pass whenever they may and observe one animal every fifth round)
is about 20,000 actions: it is well within the size cap and loads (``polar-table bench`` times
it; no timed assertion here). The menu reads a
long save off the main thread with a progress line, frames keep coming, and it does not read it
again when nothing changed."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.borealis.data import proposed  # noqa: E402
from game.borealis.rules import RULES  # noqa: E402
from game.borealis.state import Confirm, Keep, Regroup  # noqa: E402
from game.core.contract import Action  # noqa: E402
from game.core.errors import SaveError  # noqa: E402
from game.core.record import MAX_ACTIONS, Record  # noqa: E402
from scenes.storage import saves  # noqa: E402
from scenes.storage.saves import SavedGame, Seat  # noqa: E402
from tests.scenes.conftest import app  # noqa: E402, F401 - the headless app fixture


def save_of(players: int, seed: int, actions: list[Action]) -> bytes:
    options = RULES.default_options(players)
    record = Record("borealis", RULES.version, options, seed, [a.to_json() for a in actions])
    seats = [Seat(name, i, "human") for i, name in enumerate(("Ana", "Bo", "Cy", "Di")[:players])]
    return SavedGame(record, seats).dumps().encode("utf-8")


def endless_save(actions: int) -> bytes:
    """Two players who keep their hands, then pass with empty Regroups, ``actions`` actions in all."""
    played: list[Action] = [Keep(), Keep()]
    while len(played) < actions:
        played += [Regroup(), Confirm()]
    return save_of(2, 1, played[:actions])


@pytest.fixture(scope="module")
def longest() -> list[Action]:
    options, seed, actions = RULES.longest_game(4)
    assert (options, seed) == (RULES.default_options(4), 7)
    return actions


def test_a_save_that_passes_for_ever_is_refused_where_the_game_ended() -> None:
    with pytest.raises(SaveError, match="Action 23 of the record is not legal: The game is over"):
        saves.loads(endless_save(MAX_ACTIONS))


def test_the_longest_game_is_within_the_caps_and_loads(longest: list[Action]) -> None:
    assert 15_000 < len(longest) < MAX_ACTIONS // 4
    raw = save_of(4, 7, longest)
    assert len(raw) < saves.MAX_BYTES // 8  # the size cap leaves it room eight times over
    history = saves.loads(raw).replayed()
    assert RULES.is_over(history.state) and len(history.actions) == len(longest)
    # a replay keeps only the states an undo can reach: those of the last seat's turn
    assert len(history.states) <= proposed("mark_changes_per_choice") + 4


def test_the_menu_reads_a_long_save_off_the_main_thread(app, longest, monkeypatch) -> None:  # noqa: F811
    from scenes.session import games
    from scenes.shell.menu import MenuScene
    from scenes.storage import in_progress

    games.forget_cache()
    path = in_progress.path_of("borealis-long.json")
    path.write_bytes(save_of(4, 7, longest[:-40]))  # the game still going on
    reads = []
    real = games.listing
    monkeypatch.setattr(games, "listing", lambda: reads.append(1) or real())
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
    assert any(t.startswith("Reading your games in progress") for t in shown)
    assert "Continue" in menu.menu_buttons and menu.saved is not None
    assert len(reads) == 1
    menu.cover()
    menu.uncover()  # back from Settings or Players: the saves did not change
    assert len(reads) == 1 and not menu.reading()
