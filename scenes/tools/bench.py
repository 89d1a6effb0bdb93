"""``polar-table bench``: measure the performance budgets (issue 20) and print one table.

Each measurement that needs a clean process runs in a child (the app itself, or ``python -m scenes.tools.cli``
from source, with a hidden probe flag) with its own temporary data folder, so the
bench never touches the player's saves or settings. A measurement that cannot be made (a scene not
built yet, say) is reported as ``n/a`` with the reason, never as a crash.

The window rows are measured in a real window: the machine's display, or an Xvfb the bench starts
when there is none; a window probe never inherits ``SDL_VIDEODRIVER=dummy`` (which measures an
offscreen surface and no present), and the header says which video driver the probes got. Every
row says the machine's 1-minute load average while it was measured (the machine may be shared).
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
WINDOW_SIZES = ((1280, 720), (1920, 1080), (2560, 1440))
BUDGET_SIZE = (1920, 1080)
"""The frame budget holds at this size; the others are measured beside it."""
FLOOR_RATIO = 1.3
WALL_P99_MS = 8.0
CPU_P99_MS = {(1920, 1080): 6.0, (2560, 1440): 10.0}
"""The main thread's CPU per frame, p99, at the sizes that have a budget."""
SESSION_GAMES = 20
BOT_GAME_ACTIONS = 3_000
"""The most actions of the easy bots' game the bot decisions are spread over."""
SESSION_GROWTH_MB = 5.0
"""No growth from the 2nd to the last game of a session beyond this."""
PEAK_MB = 200.0
PROJECT_PACKAGES = ("game", "scenes", "physics")
"""The checkout's own packages: their bytecode is what a cold start compiles again."""


@dataclass(frozen=True)
class Row:
    what: str
    measured: str
    budget: str
    status: str  # OK, OVER, n/a or "-" (no budget)
    note: str = ""
    load: str = ""
    """The machine's 1-minute load average while the row was measured (mean, or min-max)."""


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p99 of 100 values is the 99th smallest)."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    rank = max(1, min(len(ordered), int(-(-fraction * len(ordered) // 1))))
    return ordered[rank - 1]


def _status(value: float, budget: float) -> str:
    return "OK" if value <= budget else "OVER"


def _headless_env(data: Path, window: bool = True) -> dict[str, str]:
    """The child's environment: its own data folder, no sound; a ``window`` child never gets the
    dummy video driver where there is a display (``make test`` exports it; a window row must open a
    real window), and any child gets it where there is none."""
    env = dict(os.environ)
    has_display = bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    if window and has_display and env.get("SDL_VIDEODRIVER") == "dummy":
        del env["SDL_VIDEODRIVER"]
    if not has_display:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["POLAR_TABLE_DATA"] = str(data)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _app_command() -> list[str]:
    """How to start this app again: the bundle's own executable when frozen, else the CLI module."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "scenes.tools.cli"]


def _child(args: list[str], data: Path, timeout: float, extra_env: dict[str, str | None] | None = None,
           window: bool = True) -> tuple[dict[str, Any], float]:
    """Run the app with ``args`` (``extra_env``: variables set, or removed where None); return its
    last JSON line and the wall time until it printed it."""
    started = time.perf_counter()
    with tempfile.TemporaryFile("w+") as errors:  # a file, not a pipe: a chatty child never blocks on it
        proc = subprocess.Popen(
            [*_app_command(), *args],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            env={k: v for k, v in {**_headless_env(data, window), **(extra_env or {})}.items() if v is not None},
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
            errors.seek(0)
            raise RuntimeError(_failure(proc.returncode, errors.read()))
    return found, seen_at


def _failure(code: int, stderr: str) -> str:
    """Why a child failed, in a line: the signal that killed it and the first line of its fault
    report, or its last line of stderr."""
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    if code < 0:
        import signal

        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        fault = next((line for line in lines if line.startswith("Fatal Python error")), "")
        return f"the probe was killed by {name}" + (f" ({fault})" if fault else "")
    return lines[-1] if lines else f"the probe exited with code {code}"


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
    header); none where neither is possible (the window rows then say n/a). Xvfb picks a free
    display number itself (``-displayfd``), so two benches, or a test's Xvfb, never collide."""
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or not sys.platform.startswith("linux"):
        yield f"the machine's display ({os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY') or 'native'})"
        return
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        yield "no display and no Xvfb: real-window rows are n/a"
        return
    size = "x".join(map(str, max(WINDOW_SIZES)))
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    number = _read_display_number(read, deadline=time.monotonic() + 20)
    if number is None:
        server.terminate()
        server.wait(timeout=10)
        yield "no display, and Xvfb did not start: real-window rows are n/a"
        return
    os.environ["DISPLAY"] = f":{number}"
    try:
        yield f"Xvfb :{number}, started for the bench ({size}x24, software rendering)"
    finally:
        os.environ.pop("DISPLAY", None)
        server.terminate()
        server.wait(timeout=10)


