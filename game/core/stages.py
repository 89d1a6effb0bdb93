"""Games whose turn flow is a table of stages, one per prompt frame name (Rally's states table).

A ``Stage`` says, for frames of one name: the legal actions, how an answer is applied, the
sentence for the seat that decides, what the others read meanwhile, which answers are buttons,
and which action types it takes. ``StagedGame`` dispatches ``legal_actions``, ``step`` and
``prompt`` on the top frame, so a game writes one small function per decision.

A stage with ``auto`` needs no choice: it runs as soon as its frame is on top (it must change the
stack), until a frame that asks someone is reached; more than ``MAX_AUTO`` in a row is a bug.
``flow.end_game`` anywhere inside a step ends the game at once: ``step`` catches its ``GameEnded``.

A stage's words (``ask``, ``waiting``, ``short``, ``picture``, ``buttons``, ``wrong``) may be
worked out from the frame: give a function of ``(view, frame)`` instead of the value, so one stage
serving every clause of a card game names the card and what it asks. A stage's ``private`` data
keys are hidden (``HIDDEN``) from every seat but the frame's own in every view, without the game's
``view`` doing anything: ``StagedGame`` wraps each subclass's ``view``.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.core import prompt as prompts
from game.core.contract import HIDDEN, Action, Game, S
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events
from game.core.flow import FlowError, Frame, GameEnded
from game.core.messages import Msg, msg
from game.core.spaces import ActionSpace

MAX_AUTO = 1_000

T = TypeVar("T")
FromFrame = T | Callable[[Any, Frame], T]
"""A stage's word: the value itself, or a function of (view, frame) giving it."""
WORDS = ("ask", "waiting", "buttons", "wrong", "picture", "short")


@dataclass(frozen=True)
class Stage:
    legal: Callable[[Any, Frame], ActionSpace | Sequence[Action]]
    """(state, frame) -> the legal actions of the frame's seat."""
    step: Callable[[Any, Frame, Action, Events], None]
    """(state, frame, action, events): apply the answer (it moves the stack on)."""
    ask: FromFrame[Msg | str] = ""
    """The sentence for the seat that decides."""
    waiting: FromFrame[Msg | str] = ""
    """What the other seats read; ``{player}`` is the deciding seat's name (worked out from the
    reader's view: it never sees the frame's private data)."""
    buttons: FromFrame[dict[str, Msg | str]] = field(default_factory=dict)
    """Action kind -> button label: those answers are buttons, the rest are choices."""
    accepts: tuple[type, ...] = ()
    """The action types this stage takes; another is refused with ``wrong`` (or a sentence built
    from ``ask``)."""
    wrong: FromFrame[Msg | str] = ""
    auto: Callable[[Any, Frame, Events], None] | None = None
    """For a frame that asks nobody: run it (it must replace or pop itself)."""
    picture: FromFrame[str] = ""
    """Kids' mode's picture of the decision (one of ``prompt.PICTURES``)."""
    short: FromFrame[Msg | str] = ""
    """Kids' mode's very few words for it ("Take a card!")."""
    private: FromFrame[tuple[str, ...]] = ()
    """Keys of the frame's data only its seat may see (cards it looks at): every other seat's view
    has them HIDDEN (a list keeps its length, anything else becomes HIDDEN). A fan-out's frame with
    private keys hides each seat's answer from the others too (ILAN: the card each player picked
    in their own hand). A function of (view, frame) when it depends on the question asked."""

    def private_keys(self, view: Any, frame: Frame) -> tuple[str, ...]:
        return self.private(view, frame) if callable(self.private) else self.private

    def worded(self, view: Any, frame: Frame) -> Stage:
        """This stage with its words worked out for ``frame`` (itself when none depends on it)."""
        said = {name: value(view, frame) for name in WORDS if callable(value := getattr(self, name))}
        return dataclasses.replace(self, **said) if said else self


