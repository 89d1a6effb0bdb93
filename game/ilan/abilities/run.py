"""The one interpreter of ILAN's abilities (rules spec §3.3.2): an ability runs clause by clause in its
own ``ability`` frame on the prompt stack; a clause that needs a choice asks it in a ``pick`` frame
(targets one at a time, Done for ``upto``, Yes/No first for ``may``) or a ``choose`` frame.

The order of a clause (resolution rules 1-3):

1. Its subjects: ``you`` (the card's player; none for a card in the Current), ``actor``, ``every``
   (clockwise from the active player) or ``others`` (clockwise from your left). A condition drops a
   clause (``if hit``: the nearest earlier clause acting on cards affected none) or a subject (``if
   count``, tested for each).
2. Each subject's choice, in that order, in one fan-out: asked only when there is one to make (a
   ``may`` with something to do, more targets than the clause takes, ``upto`` with any); otherwise
   the clause takes every target it can. Targets shielded against the verb (DEFENSE, ``protect``) are
   never offered; ``devour`` never offers the subject's own cards.
3. Then all the effects happen, subject by subject, and the events they make set off passives
   (game/ilan/passives.py), which fire once the ability has finished.

When the last clause is done the Current is refilled to 3, once (rule 4), and the frame ends. A
passive's frame first checks that its card is still where it was (rule 5).
"""

from __future__ import annotations

from typing import Any

from game.core import flow
from game.core.events import Events, Logged, Moved, Revealed
from game.core.messages import msg, seat_ref
from game.ilan.abilities.match import Context, count, matches, shielded, zone_cards
from game.ilan.abilities.notation import Ability, Active, Choose, Clause, Triggered, Verb
from game.ilan.cards import card
from game.ilan.data import config
from game.ilan.passives import NOBODY, Happening, happened
from game.ilan.places import (
    draw,
    lift,
    owner,
    reveal,
    score,
    shuffle_into_deck,
    thing,
    to_discard,
)
from game.ilan.state import ABILITY, CHOOSE, PICK, IlanState, Protection

SOURCE_OF = {"active": "abilities", "reactivated": "abilities", "factors": "abilities", "passive": "passives"}


def start(state: IlanState, seat: int, number: int, span: int, kind: str, **data: Any) -> None:
    """Push the frame that runs ``number``'s ability ``span`` for ``seat`` (``kind``: active,
    reactivated, factors or passive)."""
    flow.call(state, ABILITY, seat, card=number, span=span, kind=kind, at=[0], hit=0,
              **{"owner": seat, "actor": seat, "that": NOBODY, **data})


def ability_of(data: dict[str, Any]) -> Ability:
    return card(data["card"]).abilities[data["span"]]


def clauses_of(data: dict[str, Any]) -> tuple[Clause, ...]:
    ability = ability_of(data)
    assert isinstance(ability, (Active, Triggered))
    return ability.clauses


def clause_at(data: dict[str, Any]) -> Clause | None:
    """The clause at ``data["at"]`` (a path: top index, then option and index inside a choose)."""
    seq = clauses_of(data)
    at = data["at"]
    for depth in range(0, len(at) - 1, 2):
        effect = seq[at[depth]].effect
        assert isinstance(effect, Choose)
        seq = effect.second if at[depth + 1] else effect.first
    return seq[at[-1]] if at[-1] < len(seq) else None


def advance(data: dict[str, Any]) -> None:
    at = data["at"]
    at[-1] += 1
    while len(at) > 1 and clause_at(data) is None:
        del at[-2:]
        at[-1] += 1


def context(data: dict[str, Any], subject: int) -> Context:
    return Context(data["card"], data["that"], subject)


def source_of(data: dict[str, Any]) -> str:
    return "factors" if data["kind"] == "factors" else SOURCE_OF[data["kind"]]


# --- the frame ------------------------------------------------------------------------------------


