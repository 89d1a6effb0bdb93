"""The art of ILAN (assets/art/ilan), drawn from our own geometry by this script:

- ``species/B01.svg`` ... ``species/B73.svg``: one picture per biodiversity card id of
  assets/data/ilan/cards.json, each organism in its own colours, centred on a transparent square;
- ``factors/F01.svg`` ... ``factors/F30.svg``: one pictogram per factors card, on a cool round tile
  for natural factors and a warm one for human factors;
- ``icons/<ICON>.svg`` for the eight passive icons, and ``icons/active.svg``;
- ``colours/<colour>.svg``: the five category colours' badges (kids' mode);
- ``card_back_bio.svg``, ``card_back_factors.svg``, ``board_space.svg`` and ``military_base.svg``.

    python build/ilan_art.py           write them all
    python build/ilan_art.py --check   exit 1 when a file differs from what this script makes, or is missing

Standard library only; the output is deterministic. The species are composed from shared parts: a
``Body`` (a smooth outline around a curved spine with a width profile, which also maps body-relative
(u, v) coordinates so that markings stay inside the body without a clip path), and one part drawer per
kind of organism (fish, whale, seal, penguin, diatom, kelp ...), each taking colours, proportions,
markings and pose as parameters. Every picture is fitted to its square by the same rule, so that each
organism covers a similar share of it. nanosvg draws no text, ``<use>``, filters, masks or clip paths,
so none are written."""

from __future__ import annotations

import json
import math
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "art" / "ilan"
CARDS = ROOT / "assets" / "data" / "ilan" / "cards.json"

NAVY = "#14213D"
"""The house outline colour."""
INK = "#0E1626"
"""Eyes and the darkest details."""
WHITE = "#FFFFFF"

Point = tuple[float, float]

# --- geometry ------------------------------------------------------------------------------------


def add(a: Point, b: Point) -> Point:
    return a[0] + b[0], a[1] + b[1]


def sub(a: Point, b: Point) -> Point:
    return a[0] - b[0], a[1] - b[1]


def mul(a: Point, k: float) -> Point:
    return a[0] * k, a[1] * k


def lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def norm(a: Point) -> Point:
    n = math.hypot(*a) or 1.0
    return a[0] / n, a[1] / n


def polar(c: Point, r: float, deg: float) -> Point:
    a = math.radians(deg)
    return c[0] + r * math.cos(a), c[1] + r * math.sin(a)


def rot(p: Point, deg: float, about: Point = (0.0, 0.0)) -> Point:
    a = math.radians(deg)
    x, y = p[0] - about[0], p[1] - about[1]
    return about[0] + x * math.cos(a) - y * math.sin(a), about[1] + x * math.sin(a) + y * math.cos(a)


class Matrix:
    """An affine map (a c e / b d f), used only as a similarity (translate, rotate, uniform scale, flip)."""

    def __init__(self, a: float = 1, b: float = 0, c: float = 0, d: float = 1, e: float = 0, f: float = 0) -> None:
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f

    def __matmul__(self, o: Matrix) -> Matrix:
        return Matrix(self.a * o.a + self.c * o.b, self.b * o.a + self.d * o.b,
                      self.a * o.c + self.c * o.d, self.b * o.c + self.d * o.d,
                      self.a * o.e + self.c * o.f + self.e, self.b * o.e + self.d * o.f + self.f)

    def __call__(self, p: Point) -> Point:
        return self.a * p[0] + self.c * p[1] + self.e, self.b * p[0] + self.d * p[1] + self.f

    @property
    def scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    @staticmethod
    def make(at: Point = (0, 0), turn: float = 0, scale: float = 1, flip: bool = False,
             about: Point = (0, 0)) -> Matrix:
        """Move ``about`` to ``at``, after scaling by ``scale``, mirroring left-right (``flip``) and turning
        ``turn`` degrees clockwise about it."""
        a = math.radians(turn)
        ca, sa = math.cos(a) * scale, math.sin(a) * scale
        fx = -1 if flip else 1
        m = Matrix(ca * fx, sa * fx, -sa, ca, 0, 0)
        ox, oy = m(about)
        m.e, m.f = at[0] - ox, at[1] - oy
        return m


# A path is a list of segments: ("M", p), ("L", p), ("C", c1, c2, p), ("Z",).
Seg = tuple
PathData = list[Seg]


def cubic(p0: Point, c1: Point, c2: Point, p3: Point, t: float) -> Point:
    s = 1 - t
    return (s * s * s * p0[0] + 3 * s * s * t * c1[0] + 3 * s * t * t * c2[0] + t * t * t * p3[0],
            s * s * s * p0[1] + 3 * s * s * t * c1[1] + 3 * s * t * t * c2[1] + t * t * t * p3[1])


def smooth(points: Sequence[Point], closed: bool = True, k: float = 1.0) -> PathData:
    """A Catmull-Rom curve through ``points`` as cubic Bezier segments (``k`` < 1 rounds corners less)."""
    n = len(points)
    out: PathData = [("M", points[0])]
    last = n if closed else n - 1
    for i in range(last):
        p0 = points[(i - 1) % n] if closed or i > 0 else points[0]
        p1, p2 = points[i], points[(i + 1) % n]
        p3 = points[(i + 2) % n] if closed or i + 2 < n else points[n - 1]
        c1 = add(p1, mul(sub(p2, p0), k / 6))
        c2 = sub(p2, mul(sub(p3, p1), k / 6))
        out.append(("C", c1, c2, p2))
    if closed:
        out.append(("Z",))
    return out


def poly(points: Sequence[Point], closed: bool = True) -> PathData:
    out: PathData = [("M", points[0])] + [("L", p) for p in points[1:]]
    if closed:
        out.append(("Z",))
    return out


def ellipse(c: Point, rx: float, ry: float, turn: float = 0.0) -> PathData:
    k = 0.5523
    pts = [(rx, 0), (0, ry), (-rx, 0), (0, -ry)]
    ctrl = [((rx, ry * k), (rx * k, ry)), ((-rx * k, ry), (-rx, ry * k)), ((-rx, -ry * k), (-rx * k, -ry)),
            ((rx * k, -ry), (rx, -ry * k))]

    def m(p: Point) -> Point:
        return add(c, rot(p, turn))

    out: PathData = [("M", m(pts[0]))]
    for i in range(4):
        out.append(("C", m(ctrl[i][0]), m(ctrl[i][1]), m(pts[(i + 1) % 4])))
    out.append(("Z",))
    return out


def rrect(x: float, y: float, w: float, h: float, r: float = 0.0) -> PathData:
    if r <= 0:
        return poly([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    r = min(r, w / 2, h / 2)
    k = r * 0.4477
    return [("M", (x + r, y)), ("L", (x + w - r, y)), ("C", (x + w - k, y), (x + w, y + k), (x + w, y + r)),
            ("L", (x + w, y + h - r)), ("C", (x + w, y + h - k), (x + w - k, y + h), (x + w - r, y + h)),
            ("L", (x + r, y + h)), ("C", (x + k, y + h), (x, y + h - k), (x, y + h - r)),
            ("L", (x, y + r)), ("C", (x, y + k), (x + k, y), (x + r, y)), ("Z",)]


def star(c: Point, r_out: float, r_in: float, n: int, turn: float = -90.0) -> list[Point]:
    return [polar(c, r_out if i % 2 == 0 else r_in, turn + 180 * i / n) for i in range(2 * n)]


def transform_path(path: PathData, m: Matrix) -> PathData:
    return [(s[0], *(m(p) for p in s[1:])) for s in path]


def path_points(path: PathData) -> list[Point]:
    """Points on the path (curves sampled) for bounds."""
    pts: list[Point] = []
    cur = (0.0, 0.0)
    for s in path:
        if s[0] in ("M", "L"):
            cur = s[1]
            pts.append(cur)
        elif s[0] == "C":
            for j in range(1, 9):
                pts.append(cubic(cur, s[1], s[2], s[3], j / 8))
            cur = s[3]
    return pts


def fmt(v: float) -> str:
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


def path_d(path: PathData) -> str:
    out = []
    for s in path:
        if s[0] == "Z":
            out.append("Z")
        else:
            out.append(s[0] + " " + " ".join(f"{fmt(p[0])} {fmt(p[1])}" for p in s[1:]))
    return " ".join(out)


# --- a picture -----------------------------------------------------------------------------------


class Item:
    """One shape of a picture, already in the picture's coordinates."""

    def __init__(self, path: PathData | None, style: dict[str, str], hw: float = 0.0, circle=None) -> None:
        self.path, self.style, self.hw, self.circle = path, style, hw, circle

    def points(self) -> list[Point]:
        if self.circle is not None:
            (cx, cy), r = self.circle
            return [(cx - r, cy - r), (cx + r, cy + r)]
        return path_points(self.path)

    def moved(self, m: Matrix) -> Item:
        if self.circle is not None:
            c, r = self.circle
            return Item(None, self.style, self.hw, (m(c), r * m.scale))
        return Item(transform_path(self.path, m), self.style, self.hw, None)

    def svg(self, styled: bool = True) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in self.style.items()) if styled else ""
        if self.circle is not None:
            (cx, cy), r = self.circle
            return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}"{attrs}/>'
        return f'<path d="{path_d(self.path)}"{attrs}/>'


def _style(fill: str | None = None, stroke: str | None = None, width: float = 0.0, opacity: float = 1.0,
           fill_opacity: float = 1.0, cap: str = "round", join_: str = "round", dash: str | None = None) -> dict:
    if fill and len(fill) == 9 and fill.startswith("#"):
        fill, fill_opacity = fill[:7], fill_opacity * int(fill[7:], 16) / 255
    stroke_opacity = 1.0
    if stroke and len(stroke) == 9:
        stroke, stroke_opacity = stroke[:7], int(stroke[7:], 16) / 255
    st = {"fill": fill or "none"}
    if stroke:
        st.update({"stroke": stroke, "stroke-width": fmt(width) if width >= 0.1 else f"{width:.2f}"})
        st["stroke-linecap"] = cap
        st["stroke-linejoin"] = join_
        if dash:
            st["stroke-dasharray"] = dash
    if fill_opacity < 1:
        st["fill-opacity"] = f"{fill_opacity:.2f}"
    if stroke_opacity < 1:
        st["stroke-opacity"] = f"{stroke_opacity:.2f}"
    if opacity < 1:
        st["opacity"] = f"{opacity:.2f}"
    return st


class Pic:
    """A picture being drawn: shapes in order, gradients, and a stack of placements."""

    def __init__(self, width: float = 100, height: float = 100) -> None:
        self.width, self.height = width, height
        self.items: list[Item] = []
        self.defs: list[str] = []
        self.m = Matrix()
        self._ids = 0

    @contextmanager
    def at(self, at: Point = (0, 0), turn: float = 0, scale: float = 1, flip: bool = False,
           about: Point = (0, 0)):
        saved = self.m
        self.m = saved @ Matrix.make(at, turn, scale, flip, about)
        try:
            yield
        finally:
            self.m = saved

    def _put(self, path: PathData, style: dict, hw: float = 0.0) -> None:
        self.items.append(Item(transform_path(path, self.m), style, hw, None))

    def fill(self, path: PathData, fill: str, opacity: float = 1.0, fill_opacity: float = 1.0) -> None:
        self._put(path, _style(fill, opacity=opacity, fill_opacity=fill_opacity), 0.0)

    def shape(self, path: PathData, fill: str | None, stroke: str | None = NAVY, width: float = 1.5,
              opacity: float = 1.0, fill_opacity: float = 1.0, dash: str | None = None, cap: str = "round") -> None:
        """``path`` filled and stroked (``width`` in the picture's final units: not scaled)."""
        self._put(path, _style(fill, stroke, width, opacity, fill_opacity, cap=cap, dash=dash),
                  width / 2 if stroke else 0.0)

    def line(self, path: PathData | Sequence[Point], stroke: str, width: float, opacity: float = 1.0,
             cap: str = "round", dash: str | None = None) -> None:
        """A stroke along ``path`` (or a smooth curve through points)."""
        if path and not isinstance(path[0][0], str):
            pts = [path[0]]
            for q in path[1:]:
                if math.hypot(q[0] - pts[-1][0], q[1] - pts[-1][1]) > 0.4:
                    pts.append(q)
            path = smooth(pts, closed=False) if len(pts) > 2 else poly(pts, closed=False)
        self._put(path, _style(None, stroke, width, opacity, cap=cap, dash=dash), width / 2)

    def circle(self, c: Point, r: float, fill: str | None, stroke: str | None = None, width: float = 0.0,
               opacity: float = 1.0, fill_opacity: float = 1.0) -> None:
        st = _style(fill, stroke, width, opacity, fill_opacity)
        self.items.append(Item(None, st, width / 2 if stroke else 0.0, (self.m(c), r * self.m.scale)))

    def outlined(self, parts: Iterable[tuple[PathData, str]], width: float = 5.0, stroke: str = NAVY,
                 opacity: float = 1.0) -> None:
        """The house silhouette: every part's thick outline first, then every part's fill over them, so
        the parts merge into one shape with one outer outline (half of ``width`` shows)."""
        parts = list(parts)
        for path, _ in parts:
            self._put(path, _style(None, stroke, width, opacity), width / 2)
        for path, fill in parts:
            self._put(path, _style(fill, opacity=opacity), 0.0)

    def gradient(self, stops: Sequence[tuple[float, str] | tuple[float, str, float]], x1: float = 0, y1: float = 0,
                 x2: float = 0, y2: float = 1, radial: bool = False, cx: float = 0.5, cy: float = 0.5,
                 r: float = 0.5) -> str:
        """A gradient over the shape's own box (objectBoundingBox), returned as ``url(#gN)``."""
        self._ids += 1
        gid = f"g{self._ids}"
        body = "".join(
            f'<stop offset="{s[0]:g}" stop-color="{s[1]}"'
            + (f' stop-opacity="{s[2]:g}"' if len(s) > 2 else "") + "/>" for s in stops)
        if radial:
            self.defs.append(f'<radialGradient id="{gid}" cx="{cx * 100:g}%" cy="{cy * 100:g}%" r="{r * 100:g}%">'
                             f"{body}</radialGradient>")
        else:
            self.defs.append(f'<linearGradient id="{gid}" x1="{x1 * 100:g}%" y1="{y1 * 100:g}%" x2="{x2 * 100:g}%" '
                             f'y2="{y2 * 100:g}%">{body}</linearGradient>')
        return f"url(#{gid})"

    def bounds(self) -> tuple[float, float, float, float]:
        xs0, ys0, xs1, ys1 = [], [], [], []
        for it in self.items:
            pts = it.points()
            xs0.append(min(p[0] for p in pts) - it.hw)
            xs1.append(max(p[0] for p in pts) + it.hw)
            ys0.append(min(p[1] for p in pts) - it.hw)
            ys1.append(max(p[1] for p in pts) + it.hw)
        return min(xs0), min(ys0), max(xs1), max(ys1)

    def fit(self, side: float = 94.0, area: float = 6000.0) -> None:
        """Scale and centre the drawing in the 100 x 100 square: its box's longer side at most ``side``,
        and its area at most ``area`` (so a round organism is not drawn bigger than a long one looks).
        Stroke widths are not scaled, so the scale is found by a few steps."""
        s = 1.0
        for _ in range(6):
            moved = [it.moved(Matrix(s, 0, 0, s)) for it in self.items]
            probe = Pic()
            probe.items = moved
            x0, y0, x1, y1 = probe.bounds()
            w, h = x1 - x0, y1 - y0
            k = min(side / max(w, h), math.sqrt(area / (w * h)))
            s *= k
        moved = [it.moved(Matrix(s, 0, 0, s)) for it in self.items]
        probe = Pic()
        probe.items = moved
        x0, y0, x1, y1 = probe.bounds()
        dx, dy = 50 - (x0 + x1) / 2, 50 - (y0 + y1) / 2
        self.items = [it.moved(Matrix(1, 0, 0, 1, dx, dy)) for it in moved]

    def svg(self) -> str:
        w, h = fmt(self.width), fmt(self.height)
        defs = f"<defs>{''.join(self.defs)}</defs>\n" if self.defs else ""
        lines, k = [], 0
        while k < len(self.items):
            j = k
            while j + 1 < len(self.items) and self.items[j + 1].style == self.items[k].style:
                j += 1
            if j == k:
                lines.append(self.items[k].svg())
            else:
                attrs = "".join(f' {a}="{v}"' for a, v in self.items[k].style.items())
                lines.append(f"<g{attrs}>" + "".join(it.svg(False) for it in self.items[k:j + 1]) + "</g>")
            k = j + 1
        body = "\n".join(lines)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}">\n'
                f"{defs}{body}\n</svg>\n")


# --- a body: a smooth outline around a spine -----------------------------------------------------


def _profile(ctrl: Sequence[tuple[float, float]]) -> Callable[[float], float]:
    """A smooth function of u in [0, 1] through the (u, value) control points (cosine eased)."""
    ctrl = sorted(ctrl)

    def f(u: float) -> float:
        if u <= ctrl[0][0]:
            return ctrl[0][1]
        for (u0, w0), (u1, w1) in zip(ctrl, ctrl[1:]):
            if u <= u1:
                t = (u - u0) / (u1 - u0) if u1 > u0 else 1.0
                t = (1 - math.cos(math.pi * t)) / 2
                return w0 + (w1 - w0) * t
        return ctrl[-1][1]

    return f


class Body:
    """An elongated body: a spine through ``spine`` (head first) and half-widths above (``upper``) and
    below (``lower``) it, each given as (u, half-width) with u from 0 (head) to 1 (tail). ``map(u, v)`` is
    the point at u along the spine and v across it (v = 1 the upper edge, -1 the lower), so that patches
    and spots drawn in (u, v) stay inside the body."""

    def __init__(self, spine: Sequence[Point], upper: Sequence[tuple[float, float]],
                 lower: Sequence[tuple[float, float]] | None = None, nose: float = 0.0, tail: float = 0.0,
                 samples: int = 16) -> None:
        dense: list[Point] = []
        segs = smooth(spine, closed=False) if len(spine) > 2 else poly(spine, closed=False)
        cur = segs[0][1]
        dense.append(cur)
        for s in segs[1:]:
            if s[0] == "L":
                for j in range(1, 41):
                    dense.append(lerp(cur, s[1], j / 40))
                cur = s[1]
            else:
                for j in range(1, 41):
                    dense.append(cubic(cur, s[1], s[2], s[3], j / 40))
                cur = s[3]
        acc = [0.0]
        for a, b in zip(dense, dense[1:]):
            acc.append(acc[-1] + math.hypot(b[0] - a[0], b[1] - a[1]))
        self.dense, self.acc, self.length = dense, acc, acc[-1]
        self.up, self.lo = _profile(upper), _profile(lower if lower is not None else upper)
        self.nose, self.tail, self.samples = nose, tail, samples

    def point(self, u: float) -> Point:
        target = max(0.0, min(1.0, u)) * self.length
        lo, hi = 0, len(self.acc) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.acc[mid] < target:
                lo = mid
            else:
                hi = mid
        span = self.acc[hi] - self.acc[lo] or 1.0
        return lerp(self.dense[lo], self.dense[hi], (target - self.acc[lo]) / span)

    def tangent(self, u: float) -> Point:
        e = 0.01
        return norm(sub(self.point(min(1.0, u + e)), self.point(max(0.0, u - e))))

    def normal(self, u: float) -> Point:
        t = self.tangent(u)
        return t[1], -t[0]

    def width(self, u: float, v: float) -> float:
        return v * (self.up(u) if v >= 0 else self.lo(u))

    def map(self, u: float, v: float) -> Point:
        n = self.normal(u)
        return add(self.point(u), mul(n, self.width(u, v)))

    def edge(self, u0: float, u1: float, v: float, n: int = 8) -> list[Point]:
        return [self.map(u0 + (u1 - u0) * i / n, v) for i in range(n + 1)]

    def outline(self) -> PathData:
        n = self.samples
        us = [0.02 + 0.96 * (i / n) for i in range(n + 1)]
        upper = [self.map(u, 1) for u in us]
        lower = [self.map(u, -1) for u in reversed(us)]
        nose = sub(self.point(0), mul(self.tangent(0), self.nose))
        tail = add(self.point(1), mul(self.tangent(1), self.tail))
        return smooth([nose, *upper, tail, *lower])

    def patch(self, uv: Sequence[tuple[float, float]], closed: bool = True) -> PathData:
        return smooth([self.map(u, v) for u, v in uv], closed=closed)

    def band(self, u0: float, u1: float, v0: float | Callable[[float], float], v1: float | Callable[[float], float],
             n: int = 10) -> PathData:
        """The region between two across-lines ``v0`` < ``v1`` (numbers or functions of u) from u0 to u1."""
        f0 = v0 if callable(v0) else (lambda _u: v0)
        f1 = v1 if callable(v1) else (lambda _u: v1)
        us = [u0 + (u1 - u0) * i / n for i in range(n + 1)]
        top = [self.map(u, f1(u)) for u in us]
        bottom = [self.map(u, f0(u)) for u in reversed(us)]
        return smooth(top + bottom)


# --- common small parts --------------------------------------------------------------------------


def eye(pic: Pic, c: Point, r: float, ring: str | None = None, ring_w: float = 0.0, iris: str = INK,
        shine: bool = True) -> None:
    """A friendly eye: a dark disc with a white glint (an optional ring around it)."""
    if ring:
        pic.circle(c, r + ring_w, ring)
    pic.circle(c, r, iris)
    if shine:
        pic.circle(add(c, (-r * 0.32, -r * 0.34)), max(0.5, r * 0.38), WHITE)


