"""A turn: a throw's outcome applied, then the animals' effects, then the end of the turn.

After a throw, in this order (PROPOSED where the rulebook gives none): the water rule (water.py),
unless a seal stays in the water; then, for a card that landed on the iceberg (not in kids' mode),
the polar bear's draw, then the dodo's placement (a second decision, the ``place`` frame) or the
lynx's extra turn. A placement applies the water rule and the bear, then the turn ends. At the end
of each turn the end conditions are checked (scoring.py).
"""

from __future__ import annotations

from game.core import flow
from game.core.events import Changed, Events, Logged, Moved
from game.core.messages import msg, seat_ref
from game.iluliaq.lying import bitten
from game.iluliaq.scoring import end_condition, end_reason
from game.iluliaq.state import PLACE, THROW, IluliaqState
from game.iluliaq.table import Outcome, Pose, animal_type
from game.iluliaq.water import draw, fallen, stack, take_water, thing


def bear_bites(state: IluliaqState, before: list[Pose], out: Outcome) -> bool:
    """A card other than a polar bear came to rest on a polar bear nothing covered: ``lying.bitten``,
    the one test the physics reports ``on_bear`` by (the rules decide from the poses themselves)."""
    return not state.kids and bitten(before, out.poses, out.card) is not None


def seal_stays(kids: bool, before: list[Pose], out: Outcome) -> bool:
    """A thrown seal that touched the iceberg (or a card on it), ended in the water and knocked no
    other card down stays there."""
    if kids or animal_type(out.card) != "seal" or not out.touched_iceberg:
        return False
    return fallen(before, list(out.poses)) == [out.card]


def lay_down(state: IluliaqState, source: str, out: Outcome, events: Events) -> list[Pose]:
    """The outcome's poses become the table; returns the table as it was."""
    before = state.table
    state.table = sorted((Pose(p.card, float(p.x), float(p.y), float(p.turn), p.layer) for p in out.poses),
                         key=lambda p: p.card)
    if events.collecting:
        events.add(Moved(thing(out.card), source, "table"))
        old = {p.card: p for p in before}
        for pose in state.table:
            if old.get(pose.card) != pose:
                events.add(Changed(thing(pose.card), [pose.x, pose.y, pose.turn, pose.layer]))
    return before


def feed_bear(state: IluliaqState, seat: int, events: Events) -> None:
    drawn = draw(state, seat, events)
    if events.collecting:
        line = (msg("The polar bear is hungry: {player} draws a card.", player=seat_ref(seat)) if drawn is not None
                else msg("The polar bear is hungry, but the draw deck is empty."))
        events.add(Logged(line, seat))


def throw(state: IluliaqState, seat: int, out: Outcome, events: Events) -> None:
    card = state.stacks[seat].pop(0)
    before = lay_down(state, stack(seat), out, events)
    if seal_stays(state.kids, before, out):
        if events.collecting:
            events.add(Logged(msg("The seal stays in the water."), seat))
    else:
        take_water(state, seat, before, events)
    landed = any(p.card == card and p.layer >= 1 for p in state.table)
    again = False
    if landed and not state.kids:
        if bear_bites(state, before, out):
            feed_bear(state, seat, events)
        kind = animal_type(card)
        if kind == "dodo":
            if state.deck:
                if events.collecting:
                    events.add(Logged(msg("The dodo lands: {player} lays the top card of the draw deck on the "
                                          "iceberg.", player=seat_ref(seat)), seat))
                flow.goto(state, PLACE)
                return
            if events.collecting:
                events.add(Logged(msg("The dodo lands, but the draw deck is empty: there is nothing to lay."), seat))
        elif kind == "lynx":
            again = True
    end_turn(state, seat, events, again)


def place(state: IluliaqState, seat: int, out: Outcome, events: Events) -> None:
    """The dodo's gift: the placed card's own effect is ignored; whatever falls is the thrower's, and
    the turn ends."""
    state.deck.pop(0)
    before = lay_down(state, "deck", out, events)
    taken = take_water(state, seat, before, events)
    if bear_bites(state, before, out):
        feed_bear(state, seat, events)
    if taken and events.collecting:
        events.add(Logged(msg("Cards fell while {player} laid the card: the turn ends.", player=seat_ref(seat)),
                          seat))
    end_turn(state, seat, events)


def end_turn(state: IluliaqState, seat: int, events: Events, again: bool = False) -> None:
    """Count the turn; end the game if a condition holds, else the next turn (the same seat's after
    a lynx, else the seat on the left)."""
    state.turns += 1
    if end_condition(state):
        if events.collecting:
            events.add(Logged(end_reason(state)))
        flow.finish(state)
        return
    if again and events.collecting:
        events.add(Logged(msg("The lynx lands: {player} throws again.", player=seat_ref(seat)), seat))
    flow.start(state, THROW, seat if again else (seat + 1) % state.players)
