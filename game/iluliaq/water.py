"""Cards going into stacks: the water rule (what fell is the thrower's), the iceberg cards that leave
the game, and draws from the draw deck. Everything added to a stack goes under it (to its end).

Things and places the events name: ``card:<id>``; ``stack:<seat>``, ``deck``, ``table`` (the
iceberg and the water around it: the card's pose says which), ``out`` (out of the game).
"""

from __future__ import annotations

from game.core.events import Events, Logged, Moved
from game.core.messages import msg, msg_n, seat_ref
from game.iluliaq.data import rule
from game.iluliaq.state import IluliaqState
from game.iluliaq.table import ANIMALS, Pose


def stack(seat: int) -> str:
    return f"stack:{seat}"


def thing(card: int) -> str:
    return f"card:{card}"


def resting_seals(table: list[Pose]) -> set[int]:
    """The cards lying in the water before a throw: seals that stayed there."""
    return {p.card for p in table if p.layer == 0}


def fallen(before: list[Pose], after: list[Pose]) -> list[int]:
    """The cards now in the water that were not resting there already, by id."""
    resting = resting_seals(before)
    return sorted(p.card for p in after if p.layer == 0 and p.card not in resting)


def draw(state: IluliaqState, seat: int, events: Events) -> int | None:
    """The top card of the draw deck goes under ``seat``'s stack (nothing when the deck is empty)."""
    if not state.deck:
        return None
    card = state.deck.pop(0)
    state.stacks[seat].append(card)
    if events.collecting:
        events.add(Moved(thing(card), "deck", stack(seat)))
    return card


def take_water(state: IluliaqState, seat: int, before: list[Pose], events: Events) -> list[int]:
    """The water rule: the thrower picks up every card that fell into the water (and, when the data
    says seals do not stay, the seals resting there too). Animal cards go under the thrower's stack
    in card-id order (PROPOSED); a top iceberg card leaves the game and the thrower draws a card for
    it. Returns the cards taken out of the water."""
    taken = fallen(before, state.table)
    if not rule("seals_stay"):
        taken = sorted(set(taken) | resting_seals(before))
    if not taken:
        return []
    state.table = [p for p in state.table if p.card not in taken]
    animals = [c for c in taken if c < ANIMALS]
    icebergs = [c for c in taken if c >= ANIMALS]
    state.stacks[seat].extend(animals)
    if events.collecting and animals:
        for card in animals:
            events.add(Moved(thing(card), "table", stack(seat)))
        events.add(Logged(msg_n("{n} card falls into the water: {player} adds it to their stack.",
                                "{n} cards fall into the water: {player} adds them to their stack.",
                                len(animals), player=seat_ref(seat)), seat))
    for card in icebergs:
        state.out.append(card)
        if events.collecting:
            events.add(Moved(thing(card), "table", "out"))
        drawn = draw(state, seat, events)
        if events.collecting:
            line = (msg("An iceberg card breaks off and leaves the game: {player} draws a card.", player=seat_ref(seat))
                    if drawn is not None else
                    msg("An iceberg card breaks off and leaves the game; the draw deck is empty."))
            events.add(Logged(line, seat))
    return taken
