"""The import graph of the project, function-level imports included: no import cycle in game/,
physics/ or scenes/, even counting imports only for type checking (DESIGN.md), and the rules and the
storage never reach pygame.

A scene never imports another scene to go somewhere: it asks the app (``app.back_to_menu()``, a
table of the same class for a rematch), so the shell's import graph stays a tree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("game", "scenes", "physics")
PYGAME_FREE = ("game", "scenes.session", "scenes.storage")
"""The rules, the match, its persistence and storage: usable (and tested) without pygame."""


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = path
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(sub) for sub in ast.walk(node))
    return skip


def imports_of(name: str, path: Path, modules: dict[str, Path], *, type_only: bool = False) -> set[str]:
    """What ``name`` imports, anywhere in the file: project modules by name, others by top package;
    with ``type_only``, the imports made only for type checking too. ``from package import module``
    imports the package as well (its ``__init__`` runs), as ../shared/tools/import_graph.py counts it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_only else _type_checking_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name if a.name in modules else a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            if base in modules:
                out.add(base)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                out.add(full if full in modules else base if base in modules else base.split(".")[0])
    return out - {name}


def graph(*, type_only: bool = False) -> dict[str, set[str]]:
    modules = _modules()
    return {name: imports_of(name, path, modules, type_only=type_only) for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start] & edges.keys())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child] & edges.keys()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_sees_function_level_imports() -> None:
    edges = graph()
    assert "scenes.shell.handover" in edges["scenes.shell.table"], "table.py imports the hand-over inside a method"
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert "scenes.shell.host" not in edges["scenes.shell.end"]
    assert "scenes.shell.host" in graph(type_only=True)["scenes.shell.end"], "end.py imports PlayedTable for types"
    assert "game.core" in edges["game.core.contract"], "contract.py imports prompt from the package"


def _cycles_in(package: str, edges: dict[str, set[str]]) -> list[list[str]]:
    return [c for c in cycles(edges) if any(m.split(".")[0] == package for m in c)]


@pytest.mark.parametrize("package", ["game", "physics"])
def test_the_rules_and_the_physics_have_no_import_cycle_even_for_types(package: str) -> None:
    found = _cycles_in(package, graph(type_only=True))
    assert not found, f"import cycles in {package}/ (imports for type checking included): {found}"


def test_scenes_have_no_import_cycle() -> None:
    found = _cycles_in("scenes", graph())
    assert not found, f"import cycles in scenes/: {found}"


def test_scenes_have_no_import_cycle_even_for_types() -> None:
    found = _cycles_in("scenes", graph(type_only=True))
    assert not found, f"import cycles in scenes/ (imports for type checking included): {found}"


def test_the_kit_imports_neither_the_shell_nor_a_game() -> None:
    edges = graph()
    allowed = ("scenes.kit", "scenes.session", "game.core")
    for module in [m for m in edges if m.startswith("scenes.kit")]:
        for target in edges[module]:
            if target.startswith(("scenes", "game", "physics")):
                assert target.startswith(allowed), f"{module} imports {target}"


def test_the_rules_and_the_storage_never_reach_pygame() -> None:
    edges = graph()
    for root in [m for m in edges if m.startswith(PYGAME_FREE)]:
        seen, todo = {root}, [root]
        while todo:
            for target in edges.get(todo.pop(), ()):
                assert target not in ("pygame", "pygame_gui", "pymunk"), f"{root} reaches {target}"
                if target in edges and target not in seen:
                    seen.add(target)
                    todo.append(target)


def test_commands_that_open_no_window_never_load_pygame(tmp_path) -> None:
    import os
    import subprocess
    import sys

    probe = (
        "import sys; from scenes.tools import cli; "
        "code = cli.main(['selfplay', 'borealis', '--games', '1']); "
        "assert 'pygame' not in sys.modules, 'selfplay loaded pygame'; "
        "code |= cli.main(['score', 'tests/borealis/positions/britta_54_points.json']); "
        "assert 'pygame' not in sys.modules, 'score loaded pygame'; sys.exit(code)"
    )
    env = {**os.environ, "POLAR_TABLE_DATA": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
