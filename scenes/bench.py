"""``polar-table bench``: measure the performance budgets of DESIGN.md and print one table.

Each measurement that needs a clean process runs in a child (the app itself, or ``python -m scenes.cli``
from source, with a hidden probe flag) with its own temporary data folder, so the
bench never touches the player's saves or settings. A measurement that cannot be made (a scene not
built yet, say) is reported as ``n/a`` with the reason, never as a crash.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FRAME_SIZE = (1920, 1080)


@dataclass(frozen=True)
class Row:
    what: str
    measured: str
    budget: str
    status: str  # OK, OVER, n/a or "-" (no budget)
    note: str = ""


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 100 values is the 99th smallest)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def _status(value: float, budget: float) -> str:
    return "OK" if value <= budget else "OVER"


def _headless_env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["POLAR_TABLE_DATA"] = str(data)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _app_command() -> list[str]:
    """How to start this app again: the bundle's own executable when frozen, else the CLI module."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "scenes.cli"]


def _child(args: list[str], data: Path, timeout: float) -> tuple[dict[str, Any], float]:
    """Run the app with ``args``; return its last JSON line and the wall time until it printed it."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [*_app_command(), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_headless_env(data),
        cwd=ROOT,
    )
    found: dict[str, Any] | None = None
    seen_at = 0.0
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            line = line.strip()
            if line.startswith("{"):
                try:
                    found = json.loads(line)
                    seen_at = time.perf_counter() - started
                except json.JSONDecodeError:
                    continue
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise RuntimeError(f"the probe did not finish in {timeout:.0f} s") from None
    if found is None or proc.returncode != 0:
        err = (proc.stderr.read() if proc.stderr else "").strip().splitlines()
        raise RuntimeError(err[-1] if err else f"the probe exited with code {proc.returncode}")
    return found, seen_at


def _playable() -> list[Any]:
    from game.core import registry

    games = []
    for game_id in registry.available():
        try:
            games.append(registry.get(game_id))
        except Exception:  # noqa: BLE001, S112 - a game under construction is left out of the bench
            continue
    return games


# --- probes run in a child -------------------------------------------------------------------


def _menu_app(started: float) -> Any:
    from scenes.app import App
    from scenes.menu import MenuScene

    app = App(started_at=started)
    app.push(MenuScene(app))
    deadline = time.perf_counter() + 30
    while app.first_menu_frame_at is None and time.perf_counter() < deadline:
        app.step(block=False)
        if app.window is not None:
            import pygame

            pygame.display.flip()
    if app.first_menu_frame_at is None:
        raise RuntimeError("the main menu was never drawn")
    return app


def first_frame_probe(started: float) -> int:
    """Open the menu, print the seconds from ``started`` to its first frame, exit."""
    app = _menu_app(started)
    print(json.dumps({"first_menu_frame_s": round(app.first_menu_frame_at - started, 4)}), flush=True)
    app.close()
    return 0


def idle_probe(seconds: float, started: float) -> int:
    """Open the menu, let the loop idle ``seconds``, print the CPU share it used meanwhile."""
    app = _menu_app(started)
    for _ in range(3):  # let any opening animation settle
        app.step(block=False)
    frames = app.frames
    import pygame

    wake = pygame.event.custom_type()
    pygame.time.set_timer(wake, max(1, round(seconds * 1000)), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds and app.running:
        app.step()  # sleeps until an event: the timer above ends the wait
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


def memory_probe() -> int:
    """Play a whole game of each playable game at its largest table with bots, drawing every frame at
    1920x1080 in one app as a player would see it; print the peak resident memory."""
    from scenes import shot

    for game in _playable():
        players = game.info.max_players
        # a move every 4 frames; 1200 frames cover a whole Borealis game (about 130 actions)
        shot.frame_times(game.info.id, FRAME_SIZE, frames=1200, players=players, actions=0, move_every=4, pace=0.0)
    print(json.dumps({"peak_rss_mb": round(peak_rss_mb(), 1)}), flush=True)
    return 0


def peak_rss_mb() -> float:
    """This process's peak resident memory. On Linux from VmHWM: ru_maxrss survives exec, so a child
    started from a big parent would report the parent's size."""
    import resource

    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


# --- measurements ----------------------------------------------------------------------------