def spots(pic: Pic, body: Body, seed: int, n: int, u0: float, u1: float, v0: float, v1: float, r0: float,
          r1: float, colour: str, opacity: float = 1.0) -> None:
    """``n`` round spots scattered (a fixed seed) inside the body's (u, v) window."""
    rng = random.Random(seed)
    for _ in range(n):
        u, v = rng.uniform(u0, u1), rng.uniform(v0, v1)
        r = rng.uniform(r0, r1)
        pic.circle(body.map(u, v), r, colour, opacity=opacity)


def blotches(pic: Pic, body: Body, seed: int, n: int, u0: float, u1: float, v0: float, v1: float, r: float,
             colour: str, opacity: float = 1.0) -> None:
    """Irregular blotches (a marbled pattern) inside the body."""
    rng = random.Random(seed)
    for _ in range(n):
        u, v = rng.uniform(u0, u1), rng.uniform(v0, v1)
        c = body.map(u, v)
        rr = r * rng.uniform(0.6, 1.2)
        pts = [polar(c, rr * rng.uniform(0.55, 1.0), a) for a in range(0, 360, 60)]
        pic.fill(smooth(pts), colour, opacity=opacity)


def puffy(points: Sequence[Point], bulge: float | Sequence[float] = 0.15, closed: bool = True) -> PathData:
    """Corners at ``points`` joined by curves bulging away from the points' centre by ``bulge`` of each
    side's length (a list gives one value per side; negative bends inward)."""
    n = len(points)
    cx = sum(p[0] for p in points) / n
    cy = sum(p[1] for p in points) / n
    out: PathData = [("M", points[0])]
    sides = n if closed else n - 1
    for i in range(sides):
        a, b = points[i], points[(i + 1) % n]
        k = bulge[i] if isinstance(bulge, Sequence) else bulge
        mid = lerp(a, b, 0.5)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        away = norm(sub(mid, (cx, cy)))
        q = add(mid, mul(away, k * length))
        out.append(("C", lerp(a, q, 2 / 3), lerp(b, q, 2 / 3), b))
    if closed:
        out.append(("Z",))
    return out


def body_fin(body: Body, u0: float, u1: float, height: float, side: int = 1, shape=((0, 0), (0.3, 1), (1, 0)),
             base: float = 0.7, n: int = 10) -> PathData:
    """A fin along the body's edge (``side`` 1 the top, -1 the bottom) from u0 to u1, ``height`` tall
    outside the edge, its height along the fin following ``shape`` ((t, fraction) points)."""
    prof = _profile(shape)
    us = [u0 + (u1 - u0) * i / n for i in range(n + 1)]
    inner = [body.map(u, side * base) for u in us]
    outer = []
    for i, u in enumerate(us):
        nrm = mul(body.normal(u), side)
        outer.append(add(body.map(u, side), mul(nrm, height * prof(i / n))))
    return smooth(inner + list(reversed(outer)), k=0.8)


def fin_rays(pic: Pic, body: Body, u0: float, u1: float, height: float, side: int, colour: str, count: int,
             shape=((0, 0), (0.3, 1), (1, 0)), width: float = 0.9) -> None:
    prof = _profile(shape)
    for i in range(1, count):
        t = i / count
        u = u0 + (u1 - u0) * t
        a = body.map(u, side * 0.95)
        b = add(body.map(u, side), mul(mul(body.normal(u), side), height * prof(t) * 0.85))
        pic.line([a, b], colour, width)


# --- fish ----------------------------------------------------------------------------------------

FISH = {
    "length": 70.0, "depth": 13.0, "belly": 1.0, "peak": 0.3, "head": 0.8, "nose": 4.0, "bend": 0.0,
    "tail_end": 0.28, "back": "#5A4A3C", "mid": None, "belly_colour": "#C9B79C", "fin": "#4A3C30",
    "fin_opacity": 1.0, "dorsal": ((0.3, 0.45, 9.0, "spiny"), (0.5, 0.88, 9.0, "soft")),
    "anal": ((0.52, 0.88, 7.0),), "tail": "fan", "tail_len": 16.0, "tail_spread": 12.0,
    "pectoral": 11.0, "pectoral_colour": None, "pelvic": 7.0, "eye": 3.6, "eye_u": 0.1, "eye_v": 0.35,
    "eye_ring": None, "mouth": "small", "snout": 0.0, "gill": True, "lateral": None,
    "spots": None, "blotches": None, "bars": None, "dots": None, "sheen": None, "outline": 4.0,
}


def fish(pic: Pic, **kw) -> Body:
    """A fish facing left, its spine from (15, 50) to the tail: notothenioid rockcods (big head, two
    dorsal fins, fan pectorals), icefish (a long flat snout), lanternfish (light dots), toothfish ..."""
    p = {**FISH, **kw}
    L, d = p["length"], p["depth"]
    x0 = 50 - L / 2 - 6
    bend = p["bend"]
    spine = [(x0, 50), (x0 + L * 0.5, 50 - bend), (x0 + L, 50 + bend * 0.4)]
    pk, te = p["peak"], p["tail_end"]
    upper = [(0, d * 0.5 * p["head"]), (pk * 0.5, d * 0.85), (pk, d), (0.62, d * 0.78), (0.9, d * te * 1.3),
             (1, d * te)]
    lower = [(0, d * 0.45 * p["head"] * p["belly"]), (pk * 0.6, d * 0.9 * p["belly"]), (pk + 0.05, d * p["belly"]),
             (0.62, d * 0.72 * p["belly"]), (0.9, d * te * 1.3), (1, d * te)]
    if p["snout"]:
        # a long flat icefish snout: the front of the body stays thin, and the nose reaches forward
        upper = [(0, d * 0.22), (0.12, d * 0.45), (0.22, d * 0.8), *upper[2:]]
        lower = [(0, d * 0.25), (0.12, d * 0.5), (0.22, d * 0.85 * p["belly"]), *lower[2:]]
    body = Body(spine, upper, lower, nose=p["nose"], tail=1.0)
    fin = p["fin"]
    fo = p["fin_opacity"]
    parts: list[tuple[PathData, str]] = []
    # tail fin
    end, t, n = body.point(1), body.tangent(1), body.normal(1)
    tl, ts = p["tail_len"], p["tail_spread"]
    root_u, root_l = body.map(0.9, 0.95), body.map(0.9, -0.95)
    tip_u = add(add(end, mul(t, tl)), mul(n, ts))
    tip_l = add(sub(end, mul(n, ts)), mul(t, tl))
    if p["tail"] == "fork":
        notch = add(end, mul(t, tl * 0.45))
        tail = puffy([root_u, tip_u, notch, tip_l, root_l], [0.05, -0.1, -0.1, 0.05, 0.0])
    elif p["tail"] == "square":
        tail = puffy([root_u, tip_u, tip_l, root_l], [0.05, 0.08, 0.05, 0.0])
    else:
        tail = puffy([root_u, tip_u, tip_l, root_l], [0.08, 0.28, 0.08, 0.0])
    parts.append((tail, fin))
    dorsal_shapes = {"spiny": ((0, 0), (0.2, 1), (0.7, 0.75), (1, 0.1)),
                     "soft": ((0, 0.1), (0.15, 0.85), (0.8, 0.8), (1, 0)),
                     "sail": ((0, 0), (0.25, 1), (0.85, 0.9), (1, 0)),
                     "low": ((0, 0), (0.2, 0.6), (0.8, 0.6), (1, 0))}
    for u0, u1, h, kind in p["dorsal"]:
        parts.append((body_fin(body, u0, u1, h, 1, dorsal_shapes[kind]), fin))
    for u0, u1, h in p["anal"]:
        parts.append((body_fin(body, u0, u1, h, -1, dorsal_shapes["soft"]), fin))
    if p["pelvic"]:
        a = body.map(0.2, -0.85)
        b = body.map(0.3, -0.85)
        tip = add(body.map(0.3, -1), (2, p["pelvic"]))
        parts.append((puffy([a, tip, b], [0.1, 0.1, 0.0]), fin))
    mid = p["mid"] or p["back"]
    grad = pic.gradient([(0, p["back"]), (0.5, mid), (0.85, p["belly_colour"])])
    if fo < 1:
        pic.outlined(parts[1:], p["outline"])
        for path, colour in parts[1:]:
            pic.fill(path, colour, fill_opacity=1)
        pic.outlined([parts[0]], p["outline"])
        pic.outlined([(body.outline(), grad)], p["outline"])
    else:
        pic.outlined([*parts, (body.outline(), grad)], p["outline"])
    # fin rays
    ray = p.get("ray", "#00000033")
    for u0, u1, h, kind in p["dorsal"]:
        fin_rays(pic, body, u0, u1, h, 1, ray if kind != "spiny" else INK, 5 if kind == "spiny" else 8,
                 dorsal_shapes[kind], 0.7)
    # markings
    if p["sheen"]:
        pic.fill(body.band(0.08, 0.9, -0.15, 0.2), p["sheen"], opacity=0.85)
    if p["bars"]:
        colour, us = p["bars"]
        for u in us:
            pic.fill(body.patch([(u - 0.025, 0.98), (u + 0.03, 0.98), (u + 0.03, -0.3), (u - 0.025, -0.3)]),
                     colour, opacity=0.9)
    if p["blotches"]:
        colour, count, r, seed = p["blotches"]
        blotches(pic, body, seed, count, 0.15, 0.86, -0.4, 0.6, r, colour)
    if p["spots"]:
        colour, count, r, seed = p["spots"]
        spots(pic, body, seed, count, 0.1, 0.9, -0.5, 0.75, r * 0.6, r, colour)
    if p["lateral"]:
        pic.line(body.edge(0.25, 0.95, 0.25), p["lateral"], 1.0, opacity=0.8)
    if p["dots"]:
        colour, rows = p["dots"]
        for v, u0, u1, count in rows:
            for i in range(count):
                u = u0 + (u1 - u0) * i / max(1, count - 1)
                pic.circle(body.map(u, v), 1.4, colour, NAVY, 0.5)
    if p["gill"]:
        pic.line([body.map(0.2, 0.5), body.map(0.24, 0.0), body.map(0.21, -0.6)], "#00000055", 1.2)
    # pectoral fin: a fan behind the gill
    if p["pectoral"]:
        base = body.map(0.29, -0.05)
        r = p["pectoral"]
        ang = math.degrees(math.atan2(*reversed(body.tangent(0.3))))
        fan = [base] + [polar(base, r * (1.0 if i % 2 == 0 else 0.9), ang - 45 + 12 * i) for i in range(9)]
        pc = p["pectoral_colour"] or fin
        pic.shape(smooth(fan, k=0.6), pc, NAVY, 1.5)
        for a in (-25, 0, 25):
            pic.line([polar(base, 2, ang + 12 + a), polar(base, r * 0.8, ang + 12 + a)], "#00000040", 0.8)
    # mouth
    nose = sub(body.point(0), mul(body.tangent(0), p["nose"] * 0.8))
    if p["mouth"] == "teeth":
        b = body.map(0.14, -0.25)
        pic.shape(smooth([sub(nose, (0, 1)), add(b, (0, -1)), add(b, (0, 1)), add(nose, (0, 3))], k=0.6), "#6B2A2A",
                  NAVY, 1.2)
        for k in range(4):
            q = lerp(sub(nose, (0, 1)), b, 0.15 + k * 0.2)
            pic.fill(poly([add(q, (-1.2, -0.5)), add(q, (1.2, -0.5)), add(q, (0, 2.0))]), WHITE)
    elif p["mouth"] == "big":
        pic.line([add(nose, (0.5, 1)), body.map(0.1, -0.25), body.map(0.15, -0.1)], NAVY, 1.5)
    else:
        pic.line([add(nose, (0.8, 0.8)), body.map(0.06, -0.2)], NAVY, 1.4)
    eye(pic, body.map(p["eye_u"], p["eye_v"]), p["eye"], ring=p["eye_ring"], ring_w=1.0 if p["eye_ring"] else 0)
    return body



# --- whales --------------------------------------------------------------------------------------

WHALE = {
    "length": 84.0, "depth": 12.0, "lift": 22.0, "sag": 3.0, "head": "rorqual", "nose": 3.0,
    "back": "#4D6478", "belly": "#D7E1EA", "belly_to": 0.7, "belly_line": -0.35, "grooves": True,
    "dorsal": (0.68, 0.76, 5.0), "flipper": 12.0, "flipper_colour": None, "flipper_w": 4.0, "knobs": False,
    "fluke": 15.0, "eye_u": 0.16, "eye_v": -0.3, "eye": 2.2, "mottle": None, "jaw": None,
    "orca": None, "callosities": False, "wrinkles": False, "outline": 4.5,
}


def whale(pic: Pic, **kw) -> Body:
    """A whale facing left, its tail rising to flukes seen from behind: rorquals (blue, fin, minke,
    humpback), the sperm whale's square head, the right whale's arched mouth, the killer whale."""
    p = {**WHALE, **kw}
    L, d, lift = p["length"], p["depth"], p["lift"]
    x0, y0 = 50 - L / 2, 54 + lift * 0.3
    spine = [(x0, y0), (x0 + L * 0.45, y0 + p["sag"]), (x0 + L * 0.8, y0 - lift * 0.35), (x0 + L * 0.93, y0 - lift)]
    head = p["head"]
    if head == "square":
        upper = [(0, d * 1.0), (0.08, d * 1.1), (0.3, d * 1.05), (0.5, d * 0.85), (0.8, d * 0.35), (1, d * 0.14)]
        lower = [(0, d * 0.9), (0.08, d * 1.0), (0.3, d * 0.95), (0.55, d * 0.75), (0.8, d * 0.35), (1, d * 0.14)]
    elif head == "arched":
        upper = [(0, d * 0.75), (0.12, d * 0.95), (0.35, d * 1.1), (0.6, d * 0.85), (0.82, d * 0.35), (1, d * 0.15)]
        lower = [(0, d * 0.7), (0.12, d * 1.1), (0.35, d * 1.2), (0.6, d * 0.85), (0.82, d * 0.35), (1, d * 0.15)]
    elif head == "orca":
        upper = [(0, d * 0.55), (0.12, d * 0.85), (0.35, d * 1.0), (0.6, d * 0.8), (0.82, d * 0.35), (1, d * 0.15)]
        lower = [(0, d * 0.6), (0.12, d * 0.95), (0.35, d * 1.05), (0.6, d * 0.75), (0.82, d * 0.35), (1, d * 0.15)]
    else:
        upper = [(0, d * 0.4), (0.12, d * 0.72), (0.35, d * 1.0), (0.6, d * 0.8), (0.82, d * 0.32), (1, d * 0.13)]
        lower = [(0, d * 0.5), (0.14, d * 1.0), (0.35, d * 1.05), (0.6, d * 0.72), (0.82, d * 0.32), (1, d * 0.13)]
    body = Body(spine, upper, lower, nose=p["nose"], tail=1.0)
    parts: list[tuple[PathData, str]] = []
    back = p["back"]
    # flukes, spread across the rising tail
    end = body.point(1)
    t = norm(lerp(body.tangent(1), (0, -1), 0.5))
    n = (t[1], -t[0])
    span, f = p["fluke"], p["fluke"] * 0.55
    lobe_a = add(add(end, mul(n, span)), mul(t, f * 0.9))
    lobe_b = add(sub(end, mul(n, span)), mul(t, f * 0.9))
    fluke = puffy([add(end, mul(n, 2.5)), lobe_a, add(end, mul(t, f * 0.5)), lobe_b, sub(end, mul(n, 2.5))],
                  [0.12, -0.12, -0.12, 0.12, 0.0])
    parts.append((fluke, back))
    # dorsal fin, swept back
    if p["dorsal"]:
        u0, u1, h = p["dorsal"]
        a, b = body.map(u0, 0.8), body.map(u1, 0.8)
        top = add(add(body.map(u1, 1.0), mul(body.normal(u1), h)), mul(body.tangent(u1), h * 0.45))
        parts.append((puffy([a, top, b], [0.22, -0.15, 0.0]), back))
    parts.append((body.outline(), back))
    if head == "square":
        a = math.degrees(math.atan2(*reversed(body.tangent(0.1))))
        box = rrect(-L * 0.17, -d * 1.02, L * 0.34, d * 1.9, d * 0.55)
        parts.append((transform_path(box, Matrix.make(body.map(0.12, 0.05), a)), back))
    pic.outlined(parts, p["outline"])
    # belly and markings
    bl = p["belly_line"]
    if p["orca"] is None:
        pic.fill(body.band(0.02, p["belly_to"], -0.98, lambda u: bl - 0.35 * (u / p["belly_to"]) ** 2, n=12),
                 p["belly"])
    if p["grooves"]:
        for k in range(4):
            v = -0.62 - 0.1 * k
            pic.line(body.edge(0.04, 0.42 - 0.03 * k, v, 6), "#8C9DAD", 0.9)
    if p["mottle"]:
        spots(pic, body, 7, 22, 0.1, 0.85, -0.2, 0.9, 0.8, 1.9, p["mottle"], opacity=0.75)
    if p["jaw"]:
        pic.fill(body.band(0.0, 0.2, -0.98, lambda u: -0.3 - u, n=6), p["jaw"])
    if p["orca"]:
        patch, saddle, cape = p["orca"]
        u_e = p["eye_u"]
        pic.fill(body.band(0.02, 0.75, -0.98, lambda u: -0.55 + 0.15 * math.sin(u * 6), n=12), WHITE)
        pic.fill(body.patch([(0.45, -0.4), (0.58, 0.1), (0.72, -0.1), (0.7, -0.7), (0.55, -0.9)]), WHITE)
        pic.fill(body.patch([(u_e + 0.02, 0.15), (u_e + 0.08, 0.4), (u_e + 0.16, 0.3 + patch), (u_e + 0.12, 0.1)]),
                 WHITE)
        if saddle:
            pic.fill(body.patch([(0.55, 0.95), (0.62, 0.55), (0.74, 0.6), (0.78, 0.95)]), saddle)
        if cape:
            pic.line(body.edge(0.2, 0.55, 0.62), cape, 1.6, opacity=0.7)
    if p["wrinkles"]:
        for k, v in enumerate((0.45, 0.0)):
            pts = [body.map(0.4 + 0.045 * j, v + (0.06 if (j + k) % 2 else -0.06)) for j in range(8)]
            pic.line(pts, "#00000024", 1.0)
    # flipper
    if p["flipper"]:
        base = body.map(0.3, -0.45)
        fl, fw = p["flipper"], p["flipper_w"]
        ang = math.degrees(math.atan2(*reversed(body.tangent(0.3)))) + 55
        tip = polar(base, fl, ang)
        side = polar(base, fw, ang - 90)
        side2 = polar(base, fw * 0.6, ang + 90)
        pts = [side, lerp(side, tip, 0.5), tip, lerp(side2, tip, 0.5), side2]
        fc = p["flipper_colour"] or back
        if p["knobs"]:
            edge = [lerp(side, tip, j / 5) for j in range(1, 5)]
            pts = [side, *[add(q, mul(norm(sub(q, side2)), 1.2 * (j % 2))) for j, q in enumerate(edge)], tip,
                   lerp(side2, tip, 0.5), side2]
        pic.shape(smooth(pts, k=0.7), fc, NAVY, 2.2)
    # mouth and eye
    nose = sub(body.point(0), mul(body.tangent(0), p["nose"]))
    if head == "arched":
        m0 = add(nose, mul(body.normal(0), -d * 0.15))
        pic.fill(smooth([m0, body.map(0.08, 0.3), body.map(0.17, 0.2), body.map(0.23, -0.35), body.map(0.12, -0.85),
                         body.map(0.03, -0.6)], k=0.8), _shade(back, 1.25))
        pic.line([m0, body.map(0.08, 0.3), body.map(0.17, 0.2), body.map(0.23, -0.35)], NAVY, 1.8)
    elif head == "square":
        pic.line([body.map(0.02, -0.8), body.map(0.16, -0.78), body.map(0.26, -0.6)], NAVY, 1.5)
    else:
        pic.line([add(nose, mul(body.normal(0), -d * 0.12)), body.map(0.1, -0.3), body.map(0.18, -0.22)], NAVY, 1.5)
    if p["knobs"]:
        for k in range(5):
            pic.circle(body.map(0.02 + 0.035 * k, 0.55 - 0.05 * k), 1.1, _shade(back, 1.6))
        for k in range(3):
            pic.circle(body.map(0.04 + 0.04 * k, -0.55), 1.0, _shade(back, 1.6))
    if p["callosities"]:
        rng = random.Random(5)
        for u, v, r in ((0.0, 0.3, 2.2), (0.05, 0.7, 1.9), (0.1, 0.9, 1.7), (0.04, -0.5, 1.6), (0.11, -0.75, 1.8)):
            c = body.map(u, v)
            pic.fill(smooth([polar(c, r * rng.uniform(0.7, 1.1), a) for a in range(0, 360, 60)]), "#F1EAD8")
        pic.circle(body.map(0.0, 0.3), 0.8, "#C9B99A")
    eye(pic, body.map(p["eye_u"], p["eye_v"]), p["eye"])
    return body



# --- seals ---------------------------------------------------------------------------------------

SEAL = {
    "length": 74.0, "depth": 15.0, "rise": 8.0, "head_r": 10.0, "snout": (8.0, 5.5), "neck": 0.8,
    "back": "#6F7C88", "belly": "#C9D2DA", "belly_line": -0.3, "spots": None, "throat_spots": None,
    "blotches": None, "eye": 2.6, "mouth": "smile", "whiskers": True, "proboscis": False, "stripes": False,
    "flipper": 9.0, "outline": 4.5, "head_turn": 0.0, "fat": 1.0, "tail_up": 10.0, "floe": False,
}


