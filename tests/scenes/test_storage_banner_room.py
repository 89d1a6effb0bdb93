"""The lasting storage warning takes a strip of its own at the top: the table lays out below it (so
it hides no prompt or button), clicks in window coordinates reach the right card, a click on the
banner does nothing, and the room goes back when the warning does."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.borealis.observe import fits  # noqa: E402
from game.borealis.state import PlayCard  # noqa: E402
from scenes.session import persist  # noqa: E402
from tests.scenes.test_borealis_table import _isolated, _shutdown_bots, click, keep_all, make_table  # noqa: E402, F401

WARNING = "This game is not being saved: the disk is full."


@pytest.fixture(autouse=True)
def _fresh_status():
    persist.STATUS.reset()
    yield
    persist.STATUS.reset()


def test_the_table_makes_room_for_the_warning_and_clicks_still_land() -> None:
    app, table = make_table()
    keep_all(app, table)
    full = table.size
    persist.STATUS.save_problem = WARNING
    app.step(block=False)
    inset = app.inset
    assert inset > 0 and table.size == (full[0], full[1] - inset)
    coral = tuple(app.pal.coral)[:3]
    assert tuple(app.surface.get_at((2, inset - 1)))[:3] == coral
    assert tuple(app.surface.get_at((2, inset + 1)))[:3] != coral, "the table starts below the strip"
    assert all(b.rect.bottom <= table.size[1] for b in table.buttons() if b.visible), "a button fell off the table"

    seat = table.match.state.to_act
    player = table.match.state.players[seat]
    card, loc = next((c, loc) for c in player.hand for loc in (0, 1, 2) if fits(player, c, loc))
    x, y = table.hand_rects[card].center
    click(app, (x, y + inset))  # window coordinates: the banner's strip above the table
    assert table.selected == card
    click(app, (10, inset // 2))  # on the banner: nothing happens
    assert table.selected == card
    lx, ly = table.geo.locs[loc].center
    click(app, (lx, ly + inset))
    assert table.match.history.actions[-1] == PlayCard(card, loc)

    persist.STATUS.save_problem = None
    app.step(block=False)
    assert app.inset == 0 and table.size == full
