"""House style: colours (from assets/theme/theme.json), player colours with shapes, type scale, fonts,
text and panel drawing helpers and the polar-night background. Every scene draws through this."""

from __future__ import annotations

import json
import math
import unicodedata
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pygame

from game.core.i18n import N_, _
from game.core.paths import asset
from scenes.kit.placed import TextLog

THEME_FILE = "theme/theme.json"

# The type scale in logical pixels (DESIGN.md, House style), multiplied by the UI scale.
TYPE = {"small": 14, "body": 18, "h3": 24, "h2": 32, "h1": 48}

BASE_HEIGHT = 720
BASE_WIDTH = 1280


def ui_scale_for(size: tuple[int, int], user_scale: float = 1.0) -> float:
    """The UI scale for a window: from its height (720 px = 1.0), limited by its width so a narrow
    window never pushes things off-screen, times the player's own UI-scale setting."""
    w, h = size
    return max(0.5, min(h / BASE_HEIGHT, w / BASE_WIDTH) * user_scale)


@cache
def theme_data() -> dict:
    return json.loads(asset(THEME_FILE).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Palette:
    name: str
    night: pygame.Color
    night_2: pygame.Color
    panel: pygame.Color
    panel_hi: pygame.Color
    ice: pygame.Color
    paper: pygame.Color
    text: pygame.Color
    text_dim: pygame.Color
    text_dark: pygame.Color
    green: pygame.Color
    green_hi: pygame.Color
    violet: pygame.Color
    violet_hi: pygame.Color
    coral: pygame.Color
    line: pygame.Color
    disabled: pygame.Color
    disabled_text: pygame.Color
    focus: pygame.Color


PALETTES = {"standard": N_("Standard"), "high_contrast": N_("High contrast")}


@cache
def palette(name: str = "standard") -> Palette:
    table = theme_data()["palettes"]
    colours = table.get(name) or table["standard"]
    return Palette(name if name in table else "standard", **{k: pygame.Color(v) for k, v in colours.items()})


# --- players: Okabe-Ito colours, each with a shape ----------------------------------------------


@dataclass(frozen=True)
class PlayerColour:
    key: str
    label: str
    rgb: str
    shape: str

    @property
    def colour(self) -> pygame.Color:
        return pygame.Color(self.rgb)


PLAYER_COLOURS: tuple[PlayerColour, ...] = (
    PlayerColour("orange", N_("Orange"), "#E69F00", "circle"),
    PlayerColour("sky", N_("Sky blue"), "#56B4E9", "square"),
    PlayerColour("green", N_("Bluish green"), "#009E73", "triangle"),
    PlayerColour("yellow", N_("Yellow"), "#F0E442", "diamond"),
    PlayerColour("blue", N_("Blue"), "#0072B2", "star"),
    PlayerColour("vermillion", N_("Vermillion"), "#D55E00", "hexagon"),
    PlayerColour("purple", N_("Reddish purple"), "#CC79A7", "cross"),
)


def player_colour(index: int) -> PlayerColour:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def shape_points(shape: str, center: tuple[float, float], r: float) -> list[tuple[float, float]]:
    cx, cy = center

    def ring(n: int, radius: float, start: float) -> list[tuple[float, float]]:
        return [
            (cx + radius * math.cos(start + i * 2 * math.pi / n), cy + radius * math.sin(start + i * 2 * math.pi / n))
            for i in range(n)
        ]

    if shape == "square":
        s = r * 0.82
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return ring(3, r * 1.1, -math.pi / 2)
    if shape == "diamond":
        return ring(4, r * 1.05, -math.pi / 2)
    if shape == "hexagon":
        return ring(6, r, 0)
    if shape == "star":
        pts = []
        for i in range(10):
            radius = r * 1.1 if i % 2 == 0 else r * 0.48
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
        return pts
    if shape == "cross":
        a, b = r * 0.95, r * 0.36
        return [
            (cx - b, cy - a),
            (cx + b, cy - a),
            (cx + b, cy - b),
            (cx + a, cy - b),
            (cx + a, cy + b),
            (cx + b, cy + b),
            (cx + b, cy + a),
            (cx - b, cy + a),
            (cx - b, cy + b),
            (cx - a, cy + b),
            (cx - a, cy - b),
            (cx - b, cy - b),
        ]
    return []


def draw_shape(
    surface: pygame.Surface,
    shape: str,
    center: tuple[float, float],
    r: float,
    colour: pygame.Color,
    outline: pygame.Color | None = None,
) -> None:
    """A player's token: their colour in their shape, with a thin outline so it reads on any background."""
    width = max(1, round(r / 6))
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, r)
        if outline is not None:
            pygame.draw.circle(surface, outline, center, r, width)
        return
    pts = shape_points(shape, center, r)
    pygame.draw.polygon(surface, colour, pts)
    if outline is not None:
        pygame.draw.polygon(surface, outline, pts, width)