def seal(pic: Pic, **kw) -> Body:
    """A true seal lying on its belly, facing left, head raised: crabeater, Ross, leopard, Weddell and
    (reared up, with its trunk) the elephant seal."""
    p = {**SEAL, **kw}
    L, d, r = p["length"], p["depth"], p["head_r"]
    x0 = 50 - L / 2 + r * 0.6
    y0 = 58 - p["rise"]
    spine = [(x0, y0), (x0 + L * 0.3, y0 + p["rise"] * 0.75 + 2), (x0 + L * 0.65, 60),
             (x0 + L - r * 0.6, 58 - p["tail_up"])]
    fat = p["fat"]
    upper = [(0, d * 0.6 * p["neck"]), (0.25, d * 0.95 * fat), (0.5, d * fat), (0.8, d * 0.6), (1, d * 0.3)]
    lower = [(0, d * 0.6 * p["neck"]), (0.25, d * 0.95 * fat), (0.5, d * 0.9 * fat), (0.8, d * 0.55), (1, d * 0.3)]
    body = Body(spine, upper, lower, nose=0.0, tail=0.0)
    back = p["back"]
    head_c = sub(body.point(0.02), mul(body.tangent(0), r * 0.35))
    head_c = add(head_c, (0, -r * 0.25))
    ht = p["head_turn"]
    sx, sy = p["snout"]
    snout_c = add(head_c, rot((-r * 0.85, r * 0.25), ht))
    parts: list[tuple[PathData, str]] = []
    # hind flippers, splayed at the tail
    end, t = body.point(1), body.tangent(1)
    ang = math.degrees(math.atan2(t[1], t[0]))
    for da in (-28, 22):
        tip = polar(end, p["flipper"] * 1.2, ang + da)
        a, b = polar(end, 3.5, ang + da - 90), polar(end, 3.5, ang + da + 90)
        w1, w2 = polar(tip, 3.8, ang + da - 90), polar(tip, 3.8, ang + da + 90)
        parts.append((puffy([a, w1, add(tip, mul(t, 1)), w2, b], [0.1, 0.1, 0.1, 0.1, 0.0]), back))
    parts.append((body.outline(), back))
    parts.append((ellipse(head_c, r, r * 0.92, ht), back))
    parts.append((ellipse(snout_c, sx, sy, ht - 8), back))
    if p["floe"]:
        top = 66
        slab = [(4, top + 2), (30, top - 1), (70, top), (97, top + 3), (95, top + 18), (60, top + 21), (8, top + 19)]
        pic.outlined([(puffy(slab, 0.03), "#A9D3EC")], 4.0)
        pic.fill(puffy([(6, top + 2), (30, top - 0.5), (70, top + 0.5), (95, top + 3.5), (94, top + 7), (50, top + 6),
                        (7, top + 7)], 0.03), "#F4FAFD")
    pic.outlined(parts, p["outline"])
    # belly, neck and throat
    bl = p["belly_line"]
    pic.fill(body.band(0.0, 0.92, -0.97, lambda u: bl - 0.3 * u * u, n=12), p["belly"])
    pic.fill(ellipse(add(head_c, rot((-r * 0.1, r * 0.45), ht)), r * 0.75, r * 0.42, ht), p["belly"])
    pic.fill(ellipse(add(snout_c, rot((0, sy * 0.35), ht)), sx * 0.85, sy * 0.55, ht - 8), p["belly"])
    if p["stripes"]:
        for k in range(4):
            c = add(head_c, rot((-r * 0.1 + k * 2.6, r * 0.62 + k * 0.4), ht))
            pic.line([add(c, (-1.5, -1.2)), add(c, (1.2, 1.5))], "#4D5560", 1.3)
    if p["spots"]:
        colour, count, seed = p["spots"]
        spots(pic, body, seed, count, 0.08, 0.9, -0.5, 0.85, 1.0, 2.0, colour)
    if p["throat_spots"]:
        colour, count, seed = p["throat_spots"]
        spots(pic, body, seed + 1, count, 0.05, 0.6, -0.95, -0.45, 0.7, 1.2, colour)
    if p["blotches"]:
        colour, count, seed = p["blotches"]
        blotches(pic, body, seed, count, 0.1, 0.9, -0.6, 0.8, 3.2, colour, opacity=0.9)
    # fore flipper on the near side
    base = body.map(0.22, -0.45)
    fl = p["flipper"]
    pts = [add(base, (-3, -1)), add(base, (fl * 0.35, fl * 0.6)), add(base, (fl * 0.95, fl * 0.85)),
           add(base, (fl * 0.7, fl * 0.2)), add(base, (3, -2))]
    pic.shape(smooth(pts, k=0.8), back, NAVY, 2.0)
    for j in range(3):
        pic.line([add(base, (fl * (0.6 + 0.1 * j), fl * (0.55 + 0.1 * j))), add(base, (fl * (0.72 + 0.1 * j),
                  fl * (0.68 + 0.07 * j)))], NAVY, 0.8)
    # face
    nose_tip = add(snout_c, rot((-sx * 0.92, -sy * 0.1), ht))
    pic.fill(ellipse(add(nose_tip, rot((1.4, -0.6), ht)), 1.8, 1.3, ht), INK)
    if p["mouth"] == "roar":
        jaw = add(snout_c, rot((-sx * 0.2, sy * 0.9), ht))
        pic.shape(puffy([add(snout_c, rot((-sx * 0.7, sy * 0.3), ht)), add(jaw, rot((-sx * 0.9, sy * 1.3), ht)),
                         add(snout_c, rot((sx * 0.6, sy * 0.8), ht))], 0.2), "#E58A9A", NAVY, 1.6)
    if p["proboscis"]:
        root = add(snout_c, rot((sx * 0.1, -sy * 0.55), ht))
        trunk = Body([root, add(root, rot((-sx * 0.9, -sy * 0.4), ht)), add(root, rot((-sx * 1.6, sy * 0.5), ht)),
                      add(root, rot((-sx * 1.45, sy * 1.9), ht))], [(0, sy * 0.8), (0.5, sy * 0.62), (1, sy * 0.7)],
                     nose=0, tail=sy * 0.5)
        pic.outlined([(trunk.outline(), _shade(back, 0.8))], 3.0)
        for u in (0.3, 0.45, 0.6):
            pic.line([trunk.map(u, 0.8), trunk.map(u + 0.04, -0.6)], _shade(back, 0.7), 1.0)
        end = trunk.point(1)
        pic.fill(ellipse(end, 1.6, 1.1, ht), INK)
    elif p["mouth"] == "grin":
        pic.line([add(nose_tip, rot((1.5, sy * 0.55), ht)), add(snout_c, rot((sx * 0.4, sy * 0.55), ht)),
                  add(head_c, rot((-r * 0.05, r * 0.35), ht)), add(head_c, rot((r * 0.2, r * 0.15), ht))], NAVY, 1.4)
    else:
        pic.line([add(nose_tip, rot((2.5, sy * 0.35), ht)), add(snout_c, rot((0.5, sy * 0.6), ht)),
                  add(snout_c, rot((sx * 0.6, sy * 0.3), ht))], NAVY, 1.3)
    if p["whiskers"]:
        root = add(snout_c, rot((-sx * 0.3, sy * 0.15), ht))
        for da in (150, 165, 180):
            pic.line([root, polar(root, 8, da + ht + 10)], "#E8EDF2", 0.8)
    eye(pic, add(head_c, rot((-r * 0.3, -r * 0.2), ht)), p["eye"])
    return body


SITTING = {
    "back": "#6A5443", "front": "#8A7360", "chest": None, "face": None, "outline": 4.5,
}


def fur_seal(pic: Pic, **kw) -> None:
    """An eared seal sitting up on its front flippers, facing left: small ears, a pointed snout, long
    whiskers (the fur seals)."""
    p = {**SITTING, **kw}
    back = p["back"]
    body = Body([(84, 82), (64, 76), (48, 58), (42, 34)],
                [(0, 7), (0.25, 13), (0.6, 15), (0.9, 9), (1, 8)], [(0, 7), (0.25, 12), (0.6, 12), (0.9, 9), (1, 8)],
                nose=0, tail=0)
    head = (39, 25)
    parts: list[tuple[PathData, str]] = []
    parts.append((puffy([(80, 80), (97, 84), (98, 92), (80, 88)], [0.1, 0.2, 0.1, 0.1]), back))
    parts.append((puffy([(78, 86), (90, 94), (76, 96), (70, 88)], [0.1, 0.2, 0.1, 0.1]), _shade(back, 0.85)))
    parts.append((body.outline(), back))
    parts.append((ellipse(head, 10.5, 9.5, -10), back))
    parts.append((puffy([(34, 20), (18, 26), (17, 30), (33, 31)], [0.1, 0.3, 0.1, 0.1]), back))
    parts.append((ellipse((45, 16), 2.0, 3.6, 35), back))
    pic.outlined(parts, p["outline"])
    if p["chest"]:
        pic.fill(body.band(0.35, 0.98, 0.05, 0.97, n=10), p["chest"])
    if p["face"]:
        pic.fill(puffy([(36, 23), (19, 27), (18, 30), (33, 32), (42, 32)], 0.15), p["face"])
    # fore flipper, long and planted in front of the chest
    pic.shape(puffy([(50, 52), (44, 72), (26, 92), (42, 94), (58, 62)], [0.05, 0.05, 0.2, 0.05, 0.1]),
              p["front"], NAVY, 2.0)
    pic.line([(44, 88), (40, 92)], NAVY, 0.9)
    pic.line([(37, 89), (33, 93)], NAVY, 0.9)
    pic.fill(ellipse((18.5, 27.5), 1.9, 1.4), INK)
    pic.line([(20, 31), (25, 31.5), (28, 30)], NAVY, 1.2)
    for da in (155, 170, 185, 200):
        pic.line([(24, 29), polar((24, 29), 12, da)], "#EEF2F6", 0.8)
    eye(pic, (34, 21), 2.6)


# --- birds ---------------------------------------------------------------------------------------

PENGUIN = {
    "back": "#1F2633", "front": WHITE, "bill": INK, "bill_base": None, "bill_len": 9.0, "bill_curve": 0.0,
    "feet": "#F2A1B0", "throat": 0.27, "face": None, "eye_ring": None, "chinstrap": False, "crown_patch": False,
    "ear_patch": None, "chest_tint": None, "size": 1.0, "head": 12.5, "outline": 4.5, "flipper_up": 0.0,
}


def penguin(pic: Pic, **kw) -> Body:
    """A penguin standing, turned a little to the left, both flippers held out: the head and bill carry
    the species' marks (Adelie eye ring, chinstrap line, gentoo crown patch and orange bill, emperor
    ear patch)."""
    p = {**PENGUIN, **kw}
    h = p["head"]
    g = p["size"]
    body = Body([(44, 12), (45, 30), (49, 62), (51, 91)],
                [(0, h * 0.8), (0.1, h), (0.27, h * 0.85), (0.62, 19 * g), (0.88, 16 * g), (1, 7)],
                [(0, h * 0.8), (0.1, h), (0.27, h * 0.85), (0.62, 21 * g), (0.88, 17 * g), (1, 7)], nose=1, tail=1)
    back = p["back"]
    parts: list[tuple[PathData, str]] = []
    # feet
    for x in (40, 55):
        parts.append((ellipse((x, 92), 7, 3.4), p["feet"]))
    # flippers held out on both sides
    up = p["flipper_up"]
    for side, base_u in ((1, 0.42), (-1, 0.42)):
        base = body.map(base_u, side * 0.8)
        tip = add(base, (side * 17, 15 - up))
        a = body.map(base_u - 0.08, side * 0.7)
        b = body.map(base_u + 0.12, side * 0.6)
        parts.append((puffy([a, add(tip, (side * 1, -2)), tip, b], [0.2, 0.1, 0.1, 0.0]), back))
    tail = body.map(0.96, 0.9)
    parts.append((puffy([body.map(0.86, 0.8), add(tail, (9, 3)), body.map(0.97, 0.2)], 0.1), back))
    parts.append((body.outline(), back))
    pic.outlined(parts, p["outline"])
    # the white front, from the throat down
    th = p["throat"]
    pic.fill(body.band(th, 0.98, -0.97, lambda u: 0.55 - 0.3 * max(0.0, (u - 0.6)) * 2 if u > 0.6 else
                       0.55 - 0.9 * max(0.0, 0.45 - u) * (0.45 - u) * 10, n=14), p["front"])
    if p["chest_tint"]:
        pic.fill(body.band(th, 0.5, -0.9, 0.2, n=6), p["chest_tint"], opacity=0.75)
    if p["face"]:
        pic.fill(body.band(0.04, th + 0.02, -0.97, 0.4, n=8), p["face"])
    if p["chinstrap"]:
        pic.line([body.map(0.06, 0.5), body.map(0.15, 0.1), body.map(0.2, -0.6), body.map(0.17, -0.97)], INK, 1.6)
    if p["ear_patch"]:
        colour, pale = p["ear_patch"]
        pic.fill(body.patch([(0.14, 0.05), (0.12, 0.55), (0.2, 0.75), (0.3, 0.45), (0.33, -0.2), (0.24, -0.4)]),
                 colour)
        pic.fill(body.band(th, 0.45, -0.9, -0.25, n=6), pale, opacity=0.8)
    if p["crown_patch"]:
        pic.fill(body.patch([(0.05, -0.3), (0.03, 0.2), (0.1, 0.45), (0.12, 0.0)]), WHITE)
    # wing shading on the body's near side and the bill
    head_front = body.map(0.1, -1.0)
    bl = p["bill_len"]
    tip = add(head_front, (-bl, 2 + p["bill_curve"]))
    bill = puffy([add(head_front, (2, -2.6)), tip, add(head_front, (2, 2.2))], [0.1 + p["bill_curve"] * 0.05, 0.1, 0.0])
    pic.shape(bill, p["bill"], NAVY, 1.5)
    if p["bill_base"]:
        pic.fill(puffy([add(head_front, (1.5, -1.5)), add(head_front, (-bl * 0.55, 1.8 + p["bill_curve"] * 0.5)),
                        add(head_front, (1.5, 1.5))], 0.1), p["bill_base"])
    eye(pic, body.map(0.08, -0.35), 2.3, ring=p["eye_ring"], ring_w=1.7 if p["eye_ring"] else 0)
    return body


FLYING = {
    "body": "#6B5A4A", "belly": None, "wing": None, "tip": None, "patch": None, "bill": "#2A2A2A", "bill_len": 8.0,
    "hook": True, "tube": False, "head": None, "size": 1.0, "outline": 4.5, "feet": None, "eye_ring": None,
}


def flying_bird(pic: Pic, **kw) -> None:
    """A seabird gliding to the left with its wings raised: skua, giant petrel, snow petrel."""
    p = {**FLYING, **kw}
    col = p["body"]
    wing = p["wing"] or col
    body = Body([(30, 58), (52, 60), (74, 58)], [(0, 6), (0.3, 8.5), (0.75, 6), (1, 2)],
                [(0, 6), (0.35, 9), (0.75, 6), (1, 2)], nose=2, tail=0)
    head_c = (27, 53)
    parts: list[tuple[PathData, str]] = []
    # far wing (behind), raised
    far = puffy([(50, 54), (62, 30), (82, 10), (78, 20), (74, 24), (70, 32), (66, 40), (62, 55)],
                [0.1, 0.12, 0.0, -0.25, -0.25, -0.25, -0.1, 0.0])
    pic.outlined([(far, _shade(wing, 0.75))], p["outline"])
    tail = puffy([(72, 55), (90, 54), (92, 60), (72, 63)], [0.05, 0.2, 0.05, 0.0])
    parts.append((tail, col))
    parts.append((body.outline(), col))
    parts.append((ellipse(head_c, 8.5, 7.5), p["head"] or col))
    # near wing, raised and spread toward the viewer
    near = puffy([(40, 56), (30, 30), (18, 6), (30, 16), (36, 20), (42, 26), (48, 34), (56, 56)],
                 [0.12, 0.12, 0.0, -0.25, -0.25, -0.25, -0.1, 0.0])
    parts.append((near, wing))
    pic.outlined(parts, p["outline"])
    if p["belly"]:
        pic.fill(body.band(0.0, 0.9, -0.95, -0.1, n=8), p["belly"])
        pic.fill(ellipse((26, 56), 6, 3.5), p["belly"])
    if p["tip"]:
        pic.fill(puffy([(26, 18), (18, 6), (30, 16)], [0.1, 0.1, 0.1]), p["tip"])
    if p["patch"]:
        pic.fill(puffy([(28, 25), (25, 18), (31, 20), (34, 27)], 0.2), p["patch"])
    for k in range(3):
        pic.line([(33 + k * 4, 46 - k * 2), (27 + k * 4, 30 - k * 3)], "#00000026", 1.0)
    bl = p["bill_len"]
    bill_pts = [(21, 50), (21 - bl, 53), (21 - bl + 1.5, 56), (21, 57)] if p["hook"] else [(21, 51), (21 - bl, 54),
                                                                                            (21, 56.5)]
    pic.shape(puffy(bill_pts, 0.1), p["bill"], NAVY, 1.4)
    if p["tube"]:
        pic.shape(puffy([(22, 49.5), (21 - bl * 0.45, 51.5), (22, 53)], 0.1), p["tube"], NAVY, 1.0)
    eye(pic, (26, 51), 2.0, ring=p["eye_ring"], ring_w=1 if p["eye_ring"] else 0)


def _shade(colour: str, k: float) -> str:
    """``colour`` darker (k < 1) or lighter toward white (k > 1)."""
    c = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    c = [round(v * k) for v in c] if k <= 1 else [round(v + (255 - v) * (k - 1)) for v in c]
    return "#" + "".join(f"{min(255, max(0, v)):02X}" for v in c)


STANDING = {
    "body": WHITE, "front": None, "head": None, "bill": "#E7C77E", "caruncle": None, "legs": "#9AA0A8",
    "webbed": False, "neck": 0.0, "eye_ring": None, "outline": 4.5, "wing": None, "big_bill": None,
    "mottle": None,
}


def standing_bird(pic: Pic, **kw) -> None:
    """A bird standing on the shore, facing left: the plump snowy sheathbill (no webbed feet) or, with a
    long neck, the Antarctic shag."""
    p = {**STANDING, **kw}
    col = p["body"]
    neck = p["neck"]
    head_c = (36 - neck * 0.2, 28 - neck)
    body = Body([head_c, (42, 44 - neck * 0.3), (54, 64), (76, 74)],
                [(0, 8), (0.15, 7.5 - neck * 0.1), (0.5, 17), (0.8, 12), (1, 4)],
                [(0, 8), (0.15, 7.5 - neck * 0.1), (0.5, 18), (0.8, 12), (1, 4)], nose=2, tail=3)
    parts: list[tuple[PathData, str]] = []
    legs = p["legs"]
    for x in (47, 58):
        pic.line([(x, 74), (x - 1, 90)], NAVY, 5.0)
        pic.line([(x, 74), (x - 1, 90)], legs, 2.4)
        if p["webbed"]:
            pic.shape(puffy([(x - 1, 89), (x - 9, 94), (x + 4, 94)], 0.1), legs, NAVY, 1.5)
        else:
            for dx in (-7, -3, 3):
                pic.line([(x - 1, 90), (x - 1 + dx, 93.5)], NAVY, 4.0)
                pic.line([(x - 1, 90), (x - 1 + dx, 93.5)], legs, 1.8)
    parts.append((body.outline(), col))
    parts.append((ellipse(head_c, 9.5, 8.5), p["head"] or col))
    pic.outlined(parts, p["outline"])
    if p["front"]:
        pic.fill(body.band(0.12, 0.75, -0.95, -0.1, n=10), p["front"])
    wing = p["wing"] or _shade(col, 0.9)
    pic.shape(puffy([body.map(0.4, 0.3), body.map(0.62, 0.75), body.map(1.0, 0.3), body.map(0.7, -0.2)], 0.12),
              wing, NAVY, 1.6)
    for k in range(3):
        pic.line([body.map(0.6 + k * 0.1, 0.3), body.map(0.75 + k * 0.08, 0.0)], "#00000022", 1.0)
    bx, by = head_c[0] - 8, head_c[1] + 1
    if p["mottle"]:
        spots(pic, body, 12, 18, 0.2, 0.95, -0.7, 0.8, 0.8, 1.5, p["mottle"], opacity=0.8)
    if p["big_bill"]:
        horn, tip_colour = p["big_bill"]
        tip = (bx - 14, by + 4)
        pic.shape(puffy([(bx + 3, by - 4), (bx - 10, by - 2.5), tip, (bx - 12, by + 4.5), (bx + 3, by + 4)],
                        [0.05, 0.2, 0.2, 0.05, 0.0]), horn, NAVY, 1.6)
        pic.shape(puffy([(bx + 2, by - 4.2), (bx - 6, by - 3.2), (bx - 6, by - 0.6), (bx + 2, by - 0.5)], 0.1),
                  _shade(horn, 0.9), NAVY, 1.1)
        pic.fill(ellipse((bx - 11.5, by + 0.5), 2.4, 2.6), tip_colour)
        pic.line([(bx + 2, by + 1.2), (bx - 9, by + 1.6)], NAVY, 0.9)
        eye(pic, (head_c[0] - 2, head_c[1] - 1.5), 2.2)
        return
    if p["caruncle"]:
        pic.fill(ellipse((bx + 1.5, by - 1.5), 2.6, 2.2), p["caruncle"])
    long_bill = neck > 0
    tip = (bx - (12 if long_bill else 6), by + 1.5)
    pic.shape(puffy([(bx + 1, by - 2.5), tip, (bx + 1, by + 2.5)], [0.08, 0.1, 0.0]), p["bill"], NAVY, 1.4)
    if long_bill:
        pic.line([(tip[0] + 0.5, tip[1] - 0.2), (tip[0] - 0.8, tip[1] + 1.6)], p["bill"], 1.6)
    eye(pic, (head_c[0] - 2, head_c[1] - 1.5), 2.2, ring=p["eye_ring"], ring_w=1.4 if p["eye_ring"] else 0)