def measure_frames(quick: bool) -> list[Row]:
    rows = []
    try:
        from scenes import shot

        frame_times: Callable[..., Sequence[float]] = shot.frame_times
        move_every = shot.MOVE_EVERY
    except (ImportError, AttributeError) as exc:
        return [
            Row(
                "frame time p99, table scenes 1920x1080",
                "n/a",
                "<= 8 ms",
                "n/a",
                f"scenes.shot.frame_times missing ({exc.__class__.__name__})",
            )
        ]
    frames = 30 if quick else 240
    for game in _playable():
        for players in sorted({game.info.min_players, game.info.max_players}):
            try:
                times = [t * 1000 for t in frame_times(game.info.id, FRAME_SIZE, frames, players)]
            except Exception as exc:  # noqa: BLE001
                rows.append(Row(f"frame time, {game.info.id} {players}p", "n/a", "p99 <= 8 ms", "n/a", _why(exc)))
                continue
            p99 = percentile(times, 0.99)
            rows.append(
                Row(
                    f"frame time, {game.info.id} table {players}p 1920x1080",
                    f"median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms",
                    "p99 <= 8 ms",
                    _status(p99, 8.0),
                    f"{len(times)} frames at 60 fps, a bot move every {move_every} frames",
                )
            )
    return rows


def measure_idle(quick: bool, data: Path) -> Row:
    seconds = 2.0 if quick else 5.0
    try:
        out, _ = _child(["--idle-probe", str(seconds)], data, timeout=seconds + 60)
    except Exception as exc:  # noqa: BLE001
        return Row("CPU while idle (main menu)", "n/a", "<= 3 % of one core", "n/a", _why(exc))
    percent = out["idle_cpu_percent"]
    return Row(
        "CPU while idle (main menu)",
        f"{percent:.2f} %",
        "<= 3 % of one core",
        _status(percent, 3.0),
        f"{out['seconds']:.1f} s, {out['frames']} frames drawn; video driver {out['driver']}, whose bare "
        f"event wait alone costs {out['sdl_wait_cpu_percent']:.2f} %",
    )


def measure_start(quick: bool, data: Path) -> Row:
    runs = 1 if quick else 3
    walls = []
    try:
        for _ in range(runs):
            _, wall = _child(["--first-frame-probe"], data, timeout=60)
            walls.append(wall)
    except Exception as exc:  # noqa: BLE001
        return Row("start to first menu frame", "n/a", "<= 1.0 s", "n/a", _why(exc))
    frozen = getattr(sys, "frozen", False)
    budget = 1.5 if frozen else 1.0
    best = min(walls)
    return Row(
        "start to first menu frame",
        f"{best:.3f} s",
        f"<= {budget} s",
        _status(best, budget),
        f"best of {runs}, from process launch, {'installed' if frozen else 'from source'}",
    )


def measure_selfplay(quick: bool) -> list[Row]:
    from game.core.selfplay import play
    from physics.resolvers import resolver_for

    rows = []
    games_each = 2 if quick else 10
    for game in _playable():
        options = game.default_options(game.info.min_players)
        started = time.perf_counter()
        failed = 0
        try:
            for seed in range(games_each):
                failed += not play(game, options, seed + 1, ("easy",), resolver_for(game.info.id)).ok
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(f"selfplay, {game.info.id}", "n/a", "-", "n/a", _why(exc)))
            continue
        rate = games_each / (time.perf_counter() - started)
        note = f"{games_each} games" + (f", {failed} failed" if failed else "")
        rows.append(
            Row(f"selfplay, {game.info.id} (easy bots)", f"{rate:.2f} games/s", "-", "FAIL" if failed else "-", note)
        )
    return rows


def measure_bots(quick: bool) -> list[Row]:
    from game.core.bots import decide
    from physics.resolvers import resolver_for

    rows = []
    decisions = 10 if quick else 60
    for game in _playable():
        options = game.default_options(game.info.min_players)
        state = game.new_game(options, 3)
        times = []
        step = 0
        try:
            while len(times) < decisions:
                if game.is_over(state):
                    state = game.new_game(options, 4 + step)
                t0 = time.perf_counter()
                decide(game, state, "normal", step, resolver=resolver_for(game.info.id))
                times.append(time.perf_counter() - t0)
                state = game.apply(state, decide(game, state, "easy", step, resolver=resolver_for(game.info.id)))
                step += 1
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(f"bot decision, {game.info.id}", "n/a", "<= 0.5 s", "n/a", _why(exc)))
            continue
        p95 = percentile(times, 0.95)
        rows.append(
            Row(
                f"bot decision (normal), {game.info.id}",
                f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms",
                "<= 0.5 s",
                _status(p95, 0.5),
                f"{len(times)} decisions",
            )
        )
    return rows


