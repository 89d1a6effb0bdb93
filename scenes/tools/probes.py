"""The probes ``polar-table bench`` runs in a child process (``python -m scenes.tools.cli --probe NAME``):
each opens the app as a person would, measures one thing and prints one JSON line.

- ``window_frames``: whole games with bots in a real window (the present path the app chooses),
  every drawn frame timed from the loop's turn to its present; beside it, in the same window, the
  floor: a frame that only fills and presents, and one that blits 60 card-sized surfaces.
- ``games_memory``: games played back to back in one process, the resident memory after each.
- ``first_frame_probe`` and ``idle_probe``: the main menu's first frame from process launch, and
  the CPU the loop uses while nothing moves.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

import pygame

FPS = 60
READY_WITHIN = 120.0
"""Seconds the probes give the app to draw its first menu frame and to settle: on a busy machine the
first frame can be slow, and a probe waits for it rather than fail (or hang) on a short clock."""


def resident_mb(field: str = "VmRSS") -> float:
    """This process's resident memory now (VmRSS) or at its peak (VmHWM), on Linux; 0 elsewhere."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


def _spread(values: list[float]) -> dict[str, float]:
    from scenes.tools.bench import percentile

    median, p99 = statistics.median(values), percentile(values, 0.99)
    return {"median_ms": round(median * 1000, 3), "p99_ms": round(p99 * 1000, 3)}


def _floor(size: tuple[int, int], frames: int) -> dict[str, Any]:
    """Fill + present, and fill + 60 card-sized blits + present, in the window as it is."""
    surface = pygame.display.get_surface()
    card = pygame.Surface((round(size[0] / 16), round(size[0] / 16 * 1.4)))
    card.fill((232, 244, 250))
    fill, cards = [], []
    for i in range(frames):
        started = time.perf_counter()
        surface.fill((11, 29, 51 + i % 2))
        pygame.display.flip()
        fill.append(time.perf_counter() - started)
    for i in range(frames):
        started = time.perf_counter()
        surface.fill((11, 29, 51 + i % 2))
        for k in range(60):
            surface.blit(card, ((k * 97 + i) % (size[0] - card.get_width()), (k * 53) % (size[1] - card.get_height())))
        pygame.display.flip()
        cards.append(time.perf_counter() - started)
    return {"fill": _spread(fill), "cards": _spread(cards)}


def _bot_table(app: Any, game_id: str, players: int, seed: int) -> Any:
    from game.core import registry
    from scenes.session.match import BOT, Match, SeatConfig
    from scenes.shell.tables import table_scene_for

    game = registry.get(game_id)
    players = max(game.info.min_players, min(game.info.max_players, players))
    seats = [SeatConfig(f"Bot {i + 1}", i, BOT, "normal") for i in range(players)]
    match = Match.start(game_id, seats, seed=seed)
    match.savable = False  # a measurement: never the player's saves or profiles
    table = table_scene_for(game_id)(app, match)
    table.bots_play = False  # the probe moves the bots on a fixed beat
    app.push(table)
    return table


def play_whole_game(app: Any, table: Any, move_every: int, pace: bool, times: list[float] | None = None,
                    moving: list[float] | None = None) -> int:
    """Run the app's loop until the game is over, a bot move every ``move_every`` turns of the loop;
    append each drawn frame's seconds to ``times``, and those drawn while the table animates (a
    throw flying and sliding, a card dealt) to ``moving`` as well. Returns the number of actions played."""
    from game.core.bots import decide
    from physics.resolvers import resolver_for as resolver

    match = table.match
    turn = 0
    while not match.is_over():
        move = None
        if turn % move_every == move_every - 1 and app.top is table:
            # decided before the frame's clock starts: the app's bots decide on a worker thread
            move = decide(match.game, match.state, "normal", match.bot_seed(), resolver=resolver(match.game.info.id))
        animating = moving is not None and app.top is table and table.animating()  # before the clock starts
        started = time.perf_counter()
        if move is not None:
            if not pace:  # unpaced: the last move need not be watched (the table holds bots until it is)
                table.finish_animations()
            table.hand_bot_answer(move)  # applied inside the loop's turn, as the app applies its bots'
        drawn = app.frames
        app.step(block=False)
        spent = time.perf_counter() - started
        if times is not None and app.frames != drawn:
            times.append(spent)
            if moving is not None and (animating or (app.top is table and table.animating())):
                moving.append(spent)
        if app.top is not table and not match.is_over():
            app.pop()  # a hand-over or pause screen: not in a bots-only game, but never stall
        turn += 1
        if pace and spent < 1 / FPS:
            time.sleep(1 / FPS - spent)
    return len(match.history.actions)


def back_to_menu(app: Any) -> None:
    """Let the end screen come (without its pause), then leave it for the main menu, as a family does.
    The caller keeps no reference to the table, so that the app can let it go."""
    from scenes.shell.end import EndScene
    from scenes.shell.table import TableScene

    for index, scene in enumerate(app.stack):
        if isinstance(scene, TableScene):
            app.stack[index]._end_at = time.perf_counter()
    scene = None  # no reference to the table may outlive the game
    for _turn in range(100):
        app.step(block=False)
        if isinstance(app.top, EndScene):
            break
    app.back_to_menu()
    app.step(block=False)  # the turn after a table closed: the app collects it and trims the heap


