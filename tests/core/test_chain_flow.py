"""The flow pieces chains of abilities need (game/core/flow.py, game/core/stages.py): stage words
worked out from the frame, private frame data hidden by the core view, fan-outs with a subject per
entry that hand every answer back, and ``end_game`` unwinding a chain from any depth."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

import pytest

from game.core import flow
from game.core.codec import from_data, to_data
from game.core.contract import HIDDEN, Action, GameInfo, Options, Result, State
from game.core.errors import IllegalAction
from game.core.events import Events, Logged
from game.core.flow import FlowError, Frame, GameEnded
from game.core.messages import msg, text_of
from game.core.rng import Rng
from game.core.stages import Stage, StagedGame

# --- fan-outs with subjects and answers -----------------------------------------------------------


def table(*frames: tuple[str, int]) -> State:
    state = State(Rng(1))
    for name, seat in frames:
        flow.call(state, name, seat)
    return state


def test_a_fan_out_each_asks_every_entry_with_its_subject_even_one_seat_twice():
    state = table(("ability", 0))
    frame = flow.fan_out_each(state, "spare", [(1, 7), (0, 3), (1, 9)], card=8)
    assert frame is state.frame and frame.data == {"card": 8}
    asked = [(state.to_act, state.frame.subject)]
    while not flow.answered(state, "spare"):
        asked.append((state.to_act, state.frame.subject))
    assert asked == [(1, 7), (0, 3), (1, 9)]
    assert flow.fan_out_each(state, "spare", []) is None and [f.name for f in state.flow] == ["ability"]


def test_answers_come_back_to_the_caller_only_when_the_last_seat_has_answered():
    state = table(("ability", 2))
    flow.fan_out_each(state, "pick", [(0, "bird"), (1, "fish")], verb="kill")
    assert not flow.answered(state, 11)
    assert "returned" not in state.flow[0].data, "nothing is handed back while a seat is still to answer"
    assert state.frame.answers == ({"seat": 0, "subject": "bird", "answer": 11},)
    assert flow.answered(state, None), "a None answer is an answer"
    assert state.frame.name == "ability" and state.frame.data["returned"] == [
        {"seat": 0, "subject": "bird", "answer": 11}, {"seat": 1, "subject": "fish", "answer": None}]


def test_a_plain_fan_out_collects_answers_too_and_one_without_answers_returns_nothing():
    state = table(("turn", 0))
    flow.fan_out(state, "cull", [2, 1])
    assert state.frame.subject is None
    flow.answered(state, 5)
    flow.answered(state, 6)
    assert state.frame.data["returned"] == [{"seat": 2, "subject": None, "answer": 5},
                                            {"seat": 1, "subject": None, "answer": 6}]
    state = table(("turn", 0))
    flow.fan_out(state, "flee", [1, 2])
    flow.answered(state)
    flow.answered(state)
    assert state.frame.data == {}, "a fan-out answered without answers leaves its caller alone (as before)"


def test_a_fan_out_takes_an_answer_from_every_seat_or_from_none():
    state = table(("turn", 0))
    flow.fan_out(state, "cull", [1, 2])
    flow.answered(state, 4)
    with pytest.raises(FlowError, match="without an answer"):
        flow.answered(state)


def test_frames_without_subjects_or_answers_write_the_json_they_always_wrote():
    plain = Frame("flee", 1, {"row": 2}, [2, 3])
    assert to_data(plain) == {"name": "flee", "seat": 1, "data": {"row": 2}, "queue": [2, 3]}
    assert from_data(Frame, {"name": "flee", "seat": 1, "data": {"row": 2}, "queue": [2, 3]}) == plain
    state = table(("turn", 0))
    flow.fan_out_each(state, "spare", [(1, 7), (2, 9)])
    flow.answered(state, "release")
    frame = state.frame
    again = from_data(Frame, json.loads(json.dumps(to_data(frame))))
    assert again == frame and again.subject == 9 and again.answers[0]["answer"] == "release"


def test_a_frame_copy_is_deep_in_its_subjects_and_answers():
    frame = Frame("spare", 1, {}, [2], ({"animal": "bird"}, {"animal": "fish"}),
                  ({"seat": 0, "subject": {"animal": "ant"}, "answer": [1]},))
    copy = frame.copy()
    assert copy == frame
    copy.subjects[0]["animal"] = "mammal"
    copy.answers[0]["answer"].append(2)
    assert frame.subjects[0] == {"animal": "bird"} and frame.answers[0]["answer"] == [1]


# --- a staged game with words from the frame, private data and a deep end -------------------------


@dataclass(frozen=True)
class Pick(Action):
    kind = "pick"
    card: int


@dataclass(frozen=True)
class Skip(Action):
    kind = "skip"


@dataclass
class ClauseState(State):
    seen: list[int] = field(default_factory=list)
    score: list[int] = field(default_factory=lambda: [0, 0])
    ran: list[str] = field(default_factory=list)
    """What the automatic stages did, in order (to show what never runs after the end)."""


VERBS = {"devour": msg("choose a card to devour"), "keep": msg("keep one of the cards you see")}


def pick_ask(view, frame):
    return msg("{card}: {what}", card=frame.data["card"], what=VERBS[frame.data["verb"]])


def pick_legal(state, frame):
    return [Pick(c) for c in frame.data["cards"]] + [Skip()]


def pick_step(state, frame, action, events):
    if isinstance(action, Skip):
        flow.end(state, -1)
        return
    state.score[frame.seat] += action.card
    flow.end(state, action.card)


def chain_step(state, frame, events):
    """Runs the clauses of ``frame.data["todo"]``: each a gain, an ask, or a win."""
    todo = frame.data["todo"]
    if "returned" in frame.data:
        state.ran.append(f"got {frame.data.pop('returned')}")
    while todo:
        clause = todo.pop(0)
        state.ran.append(clause)
        if clause == "ask":
            flow.call(state, "pick", 1, card=7, verb="keep", cards=[3, 4], hand=[9])
            return
        if clause == "deeper":
            flow.call(state, "chain", frame.seat, todo=["win", "after the win"])
            return
        if clause == "win":
            events.add(Logged(msg("A win.")))
            flow.end_game(state)
    flow.end(state)


def _never(*args):
    raise IllegalAction(msg("Nobody decides here."))


class Clauses(StagedGame[ClauseState]):
    info = GameInfo("toy_clauses", "Clauses", 2, 2, "")
    state_type = ClauseState
    action_types = (Pick, Skip)
    stages = {
        "pick": Stage(pick_legal, pick_step, ask=pick_ask,
                      waiting=lambda view, frame: msg("Waiting for {player} ({card})…", card=frame.data["card"]),
                      buttons=lambda view, frame: {"skip": msg("Skip the {verb}", verb=frame.data["verb"])},
                      accepts=(Pick, Skip), picture=lambda view, frame: "take",
                      short=lambda view, frame: msg("Pick for card {card}!", card=frame.data["card"]),
                      private=("cards", "hand")),
        "chain": Stage(lambda s, f: [], _never, auto=chain_step),
        "turn": Stage(lambda s, f: [Skip()], lambda s, f, a, e: flow.call(s, "chain", 0, todo=["ask", "gain"]),
                      ask=msg("Go"), accepts=(Skip,)),
        "end": Stage(lambda s, f: [Pick(0)], _never, ask=pick_ask, accepts=(Skip,)),
    }

    def deal(self, options: Options, rng: Rng) -> ClauseState:
        state = ClauseState(rng)
        flow.start(state, "turn", 0)
        return state

    def view(self, state, seat):
        return self.clone(state)  # nothing of its own to hide: the stages' private keys are hidden for it

    def result(self, state):
        return Result(tuple(state.score), (0,), (), ({}, {}), self.is_over(state))

    def components(self, state):
        return Counter()


GAME = Clauses()


def asking() -> ClauseState:
    state = GAME.new_game(GAME.default_options(2), 1)
    return GAME.apply(state, Skip())


def test_a_stages_words_are_worked_out_from_the_frame():
    state = asking()
    assert state.frame.name == "pick" and state.to_act == 1
    mine = GAME.prompt(GAME.view(state, 1), 1)
    assert text_of(mine.text) == "7: keep one of the cards you see"
    assert [(b.name, text_of(b.label)) for b in mine.buttons] == [("skip", "Skip the keep")]
    assert mine.picture == "take" and text_of(mine.short) == "Pick for card 7!"
    assert [c.action for c in mine.choices] == [Pick(3), Pick(4)]
    theirs = GAME.prompt(GAME.view(state, 0), 0)
    assert text_of(theirs.waiting, player="Ana") == "Waiting for Ana (7)…" and not theirs.choices


def test_the_default_refusal_names_what_the_frame_asks():
    state = asking()
    state.flow[-1] = Frame("end", 1, {"card": 5, "verb": "devour"})
    with pytest.raises(IllegalAction) as refused:
        GAME.step(GAME.clone(state), Pick(0))
    assert text_of(refused.value.message) == "Not now: 5: choose a card to devour"


def test_private_frame_data_is_hidden_from_every_seat_but_the_frames():
    state = asking()
    frame = state.frame
    assert frame.data["cards"] == [3, 4] and frame.data["hand"] == [9]
    other = GAME.view(state, 0)
    assert other.frame.data == {"card": 7, "verb": "keep", "cards": [HIDDEN, HIDDEN], "hand": [HIDDEN]}
    assert [(f.name, f.seat, f.queue) for f in other.flow] == [(f.name, f.seat, f.queue) for f in state.flow]
    assert GAME.view(state, 1).frame.data == frame.data, "the frame's own seat sees it"
    assert state.frame.data["cards"] == [3, 4], "hiding never touches the state"
    state.frame.data["cards"] = 5
    assert GAME.view(state, 0).frame.data["cards"] == HIDDEN, "a value that is not a list becomes HIDDEN"


def test_views_of_games_without_private_data_are_untouched():
    state = asking()
    state.flow[-1].name = "end"  # a stage with no private keys
    assert GAME.view(state, 0) == state


def test_end_game_unwinds_every_stage_still_running():
    state = asking()
    state.flow[-2].data["todo"] = ["deeper", "never"]
    step = GAME.advance(state, Pick(3))
    after = step.state
    assert after.flow == [] and GAME.is_over(after)
    assert after.ran == ["ask", "got 3", "deeper", "win"], "nothing after the win ran, in that chain or its caller"
    assert [text_of(e.text) for e in step.events if isinstance(e, Logged)] == ["A win."]
    assert after.score == [0, 3], "what happened before the win stays"


def test_a_game_ended_signal_with_the_flow_still_going_is_a_bug():
    def bad(state, frame, events):
        raise GameEnded

    game = Clauses()
    game.stages = {**GAME.stages, "chain": Stage(lambda s, f: [], _never, auto=bad)}
    with pytest.raises(FlowError, match="end_game"):
        game.apply(game.new_game(game.default_options(2), 1), Skip())


def test_events_and_state_before_the_end_are_kept_when_the_end_comes_in_a_nested_answer():
    state = asking()
    state.flow[-2].data["todo"] = ["win"]
    events = Events()
    GAME.step(state, Pick(4), events)
    assert state.flow == [] and state.ran == ["ask", "got 4", "win"]
