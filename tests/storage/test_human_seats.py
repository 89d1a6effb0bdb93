"""Profiles count only human seats' games: a bot seat that bears a family member's name (or any
name) gets no profile, no game played and no win; a database of an older version keeps working."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from scenes.session import persist
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.storage.profiles import MIGRATIONS, Profiles
from tests.storage.helpers import play_saved


def _finished(toy, seats: list[tuple[str, str]], seed: int) -> Match:
    """A finished game of the toy with these (name, kind) seats, kept as the table keeps it."""
    saved, _states = play_saved(toy, actions=500, seed=seed)
    match = Match.from_saved(saved)
    match.seats = [SeatConfig(name, i, kind, "easy") for i, (name, kind) in enumerate(seats)]
    assert match.is_over()
    report = persist.record_finished(match)
    assert report is not None and report.recorded
    return match


def _cards() -> dict[str, tuple[int, int]]:
    return {p.name: (p.played, p.wins) for p in persist.profiles_overview([]).players}


def test_a_bot_that_bears_a_players_name_adds_nothing_to_that_player(data_dir: Path, toy) -> None:
    games = [
        _finished(toy, [("Ana", HUMAN), ("Bo", BOT)], seed=1),   # Ana plays
        _finished(toy, [("Ana", BOT), ("Bo", HUMAN)], seed=2),   # a bot named Ana plays Bo
        _finished(toy, [("Ana", BOT), ("Robo Owl", BOT)], seed=3),  # bots alone
    ]
    expected_ana_wins = int(0 in games[0].result().winners)
    expected_bo_wins = int(1 in games[1].result().winners)
    cards = _cards()
    assert set(cards) == {"Ana", "Bo"}, "a bot's name got a profile"
    assert cards["Ana"] == (1, expected_ana_wins), "a bot's games or wins were counted for Ana"
    assert cards["Bo"] == (1, expected_bo_wins)
    with Profiles() as profiles:
        rows = profiles.history()
        assert [row.humans for row in rows] == [[], [1], [0]]


def test_a_database_of_the_version_before_keeps_working(data_dir: Path, toy) -> None:
    """Version 2 did not say which seats were human: its games still count by name, and new ones
    are kept with their human seats."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / "polar_table.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    for number, script in enumerate(MIGRATIONS[:2], 1):
        conn.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
    saved, _states = play_saved(toy, actions=500, seed=4)
    conn.execute(
        "INSERT INTO games (game, finished_at, options_json, seed, players_json, scores_json, winners_json,"
        " record_json, record_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (toy.info.id, "2026-01-01T10:00:00+00:00", json.dumps(saved.record.to_json()["options"]), 4,
         json.dumps(["Ana", "Bo"]), json.dumps([3, 1]), json.dumps([0]), json.dumps(saved.record.to_json()), "old"))
    conn.execute("INSERT INTO profiles (name, colour, created_at) VALUES ('Ana', 0, '2026-01-01')")
    conn.close()
    _finished(toy, [("Ana", BOT), ("Bo", HUMAN)], seed=5)
    cards = _cards()
    assert cards["Ana"] == (1, 1), "the game kept before still counts"
    with Profiles() as profiles:
        assert profiles.schema_version == len(MIGRATIONS)
        assert [row.humans for row in profiles.history()] == [[1], None]
