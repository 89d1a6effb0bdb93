"""Games whose turn flow is a table of stages, one per prompt frame name (Rally's states table).

A ``Stage`` says, for frames of one name: the legal actions, how an answer is applied, the
sentence for the seat that decides, what the others read meanwhile, which answers are buttons,
and which action types it takes. ``StagedGame`` dispatches ``legal_actions``, ``step`` and
``prompt`` on the top frame, so a game writes one small function per decision.

A stage with ``auto`` needs no choice: it runs as soon as its frame is on top (it must change the
stack), until a frame that asks someone is reached; more than ``MAX_AUTO`` in a row is a bug.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core import prompt as prompts
from game.core.contract import Action, Game, S
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events
from game.core.flow import FlowError, Frame
from game.core.messages import Msg, msg
from game.core.spaces import ActionSpace

MAX_AUTO = 1_000


@dataclass(frozen=True)
class Stage:
    legal: Callable[[Any, Frame], ActionSpace | Sequence[Action]]
    """(state, frame) -> the legal actions of the frame's seat."""
    step: Callable[[Any, Frame, Action, Events], None]
    """(state, frame, action, events): apply the answer (it moves the stack on)."""
    ask: Msg | str = ""
    """The sentence for the seat that decides."""
    waiting: Msg | str = ""
    """What the other seats read; ``{player}`` is the deciding seat's name."""
    buttons: dict[str, Msg | str] = field(default_factory=dict)
    """Action kind -> button label: those answers are buttons, the rest are choices."""
    accepts: tuple[type, ...] = ()
    """The action types this stage takes; another is refused with ``wrong`` (or a sentence built
    from ``ask``)."""
    wrong: Msg | str = ""
    auto: Callable[[Any, Frame, Events], None] | None = None
    """For a frame that asks nobody: run it (it must replace or pop itself)."""
    picture: str = ""
    """Kids' mode's picture of the decision (one of ``prompt.PICTURES``)."""
    short: Msg | str = ""
    """Kids' mode's very few words for it ("Take a card!")."""


class StagedGame(Game[S]):
    """A Game whose legal actions, steps and prompts come from ``stages`` (frame name -> Stage)."""

    stages: dict[str, Stage] = {}

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
            raise IllegalAction(self.wrong_moment(stage, frame, action))
        stage.step(state, frame, action, events)
        self.run_auto(state, events)

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
        waiting = stage.waiting or msg("Waiting for {player}…")
        if seat != view.to_act:
            return prompts.Prompt(view.to_act, waiting, waiting=waiting, frame=frame.name)
        return prompts.build(self, view, seat, self.space(view), stage.ask or msg("Your move"), waiting,
                             stage.buttons, frame.name, stage.picture, stage.short)
