"""The hard bot tries candidate throws through the resolver it is given (at least 100 within its
budget) and keeps one that costs it nothing where one exists; without a resolver it aims by geometry."""

from __future__ import annotations

from game.core.bots import bot_for, decide
from game.iluliaq.rules import RULES
from game.iluliaq.search import SearchBot, cost
from game.iluliaq.table import Outcome, Pose, start_poses
from tests.iluliaq.stand_in import resolve as stand_in


def test_the_hard_bot_searches_at_least_100_throws_through_the_resolver():
    state = RULES.new_game(RULES.default_options(3), 5)
    calls: list[object] = []

    def counting(game, view, intent):
        calls.append(intent)
        return stand_in(game, view, intent)

    bot = bot_for(RULES, "hard")
    assert isinstance(bot, SearchBot)
    action = decide(RULES, state, "hard", seed=1, budget=5.0, resolver=counting)
    assert len(calls) >= 101 and SearchBot.tried[-1] >= 100  # the candidates, then the throw itself
    landed = {p.card: p for p in action.outcome.poses}[action.outcome.card]
    assert landed.layer >= 1  # the chosen throw (steady hand) stays on the iceberg


def test_without_a_resolver_the_hard_bot_aims_by_geometry():
    state = RULES.new_game(RULES.default_options(2), 5)
    view = RULES.view(state, 0)
    from game.core.rng import Rng

    intent = bot_for(RULES, "hard").choose(RULES, view, RULES.space(view), Rng.from_seed(1), 0.0)
    assert intent.kind == "throw"


def test_the_cost_counts_the_cards_a_throw_sends_to_the_thrower():
    state = RULES.new_game(RULES.default_options(2), 5)
    view = RULES.view(state, 0)
    card = view.card_in_hand()
    base = list(start_poses())
    stays = Outcome(card, (*base, Pose(card, 0.0, 0.0, 0.0, 3)))
    missed = Outcome(card, (*base, Pose(card, 300.0, 0.0, 0.0, 0)))
    knocked = Outcome(card, (*[Pose(p.card, 200.0, 0.0, 0.0, 0) if p.card == 64 else p for p in base],
                             Pose(card, 300.0, 0.0, 0.0, 0)))
    assert cost(view, stays) < 0 < cost(view, missed) == 1.0 < cost(view, knocked) == 2.0


def crowded(view, cards: int):
    """``view`` with ``cards`` more animal cards lying on the iceberg (where matters not to the stand-in)."""
    import dataclasses

    free = [c for c in range(64) if c != view.card_in_hand() and c not in {p.card for p in view.table}]
    extra = [Pose(c, -60.0 + 4.0 * k, 0.0, 0.0, 1 + k % 3) for k, c in enumerate(free[:cards])]
    return dataclasses.replace(view, table=[*view.table, *extra])


def counted_choice(bot: SearchBot, view, seed: int, deadline: float = 1e12) -> tuple[object, list[object]]:
    from game.core.rng import Rng

    calls: list[object] = []

    def counting(game, v, intent):
        calls.append(intent)
        return stand_in(game, v, intent)

    return bot.choose(RULES, view, RULES.space(view), Rng.from_seed(seed), deadline, resolver=counting), calls


def test_the_search_is_bounded_by_the_cards_it_simulates_and_chooses_alike_for_a_seed():
    from game.iluliaq.search import HARD

    view = RULES.view(RULES.new_game(RULES.default_options(6), 5), 0)
    bare, busy = view, crowded(view, 30)
    assert HARD.allowed(bare) == HARD.candidates  # a young iceberg gets every candidate
    assert HARD.allowed(busy) == HARD.work // HARD.cost_of(busy) < HARD.candidates
    for v in (bare, busy):
        first, calls = counted_choice(HARD, v, 3)
        again, calls_again = counted_choice(HARD, v, 3)
        assert len(calls) == len(calls_again) == HARD.allowed(v) and calls == calls_again
        assert first == again  # no deadline near: the same view and seed choose the same throw
        assert len(calls) * HARD.cost_of(v) <= max(HARD.work, HARD.cost_of(v))


class Clock:
    """A clock that moves ``step`` seconds each time it is read, and jumps once when told to."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 100.0, step, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def test_the_search_stops_when_its_clock_says_another_try_would_not_fit():
    import dataclasses

    from game.iluliaq.search import HARD

    view = RULES.view(RULES.new_game(RULES.default_options(6), 5), 0)
    clock = Clock(0.01)  # each candidate takes 10 ms by this clock
    bot = dataclasses.replace(HARD, clock=clock)
    action, calls = counted_choice(bot, view, 3, deadline=100.0 + 0.5)
    assert RULES.space(view).contains(action)
    # 0.5 s less a tenth of margin, less room for the next try and the chosen throw's resolution
    assert len(calls) == SearchBot.tried[-1] and 40 <= len(calls) < HARD.allowed(view)
    assert clock.now <= 100.0 + 0.5 - 0.05

    slow = dataclasses.replace(HARD, clock=Clock(1.0))  # a machine so loaded one try outlasts the budget
    _action, calls = counted_choice(slow, view, 3, deadline=100.0 + 0.5)
    assert len(calls) == 1  # the first candidate is always tried, so there is a throw to answer


def test_a_pause_on_a_loaded_machine_counts_as_the_time_a_try_takes():
    import dataclasses

    from game.iluliaq.search import HARD

    class Pausing(Clock):
        def __call__(self) -> float:
            self.reads += 1
            self.now += self.step if self.reads == 4 else 0.001  # the second try is held up
            return self.now

    view = RULES.view(RULES.new_game(RULES.default_options(6), 5), 0)
    _action, calls = counted_choice(dataclasses.replace(HARD, clock=Clock(0.001)), view, 3, deadline=100.5)
    assert len(calls) == HARD.allowed(view)  # 1 ms a try: every candidate fits
    _action, calls = counted_choice(dataclasses.replace(HARD, clock=Pausing(0.15)), view, 3, deadline=100.5)
    assert len(calls) == 2  # at 100.153, two more tries as long as the held-up one would end past 100.45
    _action, calls = counted_choice(dataclasses.replace(HARD, clock=Pausing(0.1)), view, 3, deadline=100.5)
    assert len(calls) == HARD.allowed(view)  # one that fits is judged on, by the next try's time
