"""Iluliaq's hard bot: it tries candidate throws through the game's resolver (handed to it by
``game.core.bots.decide``; the rules cannot run the physics) and keeps the one whose outcome costs
it the fewest cards, then throws it with its own steady but human hand. Without a resolver it aims
by geometry like the others.

Its search is bounded by work, not time: a candidate costs the cards its simulation moves (those on
the iceberg, and the thrown one), since the physics' time per throw grows with them (building the
pymunk space and checking the layers as cards move; a throw rests in about the same number of steps
however crowded the iceberg is). So a crowded iceberg of 6 players gets fewer candidates than a bare
one, and the same view and seed always try the same candidates and choose the same throw. The clock
only cuts it short on a machine too loaded to do that work in time (``SearchBot.choose``).

A candidate is the aimed throw at a point of the iceberg (the centre, then rings further out), at a
few powers and spins. Its outcome is weighed from the thrower's side: each card it would pick up from
the water (the thrown one unless it stays on, or is a seal that stays in), one more if it feeds a
polar bear, less a lynx's extra throw, and a little for lying well clear of the edge.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core.contract import Action
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace
from game.iluliaq.bots import BOTS, STEADY, AimBot, aimed_throw, clamped
from game.iluliaq.state import IluliaqState
from game.iluliaq.table import HALF, Outcome, Place, Throw, animal_type

RINGS = (0.0, 18.0, 36.0, 54.0)
"""mm from the centre of the points aimed at."""
POWERS = (1.0, 0.94, 1.06)
SPINS = (0.0, -0.4, 0.4)
LYNX = 0.8
"""What a lynx's extra throw is worth, in cards."""
CLEAR = 40.0
"""mm from the edge past which a resting card is as safe as it gets."""


def points() -> list[tuple[float, float]]:
    out = [(0.0, 0.0)]
    for r in RINGS[1:]:
        out += [(r * math.cos(k * math.pi / 4), r * math.sin(k * math.pi / 4)) for k in range(8)]
    return out


def cost(view: IluliaqState, out: Outcome) -> float:
    """Cards this outcome costs the thrower (lower is better)."""
    before = {p.card: p.layer for p in view.table}
    after = {p.card: p for p in out.poses}
    mine = after.get(out.card)
    fell = [c for c, p in after.items() if c != out.card and p.layer == 0 and before.get(c, 0) > 0]
    landed = mine is not None and mine.layer >= 1
    stays_in = (not view.kids and not landed and animal_type(out.card) == "seal" and out.touched_iceberg
                and not fell)
    total = float(len(fell)) + (0.0 if landed or stays_in else 1.0)
    if not view.kids and out.on_bear is not None and animal_type(out.card) != "bear":
        total += 1.0
    if not view.kids and landed and animal_type(out.card) == "lynx":
        total -= LYNX
    if landed and mine is not None:
        margin = min(HALF - abs(mine.x), HALF - abs(mine.y))
        total -= 0.2 * min(1.0, max(0.0, margin) / CLEAR)
    return total


@dataclass(frozen=True)
class SearchBot:
    hand: AimBot
    """The bot's hand: how far off its chosen throw goes (and its play without a resolver)."""
    candidates: int
    """Throws tried at most (fewer on a crowded iceberg, see ``work``, or when the deadline comes first)."""
    work: int = 2400
    """Cards simulated at most in one choice (each candidate counts ``cost_of`` its view): all the
    candidates while 19 cards or fewer lie on the iceberg, 61 of them with 38. Measured on a 2-core
    machine, about 0.09 ms of one core per card simulated, so a whole search is about 0.25 s of CPU
    at most (the app's deadline is 0.5 s)."""
    clock: Callable[[], float] = field(default=time.monotonic, compare=False)
    """The clock the deadline is read on (``time.monotonic``; tests inject their own)."""
    searches: ClassVar[bool] = True
    tried: ClassVar[list[int]] = []  # noqa: RUF012 - a log shared by every hard bot
    """How many candidates each choice tried (the newest last; for tests and the bench)."""

    def choose(self, game: Any, view: IluliaqState, legal: ActionSpace, rng: Rng, deadline: float,
               resolver: Any = None) -> Action:
        assert isinstance(legal, ContinuousSpace)
        if resolver is None or legal.action_type is Place:
            return self.hand.choose(game, view, legal, rng, deadline)
        assert legal.action_type is Throw
        best: tuple[float, int, dict[str, float]] | None = None
        tried = 0
        allowed = self.allowed(view)
        started = then = self.clock()
        for k, values in enumerate(self._candidates(view, legal)):
            now = self.clock()
            last, then = now - then, now
            if tried >= allowed or (tried and self.out_of_time(now, started, last, tried, deadline)):
                break
            out = resolver(game, view, clamped(legal, dict(values))).outcome
            tried += 1
            score = (cost(view, out), k, values)
            if best is None or score[:2] < best[:2]:
                best = score
        type(self).tried.append(tried)
        del type(self).tried[:-100]
        assert best is not None
        return clamped(legal, self.hand.steady(view.kids).throw(dict(best[2]), rng))

    @staticmethod
    def cost_of(view: IluliaqState) -> int:
        """The cards one candidate's simulation moves: those on the iceberg and the thrown one."""
        return 1 + sum(1 for p in view.table if p.layer >= 1)

    def allowed(self, view: IluliaqState) -> int:
        """The candidates this view's search tries (the deadline permitting): at least one."""
        return max(1, min(self.candidates, self.work // self.cost_of(view)))

    @staticmethod
    def out_of_time(now: float, started: float, last: float, tried: int, deadline: float) -> bool:
        """Whether another candidate would not fit before ``deadline``: room is kept for it and for
        the chosen throw's own resolution (``decide`` resolves it), each judged by the time the last
        try took (a loaded machine's pauses) or the mean if longer, and a tenth of the time given
        as margin."""
        spent = now - started
        each = max(last, spent / tried)
        margin = 0.1 * max(0.0, deadline - started)
        return now + 2 * each > deadline - margin

    def _candidates(self, view: IluliaqState, legal: ContinuousSpace) -> list[dict[str, float]]:
        out = []
        for spin in SPINS:
            for power in POWERS:
                for point in points():
                    values = aimed_throw(view, legal, point, self.hand.steady(view.kids).back)
                    values["power"] *= power
                    values["spin"] = spin
                    out.append(values)
        return out


HARD = SearchBot(hand=BOTS["hard"], candidates=120)
HINT = SearchBot(hand=AimBot(STEADY, STEADY, careful=True), candidates=120)
"""The player's hint: the hard bot's search, thrown with a steady hand (from just behind the line, in
kids' mode too), so the hint shows a throw that lands."""
