"""One decision per prompt frame: its legal actions and how an answer is applied.

Setup (``mulligan``, a fan-out over the seats from the first player): Keep, or Mark cards and
Confirm. A turn (``action``): PlayCard, then ``take`` (RefreshPool, TakeFromPool, DrawFromDeck);
or Regroup, then ``regroup`` (Mark cards, Confirm: discard and draw), then, if the camps hold
scientists, ``regroup.send`` (SendScientists: score them and move them to one location).
"""

from __future__ import annotations

from game.borealis import observe
from game.borealis.deck import cards_to_draw
from game.borealis.regroup import camp_scientists, discard_and_redraw, may_change_marks, send_scientists, toggle_mark
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    BorealisState,
    Confirm,
    DrawFromDeck,
    Keep,
    Mark,
    PlayCard,
    RefreshPool,
    Regroup,
    SendScientists,
    TakeFromPool,
)
from game.borealis.turns import claim_all, end_turn, mulligan_answered
from game.core import flow
from game.core.contract import Action
from game.core.errors import IllegalAction
from game.core.events import Events
from game.core.flow import Frame
from game.core.messages import Msg, msg

SENDS = (SendScientists(0), SendScientists(1), SendScientists(2))
KEEP, CONFIRM, REGROUP_ACTION = Keep(), Confirm(), Regroup()


# --- setup: redrawing the starting hand ---------------------------------------------------------


def mulligan_legal(state: BorealisState, frame: Frame) -> list[Action]:
    out: list[Action] = [KEEP]
    if may_change_marks(frame):
        out += [Mark(c) for c in state.players[frame.seat].hand]
    if frame.data["marked"]:
        out.append(CONFIRM)
    return out


def redraw_starting_hand(state: BorealisState, frame: Frame, action: Action, events: Events) -> None:
    seat = frame.seat
    if isinstance(action, Mark):
        toggle_mark(state, frame, action.card)
        return
    if isinstance(action, Confirm):
        marked = frame.data["marked"]
        if not marked:
            raise IllegalAction(msg("Choose at least one card to redraw, or keep your hand."))
        discard_and_redraw(state, seat, marked, events)
    state.players[seat].mulliganed = True
    claim_all(state, seat, events)
    mulligan_answered(state)


# --- a turn: Observe an Animal or Regroup -------------------------------------------------------


def action_legal(state: BorealisState, frame: Frame) -> list[Action]:
    player = state.players[frame.seat]
    fits = observe.fits
    out: list[Action] = [PlayCard(c, loc) for c in player.hand for loc in (0, 1, 2) if c >= 0 and fits(player, c, loc)]
    out.append(REGROUP_ACTION)
    return out


def take_turn(state: BorealisState, frame: Frame, action: Action, events: Events) -> None:
    seat = frame.seat
    if isinstance(action, Regroup):
        flow.goto(state, REGROUP, marked=[], changes=0)
        return
    assert isinstance(action, PlayCard)
    observe.check_play(state, seat, action.card, action.location)
    observe.play_card(state, seat, action.card, action.location, events)
    claim_all(state, seat, events)
    if observe.can_take_a_card(state):
        flow.goto(state, TAKE)
    else:
        end_turn(state, events)


def take_legal(state: BorealisState, frame: Frame) -> list[Action]:
    seat = frame.seat
    out: list[Action] = []
    if observe.can_refresh_pool(state, seat):
        out.append(RefreshPool())
    out += [TakeFromPool(c) for c in state.pool]
    if cards_to_draw(state):
        out.append(DrawFromDeck())
    return out


def take_a_card(state: BorealisState, frame: Frame, action: Action, events: Events) -> None:
    seat = frame.seat
    if isinstance(action, RefreshPool):
        observe.check_refresh(state, seat)
        observe.refresh_pool(state, seat, events)
        claim_all(state, seat, events)
        return
    if isinstance(action, TakeFromPool):
        observe.take_from_pool(state, seat, action.card, events)
    else:
        observe.draw_from_deck(state, seat, events)
    claim_all(state, seat, events)
    end_turn(state, events)


def regroup_legal(state: BorealisState, frame: Frame) -> list[Action]:
    out: list[Action] = [Mark(c) for c in state.players[frame.seat].hand] if may_change_marks(frame) else []
    out.append(CONFIRM)
    return out


def discard_and_draw(state: BorealisState, frame: Frame, action: Action, events: Events) -> None:
    """Regroup: discard the marked cards (maybe none), draw as many; then the camps, if any."""
    seat = frame.seat
    if isinstance(action, Mark):
        toggle_mark(state, frame, action.card)
        return
    discard_and_redraw(state, seat, frame.data["marked"], events)
    claim_all(state, seat, events)
    if camp_scientists(state.players[seat]):
        flow.goto(state, SEND)
    else:
        end_turn(state, events)


def send_legal(state: BorealisState, frame: Frame) -> list[Action]:
    return list(SENDS)


def bring_scientists_back(state: BorealisState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, SendScientists)
    send_scientists(state, frame.seat, action.location, events)
    claim_all(state, frame.seat, events)
    end_turn(state, events)


# --- answers at the wrong moment ----------------------------------------------------------------


def not_now(frame_name: str, action: Action) -> Msg:
    """Why ``action`` cannot be taken while the frame ``frame_name`` asks."""
    if frame_name == MULLIGAN:
        return msg("First keep your starting hand or redraw some of it.")
    if frame_name == TAKE:
        return msg("You have already observed an animal: now take a card from the pool or the deck.")
    if frame_name == REGROUP:
        return msg("Mark the cards to discard, then confirm.")
    if frame_name == SEND:
        return msg("Choose the location where the scientists from the camps go.")
    assert frame_name == ACTION
    if isinstance(action, Keep):
        return msg("The starting hand can only be redrawn before the first round.")
    if isinstance(action, (Mark, Confirm, SendScientists)):
        return msg("First choose Regroup; then mark the cards to discard.")
    return msg("First play an animal card (or regroup); then you take a card.")
