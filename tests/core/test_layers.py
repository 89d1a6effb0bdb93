"""The layers import downwards only: game/ is pure rules, physics/ knows no pygame or scenes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {
    "game": {"pygame", "pymunk", "pygame_gui", "physics", "scenes"},
    "physics": {"pygame", "pygame_gui", "scenes"},
}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module" and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                roots.add(arg.value.split(".")[0])
    return roots


def layer_violations(layer: str, folder: Path) -> list[str]:
    bad = []
    for path in sorted(folder.rglob("*.py")):
        hits = imported_roots(path) & FORBIDDEN[layer]
        if hits:
            bad.append(f"{path.relative_to(folder.parent)} imports {', '.join(sorted(hits))}")
    return bad


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer):
    assert layer_violations(layer, ROOT / layer) == []


def test_the_check_catches_a_forbidden_import(tmp_path):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "sneaky.py").write_text("import os\nfrom pygame import Rect\n")
    (folder / "fine.py").write_text("from game.core import rng\n")
    assert layer_violations("game", folder) == ["game/sneaky.py imports pygame"]


def test_pygame_is_pygame_ce():
    import pygame

    assert getattr(pygame, "IS_CE", False), "classic pygame is installed beside pygame-ce"