# --- invertebrates -------------------------------------------------------------------------------


def urchin(pic: Pic, body: str = "#7A3E63", spine: str = "#A8628C", bits: bool = True) -> None:
    """A sea urchin: a spiky ball (with bits of seaweed and shell on top, as Sterechinus carries)."""
    c, r = (50, 54), 24
    for k in range(40):
        a = k * 9 + (4 if k % 2 else 0)
        length = 17 if k % 2 else 13
        pic.line([polar(c, r - 2, a), polar(c, r + length, a)], NAVY, 4.2)
    for k in range(40):
        a = k * 9 + (4 if k % 2 else 0)
        length = 17 if k % 2 else 13
        pic.line([polar(c, r - 2, a), polar(c, r + length - 0.8, a)], spine, 2.0)
    grad = pic.gradient([(0, _shade(body, 1.35)), (1, body)], radial=True, cx=0.4, cy=0.35, r=0.7)
    pic.outlined([(ellipse(c, r, r * 0.95), grad)], 4.5)
    for ring in range(5):
        for k in range(10):
            a = k * 36 + ring * 18
            pic.circle(polar(c, 5 + ring * 4.2, a), 1.4 if ring else 1.1, _shade(body, 1.6))
    if bits:
        pic.shape(puffy([(40, 34), (46, 27), (52, 33), (47, 37)], 0.2), "#5E8C3A", NAVY, 1.3)
        pic.shape(puffy([(56, 31), (63, 30), (62, 36)], 0.2), "#F1E7D6", NAVY, 1.3)
        pic.shape(puffy([(30, 45), (33, 38), (37, 44)], 0.2), "#B73A3A", NAVY, 1.3)


def sea_star(pic: Pic, colour: str = "#D9452B", dots: str = "#F7C9A4", arms: int = 5, r_in: float = 19) -> None:
    """A sea star with stubby arms, seen from above, its back dotted with little spines."""
    c = (50, 51)
    pts = star(c, 46, r_in, arms, -90)
    path = smooth(pts, k=0.75)
    grad = pic.gradient([(0, _shade(colour, 1.25)), (1, _shade(colour, 0.85))], radial=True, r=0.6)
    pic.outlined([(path, grad)], 4.5)
    for k in range(arms):
        a = -90 + 360 * k / arms
        for j in range(1, 6):
            pic.circle(polar(c, 5 + j * 6.5, a), 2.0 - j * 0.18, dots)
        for j in (2, 4):
            pic.circle(polar(polar(c, 3 + j * 6.5, a), 3.6, a + 90), 1.1, dots)
            pic.circle(polar(polar(c, 3 + j * 6.5, a), 3.6, a - 90), 1.1, dots)
    pic.circle(c, 3.5, _shade(colour, 0.75))


def clam(pic: Pic) -> None:
    """The Antarctic soft-shell clam: a thin pale oval shell, gaping, its long siphon reaching up."""
    shell = smooth([(14, 62), (22, 46), (44, 40), (70, 43), (86, 55), (84, 70), (64, 80), (36, 80), (18, 74)])
    siphon = Body([(70, 50), (76, 32), (72, 14)], [(0, 8), (0.7, 6.5), (1, 7)])
    pic.outlined([(siphon.outline(), "#C9A98A")], 4.5)
    for k in range(4):
        pic.line(siphon.edge(0.05, 0.9, -0.6 + k * 0.4, 6), "#A8876B", 0.9, opacity=0.7)
    pic.shape(ellipse(siphon.map(1, -0.45), 2.6, 1.6), "#6B4A3A", NAVY, 1.2)
    pic.shape(ellipse(siphon.map(1, 0.45), 2.6, 1.6), "#6B4A3A", NAVY, 1.2)
    grad = pic.gradient([(0, "#FBF7EE"), (1, "#D9CDB8")])
    pic.outlined([(shell, grad)], 4.5)
    for k in range(4):
        s = 0.85 - k * 0.17
        pts = [(14, 62), (22, 46), (44, 40), (70, 43), (86, 55), (84, 70), (64, 80), (36, 80), (18, 74)]
        ring = [lerp((40, 46), q, s) for q in pts]
        pic.line(smooth(ring), "#B9AC94", 1.0)
    pic.line([(24, 50), (42, 43), (62, 44)], WHITE, 2.2, opacity=0.9)


def limpet(pic: Pic) -> None:
    """A limpet clinging to a rock: a low ribbed cone."""
    rock = puffy([(6, 78), (16, 68), (84, 66), (96, 80), (86, 90), (14, 90)], 0.1)
    pic.outlined([(rock, "#7D8791")], 4.0)
    pic.line([(20, 84), (44, 86), (70, 84)], "#6A737C", 1.4)
    apex = (46, 24)
    base = [polar((50, 66), 40, a) for a in range(0, 360, 30)]
    base = [(x, 66 + (y - 66) * 0.3) for x, y in base]
    cone = smooth([apex, (72, 44), (90, 64), (72, 76), (28, 76), (10, 64), (26, 42)], k=0.9)
    grad = pic.gradient([(0, "#C98B4E"), (1, "#7A4E2C")])
    pic.outlined([(cone, grad)], 4.5)
    for k, x in enumerate(range(14, 90, 8)):
        foot = (x, 74 - abs(x - 50) * 0.18)
        pic.line([apex, lerp(apex, foot, 0.98)], "#5E3A1F" if k % 2 else "#E8B98A", 1.6)
    pic.circle(apex, 2.2, "#E8D4B0")


def isopod(pic: Pic) -> None:
    """The giant isopod seen from above: a segmented shield, seven pairs of legs and two antennae."""
    body = Body([(50, 10), (50, 50), (50, 90)], [(0, 12), (0.1, 16), (0.5, 21), (0.8, 16), (0.95, 6), (1, 2)],
                nose=2, tail=3)
    for k in range(7):
        u = 0.2 + 0.09 * k
        for side in (1, -1):
            root = body.map(u, side * 0.8)
            knee = add(root, (side * 12, 3))
            foot = add(knee, (side * 3, 9))
            pic.line([root, knee, foot], NAVY, 4.2)
            pic.line([root, knee, foot], "#9C8A9A", 2.0)
    for side in (1, -1):
        root = body.map(0.03, side * 0.5)
        pts = [root, add(root, (side * 8, -10)), add(root, (side * 18, -8))]
        pic.line(pts, NAVY, 3.8)
        pic.line(pts, "#B7A4B3", 1.6)
    grad = pic.gradient([(0, "#8E7387"), (0.5, "#A48BA0"), (1, "#7A6275")], x2=1, y2=0)
    pic.outlined([(body.outline(), grad)], 4.5)
    for k in range(8):
        u = 0.14 + 0.09 * k
        pic.line([body.map(u, -0.95), body.map(u + 0.01, 0), body.map(u, 0.95)], "#5E4759", 1.2)
    pic.fill(body.band(0.12, 0.85, -0.12, 0.12, n=8), "#C2AFC0", opacity=0.8)
    eye(pic, body.map(0.05, 0.55), 1.7)
    eye(pic, body.map(0.05, -0.55), 1.7)


def ribbon_worm(pic: Pic) -> None:
    """A ribbon worm: a long flat cream ribbon in loose S-bends, its head to the top left."""
    spine = [(18, 20), (40, 14), (60, 22), (56, 38), (34, 42), (22, 56), (36, 72), (64, 66), (80, 76), (86, 92)]
    body = Body(spine, [(0, 4.5), (0.05, 5.5), (0.9, 5), (1, 2.5)], nose=2, tail=1, samples=60)
    grad = pic.gradient([(0, "#F7EEDC"), (1, "#E3CFA8")])
    pic.outlined([(body.outline(), grad)], 4.5)
    for k in range(1, 40):
        u = k / 40
        pic.line([body.map(u, -0.8), body.map(u, 0.8)], "#CDB488", 0.8)
    pic.line(body.edge(0.02, 0.98, 0.0, 60), "#D9A9A0", 1.2, opacity=0.8)
    eye(pic, body.map(0.02, 0.4), 1.3, shine=False)
    eye(pic, body.map(0.02, -0.4), 1.3, shine=False)


def scallop(pic: Pic, colour: str = "#C98A78", rays: str = "#F2D4C2") -> None:
    """A scallop seen from above: a ribbed fan with two ears at the hinge, blue eyes along its rim."""
    hinge = (50, 22)
    fan = [hinge] + [polar((50, 30), 44, a) for a in range(20, 161, 14)]
    shell = smooth([(40, 20), (36, 14), (64, 14), (60, 20), polar((50, 30), 44, 8), *fan[1:],
                    polar((50, 30), 44, 172)], k=0.7)
    grad = pic.gradient([(0, rays), (1, colour)], radial=True, cx=0.5, cy=0.1, r=0.9)
    pic.outlined([(shell, grad)], 4.5)
    for a in range(18, 165, 12):
        pic.line([lerp(hinge, polar((50, 30), 44, a), 0.12), polar((50, 30), 42, a)], _shade(colour, 0.8), 1.3)
    for k in range(1, 4):
        pts = [polar((50, 30), 10 + k * 9, a) for a in range(15, 166, 15)]
        pic.line(pts, _shade(colour, 0.9), 0.8, opacity=0.8)
    for a in range(16, 166, 10):
        pic.circle(polar((50, 30), 40.5, a), 1.1, "#2F7FD0")


def sea_spider(pic: Pic, colour: str = "#D9573B") -> None:
    """A sea spider: a tiny body with a long snout and eight very long jointed legs."""
    c = (50, 50)
    rng = random.Random(11)
    for k in range(8):
        side = 1 if k < 4 else -1
        a = (-62 + (k % 4) * 38) if side > 0 else (242 - (k % 4) * 38)
        knee = polar(c, 20, a)
        knee2 = polar(knee, 18, a + side * 30)
        foot = polar(knee2, 16 + rng.uniform(-2, 2), a + side * 75)
        pts = [polar(c, 4, a), knee, knee2, foot]
        pic.line(pts, NAVY, 4.6)
        pic.line(pts, colour, 2.6)
        for q in (knee, knee2):
            pic.circle(q, 2.0, _shade(colour, 0.8), NAVY, 1.0)
    body = Body([(50, 26), (50, 50), (50, 64)], [(0, 3), (0.1, 3.2), (0.5, 6), (0.9, 4), (1, 2)], nose=1, tail=2)
    pic.outlined([(body.outline(), colour)], 4.0)
    for u in (0.4, 0.55, 0.7):
        pic.line([body.map(u, -0.9), body.map(u, 0.9)], _shade(colour, 0.75), 1.0)
    eye(pic, body.map(0.35, 0.5), 1.1, shine=False)
    eye(pic, body.map(0.35, -0.5), 1.1, shine=False)



def krill(pic: Pic, colour: str = "#F08A6C", light: str = "#FBD2BE", dots: str = "#C8322A", eye_r: float = 4.2,
          clear: float = 1.0) -> None:
    """A krill swimming to the left and up: a shrimp with a big black eye, long antennae, feathery legs
    under its body and a tail fan, pink and see-through looking (``clear`` < 1 paler)."""
    body = Body([(22, 40), (42, 46), (62, 54), (78, 70), (82, 84)],
                [(0, 7.5), (0.3, 9), (0.55, 7.5), (0.85, 5), (1, 3.5)], [(0, 8), (0.3, 9.5), (0.55, 7.5),
                                                                        (0.85, 5), (1, 3.5)], nose=4, tail=0)
    # legs under the carapace and swimmerets under the tail
    for k in range(6):
        u = 0.12 + k * 0.07
        root = body.map(u, -0.8)
        tip = add(root, (-4 + k * 0.8, 13 - k * 0.6))
        pic.line([root, lerp(root, tip, 0.5), tip], NAVY, 2.8)
        pic.line([root, lerp(root, tip, 0.5), tip], colour, 1.3)
        for j in (0.45, 0.7):
            q = lerp(root, tip, j)
            pic.line([q, add(q, (-3, 1.5))], colour, 0.7)
    for k in range(4):
        u = 0.52 + k * 0.1
        root = body.map(u, -0.8)
        tip = polar(root, 8, 150 - k * 10)
        pic.line([root, tip], NAVY, 2.6)
        pic.line([root, tip], colour, 1.2)
    # antennae
    head = body.map(0.02, 0.3)
    for bend, length in ((-8, 46), (6, 38)):
        pts = [head, add(head, (-12, -8 + bend * 0.3)), add(head, (-length * 0.55, -20 + bend)),
               add(head, (-length * 0.75, -28 + bend * 1.5))]
        pic.line(pts, NAVY, 2.4)
        pic.line(pts, colour, 1.0)
    end, t = body.point(1), body.tangent(1)
    ang = math.degrees(math.atan2(t[1], t[0]))
    fan = [end, polar(end, 12, ang - 40), polar(end, 14, ang - 12), polar(end, 14, ang + 12), polar(end, 12, ang + 40)]
    grad = pic.gradient([(0, light), (0.6, colour), (1, _shade(colour, 0.85))])
    pic.outlined([(smooth(fan, k=0.5), colour), (body.outline(), grad)], 4.0)
    pic.line([polar(end, 1, ang), polar(end, 11, ang)], _shade(colour, 0.7), 0.9)
    # carapace edge and tail segments
    pic.line([body.map(0.36, 1), body.map(0.37, 0.0), body.map(0.35, -1)], _shade(colour, 0.75), 1.3)
    for u in (0.5, 0.6, 0.7, 0.8, 0.9):
        pic.line([body.map(u, 0.95), body.map(u + 0.015, 0), body.map(u, -0.95)], _shade(colour, 0.8), 1.0)
    pic.fill(body.band(0.05, 0.9, 0.1, 0.7, n=10), WHITE, opacity=0.35 * (2 - clear))
    spots(pic, body, 3, 9, 0.1, 0.95, -0.7, 0.3, 0.7, 1.3, dots)
    pic.circle(body.map(0.25, 0.0), 3.2, "#4F8A3A", opacity=0.55)
    eye(pic, body.map(0.03, 0.05), eye_r)


def salp(pic: Pic) -> None:
    """A salp: a see-through barrel with muscle bands and a little brown gut, squirting water."""
    body = Body([(12, 62), (50, 50), (88, 38)], [(0, 14), (0.1, 19), (0.5, 21), (0.9, 18), (1, 13)], nose=2, tail=2)
    pic.shape(body.outline(), "#BFE7F2", NAVY, 2.6, fill_opacity=0.55)
    pic.fill(body.band(0.08, 0.92, 0.35, 0.85, n=10), WHITE, opacity=0.5)
    for k in range(6):
        u = 0.16 + k * 0.135
        pic.line([body.map(u - 0.04, 0.98), body.map(u, 0), body.map(u + 0.03, -0.98)], "#4FA3C4", 2.0, opacity=0.9)
    pic.shape(ellipse(body.map(0.7, -0.35), 6, 5), "#B86B3A", NAVY, 1.4)
    pic.circle(body.map(0.68, -0.25), 1.8, "#E3A06B")
    for k in range(3):
        pic.line([body.map(0.5 + 0.05 * k, -0.7), body.map(0.62 + 0.04 * k, -0.4)], "#4FA3C4", 1.0, opacity=0.8)
    pic.shape(ellipse(body.map(0.0, 0.0), 3, 9, -17), "#9FD4E6", NAVY, 1.6, fill_opacity=0.7)
    for q, r in (((92, 28), 2.0), ((96, 22), 1.4), ((90, 20), 1.1)):
        pic.circle(q, r, None, "#4FA3C4", 1.0)


def sea_angel(pic: Pic) -> None:
    """A sea angel: a see-through body with an orange heart of a gut and two flapping wings."""
    body = Body([(50, 20), (50, 50), (52, 88)], [(0, 8), (0.1, 9), (0.2, 7), (0.5, 9), (0.85, 5), (1, 2)],
                nose=2, tail=3)
    for side in (1, -1):
        root = body.map(0.22, side * 0.6)
        tip = add(root, (side * 32, -12))
        low = add(root, (side * 26, 10))
        pic.shape(puffy([root, tip, low], [0.3, 0.25, 0.3]), "#FBD3C8", NAVY, 2.4, fill_opacity=0.75)
        pic.line([root, lerp(tip, low, 0.4)], "#E99A86", 1.0)
    pic.shape(body.outline(), "#FBE4DC", NAVY, 2.6, fill_opacity=0.6)
    pic.fill(body.patch([(0.4, 0), (0.5, 0.6), (0.72, 0.5), (0.82, 0), (0.72, -0.5), (0.5, -0.6)]), "#E8562E")
    pic.fill(body.patch([(0.03, 0.0), (0.08, 0.6), (0.16, 0.0), (0.08, -0.6)]), "#F08A3C")
    for side in (1, -1):
        pic.line([body.map(0.02, side * 0.4), add(body.map(0.0, side * 0.6), (side * 3, -5))], NAVY, 1.6)
    eye(pic, body.map(0.08, 0.35), 1.1, shine=False)
    eye(pic, body.map(0.08, -0.35), 1.1, shine=False)


def sea_butterfly(pic: Pic) -> None:
    """A sea butterfly: a tiny snail with a see-through coiled shell and two wings."""
    for side in (1, -1):
        root = (50, 38)
        wing = puffy([root, (50 + side * 42, 16), (50 + side * 44, 38), (50 + side * 20, 46)], [0.15, 0.2, 0.2, 0.1])
        pic.shape(wing, "#F6E3D6", NAVY, 2.4, fill_opacity=0.8)
        pic.line([root, (50 + side * 34, 26)], "#D8B9A6", 1.0)
        pic.line([root, (50 + side * 36, 38)], "#D8B9A6", 1.0)
    shell_c = (50, 62)
    pic.shape(ellipse(shell_c, 20, 19), "#C9A178", NAVY, 3.0, fill_opacity=0.7)
    pts = []
    for k in range(70):
        a = k * 14
        r = 17.5 * math.exp(-k * 0.032)
        pts.append(polar(shell_c, r, a + 200))
    pic.line(pts, "#8A5E3A", 1.6)
    pic.fill(ellipse((44, 54), 5, 3, -30), WHITE, opacity=0.6)
    pic.shape(ellipse((50, 40), 6, 5), "#F2C9B4", NAVY, 1.8)


def squid(pic: Pic) -> None:
    """The colossal squid: a red mantle with fins, a huge eye, eight arms and two long tentacles."""
    mantle = Body([(70, 14), (60, 34), (52, 50)], [(0, 3), (0.15, 9), (0.6, 12), (1, 11)], nose=3, tail=0)
    base = (46, 56)
    colour = "#B8332E"
    pic.outlined([(puffy([mantle.map(0.15, 0.9), (90, 16), mantle.map(0.45, 0.9)], [0.1, 0.2, 0.0]), colour),
                  (puffy([mantle.map(0.15, -0.9), (54, 8), mantle.map(0.45, -0.9)], [0.1, 0.2, 0.0]), colour)], 4.0)
    for k in range(8):
        a = 110 + k * 12
        pts = [base, polar(base, 20, a + 6), polar(base, 34, a - 4 + (k % 2) * 8)]
        pic.line(pts, NAVY, 6.4)
        pic.line(pts, _shade(colour, 1.1), 4.0)
    for a, length in ((98, 48), (180, 44)):
        pts = [base, polar(base, length * 0.5, a + 10), polar(base, length, a - 6)]
        pic.line(pts, NAVY, 3.6)
        pic.line(pts, _shade(colour, 1.15), 1.8)
        club = polar(base, length, a - 6)
        pic.shape(ellipse(club, 4.5, 2.6, a - 6), _shade(colour, 1.15), NAVY, 1.8)
        for j in (-1, 1):
            pic.line([club, polar(club, 2.5, a - 6 + 90 * j)], WHITE, 0.9)
    grad = pic.gradient([(0, "#D9544A"), (1, "#8E2520")], x2=1, y2=1)
    head = ellipse(base, 12, 10, -40)
    pic.outlined([(mantle.outline(), grad), (head, colour)], 4.5)
    spots(pic, mantle, 2, 12, 0.1, 0.95, -0.7, 0.7, 0.6, 1.2, "#7A1D1A")
    eye(pic, add(base, (-1, -1)), 6.4, ring="#F2D5A0", ring_w=1.6)


def copepod(pic: Pic, colour: str = "#E98A4B", oil: str = "#D6402A") -> None:
    """A copepod seen from above: a teardrop body, a red eye, an oil drop and two very long antennae
    swept back like a glider's wings."""
    body = Body([(50, 20), (50, 48), (50, 68)], [(0, 7), (0.12, 11), (0.4, 12), (0.85, 6), (1, 3)], nose=3, tail=0)
    tail = Body([(50, 68), (50, 80), (50, 90)], [(0, 3.2), (1, 2.4)], nose=0, tail=0)
    for side in (1, -1):
        root = body.map(0.06, side * 0.7)
        pts = [root, add(root, (side * 18, -2)), add(root, (side * 36, 8)), add(root, (side * 44, 22))]
        pic.line(pts, NAVY, 3.2)
        pic.line(pts, colour, 1.6)
        for k in range(1, 7):
            q = lerp(pts[1], pts[3], k / 7) if k > 3 else lerp(pts[0], pts[2], k / 4)
            pic.line([q, add(q, (side * 1.5, 3))], NAVY, 0.8)
        furca = tail.map(1, side * 0.8)
        pic.line([furca, add(furca, (side * 3, 6))], NAVY, 2.4)
        for k in range(3):
            leg = body.map(0.45 + k * 0.12, side * 0.95)
            pic.line([leg, add(leg, (side * 5, 3))], NAVY, 2.0)
    grad = pic.gradient([(0, _shade(colour, 1.3)), (1, colour)])
    pic.outlined([(tail.outline(), colour), (body.outline(), grad)], 4.0)
    for u in (0.3, 0.5, 0.66, 0.8):
        pic.line([body.map(u, -0.95), body.map(u + 0.01, 0), body.map(u, 0.95)], _shade(colour, 0.8), 1.0)
    pic.fill(ellipse(body.map(0.55, 0), 4.5, 7.5), oil)
    pic.fill(ellipse(body.map(0.5, 0.25), 1.2, 2.5), WHITE, opacity=0.6)
    pic.circle(body.map(0.07, 0), 2.2, "#B3121A", NAVY, 0.9)


