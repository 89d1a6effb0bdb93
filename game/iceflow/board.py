"""The Bering Strait, read from a Tiled map (assets/data/iceflow/strait.tmx; shared/rules/iceflow.md §3).

The map is hexagonal, flat-topped, odd columns lowered (odd-q offset hexes, game/core/hexgrid.py). Its
tile layer ``terrain`` says what each hex is (a tile's type: sea, coast, siberia, alaska, island);
the object layer ``places`` names each station and island with a point at its hex's centre (property
``kind``, and ``label``, the name the table shows); the object layer ``lanes`` holds each current as
a polyline through the centres of its hexes in flow order, entry point first, with an int ``speed``
(1 to 3) and a ``direction`` (north or south). The rules read the strait only from here.

``read_board`` checks the map as it reads it and refuses, with a ``MapError`` naming the problem in
one sentence, a strait the rules could not play on: a lane off the sea or broken, a sea hex in two
lanes or none, a station away from its coast or the sea, a place off the centre of its tile, too
few stations, or a sea too small for the starting floes (§6 step 4).

Every board read is kept by its digest (of what the rules read of it: ``rules_digest``): a game's state
names the map it is played on, so an edited map never changes a game begun on another, while a new
label or picture changes nothing; ``board_by_digest`` refuses a map that is not here any more.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from game.core.digest import sha256_hex
from game.core.errors import SaveError
from game.core.hexgrid import neighbours
from game.core.i18n import _
from game.core.paths import asset
from game.core.tiled import MapError, MapObject, TiledMap, read_tmx
from game.iceflow.data import config
from game.iceflow.room import fits
from game.iceflow.state import Hex

KINDS = ("sea", "coast", "siberia", "alaska", "island")
PLACE_KINDS = ("siberia", "alaska", "island")
SIBERIAN_STATIONS = 4
ALASKAN_STATIONS = 6
SPEEDS = (1, 2, 3)
DIRECTIONS = ("north", "south")


@dataclass(frozen=True)
class Lane:
    name: str
    speed: int
    path: tuple[Hex, ...]
    """The lane's hexes in flow order: the first is its entry point; past the last a floe leaves."""
    direction: str = ""
    """north or south, as the map says (the path's order is what the rules follow)."""

    @property
    def entry(self) -> Hex:
        return self.path[0]


@dataclass(frozen=True, eq=False)
class Board:
    cols: int
    rows: int
    sea: frozenset[Hex]
    coast: frozenset[Hex]
    """Land nothing can enter."""
    siberia: tuple[tuple[str, Hex], ...]
    """(name, hex) of each Siberian station, in name order; ``alaska`` and ``islands`` alike."""
    alaska: tuple[tuple[str, Hex], ...]
    islands: tuple[tuple[str, Hex], ...]
    lanes: tuple[Lane, ...]
    digest: str
    """What the rules read of the map, digested (``rules_digest``): its labels and pictures may
    change without making another board."""
    labels: tuple[tuple[str, str], ...] = ()
    """Each station's and island's name -> the words the table shows for it."""
    _near: dict[Hex, frozenset[Hex]] = field(default_factory=dict, compare=False, hash=False, repr=False)
    _kinds: dict[Hex, str] = field(init=False, compare=False, hash=False, repr=False)
    _names: dict[Hex, str] = field(init=False, compare=False, hash=False, repr=False)
    _lane_positions: dict[Hex, tuple[int, int]] = field(init=False, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        kinds = dict.fromkeys(self.coast, "coast") | dict.fromkeys(self.sea, "sea")
        names = {}
        for kind, places in (("siberia", self.siberia), ("alaska", self.alaska), ("island", self.islands)):
            for name, h in places:
                kinds[h], names[h] = kind, name
        object.__setattr__(self, "_kinds", kinds)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_lane_positions", {h: (i, k) for i, lane in enumerate(self.lanes)
                                                     for k, h in enumerate(lane.path)})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def entries(self) -> tuple[Hex, ...]:
        """Each lane's entry point, in the lanes' order."""
        return tuple(lane.entry for lane in self.lanes)

    def sea_neighbours(self, h: Hex) -> frozenset[Hex]:
        """The sea hexes sharing an edge with ``h`` (any hex, on the map or not)."""
        near = self._near.get(h)
        if near is None:
            near = frozenset(n for n in neighbours(h) if n in self.sea)
            self._near[h] = near
        return near

    def kind_of(self, h: Hex) -> str | None:
        """sea, coast, siberia, alaska or island; None off the map."""
        return self._kinds.get(h)

    def name_at(self, h: Hex) -> str | None:
        """The name of the station or island on ``h`` (None elsewhere)."""
        return self._names.get(h)

    def lane_position(self, h: Hex) -> tuple[int, int] | None:
        """(the index of the lane of sea hex ``h``, its place along it, 0 at the entry point); None
        off the sea."""
        return self._lane_positions.get(h)

    def label(self, name: str) -> str:
        """The words the table shows for a station or island (its name when the map gives none)."""
        return dict(self.labels).get(name, name)


