"""The Bering Strait, read from a Tiled map (assets/data/iceflow/strait.tmx; shared/rules/iceflow.md §3).

The map is hexagonal, flat-topped, odd columns lowered (odd-q offset hexes, game/core/hexgrid.py). Its
tile layer ``terrain`` says what each hex is (a tile's type: sea, coast, siberia, alaska, island);
the object layer ``places`` names each station and island with a point at its hex's centre (property
``kind``, and ``label``, the name the table shows); the object layer ``lanes`` holds each current as
a polyline through the centres of its hexes in flow order, entry point first, with an int ``speed``
(1 to 3) and a ``direction``. The rules read the strait only from here.

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
from game.core.tiled import MapError, TiledMap, read_tmx
from game.iceflow.data import config
from game.iceflow.room import fits
from game.iceflow.state import Hex

KINDS = ("sea", "coast", "siberia", "alaska", "island")
SIBERIAN_STATIONS = 4
ALASKAN_STATIONS = 6


@dataclass(frozen=True)
class Lane:
    name: str
    speed: int
    path: tuple[Hex, ...]
    """The lane's hexes in flow order: the first is its entry point; past the last a floe leaves."""
    direction: str = ""

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
    alaska: tuple[tuple[str, Hex], ...]
    islands: tuple[tuple[str, Hex], ...]
    lanes: tuple[Lane, ...]
    digest: str
    """What the rules read of the map, digested (``rules_digest``): its labels and pictures may
    change without making another board."""
    labels: tuple[tuple[str, str], ...] = ()
    """Each station's and island's name -> the words the table shows for it."""
    _near: dict[Hex, frozenset[Hex]] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    @property
    def entries(self) -> tuple[Hex, ...]:
        return tuple(lane.entry for lane in self.lanes)

    def sea_neighbours(self, h: Hex) -> frozenset[Hex]:
        near = self._near.get(h)
        if near is None:
            near = frozenset(n for n in neighbours(h) if n in self.sea)
            self._near[h] = near
        return near

    def kind_of(self, h: Hex) -> str | None:
        """sea, coast, siberia, alaska or island; None off the map."""
        if h in self.sea:
            return "sea"
        if h in self.coast:
            return "coast"
        for kind, places in (("siberia", self.siberia), ("alaska", self.alaska), ("island", self.islands)):
            if any(where == h for _name, where in places):
                return kind
        return None

    def label(self, name: str) -> str:
        return dict(self.labels).get(name, name)


_BOARDS: dict[str, Board] = {}


def read_board(source: str | bytes) -> Board:
    """The strait of a map file's text, checked: MapError names what is wrong."""
    data = source.encode("utf-8") if isinstance(source, str) else source
    board = _board(read_tmx(data))
    _BOARDS.setdefault(board.digest, board)
    return _BOARDS[board.digest]


def load_board(path: Path) -> Board:
    return read_board(path.read_bytes())


@cache
def default_board() -> Board:
    return load_board(asset("data", "iceflow", "strait.tmx"))


def board_by_digest(digest: str) -> Board:
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


