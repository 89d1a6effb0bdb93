"""Where things are: the map a state is played on, the floes by hex and by id, the explorers by
place, and the ridges a floe turns toward each direction."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from game.core.hexgrid import has_edge, neighbours
from game.iceflow.board import Board, board_by_digest
from game.iceflow.data import config, ridges
from game.iceflow.state import Floe, Hex, IceFlowState

FLOE_PREFIX = "floe:"
SEA_PREFIX = "sea:"


def board_of(state: IceFlowState) -> Board:
    return board_by_digest(state.board)


@cache
def land_names(board: Board) -> dict[str, tuple[str, Hex]]:
    """Each station's and island's name -> (its kind: alaska, siberia or island; its hex)."""
    out: dict[str, tuple[str, Hex]] = {}
    for kind, places in (("alaska", board.alaska), ("siberia", board.siberia), ("island", board.islands)):
        for name, where in places:
            out[name] = (kind, where)
    return out


@cache
def land_at(board: Board) -> dict[Hex, tuple[str, str]]:
    """Each station's and island's hex -> (its kind, its name)."""
    return {where: (kind, name) for name, (kind, where) in land_names(board).items()}


@cache
def lane_index(board: Board) -> dict[Hex, tuple[int, int]]:
    """Each sea hex -> (its lane's index, its place along the lane, 0 at the entry point)."""
    return {h: (i, k) for i, lane in enumerate(board.lanes) for k, h in enumerate(lane.path)}


def floe_loc(floe_id: int) -> str:
    return f"{FLOE_PREFIX}{floe_id}"


def sea_loc(h: Hex) -> str:
    return f"{SEA_PREFIX}{h[0]},{h[1]}"


def floe_id_of(loc: str) -> int | None:
    return int(loc[len(FLOE_PREFIX):]) if loc.startswith(FLOE_PREFIX) else None


def sea_hex_of(loc: str) -> Hex | None:
    if not loc.startswith(SEA_PREFIX):
        return None
    col, row = loc[len(SEA_PREFIX):].split(",")
    return int(col), int(row)


def is_ridged(floe: Floe, d: int) -> bool:
    """Whether the floe's edge facing world direction ``d`` is ridged."""
    return has_edge(ridges()[floe.id], floe.rotation, d)


class Where:
    """A state's floes by hex and by id, and its explorers by place, looked up once per use."""

    def __init__(self, state: IceFlowState) -> None:
        self.state = state
        self.board = board_of(state)
        self.by_id = {f.id: f for f in state.floes}
        self.at = {f.hex: f for f in state.floes}
        self.crowd: dict[str, list[tuple[int, int]]] = {}
        for seat, player in enumerate(state.players):
            for i, loc in enumerate(player.explorers):
                self.crowd.setdefault(loc, []).append((seat, i))

    def hex_of(self, loc: str) -> Hex | None:
        """The hex of a place an explorer can be (None for a place not on the board)."""
        floe = floe_id_of(loc)
        if floe is not None:
            f = self.by_id.get(floe)
            return f.hex if f is not None else None
        sea = sea_hex_of(loc)
        if sea is not None:
            return sea
        land = land_names(self.board).get(loc)
        return land[1] if land is not None else None

    def loc_at(self, h: Hex) -> str | None:
        """The place an explorer would be at on hex ``h``: a floe, land, or the open sea."""
        floe = self.at.get(h)
        if floe is not None:
            return floe_loc(floe.id)
        land = land_at(self.board).get(h)
        if land is not None:
            return land[1]
        return sea_loc(h) if h in self.board.sea else None

    def kind_of(self, loc: str) -> str:
        """floe, sea, alaska, siberia or island."""
        if loc.startswith(FLOE_PREFIX):
            return "floe"
        if loc.startswith(SEA_PREFIX):
            return "sea"
        return land_names(self.board)[loc][0]

    def explorers_at(self, loc: str) -> list[tuple[int, int]]:
        """(seat, explorer) of everyone at ``loc``, seat by seat."""
        return self.crowd.get(loc, [])

    def room_at(self, loc: str, moving: tuple[int, int] | None = None) -> bool:
        """Whether one more explorer may end its move at ``loc`` (``moving`` is not counted)."""
        kind = self.kind_of(loc)
        if kind == "sea":
            return False
        others = [e for e in self.explorers_at(loc) if e != moving]
        if kind == "floe":
            return len(others) < config().max_explorers_per_floe
        if kind == "alaska":
            return len(others) < config().max_explorers_per_alaska_station
        if kind == "siberia":
            return moving is None or all(seat != moving[0] for seat, _i in others)
        return True

    def floes_near(self, h: Hex) -> Iterator[tuple[int, Floe]]:
        """(direction, floe) of the floes on the neighbours of ``h``."""
        for d, n in enumerate(neighbours(h)):
            floe = self.at.get(n)
            if floe is not None:
                yield d, floe