def window_frames(size: tuple[int, int], games: list[tuple[str, int]], move_every: int, floor_frames: int) -> int:
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    app = App(size, settings=Settings())
    app.push(MenuScene(app))
    out: dict[str, Any] = {"size": list(size), "present": app.present_path, "driver": pygame.display.get_driver()}
    out["floor"] = _floor(app.size, floor_frames)
    out["games"] = []
    for game_id, players in games:
        times: list[float] = []
        moving: list[float] = []
        actions = play_whole_game(app, _bot_table(app, game_id, players, seed=5), move_every, pace=True, times=times,
                                  moving=moving)
        back_to_menu(app)
        animating = {"frames": len(moving), **(_spread(moving) if moving else {})}
        out["games"].append({"game": game_id, "players": players, "actions": actions, "frames": len(times),
                             **_spread(times), "moving": animating})
    out["peak_rss_mb"] = round(resident_mb("VmHWM"), 1)
    app.close()
    print(json.dumps(out), flush=True)
    return 0


def games_memory(game_id: str, players: int, games: int) -> int:
    """``games`` whole games one after another in one (headless) app, each ended back at the main
    menu as a family would; the resident memory after each (after a collection)."""
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    app = App((1920, 1080), headless=True, settings=Settings())
    app.push(MenuScene(app))
    after = []
    for number in range(games):
        play_whole_game(app, _bot_table(app, game_id, players, seed=100 + number), move_every=2, pace=False)
        back_to_menu(app)
        after.append(round(resident_mb(), 1))
    app.close()
    print(json.dumps({"game": game_id, "players": players, "rss_after_mb": after}), flush=True)
    return 0


# --- the main menu: first frame and idle -------------------------------------------------------


def _menu_app(started: float) -> Any:
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene

    app = App(started_at=started)  # as the app opens it: a real window where there is a display
    app.push(MenuScene(app))
    deadline = time.perf_counter() + READY_WITHIN
    while app.first_menu_frame_at is None and time.perf_counter() < deadline:
        app.step(block=False)
        if app.window is not None:
            pygame.display.flip()
    if app.first_menu_frame_at is None:
        raise RuntimeError(f"the main menu was not drawn within {READY_WITHIN:.0f} s")
    return app


def _settle(app: Any) -> None:
    """Turn the loop until nothing moves any more (an opening animation, a first toast), so that the
    idle measurement starts idle; a turn a frame long, up to READY_WITHIN seconds."""
    deadline = time.perf_counter() + READY_WITHIN
    while app.running and app.next_wait() == 0 and time.perf_counter() < deadline:
        app.step(block=False)
        time.sleep(1 / FPS)


def first_frame_probe(started: float) -> int:
    """Open the menu, print the seconds from ``started`` to its first frame, exit."""
    app = _menu_app(started)
    print(json.dumps({"first_menu_frame_s": round(app.first_menu_frame_at - started, 4)}), flush=True)
    app.close()
    return 0


def idle_probe(seconds: float, started: float) -> int:
    """Open the menu, let the loop idle ``seconds``, print the CPU share it used meanwhile."""
    app = _menu_app(started)
    _settle(app)
    frames = app.frames
    wake = pygame.event.custom_type()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    end = wall0 + seconds
    while app.running:
        left = end - time.perf_counter()
        if left <= 0:
            break
        # Armed again before every wait: a wake that came early (a busy machine can hand the timer's
        # event over before the clock says the time is up) never leaves the loop blocked for good.
        pygame.time.set_timer(wake, max(1, math.ceil(left * 1000)), loops=1)
        app.step()  # sleeps until an event: the timer above ends the wait
    pygame.time.set_timer(wake, 0)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    frames = app.frames - frames
    # What SDL's own event wait costs on this video driver (the dummy driver polls every few ms).
    base_cpu0, base_wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - base_wall0 < min(seconds, 2.0):
        pygame.event.wait(250)
    base = 100 * (time.process_time() - base_cpu0) / (time.perf_counter() - base_wall0)
    print(
        json.dumps(
            {
                "idle_cpu_percent": round(100 * cpu / wall, 3),
                "seconds": round(wall, 3),
                "frames": frames,
                "sdl_wait_cpu_percent": round(base, 3),
                "driver": pygame.display.get_driver(),
            }
        ),
        flush=True,
    )
    app.close()
    return 0


def run(argv: list[str]) -> int:
    """``window-frames WxH GAME:PLAYERS... [--move-every N]`` or ``games-memory GAME PLAYERS N``."""
    name, rest = argv[0], argv[1:]
    if name == "window-frames":
        width, height = (int(v) for v in rest[0].split("x"))
        games = [(spec.split(":")[0], int(spec.split(":")[1])) for spec in rest[1:] if ":" in spec]
        move_every = int(rest[rest.index("--move-every") + 1]) if "--move-every" in rest else 12
        return window_frames((width, height), games, move_every, floor_frames=120)
    if name == "games-memory":
        return games_memory(rest[0], int(rest[1]), int(rest[2]))
    raise SystemExit(f"unknown probe {name}")
