"""Why the normal bot's choice is a good move, in one sentence for the table's Hint."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action
from game.core.messages import Msg, msg
from game.ilan.abilities import choices
from game.ilan.bots import worth
from game.ilan.cards import BIO, card
from game.ilan.state import LIMITS, PICK, WEB, Collect, Done, Draw, DrawAndPlay, IlanState, No, Pick, PlayCard, Yes
from game.ilan.web import best_web, colours


def hint_reason(game: Any, view: IlanState, action: Action) -> Msg | None:
    seat = view.to_act
    frame = view.frame
    if seat is None or frame is None:
        return None
    if isinstance(action, Collect):
        best = best_web(view, seat)
        return msg("Your ecosystem holds a trophic web worth {vp} VP: collect it.", vp=best[0]) if best else None
    if isinstance(action, DrawAndPlay):
        return msg("You hold no biodiversity card: the one you draw is played at once, and its ability runs.")
    if isinstance(action, Draw):
        if action.deck == BIO:
            return msg("Biodiversity cards build your webs: draw one.")
        return msg("You hold enough biodiversity cards: a factors card gives you another play.")
    if isinstance(action, PlayCard):
        played = card(action.card)
        if played.bio and played.colour not in colours(view, view.ecosystems[seat]):
            return msg("{card} brings a colour your web still lacks.", card=played.name)
        return msg("Of your cards, {card} gains you the most now.", card=played.name)
    if isinstance(action, Pick):
        picked = card(action.card)
        if frame.name == WEB:
            return msg("One card of each colour: {card} is the best of its colour for this web.", card=picked.name)
        if frame.name == LIMITS:
            return msg("Of your cards over the limit, {card} is worth least to you.", card=picked.name)
        if frame.name == PICK and choices.verb_of(frame).name in ("devour", "steal", "move"):
            owner = next((s for s, eco in enumerate(view.ecosystems) if action.card in eco), None)
            if owner is not None and view.vp[owner] == max(view.vp) and owner != seat:
                return msg("{card} belongs to the leader: taking it away slows them most.", card=picked.name)
        return msg("Of the cards you may choose, {card} helps you most.", card=picked.name)
    if isinstance(action, (Yes, No, Done)):
        after = game.advance(view, action, check=False).state
        if worth(after, seat) >= worth(view, seat):
            return msg("This leaves you better off than the other answer.")
    return None
