"""The shared conformance suite (tests/conformance.py) on every playable game, player count,
variant and kids' mode, and on the toy games of tests/toys.

A failure names the record of the failing game, written under tests/.failures/.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest

from game.borealis.rules import BorealisRules
from game.core import registry
from game.core.contract import HIDDEN, GameInfo
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events
from game.core.history import History
from game.core.messages import msg
from game.core.prompt import Prompt
from game.core.record import loads
from game.core.rng import Rng
from physics import resolvers
from tests import conformance, conformance_budget, conformance_playout, toys
from tests.toys import chain, coin, coin_physics, fanout, interrupt  # coin_physics registers the coin's resolver


def _all_cases() -> list[conformance.Case]:
    """Every playable game's and every toy's cases, as much of each as its budget says."""
    games = [registry.get(game_id) for game_id in registry.available()] + toys.games()
    return [case for game in games for case in conformance_budget.cases_of(game)]


CASES = [pytest.param(case, id=case.name) for case in _all_cases()]


@pytest.mark.parametrize("case", CASES)
def test_random_playout_ends_with_a_result(case):
    conformance.check_end(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_game_info_flags_tell_the_truth(case):
    conformance.check_flags(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_json_clone_and_position_round_trips(case):
    conformance.check_round_trips(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_views_and_resample_agree(case):
    conformance.check_views(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_steps_without_a_barrier_reveal_nothing(case):
    conformance.check_leaks(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_log_lines_tell_each_seat_only_what_it_may_see(case):
    conformance.check_log_privacy(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_prompts_and_describe_for_every_seat_and_action(case):
    conformance.check_prompts(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_undo_follows_the_barriers(case):
    conformance.check_undo(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_replay_equals_play_without_physics(case):
    conformance.check_replay(conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_illegal_actions_are_refused_with_a_sentence(case):
    assert conformance.check_illegal(conformance.play(case)) > 0


@pytest.mark.parametrize("case", [c for c in CASES if conformance_budget.bots_checked(c.values[0])])
def test_bots_choose_legal_actions(case):
    conformance.check_bots(conformance.play(case))


def test_some_game_is_playable():
    assert "borealis" in registry.available()


def test_iluliaq_is_checked_in_every_count_its_variant_and_kids_with_the_real_physics():
    cases = conformance_budget.cases_of(registry.get("iluliaq"))
    assert {c.options.players for c in cases} == set(range(2, 7))
    assert any(c.options.kids for c in cases) and any(c.options.variants["good_aim"] == "yes" for c in cases)
    assert resolvers.resolver_for("iluliaq").__module__ == "physics.iluliaq.resolver"


def test_every_game_has_a_conformance_budget():
    """A game in the catalogue says what its conformance costs (measured: tests/conformance_budget.py)."""
    assert set(registry.available()) <= set(conformance_budget.BUDGETS)


def test_a_short_game_stops_where_its_budget_says_and_is_checked_as_far_as_it_went(failures):
    game = interrupt.RULES
    case = conformance.Case(game, game.default_options(3), 1, 5)
    playout = conformance.play(case)
    assert len(playout.actions) == 5 and not playout.whole and case.name.endswith("-s1-short5")
    whole = conformance.play(conformance.Case(game, game.default_options(3), 1))
    assert whole.whole and whole.actions[:5] == playout.actions
    for check in conformance_budget.CHECKS:
        getattr(conformance, check)(playout)


# --- the suite catches broken games (each check can fail) ---------------------------------------


def _renamed(info: GameInfo, suffix: str, **changes) -> GameInfo:
    return dataclasses.replace(info, id=f"{info.id}_{suffix}", **changes)


class LeakyView(interrupt.Hunters):
    """Forgets to hide the deck."""

    info = _renamed(interrupt.Hunters.info, "leaky_view")

    def view(self, state, seat):
        view = super().view(state, seat)
        view.deck = list(state.deck)
        return view


class SilentDraw(interrupt.Hunters):
    """Draws a card without saying it was revealed: the step looks undoable, but it taught something."""

    info = _renamed(interrupt.Hunters.info, "silent_draw")

    def step(self, state, action, events=NO_EVENTS):
        inner = Events()
        super().step(state, action, inner)
        for event in inner.items:
            if event.kind != "revealed":
                events.add(event)


class ForgetfulResample(interrupt.Hunters):
    """Deals the seat's own hand afresh too."""

    info = _renamed(interrupt.Hunters.info, "forgetful_resample")

    def resample(self, view, seat, rng):
        state = super().resample(view, seat, rng)
        pool = state.hands[seat] + state.deck
        rng.shuffle(pool)
        size = len(state.hands[seat])
        state.hands[seat], state.deck = sorted(pool[:size]), pool[size:]
        return state


