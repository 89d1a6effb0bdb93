"""The in-game rules reference: renders a markdown-ish text file (headings, paragraphs, bullet lists,
simple tables) and scrolls with the wheel and the keys."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.core import registry
from game.core.i18n import _, language
from game.core.paths import asset
from scenes.kit import style
from scenes.kit.scroll import clamp_scroll, key_scroll
from scenes.kit.theme import rect
from scenes.shell.scene import Scene

_INLINE = re.compile(r"(\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w))")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def plain(text: str) -> str:
    """Inline markdown reduced to readable text."""
    return _INLINE.sub("", _LINK.sub(r"\1", text)).strip()


@dataclass(frozen=True)
class Block:
    kind: str
    """h1, h2, h3, p, li, row (a table row) or gap."""
    text: str
    depth: int = 0


def parse(text: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("p", plain(" ".join(para))))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        heading = re.match(r"^(#{1,6})\s+(.*)$", stripped)
        bullet = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
        if heading:
            flush()
            level = min(3, len(heading.group(1)))
            blocks.append(Block(f"h{level}", plain(heading.group(2))))
        elif stripped.startswith("|"):
            flush()
            cells = [plain(c) for c in stripped.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c.strip()) for c in cells if c.strip()):
                continue
            blocks.append(Block("row", "   ·   ".join(c for c in cells if c)))
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


STYLE = {
    "h1": ("h2", True),
    "h2": ("h3", True),
    "h3": ("body", True),
    "p": ("body", False),
    "li": ("body", False),
    "row": ("small", False),
    "gap": ("small", False),
}


class RulesScene(Scene):
    def __init__(self, app, game_id: str, text: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        try:
            self.name = registry.get(game_id).info.name
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
        self.lines: list[tuple[int, str, str, bool, int]] = []
        """(y, text, type step, bold, x indent) laid out for the current width."""
        self.scroll = 0
        self.content_h = 0
        self.view = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.s
        self.button(rect(round(40 * s), round(24 * s), 130 * s, 44 * s), _("Back"), self.app.pop)
        top = round(28 * s) + self.fonts.font("h2", True).get_linesize() + round(36 * s)
        width = min(w - round(120 * s), round(900 * s))
        self.view = pygame.Rect((w - width) // 2, top, width, h - top - round(30 * s))
        pad = round(28 * s)
        text_w = width - pad * 2
        y = 0
        self.lines = []
        for block in self.blocks:
            step, bold = STYLE[block.kind]
            indent = 0
            if block.kind.startswith("h"):
                y += round((22 if block.kind != "h3" else 12) * s) if self.lines else 0
            if block.kind == "li":
                indent = round((22 + 22 * block.depth) * s)
            if block.kind == "gap":
                y += round(16 * s)
                continue
            line_h = self.fonts.font(step, bold).get_linesize()
            for i, line in enumerate(self.fonts.wrap(block.text, text_w - indent, step, bold)):
                self.lines.append((y, line, step, bold, indent if block.kind != "li" or i else -indent))
                y += line_h
            y += round({"p": 12, "li": 4, "row": 2}.get(block.kind, 8) * s)
        self.content_h = y + pad * 2
        self.scroll_to(self.scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_h - self.view.h)

    def scroll_to(self, y: int) -> None:
        self.scroll = clamp_scroll(y, self.max_scroll)
        self.app.dirty = True

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
        pal, fonts, s = self.pal, self.fonts, self.s
        self.title(surface, _("Rules: {name}").format(name=self.name))
        style.panel(surface, self.view, pal, round(18 * s), alpha=235, border=pal.line)
        pad = round(28 * s)
        clip = surface.get_clip()
        inner = self.view.inflate(-round(8 * s), -round(8 * s))
        surface.set_clip(inner)
        top = self.view.y + pad - self.scroll
        for y, text, step, bold, indent in self.lines:
            sy = top + y
            if sy > self.view.bottom or sy < self.view.y - round(60 * s):
                continue
            x = self.view.x + pad + abs(indent)
            colour = pal.green if step in ("h2", "h3") and bold else pal.text
            if indent < 0:  # first line of a bullet
                cy = sy + fonts.font(step, bold).get_linesize() // 2
                pygame.draw.circle(surface, pal.violet, (x - round(12 * s), cy), max(2, round(3.5 * s)))
            surface.blit(fonts.render(text, step, colour, bold), (x, sy))
        surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(
                self.view.right - round(10 * s), self.view.y + round(12 * s), round(5 * s), self.view.h - round(24 * s)
            )
            pygame.draw.rect(surface, pal.panel_hi, track, border_radius=track.w)
            th = max(round(30 * s), track.h * self.view.h // self.content_h)
            ty = track.y + (track.h - th) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, pal.violet, pygame.Rect(track.x, ty, track.w, th), border_radius=track.w)