def _read_display_number(fd: int, deadline: float) -> str | None:
    """The display number Xvfb writes to ``fd`` once it accepts clients (None: it never did)."""
    import select

    text = b""
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                break
            chunk = os.read(fd, 64)
            if not chunk:
                break
            text += chunk
            if text.endswith(b"\n"):
                break
    finally:
        os.close(fd)
    number = text.decode().strip()
    return number if number.isdigit() else None


def _real_window() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or not sys.platform.startswith("linux")


DRIVERS: set[str] = set()
"""The video drivers the window probes reported (the header says them)."""


def _ms(spread: dict[str, float]) -> str:
    return f"median {spread['median_ms']:.2f}, p99 {spread['p99_ms']:.2f} ms"


def _load(load: dict[str, float]) -> str:
    return f"{load['mean']:.1f} ({load['min']:.1f}-{load['max']:.1f})"


def frame_budget(size: tuple[int, int]) -> tuple[str, Callable[[float, float, float | None], list[str]]]:
    """The budget column at ``size`` and a check that names what is over (an empty list: within).
    At 1920x1080: main-thread CPU p99 <= 6 ms, wall p99 <= 8 ms and <= 1.3x the paced floor; at
    2560x1440: CPU p99 <= 10 ms; elsewhere none."""
    cpu_budget = CPU_P99_MS.get(tuple(size))
    walled = tuple(size) == BUDGET_SIZE

    def over(cpu_p99: float, wall_p99: float, ratio: float | None) -> list[str]:
        found = []
        if cpu_budget is not None and cpu_p99 > cpu_budget:
            found.append("CPU")
        if walled and wall_p99 > WALL_P99_MS:
            found.append("wall")
        if walled and ratio is not None and ratio > FLOOR_RATIO:
            found.append("floor ratio")
        return found

    parts = []
    if cpu_budget is not None:
        parts.append(f"CPU p99 <= {cpu_budget:g} ms")
    if walled:
        parts.append(f"wall p99 <= {WALL_P99_MS:g} ms, <= {FLOOR_RATIO}x floor")
    return ("; ".join(parts) or "-"), over


