"""A log line names who acted once: an action's line follows its actor's name ("Ana: throws the
seal…"); a sentence the rules logged that names the player itself ("The lynx lands: Ana throws
again.") is shown as it is, in the log, the hand-over's recap and a turn's summary."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.core import i18n  # noqa: E402
from game.core.messages import msg, seat_ref  # noqa: E402
from scenes.session.match import LogEntry, Match, SeatConfig  # noqa: E402
from scenes.shell.passing import Passing  # noqa: E402


@pytest.fixture(autouse=True)
def _english(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    i18n.set_language("en")


def test_a_message_knows_which_seats_it_names_at_any_depth():
    inner = msg("{player} draws", player=seat_ref(1))
    outer = msg("The bear: {what}.", what=inner)
    assert outer.names(1) and inner.names(1)
    assert not outer.names(0)
    assert not msg("The seal stays in the water.").names(0)


def _match() -> Match:
    return Match.start("borealis", [SeatConfig("Ana", 0), SeatConfig("Bruno", 1)], seed=3)


def test_a_sentence_naming_its_actor_is_not_prefixed_with_the_name_again():
    h = _match().history
    lynx = LogEntry(0, message=msg("The lynx lands: {player} throws again.", player=seat_ref(0)), history=h)
    seal = LogEntry(0, message=msg("The seal stays in the water."), history=h)
    other = LogEntry(0, message=msg("{player} gets a card.", player=seat_ref(1)), history=h)
    assert lynx.line("Ana") == "The lynx lands: Ana throws again."
    assert seal.line("Ana") == "Ana: The seal stays in the water."
    assert other.line("Ana") == "Ana: Bruno gets a card."
    assert LogEntry(None, note="The game is over.").line(None) == "The game is over."


def test_a_turns_summary_lists_the_moves_then_the_rules_sentences_as_they_are():
    match = _match()
    keep = next(a for a in match.legal_actions() if a.kind == "keep")
    match.apply(keep)
    match.log.append(LogEntry(0, message=msg("The lynx lands: {player} throws again.", player=seat_ref(0)),
                              history=match.history))
    table = SimpleNamespace(match=match, preview=lambda: None)
    passing = Passing(table)  # type: ignore[arg-type]
    text = passing.summary(0)
    assert text == "Ana: keeps the starting hand. The lynx lands: Ana throws again."
    assert text.count("Ana") == 2  # once for the move, once in the rules' own sentence
