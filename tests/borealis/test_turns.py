"""Setup, the turn flow, the pool, the deck, the end of the game and tie-breaks."""

from __future__ import annotations

import pytest

from game.borealis.data import card, cards, objectives, species_name
from game.borealis.rules import RULES
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    OVER,
    REGROUP,
    SEND,
    TAKE,
    Confirm,
    DrawFromDeck,
    Keep,
    Mark,
    PlayCard,
    RefreshPool,
    Regroup,
    SendScientists,
    TakeFromPool,
)
from game.borealis.tokens import token_points
from game.core.contract import HIDDEN
from game.core.errors import IllegalAction
from game.core.messages import text_of
from tests.borealis.helpers import PASS, act, position, redraw, regroup


def _card(left: int, right: int, skip: tuple[int, ...] = (), vehicle: str | None = None) -> int:
    return next(c.id for c in cards() if c.left == left and c.right == right and c.id not in skip
                and (vehicle is None or c.vehicle == vehicle))


# --- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):
    state = RULES.new_game(RULES.default_options(players), 42)
    assert state.phase == MULLIGAN and state.to_act == 0
    assert len(state.pool) == 4
    assert all(len(p.hand) == 4 for p in state.players)
    assert len(state.deck) == 100 - 4 - 4 * players
    assert len(state.scoring) == 2 and len(set(state.scoring)) == 2
    assert sorted(objectives()[o.id]["type"] for o in state.objectives) == ["animal", "scientist", "vehicle"]
    assert all(o.tokens == players for o in state.objectives)
    for p in state.players:
        assert p.scientists == [[0, 0, 0], [1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 0, 0]]
        assert p.flags == [0, 0, 0] and p.tokens == [2, 0, 0] and p.board == 0
    assert state.bank == [24 - 2 * players, 12, 12 - 3 * players]


def test_side_two_gives_each_board_its_own_pattern():
    options = RULES.default_options(4)
    options = type(options)(players=4, variants={"side": "II"})
    state = RULES.new_game(options, 1)
    assert [p.board for p in state.players] == [1, 2, 3, 4]


def test_kids_mode_has_no_scoring_cards_or_objectives():
    state = RULES.new_game(RULES.default_options(3, kids=True), 3)
    assert state.kids and state.scoring == [] and state.objectives == []
    assert state.bank == [24 - 6, 12, 12]
    assert RULES.info.kids_turns_off
    assert [t.key for t in RULES.result(state).terms] == ["sets", "flags", "card_vp", "tokens"]


def test_setup_is_deterministic_by_seed():
    a = RULES.new_game(RULES.default_options(3), 9)
    b = RULES.new_game(RULES.default_options(3), 9)
    c = RULES.new_game(RULES.default_options(3), 10)
    assert a == b and a != c


# --- mulligan --------------------------------------------------------------------------------


def test_mulligan_once_per_player_then_the_first_round():
    state = RULES.new_game(RULES.default_options(2), 5)
    hand = state.players[0].hand
    cards = tuple(sorted(hand[:2]))
    top = state.deck[:2]
    assert Confirm() not in RULES.legal_actions(state), "a redraw needs a marked card"
    marked = act(state, *(Mark(c) for c in cards))
    assert marked.phase == MULLIGAN and marked.to_act == 0 and marked.marked() == list(cards)
    assert marked.players[0].hand == hand and Confirm() in RULES.legal_actions(marked)
    state = RULES.apply(marked, Confirm())
    assert sorted(state.players[0].hand) == sorted(hand[2:] + top)
    assert state.discard == list(cards)
    assert state.players[0].mulliganed and state.to_act == 1 and state.phase == MULLIGAN
    assert state.marked() == [], "the next seat starts with nothing marked"
    state = RULES.apply(state, Keep())
    assert state.phase == ACTION and state.to_act == 0
    assert not any(isinstance(a, (Keep, Mark, Confirm)) for a in RULES.legal_actions(state))
    with pytest.raises(IllegalAction, match="before the first round"):
        RULES.apply(state, Keep())


