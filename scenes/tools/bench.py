"""``polar-table bench``: measure the performance budgets of DESIGN.md and print one table.

Each measurement that needs a clean process runs in a child (the app itself, or ``python -m scenes.tools.cli``
from source, with a hidden probe flag) with its own temporary data folder, so the
bench never touches the player's saves or settings. A measurement that cannot be made (a scene not
built yet, say) is reported as ``n/a`` with the reason, never as a crash.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
WINDOW_SIZES = ((1280, 720), (1920, 1080), (2560, 1440))
BUDGET_SIZE = (1920, 1080)
"""The frame budget holds at this size; the others are measured beside it."""
FLOOR_RATIO = 1.3
SESSION_GAMES = 20


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
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "scenes.tools.cli"]


def _child(args: list[str], data: Path, timeout: float,
           extra_env: dict[str, str] | None = None) -> tuple[dict[str, Any], float]:
    """Run the app with ``args``; return its last JSON line and the wall time until it printed it."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [*_app_command(), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**_headless_env(data), **(extra_env or {})},
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


# --- measurements ----------------------------------------------------------------------------


@contextlib.contextmanager
def display() -> Iterator[str]:
    """A display for real windows: the one there is, or an Xvfb started for the bench (said in the
    header); none where neither is possible (the window rows then say n/a)."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or not sys.platform.startswith("linux"):
        yield "the machine's display"
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield "no display and no Xvfb: real-window rows are n/a"
        return
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    size = "x".join(map(str, max(WINDOW_SIZES)))
    server = subprocess.Popen([xvfb, f":{number}", "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield f"Xvfb :{number} started for the bench ({size}, software rendering)"
    finally:
        os.environ.pop("DISPLAY", None)
        server.terminate()
        server.wait(timeout=10)


def _real_window() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or not sys.platform.startswith("linux")


def measure_window(quick: bool, data: Path) -> list[Row]:
    """Whole games with bots in a real window at each size, presents included, beside the floor
    measured in the same window; the peak memory of the run at the budget's size."""
    games = [f"{g.info.id}:{g.info.max_players}" for g in _playable()]
    sizes = (BUDGET_SIZE,) if quick else WINDOW_SIZES
    rows: list[Row] = []
    for size in sizes:
        label = f"{size[0]}x{size[1]}"
        if not _real_window():
            rows.append(Row(f"frame time, real window {label}", "n/a", "p99 <= 8 ms", "n/a", "no display"))
            continue
        try:
            out, _ = _child(["--probe", "window-frames", label, *games], data, timeout=900)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(f"frame time, real window {label}", "n/a", "p99 <= 8 ms", "n/a", _why(exc)))
            continue
        floor = out["floor"]
        rows.append(Row(
            f"floor, real window {label}",
            f"fill+present p99 {floor['fill']['p99_ms']:.2f} ms; 60 cards p99 {floor['cards']['p99_ms']:.2f} ms",
            "-", "-", f"present: {out['present']}",
        ))
        for game in out["games"]:
            ratio = game["p99_ms"] / max(1e-6, floor["cards"]["p99_ms"])
            budgeted = tuple(size) == BUDGET_SIZE
            ok = game["p99_ms"] <= 8.0 and ratio <= FLOOR_RATIO
            rows.append(Row(
                f"frame time, {game['game']} {game['players']}p, real window {label}",
                f"median {game['median_ms']:.2f} ms, p99 {game['p99_ms']:.2f} ms ({ratio:.1f}x floor)",
                f"p99 <= 8 ms, <= {FLOOR_RATIO}x floor" if budgeted else "-",
                ("OK" if ok else "OVER") if budgeted else "-",
                f"whole game: {game['actions']} actions, {game['frames']} frames, a bot move every 0.2 s",
            ))
            moving = game.get("moving") or {}
            if moving.get("frames"):
                ok = moving["p99_ms"] <= 8.0
                rows.append(Row(
                    f"  while it animates, {game['game']} {game['players']}p, {label}",
                    f"median {moving['median_ms']:.2f} ms, p99 {moving['p99_ms']:.2f} ms",
                    "p99 <= 8 ms" if budgeted else "-", ("OK" if ok else "OVER") if budgeted else "-",
                    f"{moving['frames']} frames with something moving (a throw, a card dealt), presents included",
                ))
        if tuple(size) == BUDGET_SIZE:
            peak = out["peak_rss_mb"]
            rows.append(Row(f"resident memory, real window {label} (peak)", f"{peak:.0f} MB", "<= 200 MB",
                            _status(peak, 200.0), "whole games with bots, presents included"))
    return rows


def measure_session_memory(quick: bool, data: Path) -> Row:
    """Games back to back in one process: the memory after the 1st, 2nd and last."""
    games = 3 if quick else SESSION_GAMES
    game = _playable()[0]
    what = f"memory after 1, 2, {games} games in one process"
    try:
        out, _ = _child(["--probe", "games-memory", game.info.id, str(game.info.max_players), str(games)],
                        data, timeout=900)
    except Exception as exc:  # noqa: BLE001
        return Row(what, "n/a", "last within 10 MB of 2nd", "n/a", _why(exc))
    after = out["rss_after_mb"]
    growth = after[-1] - after[1]
    return Row(what, f"{after[0]:.0f} / {after[1]:.0f} / {after[-1]:.0f} MB", "last within 10 MB of 2nd",
               _status(growth, 10.0), f"{game.info.id} {game.info.max_players}p with bots, headless; growth "
               f"{growth:+.1f} MB")


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


