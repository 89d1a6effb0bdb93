"""Offscreen rendering of a table scene: for `polar-table shot` and the bench. No window opens."""

from __future__ import annotations

import os
import time

import pygame

from game.core import registry
from game.core.bots import decide
from game.core.i18n import _
from physics.resolvers import resolver_for


def _headless_app(size: tuple[int, int], language: str = "en", text_size: float = 1.0):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from scenes.shell.app import App
    from scenes.storage.settings import Settings

    return App(size, headless=True, settings=Settings(language=language, ui_scale=text_size))


def bot_match(game_id: str, players: int, seed: int, actions: int, kids: bool = False):
    """A match of bots (normal level) after ``actions`` bot actions (fewer if the game ends)."""
    from scenes.session.match import BOT, Match, SeatConfig

    game = registry.get(game_id)
    players = max(game.info.min_players, min(game.info.max_players, players))
    names = (_("Ana"), _("Bo"), _("Cleo"), _("Dan"), _("Eli"), _("Fay"), _("Gus"))
    seats = [SeatConfig(names[i % len(names)], i, BOT, "normal") for i in range(players)]
    match = Match.start(game_id, seats, kids=kids, seed=seed)
    for _i in range(actions):
        if match.is_over():
            break
        seat = match.to_act
        match.apply(_bot_move(match, match.seats[seat].level))
    return match


def _table(app, match):
    from scenes.shell.tables import table_scene_for

    match.savable = False  # a throwaway match: it never touches the saves or the players' profiles
    scene = table_scene_for(match.game.info.id)(app, match)
    app.stack.append(scene)  # laid out and drawn, but no hand-over started
    scene.bots_play = False  # the caller moves the bots
    scene.relayout()
    return scene


def _bot_move(match, level: str = "normal"):
    """What a bot of ``level`` plays for the seat to act (an intent completed by the game's physics)."""
    return decide(match.game, match.state, level, match.bot_seed(), resolver=resolver_for(match.game.info.id))


def render_scene(game_id: str, players: int, seed: int, actions: int, size: tuple[int, int], kids: bool = False,
                 at: float | None = None, language: str = "en", text_size: float = 1.0) -> pygame.Surface:
    """The game's table scene at ``size`` after ``actions`` bot actions, drawn once offscreen, at the
    ``text_size`` of Settings (1.0: 100 %).

    The last action is played through the table, as in the app, and everything it sets moving
    (flying cards, walking pieces, fading highlights) is let arrive before the picture is taken;
    with ``at``, the picture is taken that many seconds into it instead (the frames between are
    drawn at 60 a second, as a window would)."""
    app = _headless_app(size, language, text_size)
    match = bot_match(game_id, players, seed, max(0, actions - 1), kids)
    scene = _table(app, match)
    app.update()
    if actions > 0 and not match.is_over():
        scene.submit(_bot_move(match), by_bot=True)
    app.update()
    if at is None:
        app.finish_animations()
    else:
        until, frame = time.perf_counter() + at, pygame.Surface(size)
        while time.perf_counter() < until:
            app.draw(frame)
            time.sleep(min(1 / 60, max(0.0, until - time.perf_counter())))
    app.update()
    surface = pygame.Surface(size)
    app.draw(surface)
    app.bots.shutdown()
    return surface


MOVE_EVERY = 25
"""Frames between two bot moves while the bench times a table (0.4 s at 60 fps, near BOT_PACE)."""


def frame_times(
    game_id: str,
    size: tuple[int, int] = (1920, 1080),
    frames: int = 200,
    players: int = 2,
    seed: int = 1,
    actions: int = 12,
    move_every: int = MOVE_EVERY,
    pace: float = 1 / 60,
) -> list[float]:
    """Seconds per frame of the table scene (update + draw, offscreen), for the bench.

    Measured as bots play: a bot move lands every ``move_every`` frames (the frame that applies it
    and starts its animations is timed; the bot's decision is not, the app makes it on a worker
    thread), and frames are paced at ``pace`` seconds (60 fps) so that animations and fading
    highlights span as many frames as on screen."""
    app = _headless_app(size)
    match = bot_match(game_id, players, seed, actions)
    scene = _table(app, match)
    return _time_frames(app, frames, scene, move_every, pace)


def _time_frames(app, frames: int, scene, move_every: int, pace: float) -> list[float]:
    surface = pygame.Surface(app.size)
    app.update()
    app.draw(surface)  # warm the caches
    out = []
    for i in range(frames):
        move = None
        if move_every > 0 and i % move_every == move_every - 1 and not scene.match.is_over():
            move = _bot_move(scene.match, "easy")
        t = time.perf_counter()
        app.update()
        if move is not None:
            scene.submit(move, by_bot=True)
        app.draw(surface)
        spent = time.perf_counter() - t
        out.append(spent)
        if pace > spent:
            time.sleep(pace - spent)
    app.bots.shutdown()
    return out