_BOARDS: dict[str, Board] = {}


def read_board(source: str | bytes) -> Board:
    """The strait of a map file's text, checked: MapError names what is wrong. A map the rules read
    as one already read gives that board back."""
    data = source.encode("utf-8") if isinstance(source, str) else source
    board = _board(read_tmx(data))
    return _BOARDS.setdefault(board.digest, board)


def load_board(path: Path) -> Board:
    return read_board(path.read_bytes())


@cache
def default_board() -> Board:
    return load_board(asset("data", "iceflow", "strait.tmx"))


def board_by_digest(digest: str) -> Board:
    """The board read with this digest (the default map is read if need be); SaveError if none was."""
    board = _BOARDS.get(digest)
    if board is None and digest == default_board().digest:
        board = default_board()
    if board is None:
        raise SaveError(_("This game was played on a map of the strait that this app does not have."))
    return board


def rules_digest(cols: int, rows: int, sea: frozenset[Hex], coast: frozenset[Hex], places: dict,
                 lanes: tuple[Lane, ...]) -> str:
    """The digest of what the rules read of a map: its size, what each hex is, the places' names and
    hexes, the lanes' paths and speeds (not the labels the table shows, nor the tiles' pictures)."""
    text = json.dumps({"cols": cols, "rows": rows, "sea": sorted(sea), "coast": sorted(coast),
                       "places": {kind: sorted(group) for kind, group in sorted(places.items())},
                       "lanes": [[lane.name, lane.speed, lane.path] for lane in lanes]}, sort_keys=True)
    return sha256_hex(text.encode("utf-8"))


# --- reading and checking -------------------------------------------------------------------------


def _board(tmx: TiledMap) -> Board:
    if tmx.orientation != "hexagonal" or tmx.staggeraxis != "x" or tmx.staggerindex != "odd":
        raise MapError("The strait must be a hexagonal map staggered along x, odd columns lowered.")
    kinds = _terrain(tmx)
    sea = frozenset(h for h, kind in kinds.items() if kind == "sea")
    places, labels = _places(tmx, kinds, sea)
    lanes = _lanes(tmx, sea)
    coast = frozenset(h for h, k in kinds.items() if k == "coast")
    digest = rules_digest(tmx.width, tmx.height, sea, coast, places, lanes)
    board = Board(tmx.width, tmx.height, sea, coast, tuple(sorted(places["siberia"])), tuple(sorted(places["alaska"])),
                  tuple(sorted(places["island"])), lanes, digest, tuple(sorted(labels)))
    most = max(config().start_floes.values())
    if not fits(sea, most, board.sea_neighbours):
        raise MapError(f"The sea has no room for {most} starting floes of which no two touch.")
    return board


def _terrain(tmx: TiledMap) -> dict[Hex, str]:
    terrain = tmx.layer("terrain")
    kinds: dict[Hex, str] = {}
    for row in range(tmx.height):
        for col in range(tmx.width):
            gid = terrain.gid(col, row)
            tile = tmx.tile(gid)
            if tile is None:
                raise MapError(f"The hex ({col}, {row}) holds tile number {gid}, which no tile of the map has.")
            if tile.type not in KINDS:
                raise MapError(f"The hex ({col}, {row}) is {tile.type!r}, not one of {', '.join(KINDS)}.")
            kinds[(col, row)] = tile.type
    return kinds


def _at_centre(tmx: TiledMap, x: float, y: float, what: str) -> Hex:
    h = tmx.tile_at(x, y)
    cx, cy = tmx.tile_centre(*h)
    if abs(cx - x) > 1 or abs(cy - y) > 1 or not (0 <= h[0] < tmx.width and 0 <= h[1] < tmx.height):
        raise MapError(f"{what} is not at the centre of a hex of the map.")
    return h


