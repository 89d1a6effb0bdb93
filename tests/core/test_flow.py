"""The prompt stack (game/core/flow.py) and the stages that dispatch on it (game/core/stages.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core import flow
from game.core.contract import Action, GameInfo, Options, Result, State
from game.core.errors import IllegalAction
from game.core.events import Events, Logged
from game.core.flow import MAX_DEPTH, FlowError, Frame
from game.core.messages import msg, text_of
from game.core.rng import Rng
from game.core.stages import MAX_AUTO, Stage, StagedGame


def table(*frames: tuple[str, int]) -> State:
    state = State(Rng(1))
    for name, seat in frames:
        flow.call(state, name, seat)
    return state


# --- the stack --------------------------------------------------------------------------------


def test_call_pushes_another_seat_while_the_turn_stays():
    state = State(Rng(1))
    flow.start(state, "turn", 2, card=7)
    assert state.to_act == state.turn_seat == 2
    frame = flow.call(state, "devour", 0, by=2)
    assert state.to_act == 0 and state.turn_seat == 2 and state.frame is frame
    assert [f.name for f in state.flow] == ["turn", "devour"] and frame.data == {"by": 2}
    assert state.flow[0].data == {"card": 7}, "the caller's locals wait below"


def test_end_returns_to_the_caller_with_a_value():
    state = table(("turn", 1), ("devour", 3))
    caller = flow.end(state, 12)
    assert caller is state.frame and caller.name == "turn" and caller.data["returned"] == 12
    assert state.to_act == 1
    flow.call(state, "ask", 2)
    flow.end(state, 0)
    assert state.frame.data["returned"] == 0, "a falsy value is still handed back"
    flow.call(state, "ask", 2)
    flow.end(state)
    assert state.frame.data["returned"] == 0, "no value: the caller's locals are left alone"
    assert flow.end(state) is None and state.to_act is None and state.turn_seat is None


def test_goto_replaces_the_top_and_keeps_the_seat_unless_told():
    state = table(("turn", 1), ("pick", 1))
    state.frame.data["chosen"] = 4
    frame = flow.goto(state, "where", row=2)
    assert [f.name for f in state.flow] == ["turn", "where"] and frame.seat == 1
    assert frame.data == {"row": 2}, "goto starts the next step's own locals"
    flow.goto(state, "other", seat=0)
    assert state.to_act == 0 and len(state.flow) == 2


def test_the_empty_stack_refuses_goto_end_and_answered():
    state = State(Rng(1))
    for move in (lambda: flow.goto(state, "x"), lambda: flow.end(state), lambda: flow.answered(state)):
        with pytest.raises(FlowError):
            move()
    assert flow.top(state) is None


def test_fan_out_asks_each_seat_in_order_then_pops():
    state = table(("avalanche.done", 1))
    frame = flow.fan_out(state, "flee", [2, 3, 0], row=3)
    assert frame is not None and state.to_act == 2 and frame.queue == [3, 0] and state.turn_seat == 1
    asked = [state.to_act]
    while not flow.answered(state):
        asked.append(state.to_act)
        assert state.frame.name == "flee" and state.frame.data == {"row": 3}
    assert asked == [2, 3, 0]
    assert [f.name for f in state.flow] == ["avalanche.done"] and state.to_act == 1


def test_fan_out_to_nobody_pushes_nothing():
    state = table(("turn", 1))
    assert flow.fan_out(state, "flee", []) is None
    assert [f.name for f in state.flow] == ["turn"]


def test_goto_refuses_to_drop_a_fan_outs_seats():
    state = table(("turn", 0))
    flow.fan_out(state, "flee", [1, 2])
    with pytest.raises(FlowError, match=r"seats \[2\]"):
        flow.goto(state, "flee.where")
    assert state.frame.queue == [2], "nothing changed"
    flow.answered(state)
    flow.goto(state, "flee.where")  # the last seat: nothing is dropped
    assert state.to_act == 2


def test_depth_guard_stops_a_runaway_nesting():
    state = State(Rng(1))
    for depth in range(MAX_DEPTH):
        flow.call(state, f"nested{depth}", depth % 3)
    with pytest.raises(FlowError, match="deeper"):
        flow.call(state, "one too many", 0)
    with pytest.raises(FlowError):
        flow.fan_out(state, "fan", [0, 1])
    assert len(state.flow) == MAX_DEPTH


def test_finish_and_clockwise_from():
    assert flow.clockwise_from(2, 4) == [2, 3, 0, 1]
    assert flow.clockwise_from(3, 4, only=[0, 2, 3]) == [3, 0, 2]
    assert flow.clockwise_from(1, 3, only=[]) == []
    state = table(("turn", 0), ("ask", 1))
    flow.finish(state)
    assert state.flow == [] and state.to_act is None


def test_frames_copy_deeply_and_hold_json():
    frame = Frame("pick", 1, {"marked": [1, 2], "by": {"seat": 0}}, [2, 3])
    copy = frame.copy()
    copy.data["marked"].append(9)
    copy.data["by"]["seat"] = 5
    copy.queue.pop()
    assert frame == Frame("pick", 1, {"marked": [1, 2], "by": {"seat": 0}}, [2, 3])
    flows = flow.copy_flow([frame])
    assert flows == [frame] and flows[0] is not frame


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                                      max_size=4),
                           max_leaves=20)


@given(json_values)
def test_copy_json_is_a_deep_copy(value):
    copied = flow.copy_json(value)
    assert copied == value
    if isinstance(value, (list, dict)) and value:
        assert copied is not value


@given(st.lists(st.sampled_from(["call", "goto", "end", "fan"]), max_size=40), st.integers(0, 3))
def test_to_act_is_always_the_top_frames_seat(moves, seat):
    state = State(Rng(1))
    flow.start(state, "turn", seat)
    for move in moves:
        if not state.flow:
            break
        if move == "call" and len(state.flow) < MAX_DEPTH:
            flow.call(state, "ask", (seat + len(state.flow)) % 4)
        elif move == "goto" and not state.frame.queue:
            flow.goto(state, "next")
        elif move == "end":
            flow.end(state)
        elif move == "fan" and len(state.flow) < MAX_DEPTH:
            flow.fan_out(state, "fan", flow.clockwise_from(seat, 4))
        assert state.to_act == (state.flow[-1].seat if state.flow else None)
        assert state.turn_seat == (state.flow[0].seat if state.flow else None)


# --- stages -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick(Action):
    kind = "tick"
    n: int


@dataclass(frozen=True)
class Stop(Action):
    kind = "stop"


@dataclass
class CountState(State):
    count: int = 0
    loops: int = 0


def _never(*args):
    raise IllegalAction(msg("Nobody decides here."))


def count_legal(state, frame):
    return [Tick(1), Tick(2), Stop()]


def count_step(state, frame, action, events):
    if isinstance(action, Stop):
        flow.goto(state, "tally")  # automatic: it ends the game
        return
    state.count += action.n
    if state.count >= 5:
        flow.goto(state, "loop" if state.loops else "tally")
    else:
        flow.start(state, "count", 1 - frame.seat)


def tally(state, frame, events):
    events.add(Logged(msg("Counted to {n}.", n=state.count)))
    flow.finish(state)


def spin(state, frame, events):
    flow.goto(state, "loop")  # never asks anybody: a runaway loop


class Counting(StagedGame[CountState]):
    info = GameInfo("toy_counting", "Counting", 2, 2, "")
    state_type = CountState
    action_types = (Tick, Stop)
    stages = {
        "count": Stage(count_legal, count_step, ask=msg("Count on"), waiting=msg("{player} is counting"),
                       buttons={"stop": msg("Stop")}, accepts=(Tick, Stop)),
        "tally": Stage(lambda s, f: [], _never, auto=tally),
        "loop": Stage(lambda s, f: [], _never, auto=spin),
        "strict": Stage(count_legal, count_step, ask=msg("Count on"), accepts=(Tick,),
                        wrong=msg("Only ticks here.")),
    }

    def deal(self, options: Options, rng: Rng) -> CountState:
        state = CountState(rng)
        flow.start(state, "count", 0)
        return state

    def view(self, state, seat):
        return self.clone(state)

    def result(self, state):
        return Result((state.count, 0), (0,), (), ({}, {}), self.is_over(state))

    def components(self, state):
        return Counter()


GAME = Counting()


def test_stages_dispatch_legal_step_and_prompt_on_the_top_frame():
    state = GAME.new_game(GAME.default_options(2), 1)
    assert GAME.legal_actions(state) == [Tick(1), Tick(2), Stop()]
    state = GAME.apply(state, Tick(2))
    assert state.count == 2 and state.to_act == 1
    mine, theirs = GAME.prompt(state, 1), GAME.prompt(state, 0)
    assert mine.seat == 1 and text_of(mine.text) == "Count on" and mine.frame == "count"
    assert [c.action for c in mine.choices] == [Tick(1), Tick(2)]
    assert [(b.name, b.action, text_of(b.label)) for b in mine.buttons] == [("stop", Stop(), "Stop")]
    assert theirs.seat == 1 and not theirs.choices and text_of(theirs.waiting, player="Bo") == "Bo is counting"


def test_an_automatic_stage_runs_until_someone_is_asked():
    state = GAME.new_game(GAME.default_options(2), 1)
    step = GAME.advance(state, Stop())
    assert GAME.is_over(step.state), "tally ran by itself and finished the game"
    assert [text_of(e.text) for e in step.events if isinstance(e, Logged)] == ["Counted to 0."]


def test_a_runaway_automatic_stage_is_stopped():
    state = GAME.new_game(GAME.default_options(2), 1)
    state.count, state.loops = 4, 1
    with pytest.raises(FlowError, match=str(MAX_AUTO)):
        GAME.step(state, Tick(1), Events())


@dataclass(frozen=True)
class _Other(Action):
    kind = "other"


def test_a_stage_refuses_what_it_does_not_accept():
    state = GAME.new_game(GAME.default_options(2), 1)
    flow.goto(state, "strict")
    with pytest.raises(IllegalAction, match="Only ticks here"):
        GAME.step(state, Stop(), Events())
    flow.goto(state, "count")
    with pytest.raises(IllegalAction, match="Not now: Count on"):
        GAME.step(state, _Other(), Events())
    assert state.count == 0 and state.frame.name == "count"


def test_an_unknown_frame_is_a_flow_error_and_the_end_refuses():
    state = GAME.new_game(GAME.default_options(2), 1)
    flow.goto(state, "nowhere")
    with pytest.raises(FlowError, match="nowhere"):
        GAME.legal_actions(state)
    flow.finish(state)
    assert GAME.legal_actions(state) == [] and GAME.prompt(state, 0).seat is None
    with pytest.raises(IllegalAction, match="over"):
        GAME.step(state, Tick(1), Events())
