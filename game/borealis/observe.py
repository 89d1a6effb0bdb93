"""Action: Observe an Animal (play a card, move scientists, advance a flag, take a card)."""

from __future__ import annotations

from game.borealis.data import LOCATION_NAMES, TRACK_SPACES, boards, card, colour_name, rules
from game.borealis.deck import cards_to_draw, draw_card, refill_pool
from game.borealis.state import TAKE, BorealisState, PlayerState
from game.borealis.tokens import pay_point, token_points
from game.core.errors import IllegalAction
from game.core.i18n import _


def scientists_needed(card_id: int) -> list[int]:
    """How many scientists of each colour the card's location must hold."""
    need = [0, 0, 0]
    c = card(card_id)
    need[c.left] += 1
    need[c.right] += 1
    return need


def fits(player: PlayerState, card_id: int, location: int) -> bool:
    here = player.scientists[location + 1]
    return all(here[i] >= n for i, n in enumerate(scientists_needed(card_id)))


def why_not_fits(card_id: int, location: int) -> str:
    c = card(card_id)
    where = _(LOCATION_NAMES[location])
    if c.left == c.right:
        return _("Your {location} location needs two {colour} scientists for this card.").format(
            location=where, colour=_(colour_name(c.left))
        )
    return _("Your {location} location needs a {first} and a {second} scientist for this card.").format(
        location=where, first=_(colour_name(c.left)), second=_(colour_name(c.right))
    )


def check_play(state: BorealisState, seat: int, card_id: int, location: int) -> None:
    player = state.players[seat]
    if card_id not in player.hand:
        raise IllegalAction(_("That card is not in your hand."))
    if location not in (0, 1, 2):
        raise IllegalAction(_("Choose the left, middle or right location."))
    if not fits(player, card_id, location):
        raise IllegalAction(why_not_fits(card_id, location))


def move_scientists(player: PlayerState, card_id: int, location: int) -> None:
    """The upper scientist steps one place left, the lower one place right (camps at both ends)."""
    c = card(card_id)
    pos = location + 1
    player.scientists[pos][c.left] -= 1
    player.scientists[pos - 1][c.left] += 1
    player.scientists[pos][c.right] -= 1
    player.scientists[pos + 1][c.right] += 1


def advance_flag(player: PlayerState, card_id: int, location: int) -> bool:
    """The flag steps down when the card's vehicle matches either icon on the next space."""
    space = player.flags[location]
    if space >= TRACK_SPACES:
        return False
    if card(card_id).vehicle in boards()[player.board].tracks[location][space]:
        player.flags[location] = space + 1
        return True
    return False


def play_card(state: BorealisState, seat: int, card_id: int, location: int) -> None:
    player = state.players[seat]
    player.hand.remove(card_id)
    player.cards[location].append(card_id)
    move_scientists(player, card_id, location)
    advance_flag(player, card_id, location)
    state.phase = TAKE


def can_take_a_card(state: BorealisState) -> bool:
    return bool(state.pool) or cards_to_draw(state) > 0


def can_refresh_pool(state: BorealisState, seat: int) -> bool:
    player = state.players[seat]
    return player.refreshed_round != state.round and token_points(player) >= rules()["refresh_cost"]


def check_refresh(state: BorealisState, seat: int) -> None:
    player = state.players[seat]
    if player.refreshed_round == state.round:
        raise IllegalAction(_("You have already refreshed the pool this round."))
    if token_points(player) < rules()["refresh_cost"]:
        raise IllegalAction(_("Refreshing the pool costs 1 point, and you have none."))


def refresh_pool(state: BorealisState, seat: int) -> None:
    """Pay 1 point, discard all the pool's cards and reveal as many new ones as the pool holds."""
    for _i in range(rules()["refresh_cost"]):
        pay_point(state, seat)
    state.players[seat].refreshed_round = state.round
    state.discard.extend(state.pool)
    state.pool = []
    for _i in range(rules()["pool_size"]):
        drawn = draw_card(state)
        if drawn is None:
            break
        state.pool.append(drawn)


def take_from_pool(state: BorealisState, seat: int, card_id: int) -> None:
    if card_id not in state.pool:
        raise IllegalAction(_("That card is not in the pool."))
    slot = state.pool.index(card_id)
    state.players[seat].hand.append(card_id)
    refill_pool(state, slot)


def draw_from_deck(state: BorealisState, seat: int) -> None:
    drawn = draw_card(state)
    if drawn is None:
        raise IllegalAction(_("The deck and the discard pile are both empty."))
    state.players[seat].hand.append(drawn)