def _drop_file_cache() -> bool:
    """Empty the operating system's file cache, where allowed (Linux, as root)."""
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def measure_start(quick: bool, data: Path) -> list[Row]:
    """From process launch to the first frame of the main menu, in a real window where there is
    one: warm (the best of a few starts), and cold as after installing (no compiled bytecode, and
    the file cache emptied where the bench may)."""
    frozen = getattr(sys, "frozen", False)
    where = "installed" if frozen else "from source"
    rows = []
    runs = 1 if quick else 3
    for cold in (False, True):
        budget = (2.5 if frozen else 2.0) if cold else (1.5 if frozen else 1.0)
        what = f"start to first menu frame, {'cold' if cold else 'warm'}"
        walls, dropped = [], False
        try:
            for _ in range(runs):
                with tempfile.TemporaryDirectory(prefix="polar-table-cold-") as bytecode:
                    extra = {"PYTHONPYCACHEPREFIX": bytecode} if cold else {}
                    dropped = cold and _drop_file_cache()
                    _, wall = _child(["--first-frame-probe"], data, timeout=60, extra_env=extra)
                walls.append(wall)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(what, "n/a", f"<= {budget} s", "n/a", _why(exc)))
            continue
        shown = max(walls) if cold else min(walls)
        bytecode = "" if frozen else "no bytecode, "  # a bundle carries its bytecode
        how = (f"{bytecode}file cache emptied" if dropped else f"{bytecode}file cache kept (not allowed here)") \
            if cold else "best"
        rows.append(Row(what, f"{shown:.3f} s", f"<= {budget} s", _status(shown, budget),
                        f"{how}, of {runs}; {where}; {os.environ.get('DISPLAY') and 'real window' or 'no display'}"))
    return rows


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
    """Each game's normal and hard bots deciding through the game (its physics' resolver handed over,
    as the app does); a searching bot's candidates tried are said."""
    rows = []
    for game in _playable():
        for level, decisions in (("normal", 10 if quick else 60), ("hard", 4 if quick else 20)):
            rows.append(_bot_row(game, level, decisions))
    return rows


def _bot_row(game: Any, level: str, decisions: int) -> Row:
    from game.core.bots import decide
    from physics.resolvers import resolver_for

    options = game.default_options(game.info.min_players)
    state = game.new_game(options, 3)
    times = []
    step = 0
    bot = game.bots().get(level) if hasattr(game, "bots") else None
    tried = getattr(bot, "tried", None)
    tried_before = len(tried) if isinstance(tried, list) else 0
    try:
        while len(times) < decisions:
            if game.is_over(state):
                state = game.new_game(options, 4 + step)
            t0 = time.perf_counter()
            decide(game, state, level, step, resolver=resolver_for(game.info.id))
            times.append(time.perf_counter() - t0)
            state = game.apply(state, decide(game, state, "easy", step, resolver=resolver_for(game.info.id)))
            step += 1
    except Exception as exc:  # noqa: BLE001
        return Row(f"bot decision ({level}), {game.info.id}", "n/a", "<= 0.5 s", "n/a", _why(exc))
    p95 = percentile(times, 0.95)
    note = f"{len(times)} decisions"
    if isinstance(tried, list) and len(tried) > tried_before:
        counts = tried[tried_before:]
        note += f"; candidates tried: fewest {min(counts)}, median {statistics.median(counts):.0f}"
    return Row(f"bot decision ({level}), {game.info.id}",
               f"median {statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms",
               "<= 0.5 s", _status(p95, 0.5), note)


def measure_long_load(quick: bool) -> list[Row]:
    """Continue on the longest game each game knows (its ``longest_game``): the save read, checked
    and replayed, and the match with its log made, as the menu's worker and Continue do."""
    from game.core.record import Record
    from scenes.session.match import Match
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
    """Iluliaq's throw simulated to rest on an iceberg holding 20 animal cards (DESIGN.md: a median
    of 5 ms or less)."""
    from physics.iluliaq.bench import RESTING, time_throws

    times = time_throws(20 if quick else 200)
    return [
        Row(
            f"Iluliaq throw to rest ({RESTING} cards resting)",
            f"median {statistics.median(times) * 1000:.2f} ms, p95 {percentile(times, 0.95) * 1000:.2f} ms, "
            f"max {max(times) * 1000:.2f} ms",
            "median <= 5 ms",
            _status(statistics.median(times), 0.005),
            f"{len(times)} aimed throws, pymunk {_pymunk_version()}",
        )
    ]


def _pymunk_version() -> str:
    import pymunk

    return pymunk.version


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


PARTS = ("start", "idle", "window", "memory", "bots", "load", "throw", "selfplay")
"""What the bench measures, in order (``--only`` picks some)."""


def collect(quick: bool, only: set[str] | None = None) -> tuple[list[Row], str]:
    rows: list[Row] = []
    saved_env = dict(os.environ)
    wanted = only or set(PARTS)
    with tempfile.TemporaryDirectory(prefix="polar-table-bench-") as tmp, display() as where:
        data = Path(tmp)
        windowed = {
            "start": lambda: measure_start(quick, data),
            "idle": lambda: [measure_idle(quick, data)],
            "window": lambda: measure_window(quick, data),
            "memory": lambda: [measure_session_memory(quick, data)],
        }
        for name, measure in windowed.items():
            if name in wanted:
                rows.extend(measure())
        os.environ.setdefault("POLAR_TABLE_DATA", str(data))
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        headless = {"bots": measure_bots, "load": measure_long_load, "throw": measure_throw,
                    "selfplay": measure_selfplay}
        for name, measure_quick in headless.items():
            if name in wanted:
                rows.extend(measure_quick(quick))
    os.environ.clear()
    os.environ.update(saved_env)
    return rows, where


def main(quick: bool = False, only: set[str] | None = None) -> int:
    rows, where = collect(quick, only)
    print(
        f"Polar Table bench{' (quick)' if quick else ''}: Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}; windows on {where}"
    )
    print(format_table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:]))
