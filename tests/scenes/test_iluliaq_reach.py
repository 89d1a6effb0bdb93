"""How far a pull throws on Iluliaq's table, and what the table looks like around its seats: from
every seat of 2 to 6 players at 1280x720, the pulls that land on the iceberg (worked out through the
real resolver and the table's own pull-to-power mapping, straight from where the automation presses)
span at least 30 px, short pulls fall short and a full pull flies over; the iceberg is drawn large;
each trampoline wears its player's colour and shape and lies by its player's panel."""

from __future__ import annotations

import math
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.iluliaq.table import HALF, release_point  # noqa: E402
from physics.resolvers import resolver_for  # noqa: E402
from scenes.iluliaq import throwing  # noqa: E402
from scenes.iluliaq.table import IluliaqTable  # noqa: E402
from scenes.kit import style  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

USEFUL = 30
"""px of pull that must land from every seat at 1280x720."""


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))


def table_of(players: int, size=(1280, 720), kids: bool = False, humans: int | None = None) -> IluliaqTable:
    humans = players if humans is None else humans
    app = App(size, headless=True, settings=Settings())
    seats = [SeatConfig(f"P{i}", i, HUMAN if i < humans else BOT, "easy") for i in range(players)]
    table = IluliaqTable(app, Match.start("iluliaq", seats, kids=kids, seed=4))
    table.bots_play = False
    app.push(table)
    app.draw()
    app.bots.shutdown()
    return table


def landing_pulls(table: IluliaqTable, seat: int) -> tuple[list[int], list[int]]:
    """The whole-pixel pulls, straight back from the seat's "throw" target, that leave the card on
    the iceberg of the game's start, and those that do not (through the real resolver)."""
    match, lay = table.match, table.lay
    players, kids = match.state.players, match.state.kids
    view = match.game.view(match.state, seat)
    view.flow[-1].seat = seat  # as if it were this seat's throw
    resolve = resolver_for("iluliaq")
    x, y, w, h = table.click_targets()[f"throw:{seat}"]
    start = (x + w / 2, y + h / 2)
    ox, oy = lay.seats[seat].outward
    landed, missed = [], []
    for px in range(0, round(lay.full_pull) + 1):
        table.sling.press(start, 0.0)
        table.sling.move((start[0] + ox * px, start[1] + oy * px), 1.0)
        aim = table.sling.aim()
        table.sling.cancel()
        if aim is None:
            continue
        action = resolve(match.game, view, throwing.throw_of(lay.view, aim, seat, players, kids))
        pose = next(p for p in action.outcome.poses if p.card == action.outcome.card)
        (landed if pose.layer >= 1 else missed).append(px)
    return landed, missed


def test_the_pulls_that_land_span_at_least_30_px_from_every_seat():
    report = {}
    for players in range(2, 7):
        table = table_of(players)
        for seat in range(players):
            landed, missed = landing_pulls(table, seat)
            assert landed, f"nothing lands from seat {seat} of {players}"
            report[(players, seat)] = (min(landed), max(landed))
            assert max(landed) - min(landed) + 1 >= USEFUL, f"seat {seat} of {players}: {min(landed)}-{max(landed)} px"
            assert len(landed) == max(landed) - min(landed) + 1, f"a gap in the pulls that land: {landed}"
            assert min(missed) < min(landed) and max(missed) > max(landed), "short pulls fall, full ones fly over"
    print("pulls that land at 1280x720 (players, seat): px", report)


def test_the_iceberg_is_drawn_large():
    for players in range(2, 7):
        for size, least in (((1280, 720), 180), ((1920, 1080), 270)):  # 146 to 160 and 219 to 240 before
            view = table_of(players, size).lay.view
            left, right = view.to_screen(-HALF, 0.0, 1.0)[0], view.to_screen(HALF, 0.0, 1.0)[0]
            print(players, size, "iceberg", round(right - left), "px wide")
            assert right - left >= least, f"{players} players at {size}: the iceberg is {right - left:.0f} px wide"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_each_trampoline_wears_its_players_colour_and_lies_by_their_panel(size):
    for players in range(2, 7):
        table = table_of(players, size)
        surface = table.app.draw()
        lay = table.lay
        for sp in lay.seats:
            cx, cy = lay.view.to_screen(*sp.trampoline[:2])
            colour = pygame.Color(style.player_colour(table.match.seats[sp.seat].colour).colour)
            seen = surface.get_at((round(cx), round(cy)))
            assert all(abs(seen[i] - colour[i]) <= 12 for i in range(3)), \
                f"seat {sp.seat} of {players}: the trampoline does not wear its player's colour"
            corners = lay.view.card_polygon(*sp.trampoline, 0.0)

            def gap(panel: pygame.Rect, corners=corners) -> float:
                return min(math.dist(c, (min(max(c[0], panel.left), panel.right), min(max(c[1], panel.top),
                                                                                       panel.bottom)))
                           for c in corners)

            own = gap(sp.panel)
            assert own <= 28 * table.s, f"seat {sp.seat} of {players}: its panel is {own:.0f} px from its trampoline"
            assert all(own < gap(o.panel) for o in lay.seats if o.seat != sp.seat), \
                f"seat {sp.seat} of {players}: another panel is nearer its trampoline"


def test_a_kids_table_lands_from_close_by_too():
    table = table_of(3, kids=True)
    for seat in range(3):
        landed, _missed = landing_pulls(table, seat)
        assert max(landed) - min(landed) + 1 >= USEFUL, f"kids' seat {seat}: {landed}"


def test_the_hint_and_the_keys_draw_the_pull_their_power_needs():
    table = table_of(2)
    throw = throwing.keyboard_throw(0, 2, False)
    distance = math.hypot(*release_point(0, 2, throw.distance, throw.offset))
    assert throwing.power_of(throwing.pull_share(throw), distance) == pytest.approx(throw.power, abs=1e-6)
    assert table.lay.full_pull > 0


@pytest.mark.parametrize("players", [3, 5, 6])
def test_each_seat_is_drawn_and_checked_at_the_rules_own_line(players):
    """The diagonal seats' lines lie farther out (game/iluliaq/table.py ``line``): the table's zone, its
    press check and its trampoline follow the rules' line seat by seat, not a copy of its own."""
    from game.iluliaq.table import line
    from scenes.iluliaq.draw import zone_edges

    table = table_of(players)
    view = table.lay.view
    for sp in table.lay.seats:
        at = line(sp.seat, players)
        near = zone_edges(view, sp.seat, players, False)[0]
        middle = near[len(near) // 2]
        assert middle == pytest.approx(view.to_screen(*release_point(sp.seat, players, at, 0.0)), abs=0.01)
        assert throwing.why_not_here(at - 1.0, 0.0, sp.seat, players, False) is not None
        assert throwing.why_not_here(at + 1.0, 0.0, sp.seat, players, False) is None
        tx, ty, _turn = sp.trampoline
        assert math.hypot(tx, ty) < at, f"seat {sp.seat}: the trampoline lies beyond its line"
        assert math.hypot(tx, ty) > at - 88.0, f"seat {sp.seat}: the trampoline lies far inside its line"
