"""A Tiled map (.tmx) read into plain frozen values: the subset our boards use, read with the standard
library's XML parser (``import pytmx`` pulls pygame in, which the rules never import; the tables draw
with pytmx, and tests/core/test_tiled.py checks both readings agree).

Read: the map's orientation (orthogonal or hexagonal, with its stagger axis, index and hex side),
size and properties; tilesets embedded in the map, each tile with its type and properties; tile
layers in CSV; object groups whose objects have a name, a type, a position, points (a polyline or
polygon, made absolute) and typed properties. Anything else, a file too big, a DTD or entity (the
"billion laughs") is refused with a ``MapError`` saying why in one sentence.

Hex geometry as Tiled places tiles (``tile_centre``, ``tile_at``): on a hexagonal map staggered along
x, column ``c`` starts at ``c * (tilewidth + hexsidelength) / 2`` and the staggered columns (odd ones
for stagger index "odd") sit half a tile lower: flat-topped hexes in odd-q offset coordinates.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_BYTES = 2_000_000
MAX_TILES = 10_000
"""Tiles in a layer (width x height)."""
MAX_OBJECTS = 2_000
MAX_POINTS = 1_000
FLIP_BITS = 0xE0000000
"""Tiled's flip flags in the high bits of a gid."""


class MapError(ValueError):
    """A map that cannot be used: the message says why."""


Props = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Tile:
    id: int
    """Local id within its tileset."""
    type: str
    properties: Props = ()


@dataclass(frozen=True)
class Tileset:
    firstgid: int
    name: str
    tilecount: int
    tiles: tuple[Tile, ...] = ()


@dataclass(frozen=True)
class TileLayer:
    name: str
    width: int
    height: int
    gids: tuple[tuple[int, ...], ...]
    """Row by row; 0 is an empty cell."""

    def gid(self, col: int, row: int) -> int:
        return self.gids[row][col]


@dataclass(frozen=True)
class MapObject:
    id: int
    name: str
    type: str
    x: float
    y: float
    points: tuple[tuple[float, float], ...] = ()
    """A polyline's or polygon's points, absolute (the object's position added)."""
    properties: Props = ()

    def prop(self, key: str, default: Any = None) -> Any:
        return dict(self.properties).get(key, default)


@dataclass(frozen=True)
class ObjectGroup:
    name: str
    objects: tuple[MapObject, ...]


@dataclass(frozen=True)
class TiledMap:
    orientation: str
    width: int
    height: int
    tilewidth: int
    tileheight: int
    hexsidelength: int = 0
    staggeraxis: str = ""
    staggerindex: str = ""
    properties: Props = ()
    tilesets: tuple[Tileset, ...] = ()
    layers: tuple[TileLayer, ...] = ()
    groups: tuple[ObjectGroup, ...] = ()

    def layer(self, name: str) -> TileLayer:
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise MapError(f"The map has no tile layer called {name!r}.")

    def group(self, name: str) -> ObjectGroup:
        for group in self.groups:
            if group.name == name:
                return group
        raise MapError(f"The map has no object layer called {name!r}.")

    def tile(self, gid: int) -> Tile | None:
        """The tile a gid names (None for an empty cell or a gid no tileset has)."""
        gid &= ~FLIP_BITS
        for tileset in sorted(self.tilesets, key=lambda t: -t.firstgid):
            if gid >= tileset.firstgid:
                local = gid - tileset.firstgid
                return next((t for t in tileset.tiles if t.id == local), None)
        return None

    def tile_centre(self, col: int, row: int) -> tuple[float, float]:
        """Where Tiled draws the centre of tile (col, row), in map pixels."""
        if self.orientation != "hexagonal" or self.staggeraxis != "x":
            return (col + 0.5) * self.tilewidth, (row + 0.5) * self.tileheight
        step = (self.tilewidth + self.hexsidelength) / 2
        lowered = (col % 2 == 1) == (self.staggerindex == "odd")
        return col * step + self.tilewidth / 2, row * self.tileheight + self.tileheight / 2 * (1 + lowered)

    def tile_at(self, x: float, y: float) -> tuple[int, int]:
        """The tile whose centre is nearest the map pixel (x, y)."""
        if self.orientation != "hexagonal" or self.staggeraxis != "x":
            return int(x // self.tilewidth), int(y // self.tileheight)
        step = (self.tilewidth + self.hexsidelength) / 2
        guess = round((x - self.tilewidth / 2) / step)
        best = None
        for col in (guess - 1, guess, guess + 1):
            row_guess = round((y - self.tileheight / 2) / self.tileheight)
            for row in (row_guess - 1, row_guess, row_guess + 1):
                cx, cy = self.tile_centre(col, row)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, (col, row))
        return best[1]


# --- reading ------------------------------------------------------------------------------------------


def read_tmx(source: str | bytes | Path) -> TiledMap:
    """A map from a .tmx file's path or its text."""
    if isinstance(source, Path):
        if source.stat().st_size > MAX_BYTES:
            raise MapError(f"The map file is larger than {MAX_BYTES // 1_000_000} MB.")
        source = source.read_bytes()
    data = source.encode("utf-8") if isinstance(source, str) else source
    if len(data) > MAX_BYTES:
        raise MapError(f"The map file is larger than {MAX_BYTES // 1_000_000} MB.")
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise MapError("The map file declares a DTD or entities, which a Tiled map never needs.")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise MapError(f"The map file is not valid XML ({exc}).") from None
    if root.tag != "map":
        raise MapError("The file is not a Tiled map: its root is not <map>.")
    return _map(root)