def test_mulligan_marks_toggle_and_keep_drops_them():
    state = RULES.new_game(RULES.default_options(3), 8)
    hand = state.players[0].hand
    state = act(state, Mark(hand[2]), Mark(hand[0]), Mark(hand[2]))
    assert state.marked() == [hand[0]]
    with pytest.raises(IllegalAction, match="Choose at least one card"):
        RULES.step(RULES.clone(act(state, Mark(hand[0]))), Confirm())
    state = RULES.apply(state, Keep())
    assert state.players[0].hand == hand and state.discard == [] and state.to_act == 1


def test_mulligan_refuses_cards_not_in_hand():
    state = RULES.new_game(RULES.default_options(2), 5)
    with pytest.raises(IllegalAction, match="from your hand"):
        RULES.apply(state, Mark(state.deck[0]))
    with pytest.raises(IllegalAction, match="play an animal|keep your starting hand"):
        RULES.apply(state, PlayCard(state.players[0].hand[0], 0))


# --- observe an animal ---------------------------------------------------------------------


def test_a_card_needs_both_pictured_scientists():
    mm = _card(1, 1)
    am = _card(0, 1)
    state = position([{"hand": [mm, am], "middle": {"scientists": "AMP"}}, {"hand": []}], pool=[], deck=[50, 51])
    with pytest.raises(IllegalAction, match="Your middle location needs two mint scientists for this card."):
        RULES.apply(state, PlayCard(mm, 1))
    legal = RULES.legal_actions(state)
    assert PlayCard(mm, 1) not in legal
    assert {a for a in legal if isinstance(a, PlayCard)} == {PlayCard(am, 0), PlayCard(am, 1), PlayCard(am, 2)}


def test_scientists_move_into_camps_from_outer_locations():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[], deck=[50, 51])
    state = RULES.apply(state, PlayCard(am, 0))
    assert state.players[0].scientists[0] == [1, 0, 0]  # amber into the left camp
    assert state.players[0].scientists[2] == [1, 2, 1]  # mint into the middle


def test_flag_moves_only_on_a_matching_vehicle_and_never_past_the_last_space():
    # Side I left track, space 1 is zeppelin + skis.
    zep = _card(0, 1, vehicle="zeppelin")
    kayak = _card(0, 1, vehicle="kayak")
    state = position([{"hand": [zep, kayak]}, {"hand": []}], pool=[], deck=[50, 51, 52])
    after = RULES.apply(state, PlayCard(kayak, 0))
    assert after.players[0].flags == [0, 0, 0]
    after = RULES.apply(state, PlayCard(zep, 0))
    assert after.players[0].flags == [1, 0, 0]
    at_end = position([{"hand": [zep], "left": {"flag": 7}}, {"hand": []}], pool=[], deck=[50])
    assert RULES.apply(at_end, PlayCard(zep, 0)).players[0].flags == [7, 0, 0]


def test_take_from_pool_refills_the_same_slot():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60, 61, 62, 63], deck=[70, 71])
    state = act(state, PlayCard(am, 1))
    assert state.phase == TAKE and state.to_act == 0
    assert set(RULES.legal_actions(state)) == {RefreshPool(), TakeFromPool(60), TakeFromPool(61), TakeFromPool(62),
                                               TakeFromPool(63), DrawFromDeck()}
    state = act(state, TakeFromPool(62))
    assert state.pool == [60, 61, 70, 63] and state.players[0].hand == [62] and state.deck == [71]
    assert state.to_act == 1 and state.phase == ACTION


def test_draw_from_deck_takes_the_top_card():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60, 61, 62, 63], deck=[70, 71])
    state = act(state, PlayCard(am, 1), DrawFromDeck())
    assert state.players[0].hand == [70] and state.pool == [60, 61, 62, 63]


