"""The bot speed setting: how long a bot's move stays in sight before the next one."""

from __future__ import annotations

import time

import pytest

from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.bots import BOT_PACES
from scenes.shell.generic_table import GenericTable

pytestmark = pytest.mark.usefixtures("toy_borealis")


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_a_bot_waits_as_long_as_the_setting_says(app, speed):
    assert BOT_PACES["slow"] > BOT_PACES["normal"] > BOT_PACES["fast"]
    app.settings.bot_speed = speed
    match = Match.start("borealis", [SeatConfig("Bo", 0, BOT, "easy"), SeatConfig("Ana", 1, HUMAN)], seed=3)
    table = app.push(GenericTable(app, match))
    deadline = time.perf_counter() + 5
    while table._bot_action is None and time.perf_counter() < deadline:
        # the table's clock held at the last action: on a busy machine an answer that came late would
        # otherwise be played at once, and the next one's wait measured instead
        table.drive(table.last_action_at)
        time.sleep(0.005)
    assert table._bot_action is not None, "the bot never answered"
    assert table._bot_ready_at - table.last_action_at == pytest.approx(BOT_PACES[speed], abs=1e-6)