def jellyfish(pic: Pic, bell: str = "#F4DCE6", canals: str = "#D9862E") -> None:
    """A jellyfish: a see-through bell with a scalloped rim, frilly mouth arms and thin tentacles."""
    for k in range(9):
        x = 18 + k * 8
        pts = [(x, 46), (x + 3 * math.sin(k), 64), (x - 2, 80), (x + 2 + (k % 3), 94)]
        pic.line(pts, "#C7A0B4", 1.4)
    for x in (38, 50, 62):
        pts = [(x, 44), (x + 5, 60), (x - 4, 74), (x + 3, 90)]
        body = Body(pts, [(0, 4.5), (1, 2.0)])
        pic.shape(body.outline(), "#F2B9CC", NAVY, 2.0, fill_opacity=0.9)
        for u in (0.2, 0.45, 0.7):
            pic.line([body.map(u, -1), body.map(u + 0.05, 0), body.map(u, 1)], "#D98CA8", 1.0)
    rim = [(8, 46)] + [p for k in range(8) for p in ((14 + k * 10.5, 51), (19 + k * 10.5, 47))] + [(92, 46)]
    dome = [(92, 46), (88, 26), (70, 8), (50, 5), (30, 8), (12, 26)]
    path = smooth(rim + dome, k=0.55)
    grad = pic.gradient([(0, _shade(bell, 1.3)), (1, bell)])
    pic.shape(path, grad, NAVY, 3.0, fill_opacity=0.85)
    for k in range(8):
        x = 14 + k * 10
        pic.line([(50, 12), ((50 + x) / 2, 22), (x, 44)], canals, 1.6, opacity=0.9)
    pic.fill(ellipse((36, 20), 10, 5, -20), WHITE, opacity=0.55)



# --- seaweeds ------------------------------------------------------------------------------------


def pebble(pic: Pic, c: Point = (50, 90), w: float = 26, h: float = 8) -> None:
    """The stone a seaweed grows on."""
    pic.outlined([(ellipse(c, w, h), "#8C96A0")], 4.0)
    pic.fill(ellipse(add(c, (-w * 0.3, -h * 0.35)), w * 0.35, h * 0.25), "#AAB3BC")


def holdfast(pic: Pic, c: Point, colour: str, w: float = 9) -> None:
    for k in range(5):
        a = 200 + k * 35
        pic.line([add(c, (0, -2)), polar(add(c, (0, 2)), w, a - 180 + 360)], NAVY, 3.6)
    for k in range(5):
        a = 200 + k * 35
        pic.line([add(c, (0, -2)), polar(add(c, (0, 2)), w - 0.8, a - 180 + 360)], colour, 1.8)


def strap_kelp(pic: Pic, blades: Sequence[tuple[Sequence[Point], float]], colour: str, light: str,
               wrinkles: bool = True) -> None:
    """Long strap-shaped blades rising from a stipe on a stone (``blades``: each a spine from the stipe
    upward and its half-width)."""
    pebble(pic)
    holdfast(pic, (50, 84), _shade(colour, 0.8))
    parts = []
    bodies = []
    for spine, w in blades:
        b = Body(spine, [(0, w * 0.35), (0.15, w), (0.85, w * 0.95), (1, w * 0.6)], nose=0, tail=w * 0.5, samples=24)
        bodies.append(b)
        parts.append((b.outline(), pic.gradient([(0, light), (1, colour)], x2=1, y2=0)))
    pic.outlined([(rrect(47, 66, 6, 20, 3), _shade(colour, 0.8)), *parts], 4.0)
    for b in bodies:
        pic.line(b.edge(0.05, 0.95, 0.0, 16), _shade(colour, 0.8), 1.2, opacity=0.8)
        if wrinkles:
            for k in range(1, 9):
                u = k / 9
                pic.line([b.map(u, -0.9), b.map(u + 0.03, -0.3)], _shade(colour, 0.8), 0.9, opacity=0.7)
                pic.line([b.map(u, 0.9), b.map(u + 0.03, 0.3)], _shade(colour, 0.8), 0.9, opacity=0.7)


def _branches(start: Point, angle: float, length: float, width: float, depth: int, spread: float, shrink: float,
              rng: random.Random, comb: bool, out: list) -> None:
    """A branching frond as (points, width) strokes."""
    end = polar(start, length, angle)
    mid = add(lerp(start, end, 0.5), (rng.uniform(-1.5, 1.5), 0))
    out.append(([start, mid, end], width))
    if depth == 0:
        return
    if comb:
        for k in range(1, 4):
            q = lerp(start, end, k / 4)
            side = 1 if k % 2 else -1
            _branches(q, angle + side * spread, length * shrink * (1 - k * 0.08), width * 0.7, depth - 1, spread,
                      shrink, rng, comb, out)
    else:
        for side in (1, -1):
            q = lerp(start, end, rng.uniform(0.45, 0.75))
            _branches(q, angle + side * spread * rng.uniform(0.7, 1.1), length * shrink, width * 0.72, depth - 1,
                      spread, shrink, rng, comb, out)
    _branches(end, angle + rng.uniform(-10, 10), length * shrink, width * 0.75, depth - 1, spread, shrink, rng, comb,
              out)


def branched_alga(pic: Pic, colour: str, seed: int, depth: int = 4, length: float = 26, width: float = 5.0,
                  spread: float = 34, shrink: float = 0.62, comb: bool = False, stems: int = 1,
                  flat: bool = False) -> None:
    """A bushy, branching seaweed on a stone: Desmarestia's bushes and tall fronds, Plocamium's combs."""
    pebble(pic)
    rng = random.Random(seed)
    strokes: list = []
    for k in range(stems):
        a = -90 + (k - (stems - 1) / 2) * 22
        _branches((50, 84), a, length, width, depth, spread, shrink, rng, comb, strokes)
    strokes = [(pts, round(w, 1)) for pts, w in strokes]
    strokes.sort(key=lambda st: -round(st[1], 1))
    for pts, w in strokes:
        pic.line(pts, NAVY, w + 3.2)
    for pts, w in strokes:
        pic.line(pts, colour, w)
    if flat:
        for pts, w in strokes:
            if w > 2.2:
                pic.line(pts, _shade(colour, 1.3), w * 0.3, opacity=0.8)
    holdfast(pic, (50, 86), _shade(colour, 0.8))


def vesicle_alga(pic: Pic, colour: str = "#B88A2E") -> None:
    """A seaweed of little balloons: shiny sacs on short stalks from a stone."""
    pebble(pic)
    sacs = [((50, 22), 11, 16, 0), ((30, 36), 9, 13, -25), ((70, 36), 9, 13, 25), ((40, 58), 9, 12, -10),
            ((61, 58), 9, 12, 12), ((22, 62), 7, 9, -40), ((79, 62), 7, 9, 40)]
    for c, _rx, _ry, _a in sacs:
        pic.line([(50, 84), lerp((50, 84), c, 0.7)], NAVY, 5.0)
    for c, _rx, _ry, _a in sacs:
        pic.line([(50, 84), lerp((50, 84), c, 0.7)], _shade(colour, 0.7), 2.4)
    parts = [(ellipse(c, rx, ry, a), pic.gradient([(0, _shade(colour, 1.45)), (1, colour)], radial=True, cx=0.35,
                                                 cy=0.3, r=0.75)) for c, rx, ry, a in sacs]
    pic.outlined(parts, 4.0)
    for c, rx, ry, a in sacs:
        pic.fill(ellipse(add(c, (-rx * 0.35, -ry * 0.4)), rx * 0.25, ry * 0.2, a), WHITE, opacity=0.75)


def blade_alga(pic: Pic, lobes: Sequence[tuple[float, float, float]], colour: str, light: str,
               sheen: str | None = None) -> None:
    """Broad flat blades from a short stipe: ``lobes`` (angle, length, width) each, so one big heart
    (Iridaea) or a hand of forked lobes (Palmaria)."""
    pebble(pic)
    base = (50, 80)
    parts = []
    for ang, length, w in lobes:
        tip = polar(base, length, ang)
        mid = polar(base, length * 0.55, ang)
        left, right = polar(mid, w, ang - 90), polar(mid, w, ang + 90)
        pts = [polar(base, 3, ang - 90), left, polar(tip, w * 0.45, ang - 90), tip, polar(tip, w * 0.45, ang + 90),
               right, polar(base, 3, ang + 90)]
        parts.append((smooth(pts, k=0.9), pic.gradient([(0, light), (1, colour)], radial=True, cx=0.5, cy=0.4, r=0.7)))
    pic.outlined([(rrect(47, 74, 6, 12, 3), _shade(colour, 0.8)), *parts], 4.0)
    for ang, length, _w in lobes:
        pic.line([polar(base, 4, ang), polar(base, length * 0.75, ang)], _shade(colour, 0.8), 1.0, opacity=0.6)
        if sheen:
            c = polar(base, length * 0.55, ang - 8)
            pic.fill(ellipse(c, length * 0.16, length * 0.07, ang), sheen, opacity=0.55)
            pic.fill(ellipse(polar(base, length * 0.72, ang + 8), length * 0.1, length * 0.045, ang), WHITE,
                     opacity=0.5)
    holdfast(pic, (50, 86), _shade(colour, 0.8))


# --- microalgae ----------------------------------------------------------------------------------

GLASS = "#E4F3F3"
GOLD = "#C48A2C"
GOLD_DARK = "#8E5E1C"


