"""Ice Flow's floes on screen: kinematic pymunk bodies that show, never decide, where the rules put
them (iceflow.md §7.2 and §13.7).

The rules move a floe first, then tell a ``DriftWorld`` what to show: ``drift`` along the hexes its
lane took it through (Ai; past the lane's end it glides out toward the off-board hex and fades),
``rotate`` by one sixth (Aii), ``arrive`` for a new floe slid in across its entry edge (Aiii). Each
floe's body is driven kinematically, by setting its velocity every sub-step toward where the eased
motion should be next (never a force, so nothing can deflect it), and it ends exactly on its rules
pose: the centre of its hex, turned ``rotation`` sixths. Floe shapes are inset from the hex outline
and share one shape-filter group, so floes never collide; a floe the rules did not move keeps its
body at its hex centre.

Poses are pixels (from the caller's ``centre``, the table's ``HexLayout.centre``, so this module
needs no pygame) and **degrees clockwise on screen**: pymunk's positive angle turns +x toward +y,
and screen y points down. Rotation ``k`` is ``60 * k`` degrees; pygame's ``transform.rotate`` turns
anticlockwise, so a sprite is drawn with ``rotate(image, -angle)``.

Cosmetic life, on the drawn pose only (``poses``; ``anchor`` is the body's): a floe's motion sends a
swell that makes resting floes within ``SWELL_REACH`` hexes bob, nearest first, and each hex edge it
crosses (or its turn) nudges the floes beside it. Each bob or nudge is a kick that starts and ends
at rest and lasts ``SETTLE`` s; their sum is held within ``MAX_SHIFT`` of the radius and
``MAX_TILT`` degrees. There is no endless idle bobbing: when nothing moves the table is still, so
the app can sleep on events. Kicks draw from the world's own seeded ``random.Random``, and time
advances in fixed ``STEP`` sub-steps, so the same calls with the same seed draw the same frames.

Motions given to a floe that is still moving queue behind its current one. ``finish`` ends every
motion at once (a skip); ``sync`` snaps the whole world to the rules' floes (an undo, a load, a
replay jump); ``check`` lists the floes whose pose disagrees with the rules (the caller logs them
and calls ``sync``: the rules pose wins). A floe that drifted off the board is dropped from the
world when its glide ends (or at ``finish``): ``poses`` stops listing it and ``floe_id in world``
is False.
"""

from __future__ import annotations

import math
import random
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

import pymunk

from game.core.hexgrid import Hex, direction, distance, neighbour, neighbours

Point = tuple[float, float]
Pose = tuple[float, float, float, float]
"""``(x, y, angle_degrees, alpha)``: a floe as drawn (alpha 1 opaque, 0 gone)."""
FloeId = Hashable

STEP = 1.0 / 120.0
"""s: one fixed sub-step (two per frame at 60 fps)."""
HEX_SECONDS = 0.3
"""s a drift takes per hex (per leg, the glide off the board included) unless told otherwise."""
TURN_SECONDS = 0.35
ARRIVE_SECONDS = 0.55
INSET = 0.92
"""A floe's shape: the hexagon shrunk about its centre to this share of the radius."""
FLOES = 1
"""The shape-filter group of every floe: shapes of one group never collide."""

MAX_SHIFT = 0.08
"""The drawn pose's cosmetic shift, at most this share of the radius ..."""
MAX_TILT = 3.0
"""... and its cosmetic turn at most this many degrees."""
SETTLE = 0.45
"""s a kick lasts, from rest back to rest (the spec allows 0.5)."""
NUDGE_SHIFT, NUDGE_TILT, NUDGE_HZ = 0.06, 1.8, 2.6
"""A neighbour's nudge as a moving floe crosses the edge beside it: share of the radius, degrees, Hz."""
SWELL_SHIFT, SWELL_TILT, SWELL_HZ = 0.025, 0.8, 1.8
"""The bob of the swell a motion sends, at the mover's own hex (weaker farther out)."""
SWELL_REACH = 4
"""Hexes: floes this far from a motion's start bob on its swell; farther ones stay still."""
SWELL_DELAY = 0.05
"""s the swell takes per hex to reach a floe."""


