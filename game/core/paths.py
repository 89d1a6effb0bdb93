"""Where the app's bundled files are, from source or from an installed bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def assets_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[2] / "assets"


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
