"""The probes ``polar-table bench`` runs in a child process (``python -m scenes.tools.cli --probe NAME``):
each opens the app as a person would, measures one thing and prints one JSON line.

- ``window_frames``: whole games with bots in a real window (the present path the app chooses),
  every drawn frame timed from the loop's turn to its present, in wall time and in the main thread's
  CPU (``time.thread_time``), with the 1-minute load average once a second; before and after each
  game, in the same window and paced at 60 fps as the game's frames are, the floor: a frame that
  only fills and presents, and one that blits 60 card-sized surfaces. ``--profile`` runs cProfile
  over each frame and keeps the worst 5 % of frames' costs (``FrameProfiler``).
- ``games_memory``: games played back to back in one process, the resident memory after each.
- ``first_frame_probe`` and ``idle_probe``: the main menu's first frame from process launch, and
  the CPU the loop uses while nothing moves.
"""

from __future__ import annotations

import cProfile
import faulthandler
import io
import json
import math
import os
import pstats
import statistics
import time
from array import array
from dataclasses import dataclass, field
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


def load_average() -> float:
    """The machine's 1-minute load average now (0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return 0.0


def _loads(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 2), "mean": round(statistics.fmean(values), 2), "max": round(max(values), 2)}


class FrameProfiler:
    """cProfile over one frame at a time (``start``/``stop`` around the frame): each frame's own
    costs are kept, compactly (function ids and four numbers each, no callers), with its main-thread
    CPU, so that once the game is over the frames above the 95th percentile of CPU can be merged and
    their top costs printed (``report``). Kept per frame because the worst frames are what a player
    sees stutter, and a profile of the whole game would drown them in the ordinary frames."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = str(root or Path(__file__).resolve().parents[2]) + os.sep
        self._ids: dict[tuple, int] = {}
        self._keys: list[tuple] = []
        self.frames: list[tuple[float, array, array]] = []
        self._profile: cProfile.Profile | None = None

    def start(self) -> None:
        self._profile = cProfile.Profile(time.thread_time)  # CPU, as the frames are chosen: not the waits
        self._profile.enable()

    def pause(self) -> None:
        """The frame is presented: what the turn does after it is not the frame's."""
        if self._profile is not None:
            self._profile.disable()

    def stop(self, cpu: float, keep: bool = True) -> None:
        """End the frame's profile; ``keep`` it (a drawn frame) with its ``cpu`` seconds."""
        profile, self._profile = self._profile, None
        if profile is None:
            return
        profile.disable()
        if not keep:
            return
        profile.create_stats()
        ids, numbers = array("I"), array("d")
        for key, (cc, nc, tt, ct, _callers) in profile.stats.items():  # type: ignore[attr-defined]
            ids.append(self._id(key))
            numbers.extend((cc, nc, tt, ct))
        self.frames.append((cpu, ids, numbers))

    def _id(self, key: tuple) -> int:
        found = self._ids.get(key)
        if found is None:
            filename, line, name = key
            if filename.startswith(self.root):
                filename = filename[len(self.root):]
            elif "site-packages" + os.sep in filename:
                filename = filename.split("site-packages" + os.sep, 1)[1]
            found = self._ids[key] = len(self._keys)
            self._keys.append((filename, line, name))
        return found

    def worst(self, fraction: float = 0.05) -> list[tuple[float, array, array]]:
        """The kept frames of most CPU: the worst ``fraction`` of them (at least one)."""
        count = max(1, math.ceil(fraction * len(self.frames))) if self.frames else 0
        return sorted(self.frames, key=lambda frame: frame[0], reverse=True)[:count]

    def report(self, fraction: float = 0.05, top: int = 10) -> str:
        """The worst frames' costs merged (pstats), the ``top`` by cumulative time, as text."""
        worst = self.worst(fraction)
        if not worst:
            return "no frames profiled"
        merged: dict[tuple, list[float]] = {}
        for _cpu, ids, numbers in worst:
            for i, fid in enumerate(ids):
                entry = merged.setdefault(self._keys[fid], [0, 0, 0.0, 0.0])
                for k in range(4):
                    entry[k] += numbers[4 * i + k]
        out = io.StringIO()
        stats = pstats.Stats(stream=out)
        stats.stats = {key: (int(cc), int(nc), tt, ct, {}) for key, (cc, nc, tt, ct) in merged.items()}
        stats.get_top_level_stats()
        cpu = sum(frame[0] for frame in worst)
        out.write(f"{len(worst)} frames of {len(self.frames)} (the worst {fraction * 100:g} % by main-thread CPU, "
                  f"{cpu * 1000 / len(worst):.2f} ms each on average, profiler on; the times below are "
                  f"main-thread CPU seconds)\n")
        stats.sort_stats("cumulative").print_stats(top)
        return "\n".join(line for line in out.getvalue().splitlines() if line.strip()).rstrip()