def test_refresh_pool_costs_one_point_once_a_round():
    am = _card(0, 1)
    am2 = _card(0, 1, skip=(am,))
    state = position([{"hand": [am, am2]}, {"hand": []}], pool=[60, 61, 62, 63], deck=list(range(64, 76)))
    state = act(state, PlayCard(am, 1))
    step = RULES.advance(state, RefreshPool())
    assert step.barrier
    state = step.state
    assert token_points(state.players[0]) == 1 and state.bank[0] == 24 - 4 + 1
    assert state.discard == [60, 61, 62, 63] and state.pool == [64, 65, 66, 67]
    assert RefreshPool() not in RULES.legal_actions(state)
    with pytest.raises(IllegalAction, match="already refreshed the pool this round"):
        RULES.apply(state, RefreshPool())
    state = act(state, TakeFromPool(64), *PASS)
    # Next round it may refresh again.
    state = act(state, PlayCard(am2, 0))
    assert RefreshPool() in RULES.legal_actions(state)


def test_refresh_pool_needs_a_point_and_makes_change():
    am = _card(0, 1)
    broke = position([{"hand": [am], "tokens": {}}, {"hand": []}], pool=[60, 61, 62, 63], deck=list(range(64, 76)))
    broke = act(broke, PlayCard(am, 1))
    assert RefreshPool() not in RULES.legal_actions(broke)
    with pytest.raises(IllegalAction, match="costs 1 point"):
        RULES.apply(broke, RefreshPool())
    rich = position([{"hand": [am], "tokens": {"3": 1}}, {"hand": []}], pool=[60, 61, 62, 63],
                    deck=list(range(64, 76)))
    rich = act(rich, PlayCard(am, 1), RefreshPool())
    assert rich.players[0].tokens == [2, 0, 0]
    assert RULES.components(rich)["token:3"] == 12


def test_regroup_with_empty_camps_ends_after_the_redraw():
    state = position([{"hand": [1, 2]}, {"hand": []}], pool=[], deck=[50, 51])
    state = act(state, Regroup())
    assert state.phase == REGROUP and state.to_act == 0 and state.marked() == []
    with pytest.raises(IllegalAction, match="Mark the cards to discard"):
        RULES.apply(state, SendScientists(0))
    after = act(state, Mark(2), Confirm())
    assert after.players[0].hand == [1, 50] and after.discard == [2]
    assert after.phase == ACTION and after.to_act == 1, "nothing to send: the turn is over"


def test_regroup_marks_toggle_confirm_draws_and_send_scores_and_moves():
    camp = position([{"hand": [1, 2, 3], "left": {"scientists": "MP"}, "left_camp": "A"}, {"hand": []}], pool=[],
                    deck=[50, 51])
    with pytest.raises(IllegalAction, match="First choose Regroup"):
        RULES.apply(camp, Mark(1))
    state = act(camp, Regroup(), Mark(3), Mark(1), Mark(3))
    assert state.marked() == [1] and state.players[0].hand == [1, 2, 3]
    assert set(RULES.legal_actions(state)) == {Mark(1), Mark(2), Mark(3), Confirm()}
    state = act(state, Confirm())
    assert state.phase == SEND and state.to_act == 0
    assert state.players[0].hand == [2, 3, 50] and state.discard == [1]
    assert token_points(state.players[0]) == 2, "the camps score when the scientists are sent"
    assert RULES.legal_actions(state) == [SendScientists(0), SendScientists(1), SendScientists(2)]
    with pytest.raises(IllegalAction, match="Choose the location"):
        RULES.apply(state, Confirm())
    after = RULES.apply(state, SendScientists(2))
    assert after.players[0].scientists[3] == [2, 1, 1] and after.players[0].scientists[0] == [0, 0, 0]
    assert token_points(after.players[0]) == 3 and after.players[0].max_regroup == 1
    assert after.phase == ACTION and after.to_act == 1 and after.players[0].turns == 1
    assert act(camp, *regroup((1,), 2)) == after


def test_regroup_always_possible_when_no_card_fits():
    mm = _card(1, 1)
    state = position([{"hand": [mm], "left": {"scientists": "A"}, "middle": {"scientists": "A"},
                       "right": {"scientists": "AMP"}, "left_camp": "MM", "right_camp": "PP"}, {"hand": []}],
                     pool=[], deck=[50])
    assert RULES.legal_actions(state) == [Regroup()]
    state = act(state, Regroup())
    assert set(RULES.legal_actions(state)) == {Mark(mm), Confirm()}
    state = act(state, Confirm())
    assert RULES.legal_actions(state) == [SendScientists(0), SendScientists(1), SendScientists(2)]


