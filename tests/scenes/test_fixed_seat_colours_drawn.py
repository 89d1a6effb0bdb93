"""A game that fixes its seats' colours (the Avalanche toy's rope teams, as ILAN's expeditions) is
drawn in those colours wherever a seat's colour shows: the generic table's seat panels and its log's
dots, the hand-over, the end screen (its grid and the kids' podium) and the Continue list; never in
the family colours the seats' indices would name. A finished game of it does not give a new player
the seat's colour index as their family colour.

Set POLAR_TABLE_COLOURS_PNG=DIR to save each screen's picture there, to look at."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame
import pytest

from game.core.bots import decide
from scenes.kit import style
from scenes.kit.seat_colours import offered_colours, seat_colour
from scenes.session import persist
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.continue_list import ContinueScene
from scenes.shell.end import EndScene
from scenes.shell.generic_table import GenericTable
from scenes.shell.handover import HandoverScene
from scenes.storage.profiles import Profiles
from tests.toys import fanout

ROPES = [pygame.Color(rope.rgb) for rope in fanout.ROPES]
SEATS = (2, 1, 3)
"""Each seat's colour, an index into the ropes: teal, gold, violet."""
FAMILY = [pygame.Color(style.player_colour(i).rgb) for i in SEATS]
"""What those indices would name in the family's palette (green, sky blue, yellow)."""
PICTURES = os.environ.get("POLAR_TABLE_COLOURS_PNG")


def count(surface: pygame.Surface, colour: pygame.Color, area: pygame.Rect | None = None) -> int:
    """Pixels of exactly ``colour`` in ``area`` (all of ``surface`` when None)."""
    part = surface if area is None else surface.subsurface(area.clip(surface.get_rect()))
    return pygame.mask.from_threshold(part, colour, (1, 1, 1, 255)).count()


def check_drawn(surface: pygame.Surface, area: pygame.Rect | None = None, seats: tuple[int, ...] = (0, 1, 2),
                name: str = "") -> None:
    if PICTURES:
        pygame.image.save(surface if area is None else surface.subsurface(area), str(Path(PICTURES) / f"{name}.png"))
    for seat in seats:
        assert count(surface, ROPES[SEATS[seat]], area) > 20, f"seat {seat}'s rope colour is not drawn"
    for seat in range(len(SEATS)):
        assert count(surface, FAMILY[seat], area) == 0, f"seat {seat} is drawn in the family's colour"


def seats(kind: str = HUMAN) -> list[SeatConfig]:
    return [SeatConfig(name, colour, kind, "easy") for name, colour in zip(("Ana", "Bo", "Cy"), SEATS, strict=True)]


def finished(kids: bool = False, kind: str = BOT) -> Match:
    """The toy played by the easy bot to its end (whoever sits at each seat)."""
    match = Match.start(fanout.RULES.info.id, seats(kind), kids=kids, seed=3)
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    return match


def test_the_kit_gives_the_games_colours_with_their_shapes():
    info = fanout.RULES.info
    assert [c.key for c in offered_colours(info)] == [r.key for r in fanout.ROPES]
    assert seat_colour(info, 2).rgb == "#00A3AD" and seat_colour(info, 2).shape == "diamond"
    assert seat_colour(info, 6) == seat_colour(info, 2)  # an index past the ropes wraps
    from game.borealis.rules import RULES as BOREALIS

    assert seat_colour(BOREALIS.info, 2) == style.player_colour(2)


def test_the_generic_tables_seat_panels_and_log_show_the_ropes(app):
    match = Match.start(fanout.RULES.info.id, seats(), seed=3)
    table = app.push(GenericTable(app, match))
    if isinstance(app.top, HandoverScene):
        app.top.ready()
    for _move in range(4):  # a few moves, so that the log has each seat's dot
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
        table._changed(None)
        table.drive(now=time.perf_counter() + 5)
        if isinstance(app.top, HandoverScene):
            app.top.ready()
    app.draw()
    assert app.top is table
    check_drawn(app.surface, table.players_rect, name="generic-table-seats")
    check_drawn(app.surface, None, name="generic-table")


def test_the_hand_over_shows_the_seats_rope(app):
    match = Match.start(fanout.RULES.info.id, seats(), seed=3)
    table = app.push(GenericTable(app, match))
    handover = app.push(HandoverScene(app, table, 1))
    app.draw()
    assert app.top is handover
    check_drawn(app.surface, handover.card, seats=(1,), name="hand-over")


@pytest.mark.parametrize("kids", [False, True], ids=["grid", "podium"])
def test_the_end_screen_shows_the_ropes(app, kids):
    table = app.push(GenericTable(app, finished(kids)))
    table._changed(None)  # the table sees the last move, then the end screen comes
    table.drive(now=time.perf_counter() + 5)
    end = app.top
    assert isinstance(end, EndScene)
    end.finish_animations()
    app.draw()
    check_drawn(app.surface, end.card, name=f"end-{'podium' if kids else 'grid'}")


def test_a_finished_game_keeps_each_players_family_colour(app):
    with Profiles() as profiles:
        profiles.ensure_profile("Ana", 5)
    persist.record_finished(finished(kind=HUMAN))
    with Profiles() as profiles:
        colours = {p.name: p.colour for p in profiles.profiles()}
    assert colours["Ana"] == 5  # a known player keeps theirs
    assert colours["Bo"] not in (SEATS[1], 5) and colours["Cy"] not in (SEATS[2], 5, colours["Bo"])


def test_the_continue_list_shows_the_ropes(app):
    match = Match.start(fanout.RULES.info.id, seats(), seed=3)
    match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    persist.autosave(match)
    app.push(ContinueScene(app))
    app.draw()
    check_drawn(app.surface, None, name="continue")


def test_iluliaq_draws_its_seats_through_the_kits_seat_colours(monkeypatch):
    """Iluliaq fixes no colours, but its seat panels and trampolines take a seat's colour where every
    screen does (``seat_colour``): given other colours there, they are what its table draws."""
    from scenes.kit import seat_colours
    from tests.scenes.test_iluliaq_table import make_table

    ropes = tuple(style.PlayerColour(r.key, r.name, r.rgb, r.shape) for r in fanout.ROPES)
    monkeypatch.setattr(seat_colours, "offered_colours", lambda info: ropes)
    app, table = make_table(players=2)
    table.forget_still()
    app.draw()
    for seat in (0, 1):
        rope = ropes[table.match.seats[seat].colour % len(ropes)]
        assert table.seat_shown(seat).colour == rope
        assert count(app.surface, pygame.Color(rope.rgb), table.lay.seats[seat].panel) > 20, \
            f"seat {seat}'s panel does not show its colour"
        family = pygame.Color(style.player_colour(table.match.seats[seat].colour).rgb)
        assert count(app.surface, family) == 0, f"seat {seat}'s family colour is drawn"