def _int(node: ET.Element, key: str, default: int | None = None, least: int = 0, most: int = 1 << 30) -> int:
    raw = node.get(key)
    if raw is None:
        if default is None:
            raise MapError(f"<{node.tag}> lacks its {key}.")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise MapError(f"<{node.tag}> has a {key} that is not a whole number: {raw!r}.") from None
    if not least <= value <= most:
        raise MapError(f"<{node.tag}> has a {key} of {value}, outside {least} to {most}.")
    return value


def _float(node: ET.Element, key: str) -> float:
    raw = node.get(key, "0")
    try:
        value = float(raw)
    except ValueError:
        raise MapError(f"<{node.tag}> has a {key} that is not a number: {raw!r}.") from None
    if value != value or abs(value) > 1e7:
        raise MapError(f"<{node.tag}> has a {key} out of any map: {raw!r}.")
    return value


def _properties(node: ET.Element) -> Props:
    out = []
    holder = node.find("properties")
    if holder is None:
        return ()
    for prop in holder.findall("property"):
        name = prop.get("name")
        if not name:
            raise MapError("A property has no name.")
        kind = prop.get("type", "string")
        raw = prop.get("value", prop.text or "")
        if kind == "int":
            try:
                value: Any = int(raw)
            except ValueError:
                raise MapError(f"The property {name} is not a whole number: {raw!r}.") from None
        elif kind == "float":
            try:
                value = float(raw)
            except ValueError:
                raise MapError(f"The property {name} is not a number: {raw!r}.") from None
        elif kind == "bool":
            if raw not in ("true", "false"):
                raise MapError(f"The property {name} is neither true nor false: {raw!r}.")
            value = raw == "true"
        elif kind in ("string", "color", "file"):
            value = raw
        else:
            raise MapError(f"The property {name} has a type this app does not read: {kind!r}.")
        out.append((name, value))
    return tuple(out)


def _map(root: ET.Element) -> TiledMap:
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ("orthogonal", "hexagonal"):
        raise MapError(f"The map is {orientation}; only orthogonal and hexagonal maps are read.")
    if root.get("infinite", "0") != "0":
        raise MapError("The map is infinite; only maps of a fixed size are read.")
    width, height = _int(root, "width", least=1, most=1000), _int(root, "height", least=1, most=1000)
    if width * height > MAX_TILES:
        raise MapError(f"The map has more than {MAX_TILES} tiles.")
    stagger_axis, stagger_index = root.get("staggeraxis", ""), root.get("staggerindex", "")
    if orientation == "hexagonal" and (stagger_axis not in ("x", "y") or stagger_index not in ("odd", "even")):
        raise MapError("A hexagonal map needs its stagger axis (x or y) and index (odd or even).")
    tilesets = tuple(_tileset(node) for node in root.findall("tileset"))
    layers = tuple(_layer(node, width, height) for node in root.findall("layer"))
    groups = tuple(_group(node) for node in root.findall("objectgroup"))
    if sum(len(g.objects) for g in groups) > MAX_OBJECTS:
        raise MapError(f"The map has more than {MAX_OBJECTS} objects.")
    return TiledMap(orientation, width, height, _int(root, "tilewidth", least=1, most=4096),
                    _int(root, "tileheight", least=1, most=4096), _int(root, "hexsidelength", 0, most=4096),
                    stagger_axis, stagger_index, _properties(root), tilesets, layers, groups)


def _tileset(node: ET.Element) -> Tileset:
    if node.get("source"):
        raise MapError("The map refers to an external tileset; embed it in the map.")
    tiles = []
    for tile in node.findall("tile"):
        tiles.append(Tile(_int(tile, "id", most=MAX_TILES), tile.get("type", tile.get("class", "")),
                          _properties(tile)))
    return Tileset(_int(node, "firstgid", least=1), node.get("name", ""), _int(node, "tilecount", 0, most=MAX_TILES),
                   tuple(tiles))


def _layer(node: ET.Element, width: int, height: int) -> TileLayer:
    name = node.get("name", "")
    data = node.find("data")
    if data is None:
        raise MapError(f"The tile layer {name!r} has no data.")
    if data.get("encoding") != "csv" or data.get("compression"):
        raise MapError(f"The tile layer {name!r} is not stored as CSV; save the map with CSV layers.")
    cells = [c.strip() for c in (data.text or "").replace("\n", ",").split(",") if c.strip()]
    if len(cells) != width * height:
        raise MapError(f"The tile layer {name!r} holds {len(cells)} cells, not {width} x {height}.")
    try:
        gids = [int(c) for c in cells]
    except ValueError:
        raise MapError(f"The tile layer {name!r} holds a cell that is not a tile number.") from None
    if any(g < 0 or g >= 1 << 32 for g in gids):
        raise MapError(f"The tile layer {name!r} holds a tile number out of range.")
    rows = tuple(tuple(gids[r * width:(r + 1) * width]) for r in range(height))
    return TileLayer(name, width, height, rows)


def _group(node: ET.Element) -> ObjectGroup:
    objects = []
    for obj in node.findall("object"):
        x, y = _float(obj, "x"), _float(obj, "y")
        points: list[tuple[float, float]] = []
        shape = obj.find("polyline")
        if shape is None:
            shape = obj.find("polygon")
        if shape is not None:
            for pair in (shape.get("points") or "").split():
                try:
                    px, py = (float(v) for v in pair.split(","))
                except ValueError:
                    raise MapError(f"The object {obj.get('name', '')!r} has a point that is not x,y.") from None
                points.append((x + px, y + py))
            if len(points) > MAX_POINTS:
                raise MapError(f"The object {obj.get('name', '')!r} has more than {MAX_POINTS} points.")
        objects.append(MapObject(_int(obj, "id", 0), obj.get("name", ""), obj.get("type", obj.get("class", "")),
                                 x, y, tuple(points), _properties(obj)))
    return ObjectGroup(node.get("name", ""), tuple(objects))
