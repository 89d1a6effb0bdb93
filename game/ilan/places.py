"""Where ILAN's cards are and how they move: owners, decks and their reshuffle (resolution rule 9), the
Current's refill (rule 4), the discard's dead flag, and VP, whose one door is ``score`` (the win at the
target, at once, wherever the chain is: rule 8).

Rule 9 as read here: a deck that must give a card while empty takes its discard pile back (dead flags
cleared, shuffled) once per chain; the card that needed it is drawn, and nothing more comes from that
deck until the chain ends.
"""

from __future__ import annotations

from game.core import flow
from game.core.events import Events, Logged, Moved, Revealed, Scored, Shuffled
from game.core.messages import msg, seat_ref
from game.ilan.cards import BIO, card
from game.ilan.state import IlanState

SOURCES = ("webs", "abilities", "passives", "factors")
"""Where VP come from, for the result's breakdown."""


def thing(number: int) -> str:
    return f"card:{number}"


def owner(state: IlanState, number: int) -> int | None:
    """The seat whose ecosystem holds the card (None: it is not in an ecosystem)."""
    return next((seat for seat, eco in enumerate(state.ecosystems) if number in eco), None)


def holder(state: IlanState, number: int) -> int | None:
    return next((seat for seat, hand in enumerate(state.hands) if number in hand), None)


def place_of(state: IlanState, number: int) -> str:
    seat = owner(state, number)
    if seat is not None:
        return f"eco:{seat}"
    if number in state.current:
        return "current"
    if number in state.played:
        return "played"
    seat = holder(state, number)
    if seat is not None:
        return f"hand:{seat}"
    for name in (BIO, "factors"):
        if number in deck_of(state, name):
            return f"deck:{name}"
        if number in discard_of(state, name):
            return f"discard:{name}"
    raise ValueError(f"card {number} is nowhere")


def in_play(state: IlanState, number: int) -> bool:
    return number in state.current or owner(state, number) is not None


def deck_of(state: IlanState, name: str) -> list[int]:
    return state.bio_deck if name == BIO else state.factors_deck


def discard_of(state: IlanState, name: str) -> list[int]:
    return state.bio_discard if name == BIO else state.factors_discard


def lift(state: IlanState, number: int) -> str:
    """Take the card from wherever it is; the place it left."""
    place = place_of(state, number)
    kind, _, seat = place.partition(":")
    pile = {"eco": lambda: state.ecosystems[int(seat)], "hand": lambda: state.hands[int(seat)],
            "current": lambda: state.current, "played": lambda: state.played, "deck": lambda: deck_of(state, seat),
            "discard": lambda: discard_of(state, seat)}[kind]()
    pile.remove(number)
    if number in state.dead:
        state.dead.remove(number)
    return place


def to_discard(state: IlanState, number: int, dead: bool, events: Events) -> str:
    """The card goes to its discard pile (dead or not); the place it left."""
    source = lift(state, number)
    deck = card(number).deck
    discard_of(state, deck).append(number)
    if dead:
        state.dead.append(number)
    events.add(Moved(thing(number), source, f"discard:{deck}"))
    return source


def shuffle_into_deck(state: IlanState, number: int, events: Events) -> str:
    """The card goes back into its deck, which is shuffled."""
    source = lift(state, number)
    deck = card(number).deck
    pile = deck_of(state, deck)
    pile.append(number)
    state.rng.shuffle(pile)
    events.add(Moved(thing(number), source, f"deck:{deck}", known_to=()))
    events.add(Shuffled(f"deck:{deck}"))
    return source


def top_card(state: IlanState, deck: str, events: Events) -> int | None:
    """Take the top card of ``deck`` (reshuffling its discard once per chain when it is empty);
    None when nothing can come."""
    pile = deck_of(state, deck)
    if not pile:
        discard = discard_of(state, deck)
        if deck in state.reshuffled or not discard:
            return None
        state.reshuffled.append(deck)
        pile.extend(discard)
        discard.clear()
        state.dead = [c for c in state.dead if c not in pile]
        state.rng.shuffle(pile)
        events.add(Shuffled(f"deck:{deck}"))
        events.add(Logged(msg("The discard pile is shuffled into a new deck.")))
    elif deck in state.reshuffled:
        return None
    return pile.pop(0)


def draw(state: IlanState, seat: int, deck: str, events: Events) -> int | None:
    """``seat`` draws the top card of ``deck`` into their hand (None: none could come)."""
    number = top_card(state, deck, events)
    if number is None:
        return None
    state.hands[seat].append(number)
    events.add(Moved(thing(number), f"deck:{deck}", f"hand:{seat}", known_to=(seat,)))
    events.add(Revealed(thing(number), f"hand:{seat}", to=(seat,)))
    return number


def reveal(state: IlanState, events: Events) -> int | None:
    """The top biodiversity card goes face up into the Current (None: none could come)."""
    number = top_card(state, BIO, events)
    if number is None:
        return None
    state.current.append(number)
    events.add(Moved(thing(number), "deck:bio", "current"))
    events.add(Revealed(thing(number), "current"))
    return number


def score(state: IlanState, seat: int, points: int, source: str, events: Events) -> int:
    """``seat`` gains (or, negative, loses) VP, never below the Military Base; the change made.
    Reaching the target wins at once: the game ends here, whatever is still pending."""
    change = max(points, -state.vp[seat])
    if change == 0:
        return 0
    state.vp[seat] += change
    state.sources[seat][source] = state.sources[seat].get(source, 0) + change
    events.add(Scored(seat, change, source))
    if state.vp[seat] >= state.target:
        state.winner = seat
        events.add(Logged(msg("{player} reaches {n} VP and wins.", player=seat_ref(seat), n=state.target)))
        flow.end_game(state)
    return change
