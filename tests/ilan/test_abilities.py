"""The ability interpreter, one part of the notation at a time (verbs, filters, zones, quantities,
amounts, conditions, subjects, events), each run by a real card on a small position."""

from __future__ import annotations

from game.core.contract import HIDDEN
from game.ilan.cards import card
from game.ilan.rules import RULES
from game.ilan.state import CHOOSE, PICK, Done, Draw, DrawAndPlay, No, Option, Pick, PlayCard, Yes
from tests.ilan.build import legal, play, position
from tests.ilan.test_scenarios import ids, num


def played(state, cid, seat=0):
    return play(state, PlayCard(num(state.hands[seat], cid)))


# --- verbs --------------------------------------------------------------------------------------------


def test_draw_takes_the_top_card_and_its_rider_pays():
    state = played(position([[], []], hands=[["B01"], []], deck_top=("B41",)), "B01")  # draw(1, bio); gain(1) if hit
    assert ids(state.hands[0]) == ["B41"] and state.vp[0] == 1


def test_draw_from_an_empty_deck_pays_no_rider():
    state = played(position([[], []], hands=[["B09"], []], empty_decks=True), "B09")  # draw(1, factors)
    assert state.hands[0] == [] and state.vp[0] == 0


def test_reveal_puts_cards_into_the_current_and_they_enter_play():
    state = position([[], ["B40"]], hands=[["F01", "B14"], []], deck_top=("B27", "B03", "B12"))
    state = played(state, "F01")  # reveal(3); B40: a krill entering play gains 1
    assert ids(state.current) == sorted(["B15", "B45", "B24", "B27", "B03", "B12"])
    assert state.vp[1] == 1


def test_kill_from_own_ecosystem_for_every_player():
    state = position([["B53", "B50"], ["B52"]], hands=[["F13", "B14"], []])
    state = played(state, "F13")  # every: kill(1, cat{6}, from=own)
    assert state.to_act == 0 and state.frame.name == PICK  # two birds: a choice
    state = play(state, Pick(num(state.ecosystems[0], "B50")))
    assert ids(state.ecosystems[0]) == ["B53"] and ids(state.ecosystems[1]) == []
    assert {card(c).id for c in state.dead} == {"B50", "B52"}


def test_kill_from_hand_is_chosen_in_secret_by_each_other_player():
    state = position([[], [], []], hands=[["F07", "B14"], ["B03", "B12"], ["B19", "B22"]])
    state = played(state, "F07")  # others: kill(1, bio, from=hand)
    assert state.to_act == 1
    state = play(state, Pick(num(state.hands[1], "B12")))
    assert state.to_act == 2
    view = RULES.view(state, 2)
    assert view.frame.answers[0]["answer"] == HIDDEN  # seat 1's pick is its own
    assert RULES.view(state, 1).frame.answers[0]["answer"]["picks"] == [num(state.hands[1], "B12")]
    state = play(state, Pick(num(state.hands[2], "B19")))
    assert ids(state.hands[1]) == ["B03"] and ids(state.hands[2]) == ["B22"]
    assert {card(c).id for c in state.dead} == {"B12", "B19"}


def test_shuffle_from_the_current_and_from_the_discard_of_dead_cards_only():
    state = position([[], []], hands=[["B06"], []], current=("B15", "B45", "B24"))
    state = played(state, "B06")  # shuffle(1, any, from=current); gain(1) if hit
    assert state.frame.name == PICK
    state = play(state, Pick(num(state.current, "B45")))
    assert "B45" not in ids(state.current) and len(state.current) == 3 and state.vp[0] == 1
    state = position([[], []], hands=[["B24"], []], discard=("B35", "B36", "B01"), dead=("B35", "B01"),
                     current=("B15", "B45", "B41"))
    state = played(state, "B24")  # shuffle(upto 2, cat{2-5} & dead, from=discard)
    assert {a.card for a in legal(state) if isinstance(a, Pick)} == {num(state.bio_discard, "B35")}
    state = play(state, Pick(num(state.bio_discard, "B35")))
    assert ids(state.bio_discard) == ["B01", "B36"] and state.vp[0] == 1


def test_every_player_shuffles_one_of_their_own():
    state = position([["B27"], ["B28"], ["B14"]], hands=[["F16", "B49"], [], []])
    state = played(state, "F16")  # every: shuffle(1, cat{3}, from=own)
    assert [ids(e) for e in state.ecosystems] == [[], [], ["B14"]]


def test_reactivate_runs_a_cards_active_ability_again_but_never_its_own():
    state = position([["B45", "B49"], []], hands=[["B16"], []], current=("B31", "B15", "B24"))
    state = played(state, "B16")  # reactivate(1, cat{2-5}): B45 takes a category 3 card; B49 gains 1
    assert state.frame.name == PICK
    assert {a.card for a in legal(state)} == {num(state.ecosystems[0], "B45"), num(state.ecosystems[0], "B49")}
    state = play(state, Pick(num(state.ecosystems[0], "B45")))
    assert "B31" in ids(state.ecosystems[0]) and state.vp[0] == 1


