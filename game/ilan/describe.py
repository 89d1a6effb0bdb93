"""ILAN's log lines and what each action is about (the table lights it), from the state before it."""

from __future__ import annotations

from game.core.contract import Action
from game.core.messages import Msg, Words, msg
from game.ilan.abilities import choices
from game.ilan.cards import BIO, card
from game.ilan.state import (
    CHOOSE,
    LIMITS,
    PICK,
    WEB,
    Back,
    Collect,
    Done,
    Draw,
    DrawAndPlay,
    IlanState,
    No,
    Option,
    Pick,
    PlayCard,
    Yes,
)


def card_name(number: int) -> Msg | Words:
    """A card as the log names it: its name in the language of the moment, and its category."""
    c = card(number)
    if c.bio:
        return msg("{name} ({category})", name=c.name, category=c.category)
    return c.name


def _pick_line(verb: str, number: int) -> Msg:
    lines = {
        "devour": msg("chooses {card} to devour", card=card_name(number)),
        "kill": msg("chooses {card} to die", card=card_name(number)),
        "take": msg("chooses {card} to take from the Current", card=card_name(number)),
        "steal": msg("chooses {card} to steal", card=card_name(number)),
        "move": msg("chooses {card} to move to the Current", card=card_name(number)),
        "give": msg("chooses {card} to give", card=card_name(number)),
        "shuffle": msg("chooses {card} to shuffle into its deck", card=card_name(number)),
        "reactivate": msg("chooses a card of their ecosystem to run its ability again"),
    }
    return lines[verb]


def describe_action(state: IlanState, action: Action) -> Msg | str:
    frame = state.frame
    name = frame.name if frame is not None else ""
    if isinstance(action, PlayCard):
        if card(action.card).bio:
            return msg("plays {card}", card=card_name(action.card))
        return msg("plays the factors card {card}", card=card_name(action.card))
    if isinstance(action, DrawAndPlay):
        return msg("draws a biodiversity card to play it at once")
    if isinstance(action, Collect):
        return msg("begins a trophic web")
    if isinstance(action, Draw):
        return msg("draws a biodiversity card") if action.deck == BIO else msg("draws a factors card")
    if isinstance(action, Pick) and frame is not None:
        if name == WEB:
            if action.card in frame.data["picked"]:
                return msg("takes {card} out of the web", card=card_name(action.card))
            return msg("puts {card} in the web", card=card_name(action.card))
        if name == LIMITS:
            return msg("discards {card}", card=card_name(action.card))
        if name == PICK:
            if choices.pick_private(state, frame):
                return msg("chooses a card of their hand")
            return _pick_line(choices.verb_of(frame).name, action.card)
    if isinstance(action, Done):
        return msg("collects the web") if name == WEB else msg("is done choosing")
    if isinstance(action, Back):
        return msg("leaves the web for now")
    if isinstance(action, Yes):
        return msg("says yes")
    if isinstance(action, No):
        return msg("says no")
    if isinstance(action, Option) and name == CHOOSE:
        return msg("chooses the first option") if action.index == 0 else msg("chooses the second option")
    return action.kind


def log_audience(state: IlanState, action: Action) -> tuple[int, ...] | None:
    """A card picked in one's own hand is one's own business until it dies in the open."""
    frame = state.frame
    if isinstance(action, Pick) and frame is not None and frame.name == PICK and choices.pick_private(state, frame):
        return (frame.seat,)
    return None


def targets_of(view: IlanState, action: Action) -> tuple[str, ...]:
    if isinstance(action, (PlayCard, Pick)):
        return (f"card:{action.card}",)
    if isinstance(action, Draw):
        return (f"deck:{action.deck}",)
    if isinstance(action, DrawAndPlay):
        return ("deck:bio",)
    if isinstance(action, Option):
        return (f"option:{action.index}",)
    return ()
