"""The version of the installed app (its package metadata; 0.1.0 when run from a bare checkout)."""

from __future__ import annotations


def app_version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("polar-table")
    except (ImportError, PackageNotFoundError, ValueError):
        return "0.1.0"
