"""The in-game rules reference: renders a markdown-ish text file (headings, paragraphs, bullet lists,
tables drawn as tables, pictures from assets/) and scrolls with the wheel and the keys.

A picture is a line ``![caption](art/.../picture.svg)``; pictures on one line, or on lines that follow
each other with no blank line between, are drawn side by side with their captions. A picture that
is missing shows its caption in a box."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.core import registry
from game.core.i18n import _, language
from game.core.paths import asset
from scenes.kit import art, style
from scenes.kit.placed import ScrollView
from scenes.kit.scroll import clamp_scroll, draw_bar, key_scroll
from scenes.kit.theme import rect
from scenes.shell.scene import Scene

_INLINE = re.compile(r"(\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w))")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_IMAGE = re.compile(r'!\[([^\]]*)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)')
_IMAGE_LINE = re.compile(rf"^(?:\s*{_IMAGE.pattern})+\s*$")
_SEPARATOR = re.compile(r":?-{2,}:?")
_NUMERIC = re.compile(r"[\d\s.,:;+\-–−×x%/]+")


def plain(text: str) -> str:
    """Inline markdown reduced to readable text (a link or an inline picture keeps its words)."""
    return _INLINE.sub("", _LINK.sub(r"\1", text)).strip()


@dataclass(frozen=True)
class Picture:
    caption: str
    path: str
    """Under assets/, e.g. art/borealis/species/polar_bear.svg."""


@dataclass(frozen=True)
class Block:
    kind: str
    """h1, h2, h3, p, li, row (a table row), img (pictures side by side) or gap."""
    text: str
    depth: int = 0
    cells: tuple[str, ...] = ()
    header: bool = False
    """A table's header row (the row above its ``|---|`` line)."""
    align: tuple[str, ...] = ()
    """On a header row: left, center, right or "" (numbers centred, words left) for each column."""
    table: int = 0
    """Rows with the same number belong to one table."""
    pictures: tuple[Picture, ...] = ()


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return [c.replace("\\|", "|").strip() for c in re.split(r"(?<!\\)\|", inner)]


def _alignment(cell: str) -> str:
    cell = cell.strip()
    if cell.startswith(":") and cell.endswith(":"):
        return "center"
    if cell.endswith(":"):
        return "right"
    return "left" if cell.startswith(":") else ""


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []
    tables = 0
    previous = ""
    """What the line before was: "row", "img" or "" (anything else, a blank line too)."""

    def flush() -> None:
        if para:
            blocks.append(Block("p", plain(" ".join(para))))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        kind = ""
        if not stripped:
            flush()
            previous = ""
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if heading:
            flush()
            level = min(3, len(heading.group(1)))
            blocks.append(Block(f"h{level}", plain(heading.group(2))))
        elif stripped.startswith("|"):
            flush()
            kind = "row"
            cells = _cells(stripped)
            if all(_SEPARATOR.fullmatch(c) for c in cells if c) and any(cells):
                last = blocks[-1] if blocks else None
                if previous == "row" and last is not None and last.kind == "row" and not last.header:
                    blocks[-1] = Block(
                        "row", last.text, cells=last.cells, header=True,
                        align=tuple(_alignment(c) for c in cells), table=last.table,
                    )
                previous = kind
                continue
            if previous != "row":
                tables += 1
            cells = [plain(c) for c in cells]
            blocks.append(Block("row", "   ·   ".join(c for c in cells if c), cells=tuple(cells), table=tables))
        elif _IMAGE_LINE.match(stripped):
            flush()
            kind = "img"
            found = tuple(Picture(plain(c), p) for c, p in _IMAGE.findall(stripped))
            if previous == "img" and blocks and blocks[-1].kind == "img":
                found = blocks[-1].pictures + found
                blocks.pop()
            blocks.append(Block("img", " · ".join(p.caption for p in found), pictures=found))
        elif bullet:
            flush()
            depth = len(bullet.group(1).replace("\t", "    ")) // 2
            marker = bullet.group(2)
            text_ = plain(bullet.group(3))
            blocks.append(Block("li", text_ if not marker[0].isdigit() else f"{marker} {text_}", depth))
        elif stripped.startswith(">"):
            para.append(stripped.lstrip("> "))
        elif set(stripped) <= {"-", "*", "_"} and len(stripped) >= 3:
            flush()
            blocks.append(Block("gap", ""))
        else:
            para.append(stripped)
        previous = kind
    flush()
    return blocks