def test_protect_shields_until_the_start_of_the_protected_players_next_turn():
    state = position([["B35"], []], hands=[["F19", "B14"], ["B19", "B49"]])
    state = play(state, PlayCard(num(state.hands[0], "F19")), PlayCard(num(state.hands[0], "B14")))
    assert state.protections
    state = play(state, Draw("bio"))
    state = played(state, "B19", seat=1)  # devour(1, cat{1}): B14 is protected
    assert "B14" in ids(state.ecosystems[0])
    state = play(state, Draw("bio"))
    assert not state.protections  # seat 0's turn began


def test_choose_runs_the_option_chosen():
    state = position([[], []], hands=[["F23", "B14"], []], current=("B69", "B15", "B24"))
    state = played(state, "F23")
    assert state.frame.name == CHOOSE
    took = play(state, Option(0))
    assert ids(took.ecosystems[0]) == ["B69"] and took.vp[0] == 0
    gained = play(state, Option(1))
    assert gained.ecosystems[0] == [] and gained.vp[0] == 1


def test_may_is_asked_and_may_be_declined():
    state = position([["B11"], ["B12"]], hands=[["F08", "B14"], []], current=("B41", "B45", "B49"))
    state = played(state, "F08")  # devour(upto 2, cat{1,2,4}); may kill(1, cat{1,2,4}, from=own)
    state = play(state, Pick(num(state.current, "B41")), Done())
    assert state.frame.name == PICK and set(legal(state)) == {Yes(), No()}
    kept = play(state, No())
    assert ids(kept.ecosystems[0]) == ["B11"]
    killed = play(state, Yes())
    assert killed.ecosystems[0] == []


def test_draw_and_play_with_no_biodiversity_card_in_hand():
    state = position([[], []], hands=[["F17"], []], deck_top=("B03",))
    assert DrawAndPlay() in legal(state)
    state = play(state, DrawAndPlay())
    assert ids(state.ecosystems[0]) == ["B03"] and state.vp[0] == 1


# --- filters, zones and quantities --------------------------------------------------------------------


def test_all_takes_every_match_and_id_filters_name_cards():
    state = position([["B27"], []], hands=[["F11", "B14"], []], current=("B27", "B28", "B15"), vp=[3, 3])
    state = played(state, "F11")  # devour(all, krill, from=current); every: lose(1) if count(krill, own) >= 1
    assert "B27" not in ids(state.current) and "B28" not in ids(state.current)
    assert state.vp == [2, 3]


def test_upto_lets_the_chooser_take_fewer_and_x_hit_pays_per_card():
    state = position([[], ["B01", "B03"]], hands=[["B27"], []], current=("B05", "B15", "B24"))
    state = played(state, "B27")  # devour(upto 2, cat{0}); gain(1 x hit)
    assert Done() in legal(state)
    state = play(state, Pick(num(state.ecosystems[1], "B01")), Pick(num(state.current, "B05")))
    assert state.vp[0] == 2 and ids(state.ecosystems[1]) == ["B03"]


def test_count_with_a_cap():
    state = position([["B01", "B03", "B05"], []], hands=[["F02", "B14"], []])
    state = played(state, "F02")  # gain(count(cat{0}, own) max 2)
    assert state.vp[0] == 2


# --- events and subjects ----------------------------------------------------------------------------------


def test_a_drain_on_a_krill_played_by_another_player():
    state = position([["B29"], []], hands=[[], ["B28"]], seat=1, vp=[0, 5], current=("B15", "B45", "B24"))
    state = played(state, "B28", seat=1)  # B29: a krill played by others costs its player 1
    assert state.vp == [0, 4]


def test_a_change_of_ecosystem_to_the_current_pays_the_player_who_lost_it():
    state = position([[], ["B44"]], hands=[["F25", "B14"], []], vp=[5, 0])
    state = played(state, "F25")
    assert state.vp == [5, 0]  # category 6, 7 or 9 only: B44 (5) cannot be moved
    state = position([[], ["B57"]], hands=[["F25", "B14"], []], vp=[5, 0])
    state = played(state, "F25")
    assert state.vp == [4, 1]


def test_death_by_limit_discard_fires_death_passives():
    hand = ["B14", "B49", "B03", "B12", "B22", "B39", "B19"]
    state = position([[], ["B20"]], hands=[hand, []], deck_top=("B41",))
    state = play(state, PlayCard(num(state.hands[0], "B14")))
    state = play(state, Draw("bio"))
    assert state.frame.name == "limits"
    state = play(state, Pick(num(state.hands[0], "B19")))  # category 2 dies: B20 gains 1
    assert state.vp[1] == 1


def test_the_active_player_s_passives_fire_first_then_clockwise():
    state = position([["B23"], ["B55"], []], hands=[["B70"], [], []], current=("B62", "B15", "B24"))
    state = played(state, "B70")  # devour(1, cat{7,8,9}): B62 is category 7
    assert state.vp == [3 + 2, 1, 0]
