"""Offscreen rendering of a table scene: for `polar-table shot` and the bench. No window opens."""

from __future__ import annotations

import os
import time

import pygame

from game.core import registry
from game.core.bots import decide
from game.core.i18n import _


def _headless_app(size: tuple[int, int]):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.app import App
    from scenes.persist import FallbackSettings

    return App(size, headless=True, settings=FallbackSettings())


def bot_match(game_id: str, players: int, seed: int, actions: int):
    """A match of bots (normal level) after ``actions`` bot actions (fewer if the game ends)."""
    from scenes.match import BOT, Match, SeatConfig

    game = registry.get(game_id)
    players = max(game.info.min_players, min(game.info.max_players, players))
    names = (_("Ana"), _("Bo"), _("Cleo"), _("Dan"), _("Eli"), _("Fay"), _("Gus"))
    seats = [SeatConfig(names[i % len(names)], i, BOT, "normal") for i in range(players)]
    match = Match.start(game_id, seats, seed=seed)
    for _i in range(actions):
        if match.is_over():
            break
        seat = match.to_act
        match.apply(decide(match.game, match.state, match.seats[seat].level, match.bot_seed()))
    return match


def _table(app, match):
    from scenes.tables import table_scene_for

    scene = table_scene_for(match.game.info.id)(app, match)
    app.stack.append(scene)  # laid out and drawn, but no hand-over or bots started
    scene.entered = True
    scene.relayout()
    return scene


def render_scene(game_id: str, players: int, seed: int, actions: int, size: tuple[int, int]) -> pygame.Surface:
    """The game's table scene at ``size`` after ``actions`` bot actions, drawn once offscreen."""
    app = _headless_app(size)
    match = bot_match(game_id, players, seed, actions)
    _table(app, match)
    surface = pygame.Surface(size)
    app.update()
    app.draw(surface)
    app.bots.shutdown()
    return surface


def frame_times(
    game_id: str,
    size: tuple[int, int] = (1920, 1080),
    frames: int = 200,
    players: int = 2,
    seed: int = 1,
    actions: int = 12,
) -> list[float]:
    """Seconds per frame of the table scene (update + draw, offscreen), for the bench."""
    app = _headless_app(size)
    match = bot_match(game_id, players, seed, actions)
    _table(app, match)
    return _time_frames(app, frames)


def menu_frame_times(size: tuple[int, int] = (1920, 1080), frames: int = 200) -> list[float]:
    """Seconds per frame of the main menu (update + draw, offscreen)."""
    from scenes.menu import MenuScene

    app = _headless_app(size)
    app.push(MenuScene(app))
    return _time_frames(app, frames)


def _time_frames(app, frames: int) -> list[float]:
    surface = pygame.Surface(app.size)
    app.update()
    app.draw(surface)  # warm the caches
    out = []
    for _i in range(frames):
        t = time.perf_counter()
        app.update()
        app.draw(surface)
        out.append(time.perf_counter() - t)
    app.bots.shutdown()
    return out
