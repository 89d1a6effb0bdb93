"""The pictures of Ice Flow's rules reader, made from the table's own art (assets/art/iceflow):

- ``strait.svg``: the strait of assets/data/iceflow/strait.tmx as the table draws it, with the
  explorers and the starting floes of a 4-player game just set up (a fixed seed);
- ``ridged_floe.svg``: one floe with its ridged edges raised, carrying a rope and a fish.

    python build/iceflow_pictures.py           write them to assets/art/iceflow/rules/
    python build/iceflow_pictures.py --check   exit 1 when a file differs from what this script makes

Each tile's SVG is copied in place (nanosvg draws no ``<use>``), its ids prefixed with the tile's
name so that two tiles' gradients never meet; an explorer is tinted to its player's colour the way
the table tints it, by multiplying every colour of the white parka by the player's."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.bots import decide  # noqa: E402
from game.core.hexgrid import has_edge  # noqa: E402
from game.iceflow.board import default_board  # noqa: E402
from game.iceflow.data import ridges  # noqa: E402
from game.iceflow.places import Where  # noqa: E402
from game.iceflow.rules import RULES  # noqa: E402
from game.iceflow.state import TURN, IceFlowState  # noqa: E402

ART = ROOT / "assets" / "art" / "iceflow"
OUT = ART / "rules"
SEED = 3
PLAYERS = 4
PLAYER_RGB = ("#E69F00", "#56B4E9", "#009E73", "#F0E442")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond")
"""The first four player colours of scenes/kit/style.py and their shapes, in seat order."""
LANE_LIGHT = (0, 22, 40, 60)
"""As scenes/iceflow/paint.py: the white over a lane's sea by its speed."""
W, H = 200.0, 173.2
"""A hex tile's box: a hex of size 100 (centre to corner)."""

_ID = re.compile(r'id="([^"]+)"')
_SVG = re.compile(r"<svg[^>]*>(.*)</svg>", re.S)
_DEFS = re.compile(r"<defs>(.*?)</defs>", re.S)
_HEX = re.compile(r"#([0-9A-Fa-f]{6})\b")


class Sheet:
    """An SVG document built of the art's pieces placed and scaled, each source's defs once."""

    def __init__(self, width: float, height: float) -> None:
        self.width, self.height = width, height
        self.defs: dict[str, str] = {}
        self.body: list[str] = []

    def piece(self, name: str, x: float, y: float, scale: float = 1.0, turn: float = 0.0,
              about: tuple[float, float] | None = None, tint: str | None = None, opacity: float = 1.0) -> None:
        """Art ``name`` with its box's top left at (x, y), scaled, turned ``turn`` degrees clockwise
        about ``about`` (its box's own coordinates; default its centre), colours multiplied by ``tint``."""
        text = (ART / f"{name}.svg").read_text(encoding="utf-8")
        inner = _SVG.search(text).group(1)
        key = name if tint is None else f"{name}-{tint[1:]}"
        found = _DEFS.search(inner)
        defs, body = (found.group(1) if found else ""), _DEFS.sub("", inner)
        for old in set(_ID.findall(inner)):
            new = f"{key}-{old}"
            defs, body = ((t.replace(f'id="{old}"', f'id="{new}"').replace(f"url(#{old})", f"url(#{new})"))
                          for t in (defs, body))
        if tint is not None:
            defs, body = _tinted(defs, tint), _tinted(body, tint)
        if defs and key not in self.defs:
            self.defs[key] = defs
        box = _viewbox(text)
        cx, cy = about if about is not None else (box[0] / 2, box[1] / 2)
        turned = f" rotate({turn:g} {cx:g} {cy:g})" if turn else ""
        faded = f' opacity="{opacity:g}"' if opacity < 1 else ""
        place = f"translate({x:.2f} {y:.2f}) scale({scale:g}){turned}"
        self.body.append(f'<g transform="{place}"{faded}>{body.strip()}</g>')

    def lane_light(self, x: float, y: float, alpha: int) -> None:
        """The white the table lays over a lane's sea hex at (x, y), its centre (``LANE_LIGHT``)."""
        points = " ".join(f"{x + px - W / 2:.1f},{y + py - H / 2:.1f}" for px, py in
                          ((0, H / 2), (50, 0), (150, 0), (200, H / 2), (150, H), (50, H)))
        self.body.append(f'<polygon points="{points}" fill="#78C8FF" fill-opacity="{alpha / 255:.3f}"/>')

    def text(self) -> str:
        defs = "".join(self.defs[k] for k in sorted(self.defs))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width:g} {self.height:g}" '
                f'width="{self.width:g}" height="{self.height:g}">\n<defs>{defs}</defs>\n'
                + "\n".join(self.body) + "\n</svg>\n")


def _viewbox(text: str) -> tuple[float, float]:
    values = re.search(r'viewBox="([^"]+)"', text).group(1).split()
    return float(values[2]), float(values[3])


def _tinted(text: str, tint: str) -> str:
    """Every #RRGGBB colour multiplied by ``tint`` (what BLEND_RGBA_MULT does to the table's picture)."""
    t = [int(tint[i:i + 2], 16) for i in (1, 3, 5)]

    def mult(m: re.Match) -> str:
        c = [int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4)]
        return "#" + "".join(f"{round(a * b / 255):02X}" for a, b in zip(c, t))

    return _HEX.sub(mult, text)


