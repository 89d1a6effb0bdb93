"""Events (game/core/events.py): what each seat learns from a step, and which steps are barriers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.events import (
    HIDDEN_THING,
    NO_EVENTS,
    Changed,
    Events,
    Logged,
    Moved,
    Revealed,
    Scored,
    Shuffled,
    for_seat,
    is_barrier,
)
from game.core.history import History
from game.core.messages import msg
from tests.toys import fanout, interrupt

SEATS = (0, 1, 2, None)


def test_a_card_moving_into_a_hand_is_hidden_from_the_others():
    event = Moved("card:17", "deck", "hand:1", known_to=(1,))
    assert event.for_seat(1) is event
    for seat in (0, 2, None):
        seen = event.for_seat(seat)
        assert seen == Moved(HIDDEN_THING, "deck", "hand:1"), seat
    public = Moved("card:17", "hand:1", "discard")
    assert all(public.for_seat(seat) is public for seat in SEATS)


def test_a_reveal_reaches_only_its_audience():
    private = Revealed("card:17", "hand:1", to=(1,))
    assert private.for_seat(1) is private
    assert all(private.for_seat(seat) is None for seat in (0, 2, None)), "the public view learns nothing"
    shown = Revealed("card:3", "pool:0")
    assert all(shown.for_seat(seat) is shown for seat in SEATS)


def test_log_lines_for_some_seats_only():
    line = Logged(msg("You drew {card}.", card=5), seat=2, to=(2,))
    assert line.for_seat(2) is line and line.for_seat(0) is None and line.for_seat(None) is None
    everyone = Logged(msg("The round ends."))
    assert all(everyone.for_seat(seat) is everyone for seat in SEATS)


def test_public_events_reach_everybody():
    for event in (Scored(1, 3, "height"), Shuffled("deck"), Changed("anchor:0", 0)):
        assert all(event.for_seat(seat) is event for seat in SEATS)


def test_for_seat_keeps_the_order_and_drops_what_a_seat_does_not_learn():
    events = [Moved("card:1", "deck", "hand:0", (0,)), Revealed("card:1", "hand:0", (0,)), Scored(0, 2),
              Logged(msg("secret"), 0, (0,)), Shuffled("deck")]
    assert for_seat(events, 0) == tuple(events)
    assert for_seat(events, 1) == (Moved(HIDDEN_THING, "deck", "hand:0"), Scored(0, 2), Shuffled("deck"))
    assert for_seat(events, None) == for_seat(events, 1)


def test_barriers_are_reveals_and_shuffles():
    assert is_barrier([Revealed("card:1", "pool")]) and is_barrier([Scored(0, 1), Shuffled("deck")])
    assert not is_barrier([Moved("card:1", "a", "b"), Scored(0, 1), Logged(msg("x")), Changed("x")])
    assert not is_barrier([])


def test_the_sinks():
    sink = Events()
    sink.add(Scored(0, 1))
    assert sink.items == [Scored(0, 1)] and sink.collecting
    NO_EVENTS.add(Scored(0, 1))
    assert not NO_EVENTS.collecting and NO_EVENTS.items == []


things = st.sampled_from(["card:1", "card:2", "pawn:0"])
audiences = st.none() | st.lists(st.integers(0, 3), max_size=3, unique=True).map(tuple)
events_strategy = st.lists(
    st.one_of(
        st.builds(Moved, things, st.just("deck"), st.sampled_from(["hand:0", "hand:1"]), audiences),
        st.builds(Revealed, things, st.just("hand:0"), audiences),
        st.builds(Logged, st.just(msg("line")), st.none(), audiences),
        st.builds(Scored, st.integers(0, 3), st.integers(-3, 3)),
        st.builds(Shuffled, st.just("deck")),
    ),
    max_size=12,
)


@given(events_strategy, st.sampled_from(SEATS))
def test_a_seat_never_reads_what_was_not_meant_for_it(events, seat):
    for seen in for_seat(events, seat):
        audience = getattr(seen, "known_to", None) if isinstance(seen, Moved) else getattr(seen, "to", None)
        if isinstance(seen, Moved) and seen.thing != HIDDEN_THING:
            assert audience is None or seat in audience
        if isinstance(seen, (Revealed, Logged)):
            assert audience is None or seat in audience
    assert len(for_seat(events, seat)) <= len(events)


# --- the barrier of a step, as Game.advance and History report it --------------------------------


def hunters_state():
    game = interrupt.RULES
    return game, game.new_game(game.default_options(2), 1)


def test_a_draw_is_a_barrier_and_cannot_be_undone():
    game, state = hunters_state()
    prey = next(c for c in state.hands[0] if not interrupt.is_hunter(c))
    step = game.advance(state, interrupt.Play(prey))
    assert step.barrier and any(isinstance(e, Revealed) and e.to == (0,) for e in step.events)
    drawn = next(e for e in step.events if isinstance(e, Moved) and e.source == "deck")
    assert drawn.for_seat(1).thing == HIDDEN_THING and drawn.for_seat(0).thing.startswith("card:")


def test_a_step_that_draws_from_the_rng_is_a_barrier():
    class Dice(fanout.AvalancheGame):
        def step(self, state, action, events=NO_EVENTS):
            super().step(state, action, events)
            state.rng.next64()

    game = Dice()
    state = game.new_game(game.default_options(2), 1)
    step = game.advance(state, fanout.Pick(0))
    assert step.barrier and not is_barrier(step.events)


def test_undo_within_a_turn_until_the_seat_changes():
    game = fanout.RULES
    history = History.start(game, game.default_options(2), 1)
    history.push(fanout.Pick(0))
    assert history.can_undo() and not history.barriers[-1]
    assert history.undo() == fanout.Pick(0) and history.state.frame.name == "climb.pick"
    assert history.record.actions == []
    history.push(fanout.Pick(1))
    history.push(fanout.Climb(2))
    assert not history.can_undo(), "the turn passed to the other seat"
    with pytest.raises(ValueError):
        history.undo()
