"""The hidden probe flags `polar-table bench` relies on, and --smoke, run as real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scenes.tools import bench, probes

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], data: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "POLAR_TABLE_DATA": str(data)}
    env.pop("DISPLAY", None)
    return subprocess.run([sys.executable, "-m", "scenes.tools.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)


def _last_json(stdout: str) -> dict:
    return json.loads([line for line in stdout.splitlines() if line.startswith("{")][-1])


def test_first_frame_probe(tmp_path: Path) -> None:
    done = _run(["--first-frame-probe"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert 0 < _last_json(done.stdout)["first_menu_frame_s"] < 30


def test_idle_probe(tmp_path: Path) -> None:
    done = _run(["--idle-probe", "0.5"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    out = _last_json(done.stdout)
    assert out["seconds"] >= 0.5 and 0 <= out["idle_cpu_percent"] <= 200


def test_smoke_never_touches_the_players_data(tmp_path: Path) -> None:
    done = _run(["--smoke"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "smoke: ok" in done.stdout
    assert not tmp_path.exists() or not any(tmp_path.iterdir()), "smoke wrote into the data folder"


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert bench.percentile(values, 0.99) == 99
    assert bench.percentile(values, 0.5) == 50
    assert bench.percentile([7.0], 0.99) == 7.0
    with pytest.raises(ValueError):
        bench.percentile([], 0.5)


def test_table_is_aligned() -> None:
    rows = [bench.Row("frame time, borealis", "p99 5.00 ms", "<= 8 ms", "OK", "30 frames"),
            bench.Row("memory", "250 MB", "<= 200 MB", "OVER")]
    lines = bench.format_table(rows).splitlines()
    assert len(lines) == 4
    starts = {line.index(cell) for line, cell in zip(lines[2:], ["p99", "250"])}
    assert len(starts) == 1, "the measured column starts at one place"
    assert lines[3].split()[-1] == "OVER"


def test_peak_memory_is_read_for_this_process() -> None:
    assert 5 < probes.resident_mb("VmHWM") < 100_000