def _lighter(rgb: str) -> str:
    """The table's tint for a parka (scenes/iceflow/paint.py ``_lighter``)."""
    c = [int(rgb[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{min(255, round(v * 0.92 + 16)):02X}" for v in c)


def _token(seat: int, x: float, y: float, r: float) -> str:
    """The seat's shape in its colour on the explorer's chest (``style.draw_player_token``)."""
    paint = f'fill="{PLAYER_RGB[seat]}" stroke="#F3F7FA" stroke-width="{r / 6:.2f}"'
    shape = PLAYER_SHAPES[seat]
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" {paint}/>'
    corners = {"square": ((-1, -1), (1, -1), (1, 1), (-1, 1)), "diamond": ((0, -1.2), (1.2, 0), (0, 1.2), (-1.2, 0)),
               "triangle": ((0, -1.15), (1.1, 0.85), (-1.1, 0.85))}[shape]
    points = " ".join(f"{x + dx * r:.1f},{y + dy * r:.1f}" for dx, dy in corners)
    return f'<polygon points="{points}" {paint}/>'


def centre(col: int, row: int) -> tuple[float, float]:
    return 100 + 150 * col, H / 2 + H * (row + 0.5 * (col & 1))


def set_up() -> IceFlowState:
    """A 4-player game just set up: easy bots place the explorers and the starting floes."""
    state = RULES.new_game(RULES.default_options(PLAYERS), SEED)
    step = 0
    while state.frame is None or state.frame.name != TURN:
        state = RULES.apply(state, decide(RULES, state, "easy", SEED * 1000 + step), check=False)
        step += 1
    return state


def floe(sheet: Sheet, mask: int, rotation: int, at: tuple[float, float], scale: float) -> None:
    """A floe at ``at`` (its centre) with its ridges, as the table draws it (93 % of its hex)."""
    x, y = at[0] - W * scale / 2, at[1] - H * scale / 2
    sheet.piece("floe", x, y, scale)
    for d in range(6):
        if has_edge(mask, rotation, d):
            sheet.piece("ridge", x, y, scale, 60 * d)


def strait() -> str:
    board, state = default_board(), set_up()
    sheet = Sheet(150 * board.cols + 50, H * (board.rows + 0.5))
    lanes = {h: lane for lane in board.lanes for h in lane.path}
    for col in range(board.cols):
        for row in range(board.rows):
            kind = board.kind_of((col, row))
            x, y = centre(col, row)
            tile = {"sea": "sea", "island": "sea", "coast": "coast_siberia" if col < board.cols / 2 else "coast_alaska",
                    "siberia": "station_siberia", "alaska": "station_alaska"}[kind]
            sheet.piece(tile, x - W / 2, y - H / 2)
            if kind == "island":
                sheet.piece("island", x - W / 2, y - H / 2)
            elif (col, row) in lanes:
                sheet.lane_light(x, y, LANE_LIGHT[lanes[(col, row)].speed])
                _arrows(sheet, board, lanes[(col, row)], (col, row))
    for f in state.floes:
        floe(sheet, ridges()[f.id], f.rotation, centre(*f.hex), 0.93)
    where = Where(state)
    for loc, who in sorted(where.crowd.items()):
        h = where.hex_of(loc)
        if h is None:
            continue
        x, y = centre(*h)
        gap = 60 if len(who) < 3 else 44
        for k, (seat, _i) in enumerate(who):
            ex = x - gap * (len(who) - 1) / 2 + gap * k
            sheet.piece("explorer", ex - 30, y + 12 - 36, 0.6, tint=_lighter(PLAYER_RGB[seat]))
            sheet.body.append(_token(seat, ex, y + 12 - 36 + 0.66 * 60, 0.13 * 60))
    return sheet.text()


def _arrows(sheet: Sheet, board, lane, h: tuple[int, int]) -> None:
    k = lane.path.index(h)
    ax, ay = centre(*h)
    if k + 1 < len(lane.path):
        bx, by = centre(*lane.path[k + 1])
        dx, dy = bx - ax, by - ay
    else:
        px, py = centre(*lane.path[k - 1])
        dx, dy = ax - px, ay - py
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    side = 42 if lane.speed < 3 else 36
    turn = math.degrees(math.atan2(ux, -uy))
    for i in range(lane.speed):
        t = (i - (lane.speed - 1) / 2) * side * 0.62
        cx, cy = ax - uy * t, ay + ux * t
        sheet.piece("current_arrow", cx - side / 2, cy - side / 2, side / 100, round(turn), tint="#D2EBFF",
                    opacity=150 / 255)


def ridged_floe() -> str:
    sheet = Sheet(W, H)
    three = next(mask for mask in ridges() if bin(mask).count("1") == 3)
    floe(sheet, three, 0, (W / 2, H / 2), 1.0)
    sheet.piece("rope", 38, 95, 0.32)
    sheet.piece("fish", 80, 95, 0.34)
    return sheet.text()


def pictures() -> dict[Path, str]:
    return {OUT / "strait.svg": strait(), OUT / "ridged_floe.svg": ridged_floe()}


def main(argv: list[str]) -> int:
    made = pictures()
    if "--check" in argv:
        stale = [p.name for p, text in made.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
        if stale:
            print(f"differ from what build/iceflow_pictures.py makes: {', '.join(stale)}")
            return 1
        return 0
    OUT.mkdir(exist_ok=True)
    for path, text in made.items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(text) // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
