"""What the conformance suite (tests/conformance.py) spends on each game in `make test`, set here and
nowhere else.

Every option set of a game (player count, variant, kids' mode) plays one random game for each of its
budget's ``seeds``, and the bots are checked on the first seed's. A game whose games are long may
play some seeds short: a ``short`` seed's playout stops after ``short_actions`` actions (the suite
checks what was played; the end is checked on the whole games). Shortening is the suite's, for its
playouts only: the game's rules stay as players know them.

A game costs ``make test`` its playouts plus each check on them; the checks that look at states
(views, leaks, prompts, bots) look at a bounded spread of them (conformance.STATES, LEAK_STEPS), so a
long game costs more mostly in its playouts, undo and replay. Keep a game's share within LIMIT
seconds of test time (it runs on two workers: about half of that in wall time), and measure it,
serially, with::

    SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.conformance_budget [GAME ...]
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from game.core.contract import Game

LIMIT = 60.0
"""Seconds of test time a game's conformance may take in `make test` (what the tool above prints)."""


@dataclass(frozen=True)
class Budget:
    seeds: tuple[int, ...] = (1, 2, 3)
    """Seeds played to the end in every option set."""
    short: tuple[int, ...] = ()
    """Seeds played for ``short_actions`` actions only in every option set."""
    short_actions: int = 60
    whole_with: dict[str, str] = field(default_factory=dict)
    """Variant choices a whole game is played with (a long game's short length): every option set's
    whole games take them, and an option set that chose otherwise plays its seeds for
    ``short_actions`` only, so each length is checked, but the long one never to its end."""


BUDGETS: dict[str, Budget] = {
    # measured with the tool above on a 2-core machine (others working on it)
    "borealis": Budget(seeds=(1, 2, 3)),  # 27 cases, ~20 s
    "iluliaq": Budget(seeds=(1, 2)),  # 30 cases with the real physics, ~40 s (the bots' views dominate)
    "iceflow": Budget(seeds=(1, 2), short_actions=150, whole_with={"length": "short"}),
    "ilan": Budget(seeds=(1, 2), short_actions=120, whole_with={"first": "drawn"}),  # 26 cases, ~27 s
}
TOYS = Budget(seeds=(1, 2, 3))
"""The toy games of tests/toys (small and quick)."""


def budget_of(game: Game) -> Budget:
    return BUDGETS.get(game.info.id, TOYS)


def cases_of(game: Game) -> list:
    """The conformance cases of ``game`` in `make test`: its whole games, then its short ones."""
    from tests.conformance import Case

    budget = budget_of(game)
    sets = game.option_sets()
    played = []
    for options in sets:
        with_whole = dataclasses.replace(options, variants={**options.variants, **budget.whole_with})
        if with_whole not in played:
            played.append(with_whole)
    whole = [Case(game, options, seed) for options in played for seed in budget.seeds]
    cut = [options for options in sets if options not in played]
    short = [Case(game, options, seed, budget.short_actions) for options in sets for seed in budget.short]
    short += [Case(game, options, seed, budget.short_actions) for options in cut for seed in budget.seeds]
    return whole + short


def bots_checked(case) -> bool:
    """The bots are checked on the first seed of each option set."""
    return case.seed == budget_of(case.game).seeds[0] and case.actions is None


CHECKS = ("check_end", "check_flags", "check_round_trips", "check_views", "check_leaks", "check_log_privacy",
          "check_prompts", "check_undo", "check_replay", "check_illegal", "check_bots")


def measure(game: Game) -> Counter:
    """Seconds spent on ``game``'s cases, by playouts and by check (as tests/test_conformance.py runs them)."""
    from tests import conformance

    spent: Counter = Counter()
    for case in cases_of(game):
        began = time.perf_counter()
        playout = conformance.play(case)
        spent["playouts"] += time.perf_counter() - began
        spent["actions played"] += len(playout.actions)
        spent["cases"] += 1
        for name in CHECKS:
            if name == "check_bots" and not bots_checked(case):
                continue
            began = time.perf_counter()
            getattr(conformance, name)(playout)
            spent[name] += time.perf_counter() - began
    return spent


def main(argv: list[str]) -> int:
    from game.core import registry
    from tests import toys

    games = {game.info.id: game for game in toys.games()}
    games.update({game_id: registry.get(game_id) for game_id in registry.available()})
    over = 0
    for game_id in argv or sorted(games):
        spent = measure(games[game_id])
        total = sum(v for k, v in spent.items() if k.startswith(("check_", "playouts")))
        over += total > LIMIT
        parts = ", ".join(f"{k.removeprefix('check_')} {v:.1f}" for k, v in spent.items() if k.startswith(("check_",
                                                                                                            "play")))
        print(f"{game_id}: {total:.1f} s for {spent['cases']} cases ({spent['actions played']} actions): {parts}")
    return 1 if over else 0


if __name__ == "__main__":
    import tests.toys.coin_physics  # noqa: F401 - registers the coin toy's resolver

    sys.exit(main(sys.argv[1:]))