def _board(tmx: TiledMap) -> Board:
    if tmx.orientation != "hexagonal" or tmx.staggeraxis != "x" or tmx.staggerindex != "odd":
        raise MapError("The strait must be a hexagonal map staggered along x, odd columns lowered.")
    terrain = tmx.layer("terrain")
    kinds: dict[Hex, str] = {}
    for row in range(tmx.height):
        for col in range(tmx.width):
            gid = terrain.gid(col, row)
            tile = tmx.tile(gid)
            if tile is None or tile.type not in KINDS:
                what = tile.type if tile is not None else f"tile number {gid}"
                raise MapError(f"The hex ({col}, {row}) is {what!r}, not one of {', '.join(KINDS)}.")
            kinds[(col, row)] = tile.type
    sea = frozenset(h for h, kind in kinds.items() if kind == "sea")
    places: dict[str, list[tuple[str, Hex]]] = {"siberia": [], "alaska": [], "island": []}
    labels = []
    for obj in tmx.group("places").objects:
        kind = obj.prop("kind", "")
        if kind not in places:
            raise MapError(f"The place {obj.name!r} has the kind {kind!r}, not siberia, alaska or island.")
        h = _at_centre(tmx, obj.x, obj.y, f"The place {obj.name!r}")
        if kinds.get(h) != kind:
            raise MapError(f"The place {obj.name!r} stands on {h}, where the terrain is {kinds.get(h)}, not {kind}.")
        if kind != "island" and not any(n in sea for n in neighbours(h)):
            raise MapError(f"The station {obj.name!r} at {h} does not touch the sea.")
        places[kind].append((obj.name, h))
        labels.append((obj.name, str(obj.prop("label", obj.name))))
    for kind, count in (("siberia", SIBERIAN_STATIONS), ("alaska", ALASKAN_STATIONS)):
        tiles = sorted(h for h, k in kinds.items() if k == kind)
        named = sorted(h for _n, h in places[kind])
        if len(named) != count or tiles != named:
            raise MapError(f"The strait needs {count} {kind.capitalize()} stations, each a named place on its tile.")
    names = [n for group in places.values() for n, _h in group]
    if len(set(names)) != len(names):
        raise MapError("Two places of the map share a name.")
    lanes = tuple(_lane(tmx, obj, sea) for obj in tmx.group("lanes").objects)
    in_lanes = [h for lane in lanes for h in lane.path]
    twice = sorted({h for h in in_lanes if in_lanes.count(h) > 1})
    if twice:
        raise MapError(f"The sea hex {twice[0]} lies in two lanes.")
    if set(in_lanes) != sea:
        raise MapError(f"The sea hex {sorted(sea - set(in_lanes))[0]} lies in no lane.")
    coast = frozenset(h for h, k in kinds.items() if k == "coast")
    digest = rules_digest(tmx.width, tmx.height, sea, coast, places, lanes)
    board = Board(tmx.width, tmx.height, sea, coast, tuple(sorted(places["siberia"])), tuple(sorted(places["alaska"])),
                  tuple(sorted(places["island"])), lanes, digest, tuple(sorted(labels)))
    most = max(config().start_floes.values())
    if not fits(sea, most, board.sea_neighbours):
        raise MapError(f"The sea has no room for {most} starting floes that touch no other.")
    return board


def _at_centre(tmx: TiledMap, x: float, y: float, what: str) -> Hex:
    h = tmx.tile_at(x, y)
    cx, cy = tmx.tile_centre(*h)
    if abs(cx - x) > 1 or abs(cy - y) > 1 or not (0 <= h[0] < tmx.width and 0 <= h[1] < tmx.height):
        raise MapError(f"{what} is not at the centre of a hex of the map.")
    return h


def _lane(tmx: TiledMap, obj, sea: frozenset[Hex]) -> Lane:
    speed = obj.prop("speed")
    if not isinstance(speed, int) or isinstance(speed, bool) or not 1 <= speed <= 3:
        raise MapError(f"Lane {obj.name} has the speed {speed!r}; a lane's speed is 1, 2 or 3.")
    if not obj.points:
        raise MapError(f"Lane {obj.name} is not a polyline through its hexes.")
    path = tuple(_at_centre(tmx, x, y, f"A point of lane {obj.name}") for x, y in obj.points)
    for h in path:
        if h not in sea:
            raise MapError(f"Lane {obj.name} runs over {h}, which is not sea.")
    for a, b in zip(path, path[1:]):
        if b not in neighbours(a):
            raise MapError(f"Lane {obj.name} jumps from {a} to {b}, which are not neighbours.")
    if len(set(path)) != len(path):
        raise MapError(f"Lane {obj.name} crosses itself.")
    return Lane(obj.name, speed, path, str(obj.prop("direction", "")))
