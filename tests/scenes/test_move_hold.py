"""The shell holds what follows a move while the move plays on the table, for every table: the log's
lines, the top bar's prompt, the hand-over and the bots wait until the table says the move has been
seen (``TableScene.plays_until``: Borealis's and the generic table's animator, Iluliaq's playback)."""

from __future__ import annotations

import time

import pytest

from game.core.bots import decide
from physics import resolvers
from scenes.shell.generic_table import GenericTable
from scenes.shell.handover import HandoverScene
from tests.scenes.helpers import one_human, two_humans_and_bot
from tests.scenes.toy_game import Choose, Play


def playing(table, monkeypatch) -> list[float | None]:
    """Let the test say until when the table plays (None: nothing plays)."""
    until: list[float | None] = [None]
    monkeypatch.setattr(table, "plays_until", lambda: until[0])
    return until


@pytest.mark.usefixtures("toy_borealis")
def test_the_shell_holds_the_log_the_prompt_and_the_bots_while_a_move_plays(app, monkeypatch):
    table = app.push(GenericTable(app, one_human()))
    while app.top is not table:
        app.top.ready()
    until = playing(table, monkeypatch)
    match = table.match
    assert table.submit(Choose(match.state.hands[0][0]))
    until[0] = time.perf_counter() + 60
    assert table.submit(Play())
    index = len(match.history.actions) - 1
    assert match.to_act == 1 and match.is_bot(1)
    assert table.log_held_from() == index, "the log told the move before it was seen"
    assert table.bar_seat() == 0 and "Ana" in table.prompt_text(), "the top bar moved on to the bot mid-move"
    assert not table.can_hint()
    table.drive()
    assert table._bot_token is None, "the bot set off while the move still played"
    until[0] = time.perf_counter() - 0.01
    assert table.log_held_from() is None and table.bar_seat() == 1
    table.drive()
    assert table._bot_token is not None or table._bot_action is not None, "the bot did not set off once seen"


@pytest.mark.usefixtures("toy_borealis")
def test_the_hand_over_waits_for_a_bots_move_to_be_seen(app, monkeypatch):
    table = app.push(GenericTable(app, two_humans_and_bot()))
    table.bots_play = False
    until = playing(table, monkeypatch)
    match = table.match
    while match.is_human(match.to_act):
        while app.top is not table:
            app.top.ready()
        seat = match.to_act
        assert table.submit(Choose(match.state.hands[seat][0]))
        assert table.submit(Play())
        if table.passing.pending():
            assert app.top is table, "the mover's own screen shows the move and passes it on as before"
            table.passing.confirm()
            app.update()
    assert match.is_bot(match.to_act)
    until[0] = time.perf_counter() + 60
    bot = match.to_act
    assert table.submit(Choose(match.state.hands[bot][0]), by_bot=True)
    assert table.submit(Play(), by_bot=True)
    assert match.is_human(match.to_act)
    app.update()
    assert app.top is table, "the hand-over covered the bot's move before it was seen"
    until[0] = time.perf_counter() - 0.01
    app.update()
    assert isinstance(app.top, HandoverScene)


def bots_wait_until(table, until: float) -> None:
    """The bot to act sets off only once the last move has been seen."""
    table.bots_play = True
    table.drive(until - 0.01)
    assert table._bot_token is None, "a bot set off while the last move still played"
    moves = len(table.match.history.actions)
    table.drive(until + 0.01)  # a quick bot's answer may be there at once, and played
    set_off = table._bot_token is not None or table._bot_action is not None
    assert set_off or len(table.match.history.actions) > moves, "the bot did not set off after it"


def test_borealis_bots_wait_for_the_last_move_to_land():
    from tests.scenes.test_borealis_table import bot_table

    app, table = bot_table(players=3)
    try:
        match = table.match
        for step in range(40):
            table.finish_animations()
            assert table.submit(decide(match.game, match.state, "easy", step), by_bot=True)
            if table.animator.anims:
                break
        until = table.plays_until()
        assert until is not None and until > time.perf_counter(), "no move of the bots set a card flying"
        assert table.log_held_from() == len(match.history.actions) - 1
        bots_wait_until(table, until)
    finally:
        app.bots.shutdown()


def test_iluliaq_bots_wait_for_the_throw_to_rest():
    from tests.scenes.test_iluliaq_table import make_table

    app, table = make_table(players=2, humans=0)
    try:
        match = table.match
        assert table.submit(decide(match.game, match.state, "easy", 1, resolver=resolvers.resolver_for("iluliaq")),
                            by_bot=True)
        table.follow_the_physics(wait=None)  # the throw as the physics recorded it, as long as it plays
        until = table.plays_until()
        assert until is not None and table.holding()
        bots_wait_until(table, until)
    finally:
        app.bots.shutdown()
