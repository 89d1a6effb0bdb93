"""A determinising search bot any game can use as its hard level.

For each candidate action it draws states consistent with its own view (``Game.resample``), plays
the candidate, then lets a playout policy (the game's normal bot, or random moves) finish the game
or play ``DEPTH`` more actions, and keeps the candidate whose playouts end best for its seat.
Samples are shared by all candidates (common random numbers), and it stops at the deadline.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.core.contract import Action, Game, State
from game.core.rng import Rng
from game.core.spaces import ActionSpace

CANDIDATES = 8
"""Most candidate actions compared (sampled from a larger or continuous space)."""
DEPTH = 200
"""Most actions a playout plays after the candidate before it is judged where it stands."""
SAMPLES = 64
"""Most resampled worlds per decision (the deadline usually stops it first)."""
MARGIN = 0.03
"""Seconds kept in hand before the deadline to answer."""


def outcome(game: Game, state: State, seat: int) -> float:
    """What an end (or a cut-off position) is worth to ``seat``: 1 for a win shared by none, the
    share of a shared win, plus a small term for the score margin over the best rival."""
    result = game.result(state)
    win = (1.0 / len(result.winners)) if seat in result.winners else 0.0
    rivals = [s for i, s in enumerate(result.scores) if i != seat]
    margin = result.scores[seat] - (max(rivals) if rivals else 0)
    return win + 0.01 * margin


class SearchBot:
    def __init__(self, policy: object, candidates: int = CANDIDATES, depth: int = DEPTH,
                 samples: int = SAMPLES) -> None:
        self.policy = policy
        """The playout policy: a bot (its ``choose`` is called with a short deadline)."""
        self.candidates = candidates
        self.depth = depth
        self.samples = samples
        """Most resampled worlds per decision: with a distant deadline the bot is deterministic."""

    def _candidates(self, legal: ActionSpace, rng: Rng) -> list[Action]:
        if legal.finite:
            actions = legal.actions()
            if len(actions) <= self.candidates:
                return actions
            return rng.sample(actions, self.candidates)
        found: list[Action] = []
        for _i in range(self.candidates * 4):
            action = legal.sample(rng)
            if action not in found:
                found.append(action)
            if len(found) >= self.candidates:
                break
        return found

    def _playout(self, game: Game, state: State, seat: int, rng: Rng, deadline: float) -> float:
        for _i in range(self.depth):
            if game.is_over(state) or time.monotonic() >= deadline:
                break
            mover = state.to_act
            assert mover is not None
            view = game.view(state, mover)
            legal = game.space(view)
            action = self.policy.choose(game, view, legal, rng, deadline)  # type: ignore[attr-defined]
            if game.needs_resolver(action):
                break  # a physics move cannot be played out without its resolver
            game.step(state, action)
        return outcome(game, state, seat)

    def choose(self, game: Game, view: State, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        seat = view.to_act
        assert seat is not None
        options: Sequence[Action] = self._candidates(legal, rng)
        if len(options) == 1:
            return options[0]
        if any(game.needs_resolver(a) for a in options):
            return self.policy.choose(game, view, legal, rng, deadline)  # type: ignore[attr-defined]
        totals = [0.0] * len(options)
        started = time.monotonic()
        stop = deadline - MARGIN
        samples = 0
        while True:
            now = time.monotonic()
            if samples and now + (now - started) / samples > stop:
                break
            world = game.resample(view, seat, rng)
            seed = rng.next64()
            values = []
            for action in options:
                state = game.clone(world)
                game.step(state, action)
                values.append(self._playout(game, state, seat, Rng(seed), stop))
            if time.monotonic() > stop and samples:
                break
            for i, v in enumerate(values):
                totals[i] += v
            samples += 1
            if samples >= self.samples:
                break
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]