def _chloroplasts(pic: Pic, c: Point, rx: float, ry: float, turn: float, seed: int, n: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        q = add(c, rot((rng.uniform(-rx * 0.55, rx * 0.55), rng.uniform(-ry * 0.45, ry * 0.45)), turn))
        pic.fill(ellipse(q, rx * 0.22, ry * 0.28, turn + rng.uniform(-30, 30)), GOLD)


def diatom_ribbon(pic: Pic, cells: int = 5) -> None:
    """Sea-ice diatoms: a short ribbon of box-shaped glass cells side by side, in an ice crystal."""
    hexagon = [polar((50, 50), 47, 30 + 60 * k) for k in range(6)]
    pic.shape(poly(hexagon), "#DDF0FA", "#8CC4E4", 3.0)
    pic.line([polar((50, 50), 30, 210), polar((50, 50), 30, 30)], WHITE, 2.0, opacity=0.8)
    pic.line([polar((50, 50), 30, 150), polar((50, 50), 30, 330)], WHITE, 2.0, opacity=0.8)
    with pic.at((50, 50), turn=-20, about=(50, 50)):
        w, h = 11.0, 34.0
        x0 = 50 - cells * w / 2
        pic.outlined([(rrect(x0 + k * w, 50 - h / 2, w, h, 3.5), GLASS) for k in range(cells)], 3.6)
        for k in range(cells):
            x = x0 + k * w
            pic.shape(rrect(x + 0.5, 50 - h / 2 + 0.5, w - 1, h - 1, 3), None, NAVY, 1.4)
            pic.fill(rrect(x + 2.2, 50 - h / 2 + 5, w - 4.4, h - 10, 2), GOLD)
            pic.fill(rrect(x + 3.4, 50 - h / 2 + 7, 1.4, h - 16, 0.7), WHITE, opacity=0.5)
            for j in range(1, 6):
                pic.line([(x + 1.2, 50 - h / 2 + j * h / 6), (x + 2.4, 50 - h / 2 + j * h / 6)], NAVY, 0.8)


def diatom_boat(pic: Pic) -> None:
    """A pennate diatom in valve view: a glass boat with ribs across and a slit along its middle."""
    for c, length, w, turn in (((64, 36), 34, 11, -35), ((42, 60), 44, 14, -35)):
        body = Body([rot((c[0] - length, c[1]), turn, c), c, rot((c[0] + length, c[1]), turn, c)],
                    [(0, 1.5), (0.2, w * 0.8), (0.5, w), (0.8, w * 0.8), (1, 1.5)], nose=2, tail=2)
        pic.outlined([(body.outline(), GLASS)], 3.8)
        pic.fill(body.band(0.12, 0.88, -0.75, 0.75), GOLD, opacity=0.85)
        for k in range(1, 16):
            u = k / 16
            pic.line([body.map(u, -0.95), body.map(u, 0.95)], GOLD_DARK, 0.9)
        pic.line(body.edge(0.05, 0.45, 0, 4), NAVY, 1.2)
        pic.line(body.edge(0.55, 0.95, 0, 4), NAVY, 1.2)
        pic.circle(body.point(0.5), 1.8, GLASS, NAVY, 1.0)
        pic.fill(body.band(0.2, 0.8, 0.35, 0.6), WHITE, opacity=0.45)


def diatom_disc(pic: Pic) -> None:
    """Centric diatoms: round glass discs with rows of dots spreading from the middle, held in a short
    chain by threads."""
    for a, b in (((26, 26), (50, 50)), ((50, 50), (74, 74))):
        pic.line([a, b], NAVY, 3.0)
        pic.line([a, b], "#DCC8A0", 1.4)
    for c, r in (((26, 26), 16), ((74, 74), 16), ((50, 50), 22)):
        grad = pic.gradient([(0, "#F3F9F8"), (0.7, GLASS), (1, "#C8E0DE")], radial=True)
        pic.outlined([(ellipse(c, r, r), grad)], 3.8)
        pic.circle(c, r * 0.72, GOLD, opacity=0.7)
        for k in range(16):
            a = k * 22.5
            for j in range(1, 5):
                pic.circle(polar(c, r * (0.2 + 0.19 * j), a + j * 4), 0.55 + 0.1 * j, GOLD_DARK)
        pic.circle(c, r * 0.16, GLASS, NAVY, 1.0)
        pic.fill(ellipse(add(c, (-r * 0.4, -r * 0.45)), r * 0.3, r * 0.14, -40), WHITE, opacity=0.7)


def diatom_bristles(pic: Pic) -> None:
    """A bristle diatom: a chain of box cells with long bristles spreading from every corner."""
    cells = 4
    w, h = 13.0, 16.0
    x0 = 50 - cells * w / 2
    rng = random.Random(4)
    hair: list = []
    for k in range(cells + 1):
        x = x0 + k * w
        for side in (-1, 1):
            y = 50 + side * h / 2
            spread = (k - cells / 2) * 22 * (1 if side < 0 else -1)
            end = polar((x, y), 38, (-90 if side < 0 else 90) + spread + rng.uniform(-8, 8))
            hair.append([(x, y), lerp((x, y), end, 0.5), add(end, (rng.uniform(-4, 4), 0))])
    for pts in hair:
        pic.line(pts, NAVY, 2.6)
    for pts in hair:
        pic.line(pts, "#D9B66E", 1.1)
    pic.outlined([(rrect(x0 + k * w + 1, 50 - h / 2, w - 2, h, 3), GLASS) for k in range(cells)], 3.6)
    for k in range(cells):
        x = x0 + k * w + 1
        pic.fill(rrect(x + 2, 50 - h / 2 + 3, w - 6, h - 6, 2), GOLD)
        pic.shape(rrect(x, 50 - h / 2, w - 2, h, 3), None, NAVY, 1.2)


def diatom_tube(pic: Pic) -> None:
    """Corethron: one glass tube with a crown of spines at each end."""
    with pic.at((50, 50), turn=-35, about=(50, 50)):
        for end, sign in ((14, -1), (86, 1)):
            for k in range(9):
                a = (180 - (k - 4) * 14) if sign < 0 else (k - 4) * 14
                start = (end, 50 + (k - 4) * 2.2)
                pic.line([start, polar(start, 24, a)], NAVY, 2.6)
                pic.line([start, polar(start, 24, a)], "#D9B66E", 1.1)
        body = Body([(16, 50), (50, 50), (84, 50)], [(0, 9), (0.05, 11), (0.95, 11), (1, 9)], nose=3, tail=3)
        pic.outlined([(body.outline(), GLASS)], 3.8)
        pic.fill(body.band(0.08, 0.92, -0.7, 0.7), GOLD, opacity=0.35)
        _chloroplasts(pic, (50, 50), 30, 12, 0, 6, 9)
        for u in (0.06, 0.94):
            pic.line([body.map(u, -1), body.map(u, 1)], NAVY, 1.2)
        pic.fill(body.band(0.1, 0.9, 0.45, 0.7), WHITE, opacity=0.55)


def diatom_curl(pic: Pic) -> None:
    """Eucampia: cells joined in a curling ribbon, with an oval window between each pair."""
    c = (50, 56)
    for k in range(9):
        a0 = 200 + k * 19
        inner, outer = 20, 40
        quad = [polar(c, inner, a0), polar(c, outer, a0 - 1), polar(c, outer, a0 + 15), polar(c, inner, a0 + 14)]
        pic.outlined([(puffy(quad, [0.05, 0.1, 0.05, 0.1]), GLASS)], 3.6)
        pic.fill(puffy([lerp(quad[0], quad[2], 0.2), lerp(quad[1], quad[3], 0.2), lerp(quad[0], quad[2], 0.8),
                        lerp(quad[1], quad[3], 0.8)], 0.1), GOLD)
        gap = polar(c, 30, a0 + 17)
        pic.fill(ellipse(gap, 4.0, 1.4, a0 + 17), WHITE)
        pic.shape(ellipse(gap, 4.0, 1.4, a0 + 17), None, NAVY, 0.8)


def colony(pic: Pic) -> None:
    """Phaeocystis: balls of jelly with little golden cells around their skin."""
    for c, r, seed in (((40, 42), 27, 1), ((72, 68), 18, 2), ((28, 76), 12, 3)):
        grad = pic.gradient([(0, "#FBFBE8"), (0.8, "#E6EDBF"), (1, "#C9D98E")], radial=True, cx=0.4, cy=0.35, r=0.7)
        pic.shape(ellipse(c, r, r * 0.95), grad, NAVY, 2.8, fill_opacity=0.85)
        rng = random.Random(seed)
        count = int(r * 1.1)
        for k in range(count):
            a = k * 360 / count + rng.uniform(-4, 4)
            pic.circle(polar(c, r * rng.uniform(0.72, 0.88), a), 1.8, GOLD, NAVY, 0.6)
        pic.fill(ellipse(add(c, (-r * 0.35, -r * 0.4)), r * 0.25, r * 0.12, -35), WHITE, opacity=0.8)


def dinoflagellate(pic: Pic) -> None:
    """A sea-ice dinoflagellate in its pocket of brine: a round cell with a belt groove and two whips."""
    pocket = smooth([(12, 40), (26, 14), (58, 10), (86, 26), (90, 58), (74, 86), (40, 90), (14, 72)])
    pic.shape(pocket, "#D7ECF8", "#7FB7DB", 3.0)
    pic.fill(ellipse((34, 28), 12, 5, -30), WHITE, opacity=0.7)
    pic.line([(62, 50), (72, 44), (80, 52), (84, 44)], NAVY, 1.6)
    pic.line([(50, 70), (48, 78), (53, 84)], NAVY, 1.6)
    body = smooth([(50, 28), (66, 38), (68, 54), (58, 70), (50, 74), (42, 70), (32, 54), (34, 38)])
    grad = pic.gradient([(0, "#E2B561"), (1, "#A8741F")], radial=True, cx=0.4, cy=0.35, r=0.75)
    pic.outlined([(body, grad)], 3.8)
    pic.line([(32, 52), (42, 56), (58, 52), (68, 50)], NAVY, 2.0)
    pic.line([(32, 54.5), (42, 58.5), (58, 54.5), (68, 52.5)], "#F3D9A0", 1.0)
    pic.fill(ellipse((44, 40), 5, 3, -30), WHITE, opacity=0.55)
    pic.circle((56, 62), 2.2, "#B3121A", opacity=0.8)


def snow_alga(pic: Pic) -> None:
    """Snow algae: round red cells that turn a snowdrift watermelon pink."""
    drift = smooth([(6, 80), (18, 58), (40, 50), (64, 54), (86, 60), (96, 82), (80, 92), (20, 92)], k=0.8)
    grad = pic.gradient([(0, "#FFF4F6"), (1, "#F4C7D2")])
    pic.outlined([(drift, grad)], 4.0)
    rng = random.Random(9)
    for _ in range(26):
        pic.circle((rng.uniform(16, 86), rng.uniform(64, 86)), rng.uniform(0.8, 1.6), "#E0475E", opacity=0.8)
    for c, r in (((32, 38), 13), ((58, 26), 15), ((74, 48), 10), ((48, 58), 11), ((20, 58), 7)):
        grad = pic.gradient([(0, "#F26B6B"), (0.7, "#C62F3A"), (1, "#8E1C2A")], radial=True, cx=0.4, cy=0.35, r=0.7)
        pic.outlined([(ellipse(c, r, r), grad)], 3.6)
        pic.fill(ellipse(add(c, (-r * 0.35, -r * 0.35)), r * 0.3, r * 0.2, -35), WHITE, opacity=0.75)
        pic.circle(add(c, (r * 0.25, r * 0.2)), r * 0.18, "#6E1420", opacity=0.6)


def needle_chain(pic: Pic) -> None:
    """Pseudo-nitzschia: needle-thin cells overlapping at their tips in stepped chains."""
    for chain, (x0, y0) in enumerate(((4, 34), (26, 10))):
        for k in range(4):
            a = (x0 + k * 15, y0 + k * 11 - chain * 2)
            b = (a[0] + 26, a[1] + 16)
            body = Body([a, lerp(a, b, 0.5), b], [(0, 0.8), (0.25, 3.2), (0.75, 3.2), (1, 0.8)], nose=1.5, tail=1.5)
            pic.outlined([(body.outline(), GLASS)], 3.2)
            pic.fill(body.band(0.15, 0.85, -0.55, 0.55, n=6), "#A9892C")
            pic.fill(body.band(0.3, 0.7, 0.2, 0.55, n=4), WHITE, opacity=0.5)



# --- the species ---------------------------------------------------------------------------------


def posed(draw: Callable[[Pic], object], turn: float = 0.0, flip: bool = False, scale: float = 1.0
          ) -> Callable[[Pic], None]:
    """``draw`` turned ``turn`` degrees and/or mirrored about the square's centre."""
    def f(pic: Pic) -> None:
        with pic.at((50, 50), turn=turn, flip=flip, scale=scale, about=(50, 50)):
            draw(pic)
    return f


def ice_ceiling(pic: Pic) -> None:
    """The underside of sea ice, along the top of a picture."""
    slab = puffy([(4, 10), (96, 8), (96, 22), (70, 26), (48, 22), (24, 27), (4, 22)], 0.05)
    pic.outlined([(slab, pic.gradient([(0, WHITE), (1, "#BFE0F2")]))], 4.0)
    pic.line([(12, 18), (30, 20)], WHITE, 2.0)


def fish_with(extra: str, **kw) -> Callable[[Pic], None]:
    def f(pic: Pic) -> None:
        if extra == "ice":
            ice_ceiling(pic)
            with pic.at((50, 58), about=(50, 50)):
                fish(pic, **kw)
            return
        if extra == "eggs":
            pic.outlined([(puffy([(10, 86), (22, 76), (50, 78), (58, 90), (30, 94)], 0.1), "#8C96A0")], 4.0)
            for x, y in ((24, 76), (30, 74), (36, 76), (27, 71), (33, 70), (42, 75), (39, 70)):
                pic.circle((x, y), 3.2, "#F4A23A", NAVY, 1.2)
                pic.circle((x - 1, y - 1), 0.9, WHITE)
            with pic.at((50, 42), about=(50, 50), scale=0.9):
                fish(pic, **kw)
            return
        if extra == "school":
            for at, sc in (((36, 30), 0.62), ((64, 52), 0.62), ((38, 74), 0.62)):
                with pic.at(at, about=(50, 50), scale=sc):
                    fish(pic, **kw)
            return
        body = fish(pic, **kw)
        if extra == "spines":
            for v, da in ((0.35, -20), (-0.1, 5), (-0.55, 25)):
                root = body.map(0.22, v)
                tip = polar(root, 9, da)
                pic.shape(puffy([polar(root, 2.2, da - 90), tip, polar(root, 2.2, da + 90)], 0.05), "#E8C99A", NAVY,
                          1.4)
        if extra == "see_through":
            pic.line(body.edge(0.2, 0.92, 0.1, 10), "#AAB7BE", 1.4, opacity=0.9)
            for k in range(1, 12):
                u = 0.22 + 0.065 * k
                pic.line([body.map(u, 0.65), body.map(u - 0.02, 0.1), body.map(u, -0.5)], "#B9C5CB", 0.9)
            pic.fill(ellipse(body.map(0.24, -0.2), 3, 5), "#F2E3E6", opacity=0.9)
    return f


def wave(pic: Pic) -> None:
    """A curling wave under a killer whale (the pack-ice orcas wash seals off the floes with waves)."""
    pic.outlined([(puffy([(4, 92), (10, 80), (26, 74), (40, 80), (56, 74), (74, 80), (90, 74), (98, 84), (96, 94)],
                         [0.05, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.0]), "#5FA8D8")], 4.0)
    for x in (14, 46, 80):
        pic.line([(x, 82), (x + 8, 79), (x + 14, 83)], WHITE, 2.0)


def orca(big: bool) -> Callable[[Pic], None]:
    def f(pic: Pic) -> None:
        if big:
            wave(pic)
            with pic.at((50, 44), about=(50, 50)):
                whale(pic, head="orca", back="#1A1D22", orca=(0.18, "#7E8894", "#2E343C"), dorsal=(0.5, 0.62, 18),
                      grooves=False, depth=13.5, length=80, flipper=11, flipper_w=5, belly="#FFFFFF")
        else:
            with pic.at((50, 50), about=(50, 50), scale=0.86):
                whale(pic, head="orca", back="#2A2F36", orca=(-0.08, "#8E949A", None), dorsal=(0.5, 0.6, 13),
                      grooves=False, depth=12, length=72, flipper=9, belly="#F5EED8")
            tiny = (14, 78)
            body = Body([tiny, add(tiny, (8, 0)), add(tiny, (16, 0))], [(0, 2), (0.35, 4.2), (1, 1.2)], nose=1.5,
                        tail=0)
            tail = puffy([add(tiny, (15, 0)), add(tiny, (22, -4.5)), add(tiny, (22, 4.5))], 0.1)
            pic.outlined([(tail, "#39434E"), (body.outline(), "#5B6875")], 3.0)
            pic.fill(body.band(0.05, 0.9, -0.95, -0.2, n=6), "#A9B3BC")
            pic.circle(add(tiny, (2.5, -0.8)), 1.0, INK)
    return f


def species_art() -> dict[str, Callable[[Pic], None]]:
    """How each biodiversity card's picture is drawn."""
    W = whale  # noqa: N806
    return {
        # microalgae
        "B01": diatom_ribbon,
        "B02": diatom_boat,
        "B03": diatom_disc,
        "B04": diatom_bristles,
        "B05": diatom_tube,
        "B06": diatom_curl,
        "B07": colony,
        "B08": dinoflagellate,
        "B09": snow_alga,
        "B10": posed(needle_chain, flip=True),
        # macroalgae
        "B11": lambda pic: strap_kelp(pic, [([(50, 70), (28, 50), (60, 28), (36, 6)], 13)], "#6B5A2A", "#A08E4E"),
        "B12": lambda pic: branched_alga(pic, "#7A5A2E", 3, depth=3, stems=5, length=24, spread=30),
        "B13": lambda pic: branched_alga(pic, "#8A6A2E", 5, depth=3, length=30, width=6, spread=40, flat=True),
        "B14": lambda pic: strap_kelp(pic, [([(50, 70), (36, 46), (24, 22)], 6), ([(50, 70), (52, 40), (50, 12)], 7),
                                            ([(50, 70), (66, 46), (76, 24)], 6)], "#6E5A22", "#A89A52",
                                      wrinkles=False),
        "B15": vesicle_alga,
        "B16": lambda pic: blade_alga(pic, [(-130, 50, 9), (-105, 62, 10), (-78, 62, 10), (-52, 50, 9)], "#9E2438",
                                      "#D0546A"),
        "B17": lambda pic: blade_alga(pic, [(-145, 44, 14), (-88, 70, 26)], "#7A1E4A", "#B0457A", sheen="#7FA8E0"),
        "B18": lambda pic: branched_alga(pic, "#D22F3A", 8, depth=3, comb=True, length=30, width=3.8, spread=50,
                                         shrink=0.5, stems=2),
        # benthic invertebrates
        "B19": urchin,
        "B20": sea_star,
        "B21": clam,
        "B22": limpet,
        "B23": posed(isopod, turn=-30),
        "B24": ribbon_worm,
        "B25": scallop,
        "B26": sea_spider,
        # pelagic invertebrates
        "B27": krill,
        "B28": lambda pic: (ice_ceiling(pic), posed(lambda q: krill(q, "#F2B3A6", "#FBF3F1", "#E58A7A", 3.6, 0.4),
                                                       turn=20, flip=True, scale=0.85)(pic)),
        "B29": salp,
        "B30": sea_angel,
        "B31": sea_butterfly,
        "B32": squid,
        "B33": copepod,
        "B34": jellyfish,
        # benthic fish
        "B35": posed(lambda pic: fish(pic, back="#2A2624", mid="#3A3430", belly_colour="#857565", fin="#26211E",
                                      depth=18, length=60, eye=4.6, mouth="big", pectoral=14,
                                      pectoral_colour="#4A423B", tail_spread=15, head=1.1), turn=-8),
        "B36": posed(lambda pic: fish(pic, back="#6E6A45", mid="#8B8455", belly_colour="#DDD3B0", fin="#5A5638",
                                      depth=16, length=62, eye=4.2, tail_spread=14,
                                      blotches=("#3F3B26", 16, 4.0, 5)), turn=-15),
        "B37": posed(lambda pic: fish(pic, back="#2F6B4E", mid="#4F9A6A", belly_colour="#D6E6B4", fin="#3B6E50",
                                      depth=17, length=58, eye=5.0, tail_spread=14, pelvic=9,
                                      spots=("#1F3F2C", 20, 2.0, 2)), turn=-8),
        "B38": posed(lambda pic: fish(pic, back="#3A3746", mid="#4E4A5E", belly_colour="#9A96AA", fin="#34313F",
                                      depth=15, length=54, eye=5.2, tail_spread=13,
                                      bars=("#211F2A", (0.38, 0.52, 0.66, 0.8))), turn=-12, flip=True),
        "B39": posed(fish_with("spines", back="#8A5A32", mid="#A8753F", belly_colour="#EBCB9C", fin="#7A4E2A",
                               depth=17, length=50, eye=5.0, head=1.2, pectoral=15, pectoral_colour="#B98450",
                               blotches=("#5E3A1C", 10, 3.2, 9), tail_spread=13), turn=-6),
        "B40": posed(fish_with("see_through", snout=1, back="#C3CED2", mid="#DDE5E8", belly_colour="#F6F8F7",
                               fin="#1C2024", tail="square", eye=4.8, depth=15, length=66, tail_spread=14,
                               dorsal=((0.32, 0.46, 13.0, "sail"), (0.52, 0.86, 9.0, "soft")), pectoral=13,
                               gill=False), turn=-16),
        "B41": fish_with("eggs", back="#8C6F4E", mid="#A88A64", belly_colour="#EADBBE", fin="#7A5E40", depth=15,
                         length=56, eye=4.6, tail_spread=13, bars=("#5A4028", (0.35, 0.5, 0.65, 0.8))),
        # pelagic fish
        "B42": fish_with("school", back="#6F8396", mid="#C4CED8", belly_colour="#F4F7F9", fin="#9AAABA", depth=9,
                         length=74, eye=3.6, tail="fork", tail_spread=12, sheen=WHITE, pectoral=7, pelvic=0,
                         dorsal=((0.45, 0.62, 6.0, "low"),), anal=((0.55, 0.85, 5.0),), outline=5.0),
        "B43": posed(lambda pic: fish(pic, snout=1, back="#7F8C96", mid="#B9C3CA", belly_colour="#F1F3F3",
                                      fin="#7A8690", tail="fork", eye=4.4, depth=14, length=68, tail_spread=14,
                                      dorsal=((0.32, 0.45, 12.0, "sail"), (0.52, 0.86, 8.0, "soft")),
                                      bars=("#4E5A64", (0.3, 0.42, 0.54, 0.66, 0.78)), gill=False), turn=20,
                     flip=True),
        "B44": posed(lambda pic: fish(pic, back="#1D2842", mid="#2C3B5E", belly_colour="#56698F", fin="#2A3552",
                                      depth=16, length=56, eye=6.2, nose=1, tail="fork", tail_spread=13,
                                      dorsal=((0.4, 0.62, 8.0, "soft"),), anal=((0.6, 0.85, 7.0),), pectoral=8,
                                      dots=("#8CF3FF", ((-0.55, 0.2, 0.85, 8), (-0.85, 0.15, 0.7, 6),
                                                        (0.2, 0.35, 0.75, 4))), gill=False), turn=-12),
        "B45": posed(lambda pic: fish(pic, back="#4D5F78", mid="#93A3B8", belly_colour="#E0E6EE", fin="#6C7D94",
                                      depth=12, length=72, eye=4.6, tail="fork", tail_spread=13,
                                      dorsal=((0.4, 0.6, 7.0, "soft"),), anal=((0.62, 0.85, 6.0),), pectoral=7,
                                      dots=("#F4EE7A", ((-0.6, 0.15, 0.9, 11),)), gill=False), turn=-24, flip=True),
        "B46": posed(lambda pic: fish(pic, back="#3A4652", mid="#586674", belly_colour="#B4BEC8", fin="#34404B",
                                      depth=16, length=70, eye=3.8, mouth="teeth", pectoral=12, tail_spread=14,
                                      dorsal=((0.3, 0.46, 9.0, "soft"), (0.52, 0.86, 8.0, "soft")), lateral="#8796A4"),
                     turn=-16),
        "B47": posed(lambda pic: fish(pic, back="#3A322C", mid="#4E443C", belly_colour="#8E8070", fin="#332B26",
                                      depth=16, length=70, eye=4.0, mouth="teeth", pectoral=12, tail_spread=14,
                                      dorsal=((0.3, 0.46, 9.0, "soft"), (0.52, 0.86, 8.0, "soft")),
                                      blotches=("#2A231F", 10, 3.6, 4), lateral="#7A6E62"), turn=-16, flip=True),
        "B48": fish_with("ice", back="#6C7986", mid="#9FAAB5", belly_colour="#E6EBEF", fin="#66727E", depth=14,
                         length=66, eye=4.4, tail_spread=12, spots=("#3E4852", 16, 1.6, 6)),
        "B49": posed(lambda pic: fish(pic, back="#4A3F3A", mid="#8B7F77", belly_colour="#D3CCC4", fin="#5C504A",
                                      depth=15, length=54, eye=7.5, eye_v=0.3, nose=1, tail="fork", tail_spread=12,
                                      eye_ring="#CFD8DE", dorsal=((0.45, 0.6, 8.0, "soft"),), anal=((0.65, 0.85, 6.0),),
                                      pectoral=7, sheen="#B8C2CA"), turn=-10),
        # birds
        "B50": lambda pic: penguin(pic, eye_ring=WHITE, bill_base="#A8432F", bill_len=7),
        "B51": lambda pic: penguin(pic, face=WHITE, chinstrap=True, throat=0.2),
        "B52": lambda pic: penguin(pic, crown_patch=True, bill="#F36A22", feet="#F59A3B", bill_len=8),
        "B53": lambda pic: penguin(pic, ear_patch=("#F7B733", "#FBE7A6"), back="#2B3440", bill_len=12, bill_curve=2,
                                   bill_base="#F08A5D", head=10, size=1.15, feet="#2A2A2A"),
        "B54": lambda pic: flying_bird(pic, body="#6B5344", wing="#5E4838", patch=WHITE, bill="#222222"),
        "B55": lambda pic: standing_bird(pic, caruncle="#F2B8A0", bill="#E9C77A"),
        "B56": lambda pic: standing_bird(pic, body="#7A736C", front="#9C958D", wing="#5F5953", legs="#8E8A86",
                                         webbed=True, big_bill=("#E9D9A0", "#8FB38A"), mottle="#5A544E"),
        "B57": lambda pic: flying_bird(pic, body=WHITE, wing="#F4F7FA", bill="#222222", hook=False, bill_len=5),
        "B58": lambda pic: standing_bird(pic, body="#1E2430", front=WHITE, bill="#7A6A5A", caruncle="#F2A33A",
                                         eye_ring="#3A7BD5", legs="#F2A1B0", webbed=True, neck=8),
        # pinnipeds
        "B59": lambda pic: fur_seal(pic, back="#6A5443", front="#85705E"),
        "B60": lambda pic: seal(pic, back="#B3A184", belly="#EAE1D0", head_r=9, snout=(8.5, 5), rise=20, floe=True),
        "B61": lambda pic: seal(pic, back="#535E6B", belly="#B7C0C9", head_r=10, snout=(4.5, 4), stripes=True, eye=3.8,
                                rise=18, head_turn=-25, neck=1.25, floe=True),
        "B62": posed(lambda pic: fur_seal(pic, back="#3E3A3A", front="#5A5252", chest="#E3A66A", face="#EDB97F"),
                     flip=True),
        "B63": lambda pic: seal(pic, back="#66717D", belly="#CBD3DB", spots=("#2E3640", 26, 3),
                                throat_spots=("#4A525C", 10, 4), head_r=13, snout=(11, 6.5), mouth="grin",
                                length=84, depth=12, rise=20, floe=True),
        "B64": lambda pic: seal(pic, back="#7A6652", belly="#A08B74", head_r=13, snout=(9, 7.5), proboscis=True,
                                mouth="roar", head_turn=-12, rise=36, length=74, depth=21, tail_up=8, whiskers=False,
                                neck=1.3),
        "B65": lambda pic: seal(pic, back="#3F4A57", belly="#A9B4BF", blotches=("#9AA7B4", 14, 5), head_r=8.5,
                                snout=(5.5, 4.5), fat=1.2, rise=18, floe=True),
        # cetaceans
        "B66": lambda pic: W(pic, mottle="#8FA7BC", back="#5B7891", belly="#AFC3D3", dorsal=(0.7, 0.75, 2.5),
                             length=92, depth=10, nose=4, lift=34, flipper=14),
        "B67": lambda pic: W(pic, back="#2A3340", belly="#E8EDF1", flipper=30, flipper_colour="#EEF2F5", knobs=True,
                             dorsal=(0.66, 0.74, 3.5), depth=13),
        "B68": lambda pic: W(pic, back="#46525E", belly="#F2F5F7", length=66, depth=12, nose=6,
                             dorsal=(0.64, 0.72, 7), flipper=10, eye=2.6),
        "B69": posed(lambda pic: W(pic, back="#4B5866", belly="#EEF2F5", jaw="#F4F6F8", length=94, depth=10.5,
                                   dorsal=(0.7, 0.78, 6), lift=34, flipper=14), flip=True),
        "B70": orca(True),
        "B71": orca(False),
        "B72": lambda pic: W(pic, head="square", back="#5B5350", belly="#6E6562", grooves=False,
                             dorsal=(0.66, 0.74, 2.5), wrinkles=True, depth=15, lift=30),
        "B73": lambda pic: W(pic, head="arched", back="#252A31", belly="#3A414B", grooves=False, dorsal=None,
                             callosities=True, depth=16, flipper_w=6, lift=28),
    }


def species_svg(card_id: str) -> str:
    pic = Pic()
    species_art()[card_id](pic)
    pic.fit()
    return pic.svg()



# --- factors -------------------------------------------------------------------------------------

SEA = "#3F8FC9"
SEA_DEEP = "#1F5A8A"
ICE = "#F4FAFD"
ICE_BLUE = "#BFE0F2"
WARM = "#E9822B"
"""The human factors' accent."""


def tile(pic: Pic, natural: bool) -> None:
    """A factors pictogram's round tile: icy blue for natural factors, warm sand with an orange rim for
    human ones."""
    if natural:
        grad = pic.gradient([(0, "#F3FAFE"), (1, "#C4E4F4")], radial=True, cx=0.45, cy=0.4, r=0.65)
        pic.shape(ellipse((50, 50), 46, 46), grad, "#3A86BF", 3.0)
    else:
        grad = pic.gradient([(0, "#FFF6E6"), (1, "#F7D6A4")], radial=True, cx=0.45, cy=0.4, r=0.65)
        pic.shape(ellipse((50, 50), 46, 46), grad, WARM, 3.0)
    pic.shape(ellipse((50, 50), 48.5, 48.5), None, NAVY, 2.0)


def waves(pic: Pic, y: float, colour: str = SEA, crest: str | None = WHITE) -> None:
    """Sea from height ``y`` down to the edge of the round tile (the wave line, then the tile's arc)."""
    half = math.sqrt(max(0.0, 44 ** 2 - (y - 50) ** 2))
    x0, x1 = max(8.0, 50 - half), min(92.0, 50 + half)
    crests = [(x0 + (x1 - x0) * k / 8, y + (2.5 if k % 2 else -2.5)) for k in range(9)]
    arc = [polar((50, 50), 44, 180 * k / 12) for k in range(13)]
    path = smooth(crests, closed=False, k=0.8) + [("L", q) for q in arc if q[1] > y] + [("Z",)]
    pic.shape(path, colour, NAVY, 1.8)
    if crest:
        pic.line(smooth(crests, closed=False, k=0.8), crest, 1.6, opacity=0.8)


def arrow(pic: Pic, pts: Sequence[Point], colour: str, width: float = 4.0, head: float = 7.0) -> None:
    """A bent arrow along ``pts`` with a filled head at the end, outlined in navy."""
    a, b = pts[-2], pts[-1]
    d = norm(sub(b, a))
    n = (-d[1], d[0])
    base = sub(b, mul(d, head))
    tri = [add(b, mul(d, head * 0.35)), add(base, mul(n, head * 0.75)), add(base, mul(n, -head * 0.75))]
    line = [q for q in pts[:-1] if math.hypot(q[0] - b[0], q[1] - b[1]) > head * 1.3] + [base]
    pic.line(line, NAVY, width + 3)
    pic.shape(poly(tri), colour, NAVY, 1.6)
    pic.line(line, colour, width)
    pic.fill(poly(tri), colour)


def snowflake(pic: Pic, c: Point, r: float, colour: str = WHITE, width: float = 2.0) -> None:
    for k in range(3):
        a = 90 + 60 * k
        pic.line([polar(c, r, a), polar(c, r, a + 180)], NAVY, width + 2.4)
    for k in range(3):
        a = 90 + 60 * k
        pic.line([polar(c, r, a), polar(c, r, a + 180)], colour, width)
        for sgn in (1, -1):
            q = polar(c, r * 0.6, a)
            pic.line([q, polar(q, r * 0.3, a + 40 * sgn)], colour, width * 0.7)


def sun(pic: Pic, c: Point, r: float, colour: str = "#FFC93C", rays: int = 8) -> None:
    for k in range(rays):
        a = k * 360 / rays
        pic.line([polar(c, r + 2, a), polar(c, r + 6, a)], NAVY, 4.4)
        pic.line([polar(c, r + 2, a), polar(c, r + 6, a)], colour, 2.2)
    pic.shape(ellipse(c, r, r), colour, NAVY, 2.0)


def cloud(pic: Pic, c: Point, w: float, colour: str = "#E8EEF3") -> None:
    bumps = [(c[0] - w * 0.3, c[1]), (c[0], c[1] - w * 0.16), (c[0] + w * 0.3, c[1] - w * 0.02)]
    parts = [(ellipse(q, w * 0.24, w * 0.2), colour) for q in bumps]
    parts.append((rrect(c[0] - w * 0.5, c[1] - w * 0.02, w, w * 0.22, w * 0.1), colour))
    pic.outlined(parts, 3.2)


def floe(pic: Pic, pts: Sequence[Point], top: str = ICE, side: str = ICE_BLUE, thick: float = 5.0) -> None:
    under = [add(q, (0, thick)) for q in pts]
    pic.outlined([(puffy(under, 0.04), side), (puffy(pts, 0.04), top)], 3.0)


def globe(pic: Pic, c: Point, r: float) -> None:
    """The Earth seen from below the South Pole: sea and the white continent."""
    grad = pic.gradient([(0, "#7CC0EA"), (1, "#2F79B8")], radial=True, cx=0.4, cy=0.35, r=0.7)
    pic.shape(ellipse(c, r, r), grad, NAVY, 2.4)
    ant = [polar(c, r * (0.42 + 0.08 * math.sin(k * 1.7)), k * 30) for k in range(12)]
    pic.shape(smooth(ant), ICE, NAVY, 1.4)
    pic.shape(puffy([polar(c, r * 0.4, 200), polar(c, r * 0.75, 215), polar(c, r * 0.45, 225)], 0.1), ICE, NAVY, 1.2)


def ship(pic: Pic, c: Point, w: float, hull: str, cabin: str = WHITE, funnel: str | None = None,
         portholes: bool = False, crane: bool = False) -> None:
    """A ship seen from the side, its waterline at ``c``'s height."""
    x, y = c
    hull_pts = [(x - w * 0.5, y - w * 0.16), (x + w * 0.52, y - w * 0.16), (x + w * 0.38, y + w * 0.08),
                (x - w * 0.4, y + w * 0.08)]
    cab = rrect(x - w * 0.22, y - w * 0.36, w * 0.4, w * 0.22, 2)
    parts = [(cab, cabin)]
    if funnel:
        parts.append((poly([(x + w * 0.04, y - w * 0.48), (x + w * 0.14, y - w * 0.48), (x + w * 0.16, y - w * 0.3),
                            (x + w * 0.02, y - w * 0.3)]), funnel))
    parts.append((poly(hull_pts), hull))
    pic.outlined(parts, 3.0)
    for k in range(3):
        pic.fill(rrect(x - w * 0.18 + k * w * 0.11, y - w * 0.31, w * 0.07, w * 0.06, 1), "#6FB3E0")
    if portholes:
        for k in range(5):
            pic.circle((x - w * 0.32 + k * w * 0.15, y - w * 0.05), w * 0.025, "#FFE9A8", NAVY, 0.8)
    if crane:
        pic.line([(x - w * 0.3, y - w * 0.16), (x - w * 0.42, y - w * 0.45), (x - w * 0.55, y - w * 0.2)], NAVY,
                 1.8)


def tiny_fish(pic: Pic, c: Point, size: float, colour: str, flip: bool = False) -> None:
    with pic.at(c, flip=flip):
        body = ellipse((0, 0), size, size * 0.5)
        tail = poly([(size * 0.8, 0), (size * 1.5, -size * 0.5), (size * 1.5, size * 0.5)])
        pic.outlined([(tail, colour), (body, colour)], 2.6)
        pic.circle((-size * 0.5, -size * 0.1), size * 0.14, INK)


def tiny_krill(pic: Pic, c: Point, size: float, turn: float = 0.0) -> None:
    with pic.at(c, turn=turn, scale=size / 10):
        body = Body([(-8, 0), (0, 1), (8, 5)], [(0, 2.6), (0.5, 3), (1, 1.2)], nose=1, tail=1)
        pic.outlined([(body.outline(), "#F08A6C")], 2.4)
        pic.circle((-6, -0.5), 1.3, INK)
        pic.line([(-8, -1), (-13, -5)], NAVY, 0.9)


def no_sign(pic: Pic, c: Point = (50, 50), r: float = 34) -> None:
    pic.shape(ellipse(c, r, r), None, "#D8432F", 6.0)
    pic.line([polar(c, r, 225), polar(c, r, 45)], "#D8432F", 6.0, cap="butt")


def letters_co2(pic: Pic, x: float, y: float, h: float, colour: str) -> None:
    """'CO2' drawn with strokes (nanosvg draws no text)."""
    w = 1.6
    pic.line(smooth([polar((x + h * 0.3, y), h * 0.45, a) for a in range(40, 330, 30)], closed=False), colour, w)
    pic.shape(ellipse((x + h * 1.15, y), h * 0.38, h * 0.48), None, colour, w)
    s = h * 0.3
    pic.line([(x + h * 1.7, y + s * 0.2), (x + h * 1.75, y - s * 0.1), (x + h * 1.95, y - s * 0.15),
              (x + h * 1.98, y + s * 0.35), (x + h * 1.7, y + s * 1.3), (x + h * 2.02, y + s * 1.3)], colour, w * 0.8)


def factor_art() -> dict[str, Callable[[Pic], None]]:
    """Each factors card's pictogram (drawn over its tile)."""

    def bloom(pic: Pic) -> None:
        sun(pic, (68, 28), 9)
        waves(pic, 44, "#3E9E7A")
        rng = random.Random(1)
        for _ in range(28):
            q = (rng.uniform(20, 80), rng.uniform(54, 86))
            if math.hypot(q[0] - 50, q[1] - 50) < 40:
                pic.circle(q, rng.uniform(1.5, 3.2), "#B8E986", NAVY, 0.8)
        for q in ((34, 62), (60, 72), (46, 80)):
            pic.shape(ellipse(q, 5, 2.2, 30), "#E0C05A", NAVY, 1.0)

    def ice_growth(pic: Pic) -> None:
        waves(pic, 60, SEA)
        floe(pic, [(30, 52), (46, 46), (66, 48), (72, 56), (54, 62), (32, 60)])
        for a in (180, 0):
            arrow(pic, [polar((51, 53), 18, a), polar((51, 53), 34, a)], "#2E7FB8", 3.0, 6)
        snowflake(pic, (50, 26), 10)

    def ice_retreat(pic: Pic) -> None:
        sun(pic, (70, 26), 8, "#FFB23C")
        waves(pic, 52, SEA)
        floe(pic, [(22, 50), (34, 46), (40, 52), (30, 56)])
        floe(pic, [(46, 50), (58, 47), (62, 54), (50, 56)])
        floe(pic, [(66, 52), (76, 50), (80, 56), (70, 58)])
        for q in ((32, 66), (56, 68), (74, 66)):
            pic.shape(smooth([add(q, (0, -4)), add(q, (2.5, 1)), add(q, (0, 3)), add(q, (-2.5, 1))]), "#BFE0F2",
                      NAVY, 1.2)

    def upwelling(pic: Pic) -> None:
        grad = pic.gradient([(0, "#6CB8E4"), (1, "#163E66")])
        pic.shape(ellipse((50, 50), 44, 44), grad, None)
        pic.line([(10, 30), (30, 27), (50, 31), (70, 27), (90, 30)], WHITE, 2.4)
        for x, h in ((32, 0), (50, 6), (68, 0)):
            arrow(pic, [(x, 82 - h), (x + 4, 62 - h), (x, 42 - h)], "#8FE3C4", 3.4, 7)
        rng = random.Random(4)
        for _ in range(14):
            pic.circle((rng.uniform(22, 78), rng.uniform(60, 88)), 1.4, "#F4E7A0")

    def current(pic: Pic) -> None:
        grad = pic.gradient([(0, "#7CC0EA"), (1, "#2F79B8")])
        pic.shape(ellipse((50, 50), 40, 40), grad, None)
        ant = [polar((50, 50), 15 + 4 * math.sin(k * 1.9), k * 30) for k in range(12)]
        pic.shape(smooth(ant), ICE, NAVY, 1.6)
        for k in range(4):
            a0 = k * 90 + 10
            pts = [polar((50, 50), 29, a0 + j * 14) for j in range(5)]
            arrow(pic, pts, WHITE, 3.0, 7)

    def south_wind(pic: Pic) -> None:
        for y, x0, x1, curl in ((34, 16, 74, 1), (50, 12, 84, -1), (66, 20, 70, 1)):
            pts = [(x0, y), ((x0 + x1) / 2, y - 4), (x1, y), (x1 + 6, y - 6 * curl), (x1, y - 10 * curl),
                   (x1 - 5, y - 6 * curl)]
            pic.line(pts, NAVY, 6.2)
            pic.line(pts, WHITE, 3.2)
        c = (26, 76)
        pic.shape(ellipse(c, 9, 9), WHITE, NAVY, 1.6)
        pic.shape(poly([(26, 86), (23, 76), (29, 76)]), "#2E7FB8", NAVY, 1.0)
        pic.shape(poly([(26, 66), (23, 76), (29, 76)]), "#C9D6E2", NAVY, 1.0)
        for q in ((60, 78), (74, 70), (44, 22)):
            snowflake(pic, q, 4.5, WHITE, 1.4)

    def blizzard(pic: Pic) -> None:
        cloud(pic, (50, 34), 52, "#D7E1EA")
        for k, q in enumerate(((30, 60), (48, 66), (66, 60), (38, 80), (58, 82), (74, 74), (24, 74))):
            snowflake(pic, q, 5.5 if k % 2 else 4.5, WHITE, 1.6)
        for y in (56, 70, 84):
            pic.line([(16, y - 6), (34, y + 2)], "#7FA8C8", 1.8)

    def scouring(pic: Pic) -> None:
        waves(pic, 36, "#5FA8D8")
        berg = [(34, 36), (40, 18), (52, 14), (62, 22), (66, 36)]
        keel = [(30, 36), (70, 36), (64, 58), (54, 72), (42, 70), (34, 56)]
        pic.outlined([(puffy(keel, 0.05), "#CFE8F6"), (puffy(berg, 0.05), ICE)], 3.0)
        sand = [(12, 74), (30, 70), (50, 74), (70, 70), (88, 74), (84, 86), (50, 94), (16, 86)]
        pic.outlined([(puffy(sand, 0.05), "#D9C08A")], 3.0)
        for q in ((36, 72), (62, 74), (30, 78)):
            pic.circle(q, 3.0, "#BFA878", NAVY, 1.0)
        for k in range(3):
            pic.line([(58 + k * 5, 66), (64 + k * 5, 62)], NAVY, 1.6)

    def glacier(pic: Pic) -> None:
        waves(pic, 54, SEA)
        rock = [(10, 80), (30, 70), (50, 76), (66, 70), (90, 78), (80, 90), (20, 90)]
        pic.outlined([(puffy(rock, 0.05), "#8C96A0")], 3.0)
        ice = [(52, 20), (88, 26), (90, 58), (66, 58), (62, 46), (56, 50)]
        pic.outlined([(puffy(ice, 0.04), ICE)], 3.0)
        pic.line([(66, 30), (70, 50)], ICE_BLUE, 2.0)
        pic.line([(78, 30), (80, 52)], ICE_BLUE, 2.0)
        arrow(pic, [(50, 38), (70, 38)], "#2E7FB8", 3.0, 6)
        for x in (36, 44):
            pic.line([(x, 74), (x - 2, 64), (x + 1, 58)], "#3E8E4A", 2.4)
        pic.shape(ellipse((35, 62), 3.5, 2, -30), "#5FB85A", NAVY, 1.0)

    def ozone(pic: Pic) -> None:
        globe(pic, (50, 58), 28)
        pic.shape(ellipse((50, 58), 16, 16), "#8E5BB5", NAVY, 1.6, fill_opacity=0.45)
        for x in (30, 50, 70):
            arrow(pic, [(x, 10 + abs(x - 50) * 0.3), (x + (50 - x) * 0.2, 28 + abs(x - 50) * 0.2)], "#B07CE0",
                  2.6, 6)

    def heat(pic: Pic) -> None:
        waves(pic, 62, "#E07A5F")
        pic.shape(rrect(44, 16, 12, 46, 6), WHITE, NAVY, 2.2)
        pic.shape(ellipse((50, 66), 10, 10), "#E0413A", NAVY, 2.2)
        pic.fill(rrect(47.5, 26, 5, 38, 2.5), "#E0413A")
        for y in (26, 34, 42, 50):
            pic.line([(56, y), (60, y)], NAVY, 1.4)
        sun(pic, (26, 30), 7, "#FFB23C")

    def volcano(pic: Pic) -> None:
        waves(pic, 70, SEA)
        cone = [(16, 72), (38, 36), (48, 40), (56, 36), (84, 72)]
        pic.outlined([(puffy(cone, [0.05, 0.1, 0.1, 0.05, 0.02]), "#7A5A48")], 3.0)
        pic.fill(puffy([(38, 36), (48, 40), (56, 36), (52, 48), (43, 48)], 0.1), "#F05A28")
        for q, r in (((46, 26), 7), ((56, 18), 8), ((40, 14), 6)):
            pic.shape(ellipse(q, r, r * 0.8), "#9AA3AD", NAVY, 1.6)
        for x in (30, 62):
            pic.shape(ellipse((x, 56), 3, 4), "#F05A28", NAVY, 1.2)

    def flu(pic: Pic) -> None:
        with pic.at((40, 52), scale=0.55, about=(50, 50)):
            penguin(pic, eye_ring=WHITE, bill_base="#A8432F", bill_len=7)
        c = (72, 36)
        for k in range(10):
            a = k * 36
            pic.line([polar(c, 8, a), polar(c, 13, a)], NAVY, 3.6)
            pic.line([polar(c, 8, a), polar(c, 13, a)], "#5FB85A", 1.8)
            pic.circle(polar(c, 13, a), 2.0, "#9BD67E", NAVY, 1.0)
        pic.shape(ellipse(c, 9, 9), "#7CC86A", NAVY, 2.0)
        pic.circle((69, 34), 1.8, "#3E8E4A")
        pic.circle((75, 39), 1.4, "#3E8E4A")

    def whale_fall(pic: Pic) -> None:
        grad = pic.gradient([(0, "#2F6FA8"), (1, "#10314F")])
        pic.shape(ellipse((50, 50), 44, 44), grad, None)
        sand = [(8, 70), (30, 66), (50, 70), (70, 66), (92, 70), (84, 86), (50, 94), (16, 86)]
        pic.outlined([(puffy(sand, 0.05), "#C9B489")], 3.0)
        pic.line([(20, 62), (80, 62)], NAVY, 6.0)
        pic.line([(20, 62), (80, 62)], "#F1EAD8", 3.2)
        for k in range(6):
            x = 32 + k * 7
            pts = [(x, 62), (x - 2, 50), (x + 2, 42)]
            pic.line(pts, NAVY, 5.0)
            pic.line(pts, "#F1EAD8", 2.6)
        pic.outlined([(ellipse((18, 60), 8, 5), "#F1EAD8")], 3.0)
        for q in ((30, 70), (60, 72), (76, 68)):
            pic.shape(smooth(star(q, 4, 1.8, 5), k=0.7), "#E8613A", NAVY, 1.0)

    def swarm(pic: Pic) -> None:
        waves(pic, 22, "#4D9CD3")
        rng = random.Random(6)
        for _ in range(14):
            q = (rng.uniform(24, 76), rng.uniform(36, 80))
            if math.hypot(q[0] - 50, q[1] - 55) < 30:
                tiny_krill(pic, q, 8, rng.uniform(-30, 30))

    def nino(pic: Pic) -> None:
        sun(pic, (50, 34), 13, "#FFB23C", 10)
        waves(pic, 58, "#F08A5D")
        pic.line([(20, 72), (36, 69), (52, 72), (68, 69), (82, 72)], "#FFD3A0", 2.2)

    def treaty(pic: Pic) -> None:
        pic.outlined([(rrect(24, 22, 52, 56, 3), "#FBF1D6"), (ellipse((24, 50), 5, 30), "#EFD9A8"),
                      (ellipse((76, 50), 5, 30), "#EFD9A8")], 3.0)
        for k in range(5):
            pic.line([(32, 32 + k * 8), (68 - (k % 2) * 8, 32 + k * 8)], "#B89C6A", 2.0)
        pic.shape(poly([(58, 66), (54, 84), (60, 80), (64, 86), (66, 68)]), WARM, NAVY, 1.4)
        pic.shape(ellipse((62, 66), 7, 7), "#D8432F", NAVY, 1.8)
        pic.shape(smooth(star((62, 66), 4, 2, 5), k=0.5), "#F7B0A0", None)

    def madrid(pic: Pic) -> None:
        globe(pic, (50, 42), 20)
        for side in (1, -1):
            with pic.at((50, 0), flip=side < 0, about=(50, 0)):
                palm = [(50, 80), (30, 78), (20, 66), (18, 52), (22, 44), (26, 50), (28, 60), (36, 66), (50, 68)]
                pic.outlined([(smooth(palm, k=0.8), "#F2C29B")], 3.0)
                for k in range(3):
                    pic.line([(22 + k * 2.5, 58 + k * 3), (30 + k * 2, 62 + k * 3)], "#C98E66", 1.2)
                pic.outlined([(puffy([(34, 78), (50, 80), (50, 90), (30, 88)], 0.1), WARM)], 3.0)
    def mpa(pic: Pic) -> None:
        waves(pic, 60, SEA)
        shield = [(50, 16), (74, 24), (72, 52), (50, 74), (28, 52), (26, 24)]
        pic.outlined([(puffy(shield, [0.05, 0.1, 0.12, 0.12, 0.1, 0.05]), "#F8D7A8")], 3.2)
        pic.shape(puffy([(50, 22), (68, 28), (66, 50), (50, 66), (34, 50), (32, 28)], 0.08), None, WARM, 2.4)
        tiny_fish(pic, (48, 44), 9, "#3F8FC9")

    def krill_fishery(pic: Pic) -> None:
        waves(pic, 48, SEA)
        ship(pic, (40, 46), 40, "#D8432F", funnel=WARM, crane=True)
        pic.line([(62, 44), (74, 56), (70, 70)], NAVY, 1.6)
        net = smooth([(60, 62), (80, 58), (84, 74), (66, 82)])
        pic.shape(net, "#F4B7A8", NAVY, 1.8, fill_opacity=0.9)
        for k in range(3):
            pic.line([(62 + k * 7, 60), (68 + k * 6, 80)], NAVY, 0.9)
        for q in ((70, 66), (76, 72), (68, 74)):
            tiny_krill(pic, q, 5)

    def illegal(pic: Pic) -> None:
        waves(pic, 40, SEA_DEEP)
        ship(pic, (44, 38), 34, "#3A3F47", cabin="#C9D0D6", funnel="#555C66")
        pic.line([(62, 36), (80, 40), (86, 48)], NAVY, 1.6)
        pic.line([(20, 50), (82, 54)], NAVY, 1.6)
        for k in range(5):
            x = 26 + k * 12
            pic.line([(x, 50.5 + k * 0.7), (x, 60 + k * 0.7)], NAVY, 1.2)
            pic.line([(x, 60 + k * 0.7), (x + 2.5, 63 + k * 0.7), (x + 3.5, 60.5 + k * 0.7)], NAVY, 1.4)
        pic.shape(poly([(50, 66), (64, 90), (36, 90)]), "#FFC93C", NAVY, 2.4)
        pic.line([(50, 72), (50, 82)], NAVY, 3.0)
        pic.circle((50, 86), 1.6, NAVY)

    def harpoon(pic: Pic, c: Point = (50, 50), turn: float = -40) -> None:
        with pic.at(c, turn=turn):
            pic.line([(-28, 0), (20, 0)], NAVY, 6.0)
            pic.line([(-28, 0), (20, 0)], "#8A5A32", 3.2)
            pic.shape(poly([(32, 0), (18, -7), (21, 0), (18, 7)]), "#B8C2CC", NAVY, 1.8)
            pic.line([(-28, 0), (-34, -6), (-40, 2), (-44, -4)], NAVY, 1.6)

    def whaling(pic: Pic) -> None:
        waves(pic, 62, SEA_DEEP)
        tail = [(40, 62), (44, 46), (30, 36), (44, 38), (50, 42), (56, 38), (70, 36), (56, 46), (60, 62)]
        pic.outlined([(puffy(tail, 0.06), "#4D6478")], 3.0)
        harpoon(pic, (54, 30), -25)

    def moratorium(pic: Pic) -> None:
        pic.shape(ellipse((50, 50), 34, 34), WHITE, None)
        harpoon(pic, (50, 50), -40)
        no_sign(pic)

    def expedition(pic: Pic) -> None:
        waves(pic, 58, SEA)
        ship(pic, (50, 56), 56, "#D8432F", funnel=WARM)
        pic.line([(44, 34), (44, 20)], NAVY, 1.8)
        pic.shape(poly([(44, 20), (56, 23), (44, 27)]), WARM, NAVY, 1.2)
        floe(pic, [(12, 66), (24, 64), (26, 70), (14, 72)], thick=3)

    def tourism(pic: Pic) -> None:
        waves(pic, 60, SEA)
        ship(pic, (58, 58), 54, WHITE, cabin="#F3F5F7", funnel=WARM, portholes=True)
        floe(pic, [(10, 66), (26, 64), (30, 70), (14, 72)], thick=3)
        with pic.at((20, 54), scale=0.22, about=(50, 50)):
            penguin(pic, eye_ring=WHITE, bill_base="#A8432F", bill_len=7, outline=8)

    def plastics(pic: Pic) -> None:
        waves(pic, 30, SEA)
        rng = random.Random(3)
        colours = ("#F05A28", "#FFC93C", "#E84A9A", "#41B883", WHITE)
        for k in range(16):
            q = (rng.uniform(20, 80), rng.uniform(40, 84))
            if math.hypot(q[0] - 50, q[1] - 55) < 32:
                pts = [polar(q, rng.uniform(1.5, 3.5), a + rng.uniform(-20, 20)) for a in (0, 120, 240)]
                pic.shape(poly(pts), colours[k % 5], NAVY, 0.9)
        pic.shape(ellipse((58, 56), 13, 13), "#DDF0FA", NAVY, 3.0, fill_opacity=0.5)
        pic.line([(67, 65), (78, 76)], NAVY, 6.0)
        pic.line([(67, 65), (78, 76)], WARM, 3.2)

    def oil(pic: Pic) -> None:
        waves(pic, 50, SEA)
        with pic.at((44, 48), turn=-18):
            ship(pic, (0, 0), 40, "#6E7780", funnel=WARM)
        pic.shape(smooth([(24, 64), (40, 58), (62, 62), (80, 58), (78, 72), (56, 78), (30, 76)]), "#1E1E24", NAVY, 1.6)
        pic.fill(ellipse((44, 64), 8, 2, -5), "#6B5EA8", opacity=0.6)
        for q in ((30, 84), (66, 84)):
            pic.shape(smooth([add(q, (0, -5)), add(q, (3, 1)), add(q, (0, 4)), add(q, (-3, 1))]), "#1E1E24",
                      NAVY, 1.0)

    def invasive(pic: Pic) -> None:
        boot = [(24, 30), (46, 30), (48, 58), (70, 62), (74, 74), (24, 74)]
        pic.outlined([(puffy(boot, 0.05), "#8A5A32")], 3.0)
        pic.line([(24, 70), (74, 70)], "#4A3020", 3.0)
        pic.fill(rrect(24, 30, 22, 6, 2), WARM)
        for q in ((34, 80), (46, 84), (58, 80)):
            pic.shape(ellipse(q, 2.2, 3.2, 20), "#C9A24A", NAVY, 1.0)
        pic.line([(74, 86), (74, 74), (72, 64)], "#3E8E4A", 2.4)
        pic.shape(ellipse((68, 64), 5, 2.4, -30), "#5FB85A", NAVY, 1.2)
        pic.shape(ellipse((79, 68), 5, 2.4, 30), "#5FB85A", NAVY, 1.2)

    def emissions(pic: Pic) -> None:
        pic.outlined([(rrect(20, 52, 44, 30, 2), "#9AA3AD"), (rrect(50, 26, 10, 30, 1), "#7D8791")], 3.0)
        for k in range(3):
            pic.fill(poly([(20 + k * 14, 52), (27 + k * 14, 44), (34 + k * 14, 52)]), "#9AA3AD")
        for k in range(3):
            pic.fill(rrect(25 + k * 12, 62, 7, 7, 1), "#FFD36A")
        pic.fill(rrect(50, 30, 10, 4, 0), WARM)
        cloud(pic, (64, 20), 34, "#C9CED4")
        letters_co2(pic, 55, 21, 6.5, NAVY)
        sun(pic, (80, 70), 6, "#FF8A3C")

    def aquaria(pic: Pic) -> None:
        pic.outlined([(rrect(20, 26, 60, 48, 4), "#CDEBF7")], 3.2)
        pic.fill(rrect(22, 38, 56, 34, 3), "#6CB8E4")
        pic.line([(22, 38), (78, 38)], WHITE, 2.0)
        for x in (32, 38):
            pic.line([(x, 72), (x - 2, 60), (x + 1, 50)], "#3E8E4A", 2.6)
        tiny_fish(pic, (60, 54), 8, "#F08A24")
        pic.fill(rrect(24, 28, 6, 8, 2), WHITE, opacity=0.6)
        pic.outlined([(rrect(16, 74, 68, 8, 2), WARM)], 3.0)
        for q, r in (((52, 46), 1.6), ((56, 42), 1.2)):
            pic.circle(q, r, None, WHITE, 1.0)

    return {
        "F01": bloom, "F02": ice_growth, "F03": ice_retreat, "F04": upwelling, "F05": current, "F06": south_wind,
        "F07": blizzard, "F08": scouring, "F09": glacier, "F10": ozone, "F11": heat, "F12": volcano, "F13": flu,
        "F14": whale_fall, "F15": swarm, "F16": nino, "F17": treaty, "F18": madrid, "F19": mpa, "F20": krill_fishery,
        "F21": illegal, "F22": whaling, "F23": moratorium, "F24": expedition, "F25": tourism, "F26": plastics,
        "F27": oil, "F28": invasive, "F29": emissions, "F30": aquaria,
    }


def factor_svg(card_id: str, natural: bool) -> str:
    """A factors card's pictogram on its tile (``natural``: the card's type in cards.json)."""
    pic = Pic()
    tile(pic, natural)
    factor_art()[card_id](pic)
    return pic.svg()


# --- ability icons, colour badges, card backs and the board --------------------------------------

PURPLE = "#7B3FA0"
"""Passive abilities are written in purple in the rulebook; active ones in blue."""
BLUE = "#2F6FD0"
ICONS = ("CHANGE", "WEB", "DEFENSE", "ARRIVAL", "EXTRA", "TURN", "DRAIN", "DEATH")
COLOURS = {"green": "#43A047", "blue": "#1E88E5", "yellow": "#F4C430", "orange": "#F57C00", "red": "#E53935"}
"""The five category colours (cards.json ``categories``)."""


def badge(pic: Pic, ring: str) -> None:
    pic.shape(ellipse((50, 50), 45, 45), WHITE, ring, 5.0)
    pic.shape(ellipse((50, 50), 48, 48), None, NAVY, 2.0)


def arc_points(c: Point, r: float, a0: float, a1: float, n: int = 12) -> list[Point]:
    return [polar(c, r, a0 + (a1 - a0) * k / n) for k in range(n + 1)]


def icon_art() -> dict[str, Callable[[Pic], None]]:
    """The passive icons, purple on a white badge, each a different shape."""
    col = PURPLE

    def change(pic: Pic) -> None:
        arrow(pic, arc_points((50, 50), 24, 200, 330), col, 5.0, 10)
        arrow(pic, arc_points((50, 50), 24, 20, 150), col, 5.0, 10)

    def web(pic: Pic) -> None:
        nodes = [(50, 24), (74, 40), (66, 70), (34, 70), (26, 40), (50, 50)]
        for a, b in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (5, 0), (5, 2), (5, 3), (5, 1), (5, 4)):
            pic.line([nodes[a], nodes[b]], col, 2.6)
        for q in nodes:
            pic.circle(q, 6.0 if q != (50, 50) else 7.5, col, NAVY, 1.6)

    def defense(pic: Pic) -> None:
        shield = [(50, 18), (76, 27), (74, 54), (50, 80), (26, 54), (24, 27)]
        pic.shape(puffy(shield, [0.05, 0.1, 0.14, 0.14, 0.1, 0.05]), col, NAVY, 2.2)
        pic.shape(puffy([(50, 25), (69, 32), (67, 53), (50, 71), (33, 53), (31, 32)], 0.08), None, WHITE, 2.4)

    def arrival(pic: Pic) -> None:
        pic.fill(rrect(48, 22, 30, 56, 0), "#E9DDF2")
        pic.line([(48, 78), (48, 22), (78, 22), (78, 78)], NAVY, 9.0, cap="butt")
        pic.line([(48, 78), (48, 22), (78, 22), (78, 78)], col, 5.5, cap="butt")
        pic.line([(42, 78), (84, 78)], NAVY, 3.0)
        arrow(pic, [(16, 50), (68, 50)], col, 6.0, 13)

    def extra(pic: Pic) -> None:
        with pic.at((50, 50), turn=-10, about=(50, 50)):
            pic.shape(rrect(30, 20, 40, 58, 6), "#F1E8F7", NAVY, 2.2)
            pic.shape(rrect(32.5, 22.5, 35, 53, 4.5), None, col, 2.2)
            pic.line([(50, 36), (50, 62)], col, 7.0)
            pic.line([(37, 49), (63, 49)], col, 7.0)

    def turn(pic: Pic) -> None:
        arrow(pic, arc_points((50, 50), 24, 120, 420, 20), col, 6.0, 12)

    def drain(pic: Pic) -> None:
        drop = [(50, 16), (66, 44), (68, 60), (60, 76), (50, 80), (40, 76), (32, 60), (34, 44)]
        pic.shape(smooth(drop, k=0.8), col, NAVY, 2.2)
        pic.line([(40, 60), (60, 60)], WHITE, 6.0)

    def death(pic: Pic) -> None:
        with pic.at((50, 52), turn=60, about=(50, 50)):
            leaf = [(50, 18), (64, 34), (66, 54), (50, 76), (34, 54), (36, 34)]
            pic.shape(smooth(leaf, k=0.9), col, NAVY, 2.2, opacity=1.0)
            pic.line([(50, 24), (50, 84)], WHITE, 2.4)
            for k in range(3):
                pic.line([(50, 36 + k * 11), (58, 30 + k * 11)], WHITE, 1.6)
                pic.line([(50, 36 + k * 11), (42, 30 + k * 11)], WHITE, 1.6)
        pic.line([(20, 82), (80, 82)], col, 2.2, dash="3 4")

    return {"CHANGE": change, "WEB": web, "DEFENSE": defense, "ARRIVAL": arrival, "EXTRA": extra, "TURN": turn,
            "DRAIN": drain, "DEATH": death}


