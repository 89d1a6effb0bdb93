"""Entry point of the frozen app (PyInstaller): the same as the ``polar-table`` console script."""

from __future__ import annotations

import sys

from scenes.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
