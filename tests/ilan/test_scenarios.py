"""ILAN's scenario checks (rules spec §3.3.2, "Scenario checks an implementation should pass"), each on a
small position, through the rules' own actions."""

from __future__ import annotations

import pytest

from game.core.contract import Options
from game.core.errors import IllegalAction, SaveError
from game.ilan.cards import card
from game.ilan.rules import RULES
from game.ilan.state import PICK, Back, Collect, Done, Draw, IlanState, No, Pick, PlayCard, Yes
from tests.ilan.build import legal, play, position


def num(pile: list[int], cid: str) -> int:
    return next(n for n in pile if card(n).id == cid)


def ids(pile: list[int]) -> list[str]:
    return sorted(card(n).id for n in pile)


def collect(state: IlanState, *cids: str) -> IlanState:
    eco = state.ecosystems[state.to_act]
    return play(state, Collect(), *[Pick(num(eco, c)) for c in cids], Done())


# --- webs -------------------------------------------------------------------------------------------


def test_webs_score_7_for_four_colours_and_11_for_five():
    state = position([["B03", "B19", "B35", "B50", "B69"], []], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")))  # gain 1
    assert state.vp[0] == 1
    four = collect(state, "B03", "B19", "B35", "B50")
    assert four.vp[0] == 1 + 7
    five = collect(state, "B03", "B19", "B35", "B50", "B69")
    assert five.vp[0] == 1 + 11 and five.webs[0] == 1
    assert Collect() not in legal(five)  # one web a turn


def test_no_green_no_web():
    state = position([["B19", "B35", "B50", "B69"], []], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")))
    assert Collect() not in legal(state)
    with pytest.raises(IllegalAction, match="green"):
        RULES.apply(state, Collect())


def test_a_web_with_b02_while_a_rival_holds_b70_scores_9():
    state = position([["B02", "B19", "B35", "B50"], ["B70"]], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")))
    state = collect(state, "B02", "B19", "B35", "B50")
    assert state.vp[0] == 1 + 7 + 3 - 1
    assert state.sources[0]["webs"] == 9


def test_web_cards_are_not_dead():
    state = position([["B03", "B19", "B35", "B50"], ["B20"]], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")))
    state = collect(state, "B03", "B19", "B35", "B50")
    assert state.vp[1] == 0  # B20's DEATH (category 2 or 4 dies) does not fire
    assert not state.dead and len(state.bio_discard) == 4


# --- take, steal, move and CHANGE ---------------------------------------------------------------------


def test_b13_taking_b25_from_the_current_is_no_change_of_ecosystem():
    state = position([[], []], hands=[["B13"], []], current=("B25", "B14", "B49"))
    state = play(state, PlayCard(num(state.hands[0], "B13")))
    assert ids(state.ecosystems[0]) == ["B13", "B25"]
    assert state.vp[0] == 1


def test_b38_stealing_b25_pays_1_and_its_change_2():
    state = position([[], ["B25"]], hands=[["B38"], []])
    state = play(state, PlayCard(num(state.hands[0], "B38")))
    assert ids(state.ecosystems[0]) == ["B25", "B38"] and state.ecosystems[1] == []
    assert state.vp[0] == 1 + 2


def test_f25_moving_a_rivals_b62_to_the_current():
    state = position([[], ["B62"]], hands=[["F25", "B14"], []], vp=[5, 5])
    state = play(state, PlayCard(num(state.hands[0], "F25")))
    assert "B62" in ids(state.current)
    assert state.vp == [4, 7]


# --- devour, DEFENSE and DRAIN --------------------------------------------------------------------------


def test_b28_devouring_b10_from_the_current_gains_1_and_loses_2():
    state = position([[], []], hands=[["B28"], []], current=("B10", "B14", "B49"), vp=[5, 5])
    state = play(state, PlayCard(num(state.hands[0], "B28")))
    assert state.vp == [4, 5]
    assert num(state.bio_discard, "B10") in state.dead
    assert len(state.current) == 3  # refilled


def test_f22_with_only_b64_to_eat_does_nothing():
    state = position([[], ["B64"]], hands=[["F22", "B14"], []], vp=[5, 5])
    state = play(state, PlayCard(num(state.hands[0], "F22")))
    assert state.vp == [5, 5]
    assert ids(state.ecosystems[1]) == ["B64"]


def test_devour_never_offers_a_card_of_ones_own_ecosystem():
    state = position([["B01"], ["B03"]], hands=[["B28"], []], current=("B14", "B49", "B02"))
    state = play(state, PlayCard(num(state.hands[0], "B28")))
    assert state.frame.name == PICK
    offered = {a.card for a in legal(state) if isinstance(a, Pick)}
    assert offered == {num(state.ecosystems[1], "B03"), num(state.current, "B02")}
    with pytest.raises(IllegalAction, match="own ecosystem"):
        RULES.apply(state, Pick(num(state.ecosystems[0], "B01")))


def test_a_defence_keeps_a_card_from_the_attackers_it_names():
    state = position([[], ["B12", "B11"]], hands=[["B19"], []], current=("B41", "B45", "B49"))
    # B12 cannot be devoured by category 2
    state = play(state, PlayCard(num(state.hands[0], "B19")))
    assert ids(state.ecosystems[1]) == ["B12"]  # B11 was the only target
    assert state.vp[0] == 1


# --- passives -------------------------------------------------------------------------------------------


def test_a_rival_playing_b31_while_you_hold_b30():
    state = position([["B30"], []], hands=[[], ["B31"]], seat=1)
    state = play(state, PlayCard(num(state.hands[1], "B31")))
    assert state.vp[0] == 2
    assert state.to_act == 0 and state.frame.name == PICK  # asked on another player's turn
    assert set(legal(state)) == {Yes(), No()}
    state = play(state, Yes())
    assert state.ecosystems[1] == [] and num(state.bio_discard, "B31") in state.dead
    assert state.to_act == 1


def test_turn_passives_fire_at_the_start_of_their_owners_turn():
    state = position([["B53", "B65", "B49"], []])
    assert state.vp[0] == 2  # B53: 1; B65: 1 with a category 4 or 5 card (B49)


def test_death_passives_of_two_rivals_at_39_the_first_clockwise_wins():
    state = position([[], ["B55"], ["B23"]], hands=[["B56"], [], []], current=("B62", "B14", "B49"),
                     vp=[0, 39, 39])
    state = play(state, PlayCard(num(state.hands[0], "B56")))
    state = play(state, Pick(num(state.current, "B62")))
    assert state.winner == 1 and RULES.is_over(state)
    assert state.vp == [2, 40, 39]  # B23 never fired
    assert not state.triggers


# --- group subjects -------------------------------------------------------------------------------------


def test_f05_everybody_gives_at_once():
    state = position([["B44"], ["B14"], ["B03"]], hands=[["F05", "B49"], [], []])
    state = play(state, PlayCard(num(state.hands[0], "F05")))
    assert [ids(e) for e in state.ecosystems] == [["B03"], ["B44"], ["B14"]]
    assert state.vp[1] == 2  # B44's CHANGE pays its receiver


def test_f05_choices_are_made_in_seat_order_before_anything_moves():
    state = position([["B44", "B49"], ["B14", "B12"], ["B03"]], hands=[["F05", "B41"], [], []])
    state = play(state, PlayCard(num(state.hands[0], "F05")))
    assert state.to_act == 0
    state = play(state, Pick(num(state.ecosystems[0], "B44")))
    assert state.to_act == 1 and "B44" in ids(state.ecosystems[0])  # nothing given yet
    state = play(state, Pick(num(state.ecosystems[1], "B12")))
    assert [ids(e) for e in state.ecosystems] == [["B03", "B49"], ["B14", "B44"], ["B12"]]


def test_a_protected_player_is_not_able_to_kill_under_f13():
    state = position([["B50"], ["B53"]], hands=[["F19", "B14"], ["F13", "B49"]])
    state = play(state, PlayCard(num(state.hands[0], "F19")), PlayCard(num(state.hands[0], "B14")), Draw("bio"))
    assert state.to_act == 1
    state = play(state, PlayCard(num(state.hands[1], "F13")))
    assert ids(state.ecosystems[0]) == ["B14", "B50"]
    assert ids(state.ecosystems[1]) == []


def test_f12_leaves_exactly_three_cards_in_the_current():
    state = position([[], []], hands=[["F12"], []], current=("B14", "B49", "B03", "B12", "B22"))
    state = play(state, PlayCard(num(state.hands[0], "F12")))
    assert len(state.current) == 3


# --- the turn and the limits ----------------------------------------------------------------------------


def test_a_biodiversity_card_must_be_played_before_the_draw():
    state = position([[], []], hands=[["B14", "F17"], []])
    assert Draw("bio") not in legal(state)
    with pytest.raises(IllegalAction, match="biodiversity card first"):
        RULES.apply(state, Draw("bio"))
    state = play(state, PlayCard(num(state.hands[0], "F17")))
    assert state.vp[0] == 2
    assert PlayCard(num(state.hands[0], "B14")) in legal(state)


def test_limits_apply_to_the_active_player_after_the_draw_and_to_biodiversity_cards():
    hand = ["B14", "B49", "B03", "B12", "B22", "B39", "F17", "F24"]
    state = position([[], []], hands=[hand, ["B01", "B05", "B06", "B07", "B08", "B09", "B17"]],
                     deck_top=("B41",))
    state = play(state, PlayCard(num(state.hands[0], "B14")), Draw("bio"))
    assert state.frame.name == "turn" and state.to_act == 1  # 6 biodiversity cards and 2 factors: within
    assert len(state.hands[1]) == 7  # the other player is over the limit until the end of their own turn
    state = position([[], []], hands=[[*hand, "B11"], []], deck_top=("B41",))
    state = play(state, PlayCard(num(state.hands[0], "B14")))
    state = play(state, Draw("bio"))
    assert state.frame.name == "limits" and state.to_act == 0
    state = play(state, Pick(num(state.hands[0], "B41")))
    assert num(state.bio_discard, "B41") in state.dead and state.to_act == 1


def test_both_decks_empty_nothing_is_drawn():
    state = position([[], []], hands=[["B14"], []], empty_decks=True)
    state = play(state, PlayCard(num(state.hands[0], "B14")), Draw("bio"))
    assert state.hands[0] == [] and state.to_act == 1


def test_no_cube_goes_behind_the_military_base():
    state = position([[], []], hands=[["F27", "B14"], []], current=("B03", "B49", "B50"), vp=[0, 0])
    state = play(state, PlayCard(num(state.hands[0], "F27")))
    state = play(state, Pick(num(state.current, "B03")), Done())
    assert state.vp[0] == 0


def test_the_reshuffle_guard_ends_a_loop():
    """A refill reveals B31, B30 devours it, the refill would reveal it again: one reshuffle a chain."""
    state = position([[], ["B30"]], hands=[["B03"], []], current=("B14", "B49"), discard=("B31",),
                     empty_decks=True)
    state = play(state, PlayCard(num(state.hands[0], "B03")))
    assert state.to_act == 1
    state = play(state, Yes())
    assert state.vp == [1, 2]
    assert ids(state.current) == ["B14", "B49"] and ids(state.bio_discard) == ["B31"]
    assert state.to_act == 0 and state.frame.name == "turn"


def test_the_best_web_each_player_could_collect():
    state = position([["B03", "B02", "B19", "B35", "B50", "B69"], ["B70", "B14"]], hands=[["B49"], []])
    details = RULES.score_details(state)
    assert details["players"][0]["best_web"] == {"vp": 11 + 3 - 1, "cards": ["B02", "B19", "B35", "B50", "B69"]}
    assert details["players"][1]["best_web"] is None


def test_an_extra_card_allows_a_second_play_of_its_categories_once_a_turn():
    state = position([["B27"], []], hands=[["B14", "B45", "B49"], []], current=("B15", "B41", "B24"))  # B27: EXTRA 3-5
    state = play(state, PlayCard(num(state.hands[0], "B14")))
    assert PlayCard(num(state.hands[0], "B45")) in legal(state)
    state = play(state, PlayCard(num(state.hands[0], "B45")))
    assert PlayCard(num(state.hands[0], "B49")) not in legal(state)  # used this turn
    with pytest.raises(IllegalAction, match="EXTRA"):
        RULES.apply(state, PlayCard(num(state.hands[0], "B49")))


def test_an_extra_card_works_the_turn_it_is_played():
    state = position([[], []], hands=[["B52", "B59"], []], current=("B15", "B45", "B24"))
    state = play(state, PlayCard(num(state.hands[0], "B52")))  # B52: EXTRA category 6 or 7
    assert PlayCard(num(state.hands[0], "B59")) in legal(state)


def test_b10_killed_by_its_own_player_costs_nothing():
    state = position([["B10"], []], hands=[["F03", "B14"], []], vp=[5, 5], current=("B15", "B45", "B24"))
    state = play(state, PlayCard(num(state.hands[0], "F03")))  # every: kill(1, cat{0}, from=own)
    assert "B10" not in ids(state.ecosystems[0])
    assert state.vp == [5, 5]


def test_a_web_may_be_left_for_later():
    state = position([["B03", "B19", "B35", "B50"], []], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")), Collect())
    state = play(state, Back())
    assert state.frame.name == "turn" and not state.turn.web
    assert Collect() in legal(state)


def test_kids_mode_has_no_factors_and_no_abilities_and_ends_at_25():
    state = RULES.new_game(Options(players=3, kids=True), 4)
    assert state.target == 25 and not state.factors_deck and len(state.box) == 30
    assert all(card(c).bio for hand in state.hands for c in hand)
    kids = position([[], ["B29"]], hands=[["B28"], []], current=("B01", "B15", "B24"), kids=True)
    kids = play(kids, PlayCard(num(kids.hands[0], "B28")))  # no devour, no drain
    assert "B01" in ids(kids.current) and kids.vp == [0, 0]
    assert Draw("factors") not in legal(kids)


def test_the_round_cap_ends_the_game_and_equal_vp_share_the_win():
    state = position([[], []], hands=[["B14"], ["B49"]], vp=[7, 7])
    state.round = state.round_cap
    state = play(state, PlayCard(num(state.hands[0], "B14")), Draw("bio"))
    assert not RULES.is_over(state)
    state = play(state, PlayCard(num(state.hands[1], "B49")), Draw("bio"))
    assert RULES.is_over(state)
    result = RULES.result(state)
    assert result.scores == (8, 8) and result.winners == (0, 1) and RULES.ending(state) == "round_cap"


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["hands"][0].append(d["hands"][1][0]), "108 cards"),
    (lambda d: d["vp"].__setitem__(0, 45), "add up"),
    (lambda d: d["expeditions"].__setitem__(1, d["expeditions"][0]), "different expedition"),
    (lambda d: d["current"].append(d["factors_deck"].pop()), "biodiversity cards"),
    (lambda d: d["dead"].append(d["bio_deck"][0]), "dead"),
    (lambda d: d["flow"][0].__setitem__("name", "pick"), "moment"),
])
def test_positions_the_rules_do_not_allow_are_refused_with_a_sentence(change, words):
    state = position([["B03"], ["B19"]], hands=[["B14", "F17"], ["B49"]])
    data = RULES.to_position(state)
    assert RULES.state_to_json(RULES.from_position(data)) == RULES.state_to_json(state)
    change(data)
    with pytest.raises(SaveError, match=words):
        RULES.from_position(data)
