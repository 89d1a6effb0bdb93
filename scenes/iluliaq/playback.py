"""Playing a throw's plan (``motion.py``) back: where each of its cards is drawn at a time, as it
flies, slides, follows its recorded path, drops a layer or sinks."""

from __future__ import annotations

from dataclasses import dataclass

from scenes.iluliaq.motion import ARC, GROW, SINK, Plan, Track


@dataclass(frozen=True)
class Shown:
    card: int
    kind: str
    x: float
    y: float
    turn: float
    layer: float
    scale: float = 1.0
    alpha: int = 255
    wet: bool = False


def _ease(kind: str, u: float) -> float:
    return u if kind in ("flight", "line") else 1 - (1 - u) ** 2


def _turn(a: float, b: float, u: float, raw: bool) -> float:
    d = b - a if raw else (b - a + 180.0) % 360.0 - 180.0
    return a + d * u


def at(track: Track, t: float) -> Shown | None:
    """Where ``track``'s card is drawn at ``t`` (None once it has sunk)."""
    if track.rest is not None:
        x, y, turn, layer = track.rest
        return Shown(track.card, track.kind, x, y, turn, layer)
    if track.sink is not None and t >= track.sink and track.sunk is not None:
        u = (t - track.sink) / SINK
        if u >= 1:
            return None
        x, y, turn, _layer = track.sunk
        return Shown(track.card, track.kind, x, y, turn, 0.0, 1 - 0.3 * u, round(255 * (1 - u)), True)
    step = next((s for s in track.steps if t < s.end), None)
    if step is None:
        x, y, turn, layer = track.steps[-1].b
        return Shown(track.card, track.kind, x, y, turn, layer, wet=layer <= 0.05)
    u = 0.0 if t <= step.start else (t - step.start) / max(1e-6, step.end - step.start)
    e = _ease(step.ease, u)
    (ax, ay, at_, al), (bx, by, bt, bl) = step.a, step.b
    x, y = ax + (bx - ax) * e, ay + (by - ay) * e
    turn = _turn(at_, bt, e, step.ease in ("flight", "line"))
    if step.ease == "flight":
        hump = 4 * u * (1 - u)
        return Shown(track.card, track.kind, x, y, turn, al + (bl - al) * u + ARC * hump, 1 + GROW * hump)
    layer = al + (bl - al) * (u**3 if bl < al and step.ease == "out" else e)
    return Shown(track.card, track.kind, x, y, turn, layer, wet=layer <= 0.05)


def sample(plan: Plan, t: float) -> list[Shown]:
    """Every card the plan draws at ``t``, lowest first."""
    shown = [s for tr in plan.tracks.values() if (s := at(tr, t)) is not None]
    return sorted(shown, key=lambda s: (s.layer, s.card))
