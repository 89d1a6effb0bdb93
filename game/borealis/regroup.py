"""Action: Regroup (discard and redraw, score the camps, bring the scientists back)."""

from __future__ import annotations

from game.borealis.deck import draw_card
from game.borealis.state import CAMPS, BorealisState, PlayerState
from game.borealis.tokens import gain_points
from game.core.errors import IllegalAction
from game.core.i18n import _


def camp_scientists(player: PlayerState) -> int:
    return sum(sum(player.scientists[camp]) for camp in CAMPS)


def check_discards(hand: list[int], discards: tuple[int, ...]) -> None:
    if any(c not in hand for c in discards):
        raise IllegalAction(_("You can only discard cards from your hand."))
    if list(discards) != sorted(set(discards)):
        raise IllegalAction(_("List the cards to discard once each, in increasing order."))


def check_regroup(state: BorealisState, seat: int, discards: tuple[int, ...], location: int) -> None:
    player = state.players[seat]
    check_discards(player.hand, discards)
    if camp_scientists(player):
        if location not in (0, 1, 2):
            raise IllegalAction(_("Choose the location where the scientists from the camps go."))
    elif location != -1:
        raise IllegalAction(_("Your camps are empty, so there are no scientists to send to a location."))


def discard_and_redraw(state: BorealisState, seat: int, discards: tuple[int, ...]) -> None:
    """Discard the chosen cards, then draw as many from the deck."""
    hand = state.players[seat].hand
    for c in discards:
        hand.remove(c)
        state.discard.append(c)
    for _i in range(len(discards)):
        drawn = draw_card(state)
        if drawn is None:
            break
        hand.append(drawn)


def regroup(state: BorealisState, seat: int, discards: tuple[int, ...], location: int) -> int:
    """Return how many scientists came back from the camps."""
    player = state.players[seat]
    discard_and_redraw(state, seat, discards)
    returned = camp_scientists(player)
    if returned:
        gain_points(state, seat, returned)
        target = player.scientists[location + 1]
        for camp in CAMPS:
            for colour in range(3):
                target[colour] += player.scientists[camp][colour]
                player.scientists[camp][colour] = 0
    player.max_regroup = max(player.max_regroup, returned)
    return returned
