"""The end of the game (conditions A, B, C and the length limit), the result and its ties, kids'
mode and the good-aim variant."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.contract import Options
from game.core.errors import IllegalAction
from game.iluliaq.data import rule
from game.iluliaq.position import checked_state
from game.iluliaq.rules import RULES
from game.iluliaq.state import THROW
from game.iluliaq.table import FRAME, KIDS_LINE, LINE, TOP, Thrown
from tests.iluliaq.helpers import (
    AIM,
    BEARS,
    DODOS,
    LYNXES,
    ON_CAP,
    PENGUINS,
    SEALS,
    WATER,
    in_water,
    play,
    pose_of,
    position,
    resting,
    thrown,
)

P = PENGUINS


def test_a_the_last_card_of_a_stack_landing_ends_the_game_and_its_thrower_wins():
    state = position([[P[0]], [P[1], P[2]], [P[3]]], deck=[P[4]])
    after, lines = play(state, thrown(state))
    assert RULES.is_over(after)
    result = RULES.result(after)
    assert result.final and result.winners == (0,) and result.scores == (0, -2, -1)
    assert result.breakdown == ({"stack": 0}, {"stack": -2}, {"stack": -1})
    assert result.reason.render() == "Player 1 has no cards left in their stack."
    assert lines == [result.reason.render()]


def test_b_the_whole_iceberg_breaking_off_ends_the_game():
    state = position([[P[0], P[1]], [P[2], P[3]]], deck=[P[4], P[5]])
    state.table = [p for p in state.table if p.card == FRAME[0]]
    state.out = [c for c in TOP if c != FRAME[0]]
    state = checked_state(state)
    last = in_water(pose_of(state, FRAME[0]))
    after, _lines = play(state, thrown(state, at=(50.0, 50.0), moved=[last]))
    assert pose_of(after, P[0]).layer == 1  # on the bare walls
    assert RULES.is_over(after) and sorted(after.out) == sorted(TOP)
    result = RULES.result(after)
    assert result.reason.render() == "The whole iceberg has broken off."
    assert result.winners == (0, 1) and after.stacks[0] == [P[1], P[4]]


def test_c_the_draw_deck_running_out_ends_the_game_at_the_end_of_the_turn():
    bear = resting(position([[P[0]], [P[1]]], deck=[P[2]]).table, BEARS[0], *ON_CAP)
    state = position([[P[0], P[1], P[2]], [P[3], P[4], P[9]], [P[5], P[6], P[7], P[8]]], deck=[P[10]],
                     on_table=[bear])
    after, _lines = play(state, thrown(state, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert RULES.is_over(after) and after.deck == []
    result = RULES.result(after)
    assert result.reason.render() == "The draw deck is empty."
    assert result.scores == (-3, -3, -4) and result.winners == (0, 1), "a tie shares the win"


def test_the_length_limit_ends_a_game_of_misses():
    limit = rule("max_turns_each") * 2
    state = position([[P[0], P[1]], [P[2]]], deck=[P[4]], turns=limit - 1)
    after, _lines = play(state, thrown(state, at=WATER))
    assert RULES.is_over(after) and RULES.turns(after) == limit
    assert "length limit" in RULES.result(after).reason.render()


def test_a_game_going_on_has_a_live_result_without_a_reason():
    state = position([[P[0], P[1]], [P[2]]], deck=[P[4]])
    result = RULES.result(state)
    assert not result.final and result.reason == "" and result.winners == (1,)


# --- kids' mode ----------------------------------------------------------------------------------


def test_kids_mode_has_no_trampoline():
    kids = position([[P[0], P[1]], [P[2]]], deck=[P[4]], kids=True)
    full = position([[P[0], P[1]], [P[2]]], deck=[P[4]])
    close = dataclasses.replace(AIM, distance=KIDS_LINE + 1.0)
    assert KIDS_LINE + 1.0 < LINE
    assert RULES.is_legal(kids, close) and not RULES.is_legal(full, close)
    with pytest.raises(IllegalAction, match="distance"):
        RULES.advance(full, Thrown(close, thrown(full).outcome))
    after, _lines = play(kids, Thrown(close, thrown(kids).outcome))
    assert after.stacks[0] == [P[1]]
    prompt = RULES.prompt(RULES.view(kids, 0), 0)
    assert (prompt.picture, prompt.short.render()) == ("throw", "Throw a card!")


@pytest.mark.parametrize("card", [LYNXES[0], DODOS[0]])
def test_kids_mode_ignores_the_lynx_and_the_dodo(card):
    state = position([[card, P[1]], [P[2]]], deck=[P[4]], kids=True)
    after, lines = play(state, thrown(state))
    assert after.to_act == 1 and after.frame.name == THROW and lines == []


def test_kids_mode_picks_up_a_seal_and_feeds_no_bear():
    bear = resting(position([[P[0]], [P[1]]], deck=[P[2]]).table, BEARS[0], *ON_CAP)
    state = position([[SEALS[0], P[0], P[1]], [P[2], P[3]]], deck=[P[4]], on_table=[bear], kids=True)
    after, _lines = play(state, thrown(state, at=WATER, touched_iceberg=True))
    assert after.stacks[0] == [P[0], P[1], SEALS[0]]
    done, lines = play(after, thrown(after, at=(-30.0, 0.0), on_bear=BEARS[0]))
    assert done.stacks[1] == [P[3]] and done.deck == [P[4]] and lines == []


def test_kids_mode_still_takes_an_iceberg_card_out_and_draws():
    state = position([[P[0], P[1]], [P[2]]], deck=[P[4], P[5]], kids=True)
    cap = in_water(pose_of(state, TOP[-1]))
    after, _lines = play(state, thrown(state, moved=[cap]))
    assert after.out == [TOP[-1]] and after.stacks[0] == [P[1], P[4]]


def test_kids_mode_says_what_it_turns_off():
    assert len(RULES.info.kids_turns_off) == 2


# --- setup and the good-aim variant ----------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize(("aim", "size"), [("no", 6), ("yes", 8)])
def test_setup_deals_the_stacks_the_deck_and_sets_the_rest_aside(players, aim, size):
    options = Options(players, variants={"good_aim": aim})
    state = RULES.new_game(options, 5)
    assert [len(s) for s in state.stacks] == [size] * players
    assert len(state.deck) == 12 and len(state.aside) == 64 - size * players - 12
    assert sorted(c for place in (*state.stacks, state.deck, state.aside) for c in place) == list(range(64))
    assert state.to_act == 0 and state.good_aim == (aim == "yes")
    assert RULES.new_game(options, 5) == state and RULES.new_game(options, 6) != state


def test_the_variant_is_offered_with_six_cards_the_default():
    (variant,) = RULES.info.variants
    assert variant.key == "good_aim" and variant.default == "no"
    assert RULES.info.play_minutes == (10, 15) and RULES.info.physics and RULES.info.hidden


def test_seven_players_are_refused():
    with pytest.raises(ValueError):
        RULES.new_game(Options(7), 1)


def test_the_longest_known_game_runs_to_the_length_limit():
    options, seed, actions = RULES.longest_game(6)
    assert len(actions) == rule("max_turns_each") * 6
    state = RULES.new_game(options, seed)
    for action in actions:
        state = RULES.apply(state, action)
    assert RULES.is_over(state) and "length limit" in RULES.result(state).reason.render()