def icon_svg(name: str) -> str:
    pic = Pic()
    if name == "active":
        badge(pic, BLUE)
        bolt = [(56, 14), (30, 54), (48, 54), (42, 86), (70, 42), (52, 42)]
        pic.shape(poly(bolt), BLUE, NAVY, 2.2)
        pic.fill(poly([(52, 22), (36, 50), (44, 50)]), "#8FB6F0")
    else:
        badge(pic, PURPLE)
        icon_art()[name](pic)
    return pic.svg()


def colour_art() -> dict[str, Callable[[Pic], None]]:
    """The kids' mode colour badges: the category colour and a white picture of a different shape."""

    def leaf(pic: Pic) -> None:
        with pic.at((50, 50), turn=35, about=(50, 50)):
            pic.outlined([(smooth([(50, 16), (68, 36), (68, 60), (50, 80), (32, 60), (32, 36)], k=0.9), WHITE)], 4.0)
            pic.line([(50, 24), (50, 88)], NAVY, 2.4)
            for k in range(3):
                pic.line([(50, 38 + k * 12), (61, 30 + k * 12)], NAVY, 1.6)
                pic.line([(50, 38 + k * 12), (39, 30 + k * 12)], NAVY, 1.6)

    def shrimp(pic: Pic) -> None:
        body = Body([(28, 40), (46, 44), (62, 54), (70, 70)], [(0, 8), (0.4, 9), (1, 4)], nose=4, tail=0)
        end = body.point(1)
        fan = puffy([end, add(end, (-8, 10)), add(end, (6, 12))], 0.2)
        for k in range(5):
            root = body.map(0.15 + k * 0.1, -0.8)
            pic.line([root, add(root, (-3, 10))], NAVY, 4.0)
            pic.line([root, add(root, (-3, 10))], WHITE, 1.8)
        pic.line([(26, 36), (18, 20), (26, 12)], NAVY, 4.0)
        pic.line([(26, 36), (18, 20), (26, 12)], WHITE, 1.8)
        pic.outlined([(fan, WHITE), (body.outline(), WHITE)], 4.0)
        for u in (0.45, 0.6, 0.75, 0.88):
            pic.line([body.map(u, 0.9), body.map(u, -0.9)], NAVY, 1.4)
        pic.circle(body.map(0.05, 0.2), 2.6, NAVY)

    def fish_(pic: Pic) -> None:
        body = ellipse((44, 50), 24, 15)
        tail = puffy([(62, 50), (84, 34), (80, 50), (84, 66)], [0.05, 0.1, 0.1, 0.05])
        fin = puffy([(36, 37), (48, 26), (56, 38)], 0.1)
        pic.outlined([(tail, WHITE), (fin, WHITE), (body, WHITE)], 4.0)
        pic.circle((31, 46), 3.0, NAVY)
        pic.line([(38, 40), (40, 50), (38, 60)], NAVY, 1.8)

    def bird(pic: Pic) -> None:
        far = puffy([(50, 52), (62, 30), (78, 16), (70, 36), (60, 54)], [0.1, 0.1, 0.0, -0.1, 0.0])
        near = puffy([(42, 54), (36, 32), (26, 16), (46, 30), (56, 54)], [0.1, 0.1, 0.0, -0.1, 0.0])
        body = ellipse((52, 58), 20, 9, -5)
        tail = poly([(68, 56), (84, 50), (84, 64), (68, 62)])
        head = ellipse((32, 54), 8.5, 8)
        pic.outlined([(far, "#E8EEF3"), (tail, WHITE), (body, WHITE), (head, WHITE), (near, WHITE)], 4.0)
        pic.shape(poly([(25, 52), (14, 56), (25, 58)]), "#FFC93C", NAVY, 1.6)
        pic.circle((30, 52), 1.9, NAVY)

    def tail(pic: Pic) -> None:
        shape = [(44, 84), (46, 58), (22, 34), (18, 22), (34, 28), (50, 40), (66, 28), (82, 22), (78, 34), (54, 58),
                 (56, 84)]
        pic.outlined([(puffy(shape, [0.05, 0.1, 0.1, -0.05, -0.1, -0.1, -0.05, 0.1, 0.1, 0.05, 0.0]), WHITE)], 4.0)

    return {"green": leaf, "blue": shrimp, "yellow": fish_, "orange": bird, "red": tail}


