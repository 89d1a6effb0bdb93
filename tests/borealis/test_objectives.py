"""Objective cards: each requirement met and not met, auto-claiming and the end-of-round window."""

from __future__ import annotations

import pytest

from game.borealis.data import cards, objectives
from game.borealis.objectives import objective_met
from game.borealis.state import PlayCard, TakeFromPool
from tests.borealis.helpers import PASS, act, player_with, position, regroup


def _ids(species=None, vehicle=None, n=1, skip=()):
    found = [c.id for c in cards() if (species is None or c.species == species)
             and (vehicle is None or c.vehicle == vehicle) and c.id not in skip]
    return found[:n]


FIVE_SPECIES = [_ids(s)[0] for s in ("bear", "fox", "owl", "seal", "puffin")]

CASES = {
    "specialists_retreat": (dict(left_camp="AA", right_camp="A", left={"scientists": "MP"},
                                 middle={"scientists": "MP"}, right={"scientists": "MP"}),
                            dict(left_camp="AA", right_camp="M", left={"scientists": "AP"},
                                 middle={"scientists": "MP"}, right={"scientists": "MP"})),
    "comparing_notes": (dict(right_camp="AMP", left={"scientists": "AMP"}, middle={"scientists": "AMP"},
                             right={"scientists": ""}),
                        dict(left_camp="AM", right_camp="AM", left={"scientists": "MP"}, middle={"scientists": "P"},
                             right={"scientists": "AP"})),
    "morning_shift": (dict(max_regroup=5), dict(max_regroup=4)),
    "splitting_up": (dict(left={"scientists": "AM"}, middle={"scientists": "AM"}, right={"scientists": "PP"},
                          left_camp="AMP"),
                     dict(left={"scientists": "AMP"}, middle={"scientists": "AM"}, right={"scientists": "PP"},
                          left_camp="AM")),
    "balanced_ecosystem": (dict(left={"cards": _ids("bear", n=3)}, middle={"cards": _ids("fox", n=3)},
                                right={"cards": _ids("owl", n=3)}),
                           dict(left={"cards": _ids("bear", n=3)}, middle={"cards": _ids("fox", n=2)},
                                right={"cards": _ids("owl", n=5)})),
    "richness_of_nature": (dict(middle={"cards": _ids("bear", n=6)}),
                           dict(left={"cards": _ids("bear", n=5)}, right={"cards": _ids("fox", n=5)})),
    "spotting_list": (dict(left={"cards": FIVE_SPECIES[:2]}, right={"cards": FIVE_SPECIES[2:]}),
                      dict(left={"cards": FIVE_SPECIES[:2]}, right={"cards": FIVE_SPECIES[2:4]})),
    "favorite_research_object": (dict(left={"cards": _ids("seal", n=3)}, right={"cards": _ids("seal", n=6)[3:]}),
                                 dict(left={"cards": _ids("seal", n=5)}, right={"cards": _ids("fox", n=5)})),
    "organized_expedition": (dict(left={"cards": _ids(vehicle="kayak", n=2)},
                                  right={"cards": _ids(vehicle="kayak", n=4)[2:]}),
                             dict(left={"cards": _ids(vehicle="kayak", n=3) + _ids(vehicle="skis", n=3)})),
    "combing_the_area": (dict(left={"flag": 2}, middle={"flag": 2}, right={"flag": 5}),
                         dict(left={"flag": 2}, middle={"flag": 1}, right={"flag": 5})),
    "bold_explorers": (dict(middle={"flag": 5}), dict(left={"flag": 4}, middle={"flag": 4}, right={"flag": 4})),
    "promising_direction": (dict(left={"flag": 1}, right={"flag": 5}),
                            dict(left={"flag": 2}, middle={"flag": 4}, right={"flag": 5})),
}


def test_every_objective_has_a_case():
    assert set(CASES) == set(objectives())


@pytest.mark.parametrize("objective_id", sorted(CASES))
def test_objective_met_and_not_met(objective_id):
    met, not_met = CASES[objective_id]
    assert objective_met(objective_id, player_with(**met))
    assert not objective_met(objective_id, player_with(**not_met))