def draw_player_token(surface: pygame.Surface, index: int | PlayerColour, center: tuple[float, float],
                      r: float) -> None:
    """A seat's token: the palette's colour ``index``, or a colour a game fixes (PlayerColour)."""
    pc = index if isinstance(index, PlayerColour) else player_colour(index)
    draw_shape(surface, pc.shape, center, r, pc.colour, pygame.Color("#F3F7FA"))


def colour_label(index: int) -> str:
    return _(player_colour(index).label)


# --- fonts and text ------------------------------------------------------------------------------


def font_path(bold: bool = False) -> Path:
    """Noto Sans as shipped with pygame_gui (SIL Open Font Licence); assets/fonts/ overrides it."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    local = asset("fonts", name)
    if local.exists():
        return local
    import pygame_gui

    return Path(pygame_gui.__file__).parent / "data" / name


TEXT_CACHE_BYTES = 6 * 1024 * 1024
"""Rendered text kept for reuse: by size, not by count (a log line at 2560x1440 weighs 100 KB)."""


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class Fonts:
    """Fonts on the type scale at the current UI scale, and a cache of rendered text."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._text_bytes = 0
        self.log: TextLog | None = None
        """Where the words ``blit_text`` draws are noted, while a scene listens (``listening``)."""

    @contextmanager
    def listening(self, *surfaces: pygame.Surface) -> Iterator[TextLog]:
        """Note the words ``blit_text`` draws on ``surfaces`` (those standing for the window; none
        given: on any surface, a picture drawn at the window's top left) until the block ends."""
        outer, self.log = self.log, TextLog(*surfaces)
        try:
            yield self.log
        finally:
            self.log = outer

    def set_scale(self, scale: float) -> None:
        if abs(scale - self.scale) > 1e-6:
            self.scale = scale
            self.forget()

    def forget(self) -> None:
        """Drop every rendered word and every opened font with the glyphs it cached (a new scale; a
        table closed, whose words the next scene does not show: kept, they were spread through the
        heap among the freed game and pinned its pages). Fonts open again as they are asked for."""
        self._text.clear()
        self._text_bytes = 0
        self._fonts.clear()

    def px(self, step: str | int) -> int:
        base = TYPE[step] if isinstance(step, str) else step
        return max(14 if base >= 14 else 10, round(base * self.scale))

    def font(self, step: str | int = "body", bold: bool = False) -> pygame.font.Font:
        size = self.px(step)
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(font_path(bold)), size)
            self._fonts[key] = font
        return font

    def render(
        self, text: str, step: str | int = "body", colour: pygame.Color | str = "#F3F7FA", bold: bool = False
    ) -> pygame.Surface:
        colour = pygame.Color(colour)
        text = safe_text(text)
        key = (text, self.px(step), bold, tuple(colour))
        surf = self._text.get(key)
        if surf is None:
            try:
                surf = self.font(step, bold).render(text, True, colour)
            except (pygame.error, ValueError, UnicodeError, OverflowError, MemoryError):
                surf = self.font(step, bold).render("?", True, colour)
            self._text[key] = surf
            self._text_bytes += _bytes(surf)
            while self._text_bytes > TEXT_CACHE_BYTES and len(self._text) > 1:
                self._text_bytes -= _bytes(self._text.popitem(last=False)[1])
        else:
            self._text.move_to_end(key)
        return surf

    def wrap(self, text: str, width: int, step: str | int = "body", bold: bool = False) -> list[str]:
        font = self.font(step, bold)
        lines: list[str] = []
        for para in safe_text(text, keep_newlines=True).split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def fit(self, text: str, width: int, step: str | int = "body", bold: bool = False) -> str:
        """``text`` shortened with an ellipsis so it fits ``width``."""
        font = self.font(step, bold)
        text = safe_text(text)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text + "…"


