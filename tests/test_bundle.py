"""The installable bundle (PyInstaller, build/polar-table.spec) starts and plays with no network.

Slow (it builds the bundle), so it runs only when asked:

    POLAR_TABLE_BUNDLE_TEST=1 .venv/bin/python -m pytest tests/test_bundle.py
    POLAR_TABLE_BUNDLE_TEST=1 POLAR_TABLE_BUNDLE_DIR=dist/polar-table ...   # test a bundle built by `make bundle`

`.ci/run` does the second after `make test`. The smoke run happens inside a network namespace with no
interfaces (`unshare -n`; `unshare -rn` when not root), so any network access makes it fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(
    os.environ.get("POLAR_TABLE_BUNDLE_TEST") != "1",
    reason="builds the installable bundle; set POLAR_TABLE_BUNDLE_TEST=1 (.ci/run does)",
)
MAX_MB = 60
"""Budget of the unpacked bundle."""


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("POLAR_TABLE_BUNDLE_DIR")
    if given:
        folder = Path(given).resolve()
        assert (folder / "polar-table").is_file(), f"no bundle at {folder}"
        return folder
    out = tmp_path_factory.mktemp("bundle")
    pyinstaller = Path(sys.executable).parent / "pyinstaller"
    subprocess.run(
        [
            str(pyinstaller),
            "--noconfirm",
            "--log-level",
            "WARN",
            "--workpath",
            str(out / "work"),
            "--distpath",
            str(out / "dist"),
            str(ROOT / "build" / "polar-table.spec"),
        ],
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return out / "dist" / "polar-table"


def _env(home: Path) -> dict[str, str]:
    """An installed user's environment: no display, no data-folder override, a fresh home."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("POLAR_TABLE_", "XDG_", "SDL_", "PYTHON"))}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["HOME"] = str(home)
    return env


def _offline() -> list[str]:
    """The command prefix that runs a program in a network namespace with no interfaces."""
    if shutil.which("unshare") is None:
        pytest.fail("unshare (util-linux) is needed to run the bundle with no network")
    for prefix in (["unshare", "-n"], ["unshare", "-rn"]):
        if subprocess.run([*prefix, "true"], capture_output=True).returncode == 0:
            return prefix
    pytest.skip("this machine does not allow network namespaces (unshare -n / -rn)")


def _files(folder: Path) -> dict[str, float]:
    return {str(p.relative_to(folder)): p.stat().st_mtime for p in folder.rglob("*")}


def test_the_namespace_has_no_network() -> None:
    probe = (
        "import socket\n"
        "try:\n socket.create_connection(('192.0.2.1', 80), timeout=2)\n"  # TEST-NET-1: never routed
        "except OSError:\n print('offline')"
    )
    done = subprocess.run([*_offline(), sys.executable, "-c", probe], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "offline", done.stderr


def test_version(bundle: Path, tmp_path: Path) -> None:
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    done = subprocess.run(
        [str(bundle / "polar-table"), "--version"], capture_output=True, text=True, env=_env(tmp_path), timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"polar-table {expected}"


def test_smoke_with_no_network(bundle: Path, tmp_path: Path) -> None:
    before = _files(bundle)
    done = subprocess.run(
        [*_offline(), str(bundle / "polar-table"), "--smoke"],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=300,
    )
    print(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "smoke: ok" in done.stdout
    assert _files(bundle) == before, "the app wrote into its install folder"


def test_menu_keeps_user_data_outside_the_install_folder(bundle: Path, tmp_path: Path) -> None:
    before = _files(bundle)
    done = subprocess.run(
        [*_offline(), str(bundle / "polar-table"), "--first-frame-probe"],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
    )
    print(done.stdout)
    assert done.returncode == 0, done.stdout + done.stderr
    assert '"first_menu_frame_s"' in done.stdout
    assert _files(bundle) == before, "the app wrote into its install folder"
    assert (tmp_path / ".local" / "share" / "polar-table").is_dir() or sys.platform != "linux"


def test_contents(bundle: Path) -> None:
    internal = bundle / "_internal"
    names = {str(p.relative_to(internal)) for p in internal.rglob("*")}
    assert "assets/art/icon.svg" in names
    assert "assets/locale/it/LC_MESSAGES/polar_table.mo" in names
    assert "assets/sounds/card_placed.wav" in names
    assert "pygame_gui/data/default_theme.json" in names
    assert {"pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/NotoSans-Bold.ttf"} <= names
    assert any(n.startswith("pymunk/_chipmunk") for n in names), "chipmunk library missing"
    unwanted = [
        n
        for n in names
        if n.endswith((".otf", ".po", ".pot"))
        or "NotoSansKR" in n
        or "NotoSansArabic" in n
        or n.split("/")[0] in {"tests", "tkinter", "numpy", "PIL", "pytest", "hypothesis"}
    ]
    assert unwanted == []
    size = sum(p.stat().st_size for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"bundle: {size / 1e6:.1f} MB")
    assert size <= MAX_MB * 1e6
