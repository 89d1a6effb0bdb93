"""The floes: drawing one with its Iceberg card, and the three iceberg actions (§5, §7.2).

Ai, drift: the floe moves along its lane one hex at a time, up to the lane's speed, stopping before
a hex that holds a floe; a step past the lane's last hex takes it off the board (its explorers
evacuate first, from its last hex on the board; then it goes to the bag and what it carries to the
supply). Floes never push floes; everything on a floe rides with it. Aii, rotate: one sixth either
way. Aiii, a new floe: drawn from the bag with an Iceberg card's items, placed on a free entry point.
"""

from __future__ import annotations

from game.core.events import Changed, Events, Moved, Revealed, Shuffled
from game.iceflow.data import cards, config
from game.iceflow.places import Where, board_of, floe_loc, lane_index
from game.iceflow.state import Floe, Hex, IceFlowState


def floe_thing(floe_id: int) -> str:
    return f"floe:{floe_id}"


def hex_place(h: Hex) -> str:
    return f"hex:{h[0]},{h[1]}"


def draw_card(state: IceFlowState, events: Events) -> int:
    """The top Iceberg card: drawn at random from the deck (the discard shuffled back when it is empty),
    then discarded face up."""
    if not state.deck:
        state.deck, state.discard = sorted(state.discard), []
        if events.collecting:
            events.add(Shuffled("deck"))
    card = state.deck.pop(state.rng.randbelow(len(state.deck)))
    state.discard.append(card)
    if events.collecting:
        events.add(Revealed(f"card:{card}", "deck"))
    return card


def draw_floe(state: IceFlowState, seat: int, events: Events) -> tuple[int, int]:
    """A floe from the bag and an Iceberg card whose ropes, fish and bears (as many as the supply has;
    no bears in kids' mode, at most 2 on a floe) it will carry: (floe id, card id)."""
    floe = state.bag.pop(state.rng.randbelow(len(state.bag)))
    card = draw_card(state, events)
    if events.collecting:
        events.add(Moved(floe_thing(floe), "bag", f"hand:{seat}"))
    return floe, card


def put_floe(state: IceFlowState, floe_id: int, card_id: int, h: Hex, events: Events) -> Floe:
    """The drawn floe goes on ``h`` with its card's items."""
    card = cards()[card_id]
    floe = Floe(floe_id, h[0], h[1])
    floe.ropes, state.ropes = _take(card.ropes, state.ropes)
    floe.fish, state.fish = _take(card.fish, state.fish)
    bears = 0 if state.kids else min(card.bears, config().max_bears_per_floe)
    floe.bears, state.bears = _take(bears, state.bears)
    state.floes.append(floe)
    state.floes.sort(key=lambda f: f.id)
    if events.collecting:
        events.add(Moved(floe_thing(floe_id), "hand", hex_place(h)))
        for item, n in (("rope", floe.ropes), ("fish", floe.fish), ("bear", floe.bears)):
            for _ in range(n):
                events.add(Moved(item, "supply", floe_loc(floe_id)))
    return floe


def _take(wanted: int, supply: int) -> tuple[int, int]:
    got = min(wanted, supply)
    return got, supply - got


def drift_path(where: Where, floe: Floe) -> tuple[list[Hex], bool]:
    """The hexes the floe drifts through (its own first) and whether it then leaves the board."""
    board = where.board
    lane_no, k = lane_index(board)[floe.hex]
    lane = board.lanes[lane_no]
    path = [floe.hex]
    for _ in range(lane.speed):
        if k + 1 == len(lane.path):
            return path, True
        nxt = lane.path[k + 1]
        if nxt in where.at:
            break
        k += 1
        path.append(nxt)
    return path, False


def can_drift(where: Where, floe: Floe) -> bool:
    path, off = drift_path(where, floe)
    return off or len(path) > 1


def move_floe(state: IceFlowState, floe: Floe, path: list[Hex], events: Events) -> None:
    """The floe (and all it carries) goes along ``path`` to its last hex."""
    floe.col, floe.row = path[-1]
    if events.collecting and len(path) > 1:
        events.add(Changed(floe_thing(floe.id), {"path": [list(h) for h in path], "rotation": floe.rotation}))


def rotate(state: IceFlowState, floe: Floe, turn: int, events: Events) -> None:
    floe.rotation = (floe.rotation + turn) % 6
    if events.collecting:
        events.add(Changed(floe_thing(floe.id), {"turn": turn, "rotation": floe.rotation}))


def take_off_board(state: IceFlowState, floe: Floe, events: Events) -> None:
    """A floe past its lane's end: back to the bag, what it carried to the supply."""
    state.floes.remove(floe)
    state.bag.append(floe.id)
    state.bag.sort()
    state.ropes += floe.ropes
    state.fish += floe.fish
    state.bears += floe.bears
    if events.collecting:
        for item, n in (("rope", floe.ropes), ("fish", floe.fish), ("bear", floe.bears)):
            for _ in range(n):
                events.add(Moved(item, floe_loc(floe.id), "supply"))
        events.add(Moved(floe_thing(floe.id), hex_place(floe.hex), "bag"))


def free_entries(state: IceFlowState) -> list[Hex]:
    taken = {f.hex for f in state.floes}
    return [h for h in board_of(state).entries if h not in taken]
