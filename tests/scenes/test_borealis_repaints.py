"""What a move's landing costs the Borealis table: only the pieces that show something new are
painted again (counted at the kit's ``StaticLayer.piece``, the one place a piece is painted), and the
log panel is not blitted again in a frame where it did not change."""

from __future__ import annotations

import os
from collections import Counter

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.borealis.observe import fits  # noqa: E402
from game.borealis.state import ACTION, TAKE, PlayCard  # noqa: E402
from game.core.bots import decide  # noqa: E402
from scenes.borealis.table import BorealisTable  # noqa: E402
from scenes.kit import layer as kit_layer  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402
from tests.scenes.test_borealis_table import APPS, _shutdown_bots  # noqa: E402, F401 - the apps' bots stop after each test


@pytest.fixture
def painted(monkeypatch) -> list[tuple]:
    """The key of every piece painted (each call of a painter given to ``StaticLayer.piece``)."""
    keys: list[tuple] = []
    real = kit_layer.StaticLayer.piece

    def piece(self, key, r, margin, painter, *args, **kwargs):
        def counted(surface, off):
            keys.append(key)
            painter(surface, off)

        return real(self, key, r, margin, counted, *args, **kwargs)

    monkeypatch.setattr(kit_layer.StaticLayer, "piece", piece)
    return keys


def table_of(seats, size=(1920, 1080), seed=3) -> tuple[App, BorealisTable]:
    app = App(size, headless=True, settings=Settings())
    APPS.append(app)
    match = Match.start("borealis", seats, seed=seed)
    table = BorealisTable(app, match)
    table.bots_play = False  # the test plays the bots' moves
    app.push(table)
    app.draw()
    return app, table


def settle(app: App, table: BorealisTable) -> None:
    """Let what moves arrive and draw the frames after it (the layer is up to date)."""
    table.finish_animations()
    for _ in range(3):
        app.update()
        app.draw()


def land(app: App, table: BorealisTable, action, by_bot: bool) -> None:
    """Play ``action`` and draw every frame until it has landed."""
    assert table.submit(action, by_bot=by_bot)
    for _ in range(120):
        app.update()
        app.draw()
    settle(app, table)


def kinds(keys: list[tuple]) -> Counter:
    return Counter(key[0] for key in keys)


def test_a_card_played_repaints_only_its_location_and_the_header(painted):
    seats = [SeatConfig("Ana", 0)] + [SeatConfig(n, i, BOT, "easy") for i, n in enumerate(["Bruno", "Carla"], 1)]
    app, table = table_of(seats)
    match = table.match
    step = 0
    while not (match.state.to_act == 0 and match.state.phase == ACTION):
        assert table.submit(decide(match.game, match.state, "easy", step), by_bot=match.state.to_act != 0)
        step += 1
        settle(app, table)
    player = match.state.players[0]
    card, loc = next((c, i) for c in player.hand for i in (0, 1, 2) if fits(player, c, i))
    was = match.state.players[0]
    painted.clear()
    land(app, table, PlayCard(card, loc), by_bot=False)
    now = match.state.players[0]
    # what the move changed on Ana's board: the location the card went to, any other location or
    # camp whose scientists moved (the card's effect), the header's counts
    locs = {i for i in (0, 1, 2) if (was.cards[i], was.scientists[i + 1], was.flags[i])
            != (now.cards[i], now.scientists[i + 1], now.flags[i])}
    camps = {k for k, pos in ((0, 0), (1, 4)) if was.scientists[pos] != now.scientists[pos]}
    assert loc in locs
    assert set(kinds(painted)) <= {"loc", "camp", "header"}  # nothing off Ana's board
    assert {key[1] for key in painted if key[0] == "loc"} == locs
    assert {key[1] for key in painted if key[0] == "camp"} == camps
    # each once, but the card's location: as the move shows it (the card still flying), with the
    # card landed and its scientists still to move, and with them moved
    shown = Counter(key[:2] for key in painted)
    assert shown[("loc", loc)] <= 3
    assert all(n == 1 for piece, n in shown.items() if piece != ("loc", loc)), shown
    assert len(painted) <= 1 + len(camps) + len(locs) + 2


def test_a_turn_ending_take_does_not_repaint_the_opponents_that_only_moved(painted):
    """Bots only: the big board follows the seat to act, so every turn the opponents' boards change
    places in the right column. Only the board of the seat that just played shows anything new."""
    seats = [SeatConfig(n, i, BOT, "easy") for i, n in enumerate(["Ana", "Bruno", "Carla", "Dario"])]
    app, table = table_of(seats, seed=5)
    match = table.match
    step = 0
    checked = 0
    while checked < 6 and not match.is_over():
        action = decide(match.game, match.state, "easy", step)
        step += 1
        actor, phase = match.state.to_act, match.state.phase
        painted.clear()
        land(app, table, action, by_bot=True)
        if phase == TAKE and match.state.to_act not in (None, actor):
            # the main seat changed: the one that played is an opponent now, the others moved
            opponents = [key[1] for key in painted if key[0] == "opp"]
            assert set(opponents) <= {actor}, opponents
            assert len(opponents) <= 2  # as the move shows it, then as it landed
            checked += 1
    assert checked == 6


def test_the_log_panel_is_not_blitted_again_when_nothing_changed():
    seats = [SeatConfig(n, i, BOT, "easy") for i, n in enumerate(["Ana", "Bruno", "Carla"])]
    app, table = table_of(seats, size=(1920, 1080))
    match = table.match
    assert table.submit(decide(match.game, match.state, "easy", 0), by_bot=True)
    settle(app, table)
    panel = table.log_panel
    assert panel.rect.w > 0
    before = panel.blits
    for _ in range(5):
        app.dirty = True
        app.update()
        app.draw()  # frames continuing the last one: the log's patch of the screen is as it was
    assert app.damage is not None
    assert panel.blits == before
    assert not any(r.colliderect(panel.rect) for r in app.damage)
    # a new line is drawn (and presented) at once
    assert table.submit(decide(match.game, match.state, "easy", 1), by_bot=True)
    settle(app, table)
    assert panel.blits > before
    # a frame drawn whole (a new surface) blits the log whatever changed
    before = panel.blits
    whole = pygame.Surface(app.surface.get_size())
    app.draw(whole)
    assert panel.blits == before + 1


def test_an_event_not_the_pointers_makes_no_still_picture_in_the_events_part_of_the_turn(monkeypatch):
    """The worker's and the window's events reach the table too; only the pointer needs what is under
    it, so only its events bring the still picture up to date before the frame."""
    app, table = table_of([SeatConfig("Bot 1", 0, BOT, "easy"), SeatConfig("Bot 2", 1, BOT, "easy")])
    settle(app, table)
    made: list[str] = []
    real = BorealisTable.repaint_still
    monkeypatch.setattr(BorealisTable, "repaint_still", lambda self, key=None: (made.append("still"), real(self, key)))
    table.forget_still()
    for event in (pygame.event.Event(pygame.USEREVENT, {}), pygame.event.Event(pygame.WINDOWEXPOSED, {}),
                  pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_a, "mod": 0, "unicode": "a", "scancode": 0})):
        table.handle_event(event)
    assert made == [], "no event but the pointer's makes it"
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, {"pos": (5, 5), "rel": (0, 0), "buttons": (0, 0, 0)}))
    assert made == ["still"], "the pointer's does: it reads what is under it"
