"""Continue: the games in progress, each in its own save. A new game, or a position opened, never
replaces one; the list shows them newest first with the game, its players, its moves and when it was
last played, scrolls when it is long, fits at every text size, and deletes one after a confirmation.
The autosave of an older version is kept and listed; one written by an older release (Borealis record
version 1) resumes and is saved in the current version."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.bots import decide  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from scenes.session import games, persist  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.continue_list import ContinueScene, DeleteScene, when_played  # noqa: E402
from scenes.shell.menu import MenuScene  # noqa: E402
from scenes.shell.table import TableScene  # noqa: E402
from scenes.storage import in_progress  # noqa: E402
from tests.scenes.helpers import click, click_button, key  # noqa: E402

OLD = Path(__file__).resolve().parents[1] / "core" / "saves" / "borealis-v1-2p.json"
POSITION = Path(__file__).resolve().parents[1] / "borealis" / "positions" / "ootah_three_turns.json"
TEXT_SIZES = (0.8, 0.9, 1.0, 1.15, 1.3, 1.5)


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """The real Borealis rules (the shell's fixture would swap in a toy game), in English."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    persist.STATUS.reset()
    games.forget_cache()
    yield
    persist.STATUS.reset()
    games.forget_cache()


def started(names: list[str], moves: int, seed: int = 3, game: str = "borealis") -> Match:
    """A game begun as setup begins one (saved at once), ``moves`` bot moves in."""
    seats = [SeatConfig(name, i, HUMAN if i == 0 else BOT, "easy") for i, name in enumerate(names)]
    match = Match.start(game, seats, seed=seed, on_action=persist.autosave)
    persist.autosave(match)
    for _ in range(moves):
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    return match


def played_at(match: Match, seconds_ago: float) -> None:
    stamp = time.time() - seconds_ago
    os.utime(in_progress.path_of(match.save_name), (stamp, stamp))


def drawn(app, monkeypatch) -> list[tuple[str, int]]:
    """(words, px) of everything the next frame draws through the house fonts."""
    seen: list[tuple[str, int]] = []
    real = app.fonts.render

    def spy(text, step="body", *args, **kw):
        seen.append((text, app.fonts.px(step)))
        return real(text, step, *args, **kw)

    monkeypatch.setattr(app.fonts, "render", spy)
    app.invalidate()
    app.dirty = True
    app.update()
    app.draw()
    monkeypatch.setattr(app.fonts, "render", real)
    return seen


def resume_from_list(app, index: int = 0) -> TableScene:
    listing = app.top
    assert isinstance(listing, ContinueScene)
    click(app, listing.rows[index].box.move(0, -listing.scroll).midleft)
    table = app.top
    while not isinstance(table, TableScene):
        table.ready()  # the hand-over screen
        table = app.top
    return table


def test_continue_from_a_version_1_autosave_saves_version_2(app):
    old = json.loads(OLD.read_text())
    assert old["record"]["version"] == 1
    shutil.copy(OLD, in_progress.legacy_path())  # what an older Polar Table left
    menu = app.push(MenuScene(app))
    assert "Continue" in menu.menu_buttons
    kept = in_progress.folder() / "autosave.json"
    assert kept.read_bytes() == OLD.read_bytes() and not in_progress.legacy_path().exists(), "moved in, unread"
    click_button(app, menu.menu_buttons["Continue"])
    table = resume_from_list(app)
    match = table.match
    assert match.history.record.version == 2
    assert len(match.log) >= len(match.history.actions) > len(old["record"]["actions"])  # small choices now
    app.draw()
    table.bots_play = False
    seat = match.to_act
    action = match.legal_actions()[0]
    assert table.submit(action, by_bot=match.is_bot(seat))
    again = json.loads(kept.read_text())
    assert again["record"]["version"] == 2
    assert again["record"]["actions"][-1] == action.to_json()
    (listed,) = games.listing()
    assert listed.saved.history().state == match.state


def test_a_new_game_or_a_position_never_replaces_a_game_in_progress(app):
    from scenes.shell.opening import open_position as _open_position

    long_one = started(["Ana", "Bo"], 30, seed=3)
    played_at(long_one, 3600)
    menu = app.push(MenuScene(app))
    second = started(["Cleo", "Dan", "Eva"], 4, seed=5)  # a new game from the setup
    assert _open_position(app, str(POSITION))  # polar-table open POSITION.json
    opened = next(s.match for s in app.stack if isinstance(s, TableScene))
    app.back_to_menu()
    listed = games.listing()
    assert {g.name for g in listed} == {long_one.save_name, second.save_name, opened.save_name}
    assert len({long_one.save_name, second.save_name, opened.save_name}) == 3
    first = next(g for g in listed if g.name == long_one.save_name)
    assert first.moves == 30 and first.names == ["Ana", "Bo"], "the 30-move game was lost"
    assert listed[-1].name == long_one.save_name, "newest first: the game played an hour ago comes last"
    menu.uncover()
    assert menu.continue_lines[0] == "3 games in progress"
    button = menu.menu_buttons["Continue"]
    assert menu.tooltip_at(button.rect.center) == "Choose one of your games in progress to go on with, or delete one"


def test_the_list_says_game_players_moves_and_when_newest_first(app, monkeypatch):
    older = started(["Ana", "Bo"], 12, seed=3)
    played_at(older, 86400 * 3)
    newer = started(["Cleo", "Robo Fox"], 2, seed=4)
    app.push(MenuScene(app))
    listing = app.push(ContinueScene(app))
    assert [g.name for g in listing.games] == [newer.save_name, older.save_name]
    words = [text for text, _px in drawn(app, monkeypatch)]
    assert "Borealis: Arctic Expeditions" in words
    assert {"Cleo", "Robo Fox (bot)", "Ana", "Bo (bot)"} <= set(words)
    today = next(w for w in words if w.startswith("2 moves · today "))
    assert len(today) == len("2 moves · today 14:02")
    assert any(w.startswith("12 moves · 20") for w in words), words  # a date three days ago
    assert set(listing.click_targets()) == {"game:0", "resume:0", "delete:0", "game:1", "resume:1", "delete:1"}


def test_when_played_reads_as_a_family_says_it():
    noon = time.mktime((2026, 3, 14, 12, 0, 0, 0, 0, -1))
    assert when_played(noon - 2 * 3600, noon) == "today 10:00"
    assert when_played(noon - 20 * 3600, noon) == "yesterday 16:00"
    assert when_played(noon - 5 * 86400, noon) == "2026-03-09"


def test_deleting_asks_first_and_the_list_goes_with_the_last(app):
    keep = started(["Ana", "Bo"], 3, seed=3)
    gone = started(["Cleo", "Dan"], 1, seed=4)
    menu = app.push(MenuScene(app))
    click_button(app, menu.menu_buttons["Continue"])
    listing = app.top
    index = next(i for i, g in enumerate(listing.games) if g.name == gone.save_name)
    click(app, listing.rows[index].delete.center)
    ask = app.top
    assert isinstance(ask, DeleteScene) and ask.game.name == gone.save_name
    click_button(app, ask.find_button("Keep it"))
    assert app.top is listing and in_progress.path_of(gone.save_name).exists(), "kept when the player said so"
    click(app, listing.rows[index].delete.center)
    click_button(app, app.top.find_button("Delete"))
    assert app.top is listing and not in_progress.path_of(gone.save_name).exists()
    assert [g.name for g in listing.games] == [keep.save_name]
    key(app, pygame.K_DELETE)  # the keyboard too: the one selected
    click_button(app, app.top.find_button("Delete"))
    assert app.top is menu and "Continue" not in menu.menu_buttons
    assert games.listing() == []


def test_a_long_list_scrolls_to_its_last_game_at_every_text_size(app, monkeypatch):
    for seed in range(9):
        match = started([f"Player {seed}", "Bo"], seed % 3, seed=seed + 1)
        played_at(match, seed * 60)
    app.push(MenuScene(app))
    for text_size in TEXT_SIZES:
        app.settings.ui_scale = text_size
        app.apply_look()
        listing = app.push(ContinueScene(app))
        small = [(text, px) for text, px in drawn(app, monkeypatch) if px < 14]
        assert not small, small
        window = pygame.Rect(0, 0, *app.view_size)
        assert window.contains(listing.view) and window.contains(listing.back_button.rect), text_size
        assert not listing.back_button.rect.colliderect(listing.view), text_size
        for row in listing.rows:
            assert row.box.contains(row.resume) and row.box.contains(row.delete), text_size
            assert not row.resume.colliderect(row.delete), text_size
            assert row.text_x + row.text_w <= min(row.resume.x, row.delete.x) or row.resume.y > row.cover.bottom
        assert listing.max_scroll > 0, f"nine games fit at {text_size}?"
        listing.scroll_to(10**6)
        last = listing.rows[-1].box.move(0, -listing.scroll)
        assert listing.view.contains(last), text_size
        assert f"game:{len(listing.rows) - 1}" in listing.click_targets()
        app.pop()


def test_a_table_that_fails_to_open_is_put_aside_and_the_menu_stays(app, monkeypatch):
    broken = started(["Ana", "Bo"], 5, seed=3)
    fine = started(["Cleo", "Dan"], 2, seed=4)
    played_at(broken, 10)
    path = in_progress.path_of(broken.save_name)
    saved = path.read_bytes()
    menu = app.push(MenuScene(app))
    click_button(app, menu.menu_buttons["Continue"])
    listing = app.top
    index = next(i for i, g in enumerate(listing.games) if g.name == broken.save_name)

    from scenes.shell import tables

    real = tables.table_scene_for

    def failing(game_id):
        cls = real(game_id)

        class Exploding(cls):  # type: ignore[misc, valid-type]
            def draw(self, surface):
                raise ValueError("a card at x = 1e300")

        return Exploding

    monkeypatch.setattr(tables, "table_scene_for", failing)
    click(app, listing.rows[index].box.midleft)
    assert app.top is listing, "the failed table is gone, the list stays"
    assert not any(isinstance(s, TableScene) for s in app.stack)
    (said,) = [t for t in app.toasts.texts() if "could not be opened" in t]
    kept = [p for p in (in_progress.folder().parent / "corrupt").iterdir()]
    assert len(kept) == 1 and kept[0].read_bytes() == saved and str(kept[0]) in said
    assert [g.name for g in listing.games] == [fine.save_name]
    for _ in range(3):
        app.update()
        app.draw()
    # the next start: the menu opens normally, the other game resumes
    monkeypatch.setattr(tables, "table_scene_for", real)
    app.back_to_menu()
    games.forget_cache()
    again = app.push(MenuScene(app))
    app.update()
    app.draw()
    click_button(app, again.menu_buttons["Continue"])
    assert resume_from_list(app).match.save_name == fine.save_name


def test_opening_a_position_whose_table_fails_keeps_nothing_and_the_menu_stays(app, monkeypatch):
    from scenes.shell import tables
    from scenes.shell.opening import open_position as _open_position

    def failing(game_id):
        class Exploding:
            def __init__(self, *args, **kwargs):
                raise IndexError("no such card")

        return Exploding

    app.push(MenuScene(app))
    monkeypatch.setattr(tables, "table_scene_for", failing)
    assert not _open_position(app, str(POSITION))
    assert app.top.main_menu
    assert any("could not be opened" in t for t in app.toasts.texts())
    assert games.listing() == [], "a game that never opened is not offered"


def test_a_save_whose_last_moves_do_not_replay_goes_on_from_the_last_good_one(app):
    match = started(["Ana", "Bo"], 12, seed=3)
    path = in_progress.path_of(match.save_name)
    original = json.loads(path.read_text())
    spoilt = json.loads(path.read_text())
    spoilt["record"]["actions"][-2:] = [{"kind": "fly_to_the_moon"}, {"kind": "nonsense", "card": -1}]
    path.write_text(json.dumps(spoilt))
    menu = app.push(MenuScene(app))
    app.update()
    said = app.toasts.texts()
    assert any(t.startswith("2 moves at the end of a saved game could not be replayed") for t in said), said
    (game,) = menu.in_progress
    assert game.dropped == 2 and game.moves == 10
    assert game.saved.record.actions == original["record"]["actions"][:10]
    (kept,) = (in_progress.folder().parent / "corrupt").iterdir()
    assert json.loads(kept.read_text()) == spoilt, "the original is kept as it was"
    assert len(json.loads(path.read_text())["record"]["actions"]) == 10
    click_button(app, menu.menu_buttons["Continue"])
    table = resume_from_list(app)
    assert len(table.match.history.actions) == 10
    assert "2 moves at the end of this save could not be replayed and were left out." in app.toasts.texts()


def test_a_save_whose_first_move_fails_is_refused_as_before(app):
    match = started(["Ana", "Bo"], 3, seed=3)
    path = in_progress.path_of(match.save_name)
    spoilt = json.loads(path.read_text())
    spoilt["record"]["actions"][0] = {"kind": "fly_to_the_moon"}
    path.write_text(json.dumps(spoilt))
    menu = app.push(MenuScene(app))
    app.update()
    assert menu.in_progress == [] and "Continue" not in menu.menu_buttons
    (said,) = [t for t in app.toasts.texts() if t.startswith("A game in progress could not be resumed: ")]
    (kept,) = (in_progress.folder().parent / "corrupt").iterdir()
    assert str(kept) in said and json.loads(kept.read_text()) == spoilt and not path.exists()
