"""Reading a position (POSITION.md): ``{"game": "iceflow", ...}`` and the state's own JSON, refused
with a sentence naming the problem when the rules do not allow it."""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.codec import from_data, to_data
from game.core.errors import SaveError
from game.core.i18n import N_, _
from game.iceflow.data import cards, config, ridges, supply
from game.iceflow.places import Where, board_of, floe_id_of, land_names, sea_hex_of
from game.iceflow.state import (
    BEARS,
    EVACUATE,
    LEAVE_BOARD,
    MOVE,
    NEW_FLOE,
    ORIENT,
    PICK_UP,
    SEND_BEAR,
    SETUP_EXPLORER,
    SETUP_FLOE,
    TURN,
    IceFlowState,
)

GAME = "iceflow"
MAX_PLAYERS = 4

FRAME_DATA: dict[str, dict[str, type]] = {
    SETUP_EXPLORER: {},
    SETUP_FLOE: {"floe": int, "card": int},
    TURN: {"ice": int, "explorer": bool, "ropes": int, "fish": int},
    NEW_FLOE: {"floe": int, "card": int},
    ORIENT: {"floe": int, "setup": bool},
    MOVE: {"explorer": int, "steps": int, "came": list},
    BEARS: {"floe": int, "explorer": int},
    SEND_BEAR: {"floe": int},
    EVACUATE: {"floe": int, "swimmer": int},
    LEAVE_BOARD: {"floe": int},
    PICK_UP: {"explorer": int},
}
"""Each frame's data: its keys and their types (a bool is not an int here)."""
SHAPES: tuple[tuple[str, ...], ...] = (
    (SETUP_EXPLORER,), (SETUP_FLOE,), (ORIENT,), (TURN,), (TURN, NEW_FLOE), (TURN, ORIENT),
    (TURN, MOVE), (TURN, BEARS), (TURN, BEARS, SEND_BEAR), (TURN, BEARS, EVACUATE), (TURN, PICK_UP),
    (TURN, LEAVE_BOARD), (TURN, LEAVE_BOARD, EVACUATE),
)
"""The stacks of frames a game can be in."""


def state_from_position(data: Any) -> IceFlowState:
    if not isinstance(data, dict):
        raise SaveError(_("A position is a table of the game's parts."))
    if data.get("game", GAME) != GAME:
        raise SaveError(_('This position is not for {name}: its "game" names another game.').format(name="Ice Flow"))
    state = from_data(IceFlowState, {k: v for k, v in data.items() if k != "game"}, "The position")
    return checked_state(state)


def position_from_state(state: IceFlowState) -> dict[str, Any]:
    return {"game": GAME, **to_data(state)}


def fail(text: str, **params: Any) -> SaveError:
    return SaveError(_(text).format(**params))


def checked_state(state: IceFlowState) -> IceFlowState:
    """``state`` if the rules allow it; SaveError otherwise."""
    board_of(state)  # a map no longer here is refused with its own sentence
    n = len(state.players)
    if not 2 <= n <= MAX_PLAYERS:
        raise fail(N_("Ice Flow is for 2 to 4 players."))
    if not 0 <= state.first < n or state.winner not in (-1, *range(n)):
        raise fail(N_("The first player and the winner must be seats of the game."))
    if state.round_cap not in (config().round_cap, config().short_round_cap):
        raise fail(N_("A game lasts at most {full} rounds, or {short} in a short game."), full=config().round_cap,
                   short=config().short_round_cap)
    if min(state.rounds, state.turns, state.floes_to_place) < 0 or state.rounds > state.round_cap:
        raise fail(N_("The counts of rounds, turns and floes to place must be between 0 and the round cap."))
    _check_flow(state)
    _check_floes(state)
    _check_items(state)
    _check_explorers(state)
    return state