def _envelope_peak(steps: int = 2000) -> float:
    return max(math.sin(math.pi * i / steps) * (1 - i / steps) for i in range(steps + 1))


_PEAK = _envelope_peak()
_DEGREES = 180.0 / math.pi
_SIXTH = math.pi / 3.0


def _smooth(u: float) -> float:
    return u * u * (3.0 - 2.0 * u)


@dataclass(slots=True)
class _Kick:
    start: float
    """s on the world's clock (it may lie ahead: a swell on its way)."""
    ux: float
    uy: float
    shift: float
    """px along (ux, uy) at the envelope's peak."""
    tilt: float
    """degrees at the envelope's peak (signed)."""
    hz: float

    def offset(self, now: float) -> tuple[float, float, float] | None:
        """``(dx, dy, degrees)`` at ``now``: a sway under an envelope that rises from 0 and falls back
        to exactly 0 at ``SETTLE`` (None outside it)."""
        t = now - self.start
        if t <= 0.0 or t >= SETTLE:
            return None
        x = t / SETTLE
        env = math.sin(math.pi * x) * (1.0 - x) / _PEAK
        w = 2.0 * math.pi * self.hz * t
        along = env * self.shift * math.cos(w)
        return self.ux * along, self.uy * along, env * self.tilt * math.sin(w + 0.5)


@dataclass(slots=True)
class _Motion:
    points: list[Point]
    """Waypoints, the start first: the centres of the hexes passed through (one point for a turn)."""
    marks: list[float]
    """px along the waypoints to each of them (0 first)."""
    turn0: float
    """radians at the start and at the end (the end may be a whole turn off the wrapped rest angle)."""
    turn1: float
    seconds: float
    fade: int
    """0 none; -1 fades out over the last leg (off the board); +1 fades in over the first (arriving)."""
    nudges: list[tuple[float, Hex, Point]]
    """When the eased progress (0..1) reaches each, the floes beside that hex are nudged away from the point."""
    start_hex: Hex
    end_hex: Hex | None
    """Where the floe rests after it (None: it has left the board)."""
    end_rotation: int
    t: float = 0.0
    fired: int = 0
    started: bool = False

    def at(self, s: float) -> tuple[float, float, float, float]:
        """``(x, y, radians, alpha)`` at eased progress ``s``."""
        angle = self.turn0 + (self.turn1 - self.turn0) * s
        marks, points = self.marks, self.points
        total = marks[-1]
        if total <= 0.0:
            return points[0][0], points[0][1], angle, 1.0
        arc = s * total
        i = 1
        while i < len(marks) - 1 and marks[i] < arc:
            i += 1
        (ax, ay), (bx, by) = points[i - 1], points[i]
        leg = marks[i] - marks[i - 1]
        f = (arc - marks[i - 1]) / leg
        alpha = 1.0
        if self.fade < 0:
            alpha = min(1.0, max(0.0, (total - arc) / (total - marks[-2])))
        elif self.fade > 0:
            alpha = min(1.0, max(0.0, arc / marks[1]))
        return ax + (bx - ax) * f, ay + (by - ay) * f, angle, alpha


@dataclass(eq=False, slots=True)
class _Floe:
    body: pymunk.Body
    shape: pymunk.Poly
    hex: Hex | None
    """Where the rules have it once its queued motions end (None: it is leaving the board)."""
    rotation: int
    motions: deque[_Motion] = field(default_factory=deque)
    kicks: list[_Kick] = field(default_factory=list)
    alpha: float = 1.0


