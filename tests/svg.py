"""What the art tests ask of an SVG file as XML (that it renders is tests/test_art.py's, for every file)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path


def viewbox_of(path: Path) -> str | None:
    """The viewBox of the SVG at ``path``, which must exist and be an SVG document."""
    assert path.is_file(), f"missing {path.name}"
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg", f"{path.name}: root is {root.tag}"
    return root.get("viewBox")