def run_ability(state: IlanState, frame: flow.Frame, events: Events) -> None:
    """Run the ability from where it stands until a clause asks somebody or none is left."""
    data = frame.data
    if not data.get("begun"):
        data["begun"] = True
        gone = data["card"] not in state.ecosystems[data["owner"]]
        if data["kind"] == "passive" and not data["self_trigger"] and gone:
            flow.end(state)  # rule 5: its card left the ecosystem before its turn came
            return
    while (clause := clause_at(data)) is not None:
        if "returned" in data:
            answers = data.pop("returned")
            if isinstance(clause.effect, Choose):
                data["at"] += [answers[0]["answer"], 0]
                continue
            pushed = apply(state, frame, clause, {a["seat"]: a["answer"] for a in answers}, events)
        elif ask(state, frame, clause):
            return
        else:
            pushed = apply(state, frame, clause, {}, events)
        advance(data)
        if pushed:
            return
    refill(state, events)
    if data["kind"] == "factors":
        state.played.remove(data["card"])
        state.factors_discard.append(data["card"])
        events.add(Moved(thing(data["card"]), "played", "discard:factors"))
    flow.end(state)


def refill(state: IlanState, events: Events) -> None:
    """The Current back to 3 cards, once after each ability; the reveals enter play for the active
    player (rule 4)."""
    while len(state.current) < config().current_min:
        number = reveal(state, events)
        if number is None:
            return
        happened(state, Happening("enter", (number,), via="reveal", actor=state.turn_seat))


# --- subjects and choices -------------------------------------------------------------------------


def subjects(state: IlanState, data: dict[str, Any], clause: Clause) -> list[int]:
    """The players a clause acts for, in order, its conditions tested."""
    if clause.cond is not None and clause.cond.hit and data["hit"] <= 0:
        return []
    you = data["owner"]
    if clause.subject == "you":
        seats = [you] if you != NOBODY else []
    elif clause.subject == "actor":
        seats = [data["actor"]] if data["actor"] != NOBODY else []
    elif clause.subject == "every":
        seats = flow.clockwise_from(state.turn_seat, state.players)
    else:
        seats = [s for s in flow.clockwise_from(you + 1, state.players) if s != you] if you != NOBODY else []
    cond = clause.cond
    if cond is not None and cond.count is not None:
        seats = [s for s in seats if _compare(count(state, cond.count, context(data, s)), cond.op, cond.n)]
    return seats


def _compare(value: int, op: str, n: int) -> bool:
    return value >= n if op == ">=" else value <= n if op == "<=" else value == n


def candidates(state: IlanState, data: dict[str, Any], verb: Verb, subject: int) -> list[int]:
    """The cards the subject may choose for ``verb``: matching, in its zones, not shielded."""
    if verb.name == "give":
        zones: tuple[str, ...] = ("own",)
    elif verb.name == "reactivate":
        zones = ("own",)
    else:
        zones = verb.zones
    ctx = context(data, subject)
    found: list[int] = []
    for zone in zones:
        for number in zone_cards(state, zone, subject):
            if number in found or verb.filter is None or not matches(state, verb.filter, number, ctx):
                continue
            if verb.name == "reactivate" and (number == data["card"] or card(number).active is None):
                continue
            if verb.name in ("devour", "steal", "move") and owner(state, number) == subject:
                continue
            if verb.name != "reactivate" and shielded(state, number, verb.name, data["card"]):
                continue
            found.append(number)
    return found


def needs(verb: Verb, available: int) -> int:
    """How many targets the clause takes from ``available``."""
    if verb.qty is None:
        return 0
    return available if verb.qty.all else min(verb.qty.n, available)


def must_ask(state: IlanState, data: dict[str, Any], clause: Clause, subject: int) -> bool:
    effect = clause.effect
    if isinstance(effect, Choose):
        return True
    if effect.qty is None:
        return clause.may
    available = len(candidates(state, data, effect, subject))
    if available == 0:
        return False
    return clause.may or (effect.qty.upto or (not effect.qty.all and available > effect.qty.n))


def ask(state: IlanState, frame: flow.Frame, clause: Clause) -> bool:
    """Push the questions the clause needs (True), or nothing when nobody has a choice."""
    data = frame.data
    seats = subjects(state, data, clause)
    asked = [s for s in seats if must_ask(state, data, clause, s)]
    if not asked:
        return False
    common = {"card": data["card"], "span": data["span"], "at": list(data["at"]), "owner": data["owner"],
              "actor": data["actor"], "that": data["that"], "picked": [], "said_yes": False}
    name = CHOOSE if isinstance(clause.effect, Choose) else PICK
    flow.fan_out_each(state, name, [(s, s) for s in asked], **common)
    return True