def test_the_largest_hand_offers_few_actions():
    # A hand never holds more than 4 cards (a bigger one is refused: test_position_validation.py);
    # its subsets are marked one card at a time, so a regroup or a redraw offers a mark a card.
    hand = [1, 2, 3, 4]
    state = position([{"hand": hand}, {"hand": []}], pool=[60, 61, 62, 63], deck=list(range(70, 90)))
    assert len(RULES.legal_actions(state)) <= 3 * len(hand) + 1
    state = act(state, Regroup(), *(Mark(c) for c in hand[::2]))
    assert len(RULES.legal_actions(state)) == len(hand) + 1
    mulligan = position([{"hand": hand}, {"hand": []}], pool=[], deck=[], phase="mulligan")
    assert len(RULES.legal_actions(mulligan)) == len(hand) + 1


# --- deck ------------------------------------------------------------------------------------


def test_deck_reshuffles_from_the_discard_pile():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60, 61, 62, 63], deck=[], discard=[10, 11, 12, 13, 14])
    state = act(state, PlayCard(am, 1))
    after = RULES.apply(state, DrawFromDeck())
    drawn = after.players[0].hand
    assert len(drawn) == 1 and drawn[0] in {10, 11, 12, 13, 14}
    assert sorted(after.deck + drawn) == [10, 11, 12, 13, 14] and after.discard == []
    assert after.rng != state.rng and RULES.advance(state, DrawFromDeck()).barrier


def test_empty_deck_and_discard_skip_the_draw():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60], deck=[], discard=[])
    state = act(state, PlayCard(am, 1))
    assert RULES.legal_actions(state) == [RefreshPool(), TakeFromPool(60)]
    state = act(state, TakeFromPool(60))
    assert state.pool == [] and state.to_act == 1


# --- end of the game -------------------------------------------------------------------------


def test_seven_cards_finish_the_round_then_the_game_ends():
    am = _card(0, 1)
    six = [c.id for c in cards() if c.species == "fox"][:6]
    players = [{"hand": []}, {"hand": [am], "middle": {"cards": six}}, {"hand": []}]
    state = position(players, pool=[60, 61, 62, 63], deck=list(range(20, 40)), to_act=1, round=5)
    state = act(state, PlayCard(am, 1), TakeFromPool(60))
    assert state.final_round and state.to_act == 2 and state.phase == ACTION
    state = act(state, *PASS)
    assert state.to_act is None and state.phase == OVER and RULES.is_over(state)
    assert RULES.legal_actions(state) == []
    assert RULES.result(state).final


def test_first_player_triggering_gives_everyone_a_last_turn():
    am = _card(0, 1)
    six = [c.id for c in cards() if c.species == "bear"][:6]
    players = [{"hand": [am], "left": {"cards": six}, "turns": 4}, {"hand": [], "turns": 4}, {"hand": [], "turns": 4}]
    state = position(players, pool=[60, 61, 62, 63], deck=list(range(20, 40)), round=5)
    state = act(state, PlayCard(am, 0), DrawFromDeck())
    assert state.final_round and state.to_act == 1 and not RULES.is_over(state)
    state = act(state, *PASS)
    assert state.to_act == 2
    state = act(state, *PASS)
    assert RULES.is_over(state)
    assert [p.turns for p in state.players] == [5, 5, 5]
    assert len(state.players[0].cards[0]) == 7


def test_no_actions_after_the_game_is_over():
    state = position([{"hand": []}, {"hand": []}], pool=[], deck=[], phase="over", to_act=None)
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(state, Regroup())


# --- tie-breaks ------------------------------------------------------------------------------


def test_tie_broken_by_the_flag_furthest_down_a_track():
    # Both score 6: flags worth 3 + 3 vs 5 + 1 (space 4 on the left track).
    a = {"hand": [], "left": {"flag": 3}, "right": {"flag": 3}, "tokens": {}}
    b = {"hand": [], "left": {"flag": 4}, "right": {"flag": 1}, "tokens": {}}
    result = RULES.result(position([a, b], pool=[], deck=[], phase="over", to_act=None))
    assert result.scores == (6, 6) and result.winners == (1,)