def _window_state(players: int = 3):
    """Seat 0 and the last seat can complete Comparing Notes by playing into the right location."""
    aa = next(c.id for c in cards() if c.left == 0 and c.right == 0)
    pp = next(c.id for c in cards() if c.left == 2 and c.right == 2)
    am = next(c.id for c in cards() if c.left == 0 and c.right == 1)
    seats = [
        {"hand": [aa], "left": {"scientists": "MPP"}, "middle": {"scientists": "MP"}, "right": {"scientists": "AA"},
         "right_camp": "AM"},
    ]
    for _seat in range(1, players - 1):
        seats.append({"hand": []})
    seats.append({"hand": [pp, am], "left": {"scientists": "AM"}, "middle": {"scientists": "AMP"},
                  "right": {"scientists": "PP"}, "right_camp": "AM"})
    pool = [c.id for c in cards() if c.species == "owl" and c.id not in (aa, pp, am)][:4]
    deck = [c.id for c in cards() if c.species == "fox"][:10]
    return position(seats, pool=pool, deck=deck, objectives=["comparing_notes"]), pp, am


def test_first_claim_takes_a_token_and_others_may_claim_until_the_round_ends():
    state, pp, _am = _window_state()
    aa = state.players[0].hand[0]
    fives = state.bank[2]
    state = act(state, PlayCard(aa, 2))
    slot = state.objectives[0]
    assert slot.claimed_by == [0] and slot.tokens == 2 and slot.closes_round == 1
    assert state.players[0].tokens[2] == 1
    state = act(state, TakeFromPool(state.pool[0]), *PASS)
    state = act(state, PlayCard(pp, 2))  # the last seat meets it in the same round
    assert state.objectives[0].claimed_by == [0, 2]
    assert state.players[2].tokens[2] == 1
    state = act(state, TakeFromPool(state.pool[0]))
    # The round ended: the card leaves with its last token.
    slot = state.objectives[0]
    assert slot.removed and slot.tokens == 0 and state.removed_tokens == 1
    assert state.bank[2] == fives
    assert state.round == 2


def test_no_claim_after_the_window_closes():
    state, pp, am = _window_state()
    aa = state.players[0].hand[0]
    state = act(state, PlayCard(aa, 2), TakeFromPool(state.pool[0]), *PASS)
    # The last seat plays elsewhere (its camps reach only 2 and 1), ending round 1.
    state = act(state, PlayCard(am, 0), TakeFromPool(state.pool[0]))
    assert state.round == 2
    assert state.objectives[0].removed and state.removed_tokens == 2
    # Next round it meets the requirement, but the card has left the game.
    state = act(state, *regroup((), 2), *PASS)
    state = act(state, PlayCard(pp, 2))
    assert objective_met("comparing_notes", state.players[2])
    assert state.objectives[0].claimed_by == [0]
    assert state.players[2].tokens[2] == 0


def test_objectives_are_not_claimed_twice_by_the_same_player():
    state, _pp, _am = _window_state()
    aa = state.players[0].hand[0]
    state = act(state, PlayCard(aa, 2), TakeFromPool(state.pool[0]))
    assert state.objectives[0].claimed_by == [0]
    assert state.players[0].tokens[2] == 1


def test_morning_shift_is_claimed_by_a_regroup_of_five():
    state = position(
        [{"hand": [], "left": {"scientists": "A"}, "middle": {"scientists": "M"}, "right": {"scientists": "P"},
          "left_camp": "AAM", "right_camp": "MPP"}, {"hand": []}],
        pool=[], deck=list(range(10)), objectives=["morning_shift"],
    )
    state = act(state, *regroup((), 1))
    assert state.players[0].max_regroup == 6
    assert state.objectives[0].claimed_by == [0]


def test_the_score_keeps_objective_tokens_apart_from_the_start_and_regroup_ones():
    from game.borealis.scoring import breakdown
    from game.borealis.tokens import token_points

    state, _pp, _am = _window_state()
    before = breakdown(state, 0)
    assert before["objectives"] == 0 and before["tokens"] == token_points(state.players[0])
    state = act(state, PlayCard(state.players[0].hand[0], 2))
    after = breakdown(state, 0)
    assert after["objectives"] == 5  # the claim's 5-point token
    assert after["tokens"] == before["tokens"]  # the start and Regroup tokens are as they were
    assert after["objectives"] + after["tokens"] == token_points(state.players[0])