def auto_picks(state: IlanState, data: dict[str, Any], verb: Verb, subject: int) -> list[int]:
    found = candidates(state, data, verb, subject)
    return found[:needs(verb, len(found))]


# --- effects --------------------------------------------------------------------------------------


def apply(state: IlanState, frame: flow.Frame, clause: Clause, answers: dict[int, Any], events: Events) -> bool:
    """Every subject's effect, in order; True when it pushed frames (reactivations) to run first."""
    data = frame.data
    effect = clause.effect
    assert isinstance(effect, Verb)
    seats = subjects(state, data, clause)
    plans: list[tuple[int, list[int]]] = []
    for seat in seats:
        answer = answers.get(seat)
        if answer is None:
            picks = auto_picks(state, data, effect, seat) if effect.qty is not None else []
        elif not answer["yes"]:
            continue
        else:
            picks = answer["picks"]
        plans.append((seat, picks))
    hits = 0
    pushed = False
    for seat, picks in reversed(plans) if effect.name == "reactivate" else plans:
        done, more = effect_of(state, data, effect, seat, picks, events)
        hits += done
        pushed = pushed or more
    if effect.acts_on_cards:
        data["hit"] = hits
    return pushed


def effect_of(state: IlanState, data: dict[str, Any], verb: Verb, seat: int, picks: list[int],
              events: Events) -> tuple[int, bool]:
    """One subject's effect: how many cards it affected, and whether it pushed a frame."""
    name = verb.name
    if name in ("gain", "lose"):
        amount = verb.amount
        assert amount is not None
        points = amount.n * data["hit"] if amount.per_hit else amount.n
        if amount.count is not None:
            points = count(state, amount.count, context(data, seat))
        score(state, seat, points if name == "gain" else -points, source_of(data), events)
        return 0, False
    if name == "draw":
        return sum(1 for _ in range(verb.n) if draw(state, seat, verb.deck, events) is not None), False
    if name == "reveal":
        shown = 0
        for _ in range(verb.n):
            number = reveal(state, events)
            if number is None:
                break
            shown += 1
            happened(state, Happening("enter", (number,), via="reveal", actor=seat))
        return shown, False
    if name == "protect":
        state.protections.append(Protection(seat, data["card"], list(verb.verbs)))
        events.add(Logged(msg("{player}'s ecosystem is protected until their next turn.", player=seat_ref(seat))))
        return 0, False
    if name == "reactivate":
        for number in picks:
            events.add(Logged(msg("{card}'s ability runs again.", card=card(number).name)))
        for number in reversed(picks):
            active = card(number).active
            assert active is not None
            start(state, seat, number, card(number).abilities.index(active), "reactivated")
        return len(picks), bool(picks)
    for number in picks:
        move_card(state, verb, seat, number, events)
    return len(picks), False


def grew(state: IlanState, seat: int) -> None:
    record = state.records[seat]
    record.most_in_ecosystem = max(record.most_in_ecosystem, len(state.ecosystems[seat]))


def move_card(state: IlanState, verb: Verb, seat: int, number: int, events: Events) -> None:
    """One target of a card verb: where it goes and the event it makes."""
    before = owner(state, number)
    was = NOBODY if before is None else before
    if verb.name in ("devour", "kill"):
        to_discard(state, number, True, events)
        state.records[seat].devoured += verb.name == "devour"
        happened(state, Happening("die", (number,), via=verb.name, actor=seat, before=was))
    elif verb.name == "shuffle":
        shuffle_into_deck(state, number, events)
    elif verb.name in ("take", "steal", "give"):
        receiver = seat if verb.name != "give" else (seat + (1 if verb.to == "left" else -1)) % state.players
        source = lift(state, number)
        state.ecosystems[receiver].append(number)
        grew(state, receiver)
        events.add(Moved(thing(number), source, f"eco:{receiver}"))
        if source.startswith("hand"):
            events.add(Revealed(thing(number), f"eco:{receiver}"))
        if verb.name != "take":
            happened(state, Happening("change", (number,), actor=seat, before=was, after=receiver))
    elif verb.name == "move":
        source = lift(state, number)
        state.current.append(number)
        events.add(Moved(thing(number), source, "current"))
        happened(state, Happening("change", (number,), actor=seat, before=was))
    else:
        raise ValueError(f"unknown verb {verb.name!r}")