def hidden_like(value: Any) -> Any:
    """What a seat sees of a private value: a list keeps its length, anything else is HIDDEN."""
    return [HIDDEN] * len(value) if isinstance(value, list) else HIDDEN


def hide_frames(stages: dict[str, Stage], view: Any, seat: int) -> None:
    """Hide, in ``view`` (a copy), the private data of every frame that is not ``seat``'s."""
    for index, frame in enumerate(view.flow):
        stage = stages.get(frame.name)
        keys = [k for k in (stage.private_keys(view, frame) if stage is not None else ()) if k in frame.data]
        if not keys:
            continue
        answers = tuple(a if a["seat"] == seat else {**a, "answer": hidden_like(a["answer"])} for a in frame.answers)
        if frame.seat == seat:
            view.flow[index] = dataclasses.replace(frame, answers=answers)
            continue
        data = dict(frame.data)
        for key in keys:
            if key in data:
                data[key] = hidden_like(data[key])
        view.flow[index] = dataclasses.replace(frame, data=data, answers=answers)


def _hiding(view: Callable[[Any, Any, int], Any]) -> Callable[[Any, Any, int], Any]:
    @functools.wraps(view)
    def hiding_view(game: StagedGame, state: Any, seat: int) -> Any:
        seen = view(game, state, seat)
        hide_frames(game.stages, seen, seat)
        return seen

    hiding_view.hides_frames = True  # type: ignore[attr-defined]
    return hiding_view


class StagedGame(Game[S]):
    """A Game whose legal actions, steps and prompts come from ``stages`` (frame name -> Stage)."""

    stages: dict[str, Stage] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        view = cls.__dict__.get("view")
        if view is not None and not getattr(view, "hides_frames", False):
            cls.view = _hiding(view)  # type: ignore[method-assign]

    def stage(self, state: S) -> tuple[Stage, Frame]:
        frame = state.frame
        if frame is None:
            raise IllegalAction(msg("The game is over."))
        try:
            return self.stages[frame.name], frame
        except KeyError:
            raise FlowError(f"no stage for the prompt frame {frame.name!r}") from None

    def legal_actions(self, state: S) -> ActionSpace | Sequence[Action]:
        if state.frame is None:
            return []
        stage, frame = self.stage(state)
        return stage.legal(state, frame)

    def step(self, state: S, action: Action, events: Events = NO_EVENTS) -> None:
        stage, frame = self.stage(state)
        if stage.accepts and not isinstance(action, stage.accepts):
            raise IllegalAction(self.wrong_moment(stage.worded(state, frame), frame, action))
        try:
            stage.step(state, frame, action, events)
            self.run_auto(state, events)
        except GameEnded:
            if state.flow:
                raise FlowError("GameEnded was raised by something other than flow.end_game") from None

    def wrong_moment(self, stage: Stage, frame: Frame, action: Action) -> Msg | str:
        """Why ``action`` is refused while ``frame`` asks something else (a game may say more)."""
        return stage.wrong or msg("Not now: {ask}", ask=stage.ask)

    def run_auto(self, state: S, events: Events) -> None:
        for _i in range(MAX_AUTO):
            if state.frame is None:
                return
            stage = self.stages.get(state.frame.name)
            if stage is None or stage.auto is None:
                return
            stage.auto(state, state.frame, events)
        raise FlowError(f"more than {MAX_AUTO} automatic steps in a row")

    def prompt(self, view: S, seat: int) -> prompts.Prompt:
        if view.frame is None:
            return prompts.over()
        stage, frame = self.stage(view)
        stage = stage.worded(view, frame)
        waiting = stage.waiting or msg("Waiting for {player}…")
        if seat != view.to_act:
            return prompts.Prompt(view.to_act, waiting, waiting=waiting, frame=frame.name)
        return prompts.build(self, view, seat, self.space(view), stage.ask or msg("Your move"), waiting,
                             stage.buttons, frame.name, stage.picture, stage.short)
