"""The animation of a throw (or of the dodo's card laid by hand), planned from the step's events and
the poses the table drew before it: the card flies from the release point along an arc (growing a
little at the top) to where it touches down, then slides to its resting pose while the cards it
pushed move from their old poses to their new ones; cards that fell sink into the water with a
splash, then fly to the stack of the seat that picks them up (or out of the game); cards drawn from
the deck fly last. Nothing here compares states: the rules' events say what moved where.

With the physics' recording of the throw (``trajectory.py``) the cards follow their recorded paths
instead of sliding straight. A ``Plan`` is plain data and times in seconds from its start
(``playback.py`` says where each card is drawn at a time), so a replay is the same plan played again."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.core.events import Changed, Event, Logged, Moved, Scored
from game.iluliaq.table import Placed, Pose, Thrown, aim, release_point, supports
from physics.iluliaq.flight import release_turn, touchdown
from scenes.iluliaq.pieces import kind_of

FLY = 0.5
"""Seconds in the air (the physics' own air time is 0.58 s)."""
HAND = 2.5
"""Layers above the water a card is let go at."""
ARC = 5.0
"""Layers the flight rises at its middle."""
GROW = 0.22
"""How much bigger the card looks at the top of its flight."""
SLIDE = (0.3, 0.8)
"""Seconds a slide takes at least and at most (longer the farther it goes)."""
SLIDE_MM_PER_S = 260.0
DROP = 0.3
"""Seconds the dodo's card takes to come down onto the iceberg."""
PLAY = (0.35, 2.4)
"""Seconds the recorded motion from touch-down to rest is played in, at least and at most."""
SLOW = 2.5
"""How much slower than the physics the recorded motion is played (a slide lasts a fifth of a second)."""
SETTLE_TO = 0.2
"""Seconds a card takes from its last recorded pose to its resting one (the same, or nearly)."""
SINK = 0.4
SPLASH = 0.55
COLLECT = 0.38
STAGGER = 0.08
BADGE = 1.5
"""Seconds a badge over a card shows."""
FEED = 0.8
"""Seconds a card drawn for a polar bear takes from the deck, over the bear, to the thrower's stack."""
HUNGRY = "The polar bear is hungry: {player} draws a card."
HUNGRY_EMPTY = "The polar bear is hungry, but the draw deck is empty."
AGAIN = "The lynx lands: {player} throws again."
"""The rules' log lines (game/iluliaq/turn.py) that say a polar bear bit and a lynx gave an extra throw."""
PUSHED_AFTER = 0.04
"""Seconds after the thrown card touches down that the cards it meets start to move."""

Place4 = tuple[float, float, float, float]
"""(x, y, turn, layer)"""


@dataclass(frozen=True)
class Step:
    start: float
    end: float
    a: Place4
    b: Place4
    ease: str = "out"
    """"flight" (straight on, rising and growing in the middle), "line" (straight on: one recorded
    frame to the next), "out" (slowing down, like sliding)."""


@dataclass
class Track:
    card: int
    kind: str
    steps: list[Step] = field(default_factory=list)
    rest: Place4 | None = None
    """Where a card that does not move lies (drawn with the moving ones, above those under it)."""
    sink: float | None = None
    """When it starts sinking into the water (then it is gone); None: it stays."""
    sunk: Place4 | None = None
    """Where it sinks."""


@dataclass(frozen=True)
class Flight:
    """A card flying off the table or the deck into a pile; the places are resolved when drawn."""

    card: int
    kind: str
    start: float
    end: float
    source: tuple
    """("water", x, y) or ("deck",)."""
    target: tuple
    """("seat", seat) or ("out",)."""
    via: tuple | None = None
    """("table", x, y, layer): a place on the table it passes over on its way (the polar bear it feeds)."""


@dataclass(frozen=True)
class Badge:
    """Words popping up over a card on the table, for what it just did ("Again!" over a lynx)."""

    start: float
    end: float
    kind: str
    """"again" (a lynx's extra throw) or "hungry" (a polar bear's draw)."""
    x: float
    y: float
    layer: float


@dataclass
class Plan:
    index: int
    """The history index of the action it shows."""
    seat: int
    tracks: dict[int, Track] = field(default_factory=dict)
    flights: list[Flight] = field(default_factory=list)
    splashes: list[tuple[float, float, float]] = field(default_factory=list)
    """(when, x, y)"""
    sounds: list[tuple[float, str]] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    lit_seats: list[tuple[float, int]] = field(default_factory=list)
    lit_card: tuple[float, int] | None = None
    release: tuple[float, float] | None = None
    """Where the card was let go (mm), for the replay's marker."""
    duration: float = 0.0
    practice: bool = False
    """It shows a practice throw, or the cards going back after one: no stack or deck changes."""

    @property
    def hidden(self) -> set[int]:
        """The cards the table's still picture leaves out while the plan plays."""
        return set(self.tracks)

    def arrivals_after(self, target: tuple, t: float) -> int:
        if self.practice:
            return 0
        return sum(1 for f in self.flights if f.target == target and f.end > t)

    def changing_panels(self) -> frozenset:
        """The panels whose numbers or top card change while the plan plays: ``("seat", n)`` for a
        seat a card flies to, ``("deck",)`` when a card leaves the deck or goes out of the game. The
        still picture leaves them out while it plays; the overlay draws them as they are at each
        moment."""
        if self.practice:
            return frozenset()
        out = set()
        for f in self.flights:
            if f.target[0] == "seat":
                out.add(("seat", f.target[1]))
            if f.source == ("deck",) or f.target == ("out",):
                out.add(("deck",))
        return frozenset(out)

    def deck_waiting(self, t: float) -> list[int]:
        """The cards drawn from the deck that have not left it yet at ``t``, top first."""
        if self.practice:
            return []
        return [f.card for f in sorted(self.flights, key=lambda f: f.start) if f.source == ("deck",) and f.start > t]


def _card(thing: str) -> int | None:
    kind, _sep, rest = thing.partition(":")
    return int(rest) if kind == "card" and rest.lstrip("-").isdigit() else None


def _place(p: Pose) -> Place4:
    return (p.x, p.y, p.turn, float(p.layer))


def _slide_time(a: Place4, b: Place4) -> float:
    return min(SLIDE[1], max(SLIDE[0], math.dist(a[:2], b[:2]) / SLIDE_MM_PER_S))


def _new_poses(events: tuple[Event, ...] | list[Event]) -> dict[int, Place4]:
    """Where each card the step moved lies now, from its ``Changed`` event."""
    new: dict[int, Place4] = {}
    for e in events:
        c = _card(e.thing) if isinstance(e, Changed) else None
        if c is not None and isinstance(e.value, (list, tuple)) and len(e.value) == 4:
            x, y, turn, layer = (float(v) for v in e.value)
            new[c] = (x, y, turn, layer)
    return new


def _first_step(plan: Plan, action: Thrown | Placed, seat: int, players: int, others: list[Pose]) -> Step:
    """The thrown card's flight to where it touches down (the laid card's drop onto the iceberg)."""
    if isinstance(action, Thrown):
        t = action.intent
        rx, ry = release_point(seat, players, t.distance, t.offset)
        land = touchdown(seat, players, t)
        layer = float(supports(others, land.x, land.y) + 1)
        plan.release = (rx, ry)
        return Step(0.0, FLY, (rx, ry, release_turn(aim(seat, players, t.angle)), HAND),
                    (land.x, land.y, land.turn, layer), "flight")
    p = action.intent
    layer = float(max(0, supports(others, p.x, p.y) + 1))
    return Step(0.0, DROP, (p.x, p.y, p.turn, layer + 2.0), (p.x, p.y, p.turn, layer))


def _slides(plan: Plan, card: int, touch: float, before: dict[int, Pose], new: dict[int, Place4]) -> None:
    """Without the physics' recording: each card slides from its old pose to its new one."""
    down = plan.tracks[card].steps[-1].b
    end = new.get(card, down)
    if end != down:
        plan.tracks[card].steps.append(Step(touch, touch + _slide_time(down, end), down, end))
    for c, b in sorted(new.items()):
        if c != card and c in before and _place(before[c]) != b:
            a = _place(before[c])
            plan.tracks[c] = Track(c, kind_of(c), [Step(touch + PUSHED_AFTER, touch + _slide_time(a, b), a, b)])


def _moved(a: Place4, path: list[Place4]) -> bool:
    return any(abs(p[0] - a[0]) > 0.05 or abs(p[1] - a[1]) > 0.05 or abs(p[2] - a[2]) > 0.1 or p[3] != a[3]
               for p in path)


def _follow(plan: Plan, card: int, touch: float, before: dict[int, Pose], new: dict[int, Place4],
            paths: dict[int, list[Place4]]) -> None:
    """With the physics' recording: every card that moved follows its recorded path (slowed down so a
    family can follow it), then settles on its recorded pose."""
    frames = max(len(p) for p in paths.values())
    rate = min(PLAY[1], max(PLAY[0], frames / 60 * SLOW)) / frames
    for c, path in sorted(paths.items()):
        start = plan.tracks[card].steps[-1].b if c == card else _place(before[c]) if c in before else None
        if start is None or (c != card and c not in new and not _moved(start, path)):
            continue
        track = plan.tracks.setdefault(c, Track(c, kind_of(c)))
        at, prev = touch, start
        for p in path:
            track.steps.append(Step(at, at + rate, prev, p, "line"))
            at, prev = at + rate, p
        end = new.get(c)
        if end is not None and end != prev:
            track.steps.append(Step(at, at + SETTLE_TO, prev, end))


def _sinks(plan: Plan, staying: set[int]) -> None:
    """A card that falls into the water sinks with a splash as it gets there (unless it stays)."""
    for tr in plan.tracks.values():
        if tr.card in staying or not tr.steps:
            continue
        wet = next((s for s in tr.steps if s.b[3] <= 0.05), None)
        if wet is not None:
            tr.sink, tr.sunk = wet.end, wet.b
            plan.splashes.append((wet.end, wet.b[0], wet.b[1]))
            plan.sounds.append((wet.end, "splash"))


def plan_for(index: int, action: Thrown | Placed, seat: int, players: int, before: dict[int, Pose],
             events: tuple[Event, ...] | list[Event], final: list[Pose],
             paths: dict[int, list[Place4]] | None = None) -> Plan:
    """The animation of ``action`` (taken by ``seat``) from the poses drawn before it; with the
    physics' recorded ``paths`` (``trajectory.paths``) the cards follow them."""
    plan = Plan(index, seat)
    card = action.outcome.card
    new = _new_poses(events)
    first = _first_step(plan, action, seat, players, [p for c, p in sorted(before.items()) if c != card])
    touch = first.end
    plan.tracks[card] = Track(card, kind_of(card), [first])
    plan.sounds.append((touch, "card_placed" if first.b[3] >= 1 else "splash"))
    if paths:
        _follow(plan, card, touch, before, new, paths)
    else:
        _slides(plan, card, touch, before, new)
    _sinks(plan, {p.card for p in final if p.layer == 0})
    bear = _bear_at(action, final)
    _flights(plan, events, new, bear)
    moving_low = min((min(s.a[3], s.b[3]) for tr in plan.tracks.values() for s in tr.steps), default=1.0)
    for p in final:  # what lies over the lowest moving card is drawn with the moving ones, above them
        if p.card not in plan.tracks and p.layer >= max(1.0, moving_low):
            plan.tracks[p.card] = Track(p.card, kind_of(p.card), rest=_place(p))
    rests = plan.tracks[card].steps[-1].end
    _badges(plan, events, rests, card, final, bear)
    ends = [s.end for tr in plan.tracks.values() for s in tr.steps]
    ends += [b.end for b in plan.badges]
    ends += [tr.sink + SINK for tr in plan.tracks.values() if tr.sink is not None]
    ends += [f.end for f in plan.flights] + [w + SPLASH for w, _x, _y in plan.splashes]
    if card in {p.card for p in final}:
        plan.lit_card = (rests, card)
    for e in events:
        if isinstance(e, Scored):
            lands = [f.end for f in plan.flights if f.target == ("seat", e.seat)]
            plan.lit_seats.append((max(lands, default=rests), e.seat))
    plan.duration = max(ends)
    return plan


def _logged(event: Event, text: str) -> bool:
    return isinstance(event, Logged) and getattr(event.text, "text", None) == text


def _bear_at(action: Thrown | Placed, final: list[Pose]) -> Place4 | None:
    """Where the polar bear the card in play came to rest on lies (None: no bear under it)."""
    bear = next((p for p in final if p.card == action.outcome.on_bear), None)
    return None if bear is None else _place(bear)


def _badges(plan: Plan, events: tuple[Event, ...] | list[Event], rests: float, card: int, final: list[Pose],
            bear: Place4 | None) -> None:
    """"Again!" over a lynx that gives an extra throw, as it comes to rest; "Hungry!" over a polar bear
    as the card it makes its thrower draw leaves the deck."""
    if any(_logged(e, AGAIN) for e in events):
        lynx = next((p for p in final if p.card == card), None)
        if lynx is not None:
            plan.badges.append(Badge(rests, rests + BADGE, "again", lynx.x, lynx.y, float(lynx.layer)))
    if bear is not None:
        fed = [f for f in plan.flights if f.via is not None]
        if fed or any(_logged(e, HUNGRY_EMPTY) for e in events):
            at = (fed[0].start + fed[0].end) / 2 - 0.1 if fed else rests  # as the card reaches the bear
            plan.badges.append(Badge(at, at + BADGE, "hungry", bear[0], bear[1], bear[3]))


def _flights(plan: Plan, events: tuple[Event, ...] | list[Event], new: dict[int, Place4],
             bear: Place4 | None = None) -> None:
    """Cards leaving the water for a stack (or the game), then cards drawn from the deck (the polar
    bear's over the bear)."""
    collected = 0
    for e in events:
        if not isinstance(e, Moved) or e.source != "table":
            continue
        c = _card(e.thing)
        if c is None or c not in new:
            continue
        tr = plan.tracks.get(c)
        leaves = (tr.sink + SINK * 0.7 if tr is not None and tr.sink is not None else FLY) + STAGGER * collected
        collected += 1
        target = ("out",) if e.target == "out" else ("seat", _seat(e.target, plan.seat))
        where = tr.sunk if tr is not None and tr.sunk is not None else new[c]
        plan.flights.append(Flight(c, kind_of(c), leaves, leaves + COLLECT, ("water", *where[:2]), target))
    after = max([f.end for f in plan.flights] + [s.end for tr in plan.tracks.values() for s in tr.steps])
    drawn = 0
    for i, e in enumerate(events):
        if isinstance(e, Moved) and e.source == "deck" and e.target.startswith("stack:"):
            c = _card(e.thing)
            if c is None:
                continue
            fed = bear is not None and i + 1 < len(events) and _logged(events[i + 1], HUNGRY)
            leaves = after + STAGGER * drawn
            drawn += 1
            plan.flights.append(Flight(c, kind_of(c), leaves, leaves + (FEED if fed else COLLECT), ("deck",),
                                       ("seat", _seat(e.target, plan.seat)),
                                       ("table", bear[0], bear[1], bear[3]) if fed else None))
            plan.sounds.append((leaves, "card_drawn"))


def _seat(place: str, default: int) -> int:
    rest = place.partition(":")[2]
    return int(rest) if rest.isdigit() else default