class Mute(interrupt.Hunters):
    """Refuses without a sentence."""

    info = _renamed(interrupt.Hunters.info, "mute")

    def step(self, state, action, events=NO_EVENTS):
        try:
            super().step(state, action, events)
        except IllegalAction:
            raise IllegalAction("") from None


class Leaking(interrupt.Hunters):
    """A devoured card vanishes: components are not conserved."""

    info = _renamed(interrupt.Hunters.info, "leaking")

    def components(self, state):
        return super().components(state) - Counter(f"card:{c}" for pile in state.larder for c in pile)


class ClaimsNoSecrets(interrupt.Hunters):
    """Says it has no hidden information."""

    info = _renamed(interrupt.Hunters.info, "no_secrets", hidden=False)

    def resample(self, view, seat, rng):
        return interrupt.Hunters.resample(self, view, seat, rng)


class ClaimsNoChance(interrupt.Hunters):
    """Says it has no chance, yet shuffles its deck."""

    info = _renamed(interrupt.Hunters.info, "no_chance", chance=False)


class ShallowClone(fanout.AvalancheGame):
    """Its clone is a shallow copy: apply mutates the state it was given."""

    info = _renamed(fanout.AvalancheGame.info, "shallow_clone")

    def clone(self, state):
        return copy.copy(state)


class SharedUsed(fanout.AvalancheGame):
    """Its clone shares the list of spent tokens with the original."""

    info = _renamed(fanout.AvalancheGame.info, "shared_used")

    def clone(self, state):
        new = copy.deepcopy(state)
        new.used = state.used
        return new


class HiddenBack(fanout.AvalancheGame):
    """Its prompt forgets the Back button."""

    info = _renamed(fanout.AvalancheGame.info, "hidden_back")

    def prompt(self, view, seat):
        prompt = super().prompt(view, seat)
        buttons = tuple(b for b in prompt.buttons if b.name != "back")
        return Prompt(prompt.seat, prompt.text, prompt.choices, buttons, prompt.waiting, prompt.space, prompt.frame)


class TalksInBraces(fanout.AvalancheGame):
    """A describe line whose placeholder is never filled."""

    info = _renamed(fanout.AvalancheGame.info, "braces")

    def describe(self, state, action):
        return msg("climbs {rows} rows") if isinstance(action, fanout.Climb) else super().describe(state, action)


class Moody:
    """A bot that remembers its earlier calls: it decides by something that is not in the view."""

    calls = 0

    def choose(self, game, view, legal, rng, deadline):
        Moody.calls += 1
        actions = legal.actions()
        return actions[Moody.calls % len(actions)]


class MoodyBot(fanout.AvalancheGame):
    info = _renamed(fanout.AvalancheGame.info, "moody_bot")

    def bots(self):
        return {"normal": Moody()}


class Unreplayable(fanout.AvalancheGame):
    """Sets up from something outside its seed (a counter of games made)."""

    info = _renamed(fanout.AvalancheGame.info, "unreplayable")
    made = 0

    def new_game(self, options, seed):
        Unreplayable.made += 1
        state = super().new_game(options, seed)
        state.rows[0][0] = Unreplayable.made % 2
        return state


class Resimulating(coin.FlickGame):
    """Runs the physics again in step instead of trusting the recorded outcome."""

    info = _renamed(coin.FlickGame.info, "resimulating")

    def step(self, state, action, events=NO_EVENTS):
        resolver = resolvers.resolver_for(self.info.id)
        super().step(state, resolver(self, self.view(state, state.to_act), action.intent), events)


class BadSums(fanout.AvalancheGame):
    """Its breakdown forgets a term of the score."""

    info = _renamed(fanout.AvalancheGame.info, "bad_sums")

    def result(self, state):
        result = super().result(state)
        rows = tuple({"height": row["height"]} for row in result.breakdown)
        return dataclasses.replace(result, breakdown=rows, scores=tuple(s + 1 for s in result.scores))


