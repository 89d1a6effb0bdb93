"""The small decisions an ability asks (rules spec §3.3.2, resolution rules 2-3), each seat of a
fan-out answering for itself: ``pick`` (a ``may`` as Yes or No, then the targets one at a time, with
Done for ``upto``) and ``choose`` (one of two options). Answers go back to the ability's frame, which
makes every effect happen once all have answered (game/ilan/abilities/run.py)."""

from __future__ import annotations

from game.core import flow
from game.core.contract import Action
from game.core.errors import IllegalAction
from game.core.events import Events
from game.core.flow import Frame
from game.core.messages import Msg, msg, seat_ref
from game.ilan.abilities.notation import Clause, Verb
from game.ilan.abilities.run import candidates, clause_at, needs
from game.ilan.cards import card
from game.ilan.state import Done, IlanState, No, Option, Pick, Yes


def clause_of(frame: Frame) -> Clause:
    clause = clause_at(frame.data)
    assert clause is not None
    return clause


def verb_of(frame: Frame) -> Verb:
    effect = clause_of(frame).effect
    assert isinstance(effect, Verb)
    return effect


def open_targets(state: IlanState, frame: Frame) -> list[int]:
    return [c for c in candidates(state, frame.data, verb_of(frame), frame.seat) if c not in frame.data["picked"]]


def pick_legal(state: IlanState, frame: Frame) -> list[Action]:
    clause = clause_of(frame)
    if clause.may and not frame.data["said_yes"]:
        return [Yes(), No()]
    verb = verb_of(frame)
    actions: list[Action] = [Pick(c) for c in open_targets(state, frame)]
    if verb.qty is not None and verb.qty.upto:
        actions.append(Done())
    return actions


def _answer(state: IlanState, frame: Frame, yes: bool) -> None:
    picks = list(frame.data["picked"])
    frame.data["picked"] = []
    frame.data["said_yes"] = False
    flow.answered(state, {"yes": yes, "picks": picks})


def pick_step(state: IlanState, frame: Frame, action: Action, events: Events) -> None:
    clause, data = clause_of(frame), frame.data
    verb = verb_of(frame)
    if isinstance(action, (Yes, No)):
        if not clause.may or data["said_yes"]:
            raise IllegalAction(msg("Choose the cards now."))
        if isinstance(action, No):
            _answer(state, frame, False)
            return
        data["said_yes"] = True
        found = open_targets(state, frame)
        if verb.qty is None:
            _answer(state, frame, True)
        elif not verb.qty.upto and len(found) <= needs(verb, len(found)):
            data["picked"] = found
            _answer(state, frame, True)
        return
    if clause.may and not data["said_yes"]:
        raise IllegalAction(msg("Say first whether you want to."))
    if isinstance(action, Done):
        if verb.qty is None or not verb.qty.upto:
            raise IllegalAction(msg_need(verb, len(data["picked"])))
        _answer(state, frame, True)
        return
    assert isinstance(action, Pick)
    found = open_targets(state, frame)
    if action.card not in found:
        raise IllegalAction(why_not_target(state, frame, action.card))
    data["picked"].append(action.card)
    total = len(found) + len(data["picked"]) - 1
    if len(data["picked"]) >= needs(verb, total) or len(found) == 1:
        _answer(state, frame, True)


def msg_need(verb: Verb, picked: int) -> Msg:
    assert verb.qty is not None
    return msg("Choose {n} more.", n=max(verb.qty.n - picked, 1))


def why_not_target(state: IlanState, frame: Frame, number: int) -> Msg:
    verb = verb_of(frame)
    if number in frame.data["picked"]:
        return msg("You have already chosen that card.")
    if verb.name in ("devour", "steal", "move") and number in state.ecosystems[frame.seat]:
        return msg("Not a card of your own ecosystem: this ability acts on the others' cards and the Current.")
    return msg("That card cannot be chosen for this ability.")


def choose_legal(state: IlanState, frame: Frame) -> list[Action]:
    return [Option(0), Option(1)]


def choose_step(state: IlanState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Option)
    if action.index not in (0, 1):
        raise IllegalAction(msg("Choose one of the two options."))
    flow.answered(state, action.index)


# --- words ----------------------------------------------------------------------------------------

ASKS = {
    "devour": msg("choose a card to devour"),
    "take": msg("choose a card of the Current to take"),
    "steal": msg("choose a card to steal into your ecosystem"),
    "move": msg("choose a card to move to the Current"),
    "shuffle": msg("choose a card to shuffle into its deck"),
    "reactivate": msg("choose a card of your ecosystem to run its ability again"),
}


def _what(view: IlanState, frame: Frame) -> Msg:
    verb = verb_of(frame)
    if verb.name == "kill":
        return msg("choose a card of your hand to die") if "hand" in verb.zones else \
            msg("choose a card of your ecosystem to die")
    if verb.name == "give":
        neighbour = (frame.seat + (1 if verb.to == "left" else -1)) % view.players
        return msg("choose a card of your ecosystem to give to {player}", player=seat_ref(neighbour))
    return ASKS[verb.name]


def pick_ask(view: IlanState, frame: Frame) -> Msg:
    c = card(frame.data["card"])
    words = c.texts[frame.data["span"]]
    if clause_of(frame).may and not frame.data["said_yes"]:
        return msg("{card}: {ability} Do you want to?", card=c.name, ability=words)
    verb = verb_of(frame)
    if verb.qty is not None and verb.qty.upto:
        return msg("{card}: {what} (up to {n}; Done when you have enough).", card=c.name, what=_what(view, frame),
                   n=verb.qty.n)
    return msg("{card}: {what}.", card=c.name, what=_what(view, frame))


def pick_waiting(view: IlanState, frame: Frame) -> Msg:
    return msg("Waiting for {player} to choose for {card}…", card=card(frame.data["card"]).name)


def choose_ask(view: IlanState, frame: Frame) -> Msg:
    c = card(frame.data["card"])
    return msg("{card}: choose one. {ability}", card=c.name, ability=c.texts[frame.data["span"]])


def pick_private(view: IlanState, frame: Frame) -> tuple[str, ...]:
    """A choice among the cards of one's own hand is seen by its chooser alone."""
    return ("picked",) if "hand" in verb_of(frame).zones else ()