MAX_DRAWN = 2_000
"""Characters drawn of one text at most (a longer one is cut): no string makes a surface too big."""
_UNDRAWABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def safe_text(text: object, keep_newlines: bool = False) -> str:
    """``text`` as a string pygame draws without raising: no NUL or other control characters, no
    lone surrogates, zero-width or bidirectional marks (dropped), at most MAX_DRAWN characters.
    Every text drawn goes through this (``Fonts.render``, ``wrap``, ``fit``)."""
    text = text if isinstance(text, str) else str(text)
    if text.isascii() and text.isprintable() and len(text) <= MAX_DRAWN:
        return text
    kept = []
    for ch in text[: MAX_DRAWN * 2]:
        if ch == "\n" and keep_newlines:
            kept.append(ch)
        elif ch in "\t\n\r":
            kept.append(" ")
        elif unicodedata.category(ch) not in _UNDRAWABLE:
            kept.append(ch)
    return "".join(kept)[:MAX_DRAWN]


def blit_text(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    pos: tuple[int, int],
    step: str | int = "body",
    colour: pygame.Color | str = "#F3F7FA",
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    img = fonts.render(text, step, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    if fonts.log is not None:
        fonts.log.saw(surface, rect, text, fonts.px(step))
    return rect


# --- panels and background -----------------------------------------------------------------------


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    pal: Palette,
    radius: int = 14,
    fill: pygame.Color | None = None,
    border: pygame.Color | None = None,
    shadow: int = 6,
    alpha: int = 255,
) -> None:
    """A rounded panel with a soft drop shadow."""
    if shadow:
        sh = pygame.Surface((rect.w + shadow * 2, rect.h + shadow * 2), pygame.SRCALPHA)
        pygame.draw.rect(
            sh,
            (0, 0, 0, 70),
            sh.get_rect().inflate(-shadow, -shadow).move(0, shadow // 2),
            border_radius=radius + shadow // 2,
        )
        surface.blit(sh, (rect.x - shadow, rect.y - shadow + shadow // 2))
    colour = pygame.Color(fill if fill is not None else pal.panel)
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (colour.r, colour.g, colour.b, alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, max(1, radius // 7), border_radius=radius)


class PanelCache:
    """Pre-rendered panels keyed by size and colours: a scene redrawn every frame only blits."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, size: tuple[int, int], pal: Palette, **kw) -> pygame.Surface:
        """The panel of ``size`` (``kw``: ``panel``'s options), its shadow's margin around it."""
        shadow = kw.get("shadow", 6)
        options = sorted((k, tuple(v) if isinstance(v, pygame.Color) else v) for k, v in kw.items())
        key = (size, pal.name, tuple(options))
        surf = self._cache.get(key)
        if surf is None:
            surf = pygame.Surface((size[0] + shadow * 2, size[1] + shadow * 2), pygame.SRCALPHA)
            panel(surf, pygame.Rect(shadow, shadow, *size), pal, **kw)
            self._cache[key] = surf
            if len(self._cache) > 200:
                self._cache.popitem(last=False)
        return surf

    def blit(self, surface: pygame.Surface, rect: pygame.Rect, pal: Palette, **kw) -> None:
        shadow = kw.get("shadow", 6)
        surface.blit(self.get(rect.size, pal, **kw), (rect.x - shadow, rect.y - shadow))


def _mix(a: pygame.Color, b: pygame.Color, t: float) -> tuple[int, int, int]:
    return (round(a.r + (b.r - a.r) * t), round(a.g + (b.g - a.g) * t), round(a.b + (b.b - a.b) * t))


def _aurora(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """Aurora curtains: a bright lower edge that fades upwards, drifting in soft waves."""
    sw, sh = size
    glow = pygame.Surface(size, pygame.SRCALPHA)
    bands = (
        (pal.green, 0.30, 0.07, 1.3, 0.0, 0.16, 85),
        (pal.violet, 0.22, 0.06, 0.9, 1.7, 0.12, 60),
        (pal.green, 0.16, 0.04, 2.1, 3.1, 0.08, 30),
    )
    for colour, base, amp, freq, phase, height, alpha in bands:
        for x in range(sw):
            fx = x / sw
            edge = sh * (base + amp * math.sin(fx * math.pi * freq + phase))
            tall = sh * height * (0.7 + 0.3 * math.sin(fx * 9 + phase))
            strength = max(0.0, math.sin(fx * math.pi * 0.9 + 0.15)) * (0.65 + 0.35 * math.sin(fx * 13 + phase * 2))
            for y in range(max(0, int(edge - tall)), min(sh, int(edge + 3))):
                d = (edge - y) / tall if y <= edge else (y - edge) / 2.5
                a = alpha * strength * (1 - d) ** 1.5 if d < 1 else 0
                if a > 0:
                    old = glow.get_at((x, y))
                    na = min(255, old.a + int(a))
                    glow.set_at((x, y), (colour.r, colour.g, colour.b, na))
    return glow


BACKGROUNDS_KEPT = 3
"""The window's, the scenes' view (the window less a banner) and a menu tile's until its cover art
lands, all drawn in one frame: a window resized through many sizes kept up to nine (14 MB each at
2560x1440)."""


@lru_cache(maxsize=BACKGROUNDS_KEPT)
def _background(size: tuple[int, int], pal_name: str, aurora: bool) -> pygame.Surface:
    pal = palette(pal_name)
    w, h = size
    sw, sh = 192, 108
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        t = y / (sh - 1)
        pygame.draw.line(small, _mix(pal.night, pal.night_2, t**0.8), (0, y), (sw, y))
    if aurora:
        small.blit(_aurora((sw, sh), pal), (0, 0))
    big = pygame.transform.smoothscale(small, size)
    # stars: crisp points at full resolution, seeded by size so they do not twinkle on redraw
    seed = 12345
    for _i in range(int(w * h / 9000)):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        x = seed % w
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        y = seed % max(1, int(h * 0.55))
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        b = 120 + seed % 100
        big.set_at((x, y), (b, b, min(255, b + 30)))
    # a low ice horizon
    horizon = pygame.Surface((w, max(1, h // 6)), pygame.SRCALPHA)
    for y in range(horizon.get_height()):
        t = y / max(1, horizon.get_height() - 1)
        horizon.fill((pal.ice.r, pal.ice.g, pal.ice.b, int(16 * t)), pygame.Rect(0, y, w, 1))
    big.blit(horizon, (0, h - horizon.get_height()))
    if pygame.display.get_surface() is not None:
        big = big.convert()
    return big


def background(size: tuple[int, int], pal: Palette, aurora: bool = True) -> pygame.Surface:
    """The polar-night gradient with aurora ribbons and stars, rendered once per size."""
    return _background(tuple(size), pal.name, aurora)


def dim(surface: pygame.Surface, alpha: int = 150, colour: tuple[int, int, int] = (5, 12, 24)) -> None:
    """Lay ``colour`` at ``alpha`` over the whole surface: two fills in place (a veil surface the size
    of the window would be made and dropped every time: 8 MB at 1920x1080)."""
    keep = round(255 * (1 - alpha / 255))
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surface.fill(tuple(round(c * alpha / 255) for c in colour), special_flags=pygame.BLEND_RGB_ADD)


def aurora_rule(surface: pygame.Surface, rect: pygame.Rect, pal: Palette) -> None:
    """A thin green-to-violet accent line (under titles)."""
    if rect.w <= 0:
        return
    strip = pygame.Surface((2, 1))
    strip.set_at((0, 0), pal.green)
    strip.set_at((1, 0), pal.violet)
    surface.blit(pygame.transform.smoothscale(strip, (rect.w, max(1, rect.h))), rect.topleft)