def colour_svg(name: str) -> str:
    pic = Pic()
    colour = COLOURS[name]
    grad = pic.gradient([(0, _shade(colour, 1.25)), (1, _shade(colour, 0.9))], radial=True, cx=0.4, cy=0.35, r=0.7)
    pic.shape(ellipse((50, 50), 46, 46), grad, WHITE, 3.0)
    pic.shape(ellipse((50, 50), 48, 48), None, NAVY, 2.0)
    colour_art()[name](pic)
    return pic.svg()


def card_back(bio: bool) -> str:
    """The two decks' backs, 100 x 140: deep blue with waves and krill (biodiversity), sand and orange
    with a compass (factors)."""
    pic = Pic(100, 140)
    frame = rrect(2, 2, 96, 136, 9)
    if bio:
        grad = pic.gradient([(0, "#1F4E86"), (1, "#0B1D3A")])
        pic.shape(frame, grad, NAVY, 3.0)
        pic.shape(rrect(8, 8, 84, 124, 6), None, "#8FD3F0", 1.4, opacity=0.8)
        for k, y in enumerate((98, 108, 118)):
            pts = [(10 + j * 10, y + (3 if (j + k) % 2 else -3)) for j in range(9)]
            pic.line(pts, "#5FA8D8", 2.2, opacity=0.8 - k * 0.15)
            pic.line([(q[0], q[1] - 30 - 62) for q in pts], "#5FA8D8", 1.6, opacity=0.45)
        pic.shape(ellipse((50, 62), 28, 28), "#163A66", "#8FD3F0", 2.0)
        for k in range(8):
            a = k * 45
            with pic.at(polar((50, 62), 20, a), turn=a + 90):
                tiny_krill(pic, (0, 0), 6)
        with pic.at((50, 62), scale=0.36, about=(50, 50)):
            krill(pic)
        for q in ((18, 20), (82, 20), (18, 122), (82, 122)):
            pic.circle(q, 2.2, "#8FD3F0")
    else:
        grad = pic.gradient([(0, "#F9DDA8"), (1, "#E9A25A")])
        pic.shape(frame, grad, NAVY, 3.0)
        pic.shape(rrect(8, 8, 84, 124, 6), None, "#B8621E", 1.4)
        for k in range(5):
            y = 22 + k * 24
            pic.line([(14, y), (30, y - 3), (44, y)], "#FFF3DC", 1.6, opacity=0.6)
            pic.line([(58, y + 8), (72, y + 5), (86, y + 8)], "#FFF3DC", 1.6, opacity=0.6)
        c = (50, 70)
        pic.shape(ellipse(c, 30, 30), "#FFF3DC", NAVY, 2.4)
        pic.shape(ellipse(c, 25, 25), None, "#B8621E", 1.2)
        for k in range(16):
            pic.line([polar(c, 26, k * 22.5), polar(c, 29 if k % 2 else 27.5, k * 22.5)], "#B8621E", 1.2)
        long = star(c, 26, 5, 4, -90)
        short = star(c, 16, 4, 4, -45)
        pic.shape(poly(short), "#F3B56A", NAVY, 1.4)
        pic.shape(poly(long), "#E9822B", NAVY, 1.6)
        for k in range(4):
            a = -90 + 90 * k
            pic.fill(poly([c, polar(c, 26, a), polar(c, 5, a + 45)]), "#B8621E")
        pic.circle(c, 3.0, "#FFF3DC", NAVY, 1.2)
        for q in ((18, 20), (82, 20), (18, 122), (82, 122)):
            pic.circle(q, 2.2, "#B8621E")
    return pic.svg()


def board_space() -> str:
    """One space of the score board: an ice tile; the table writes its number on it."""
    pic = Pic()
    grad = pic.gradient([(0, "#FFFFFF"), (1, "#CFE6F4")])
    pic.shape(rrect(4, 4, 92, 92, 12), grad, NAVY, 3.0)
    pic.shape(rrect(10, 10, 80, 80, 8), None, "#9CCBE8", 1.6)
    pic.line([(14, 74), (26, 66), (24, 58)], "#B9DAEE", 1.4)
    pic.line([(86, 26), (76, 32), (78, 40)], "#B9DAEE", 1.4)
    return pic.svg()


def military_base() -> str:
    """The start space (the Military Base): a small hut with a flag on a snowy tile."""
    pic = Pic()
    grad = pic.gradient([(0, "#E8F3FA"), (1, "#A9CFE8")])
    pic.shape(rrect(4, 4, 92, 92, 12), grad, NAVY, 3.0)
    pic.shape(rrect(10, 10, 80, 80, 8), None, "#6FA8D0", 1.6)
    snow = puffy([(10, 80), (30, 72), (60, 74), (90, 70), (90, 90), (10, 90)], 0.05)
    pic.fill(snow, WHITE)
    pic.outlined([(poly([(18, 50), (40, 32), (62, 50)]), "#5A6A7C"), (rrect(22, 48, 36, 30, 1), "#D8432F")], 3.0)
    pic.fill(rrect(34, 60, 11, 18, 1), "#7A2A22")
    pic.fill(rrect(25, 54, 7, 7, 1), "#FFE9A8")
    pic.fill(rrect(48, 54, 7, 7, 1), "#FFE9A8")
    pic.line([(18, 50), (40, 32), (62, 50)], WHITE, 2.2)
    pic.line([(74, 80), (74, 20)], NAVY, 4.6)
    pic.line([(74, 80), (74, 20)], "#C9D0D6", 2.2)
    pic.shape(puffy([(75, 20), (90, 24), (88, 30), (75, 34)], [0.05, 0.1, 0.05, 0.0]), WARM, NAVY, 1.8)
    pic.circle((74, 19), 2.2, "#FFC93C", NAVY, 1.0)
    return pic.svg()



# --- writing -------------------------------------------------------------------------------------


def card_ids() -> tuple[list[str], dict[str, bool]]:
    """The biodiversity card ids of assets/data/ilan/cards.json, and its factors card ids, each with
    whether it is a natural factor (the others are human)."""
    cards = json.loads(CARDS.read_text(encoding="utf-8"))["cards"]
    return ([c["id"] for c in cards if c["deck"] == "bio"],
            {c["id"]: c.get("type") == "natural" for c in cards if c["deck"] == "factors"})


def pictures() -> dict[Path, str]:
    """Every file this script makes, by path."""
    bio, factors = card_ids()
    made: dict[Path, str] = {}
    for cid in bio:
        made[OUT / "species" / f"{cid}.svg"] = species_svg(cid)
    for cid, natural in factors.items():
        made[OUT / "factors" / f"{cid}.svg"] = factor_svg(cid, natural)
    for name in (*ICONS, "active"):
        made[OUT / "icons" / f"{name}.svg"] = icon_svg(name)
    for name in COLOURS:
        made[OUT / "colours" / f"{name}.svg"] = colour_svg(name)
    made[OUT / "card_back_bio.svg"] = card_back(True)
    made[OUT / "card_back_factors.svg"] = card_back(False)
    made[OUT / "board_space.svg"] = board_space()
    made[OUT / "military_base.svg"] = military_base()
    return made


def stale(made: dict[Path, str]) -> list[str]:
    """The files that are missing or differ from what this script makes."""
    return [str(p.relative_to(OUT)) for p, text in made.items()
            if not p.is_file() or p.read_text(encoding="utf-8") != text]


def main(argv: list[str]) -> int:
    made = pictures()
    if "--check" in argv:
        differ = stale(made)
        if differ:
            print(f"differ from what build/ilan_art.py makes: {', '.join(differ)}")
            return 1
        return 0
    for path, text in made.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    total = sum(len(t) for t in made.values())
    print(f"wrote {len(made)} files under {OUT.relative_to(ROOT)} ({total // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
