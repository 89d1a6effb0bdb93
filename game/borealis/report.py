"""What a Borealis step reports (game/core/events.py), and the names of its things and places.

Things:
    ``card:<id>``                   an animal card (0..99)
    ``scientist:<seat>:<colour>``   one of a player's scientists (colour 0 amber, 1 mint, 2 pink)
    ``flag:<seat>:<loc>``           a flag on an exploration track (Changed: its new space 0..7)
    ``objective:<id>``              an objective card (Changed: the seat that claimed it, or
                                    "removed" when it leaves the game at the end of a round)
    ``pool:<slot>``                 a pool slot (Changed to None: the slot closed, nothing to draw)
Places:
    ``hand:<seat>``, ``deck``, ``discard``, ``pool:<slot>`` (0..3)
    ``cards:<seat>:<loc>``          a location's column of cards (loc 0 left, 1 middle, 2 right)
    ``board:<seat>:<pos>``          where scientists stand: 0 left camp, 1..3 the locations, 4 right camp

Events by action:
    PlayCard       Moved(card, hand, column); two Moved(scientist, board:pos, board:pos-1 / pos+1);
                   Changed(flag) if the flag stepped down
    TakeFromPool   Moved(card, pool:slot, hand); the refill: Moved(new, deck, pool:slot) + Revealed
                   to everyone (or Changed(pool:slot, None) when nothing is left to draw)
    DrawFromDeck   Moved(card, deck, hand:seat, known_to=(seat,)) + Revealed(card, hand, to=(seat,))
    RefreshPool    Scored(seat, -1, "tokens"); Moved(each pool card, pool:slot, discard); four refills
    Confirm        Moved(each marked card, hand, discard); one draw into the hand per discard
    SendScientists Scored(seat, n, "tokens"); Moved(each scientist, board:camp, board:loc+1)
    any            a claimed objective: Logged(line, seat) + Changed(objective, seat) +
                   Scored(seat, 5, "tokens"); a reshuffle: Shuffled("deck")
Keep, Mark and Regroup report nothing: the marks are the seat's own secret until it confirms.
"""

from __future__ import annotations

from game.core.events import Changed, Events, Logged, Moved, Revealed, Scored, Shuffled
from game.core.messages import Msg


def card_thing(card_id: int) -> str:
    return f"card:{card_id}"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def column(seat: int, location: int) -> str:
    return f"cards:{seat}:{location}"


def board(seat: int, pos: int) -> str:
    return f"board:{seat}:{pos}"


def pool_slot(slot: int) -> str:
    return f"pool:{slot}"


def drawn_to_hand(events: Events, seat: int, card_id: int) -> None:
    if events.collecting:
        thing = card_thing(card_id)
        events.add(Moved(thing, "deck", hand(seat), known_to=(seat,)))
        events.add(Revealed(thing, hand(seat), to=(seat,)))


def drawn_to_pool(events: Events, slot: int, card_id: int) -> None:
    if events.collecting:
        thing = card_thing(card_id)
        events.add(Moved(thing, "deck", pool_slot(slot)))
        events.add(Revealed(thing, pool_slot(slot)))


def moved(events: Events, card_id: int, source: str, target: str) -> None:
    if events.collecting:
        events.add(Moved(card_thing(card_id), source, target))


def scientist_moved(events: Events, seat: int, colour: int, source: int, target: int) -> None:
    if events.collecting:
        events.add(Moved(f"scientist:{seat}:{colour}", board(seat, source), board(seat, target)))


def flag_moved(events: Events, seat: int, location: int, space: int) -> None:
    if events.collecting:
        events.add(Changed(f"flag:{seat}:{location}", space))


def scored(events: Events, seat: int, points: int) -> None:
    if events.collecting and points:
        events.add(Scored(seat, points, "tokens"))


def shuffled(events: Events) -> None:
    if events.collecting:
        events.add(Shuffled("deck"))


def slot_closed(events: Events, slot: int) -> None:
    if events.collecting:
        events.add(Changed(pool_slot(slot), None))


def objective_claimed(events: Events, seat: int, objective_id: str, line: Msg, points: int) -> None:
    if events.collecting:
        events.add(Logged(line, seat))
        events.add(Changed(f"objective:{objective_id}", seat))
        events.add(Scored(seat, points, "tokens"))


def objective_removed(events: Events, objective_id: str, line: Msg) -> None:
    if events.collecting:
        events.add(Logged(line))
        events.add(Changed(f"objective:{objective_id}", "removed"))


def logged(events: Events, line: Msg) -> None:
    """A line of the table's own (no seat's), for everyone."""
    if events.collecting:
        events.add(Logged(line))