def window_rows(out: dict[str, Any], size: tuple[int, int]) -> list[Row]:
    """The rows of one window probe's answer: per game, the floor before and after it, the game's
    frames (wall and main-thread CPU, beside the larger floor) and those drawn while it animates; the
    peak memory of the run."""
    label = f"{size[0]}x{size[1]}"
    budget, over = frame_budget(size)
    rows: list[Row] = []
    if out.get("driver"):
        DRIVERS.add(str(out["driver"]))
    for game in out["games"]:
        name = f"{game['game']} {game['players']}p"
        before, after = game["floor_before"], game["floor_after"]
        larger = max(before["cards"]["p99_ms"], after["cards"]["p99_ms"])
        which = "before" if before["cards"]["p99_ms"] >= after["cards"]["p99_ms"] else "after"
        rows.append(Row(
            f"floor around {name}, {label}",
            f"60 cards p99 {before['cards']['p99_ms']:.2f} before / {after['cards']['p99_ms']:.2f} ms after; "
            f"fill p99 {before['fill']['p99_ms']:.2f} / {after['fill']['p99_ms']:.2f} ms",
            "-", "-",
            f"paced at 60 fps in the game's window; the ratios use the larger ({which}); present: {out['present']}",
            _load({"min": min(before["load"]["min"], after["load"]["min"]),
                   "max": max(before["load"]["max"], after["load"]["max"]),
                   "mean": (before["load"]["mean"] + after["load"]["mean"]) / 2}),
        ))
        wall, cpu = game["wall"], game["cpu"]
        ratio = wall["p99_ms"] / max(1e-6, larger)
        problems = over(cpu["p99_ms"], wall["p99_ms"], ratio)
        status = ("OVER" if problems else "OK") if budget != "-" else "-"
        rows.append(Row(
            f"frame time, {name}, real window {label}",
            f"wall {_ms(wall)} ({ratio:.1f}x floor); CPU {_ms(cpu)}",
            budget, status,
            f"whole game: {game['actions']} actions, {game['frames']} frames, a bot move every 0.2 s"
            + (f"; over: {', '.join(problems)}" if problems else ""),
            _load(game["load"]),
        ))
        moving = game.get("moving") or {}
        if moving.get("frames"):
            mwall, mcpu = moving["wall"], moving["cpu"]
            mratio = mwall["p99_ms"] / max(1e-6, larger)
            problems = over(mcpu["p99_ms"], mwall["p99_ms"], mratio)
            rows.append(Row(
                f"  while it animates, {name}, {label}",
                f"wall {_ms(mwall)} ({mratio:.1f}x floor); CPU {_ms(mcpu)}",
                budget, ("OVER" if problems else "OK") if budget != "-" else "-",
                f"{moving['frames']} frames with something moving (a throw, a card dealt)"
                + (f"; over: {', '.join(problems)}" if problems else ""),
                _load(game["load"]),
            ))
        between = game.get("between") or {}
        if between:
            late = between["late"]
            rows.append(Row(
                f"  after each present, {name}, {label}",
                f"wall {_ms(between['wall'])}; CPU {_ms(between['cpu'])}; {late} late",
                "frame + after <= 16.7 ms, 99.5 % of turns", "OK" if late <= 0.005 * game["frames"] else "OVER",
                "a move's rules and the next frame's still picture, bar and log, made after the frame is "
                "presented; 'late': turns whose frame and work after it overran a frame",
                _load(game["load"]),
            ))
    peak = out["peak_rss_mb"]
    budgeted = tuple(size) in (BUDGET_SIZE, max(WINDOW_SIZES))
    rows.append(Row(f"resident memory, real window {label} (peak)", f"{peak:.0f} MB",
                    f"<= {PEAK_MB:g} MB" if budgeted else "-", _status(peak, PEAK_MB) if budgeted else "-",
                    "the window probe's process: the floors and the whole games at this size"))
    return rows


def measure_window(quick: bool, data: Path) -> list[Row]:
    """Whole games with bots in a real window at each size, presents included, beside the floor
    measured in the same window before and after each game; the peak memory of each run."""
    games = [f"{g.info.id}:{g.info.max_players}" for g in _playable()]
    sizes = (BUDGET_SIZE,) if quick else WINDOW_SIZES
    rows: list[Row] = []
    for size in sizes:
        label = f"{size[0]}x{size[1]}"
        if not _real_window():
            rows.append(Row(f"frame time, real window {label}", "n/a", "p99 <= 8 ms", "n/a", "no display"))
            continue
        args = ["--probe", "window-frames", label, *games]
        if quick:
            args += ["--floor-frames", "60"]
        try:
            out, _ = _child(args, data, timeout=1800)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(f"frame time, real window {label}", "n/a", "p99 <= 8 ms", "n/a", _why(exc)))
            continue
        rows.extend(window_rows(out, size))
    return rows


