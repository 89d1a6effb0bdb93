"""What `polar-table bench` says and how it measures, without timing anything: the window children
never get the dummy video driver where there is a display, the floor is taken before and after each
game, every frame row says main-thread CPU and the load average, the cold start removes only the
project's bytecode (never the standard library's, never the machine's file cache), and --profile
prints a top list of the worst frames' costs."""

from __future__ import annotations

import builtins
import io
import os
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from scenes.tools import bench, probes


def _spread(median: float, p99: float) -> dict[str, float]:
    return {"median_ms": median, "p99_ms": p99}


def _floor(cards_p99: float) -> dict[str, Any]:
    return {"fill": {**_spread(0.5, 0.7), "cpu": _spread(0.4, 0.6)},
            "cards": {**_spread(1.0, cards_p99), "cpu": _spread(0.9, 1.5)},
            "load": {"min": 1.0, "mean": 1.5, "max": 2.0}}


def _window_answer(cpu_p99: float = 5.0, wall_p99: float = 4.0) -> dict[str, Any]:
    game = {"game": "borealis", "players": 4, "actions": 120, "frames": 1500,
            "wall": _spread(2.0, wall_p99), "cpu": _spread(1.8, cpu_p99),
            "moving": {"frames": 300, "wall": _spread(2.5, wall_p99), "cpu": _spread(2.2, cpu_p99)},
            "load": {"min": 0.8, "mean": 1.25, "max": 1.9},
            "floor_before": _floor(2.0), "floor_after": _floor(3.5)}
    return {"size": [1920, 1080], "present": "copy to X11 (no GPU device)", "driver": "x11", "games": [game],
            "peak_rss_mb": 150.0}


def test_frame_rows_say_cpu_wall_load_and_both_floors() -> None:
    rows = bench.window_rows(_window_answer(), (1920, 1080))
    floor, frames, moving, peak = rows
    assert "2.00 before / 3.50 ms after" in floor.measured
    assert "the larger (after)" in floor.note
    assert "wall median 2.00, p99 4.00 ms" in frames.measured and "CPU median 1.80, p99 5.00 ms" in frames.measured
    assert "(1.1x floor)" in frames.measured  # 4.0 / the larger floor, 3.5
    assert frames.load == "1.2 (0.8-1.9)" and moving.load == frames.load
    assert frames.budget == "CPU p99 <= 6 ms; wall p99 <= 8 ms, <= 1.3x floor" and frames.status == "OK"
    assert peak.budget == "<= 200 MB"
    table = bench.format_table(rows)
    assert table.splitlines()[0].split() == ["what", "measured", "budget", "status", "load", "note"]


def test_a_frame_row_names_what_is_over() -> None:
    frames = bench.window_rows(_window_answer(cpu_p99=7.0, wall_p99=9.0), (1920, 1080))[1]
    assert frames.status == "OVER"
    assert frames.note.endswith("over: CPU, wall, floor ratio")
    big = bench.window_rows(_window_answer(cpu_p99=9.0, wall_p99=14.0), (2560, 1440))[1]
    assert big.budget == "CPU p99 <= 10 ms" and big.status == "OK"  # the wall has no budget at this size
    small = bench.window_rows(_window_answer(cpu_p99=9.0), (1280, 720))[1]
    assert small.budget == "-" and small.status == "-"


def test_the_work_after_each_present_has_its_own_row_that_counts_late_turns() -> None:
    answer = _window_answer()
    answer["games"][0]["between"] = {"wall": _spread(0.1, 6.0), "cpu": _spread(0.1, 5.5), "late": 3}
    after = bench.window_rows(answer, (1920, 1080))[3]
    assert after.what.strip().startswith("after each present, borealis 4p")
    assert "wall median 0.10, p99 6.00 ms" in after.measured and "3 late" in after.measured
    assert after.status == "OK"  # 3 of 1500 turns
    answer["games"][0]["between"]["late"] = 20
    assert bench.window_rows(answer, (1920, 1080))[3].status == "OVER"