def _places(tmx: TiledMap, kinds: dict[Hex, str],
            sea: frozenset[Hex]) -> tuple[dict[str, list[tuple[str, Hex]]], list[tuple[str, str]]]:
    places: dict[str, list[tuple[str, Hex]]] = {kind: [] for kind in PLACE_KINDS}
    labels = []
    coast_column = {"siberia": (0, "western"), "alaska": (tmx.width - 1, "eastern")}
    for obj in tmx.group("places").objects:
        kind = obj.prop("kind", "")
        if kind not in places:
            raise MapError(f"The place {obj.name!r} has the kind {kind!r}, not siberia, alaska or island.")
        h = _at_centre(tmx, obj.x, obj.y, f"The place {obj.name!r}")
        if kinds.get(h) != kind:
            raise MapError(f"The place {obj.name!r} stands on {h}, where the terrain is {kinds.get(h)}, not {kind}.")
        if kind in coast_column and h[0] != coast_column[kind][0]:
            column, side = coast_column[kind]
            raise MapError(f"The station {obj.name!r} at {h} is not on the {side} coast (column {column}).")
        if kind != "island" and not any(n in sea for n in neighbours(h)):
            raise MapError(f"The station {obj.name!r} at {h} does not touch the sea.")
        places[kind].append((obj.name, h))
        labels.append((obj.name, str(obj.prop("label", obj.name))))
    names = [n for group in places.values() for n, _h in group]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise MapError(f"Two places of the map are called {twice[0]!r}.")
    for kind, least, what in (("siberia", SIBERIAN_STATIONS, "Siberian station"),
                              ("alaska", ALASKAN_STATIONS, "Alaskan station"), ("island", 0, "island")):
        named = {where for _name, where in places[kind]}
        unnamed = sorted(h for h, k in kinds.items() if k == kind and h not in named)
        if unnamed:
            raise MapError(f"The {what} tile at {unnamed[0]} has no place object naming it.")
        if len(named) < least:
            raise MapError(f"The strait has {len(named)} {what}s; it needs at least {least}.")
    return places, labels


def _lanes(tmx: TiledMap, sea: frozenset[Hex]) -> tuple[Lane, ...]:
    lanes = tuple(_lane(tmx, obj, sea) for obj in tmx.group("lanes").objects)
    names = [lane.name for lane in lanes]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise MapError(f"Two lanes are called {twice[0]!r}.")
    owner: dict[Hex, str] = {}
    for lane in lanes:
        for h in lane.path:
            if h in owner:
                raise MapError(f"The sea hex {h} lies in two lanes, {owner[h]} and {lane.name}.")
            owner[h] = lane.name
    missing = sorted(sea - set(owner))
    if missing:
        raise MapError(f"The sea hex {missing[0]} lies in no lane.")
    return lanes


def _lane(tmx: TiledMap, obj: MapObject, sea: frozenset[Hex]) -> Lane:
    speed = obj.prop("speed")
    if not isinstance(speed, int) or isinstance(speed, bool) or speed not in SPEEDS:
        raise MapError(f"Lane {obj.name} has the speed {speed!r}; a lane's speed is a whole number from 1 to 3.")
    if obj.shape != "polyline" or not obj.points:
        raise MapError(f"Lane {obj.name} is not a polyline through its hexes.")
    path = tuple(_at_centre(tmx, x, y, f"A point of lane {obj.name}") for x, y in obj.points)
    for h in path:
        if h not in sea:
            raise MapError(f"Lane {obj.name} runs over {h}, which is not sea.")
    for a, b in zip(path, path[1:]):
        if b not in neighbours(a):
            raise MapError(f"Lane {obj.name} jumps from {a} to {b}, which are not neighbours.")
    if len(set(path)) != len(path):
        raise MapError(f"Lane {obj.name} passes twice through the same hex.")
    direction = obj.prop("direction", "")
    if direction not in DIRECTIONS:
        raise MapError(f"Lane {obj.name} has the direction {direction!r}; a lane flows north or south.")
    rise = path[-1][1] - path[0][1]
    if rise and (rise < 0) != (direction == "north"):
        raise MapError(f"Lane {obj.name} is said to flow {direction}, but its hexes run the other way.")
    return Lane(obj.name, speed, path, direction)
