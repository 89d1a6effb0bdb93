"""A turn of ILAN (rulebook, Turn Sequence; rules spec §3.3.2 "The turn"), one function per step:

0. ``start_turn``: the player's own protection ends, their TURN passives fire (a chain).
1. ``play_card`` / ``draw_and_play``: exactly one biodiversity card (more only through EXTRA cards;
   with none held at the start of the turn the player may draw the top one and play it at once), and
   at most one factors card, before, between or after; each play is a chain: its ability, then the
   passives it set off.
2. ``Collect``: at most one trophic web (game/ilan/web.py).
3. ``draw``: one card from either deck (the other when the chosen one and its discard are empty;
   nothing when both are); the turn is over.
4. ``discard_surplus``: the active player alone goes back to 6 biodiversity cards in hand and 8 in the
   ecosystem, choosing the cards, which die (their DEATH passives fire after the last).
Then ``next_turn``: the next seat clockwise, or the end of the game at the round cap (PROPOSED).
"""

from __future__ import annotations

from game.core import flow, triggers
from game.core.contract import Action
from game.core.errors import IllegalAction
from game.core.events import Events, Logged, Moved, Revealed
from game.core.flow import Frame
from game.core.messages import Msg, msg, seat_ref
from game.ilan import passives
from game.ilan.abilities import run
from game.ilan.abilities.match import Context, matches
from game.ilan.abilities.notation import Extra
from game.ilan.cards import BIO, FACTORS, card
from game.ilan.data import config
from game.ilan.passives import NOBODY, Happening
from game.ilan.places import deck_of, discard_of, draw, owner, thing, to_discard, top_card
from game.ilan.state import (
    CHAIN,
    LIMITS,
    NEXT,
    START,
    TURN,
    WEB,
    Collect,
    Draw,
    DrawAndPlay,
    IlanState,
    Pick,
    PlayCard,
    Turn,
)
from game.ilan.web import web_ready


def begin_chain(state: IlanState, seat: int, fresh: bool = True) -> None:
    """A player action begins a chain: the passives it sets off fire once its ability is done."""
    if fresh:
        state.reshuffled = []
    flow.call(state, CHAIN, seat)


def run_chain(state: IlanState, frame: Frame, events: Events) -> None:
    if triggers.fire_next(state, state.turn_seat, state.players) is None:
        flow.end(state)


# --- 0. start of turn -----------------------------------------------------------------------------


def start_turn(state: IlanState, frame: Frame, events: Events) -> None:
    seat = frame.seat
    state.protections = [p for p in state.protections if p.seat != seat]
    state.turn = Turn(held_bio_at_start=has_bio(state, seat))
    flow.goto(state, TURN)
    begin_chain(state, seat)
    passives.turn_starts(state, seat)


def has_bio(state: IlanState, seat: int) -> bool:
    return any(card(c).bio for c in state.hands[seat])


# --- 1. play ----------------------------------------------------------------------------------------


def bio_done(state: IlanState, seat: int) -> bool:
    """The turn's biodiversity play is made, or none can be (no biodiversity card in hand)."""
    return state.turn.bio_plays > 0 or not has_bio(state, seat)


def extra_for(state: IlanState, seat: int, number: int) -> int | None:
    """The EXTRA card of the seat's ecosystem that lets it play ``number`` now (the one matching the
    fewest categories, so a wider one stays for later), or None."""
    if state.kids:
        return None
    found: list[tuple[int, int]] = []
    for source in state.ecosystems[seat]:
        for ability in card(source).passives:
            if not isinstance(ability, Extra) or state.turn.extras_used.count(source) >= ability.qty.n:
                continue
            if matches(state, ability.filter, number, Context(source, subject=seat)):
                width = sum(1 for t in ability.filter.terms if t.kind == "cat" for _ in t.values) or 10
                found.append((width, source))
    return min(found)[1] if found else None


def why_not_play(state: IlanState, seat: int, number: int) -> Msg | None:
    """Why the card cannot be played now (None: it can)."""
    if number not in state.hands[seat]:
        return msg("That card is not in your hand.")
    if state.turn.web:
        return msg("After a trophic web only the draw is left this turn.")
    if card(number).bio:
        if state.turn.bio_plays == 0 or extra_for(state, seat, number) is not None:
            return None
        return msg("You have played your biodiversity card this turn; only an EXTRA card lets you play another.")
    if state.kids:
        return msg("Factors cards are not played in kids' mode.")
    if state.turn.factors_played:
        return msg("You have played a factors card this turn (one a turn).")
    return None


def may_draw_and_play(state: IlanState, seat: int) -> bool:
    t = state.turn
    return (not t.held_bio_at_start and t.bio_plays == 0 and not t.web and not has_bio(state, seat)
            and bool(state.bio_deck or state.bio_discard))


def turn_legal(state: IlanState, frame: Frame) -> list[Action]:
    seat = frame.seat
    actions: list[Action] = [PlayCard(c) for c in sorted(state.hands[seat]) if why_not_play(state, seat, c) is None]
    if may_draw_and_play(state, seat):
        actions.append(DrawAndPlay())
    if bio_done(state, seat):
        if not state.turn.web and web_ready(state, seat):
            actions.append(Collect())
        actions.append(Draw(BIO))
        if not state.kids:
            actions.append(Draw(FACTORS))
    return actions


