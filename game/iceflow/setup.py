"""Setting a game up (§6): backpacks of 1 rope and 1 fish, a random first player; the explorers go on
the Alaskan stations one at a time clockwise (at most 2 a station, a player's three on three
different stations unless only stations holding one of them have room); then, clockwise again,
each player draws a floe and an Iceberg card and places the floe, turned as they like, on an empty
sea hex touching no floe, where the leave-room rule still lets the remaining floes fit."""

from __future__ import annotations

from functools import lru_cache

from game.core import flow
from game.core.contract import Options
from game.core.events import Events, Moved
from game.core.hexgrid import neighbours
from game.core.rng import Rng
from game.iceflow.board import Board
from game.iceflow.data import cards, config, ridges, supply
from game.iceflow.ice import draw_floe
from game.iceflow.places import Where, board_of
from game.iceflow.room import legal_start_hexes
from game.iceflow.state import SETUP_EXPLORER, SETUP_FLOE, Hex, IceFlowState, Player
from game.iceflow.turns import start_turn


def new_state(options: Options, rng: Rng, board: Board) -> IceFlowState:
    cfg = config()
    pieces = supply()
    n = options.players
    state = IceFlowState(rng=rng, board=board.digest, kids=options.kids,
                         double_ice=options.variants.get("double_ice", "off") == "on")
    state.round_cap = cfg.short_round_cap if options.variants.get("length") == "short" else cfg.round_cap
    state.players = [Player([], cfg.start_ropes, cfg.start_fish) for _ in range(n)]
    state.ropes = pieces["ropes"] - n * cfg.start_ropes
    state.fish = pieces["fish"] - n * cfg.start_fish
    state.bears = 0 if options.kids else pieces["bears"]
    state.bag = list(range(len(ridges())))
    state.deck = list(range(len(cards())))
    state.first = rng.randbelow(n)
    flow.start(state, SETUP_EXPLORER, state.first)
    return state


def explorer_stations(state: IceFlowState, seat: int) -> list[Hex]:
    """The Alaskan stations the seat may put its next explorer on."""
    where = Where(state)
    mine = set(state.players[seat].explorers)
    room = [(name, h) for name, h in where.board.alaska if where.room_at(name)]
    apart = [h for name, h in room if name not in mine]
    return apart or [h for _name, h in room]


def place_explorer(state: IceFlowState, seat: int, h: Hex, events: Events) -> None:
    where = Where(state)
    name = where.loc_at(h)
    state.players[seat].explorers.append(name)
    if events.collecting:
        events.add(Moved(f"explorer:{seat}:{len(state.players[seat].explorers) - 1}", f"box:{seat}", name))
    per = config().explorers_per_player
    if all(len(p.explorers) == per for p in state.players):
        state.floes_to_place = config().start_floes[len(state.players)]
        next_floe(state, state.first, events)
    else:
        flow.goto(state, SETUP_EXPLORER, (seat + 1) % len(state.players))


def next_floe(state: IceFlowState, seat: int, events: Events) -> None:
    floe, card = draw_floe(state, seat, events)
    flow.goto(state, SETUP_FLOE, seat, floe=floe, card=card)


def start_hexes(state: IceFlowState) -> list[Hex]:
    """The sea hexes the next starting floe may go on (§6 step 4)."""
    return list(_start_hexes(board_of(state), frozenset(f.hex for f in state.floes), state.floes_to_place))


@lru_cache(maxsize=256)
def _start_hexes(board: Board, taken: frozenset[Hex], floes_left: int) -> tuple[Hex, ...]:
    near = {n for h in taken for n in neighbours(h)}
    free = {h for h in board.sea if h not in taken and h not in near}
    return tuple(sorted(legal_start_hexes(free, floes_left, board.sea_neighbours)))


def floe_placed(state: IceFlowState, seat: int, events: Events) -> None:
    """A starting floe is placed and turned: the next seat draws one, or the first turn begins."""
    state.floes_to_place -= 1
    if state.floes_to_place:
        next_floe(state, (seat + 1) % len(state.players), events)
    else:
        flow.finish(state)
        start_turn(state, state.first)