def _check_flow(state: IceFlowState) -> None:
    n = len(state.players)
    names = tuple(frame.name for frame in state.flow)
    if names and names not in SHAPES:
        raise fail(N_("The position's frames ({names}) are not a moment of the game."), names=", ".join(names))
    for frame in state.flow:
        want = FRAME_DATA[frame.name]
        if set(frame.data) != set(want) or any(type(frame.data[k]) is not t for k, t in want.items()):
            raise fail(N_("The data of the frame {name} must be exactly: {keys}."), name=frame.name,
                       keys=", ".join(f"{k} ({t.__name__})" for k, t in want.items()) or "nothing")
        if not 0 <= frame.seat < n or any(not 0 <= s < n for s in frame.queue) or frame.subjects or frame.answers:
            raise fail(N_("Every frame of the position must ask a seat of the game."))
        if frame.queue and frame.name != EVACUATE:
            raise fail(N_("Only an evacuation asks several seats in turn."))
        for key in ("floe", "card"):
            if key in frame.data and not 0 <= frame.data[key] < (len(ridges()) if key == "floe" else len(cards())):
                raise fail(N_("The frame {name} names a {key} the game does not have."), name=frame.name, key=key)
        if "explorer" in frame.data and frame.name != TURN and not 0 <= frame.data["explorer"] < 3:
            raise fail(N_("A player's explorers are numbered 0, 1 and 2."))
        if frame.name == MOVE:
            came = frame.data["came"]
            swimming = state.players[frame.seat].explorers[frame.data["explorer"]].startswith("sea:")
            if (len(came) != 2 or any(type(v) is not int for v in came)) if swimming else came:
                raise fail(N_("A swimmer's move names the floe's hex its swim began from, and only a swimmer's."))
            if not 0 <= frame.data["steps"] <= config().max_steps_per_move:
                raise fail(N_("A move takes at most {n} steps."), n=config().max_steps_per_move)
    if state.flow:
        top = state.flow[0]
        if top.name == TURN:
            data = top.data
            player = state.players[top.seat]
            if not (0 <= data["ice"] <= 2 and 0 <= data["ropes"] <= player.ropes and 0 <= data["fish"] <= player.fish):
                raise fail(N_("The turn's counts must fit the backpack and the iceberg actions taken."))
            if data["ice"] == 2 and not state.double_ice:
                raise fail(N_("A second iceberg action is only for the variant that allows it."))
            if any(len(p.explorers) != 3 for p in state.players):
                raise fail(N_("Every player has three explorers on the board once the turns begin."))
        if state.floes_to_place and names[0] not in (SETUP_FLOE, ORIENT):
            raise fail(N_("Starting floes are only placed during the setup."))
        if names[0] == SETUP_FLOE and not state.floes_to_place:
            raise fail(N_("A starting floe is being placed, yet none is left to place."))
    elif state.winner < 0 and not state.capped:
        raise fail(N_("The game is over, yet nobody won and the round cap was not reached."))


def _in_hand(state: IceFlowState) -> list[int]:
    """The floe drawn and not yet on the board (setup, or a new floe)."""
    return [f.data["floe"] for f in state.flow if f.name in (SETUP_FLOE, NEW_FLOE)]


def _check_floes(state: IceFlowState) -> None:
    board = board_of(state)
    ids = [f.id for f in state.floes]
    everywhere = Counter([*ids, *state.bag, *_in_hand(state)])
    if everywhere != Counter(range(len(ridges()))) or ids != sorted(ids) or state.bag != sorted(state.bag):
        raise fail(N_("Each of the 24 floes must be on the board, in the bag or in hand, once (kept in order)."))
    hexes = [f.hex for f in state.floes]
    if len(set(hexes)) != len(hexes) or any(h not in board.sea for h in hexes):
        raise fail(N_("Every floe on the board lies on a sea hex of its own."))
    for floe in state.floes:
        if not 0 <= floe.rotation < 6 or min(floe.ropes, floe.fish, floe.bears) < 0:
            raise fail(N_("A floe's turn is 0 to 5 and what it carries cannot be negative."))
        if floe.bears > config().max_bears_per_floe or (state.kids and floe.bears):
            raise fail(N_("A floe carries at most 2 bears, and none in kids' mode."))
    if Counter([*state.deck, *state.discard]) != Counter(range(len(cards()))) or state.deck != sorted(state.deck):
        raise fail(N_("Each of the 14 Iceberg cards must be in the deck or the discard pile, once."))
    for frame in state.flow:
        if frame.name in (ORIENT, SEND_BEAR, EVACUATE, LEAVE_BOARD, BEARS) and frame.data["floe"] not in ids:
            raise fail(N_("The frame {name} names a floe that is not on the board."), name=frame.name)