def turn_step(state: IlanState, frame: Frame, action: Action, events: Events) -> None:
    seat = frame.seat
    if isinstance(action, PlayCard):
        reason = why_not_play(state, seat, action.card)
        if reason is not None:
            raise IllegalAction(reason)
        play_card(state, seat, action.card, events)
    elif isinstance(action, DrawAndPlay):
        if not may_draw_and_play(state, seat):
            raise IllegalAction(msg("You may draw and play at once only when your turn began with no "
                                    "biodiversity card in your hand."))
        draw_and_play(state, seat, events)
    elif isinstance(action, Collect):
        if not bio_done(state, seat):
            raise IllegalAction(msg("Play a biodiversity card first: one must be played each turn."))
        if state.turn.web or not web_ready(state, seat):
            raise IllegalAction(msg("A web needs 4 or 5 colours of your ecosystem, a green one among them, "
                                    "and one web a turn."))
        flow.call(state, WEB, seat, picked=[])
    else:
        assert isinstance(action, Draw)
        if not bio_done(state, seat):
            raise IllegalAction(msg("Play a biodiversity card first: one must be played each turn."))
        if action.deck not in (BIO, FACTORS) or (state.kids and action.deck == FACTORS):
            raise IllegalAction(msg("Draw from the biodiversity deck."))
        end_of_turn_draw(state, seat, action.deck, events)


def play_card(state: IlanState, seat: int, number: int, events: Events) -> None:
    state.hands[seat].remove(number)
    if card(number).bio:
        into_ecosystem(state, seat, number, f"hand:{seat}", events)
        return
    state.turn.factors_played = True
    state.played.append(number)
    events.add(Moved(thing(number), f"hand:{seat}", "played"))
    events.add(Revealed(thing(number), "played"))
    begin_chain(state, seat)
    active = card(number).active
    assert active is not None
    run.start(state, seat, number, card(number).abilities.index(active), "factors")


def draw_and_play(state: IlanState, seat: int, events: Events) -> None:
    state.reshuffled = []
    number = top_card(state, BIO, events)
    if number is None:
        raise IllegalAction(msg("The biodiversity deck and its discard pile are empty."))
    state.turn.drew_and_played = True
    events.add(Logged(msg("{player} draws a biodiversity card and plays it at once.", player=seat_ref(seat))))
    into_ecosystem(state, seat, number, "deck:bio", events, fresh=False)


def into_ecosystem(state: IlanState, seat: int, number: int, source: str, events: Events, fresh: bool = True) -> None:
    """A biodiversity card is played: it enters play in the seat's ecosystem, and its active ability
    runs (a chain)."""
    extra = extra_for(state, seat, number) if state.turn.bio_plays else None
    if extra is not None:
        state.turn.extras_used.append(extra)
    state.turn.bio_plays += 1
    state.ecosystems[seat].append(number)
    run.grew(state, seat)
    events.add(Moved(thing(number), source, f"eco:{seat}"))
    events.add(Revealed(thing(number), f"eco:{seat}"))
    begin_chain(state, seat, fresh)
    passives.happened(state, Happening("enter", (number,), via="play", actor=seat, after=seat))
    active = card(number).active
    if active is not None and not state.kids:
        run.start(state, seat, number, card(number).abilities.index(active), "active")


# --- 3. draw, 4. limits -----------------------------------------------------------------------------


def end_of_turn_draw(state: IlanState, seat: int, deck: str, events: Events) -> None:
    state.reshuffled = []
    order = [deck] if state.kids else [deck, FACTORS if deck == BIO else BIO]
    for name in order:
        if deck_of(state, name) or discard_of(state, name):
            draw(state, seat, name, events)
            break
    else:
        events.add(Logged(msg("Both decks are empty: nothing is drawn.")))
    flow.goto(state, LIMITS if surplus(state, seat) else NEXT)


def surplus(state: IlanState, seat: int) -> list[int]:
    """The cards the active player may discard while over a limit (hand first, then ecosystem)."""
    rules = config()
    hand = [c for c in state.hands[seat] if card(c).bio]
    eco = state.ecosystems[seat]
    return (sorted(hand) if len(hand) > rules.hand_limit else []) + \
        (list(eco) if len(eco) > rules.ecosystem_limit else [])


def limits_legal(state: IlanState, frame: Frame) -> list[Action]:
    return [Pick(c) for c in surplus(state, frame.seat)]


def discard_surplus(state: IlanState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Pick)
    seat = frame.seat
    if action.card not in surplus(state, seat):
        raise IllegalAction(msg("Choose a biodiversity card of your hand or a card of your ecosystem "
                                "over the limit (6 in hand, 8 in the ecosystem)."))
    before = owner(state, action.card)
    to_discard(state, action.card, True, events)
    passives.happened(state, Happening("die", (action.card,), via="discard", actor=seat,
                                       before=NOBODY if before is None else before))
    if not surplus(state, seat):
        flow.goto(state, NEXT)
        begin_chain(state, seat)


def next_turn(state: IlanState, frame: Frame, events: Events) -> None:
    state.turns += 1
    following = (frame.seat + 1) % state.players
    if following == state.first:
        if state.round >= state.round_cap:
            events.add(Logged(msg("The round cap is reached: the game ends and the most VP win.")))
            flow.finish(state)
            return
        state.round += 1
    flow.start(state, START, following)

