"""Prompts: what the table shows the seat that decides, without knowing the rules.

A prompt is a sentence ("Choose a card to devour"), the choices (each an action, or the next step
of one, with the things it targets so the table can light them) and the buttons (Pass, Done,
Confirm). The seats that do not decide get the ``waiting`` sentence ("Ana is choosing a card to
devour…"). A continuous decision (aiming a throw) carries its ``space`` for the table's aiming
widget; its choices list only what can be listed beside it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction
from game.core.messages import Msg, msg
from game.core.spaces import ActionSpace, listed

PICTURES = ("play", "take", "swap", "place", "choose", "throw", "wait")
"""The pictures a kids' prompt may show (assets/art/ui/prompt/<name>.svg): a card played onto the
table, a card taken into the hand, cards swapped, a place picked, a thing chosen, a throw, waiting."""


@dataclass(frozen=True)
class Choice:
    action: Any
    targets: tuple[str, ...] = ()
    """Things the action is about (``"card:17"``, ``"location:0"``): the table lights them."""
    label: Msg | str = ""


@dataclass(frozen=True)
class Button:
    name: str
    """What kind of button: ``pass``, ``done``, ``confirm``, ``cancel`` or a game's own word."""
    action: Any
    label: Msg | str
    enabled: bool = True


@dataclass(frozen=True)
class Prompt:
    seat: int | None
    """The seat that decides (None once the game is over)."""
    text: Msg | str
    choices: tuple[Choice, ...] = ()
    buttons: tuple[Button, ...] = ()
    waiting: Msg | str = ""
    """The sentence the other seats read while ``seat`` decides."""
    space: ActionSpace | None = dataclasses.field(default=None, compare=False)
    """The whole action space, for decisions the choices cannot list (an aimed throw)."""
    frame: str = ""
    """The name of the prompt frame asking (empty for games without frames)."""
    picture: str = ""
    """What kids' mode draws for this decision: one of ``PICTURES`` (empty: ``choose``)."""
    short: Msg | str = ""
    """The decision in a very few words, for kids' mode ("Play a card!"; empty: "Your turn!")."""

    def actions(self) -> list[Any]:
        """Every listed action: the choices' and the enabled buttons'."""
        return [c.action for c in self.choices] + [b.action for b in self.buttons if b.enabled]

    def targeted(self, thing: str, focus: str | None = None) -> tuple[Choice, ...]:
        """The choices a click on ``thing`` may mean: those that target it (and ``focus`` too, the
        thing picked up before, when there is one). One is played, several are asked about, none
        is refused with the rules' own sentence (``Game.why_not``)."""
        return tuple(c for c in self.choices if thing in c.targets and (focus is None or focus in c.targets))


def field_targets(action: Any) -> tuple[str, ...]:
    """The default targets of an action: each whole-number field as ``"name:value"``."""
    out = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, int) and not isinstance(value, bool):
            out.append(f"{f.name}:{value}")
    return tuple(out)


def build(game: Any, view: Any, seat: int | None, space: ActionSpace, text: Msg | str,
          waiting: Msg | str, buttons: dict[str, Msg | str] | None = None, frame: str = "",
          picture: str = "", short: Msg | str = "") -> Prompt:
    """A prompt from an action space: actions whose kind is in ``buttons`` become buttons (with that
    label), every other listed action a choice labelled by ``game.describe``."""
    labels = buttons or {}
    choices: list[Choice] = []
    pressed: list[Button] = []
    for action in listed(space):
        label = labels.get(action.kind)
        if label is not None:
            pressed.append(Button(action.kind, action, label))
        else:
            choices.append(Choice(action, game.targets(view, action), game.describe(view, action)))
    return Prompt(seat, text, tuple(choices), tuple(pressed), waiting, space, frame, picture, short)


def refusal(game: Any, view: Any, action: Any) -> Msg | str | None:
    """The rules' own sentence refusing ``action`` from ``view`` (the ``IllegalAction`` that applying
    it raises), or None when it is legal: what a game's ``why_not`` says about the move a click meant."""
    if game.is_legal(view, action):
        return None
    try:
        game.advance(view, action)
    except IllegalAction as exc:
        return exc.message or None
    return None


def over() -> Prompt:
    return Prompt(None, msg("The game is over."))
