"""The log follows the language: lines of earlier actions are shown again in the language of now."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.borealis.observe import fits  # noqa: E402
from game.borealis.state import MULLIGAN, Keep, PlayCard  # noqa: E402
from game.core import i18n  # noqa: E402
from game.core.history import History  # noqa: E402
from game.core.messages import text_of  # noqa: E402
from scenes.borealis.table import BorealisTable  # noqa: E402
from scenes.session.match import LogEntry, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """Overrides the shell's fixture (which swaps Borealis for a toy game): the real rules, in English."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def table():
    app = App((1280, 720), headless=True, settings=Settings())
    match = Match.start("borealis", [SeatConfig("Ana", 0), SeatConfig("Bruno", 1)], seed=3)
    table = BorealisTable(app, match)
    app.push(table)
    yield table
    app.bots.shutdown()


def show_table(table: BorealisTable) -> None:
    app = table.app
    while app.top is not table:
        app.top.ready()
    app.draw()


def play_a_card(table: BorealisTable) -> int:
    """Both keep their hands, then the first player observes an animal; the index of that action."""
    while table.match.state.phase == MULLIGAN:
        assert table.submit(Keep())
        show_table(table)
    player = table.match.state.players[table.match.to_act]
    card_id, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    assert table.submit(PlayCard(card_id, loc))
    while table.app.top is not table:
        table.app.top.ready()
    return len(table.match.history.actions) - 1


def drawn_text(table: BorealisTable, monkeypatch) -> str:
    """Every string the screen renders in its next frame, in order, joined by spaces."""
    fonts = table.app.fonts
    seen: list[str] = []
    render = fonts.render

    def spy(text, *args, **kwargs):
        seen.append(text)
        return render(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    try:
        table.app.dirty = True
        table.app.draw()
    finally:
        monkeypatch.setattr(fonts, "render", render)
    return " ".join(seen)


def test_log_shows_earlier_actions_in_the_new_language(table, monkeypatch):
    index = play_a_card(table)
    match = table.match
    entry = match.log[-1]
    assert entry.index == index and entry.actor == match.history.actor(index)
    english = entry.text
    before = History.from_record(match.history.record, keep_all=True).states[index]
    assert english.startswith("observes the ")
    assert english == text_of(match.game.describe(before, match.history.actions[index]))
    who = match.name(entry.actor)
    assert f"{who}: {english}" in drawn_text(table, monkeypatch)
    keep_line = match.log[0].text
    assert keep_line == "keeps the starting hand"

    table.app.set_language("it")
    frame = drawn_text(table, monkeypatch)
    italian = match.log[-1].text
    assert italian.startswith("osserva: ") and "nella località " in italian
    assert match.log[0].text != keep_line, "the first line, written in English, is now Italian too"
    assert f"{who}: {italian}" in frame, "the log panel shows the Italian line"
    assert english not in frame

    table.app.set_language("en")
    assert match.log[-1].text == english
    assert f"{who}: {english}" in drawn_text(table, monkeypatch)


def test_log_entries_compare_by_action_and_survive_undo(table):
    index = play_a_card(table)
    match = table.match
    entry = match.log[-1]
    assert entry == LogEntry(entry.actor, index, match.history.actions[index])
    fresh = LogEntry(entry.actor, index, entry.action, match.history)
    english = entry.text
    assert match.can_undo()
    match.undo()
    assert match.log[-1].index == index - 1 and entry not in match.log
    assert entry.text == english, "a line taken back still reads, from its cache"
    assert fresh.text == entry.action.kind, "never describes another action now at its index"
    assert LogEntry(None, note="The game is over.").text == "The game is over."
