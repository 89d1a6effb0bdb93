"""Action: Observe an Animal (play a card, move scientists, advance a flag, take a card)."""

from __future__ import annotations

from game.borealis import report
from game.borealis.data import LOCATION_NAMES, ONE_SCIENTIST, TRACK_SPACES, boards, card, colour_name, proposed, rules
from game.borealis.deck import cards_to_draw, draw_card, draw_to_hand, refill_pool
from game.borealis.state import BorealisState, PlayerState
from game.borealis.tokens import pay_point, token_points
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events
from game.core.messages import Msg, msg


def fits(player: PlayerState, card_id: int, location: int) -> bool:
    here = player.scientists[location + 1]
    c = card(card_id)
    if c.left == c.right:
        return here[c.left] >= 2
    return here[c.left] >= 1 and here[c.right] >= 1


def why_not_fits(card_id: int, location: int) -> Msg:
    c = card(card_id)
    where = msg(LOCATION_NAMES[location])
    if c.left == c.right:
        return msg("Your {location} location needs two {colour} scientists for this card.",
                   location=where, colour=msg(colour_name(c.left)))
    return msg("Your {location} location needs {first} and {second} for this card.",
               location=where, first=msg(ONE_SCIENTIST[c.left]), second=msg(ONE_SCIENTIST[c.right]))


def why_fits_nowhere(card_id: int) -> Msg:
    """Why a card in hand can go to none of the three locations now: the two scientists it pictures
    must stand together in the location it is played in."""
    c = card(card_id)
    if c.left == c.right:
        return msg("This card needs two {colour} scientists in one location, and none of your locations has "
                   "them: play another card, or regroup.", colour=msg(colour_name(c.left)))
    return msg("This card needs {first} and {second} in the same location, and none of your locations has "
               "both: play another card, or regroup.", first=msg(ONE_SCIENTIST[c.left]),
               second=msg(ONE_SCIENTIST[c.right]))


def check_play(state: BorealisState, seat: int, card_id: int, location: int) -> None:
    player = state.players[seat]
    if card_id not in player.hand:
        raise IllegalAction(msg("That card is not in your hand."))
    if location not in (0, 1, 2):
        raise IllegalAction(msg("Choose the left, middle or right location."))
    if not fits(player, card_id, location):
        raise IllegalAction(why_not_fits(card_id, location))


def move_scientists(player: PlayerState, card_id: int, location: int, seat: int = 0,
                    events: Events = NO_EVENTS) -> None:
    """The upper scientist steps one place left, the lower one place right (camps at both ends)."""
    c = card(card_id)
    pos = location + 1
    player.scientists[pos][c.left] -= 1
    player.scientists[pos - 1][c.left] += 1
    player.scientists[pos][c.right] -= 1
    player.scientists[pos + 1][c.right] += 1
    report.scientist_moved(events, seat, c.left, pos, pos - 1)
    report.scientist_moved(events, seat, c.right, pos, pos + 1)


def advance_flag(player: PlayerState, card_id: int, location: int) -> bool:
    """The flag steps down when the card's vehicle matches either icon on the next space."""
    space = player.flags[location]
    if space >= TRACK_SPACES:
        return False
    if card(card_id).vehicle in boards()[player.board].tracks[location][space]:
        player.flags[location] = space + 1
        return True
    return False


def play_card(state: BorealisState, seat: int, card_id: int, location: int, events: Events = NO_EVENTS) -> None:
    """Play the card into the location, move its two scientists, maybe advance the flag."""
    player = state.players[seat]
    player.hand.remove(card_id)
    player.cards[location].append(card_id)
    state.observed_round = state.round
    report.moved(events, card_id, report.hand(seat), report.column(seat, location))
    move_scientists(player, card_id, location, seat, events)
    if advance_flag(player, card_id, location):
        report.flag_moved(events, seat, location, player.flags[location])


def can_take_a_card(state: BorealisState) -> bool:
    return bool(state.pool) or cards_to_draw(state) > 0


def kids_without(state: BorealisState, what: str) -> bool:
    """Whether kids' mode leaves ``what`` out (PROPOSED, rules.json "kids_without")."""
    return state.kids and what in proposed("kids_without")


def can_refresh_pool(state: BorealisState, seat: int) -> bool:
    player = state.players[seat]
    if kids_without(state, "pool_refresh"):
        return False
    return player.refreshed_round != state.round and token_points(player) >= rules()["refresh_cost"]


def check_refresh(state: BorealisState, seat: int) -> None:
    if kids_without(state, "pool_refresh"):
        raise IllegalAction(msg("In kids' mode the pool is not refreshed: take a card or the deck's top card."))
    player = state.players[seat]
    if player.refreshed_round == state.round:
        raise IllegalAction(msg("You have already refreshed the pool this round."))
    if token_points(player) < rules()["refresh_cost"]:
        raise IllegalAction(msg("Refreshing the pool costs 1 point, and you have none."))


def refresh_pool(state: BorealisState, seat: int, events: Events = NO_EVENTS) -> None:
    """Pay 1 point, discard all the pool's cards and reveal as many new ones as the pool holds."""
    cost = rules()["refresh_cost"]
    for _i in range(cost):
        pay_point(state, seat)
    report.scored(events, seat, -cost)
    state.players[seat].refreshed_round = state.round
    for slot, c in enumerate(state.pool):
        report.moved(events, c, report.pool_slot(slot), "discard")
    state.discard.extend(state.pool)
    state.pool = []
    for slot in range(rules()["pool_size"]):
        drawn = draw_card(state, events)
        if drawn is None:
            break
        state.pool.append(drawn)
        report.drawn_to_pool(events, slot, drawn)


def take_from_pool(state: BorealisState, seat: int, card_id: int, events: Events = NO_EVENTS) -> None:
    if card_id not in state.pool:
        raise IllegalAction(msg("That card is not in the pool."))
    slot = state.pool.index(card_id)
    state.players[seat].hand.append(card_id)
    report.moved(events, card_id, report.pool_slot(slot), report.hand(seat))
    refill_pool(state, slot, events)


def draw_from_deck(state: BorealisState, seat: int, events: Events = NO_EVENTS) -> None:
    if draw_to_hand(state, seat, events) is None:
        raise IllegalAction(msg("The deck and the discard pile are both empty."))