def measure_profile(quick: bool, data: Path) -> tuple[list[Row], list[str]]:
    """Each table's whole game in a real window at the budget's size with cProfile over every
    frame: the top costs (cumulative) of the worst 5 % of frames by main-thread CPU, as text."""
    games = [f"{g.info.id}:{g.info.max_players}" for g in _playable()]
    label = f"{BUDGET_SIZE[0]}x{BUDGET_SIZE[1]}"
    what = f"profile, real window {label}"
    if not _real_window():
        return [Row(what, "n/a", "-", "n/a", "no display")], []
    try:
        out, _ = _child(["--probe", "window-frames", label, *games, "--profile", "--floor-frames", "30"], data,
                        timeout=1800)
    except Exception as exc:  # noqa: BLE001
        return [Row(what, "n/a", "-", "n/a", _why(exc))], []
    if out.get("driver"):
        DRIVERS.add(str(out["driver"]))
    texts = []
    for game in out["games"]:
        texts.append(f"Worst 5 % of frames by main-thread CPU, {game['game']} {game['players']}p, real window "
                     f"{label} (profiled, so slower than the rows above):\n{game.get('profile', 'no profile')}")
    rows = [Row(f"profile, {g['game']} {g['players']}p, {label}", f"CPU {_ms(g['cpu'])} with the profiler on",
                "-", "-", "the top costs of the worst 5 % of frames are printed below the table",
                _load(g["load"])) for g in out["games"]]
    return rows, texts


def measure_session_memory(quick: bool, data: Path) -> list[Row]:
    """Games back to back in one process, for each table at its most players: the memory after the
    1st, 2nd and last, and the growth from the 2nd to the last."""
    games = 3 if quick else SESSION_GAMES
    rows = []
    budget = f"<= {SESSION_GROWTH_MB:g} MB growth, game 2 to {games}"
    for game in _playable():
        players = game.info.max_players
        what = f"memory after 1, 2, {games} games, {game.info.id} {players}p"
        load0 = load_average()
        try:
            out, _ = _child(["--probe", "games-memory", game.info.id, str(players), str(games)], data, timeout=1800,
                            extra_env={"SDL_VIDEODRIVER": "dummy"}, window=False)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(what, "n/a", budget, "n/a", _why(exc)))
            continue
        load = f"{load0:.1f}-{load_average():.1f}"
        after = out["rss_after_mb"]
        growth = after[-1] - after[1]
        highest = max(range(1, len(after)), key=lambda i: after[i])
        rows.append(Row(what, f"{after[0]:.0f} / {after[1]:.0f} / {after[-1]:.0f} MB", budget,
                        _status(growth, SESSION_GROWTH_MB),
                        f"growth {growth:+.1f} MB; highest {after[highest]:.0f} MB after game {highest + 1}; one "
                        f"headless app (dummy video driver: the app's memory, not the X client's libraries), bots, "
                        f"each move's animation finished before the next", load))
    return rows


def load_average() -> float:
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return 0.0


def measure_idle(quick: bool, data: Path) -> Row:
    seconds = 2.0 if quick else 5.0
    load0 = load_average()
    try:
        out, _ = _child(["--idle-probe", str(seconds)], data, timeout=seconds + 60)
    except Exception as exc:  # noqa: BLE001
        return Row("CPU while idle (main menu)", "n/a", "<= 3 % of one core", "n/a", _why(exc))
    DRIVERS.add(str(out["driver"]))
    percent = out["idle_cpu_percent"]
    return Row(
        "CPU while idle (main menu)",
        f"{percent:.2f} %",
        "<= 3 % of one core",
        _status(percent, 3.0),
        f"{out['seconds']:.1f} s, {out['frames']} frames drawn; video driver {out['driver']}, whose bare "
        f"event wait alone costs {out['sdl_wait_cpu_percent']:.2f} %",
        f"{load0:.1f}-{load_average():.1f}",
    )


