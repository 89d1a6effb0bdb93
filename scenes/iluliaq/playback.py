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
    above: float = 0.0
    """The height it is drawn over others by: while a card falls, the height it falls from (so it is
    seen above the pile it leaves, never passing under its top card); otherwise its own."""


def _ease(kind: str, u: float) -> float:
    return u if kind in ("flight", "line") else 1 - (1 - u) ** 2


def _turn(a: float, b: float, u: float, raw: bool) -> float:
    d = b - a if raw else (b - a + 180.0) % 360.0 - 180.0
    return a + d * u


def _fall_from(steps: list, upto: int) -> float | None:
    """The height a card falling in step ``upto`` fell from: where the run of steps going down that
    ends with it began (None when that step does not go down)."""
    if upto < 0 or steps[upto].b[3] >= steps[upto].a[3]:
        return None
    first = upto
    while first > 0 and steps[first - 1].b[3] < steps[first - 1].a[3]:
        first -= 1
    return steps[first].a[3]


def at(track: Track, t: float) -> Shown | None:
    """Where ``track``'s card is drawn at ``t`` (None once it has sunk)."""
    if track.rest is not None:
        x, y, turn, layer = track.rest
        return Shown(track.card, track.kind, x, y, turn, layer, above=layer)
    if track.sink is not None and t >= track.sink and track.sunk is not None:
        u = (t - track.sink) / SINK
        if u >= 1:
            return None
        x, y, turn, _layer = track.sunk
        fell = _fall_from(track.steps, len(track.steps) - 1)
        return Shown(track.card, track.kind, x, y, turn, 0.0, 1 - 0.3 * u, round(255 * (1 - u)), True,
                     fell if fell is not None else 0.0)
    index = next((i for i, s in enumerate(track.steps) if t < s.end), None)
    if index is None:
        x, y, turn, layer = track.steps[-1].b
        fell = _fall_from(track.steps, len(track.steps) - 1)
        return Shown(track.card, track.kind, x, y, turn, layer, wet=layer <= 0.05,
                     above=max(layer, fell) if fell is not None and layer <= 0.05 else layer)
    step = track.steps[index]
    u = 0.0 if t <= step.start else (t - step.start) / max(1e-6, step.end - step.start)
    e = _ease(step.ease, u)
    (ax, ay, at_, al), (bx, by, bt, bl) = step.a, step.b
    x, y = ax + (bx - ax) * e, ay + (by - ay) * e
    turn = _turn(at_, bt, e, step.ease in ("flight", "line"))
    if step.ease == "flight":
        hump = 4 * u * (1 - u)
        layer = al + (bl - al) * u + ARC * hump
        return Shown(track.card, track.kind, x, y, turn, layer, 1 + GROW * hump, above=max(layer, al, bl))
    layer = al + (bl - al) * (u**3 if bl < al and step.ease == "out" else e)
    fell = _fall_from(track.steps, index)
    return Shown(track.card, track.kind, x, y, turn, layer, wet=layer <= 0.05,
                 above=layer if fell is None else max(layer, fell))


@dataclass(frozen=True)
class Playback:
    """A plan played from ``start`` (``time.perf_counter`` seconds): one kind of the kit's
    ``Timeline``, sampled as the cards it draws at a moment."""

    plan: Plan
    start: float

    @property
    def end(self) -> float:
        return self.start + self.plan.duration

    def sample(self, now: float) -> list[Shown]:
        return sample(self.plan, now - self.start)

    def done(self, now: float) -> bool:
        return now >= self.end


def sample(plan: Plan, t: float) -> list[Shown]:
    """Every card the plan draws at ``t``, lowest first (a falling card over what it falls from)."""
    shown = [s for tr in plan.tracks.values() if (s := at(tr, t)) is not None]
    return sorted(shown, key=lambda s: (s.above, s.above > s.layer, s.card))