class DriftWorld:
    """The floes of one Ice Flow table, drawn where the rules put them and moved as the rules moved them.

    ``centre(hex)`` gives a hex's pixel centre (any hex, off the board too); ``radius`` is a hex's
    centre-to-corner size in px; ``seed`` feeds the cosmetic kicks."""

    def __init__(self, centre: Callable[[Hex], Point], radius: float, seed: int = 0) -> None:
        self.centre = centre
        self.radius = float(radius)
        self.space = pymunk.Space()
        self._rng = random.Random(seed)
        self._floes: dict[FloeId, _Floe] = {}
        self._at: dict[Hex, FloeId] = {}
        """Hex -> the floe the rules have there (each floe's ``hex``)."""
        self._moving: dict[FloeId, None] = {}
        """Floes with motions, in the order they got them (a dict: an ordered set, same order every run)."""
        self._kicked: dict[FloeId, None] = {}
        self._ticks = 0
        self._carry = 0.0
        r = self.radius * INSET
        self._outline = [(r * math.cos(i * _SIXTH), r * math.sin(i * _SIXTH)) for i in range(6)]

    # --- setting floes down -------------------------------------------------------------------------

    def place(self, floe_id: FloeId, hex: Hex, rotation: int) -> None:
        """Floe ``floe_id`` at rest on ``hex`` turned ``rotation`` sixths (added, or snapped there with
        its motions and kicks dropped)."""
        f = self._floes.get(floe_id)
        if f is None:
            body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
            shape = pymunk.Poly(body, self._outline)
            shape.filter = pymunk.ShapeFilter(group=FLOES)
            self.space.add(body, shape)
            f = self._floes[floe_id] = _Floe(body, shape, None, 0)
        self._rest(floe_id, f, hex, rotation)

    def remove(self, floe_id: FloeId) -> None:
        """Floe ``floe_id`` taken off at once (KeyError if there is none)."""
        f = self._floes.pop(floe_id)
        self.space.remove(f.body, f.shape)
        self._moving.pop(floe_id, None)
        self._kicked.pop(floe_id, None)
        if f.hex is not None and self._at.get(f.hex) == floe_id:
            del self._at[f.hex]

    def __contains__(self, floe_id: object) -> bool:
        return floe_id in self._floes

    # --- motions ------------------------------------------------------------------------------------

    def drift(self, floe_id: FloeId, path: Sequence[Hex], off_board: Hex | None = None,
              seconds: float | None = None) -> None:
        """Floe ``floe_id`` drifts through ``path`` (the hexes it entered, in order; a first hex equal
        to where it is now is skipped) and rests on the last; with ``off_board`` (the hex past the
        lane's end) it then glides out toward that hex's centre, fading, and leaves the world.
        ``seconds`` defaults to ``HEX_SECONDS`` per leg. Each step must be to a neighbour."""
        f = self._moving_floe(floe_id)
        start = f.hex
        hexes = [start, *path[1:]] if path and path[0] == start else [start, *path]
        if off_board is not None:
            hexes.append(off_board)
        if len(hexes) < 2:
            raise ValueError(f"floe {floe_id!r}: a drift moves at least one hex")
        for a, b in zip(hexes, hexes[1:], strict=False):
            if direction(a, b) is None:
                raise ValueError(f"floe {floe_id!r}: {b} is not a neighbour of {a}")
        points = [self.centre(h) for h in hexes]
        marks = [0.0]
        for a, b in zip(points, points[1:], strict=False):
            marks.append(marks[-1] + math.dist(a, b))
        nudges = [(0.0, start, points[0])]
        for i in range(1, len(hexes)):
            crossing = ((points[i - 1][0] + points[i][0]) / 2, (points[i - 1][1] + points[i][1]) / 2)
            nudges.append(((marks[i - 1] + marks[i]) / 2 / marks[-1], hexes[i], crossing))
        angle = f.rotation * _SIXTH
        end = None if off_board is not None else hexes[-1]
        legs = len(hexes) - 1
        self._queue(floe_id, f, _Motion(points, marks, angle, angle, HEX_SECONDS * legs if seconds is None else seconds,
                                        -1 if off_board is not None else 0, nudges, start, end, f.rotation))

    def rotate(self, floe_id: FloeId, turn: int, seconds: float | None = None) -> None:
        """Floe ``floe_id`` turns about its own centre by one sixth (60 degrees): clockwise on screen
        for ``turn`` +1, anticlockwise for -1."""
        if turn not in (1, -1):
            raise ValueError(f"a floe turns by one sixth (+1 or -1), not {turn}")
        f = self._moving_floe(floe_id)
        c = self.centre(f.hex)
        angle = f.rotation * _SIXTH
        rotation = (f.rotation + turn) % 6
        self._queue(floe_id, f, _Motion([c], [0.0], angle, angle + turn * _SIXTH,
                                        TURN_SECONDS if seconds is None else seconds, 0, [(0.4, f.hex, c)], f.hex,
                                        f.hex, rotation))

    def arrive(self, floe_id: FloeId, hex: Hex, rotation: int, edge: int, seconds: float | None = None) -> None:
        """A new floe ``floe_id`` slides onto ``hex``, already turned ``rotation`` sixths, across its
        edge ``edge`` (the lane's upstream side: the edge facing away from the lane's flow), fading in
        from the centre of the off-board hex beyond that edge."""
        if floe_id in self._floes:
            raise ValueError(f"floe {floe_id!r} is already on the table")
        outside = neighbour(hex, edge)
        self.place(floe_id, outside, rotation)
        f = self._floes[floe_id]
        f.alpha = 0.0
        a, b = self.centre(outside), self.centre(hex)
        angle = f.rotation * _SIXTH
        crossing = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        self._queue(floe_id, f, _Motion([a, b], [0.0, math.dist(a, b)], angle, angle,
                                        ARRIVE_SECONDS if seconds is None else seconds, 1, [(0.5, hex, crossing)],
                                        hex, hex, f.rotation))

    def _moving_floe(self, floe_id: FloeId) -> _Floe:
        f = self._floes[floe_id]
        if f.hex is None:
            raise ValueError(f"floe {floe_id!r} is leaving the board")
        return f

    def _queue(self, floe_id: FloeId, f: _Floe, motion: _Motion) -> None:
        self._retarget(floe_id, f, motion.end_hex)
        f.rotation = motion.end_rotation
        f.motions.append(motion)
        self._moving[floe_id] = None

    def _retarget(self, floe_id: FloeId, f: _Floe, hex: Hex | None) -> None:
        if f.hex is not None and self._at.get(f.hex) == floe_id:
            del self._at[f.hex]
        f.hex = hex
        if hex is not None:
            self._at[hex] = floe_id

    def _rest(self, floe_id: FloeId, f: _Floe, hex: Hex, rotation: int) -> None:
        """Snap: the body exactly on its rules pose, still, opaque, with nothing queued or swaying."""
        self._retarget(floe_id, f, hex)
        f.rotation = rotation % 6
        f.motions.clear()
        f.kicks.clear()
        f.alpha = 1.0
        body = f.body
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        body.position = self.centre(hex)
        body.angle = f.rotation * _SIXTH
        self._moving.pop(floe_id, None)
        self._kicked.pop(floe_id, None)

    # --- time ---------------------------------------------------------------------------------------

    def busy(self) -> bool:
        """Whether anything still moves: a floe's motion, or a bob or nudge not yet settled."""
        return bool(self._moving or self._kicked)

    def step(self, dt: float) -> None:
        """Advance ``dt`` seconds in whole ``STEP`` sub-steps (the remainder carries to the next call).
        An idle world drops the remainder, so a motion always starts on a fresh sub-step."""
        if not (self._moving or self._kicked):
            self._carry = 0.0
            return
        self._carry += dt
        while self._carry >= STEP - 1e-9:
            self._carry -= STEP
            self._substep()
            if not (self._moving or self._kicked):
                self._carry = 0.0
                return

    def _substep(self) -> None:
        h = STEP
        now = self._ticks * h
        for floe_id in list(self._moving):
            f = self._floes[floe_id]
            m = f.motions[0]
            if not m.started:
                m.started = True
                self._swell(floe_id, m.start_hex, now)
            m.t = min(m.t + h, m.seconds)
            s = 1.0 if m.seconds <= 0.0 else _smooth(m.t / m.seconds)
            while m.fired < len(m.nudges) and m.nudges[m.fired][0] <= s:
                _, hex, origin = m.nudges[m.fired]
                self._nudge(floe_id, hex, origin, now, m.turn1 - m.turn0)
                m.fired += 1
            x, y, angle, f.alpha = m.at(s)
            body = f.body
            px, py = body.position
            body.velocity = ((x - px) / h, (y - py) / h)
            body.angular_velocity = (angle - body.angle) / h
        if self._moving:
            self.space.step(h)
        self._ticks += 1
        for floe_id in list(self._moving):
            f = self._floes[floe_id]
            m = f.motions[0]
            if m.t >= m.seconds:
                self._arrived(floe_id, f, m)
        if self._kicked:
            now = self._ticks * h
            for floe_id in list(self._kicked):
                f = self._floes[floe_id]
                f.kicks = [k for k in f.kicks if k.start + SETTLE > now]
                if not f.kicks:
                    del self._kicked[floe_id]

    def _arrived(self, floe_id: FloeId, f: _Floe, m: _Motion) -> None:
        """The end of ``f``'s current motion: exactly on its end pose (or off the world)."""
        f.motions.popleft()
        body = f.body
        body.velocity = (0.0, 0.0)
        body.angular_velocity = 0.0
        if m.end_hex is None:
            self.remove(floe_id)
            return
        body.position = self.centre(m.end_hex)
        body.angle = m.end_rotation * _SIXTH
        f.alpha = 1.0
        if not f.motions:
            del self._moving[floe_id]

    # --- cosmetic kicks -----------------------------------------------------------------------------

    def _kick(self, floe_id: FloeId, kick: _Kick) -> None:
        self._floes[floe_id].kicks.append(kick)
        self._kicked[floe_id] = None

    def _swell(self, mover: FloeId, hex: Hex, now: float) -> None:
        """The swell of a motion starting on ``hex``: every still floe within ``SWELL_REACH`` bobs."""
        for floe_id, f in self._floes.items():
            if floe_id == mover or f.hex is None or f.motions:
                continue
            d = distance(hex, f.hex)
            if d > SWELL_REACH:
                continue
            fade = 1.0 - d / (SWELL_REACH + 1)
            heading = self._rng.uniform(0.0, 2.0 * math.pi)
            sign = self._rng.choice((-1.0, 1.0))
            self._kick(floe_id, _Kick(now + d * SWELL_DELAY, math.cos(heading), math.sin(heading),
                                      SWELL_SHIFT * self.radius * fade, sign * SWELL_TILT * fade, SWELL_HZ))

    def _nudge(self, mover: FloeId, hex: Hex, origin: Point, now: float, turned: float) -> None:
        """The floes beside ``hex`` pushed away from ``origin`` (a turn drags them its own way)."""
        for n in neighbours(hex):
            floe_id = self._at.get(n)
            if floe_id is None or floe_id == mover:
                continue
            cx, cy = self.centre(n)
            dx, dy = cx - origin[0], cy - origin[1]
            length = math.hypot(dx, dy) or 1.0
            sign = (1.0 if turned > 0 else -1.0) if turned else self._rng.choice((-1.0, 1.0))
            self._kick(floe_id, _Kick(now, dx / length, dy / length, NUDGE_SHIFT * self.radius, sign * NUDGE_TILT,
                                      NUDGE_HZ))

    def _offset(self, f: _Floe, now: float) -> tuple[float, float, float]:
        """The sum of ``f``'s kicks at ``now``, held within ``MAX_SHIFT`` and ``MAX_TILT``."""
        dx = dy = da = 0.0
        for k in f.kicks:
            o = k.offset(now)
            if o is not None:
                dx, dy, da = dx + o[0], dy + o[1], da + o[2]
        limit = MAX_SHIFT * self.radius
        length = math.hypot(dx, dy)
        if length > limit:
            dx, dy = dx * limit / length, dy * limit / length
        return dx, dy, max(-MAX_TILT, min(MAX_TILT, da))

    # --- reading and agreeing with the rules ----------------------------------------------------------

    def poses(self) -> dict[FloeId, Pose]:
        """Every floe as drawn: ``(x, y, angle_degrees, alpha)``, the body's pose plus its cosmetic
        offset; angles in [0, 360), clockwise on screen."""
        now = self._ticks * STEP
        out = {}
        for floe_id, f in self._floes.items():
            x, y = f.body.position
            angle = f.body.angle * _DEGREES
            if f.kicks:
                dx, dy, da = self._offset(f, now)
                x, y, angle = x + dx, y + dy, angle + da
            out[floe_id] = (x, y, angle % 360.0, f.alpha)
        return out

    def anchor(self, floe_id: FloeId) -> tuple[float, float, float]:
        """The body's own pose ``(x, y, angle_degrees)``, without the cosmetic offset."""
        body = self._floes[floe_id].body
        x, y = body.position
        return x, y, (body.angle * _DEGREES) % 360.0

    def moving(self, floe_id: FloeId) -> bool:
        """Whether ``floe_id`` has a motion still playing (its kicks aside)."""
        return floe_id in self._moving

    def finish(self) -> None:
        """Every motion ended at once: each floe exactly on its rules pose with no cosmetic offset,
        and those that were drifting off the board gone."""
        for floe_id in list(self._moving):
            f = self._floes[floe_id]
            if f.hex is None:
                self.remove(floe_id)
            else:
                self._rest(floe_id, f, f.hex, f.rotation)
        for floe_id in list(self._kicked):
            self._floes[floe_id].kicks.clear()
        self._kicked.clear()
        self._carry = 0.0

    def sync(self, floes: dict[FloeId, tuple[Hex, int]]) -> None:
        """The world made exactly ``floes`` (id -> (hex, rotation)) at once, every motion dropped:
        after an undo, a load or a replay jump, or when ``check`` found a disagreement."""
        for floe_id in [i for i in self._floes if i not in floes]:
            self.remove(floe_id)
        self._at.clear()
        for f in self._floes.values():
            f.hex = None
        for floe_id, (hex, rotation) in floes.items():
            self.place(floe_id, hex, rotation)
        self._moving.clear()
        self._kicked.clear()
        self._carry = 0.0

    def settle(self, floes: dict[FloeId, tuple[Hex, int]]) -> None:
        """What the rules changed without a motion made so at once, leaving every motion playing: a
        floe they added (a new floe put down, a starting floe) placed, one at rest they turned or moved
        snapped to its pose, one they took away that is not gliding off the board removed."""
        for floe_id in [i for i, f in self._floes.items() if i not in floes and f.hex is not None]:
            self.remove(floe_id)
        for floe_id, (hex, rotation) in floes.items():
            f = self._floes.get(floe_id)
            if f is None or (not f.motions and (f.hex != hex or f.rotation != rotation % 6)):
                self.place(floe_id, hex, rotation)

    def check(self, floes: dict[FloeId, tuple[Hex, int]]) -> list[str]:
        """What disagrees with the rules' ``floes`` (id -> (hex, rotation)), one line per floe (empty
        when all agree): a floe at rest whose body is not within 0.5 px and 0.1 degree of its hex
        centre and rotation, a floe whose motion ends elsewhere, one missing, one the rules lack (a floe
        gliding off the board is no disagreement: the rules have put it back in the bag already)."""
        out = []
        for floe_id, (hex, rotation) in floes.items():
            f = self._floes.get(floe_id)
            if f is None:
                out.append(f"floe {floe_id!r}: missing (the rules have it on {hex}, rotation {rotation})")
                continue
            if f.motions:
                if f.hex != hex or f.rotation != rotation % 6:
                    out.append(f"floe {floe_id!r}: moving to {f.hex}, rotation {f.rotation}; "
                               f"the rules have {hex}, rotation {rotation}")
                continue
            x, y, angle = self.anchor(floe_id)
            cx, cy = self.centre(hex)
            off = abs((angle - (rotation % 6) * 60.0 + 180.0) % 360.0 - 180.0)
            if math.hypot(x - cx, y - cy) > 0.5 or off > 0.1:
                out.append(f"floe {floe_id!r}: at ({x:.1f}, {y:.1f}) {angle:.1f} deg; the rules have {hex} "
                           f"= ({cx:.1f}, {cy:.1f}) {(rotation % 6) * 60.0:.1f} deg")
        out.extend(f"floe {i!r}: not in the rules" for i, f in self._floes.items()
                   if i not in floes and f.hex is not None)
        return out