def measure_long_load(quick: bool) -> list[Row]:
    """Continue on the longest game each game knows (its ``longest_game``): the save read, checked
    and replayed, and the match with its log made, as the menu's worker and Continue do."""
    from game.core.record import Record
    from scenes.match import Match
    from scenes.storage import saves
    from scenes.storage.saves import SavedGame, Seat

    rows = []
    for game in _playable():
        try:
            longest = game.longest_game(game.info.max_players)
            if longest is None:
                continue
            options, seed, actions = longest
            record = Record(game.info.id, game.version, options, seed, [a.to_json() for a in actions])
            seats = [Seat(f"P{i + 1}", i, "human") for i in range(options.players)]
            raw = SavedGame(record, seats).dumps().encode("utf-8")
            times = []
            for _run in range(2 if quick else 7):
                t0 = time.perf_counter()
                Match.from_saved(saves.loads(raw))
                times.append(time.perf_counter() - t0)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(f"load the longest save, {game.info.id}", "n/a", "<= 1.0 s", "n/a", _why(exc)))
            continue
        rows.append(
            Row(
                f"load the longest save, {game.info.id}",
                f"median {statistics.median(times):.2f} s, max {max(times):.2f} s",
                "<= 1.0 s",
                _status(max(times), 1.0),
                f"{len(actions):,} actions, {options.players}p, {len(raw) // 1024} KB, {len(times)} runs",
            )
        )
    return rows


def measure_throw(quick: bool) -> list[Row]:
    """Iluliaq's throw simulation, only once that game is playable."""
    if "iluliaq" not in [g.info.id for g in _playable()]:
        return []
    try:
        from physics import iluliaq as sim  # type: ignore[attr-defined]

        simulate = sim.bench_throw
    except (ImportError, AttributeError) as exc:
        return [
            Row(
                "Iluliaq throw to rest",
                "n/a",
                "<= 5 ms",
                "n/a",
                f"physics.iluliaq.bench_throw(seed) missing ({exc.__class__.__name__})",
            )
        ]
    times = []
    for seed in range(10 if quick else 100):
        t0 = time.perf_counter()
        simulate(seed)
        times.append(time.perf_counter() - t0)
    p95 = percentile(times, 0.95)
    return [
        Row(
            "Iluliaq throw to rest",
            f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms",
            "<= 5 ms",
            _status(p95, 0.005),
            f"{len(times)} throws",
        )
    ]


def measure_memory(data: Path) -> Row:
    try:
        out, _ = _child(["--memory-probe"], data, timeout=600)
    except Exception as exc:  # noqa: BLE001
        return Row("resident memory in play (peak)", "n/a", "<= 200 MB", "n/a", _why(exc))
    peak = out["peak_rss_mb"]
    return Row(
        "resident memory in play (peak)",
        f"{peak:.0f} MB",
        "<= 200 MB",
        _status(peak, 200.0),
        "bots playing every game, tables drawn at 1920x1080",
    )


def _why(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{exc.__class__.__name__}: {text}"[:90]


# --- the table -------------------------------------------------------------------------------


def format_table(rows: Sequence[Row]) -> str:
    header = Row("what", "measured", "budget", "status", "note")
    table = [header, *rows]
    widths = [max(len(getattr(r, f)) for r in table) for f in ("what", "measured", "budget", "status")]

    def line(r: Row) -> str:
        cells = [
            r.what.ljust(widths[0]),
            r.measured.ljust(widths[1]),
            r.budget.ljust(widths[2]),
            r.status.ljust(widths[3]),
            r.note,
        ]
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * w for w in widths) + "  " + "-" * 4
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def collect(quick: bool) -> list[Row]:
    rows: list[Row] = []
    saved_env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="polar-table-bench-") as tmp:
        data = Path(tmp)
        rows.append(measure_start(quick, data))
        rows.append(measure_idle(quick, data))
        os.environ.setdefault("POLAR_TABLE_DATA", str(data))
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        rows.extend(measure_frames(quick))
        rows.extend(measure_bots(quick))
        rows.extend(measure_long_load(quick))
        rows.extend(measure_throw(quick))
        rows.extend(measure_selfplay(quick))
        rows.append(measure_memory(data))
    os.environ.clear()
    os.environ.update(saved_env)
    return rows


def main(quick: bool = False) -> int:
    rows = collect(quick)
    print(
        f"Polar Table bench{' (quick)' if quick else ''}: Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}"
    )
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:]))
