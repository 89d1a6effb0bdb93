"""A turn's bookkeeping: the items usable this turn, paying for steps, the win, the end of a turn and
of a round, and the round cap (§7.1, §7.4, §9, §9.1).

Only what was in the backpack when the turn began pays for movement in it (``usable``); an item
gained this turn (picked up, fished) waits for the next one. On another player's turn an evacuee's
owner may spend the whole backpack.
"""

from __future__ import annotations

from game.core import flow
from game.core.events import Events, Logged, Moved
from game.core.messages import msg, seat_ref
from game.iceflow.data import config
from game.iceflow.places import board_of, land_names
from game.iceflow.state import TURN, IceFlowState
from game.iceflow.steps import Price


def start_turn(state: IceFlowState, seat: int) -> None:
    player = state.players[seat]
    flow.start(state, TURN, seat, ice=0, explorer=False, ropes=player.ropes, fish=player.fish)


def turn_data(state: IceFlowState) -> dict:
    return state.flow[0].data


def budget(state: IceFlowState, seat: int) -> tuple[int, int]:
    """(ropes, fish) the seat may spend now: on its own turn what is left of the usable items."""
    player = state.players[seat]
    if state.flow and state.flow[0].name == TURN and state.flow[0].seat == seat:
        data = turn_data(state)
        return min(data["ropes"], player.ropes), min(data["fish"], player.fish)
    return player.ropes, player.fish


def pay(state: IceFlowState, seat: int, price: Price, events: Events) -> None:
    """The seat pays ``price``: each rope stays on the floe whose ridge it crossed, fish go to the
    supply; on its own turn the usable items go down too."""
    player = state.players[seat]
    player.ropes -= len(price.ropes)
    player.fish -= price.fish
    if player.ropes < 0 or player.fish < 0:
        raise AssertionError("paid more than the backpack holds")
    by_id = {f.id: f for f in state.floes}
    for floe in price.ropes:
        by_id[floe].ropes += 1
    state.fish += price.fish
    if state.flow and state.flow[0].name == TURN and state.flow[0].seat == seat:
        data = turn_data(state)
        data["ropes"] -= len(price.ropes)
        data["fish"] -= price.fish
    if events.collecting:
        for floe in price.ropes:
            events.add(Moved("rope", f"backpack:{seat}", f"floe:{floe}"))
        for _ in range(price.fish):
            events.add(Moved("fish", f"backpack:{seat}", "supply"))


def in_siberia(state: IceFlowState, seat: int) -> list[str]:
    names = land_names(board_of(state))
    return [loc for loc in state.players[seat].explorers if names.get(loc, ("",))[0] == "siberia"]


def check_win(state: IceFlowState, seat: int, events: Events) -> None:
    """Three explorers on three different Siberian stations end the game at once."""
    there = in_siberia(state, seat)
    if len(set(there)) >= config().explorers_per_player:
        state.winner = seat
        if events.collecting:
            events.add(Logged(msg("{player} has three explorers in Siberia and wins!", player=seat_ref(seat))))
        flow.end_game(state)


def end_turn(state: IceFlowState, events: Events) -> None:
    """The next seat's turn; after the last seat of a round, the round cap may end the game."""
    seat = state.turn_seat
    state.turns += 1
    nxt = (seat + 1) % len(state.players)
    if nxt == state.first:
        state.rounds += 1
        if state.rounds >= state.round_cap:
            state.capped = True
            if events.collecting:
                events.add(Logged(msg("{n} rounds played: the game ends at the round cap.", n=state.rounds)))
            flow.finish(state)
            return
    start_turn(state, nxt)
