"""README says what a family can play and where things are; pyproject states the licences the way
packaging tools read them today (an SPDX expression and licence files: no deprecation warning at
install), keeping the art's CC BY 4.0."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from game.core import registry

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _games_table() -> dict[str, tuple[str, str]]:
    """README's games table: name -> (players, state)."""
    rows = {}
    for line in README.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and cells[2] in ("playable", "coming"):
            rows[cells[0]] = (cells[1], cells[2])
    return rows


def _title(entry: registry.Entry) -> str:
    """The game's name in English (as README writes it)."""
    return entry.title


def test_the_games_table_says_which_games_are_playable_and_for_how_many():
    table = _games_table()
    assert {_title(e) for e in registry.CATALOGUE} == set(table), table
    for entry in registry.CATALOGUE:
        players, state = table[_title(entry)]
        if entry.module is None:
            assert state == "coming", _title(entry)
            continue
        info = registry.get(entry.id).info
        assert state == "playable", f"{_title(entry)} is playable, README says {state}"
        assert players == f"{info.min_players}–{info.max_players}", (_title(entry), players)


def test_the_layout_block_shows_every_game_s_table_folder():
    block = README.split("## Layout", 1)[1].split("```")[1]
    listed = set(re.findall(r"^  (\w+)/", block, re.M))
    tables = {p.name for p in (ROOT / "scenes").iterdir() if p.is_dir() and (p / "table.py").exists()}
    assert tables and tables <= listed, f"scenes/ folders with a table missing from README's layout: {tables - listed}"


def test_the_layout_block_shows_every_top_level_folder():
    block = README.split("## Layout", 1)[1].split("```")[1]
    listed = set(re.findall(r"^([.\w]+)/", block, re.M))
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("the folders are read from git")
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    folders = {line.split("/", 1)[0] for line in tracked.splitlines() if "/" in line}
    assert folders == listed, f"README's layout lists {sorted(listed)}, the checkout has {sorted(folders)}"


def test_the_licence_is_an_spdx_expression_with_its_files():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    assert isinstance(meta["license"], str), "a TOML table is deprecated: setuptools warns at every install"
    assert set(re.findall(r"[A-Za-z0-9.-]+", meta["license"])) - {"AND"} == {"MIT", "CC-BY-4.0"}
    files = meta["license-files"]
    assert "assets/art/LICENSE.txt" in files
    for name in files:
        assert (ROOT / name).is_file(), name
    assert "CC BY 4.0" in (ROOT / "assets" / "art" / "LICENSE.txt").read_text(encoding="utf-8")
    assert "MIT" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    backend = project["build-system"]["requires"]
    setuptools = next(r for r in backend if r.startswith("setuptools"))
    low = tuple(int(x) for x in re.search(r">=\s*([\d.]+)", setuptools).group(1).split("."))
    assert low >= (77,), "license expressions need setuptools 77 or later"
