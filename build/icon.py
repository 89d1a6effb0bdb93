"""Render assets/art/icon.svg into the icons the installers need (pygame's load_sized_svg).

    python build/icon.py OUT_DIR            # OUT_DIR/hicolor/<n>x<n>/apps/polar-table.png, polar-table.svg,
                                            # polar-table.ico (Windows) and polar-table.iconset/ (macOS iconutil)

The .ico holds PNG images (Windows Vista and later read them), so no image library beyond pygame is needed.
This file is a script, not a package module (a ``build`` package would shadow PyPA's ``python -m build``).
"""

from __future__ import annotations

import io
import os
import shutil
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "assets" / "art" / "icon.svg"
NAME = "polar-table"
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICONSET = {  # file name in a macOS .iconset -> pixel size
    "icon_16x16.png": 16,
    "icon_16x16@2x.png": 32,
    "icon_32x32.png": 32,
    "icon_32x32@2x.png": 64,
    "icon_128x128.png": 128,
    "icon_128x128@2x.png": 256,
    "icon_256x256.png": 256,
    "icon_256x256@2x.png": 512,
    "icon_512x512.png": 512,
    "icon_512x512@2x.png": 1024,
}


def png_bytes(size: int) -> bytes:
    import pygame

    surface = pygame.image.load_sized_svg(str(SVG), (size, size))
    if surface.get_size() != (size, size):
        surface = pygame.transform.smoothscale(surface, (size, size))
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = Path(argv[0])
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = png_bytes(size)
        return cache[size]

    for size in HICOLOR_SIZES:
        target = out / "hicolor" / f"{size}x{size}" / "apps" / f"{NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png(size))
    shutil.copyfile(SVG, out / f"{NAME}.svg")
    (out / f"{NAME}.ico").write_bytes(ico_bytes({s: png(s) for s in ICO_SIZES}))
    iconset = out / f"{NAME}.iconset"
    iconset.mkdir(parents=True, exist_ok=True)
    for name, size in ICONSET.items():
        (iconset / name).write_bytes(png(size))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