def rules_path(game_id: str):
    """assets/rules/<game>.<lang>.md if there is one, else the game's info.rules_text, else <game>.md."""
    localized = asset("rules", f"{game_id}.{language()}.md")
    if localized.exists():
        return localized
    try:
        rules_text = registry.get(game_id).info.rules_text
    except Exception:  # noqa: BLE001
        rules_text = ""
    if rules_text and asset(rules_text).exists():
        return asset(rules_text)
    return asset("rules", f"{game_id}.md")


_NATURAL: dict[str, tuple[int, int] | None] = {}


BOARD_PICTURE = 600
"""A picture this large on a side (its own size, in its units) is a board, drawn up to ``BOARD_HEIGHT``
logical px high rather than as an icon."""
BOARD_HEIGHT = 520


def natural_size(path: str) -> tuple[int, int] | None:
    """The picture's own size (its aspect ratio), or None when it is missing, unreadable or not a
    plain path under assets/."""
    if path not in _NATURAL:
        size = None
        if path and not Path(path).is_absolute() and ".." not in Path(path).parts and asset(path).is_file():
            try:
                size = pygame.image.load(str(asset(path))).get_size()
            except (pygame.error, OSError, ValueError):
                size = None
        _NATURAL[path] = size if size and min(size) > 0 else None
    return _NATURAL[path]


STYLE = {
    "h1": ("h2", True),
    "h2": ("h3", True),
    "h3": ("body", True),
    "p": ("body", False),
    "li": ("body", False),
    "gap": ("small", False),
}
CELL = "body"
CAPTION = "small"


@dataclass
class Line:
    y: int
    text: str
    step: str
    bold: bool
    indent: int
    """Negative on the first line of a bullet (its dot is drawn left of the text)."""
    h: int = 0


@dataclass
class Row:
    y: int
    h: int
    cells: list[list[str]]
    header: bool


@dataclass
class Table:
    y: int
    h: int
    widths: list[int]
    align: list[str]
    rows: list[Row] = field(default_factory=list)


@dataclass
class Shown:
    """One picture as laid out: its box (x from the text's left edge, y in the content), the caption
    lines under it, and whether the art is there (a missing one shows its caption in the box)."""

    box: pygame.Rect
    path: str
    title: str
    caption: list[str]
    found: bool


@dataclass
class Figure:
    y: int
    h: int
    shown: list[Shown] = field(default_factory=list)


Item = Line | Table | Figure