@dataclass
class FrameLog:
    """What the window probe keeps of a game's drawn frames: each frame's wall and main-thread CPU
    seconds, the same for the frames drawn while something moves, and the 1-minute load average
    once a second (the machine is shared: a frame row says how busy it was)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    moving_wall: list[float] = field(default_factory=list)
    moving_cpu: list[float] = field(default_factory=list)
    after: list[float] = field(default_factory=list)
    """Per drawn frame: the wall seconds its turn worked after the present."""
    after_cpu: list[float] = field(default_factory=list)
    late: int = 0
    """Turns whose frame and work after it took longer than a frame (the next frame is late)."""
    loads: list[float] = field(default_factory=list)
    profiler: FrameProfiler | None = None
    _load_at: float = 0.0

    def add(self, wall: float, cpu: float, moving: bool, after: float = 0.0, after_cpu: float = 0.0) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)
        self.after.append(after)
        self.after_cpu.append(after_cpu)
        if wall + after > 1 / FPS:
            self.late += 1
        if moving:
            self.moving_wall.append(wall)
            self.moving_cpu.append(cpu)

    def sample_load(self, now: float) -> None:
        if now >= self._load_at:
            self._load_at = now + 1.0
            self.loads.append(load_average())

    def summary(self) -> dict[str, Any]:
        moving = {"frames": len(self.moving_wall)}
        if self.moving_wall:
            moving.update(wall=_spread(self.moving_wall), cpu=_spread(self.moving_cpu))
        between = {"wall": _spread(self.after), "cpu": _spread(self.after_cpu), "late": self.late} if self.after else {}
        return {"frames": len(self.wall), "wall": _spread(self.wall), "cpu": _spread(self.cpu), "moving": moving,
                "between": between,
                "load": _loads(self.loads or [load_average()])}


def _floor(size: tuple[int, int], frames: int) -> dict[str, Any]:
    """Fill + present, and fill + 60 card-sized blits + present, in the window as it is, paced at
    60 fps as the game's frames are (a frame's work, then a sleep to the frame's end: an unpaced
    burst measures another machine, one where the present never waits and the caches stay hot)."""
    surface = pygame.display.get_surface()
    card = pygame.Surface((round(size[0] / 16), round(size[0] / 16 * 1.4)))
    card.fill((232, 244, 250))
    loads = [load_average()]

    def paced(draw: Any) -> dict[str, Any]:
        wall, cpu = [], []
        for i in range(frames):
            started, cpu0 = time.perf_counter(), time.thread_time()
            draw(i)
            pygame.display.flip()
            spent = time.perf_counter() - started
            wall.append(spent)
            cpu.append(time.thread_time() - cpu0)
            if spent < 1 / FPS:
                time.sleep(1 / FPS - spent)
        return {**_spread(wall), "cpu": _spread(cpu)}

    def fill(i: int) -> None:
        surface.fill((11, 29, 51 + i % 2))

    def cards(i: int) -> None:
        surface.fill((11, 29, 51 + i % 2))
        for k in range(60):
            surface.blit(card, ((k * 97 + i) % (size[0] - card.get_width()), (k * 53) % (size[1] - card.get_height())))

    out = {"fill": paced(fill), "cards": paced(cards)}
    loads.append(load_average())
    return {**out, "load": _loads(loads)}


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
                    moving: list[float] | None = None, log: FrameLog | None = None) -> int:
    """Run the app's loop until the game is over, a bot move every ``move_every`` turns of the loop;
    append each drawn frame's seconds (from the turn's start to its present) to ``times``, and those
    drawn while the table animates (a throw flying and sliding, a card dealt) to ``moving`` as well;
    ``log`` keeps each drawn frame's wall and main-thread CPU, and the work the turn did after its
    present (``Scene.between_frames``: a move landing, the still picture made for the next frame), and
    profiles the frame when it has a profiler. Returns the number of actions played."""
    from game.core.bots import decide
    from physics.resolvers import resolver_for as resolver

    match = table.match
    profiler = log.profiler if log is not None else None
    if profiler is not None:
        app.on_present = profiler.pause  # the frame's profile ends at its present
    turn = 0
    while not match.is_over():
        move = None
        if turn % move_every == move_every - 1 and app.top is table:
            # decided before the frame's clock starts: the app's bots decide on a worker thread
            move = decide(match.game, match.state, "normal", match.bot_seed(), resolver=resolver(match.game.info.id))
        watch = (moving is not None or log is not None) and app.top is table
        animating = watch and table.animating()  # before the clock starts
        if profiler is not None:
            profiler.start()
        started, cpu0 = time.perf_counter(), time.thread_time()
        if move is not None:
            if not pace:  # unpaced: the last move need not be watched (the table holds bots until it is)
                table.finish_animations()
            table.hand_bot_answer(move)  # lands after the turn's frame, where the app lands its bots' answers
        drawn = app.frames
        app.step(block=False)
        ended, cpu_end = time.perf_counter(), time.thread_time()
        turn_spent = ended - started
        if app.frames != drawn:
            spent, cpu = app.presented_at - started, app.presented_cpu - cpu0
            after, after_cpu = ended - app.presented_at, cpu_end - app.presented_cpu
        else:
            spent, cpu, after, after_cpu = turn_spent, cpu_end - cpu0, 0.0, 0.0
        if profiler is not None:
            profiler.stop(cpu, keep=app.frames != drawn)
        if app.frames != drawn:
            still = animating or (watch and app.top is table and table.animating())
            if times is not None:
                times.append(spent)
                if moving is not None and still:
                    moving.append(spent)
            if log is not None:
                log.add(spent, cpu, still, after, after_cpu)
        if log is not None:
            log.sample_load(started)
        if app.top is not table and not match.is_over():
            app.pop()  # a hand-over or pause screen: not in a bots-only game, but never stall
        turn += 1
        if pace and turn_spent < 1 / FPS:
            time.sleep(1 / FPS - turn_spent)
    app.on_present = None
    return len(match.history.actions)


def workers_idle(timeout: float = 120.0) -> None:
    """Wait until the kit's worker thread has done what tables handed it (the physics' recordings of
    Iluliaq's throws): an unpaced game hands it throws faster than it records them, and up to six were
    still queued when a game ended. Memory is then read with no thread holding a game's work, and the
    app is closed (and the interpreter finalised) with no thread running physics."""
    from scenes.kit import refining

    pool = getattr(refining, "_POOL", None)
    if pool is not None:
        pool.submit(lambda: None).result(timeout)


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
    workers_idle()  # the table's throws still being recorded go before the heap is trimmed
    app.back_to_menu()  # the table closes: the app collects it and trims the heap at once
    app.step(block=False)  # the menu's first turn


def window_frames(size: tuple[int, int], games: list[tuple[str, int]], move_every: int, floor_frames: int,
                  profile: bool = False) -> int:
    """Each game whole in one real window, the floor taken in that window before and after each
    game; with ``profile``, each game's worst 5 % of frames by main-thread CPU profiled."""
    from scenes.shell.app import App
    from scenes.shell.menu import MenuScene
    from scenes.storage.settings import Settings

    faulthandler.enable()  # a crash says where, in every thread
    app = App(size, settings=Settings())
    app.push(MenuScene(app))
    out: dict[str, Any] = {"size": list(size), "present": app.present_path, "driver": pygame.display.get_driver(),
                           "profiled": profile, "games": []}
    for game_id, players in games:
        before = _floor(app.size, floor_frames)
        app.invalidate()  # the floor painted over the menu: the next frame is drawn whole
        log = FrameLog(profiler=FrameProfiler() if profile else None)
        actions = play_whole_game(app, _bot_table(app, game_id, players, seed=5), move_every, pace=True, log=log)
        back_to_menu(app)
        after = _floor(app.size, floor_frames)
        app.invalidate()
        played = {"game": game_id, "players": players, "actions": actions, **log.summary(),
                  "floor_before": before, "floor_after": after}
        if log.profiler is not None:
            played["profile"] = log.profiler.report(0.05, 10)
        out["games"].append(played)
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

    faulthandler.enable()  # a crash says where, in every thread
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
    """``window-frames WxH GAME:PLAYERS... [--move-every N] [--floor-frames N] [--profile]`` or
    ``games-memory GAME PLAYERS N``."""
    name, rest = argv[0], argv[1:]
    if name == "window-frames":
        width, height = (int(v) for v in rest[0].split("x"))
        games = [(spec.split(":")[0], int(spec.split(":")[1])) for spec in rest[1:] if ":" in spec]
        move_every = int(rest[rest.index("--move-every") + 1]) if "--move-every" in rest else 12
        floor_frames = int(rest[rest.index("--floor-frames") + 1]) if "--floor-frames" in rest else 120
        return window_frames((width, height), games, move_every, floor_frames, profile="--profile" in rest)
    if name == "games-memory":
        return games_memory(rest[0], int(rest[1]), int(rest[2]))
    raise SystemExit(f"unknown probe {name}")