def _check_items(state: IceFlowState) -> None:
    totals = supply()
    bears = 0 if state.kids else totals["bears"]
    have = {
        "ropes": state.ropes + sum(p.ropes for p in state.players) + sum(f.ropes for f in state.floes),
        "fish": state.fish + sum(p.fish for p in state.players) + sum(f.fish for f in state.floes),
        "bears": state.bears + sum(f.bears for f in state.floes),
    }
    if have != {"ropes": totals["ropes"], "fish": totals["fish"], "bears": bears}:
        raise fail(N_("The game has 15 ropes, 15 fish and 5 bears (none in kids' mode), each in one place."))
    if min(state.ropes, state.fish, state.bears) < 0:
        raise fail(N_("The supply cannot hold fewer than nothing."))
    for p in state.players:
        if min(p.ropes, p.fish) < 0 or p.items > config().backpack_size:
            raise fail(N_("A backpack holds at most 3 ropes and fish."))
        if min(p.swims, p.airlifts, p.bear_hits) < 0:
            raise fail(N_("A player's counts of swims, airlifts and bears sent cannot be negative."))


def _mover(state: IceFlowState) -> tuple[int, int] | None:
    """The explorer in the middle of its move or its evacuation, who may stand where others may not."""
    frame = state.frame
    if frame is None:
        return None
    if frame.name in (MOVE, BEARS, PICK_UP):
        return frame.seat, frame.data["explorer"]
    if frame.name in (SEND_BEAR, EVACUATE) and len(state.flow) > 1 and state.flow[1].name == BEARS:
        return state.flow[1].seat, state.flow[1].data["explorer"]
    return None


def _check_explorers(state: IceFlowState) -> None:
    board = board_of(state)
    names = land_names(board)
    mover = _mover(state)
    swimmer = None
    frame = state.frame
    if frame is not None and frame.name == EVACUATE and frame.data["swimmer"] != -1:
        swimmer = (frame.seat, frame.data["swimmer"])
    for seat, player in enumerate(state.players):
        if len(player.explorers) > 3:
            raise fail(N_("A player has three explorers."))
        for i, loc in enumerate(player.explorers):
            floe = floe_id_of(loc)
            sea = sea_hex_of(loc) if not floe else None
            if floe is not None:
                if floe not in {f.id for f in state.floes}:
                    raise fail(N_("An explorer stands on a floe that is not on the board."))
            elif loc.startswith("sea:"):
                if sea not in board.sea or (seat, i) not in (mover, swimmer) or (frame and frame.name == PICK_UP):
                    raise fail(N_("An explorer can only be in the sea in the middle of a swim."))
            elif loc not in names:
                raise fail(N_("An explorer stands at {place}, which the map does not have."), place=loc)
    where = Where(state)
    for loc, who in where.crowd.items():
        kind = where.kind_of(loc)
        others = [e for e in who if e not in (mover, swimmer)]
        if kind == "floe" and len(others) > config().max_explorers_per_floe:
            raise fail(N_("A floe holds at most 2 explorers."))
        if kind == "alaska" and len(others) > config().max_explorers_per_alaska_station:
            raise fail(N_("An Alaskan station holds at most 2 explorers."))
        if kind == "siberia" and len({seat for seat, _i in who}) != len(who):
            raise fail(N_("A player's explorers reach three different Siberian stations."))
        fleeing = frame is not None and frame.name == EVACUATE and loc == f"floe:{frame.data['floe']}"
        if kind == "floe" and where.by_id[floe_id_of(loc)].bears and others and not fleeing:
            raise fail(N_("Explorers and bears are never together on a floe between moves."))
    if state.winner >= 0 and len({loc for loc in state.players[state.winner].explorers
                                  if names.get(loc, ("",))[0] == "siberia"}) < 3:
        raise fail(N_("The winner must have three explorers on three Siberian stations."))