class RulesScene(Scene):
    def __init__(self, app, game_id: str, text: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        try:
            self.name = _(registry.get(game_id).info.name)
        except Exception:  # noqa: BLE001
            self.name = game_id
        if text is None:
            path = rules_path(game_id)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError:
                text = (
                    "# " + _("Rules") + "\n\n" + _("The rules for {name} are not written yet.").format(name=self.name)
                )
        self.blocks = parse(text)
        self.items: list[Item] = []
        """Lines, tables and figures laid out for the current width (y from the content's top)."""
        self.scroll = 0
        self.content_h = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.text_w = 0

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        self.button(rect(round(40 * s), round(24 * s), 130 * s, 44 * s), _("Back"), self.app.pop)
        top = round(28 * s) + self.fonts.font("h2", True).get_linesize() + round(36 * s)
        width = min(w - round(120 * s), round(900 * s))
        self.view = pygame.Rect((w - width) // 2, top, width, h - top - round(30 * s))
        pad = round(28 * s)
        self.text_w = text_w = width - pad * 2
        y = 0
        self.items = []
        i = 0
        while i < len(self.blocks):
            block = self.blocks[i]
            if block.kind == "row":
                rows = [block]
                while i + 1 < len(self.blocks) and self.blocks[i + 1].kind == "row" and (
                    self.blocks[i + 1].table == block.table
                ):
                    i += 1
                    rows.append(self.blocks[i])
                y += round(4 * s)
                table = self._layout_table(rows, y, text_w)
                self.items.append(table)
                y += table.h + round(16 * s)
            elif block.kind == "img":
                y += round(6 * s)
                figure = self._layout_figure(block.pictures, y, text_w)
                self.items.append(figure)
                y += figure.h + round(16 * s)
            else:
                y = self._layout_text(block, y, text_w)
            i += 1
        self.content_h = y + pad * 2
        self.scroll_to(self.scroll)

    def _layout_text(self, block: Block, y: int, text_w: int) -> int:
        s = self.s
        step, bold = STYLE[block.kind]
        indent = 0
        if block.kind.startswith("h"):
            y += round((22 if block.kind != "h3" else 12) * s) if self.items else 0
        if block.kind == "li":
            indent = round((22 + 22 * block.depth) * s)
        if block.kind == "gap":
            return y + round(16 * s)
        line_h = self.fonts.font(step, bold).get_linesize()
        for i, line in enumerate(self.fonts.wrap(block.text, text_w - indent, step, bold)):
            self.items.append(Line(y, line, step, bold, indent if block.kind != "li" or i else -indent, line_h))
            y += line_h
        return y + round({"p": 12, "li": 4}.get(block.kind, 8) * s)

    def _layout_table(self, blocks: list[Block], y: int, text_w: int) -> Table:
        """Columns as wide as their longest cell when the table fits; else each column gets at
        least its longest word and the rest of the width in proportion to what it asks, and cells
        wrap."""
        fonts, s = self.fonts, self.s
        pad_x, pad_y = round(12 * s), round(6 * s)
        columns = max(len(b.cells) for b in blocks)
        grid = [list(b.cells) + [""] * (columns - len(b.cells)) for b in blocks]
        bold = [b.header for b in blocks]

        def width(text: str, strong: bool) -> int:
            return fonts.font(CELL, strong).size(style.safe_text(text))[0]

        natural = [max(width(r[c], bold[k]) for k, r in enumerate(grid)) + pad_x * 2 for c in range(columns)]
        least = [
            max((width(word, bold[k]) for k, r in enumerate(grid) for word in r[c].split()), default=0) + pad_x * 2
            for c in range(columns)
        ]
        if sum(natural) <= text_w:
            widths = natural
        elif sum(least) >= text_w:
            widths = [max(pad_x * 2 + 1, text_w * n // sum(least)) for n in least]
        else:
            spare, asks = text_w - sum(least), [n - m for n, m in zip(natural, least)]
            widths = [m + spare * a // max(1, sum(asks)) for m, a in zip(least, asks)]
        header = next((b for b in blocks if b.header), None)
        align = list(header.align) + [""] * columns if header is not None else [""] * columns
        for c in range(columns):
            if not align[c]:
                body = [r[c] for k, r in enumerate(grid) if not bold[k] and r[c]]
                align[c] = "center" if body and all(_NUMERIC.fullmatch(t) for t in body) else "left"
        table = Table(y, 0, widths, align[:columns])
        ry = 0
        for k, cells in enumerate(grid):
            wrapped = [fonts.wrap(t, widths[c] - pad_x * 2, CELL, bold[k]) for c, t in enumerate(cells)]
            line_h = fonts.font(CELL, bold[k]).get_linesize()
            rh = max(len(lines) for lines in wrapped) * line_h + pad_y * 2
            table.rows.append(Row(ry, rh, wrapped, bold[k]))
            ry += rh
        table.h = ry
        return table

    def _layout_figure(self, pictures: tuple[Picture, ...], y: int, text_w: int) -> Figure:
        """One picture: up to 140 px high (logical), as wide as its shape wants (a board's picture up
        to ``BOARD_HEIGHT``). Several: side by side
        in cells of one width, as many a row as fit, each within a square of its cell, standing on
        one line with the captions under them."""
        fonts, s = self.fonts, self.s
        gap = round(14 * s)
        cap_h = fonts.font(CAPTION).get_linesize()
        if len(pictures) == 1:
            per_row, cell_w, tallest = 1, text_w, round(140 * s)
            size = natural_size(pictures[0].path)
            if size is not None and max(size) >= BOARD_PICTURE:
                tallest = round(BOARD_HEIGHT * s)
        else:
            per_row = max(1, min(len(pictures), (text_w + gap) // (round(120 * s) + gap)))
            cell_w = min(round(170 * s), (text_w - gap * (per_row - 1)) // per_row)
            tallest = min(cell_w, round(130 * s))
        figure = Figure(y, 0)
        fy = y
        for start in range(0, len(pictures), per_row):
            row = pictures[start : start + per_row]
            row_w = cell_w * len(row) + gap * (len(row) - 1)
            shown: list[Shown] = []
            for k, picture in enumerate(row):
                size = natural_size(picture.path)
                if size is None:
                    bw = min(cell_w, round(320 * s)) if len(pictures) == 1 else cell_w
                    bh = round(110 * s) if len(pictures) == 1 else tallest
                else:
                    scale = min(cell_w / size[0], tallest / size[1])
                    bw, bh = max(1, round(size[0] * scale)), max(1, round(size[1] * scale))
                box = pygame.Rect(0, 0, bw, bh)
                box.centerx = (text_w - row_w) // 2 + k * (cell_w + gap) + cell_w // 2
                caption = fonts.wrap(picture.caption, cell_w, CAPTION) if picture.caption and size else []
                shown.append(Shown(box, picture.path, picture.caption, caption, size is not None))
            art_h = max(sh.box.h for sh in shown)
            for sh in shown:
                sh.box.bottom = fy + art_h
            captions = max((len(sh.caption) for sh in shown), default=0)
            fy += art_h + (captions * cap_h + round(4 * s) if captions else 0) + gap
            figure.shown += shown
        figure.h = fy - gap - y
        return figure

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    def scroll_to(self, y: float) -> None:
        self.scroll = clamp_scroll(y, self.max_scroll)
        self.app.dirty = True

    def scrolls(self) -> list[ScrollView]:
        return [ScrollView(tuple(self.view), self.scroll, self.max_scroll, self.scroll_to)]

    def handle_event(self, event: pygame.event.Event) -> None:
        line = self.fonts.font("body").get_linesize()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * line * 3)
        elif event.type == pygame.KEYDOWN:
            delta = key_scroll(event.key, self.view.h - line * 2, line)
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif delta is not None:
                self.scroll_to(self.scroll + delta)

    def static_key(self) -> tuple:
        return (self.scroll,)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        pal, s = self.pal, self.s
        self.title(surface, _("Rules: {name}").format(name=self.name))
        style.panel(surface, self.view, pal, round(18 * s), alpha=235, border=pal.line)
        pad = round(28 * s)
        clip = surface.get_clip()
        inner = self.view.inflate(-round(8 * s), -round(8 * s))
        surface.set_clip(inner)
        left, top = self.view.x + pad, self.view.y + pad - self.scroll
        for item in self.items:
            sy = top + item.y
            if sy > self.view.bottom or sy + item.h < self.view.y:
                continue
            if isinstance(item, Line):
                self._draw_line(surface, item, left, sy)
            elif isinstance(item, Table):
                self._draw_table(surface, item, left, sy)
            else:
                self._draw_figure(surface, item, left, top)
        surface.set_clip(clip)
        if self.max_scroll:
            draw_bar(surface, self.view, self.scroll, self.max_scroll, self.content_h, (pal.panel_hi, pal.violet), s)

    def _draw_line(self, surface: pygame.Surface, line: Line, left: int, sy: int) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        x = left + abs(line.indent)
        colour = pal.green if line.step in ("h2", "h3") and line.bold else pal.text
        if line.indent < 0:  # first line of a bullet
            cy = sy + fonts.font(line.step, line.bold).get_linesize() // 2
            pygame.draw.circle(surface, pal.violet, (x - round(12 * s), cy), max(2, round(3.5 * s)))
        surface.blit(fonts.render(line.text, line.step, colour, line.bold), (x, sy))

    def _draw_table(self, surface: pygame.Surface, table: Table, left: int, sy: int) -> None:
        """Header row bold on a lighter band, body rows striped, a line between cells."""
        pal, fonts, s = self.pal, self.fonts, self.s
        pad_x, pad_y = round(12 * s), round(6 * s)
        outer = pygame.Rect(left, sy, sum(table.widths), table.h)
        radius = round(6 * s)
        body = 0
        for row in table.rows:
            band = pygame.Rect(left, sy + row.y, outer.w, row.h)
            if row.header:
                fill = pal.panel_hi
            else:
                fill = pal.night_2 if body % 2 else pal.panel
                body += 1
            first, last = row is table.rows[0], row is table.rows[-1]
            pygame.draw.rect(
                surface, fill, band,
                border_top_left_radius=radius if first else 0, border_top_right_radius=radius if first else 0,
                border_bottom_left_radius=radius if last else 0, border_bottom_right_radius=radius if last else 0,
            )
            if not first:
                pygame.draw.line(surface, pal.line, band.topleft, (band.right - 1, band.y), max(1, round(s)))
            x = left
            line_h = fonts.font(CELL, row.header).get_linesize()
            for c, lines in enumerate(row.cells):
                cw = table.widths[c]
                for j, text in enumerate(lines):
                    img = fonts.render(text, CELL, pal.text, row.header)
                    ty = band.y + pad_y + j * line_h
                    if table.align[c] == "center":
                        surface.blit(img, img.get_rect(midtop=(x + cw // 2, ty)))
                    elif table.align[c] == "right":
                        surface.blit(img, img.get_rect(topright=(x + cw - pad_x, ty)))
                    else:
                        surface.blit(img, (x + pad_x, ty))
                x += cw
        x = left
        for cw in table.widths[:-1]:
            x += cw
            pygame.draw.line(surface, pal.line, (x, outer.y), (x, outer.bottom - 1), max(1, round(s)))
        pygame.draw.rect(surface, pal.line, outer, max(1, round(s)), border_radius=radius)

    def _draw_figure(self, surface: pygame.Surface, figure: Figure, left: int, top: int) -> None:
        pal, fonts, s = self.pal, self.fonts, self.s
        cap_h = fonts.font(CAPTION).get_linesize()
        for shown in figure.shown:
            box = shown.box.move(left, top)
            if not (shown.found and art.blit_svg(surface, shown.path, box)):
                self._missing(surface, box, shown)
                continue
            y = box.bottom + round(4 * s)
            for line in shown.caption:
                img = fonts.render(line, CAPTION, pal.text_dim)
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += cap_h

    def _missing(self, surface: pygame.Surface, box: pygame.Rect, shown: Shown) -> None:
        """A picture that is not there: a framed box with its caption (or its file name) inside."""
        pal, fonts, s = self.pal, self.fonts, self.s
        pygame.draw.rect(surface, pal.night_2, box, border_radius=round(8 * s))
        pygame.draw.rect(surface, pal.line, box, max(1, round(2 * s)), border_radius=round(8 * s))
        lines = fonts.wrap(shown.title or Path(shown.path).name, box.w - round(12 * s), CAPTION)
        cap_h = fonts.font(CAPTION).get_linesize()
        y = box.centery - cap_h * len(lines) // 2
        for line in lines:
            img = fonts.render(fonts.fit(line, box.w - round(8 * s), CAPTION), CAPTION, pal.text_dim)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += cap_h