class LoudMarks(BorealisRules):
    """Lets every seat read which cards a player marks in a hidden hand."""

    info = _renamed(BorealisRules.info, "loud_marks")

    def log_audience(self, state, action):
        return None


class Cheat:
    def choose(self, game, view, legal, rng, deadline):
        return fanout.Climb(5)


class CheatingBot(fanout.AvalancheGame):
    info = _renamed(fanout.AvalancheGame.info, "cheating_bot")

    def bots(self):
        return {"normal": Cheat()}


class OpenPeek(chain.KrillChain):
    """Forgets to declare a peek's cards private: the other seats see them in the frame."""

    info = _renamed(chain.KrillChain.info, "open_peek")
    stages = {**chain.KrillChain.stages, "pick": dataclasses.replace(chain.KrillChain.stages["pick"], private=())}


MUTANTS = [
    (LeakyView, conformance.check_views, "resample is not consistent"),
    (SilentDraw, conformance.check_leaks, "learns something hidden"),
    (ForgetfulResample, conformance.check_views, "resample is not consistent"),
    (Mute, conformance.check_illegal, "without a sentence"),
    (ClaimsNoSecrets, conformance.check_flags, "views differ"),
    (ClaimsNoChance, conformance.check_flags, "two seeds set up different games"),
    (ShallowClone, None, "changed the state it was given"),
    (SharedUsed, conformance.check_round_trips, "clone shares a part"),
    (HiddenBack, conformance.check_prompts, "missing from the prompt"),
    (TalksInBraces, conformance.check_prompts, "placeholder left"),
    (MoodyBot, conformance.check_views, "bot decides differently"),
    (Unreplayable, conformance.check_replay, "replay differs"),
    (BadSums, conformance.check_end, "does not add up"),
    (CheatingBot, conformance.check_bots, "not legal"),
    (LoudMarks, conformance.check_log_privacy, "tells it something hidden"),
    (Resimulating, conformance.check_replay, "replay ran the physics"),
    (OpenPeek, conformance.check_leaks, "revealed to others only"),
]


@pytest.fixture
def failures(tmp_path, monkeypatch):
    monkeypatch.setattr(conformance_playout, "FAILURES", tmp_path)  # where write_failure reads it
    return tmp_path


@pytest.mark.parametrize(("cls", "check", "words"), MUTANTS, ids=[m[0].__name__ for m in MUTANTS])
def test_the_suite_catches_a_broken_game(cls, check, words, failures):
    game = cls()
    registry.register(game)
    if game.info.physics:
        resolvers.register(game.info.id, coin_physics.resolve)
    try:
        seeds = (1, 2, 3)
        errors = []
        for options in game.option_sets()[:3]:
            for seed in seeds:
                case = conformance.Case(game, options, seed)
                try:
                    playout = conformance.play(case)
                    if check is not None:
                        check(playout)
                except AssertionError as exc:
                    errors.append(str(exc))
        assert errors, f"{cls.__name__}: the suite did not notice"
        assert any(words in e for e in errors), errors[0]
        message = next(e for e in errors if words in e)
        path = message.split("the game's record: ")[1].split("\n")[0]
        assert path.startswith(str(failures)) and "open it with: polar-table replay" in message
        assert f"--rules {cls.__module__}" in message
        again = History.from_record(loads(Path(path).read_text()))
        assert again.game is game
    finally:
        registry.unregister(game.info.id)
        resolvers.unregister(game.info.id)


def test_components_that_change_are_caught(failures):
    game = Leaking()
    with pytest.raises(AssertionError, match="components changed"):
        for seed in (1, 2, 3, 4):
            conformance.play(conformance.Case(game, game.default_options(3), seed))


def test_a_hidden_card_in_a_view_is_hidden():
    state = interrupt.RULES.new_game(interrupt.RULES.default_options(2), 1)
    view = interrupt.RULES.view(state, 0)
    assert view.hands[1] == [HIDDEN] * 3 and HIDDEN not in view.hands[0]
    assert json.loads(json.dumps(interrupt.RULES.state_to_json(view)))["rng"] == {"state": 0}
    assert interrupt.RULES.resample(view, 0, Rng.from_seed(3)).hands[0] == state.hands[0]