def test_tie_then_broken_by_token_points():
    a = {"hand": [], "left": {"flag": 4}, "tokens": {"1": 7}}  # 5 + 7
    b = {"hand": [], "left": {"flag": 3}, "middle": {"flag": 1}, "right": {"flag": 4}, "tokens": {"1": 3}}  # 9 + 3
    result = RULES.result(position([a, b], pool=[], deck=[], phase="over", to_act=None))
    assert result.scores == (12, 12)
    assert result.winners == (0,)  # same furthest flag (space 4), more token points


def test_full_tie_is_shared():
    a = {"hand": [], "left": {"flag": 2}, "tokens": {"1": 2}}
    b = {"hand": [], "right": {"flag": 2}, "tokens": {"1": 2}}
    result = RULES.result(position([a, b], pool=[], deck=[], phase="over", to_act=None))
    assert result.winners == (0, 1)


# --- view ------------------------------------------------------------------------------------


def test_view_hides_other_hands_and_the_deck():
    state = RULES.new_game(RULES.default_options(3), 4)
    state = act(state, Keep())
    view = RULES.view(state, 1)
    assert view.players[1].hand == state.players[1].hand
    assert view.players[0].hand == [HIDDEN] * 4 and view.players[2].hand == [HIDDEN] * 4
    assert view.deck == [HIDDEN] * len(state.deck)
    assert view.pool == state.pool and view.discard == state.discard
    assert view.rng.state == 0
    assert RULES.legal_actions(view) == RULES.legal_actions(state)
    assert state.deck[0] != HIDDEN  # the view is a copy


def test_describe_gives_a_sentence():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60], deck=[1])
    assert "middle" in str(RULES.describe(state, PlayCard(am, 1)))
    assert str(RULES.describe(state, Regroup())).startswith("regroups")


def test_position_in_the_mulligan_phase():
    state = position([{"hand": [1, 2, 3, 4]}, {"hand": [5, 6, 7, 8]}, {"hand": [9, 10, 11, 12]}],
                     phase="mulligan", to_act=1, deck=list(range(20, 40)))
    assert [p.mulliganed for p in state.players] == [True, False, False]
    assert Keep() in RULES.legal_actions(state)
    assert state.phase == MULLIGAN and state.to_act == 1 and state.flow[-1].queue == [2]
    state = act(state, *redraw((5, 8)), Keep())
    assert state.phase == ACTION and state.to_act == 0
    assert state.players[1].hand == [6, 7, 24, 25]  # the pool took 20..23


def test_result_works_mid_game():
    state = RULES.new_game(RULES.default_options(2), 12)
    result = RULES.result(state)
    assert not result.final
    assert result.scores == (2, 2) and result.winners == (0, 1)


def test_log_lines_use_singular_and_plural():
    state = RULES.new_game(RULES.default_options(2), 3)
    hand = state.players[0].hand
    one = act(state, Mark(hand[0]))
    assert str(RULES.describe(one, Confirm())) == "redraws 1 starting card"
    assert str(RULES.describe(act(one, Mark(hand[1])), Confirm())) == "redraws 2 starting cards"
    pass_turn = position([{"hand": [1]}, {"hand": []}], pool=[], deck=[50])
    regrouping = act(pass_turn, Regroup())
    assert str(RULES.describe(regrouping, Confirm())) == "keeps every card in hand"
    assert str(RULES.describe(act(regrouping, Mark(1)), Confirm())) == "discards 1 card and draws a new one"
    assert str(RULES.describe(one, Mark(hand[0]))).startswith("unmarks the ")
    named = text_of(RULES.describe(one, Mark(hand[1])))
    assert named == f"marks the {species_name(card(hand[1]).species)} to redraw"  # words, no card number
    assert text_of(RULES.describe(regrouping, Mark(1))) == f"marks the {species_name(card(1).species)} to discard"
