"""The shared conformance suite (tests/conformance.py) on Iluliaq, in every player count, the
good-aim variant and kids' mode, with the stand-in resolver (tests/iluliaq/stand_in.py) until the
physics lands. Once Iluliaq is in the catalogue, tests/test_conformance.py runs it too."""

from __future__ import annotations

import pytest

from game.iluliaq.rules import RULES
from tests import conformance

SEEDS = (1, 2, 3)
CASES = [pytest.param(case, id=case.name) for case in conformance.cases([RULES], SEEDS)]
CHECKS = {
    "end": conformance.check_end,
    "flags": conformance.check_flags,
    "round_trips": conformance.check_round_trips,
    "views": conformance.check_views,
    "leaks": conformance.check_leaks,
    "log_privacy": conformance.check_log_privacy,
    "prompts": conformance.check_prompts,
    "undo": conformance.check_undo,
    "replay": conformance.check_replay,
}


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("case", CASES)
def test_conformance(case, check):
    CHECKS[check](conformance.play(case))


@pytest.mark.parametrize("case", CASES)
def test_illegal_actions_are_refused_with_a_sentence(case):
    assert conformance.check_illegal(conformance.play(case)) > 0


@pytest.mark.parametrize("case", [c for c in CASES if c.values[0].seed == 1])
def test_bots_choose_legal_actions(case):
    conformance.check_bots(conformance.play(case))


def test_the_option_sets_cover_every_count_the_variant_and_kids():
    sets = RULES.option_sets()
    assert {o.players for o in sets} == set(range(2, 7))
    assert any(o.kids for o in sets) and any(o.variants["good_aim"] == "yes" for o in sets)
