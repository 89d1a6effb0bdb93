"""Action: Regroup (discard and redraw, score the camps, bring the scientists back), and the
marking of cards it shares with the starting hand's redraw."""

from __future__ import annotations

from bisect import insort

from game.borealis import report
from game.borealis.data import proposed
from game.borealis.deck import draw_to_hand
from game.borealis.state import CAMPS, BorealisState, PlayerState
from game.borealis.tokens import gain_points
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events
from game.core.flow import Frame
from game.core.messages import msg, msg_n


def camp_scientists(player: PlayerState) -> int:
    return sum(player.scientists[0]) + sum(player.scientists[4])


def may_change_marks(frame: Frame) -> bool:
    """PROPOSED: the marks of one choice can be changed ``mark_changes_per_choice`` times."""
    return frame.data["changes"] < proposed("mark_changes_per_choice")


def toggle_mark(state: BorealisState, frame: Frame, card_id: int) -> None:
    """Mark a hand card for discarding, or unmark it; ``marked`` stays sorted."""
    if card_id not in state.players[frame.seat].hand:
        raise IllegalAction(msg("You can only discard cards from your hand."))
    if not may_change_marks(frame):
        raise IllegalAction(msg_n("You have changed your marks {n} time: now confirm your choice.",
                                  "You have changed your marks {n} times: now confirm your choice.",
                                  frame.data["changes"]))
    frame.data["changes"] += 1
    marked: list[int] = frame.data["marked"]
    if card_id in marked:
        marked.remove(card_id)
    else:
        insort(marked, card_id)


def discard_and_redraw(state: BorealisState, seat: int, discards: list[int], events: Events = NO_EVENTS) -> None:
    """Discard the chosen cards, then draw as many from the deck."""
    hand = state.players[seat].hand
    where = report.hand(seat)
    for c in discards:
        hand.remove(c)
        state.discard.append(c)
        report.moved(events, c, where, "discard")
    for _i in range(len(discards)):
        if draw_to_hand(state, seat, events) is None:
            break


def send_scientists(state: BorealisState, seat: int, location: int, events: Events = NO_EVENTS) -> int:
    """Take a 1-point token per camp scientist, then put them all in one location; return how many."""
    if location not in (0, 1, 2):
        raise IllegalAction(msg("Choose the left, middle or right location."))
    player = state.players[seat]
    returned = camp_scientists(player)
    if not returned:
        raise IllegalAction(msg("Your camps are empty, so there are no scientists to send to a location."))
    gain_points(state, seat, returned)
    report.scored(events, seat, returned)
    pos = location + 1
    target = player.scientists[pos]
    for camp in CAMPS:
        here = player.scientists[camp]
        for colour in range(3):
            if events.collecting:
                for _i in range(here[colour]):
                    report.scientist_moved(events, seat, colour, camp, pos)
            target[colour] += here[colour]
            here[colour] = 0
    player.max_regroup = max(player.max_regroup, returned)
    return returned