def test_window_children_never_inherit_the_dummy_driver(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("DISPLAY", ":93")
    assert "SDL_VIDEODRIVER" not in bench._headless_env(tmp_path)
    assert bench._headless_env(tmp_path, window=False)["SDL_VIDEODRIVER"] == "dummy"
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert bench._headless_env(tmp_path)["SDL_VIDEODRIVER"] == "dummy"  # no display at all: offscreen


def test_the_header_says_when_window_probes_got_the_dummy_driver(monkeypatch) -> None:
    @__import__("contextlib").contextmanager
    def display():
        yield "Xvfb :97, started for the bench"

    def window(quick: bool, data: Path) -> list[bench.Row]:
        answer = _window_answer()
        answer["driver"] = "dummy"
        return bench.window_rows(answer, (1920, 1080))

    monkeypatch.setattr(bench, "display", display)
    monkeypatch.setattr(bench, "measure_window", window)
    _rows, where, _texts = bench.collect(True, {"window"})
    assert "video driver: dummy" in where and "not real windows" in where


def test_the_floor_is_paced_and_taken_before_and_after_each_game(monkeypatch) -> None:
    calls: list[str] = []

    class App:
        size = (320, 200)
        present_path = "offscreen"

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            calls.append("open")

        def push(self, scene: Any) -> None: ...
        def invalidate(self) -> None: ...
        def close(self) -> None: ...

    monkeypatch.setattr("scenes.shell.app.App", App)
    monkeypatch.setattr(probes.pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(probes.faulthandler, "enable", lambda: None)
    monkeypatch.setattr("scenes.shell.menu.MenuScene", lambda app: None)
    monkeypatch.setattr(probes, "_floor", lambda size, frames: calls.append("floor") or _floor(1.0))
    monkeypatch.setattr(probes, "_bot_table", lambda app, game, players, seed: calls.append(f"table {game}"))
    monkeypatch.setattr(probes, "back_to_menu", lambda app: calls.append("menu"))

    def play(app: Any, table: Any, move_every: int, pace: bool, log: probes.FrameLog) -> int:
        calls.append("play")
        assert pace, "the game's frames are paced as the floor's are"
        log.add(0.002, 0.001, False)
        return 3

    monkeypatch.setattr(probes, "play_whole_game", play)
    with redirect_stdout(io.StringIO()):
        probes.window_frames((320, 200), [("borealis", 2), ("iluliaq", 3)], 12, 4)
    assert calls == ["open", "floor", "table borealis", "play", "menu", "floor",
                     "floor", "table iluliaq", "play", "menu", "floor"]


def test_the_floor_sleeps_to_each_frames_end(monkeypatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr(probes.time, "sleep", slept.append)
    monkeypatch.setattr(probes.pygame.display, "get_surface", lambda: probes.pygame.Surface((320, 200)))
    monkeypatch.setattr(probes.pygame.display, "flip", lambda: None)
    out = probes._floor((320, 200), 5)
    assert len(slept) == 10 and all(0 < s <= 1 / probes.FPS for s in slept)
    assert set(out) == {"fill", "cards", "load"} and "cpu" in out["cards"]


def test_cold_start_removes_the_projects_bytecode_only(tmp_path: Path) -> None:
    kept = [tmp_path / ".venv/lib/python3.11/__pycache__", tmp_path / "tests/__pycache__",
            tmp_path / "build/__pycache__"]
    gone = [tmp_path / "game/__pycache__", tmp_path / "game/core/__pycache__", tmp_path / "scenes/shell/__pycache__",
            tmp_path / "physics/iluliaq/__pycache__"]
    for folder in [*kept, *gone]:
        folder.mkdir(parents=True)
        (folder / "x.cpython-311.pyc").write_bytes(b"\0")
    (tmp_path / "game/core/rules.py").write_text("")
    assert bench.remove_project_bytecode(tmp_path) == len(gone)
    assert not any(folder.exists() for folder in gone)
    assert all(folder.exists() for folder in kept)
    assert (tmp_path / "game/core/rules.py").exists()


def test_cold_start_never_touches_the_machines_caches(monkeypatch, tmp_path: Path) -> None:
    written: list[str] = []
    real_open = builtins.open

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "drop_caches" in str(file) and any(m in mode for m in "wa+"):
            written.append(str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: written.append(str(self)))
    monkeypatch.setattr(os, "sync", lambda: written.append("sync"))
    removed: list[int] = []
    monkeypatch.setattr(bench, "remove_project_bytecode", lambda root=bench.ROOT: removed.append(1) or 0)
    children: list[dict[str, Any]] = []

    def child(args: list[str], data: Path, timeout: float, extra_env: Any = None, window: bool = True) -> Any:
        children.append({"data": data, "env": extra_env or {}})
        return {"first_menu_frame_s": 0.5}, 0.6

    monkeypatch.setattr(bench, "_child", child)
    monkeypatch.setattr(bench, "ROOT", tmp_path)  # a checkout with no bytecode
    rows = bench.measure_start(True, tmp_path)
    assert written == []
    primer, warm, cold = children
    assert all(c["env"] == {"PYTHONDONTWRITEBYTECODE": None} for c in children)  # starts write bytecode
    assert removed == [1, 1], "removed before the cold start (not the warm one), and at the end as it was"
    assert cold["data"] != tmp_path and warm["data"] == tmp_path  # a fresh data folder for the cold start
    assert "PYTHONPYCACHEPREFIX" not in cold["env"]  # which would compile the standard library too
    assert "project's bytecode removed" in rows[1].note and "file cache kept" in rows[1].note


def test_the_memory_rows_are_per_table(monkeypatch, tmp_path: Path) -> None:
    class Info:
        def __init__(self, id: str, players: int) -> None:
            self.id, self.max_players = id, players

    games = [type("G", (), {"info": Info("borealis", 4)}), type("G", (), {"info": Info("iluliaq", 6)})]
    monkeypatch.setattr(bench, "_playable", lambda: games)
    asked = []

    def child(args: list[str], data: Path, timeout: float, extra_env: Any = None, window: bool = True) -> Any:
        asked.append((args[2], args[3], extra_env, window))
        after = [95.0, 96.0, *([97.0] * 17), 99.0] if args[2] == "borealis" else [97.0, 98.0, *([99.0] * 17), 150.0]
        return {"rss_after_mb": after}, 1.0

    monkeypatch.setattr(bench, "_child", child)
    rows = bench.measure_session_memory(False, tmp_path)
    assert [a[:2] for a in asked] == [("borealis", "4"), ("iluliaq", "6")]
    assert all(a[2] == {"SDL_VIDEODRIVER": "dummy"} and a[3] is False for a in asked)
    assert [r.status for r in rows] == ["OK", "OVER"]
    assert rows[0].measured == "95 / 96 / 99 MB" and "+3.0 MB" in rows[0].note
    assert rows[1].budget == "<= 5 MB growth, game 2 to 20" and "+52.0 MB" in rows[1].note


def test_a_child_killed_by_a_signal_says_so() -> None:
    said = bench._failure(-11, "Fatal Python error: Segmentation fault\n\nThread 0x1 (most recent call first):\n")
    assert said == "the probe was killed by SIGSEGV (Fatal Python error: Segmentation fault)"


def test_the_profiler_prints_the_worst_frames_top_costs() -> None:
    def light() -> int:
        return sum(range(10))

    def heavy() -> int:
        return sum(range(1000))

    profiler = probes.FrameProfiler()
    for i in range(100):
        profiler.start()
        cost = heavy() if i % 20 == 0 else light()
        profiler.stop(cpu=0.010 + i / 1e5 if i % 20 == 0 else 0.001 + i / 1e6, keep=True)  # what thread_time would say
        assert cost
    profiler.start()
    light()
    profiler.stop(cpu=1.0, keep=False)  # a turn that drew nothing is not a frame
    assert len(profiler.frames) == 100
    assert len(profiler.worst(0.05)) == 5
    text = profiler.report(0.05, 10)
    assert text.startswith("5 frames of 100")
    assert "heavy" in text and "light" not in text
    assert "test_bench.py" in text and str(Path(__file__).parent) not in text  # paths relative to the checkout


def test_bench_profile_prints_a_top_list(monkeypatch) -> None:
    @__import__("contextlib").contextmanager
    def display():
        yield "the machine's display (:0)"

    def profile(quick: bool, data: Path) -> tuple[list[bench.Row], list[str]]:
        return [bench.Row("profile, borealis 4p, 1920x1080", "CPU p99 9 ms", "-", "-")], ["Worst 5 %: top 10"]

    asked = []
    monkeypatch.setattr(bench, "display", display)
    monkeypatch.setattr(bench, "measure_profile", profile)
    monkeypatch.setattr(bench, "measure_window", lambda quick, data: asked.append("window") or [])
    out = io.StringIO()
    with redirect_stdout(out):
        assert bench.main(quick=True, profile=True) == 0
    assert asked == [], "--profile alone runs only the profile"
    assert "profile, borealis 4p" in out.getvalue() and out.getvalue().rstrip().endswith("Worst 5 %: top 10")
    assert "profile" not in bench.DEFAULT_PARTS


@pytest.mark.parametrize("argv", [["bench", "--profile"], ["bench", "--profile", "--only", "window"]])
def test_the_command_line_takes_profile(argv: list[str], monkeypatch) -> None:
    from scenes.tools import cli

    seen = []
    monkeypatch.setattr(bench, "main", lambda quick, only, profile: seen.append((only, profile)) or 0)
    assert cli.main(argv) == 0
    assert seen[0][1] is True


def test_a_probes_own_options_reach_it() -> None:
    from scenes.tools import cli

    args = cli.build_parser().parse_args(["--probe", "window-frames", "640x480", "borealis:2", "--profile",
                                          "--floor-frames", "3"])
    assert args.probe == ["window-frames", "640x480", "borealis:2", "--profile", "--floor-frames", "3"]