def remove_project_bytecode(root: Path = ROOT) -> int:
    """Delete the compiled bytecode of the checkout's own packages (``__pycache__`` under game/,
    scenes/ and physics/), as a fresh clone has none; the standard library's and the installed
    packages' bytecode is kept, as it is on any machine that ran Python before. Returns the number
    of folders removed."""
    removed = 0
    for package in PROJECT_PACKAGES:
        top = root / package
        if not top.is_dir():
            continue
        for cache in sorted(top.rglob("__pycache__"), reverse=True):
            if cache.is_dir():
                shutil.rmtree(cache, ignore_errors=True)
                removed += 1
    return removed


COLD = ("a fresh interpreter on a fresh data folder, the project's bytecode removed (game/, scenes/, physics/); "
        "the standard library's bytecode and the machine's file cache kept")


def measure_start(quick: bool, data: Path) -> list[Row]:
    """From process launch to the first frame of the main menu, in a real window where there is
    one: warm (the best of a few starts), and cold as after a fresh clone (``COLD``: nothing that
    touches the machine's caches)."""
    frozen = getattr(sys, "frozen", False)
    where = "installed" if frozen else "from source"
    rows = []
    runs = 1 if quick else 3
    # A start writes and reads bytecode as a player's does, even where this shell says not to
    # (PYTHONDONTWRITEBYTECODE would make every "warm" start compile the project); what it wrote
    # is removed again at the end if the checkout had none.
    env: dict[str, str | None] = {"PYTHONDONTWRITEBYTECODE": None}
    had_bytecode = frozen or any(any((ROOT / p).rglob("__pycache__")) for p in PROJECT_PACKAGES)
    said = "; PYTHONDONTWRITEBYTECODE left out" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    for cold in (False, True):
        budget = (2.5 if frozen else 2.0) if cold else (1.5 if frozen else 1.0)
        what = f"start to first menu frame, {'cold' if cold else 'warm'}"
        walls = []
        load0 = load_average()
        try:
            if not cold:  # the bytecode written once, not timed
                _child(["--first-frame-probe"], data, timeout=120, extra_env=env)
            for _ in range(runs):
                with tempfile.TemporaryDirectory(prefix="polar-table-cold-") as fresh:
                    if cold and not frozen:  # a bundle carries its bytecode
                        remove_project_bytecode()
                    _, wall = _child(["--first-frame-probe"], Path(fresh) if cold else data, timeout=120,
                                     extra_env=env)
                walls.append(wall)
        except Exception as exc:  # noqa: BLE001
            rows.append(Row(what, "n/a", f"<= {budget} s", "n/a", _why(exc)))
            continue
        shown = max(walls) if cold else min(walls)
        how = ("the worst; " + (COLD if not frozen else "a fresh interpreter on a fresh data folder")) if cold \
            else "the best, after a start not timed; bytecode there, the bench's data folder"
        rows.append(Row(what, f"{shown:.3f} s", f"<= {budget} s", _status(shown, budget),
                        f"{how}; of {runs}; {where}; {os.environ.get('DISPLAY') and 'real window' or 'no display'}"
                        f"{said}", f"{load0:.1f}-{load_average():.1f}"))
    if not had_bytecode:
        remove_project_bytecode()  # the checkout as it was
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
    """The bot of ``level`` deciding at ``decisions`` moments spread over a whole game at the full
    table (the most seats), played out by easy bots: the setup's few choices and the crowded end
    both count, as a family meets them."""
    from game.core.bots import decide
    from physics.resolvers import resolver_for

    options = game.default_options(game.info.max_players)
    resolver = resolver_for(game.info.id)
    times = []
    bot = game.bots().get(level) if hasattr(game, "bots") else None
    tried = getattr(bot, "tried", None)
    tried_before = len(tried) if isinstance(tried, list) else 0
    try:
        states = [game.new_game(options, 3)]
        while not game.is_over(states[-1]) and len(states) < BOT_GAME_ACTIONS:
            step = len(states)
            states.append(game.apply(states[-1], decide(game, states[-1], "easy", step, resolver=resolver)))
        live = [st for st in states if not game.is_over(st)]
        for k in range(decisions):
            state = live[k * len(live) // decisions]
            t0 = time.perf_counter()
            decide(game, state, level, k, resolver=resolver)
            times.append(time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001
        return Row(f"bot decision ({level}), {game.info.id}", "n/a", "<= 0.5 s", "n/a", _why(exc))
    p95 = percentile(times, 0.95)
    note = f"{len(times)} decisions over a {options.players}-player game"
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
    header = Row("what", "measured", "budget", "status", "note", "load")
    table = [header, *rows]
    fields = ("what", "measured", "budget", "status", "load")
    widths = [max(len(getattr(r, f)) for r in table) for f in fields]

    def line(r: Row) -> str:
        cells = [getattr(r, f).ljust(w) for f, w in zip(fields, widths)]
        return "  ".join([*cells, r.note]).rstrip()

    rule = "  ".join("-" * w for w in widths) + "  " + "-" * 4
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


PARTS = ("start", "idle", "window", "memory", "bots", "load", "throw", "selfplay", "profile")
"""What the bench can measure, in order (``--only`` picks some)."""
DEFAULT_PARTS = PARTS[:-1]
"""What it measures unless asked: the profile only with ``--profile`` (it slows the frames it times)."""


def _with_load(measure: Callable[[], list[Row]]) -> list[Row]:
    """The rows of ``measure``, each given the load average around it unless it says its own."""
    before = load_average()
    rows = measure()
    load = f"{before:.1f}-{load_average():.1f}"
    return [row if row.load else replace(row, load=load) for row in rows]


def collect(quick: bool, only: set[str] | None = None) -> tuple[list[Row], str, list[str]]:
    """The rows of the parts wanted (all but the profile when ``only`` is empty), where the windows
    were, and the profiles' texts."""
    rows: list[Row] = []
    texts: list[str] = []
    saved_env = dict(os.environ)
    wanted = only or set(DEFAULT_PARTS)
    DRIVERS.clear()
    with tempfile.TemporaryDirectory(prefix="polar-table-bench-") as tmp, display() as where:
        data = Path(tmp)

        def profile() -> list[Row]:
            found, said = measure_profile(quick, data)
            texts.extend(said)
            return found

        windowed = {
            "start": lambda: measure_start(quick, data),
            "idle": lambda: [measure_idle(quick, data)],
            "window": lambda: measure_window(quick, data),
            "memory": lambda: measure_session_memory(quick, data),
            "profile": profile,
        }
        for name, measure in windowed.items():
            if name in wanted:
                rows.extend(_with_load(measure))
        os.environ.setdefault("POLAR_TABLE_DATA", str(data))
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        headless = {"bots": measure_bots, "load": measure_long_load, "throw": measure_throw,
                    "selfplay": measure_selfplay}
        for name, measure_quick in headless.items():
            if name in wanted:
                rows.extend(_with_load(lambda m=measure_quick: m(quick)))
    os.environ.clear()
    os.environ.update(saved_env)
    if DRIVERS:
        where += f"; the window probes' video driver: {', '.join(sorted(DRIVERS))}"
        if "dummy" in DRIVERS:
            where += " (dummy: offscreen, no present: those window rows are not real windows)"
    return rows, where, texts


def main(quick: bool = False, only: set[str] | None = None, profile: bool = False) -> int:
    """Print the table; ``profile``: the profile part as well (alone when no ``only`` is given)."""
    if profile:
        only = {*(only or ()), "profile"}
    rows, where, texts = collect(quick, only)
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(
        f"Polar Table bench{' (quick)' if quick else ''}: Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, {platform.machine()}; load average now {load} (1, 5, 15 min); windows on {where}"
    )
    print(format_table(rows))
    for text in texts:
        print()
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(quick="--quick" in sys.argv[1:], profile="--profile" in sys.argv[1:]))
