"""Borealis on the rules contract: views and marks, resample, events and barriers, prompts and
targets, positions of every frame, and the reason the game ended."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.borealis.data import cards
from game.borealis.rules import RULES
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    BorealisState,
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
from game.borealis.view import clone
from game.core import i18n
from game.core.contract import HIDDEN
from game.core.errors import SaveError
from game.core.events import HIDDEN_THING, Changed, Logged, Moved, Revealed, Scored, Shuffled, for_seat
from game.core.messages import Msg
from game.core.rng import Rng
from tests.borealis.helpers import act, position


def _card(left: int, right: int, skip: tuple[int, ...] = ()) -> int:
    return next(c.id for c in cards() if c.left == left and c.right == right and c.id not in skip)


def _regroup_state() -> BorealisState:
    """Seat 0 regroups with 4 cards in hand and a scientist in the left camp, two of them marked."""
    state = position([{"hand": [1, 2, 3, 4], "left": {"scientists": "MP"}, "left_camp": "A"},
                      {"hand": [5, 6, 7, 8]}, {"hand": [9, 10, 11, 12]}], pool=[60, 61, 62, 63],
                     deck=list(range(20, 40)))
    return act(state, Regroup(), Mark(4), Mark(2))


# --- views ---------------------------------------------------------------------------------------


def test_other_seats_do_not_see_the_marks():
    state = _regroup_state()
    assert RULES.view(state, 0).marked() == [2, 4]
    for seat in (1, 2):
        view = RULES.view(state, seat)
        assert view.marked() == [HIDDEN, HIDDEN]
        assert view.players[0].hand == [HIDDEN] * 4
    mulligan = act(RULES.new_game(RULES.default_options(3), 2), Keep())
    hand = mulligan.players[1].hand
    mulligan = act(mulligan, Mark(hand[3]))
    assert RULES.view(mulligan, 1).marked() == [hand[3]]
    assert RULES.view(mulligan, 0).marked() == [HIDDEN] == RULES.view(mulligan, 2).marked()
    assert state.marked() == [2, 4], "the view is a copy"


def test_states_that_differ_only_in_hidden_things_give_the_same_view():
    state = _regroup_state()
    other = clone(state)
    # Seat 0's hand and marks, seat 2's hand and the deck order change; seat 1 sees none of it.
    other.players[0].hand = [20, 21, 22, 23]
    other.flow[-1].data["marked"] = [21, 23]
    other.deck = [1, 2, 3, 4, *reversed(other.deck[4:])]
    other.players[2].hand = [12, 11, 10, 9]
    other.rng = Rng(99)
    assert RULES.view(other, 1) == RULES.view(state, 1)
    assert RULES.view(other, 0) != RULES.view(state, 0)


def _random_states(seed: int, players: int, steps: int) -> list[BorealisState]:
    state = RULES.new_game(RULES.default_options(players), seed)
    rng = Rng.from_seed(seed)
    out = [state]
    for _ in range(steps):
        if RULES.is_over(state):
            break
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)))
        out.append(state)
    return out


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_resample_agrees_with_the_view_along_random_games(seed, players):
    rng = Rng.from_seed(seed + 1)
    for state in _random_states(seed, players, 160)[::3]:
        for seat in range(players):
            view = RULES.view(state, seat)
            world = RULES.resample(view, seat, rng)
            assert RULES.view(world, seat) == view
            assert RULES.components(world) == RULES.components(state)
            assert all(HIDDEN not in p.hand for p in world.players) and HIDDEN not in world.deck
            for frame in world.flow:
                marked = frame.data.get("marked", [])
                assert set(marked) <= set(world.players[frame.seat].hand) and marked == sorted(marked)
            # A resampled state is a real state: the seat can play on from it.
            if not RULES.is_over(world) and world.to_act == seat:
                RULES.apply(world, RULES.legal_actions(world)[0])


def test_resample_deals_the_hidden_marks_from_that_seats_hand():
    state = _regroup_state()
    view = RULES.view(state, 1)
    worlds = [RULES.resample(view, 1, Rng(i)) for i in range(8)]
    for world in worlds:
        hand = world.players[0].hand
        assert len(world.marked()) == 2 and set(world.marked()) <= set(hand)
    assert len({tuple(w.marked()) for w in worlds}) > 1


# --- events and undo barriers --------------------------------------------------------------------


def test_a_play_is_no_barrier_and_tells_what_moved():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60, 61, 62, 63], deck=[70, 71])
    step = RULES.advance(state, PlayCard(am, 0))
    assert not step.barrier
    assert step.events[0] == Moved(f"card:{am}", "hand:0", "cards:0:0")
    assert Moved("scientist:0:0", "board:0:1", "board:0:0") in step.events
    assert Moved("scientist:0:1", "board:0:1", "board:0:2") in step.events
    flags = [e for e in step.events if isinstance(e, Changed) and e.thing.startswith("flag:")]
    assert flags == ([Changed("flag:0:0", 1)] if step.state.players[0].flags[0] else [])


def test_a_draw_is_a_barrier_and_only_the_drawer_sees_the_card():
    am = _card(0, 1)
    state = act(position([{"hand": [am]}, {"hand": []}], pool=[60, 61, 62, 63], deck=[70, 71]), PlayCard(am, 1))
    step = RULES.advance(state, DrawFromDeck())
    assert step.barrier
    assert step.events == (Moved("card:70", "deck", "hand:0", known_to=(0,)), Revealed("card:70", "hand:0", to=(0,)))
    assert for_seat(step.events, 1) == (Moved(HIDDEN_THING, "deck", "hand:0"),)
    take = RULES.advance(state, TakeFromPool(62))
    assert take.barrier
    assert take.events == (Moved("card:62", "pool:2", "hand:0"), Moved("card:70", "deck", "pool:2"),
                           Revealed("card:70", "pool:2"))
    refresh = RULES.advance(state, RefreshPool())
    assert refresh.barrier and refresh.events[0] == Scored(0, -1, "tokens")
    assert [e for e in refresh.events if isinstance(e, Moved) and e.target == "discard"][0].source == "pool:0"


def test_marks_are_no_barrier_and_tell_nothing():
    state = _regroup_state()
    for action in (Mark(1), Mark(2)):
        step = RULES.advance(state, action)
        assert not step.barrier and step.events == ()
    assert not RULES.advance(act(position([{"hand": [1]}, {"hand": []}], pool=[], deck=[5]), Regroup()),
                             Mark(1)).barrier


def test_confirm_discards_in_public_and_draws_in_private_then_send_scores():
    state = _regroup_state()
    step = RULES.advance(state, Confirm())
    assert step.barrier
    moved = [e for e in step.events if isinstance(e, Moved)]
    assert moved[:2] == [Moved("card:2", "hand:0", "discard"), Moved("card:4", "hand:0", "discard")]
    assert moved[2:] == [Moved("card:20", "deck", "hand:0", known_to=(0,)),
                         Moved("card:21", "deck", "hand:0", known_to=(0,))]
    assert not any(isinstance(e, Revealed) for e in for_seat(step.events, 1))
    send = RULES.advance(step.state, SendScientists(1))
    assert not send.barrier
    assert send.events == (Scored(0, 1, "tokens"), Moved("scientist:0:0", "board:0:0", "board:0:2"))


def test_a_reshuffle_is_reported():
    am = _card(0, 1)
    state = act(position([{"hand": [am]}, {"hand": []}], pool=[60], deck=[], discard=[10, 11, 12]), PlayCard(am, 1))
    step = RULES.advance(state, DrawFromDeck())
    assert Shuffled("deck") in step.events and step.barrier


def test_a_claim_is_logged_with_its_points():
    aa = _card(0, 0)
    state = position([{"hand": [aa], "left": {"scientists": "MPP"}, "middle": {"scientists": "MP"},
                       "right": {"scientists": "AA"}, "right_camp": "AM"}, {"hand": []}],
                     pool=[60, 61, 62, 63], deck=list(range(20, 30)), objectives=["comparing_notes"])
    step = RULES.advance(state, PlayCard(aa, 2))
    logged = [e for e in step.events if isinstance(e, Logged)]
    assert len(logged) == 1 and logged[0].seat == 0
    assert str(logged[0].text) == "claims the objective Comparing Notes"
    assert Changed("objective:comparing_notes", 0) in step.events and Scored(0, 5, "tokens") in step.events


# --- prompts and targets -------------------------------------------------------------------------


def test_prompts_of_every_frame():
    state = RULES.new_game(RULES.default_options(2), 4)
    hand = state.players[0].hand
    prompt = RULES.prompt(RULES.view(state, 0), 0)
    assert prompt.frame == MULLIGAN and [b.name for b in prompt.buttons] == ["keep"]
    assert {c.action for c in prompt.choices} == {Mark(c) for c in hand}
    assert all(c.targets == (f"card:{c.action.card}",) for c in prompt.choices)
    marked = act(state, Mark(hand[0]))
    assert [b.name for b in RULES.prompt(RULES.view(marked, 0), 0).buttons] == ["keep", "confirm"]
    waiting = RULES.prompt(RULES.view(state, 1), 1)
    assert waiting.seat == 0 and not waiting.choices and "{player}" in waiting.text.text

    am = _card(0, 1)
    turn = position([{"hand": [am], "left_camp": "A", "left": {"scientists": "MP"}}, {"hand": []}],
                    pool=[60, 61, 62, 63], deck=list(range(70, 80)))
    prompt = RULES.prompt(turn, 0)
    assert prompt.frame == ACTION and [b.action for b in prompt.buttons] == [Regroup()]
    assert {c.targets for c in prompt.choices} == {(f"card:{am}", "location:1"), (f"card:{am}", "location:2")}
    assert all(isinstance(c.label, Msg) for c in prompt.choices)
    take = RULES.prompt(act(turn, PlayCard(am, 1)), 0)
    assert take.frame == TAKE and [b.action for b in take.buttons] == [RefreshPool()]
    assert {c.targets for c in take.choices} == {("card:60", "pool"), ("card:61", "pool"), ("card:62", "pool"),
                                                 ("card:63", "pool"), ("deck",)}
    regroup = RULES.prompt(act(turn, Regroup()), 0)
    assert regroup.frame == REGROUP and [b.action for b in regroup.buttons] == [Confirm()]
    assert [c.action for c in regroup.choices] == [Mark(am)]
    send = RULES.prompt(act(turn, Regroup(), Confirm()), 0)
    assert send.frame == SEND and not send.buttons
    assert [c.targets for c in send.choices] == [("location:0",), ("location:1",), ("location:2",)]


def test_log_lines_translate_their_names_when_shown():
    am = _card(0, 1)
    state = position([{"hand": [am]}, {"hand": []}], pool=[60], deck=[1])
    line = RULES.describe(state, PlayCard(am, 2))
    assert isinstance(line, Msg) and str(line).endswith("in the right location")
    try:
        i18n.set_language("it")
        assert line.render().startswith("osserva: ") and line.render().endswith("nella località destra")
    finally:
        i18n.set_language("en")


# --- positions of every frame, and the end -------------------------------------------------------


@pytest.mark.parametrize("phase", [MULLIGAN, ACTION, TAKE, REGROUP, SEND])
def test_positions_of_every_frame_round_trip(phase):
    players = [{"hand": [1, 2, 3, 4], "left_camp": "A", "left": {"scientists": "MP"}}, {"hand": [5, 6, 7, 8]},
               {"hand": [9, 10, 11, 12]}]
    extra = {"marked": [3, 1]} if phase in (MULLIGAN, REGROUP) else {}
    state = position(players, pool=[60, 61, 62, 63], deck=list(range(20, 40)), phase=phase, to_act=0, **extra)
    assert state.phase == phase and state.to_act == 0
    if extra:
        assert state.marked() == [1, 3]
    data = json.loads(json.dumps(RULES.to_position(state)))
    assert RULES.from_position(data) == state


def test_a_mulligan_position_asks_the_seats_still_to_decide():
    # By default the seats before to_act (from the first player) have decided; seat 0 has not here.
    players = [{"hand": [1, 2, 3, 4], "mulliganed": False}, {"hand": [5, 6, 7, 8]}, {"hand": [9, 10, 11, 12]},
               {"hand": [13, 14, 15, 16]}]
    state = position(players, deck=list(range(20, 40)), phase="mulligan", to_act=2)
    assert [p.mulliganed for p in state.players] == [False, True, False, False]
    assert state.to_act == 2 and state.flow[-1].queue == [3, 0]
    state = act(state, Keep(), Keep(), Keep())
    assert state.phase == ACTION and state.to_act == 0


def test_positions_refuse_bad_marks_and_empty_camps_to_send():
    with pytest.raises(SaveError, match="marked"):
        position([{"hand": [1, 2]}, {"hand": []}], deck=[50], phase="regroup", marked=[7])
    with pytest.raises(SaveError, match="camps are empty"):
        position([{"hand": [1, 2]}, {"hand": []}], deck=[50], phase="regroup.send")


def test_the_result_says_why_the_game_ended():
    six = [c.id for c in cards() if c.species == "fox"][:7]
    over = position([{"hand": []}, {"hand": [], "middle": {"cards": six}}], pool=[], deck=[], phase="over",
                    to_act=None)
    result = RULES.result(over)
    assert result.final
    assert str(result.reason) == "Player 2 has 7 cards in one location, and the round was played to its end."
    assert RULES.result(RULES.new_game(RULES.default_options(2), 1)).reason == ""
