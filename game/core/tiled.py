"""A Tiled map (.tmx) read into plain frozen values: the subset our boards use, read with the standard
library's XML parser (``import pytmx`` pulls pygame in, which the rules never import; the tables draw
with pytmx, and tests/core/test_tiled.py checks both readings agree).

Read: the map's orientation (orthogonal or hexagonal, with its stagger axis, index and hex side),
size and properties; tilesets embedded in the map, each tile with its type and properties; tile
layers in CSV; object groups whose objects (points, rectangles, polylines, polygons) have a name, a
type, a position, points made absolute and typed properties. Anything else (an external tileset, a
base64 layer, a group layer, a rotated object, a template...), a file too big, or a DTD (the "billion
laughs") is refused with a ``MapError`` saying why in one sentence.

Hex geometry as Tiled places tiles (``tile_centre``, ``tile_at``): on a hexagonal map staggered along
x, column ``c`` starts at ``c * (tilewidth + hexsidelength) / 2`` and the staggered columns (odd ones
for stagger index "odd") sit half a tile lower: flat-topped hexes in odd-q offset coordinates.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAX_BYTES = 2_000_000
MAX_ELEMENTS = 100_000
"""XML elements in a file: a hostile file of tiny elements stays small in memory."""
MAX_SIDE = 1_000
"""Columns or rows of a map."""
MAX_TILES = 10_000
"""Tiles in a layer (width x height)."""
MAX_OBJECTS = 2_000
MAX_POINTS = 1_000
"""Points of one polyline or polygon."""
MAX_ALL_POINTS = 20_000
MAX_COORD = 1e7
FLAG_BITS = 0xF0000000
"""Tiled's flip and rotation flags in the high bits of a gid (the lowest is hexagonal maps' 120°)."""

PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file")
"""Colour and file properties read as their text."""


class MapError(ValueError):
    """A map that cannot be used: the message says why."""


Props = tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Tile:
    id: int
    """Local id within its tileset."""
    type: str
    """The tile's type (Tiled 1.9 saved it as ``class``)."""
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
    """Row by row, as the file has them (flip flags included); 0 is an empty cell."""

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
    shape: str = "rectangle"
    """point, rectangle, polyline or polygon."""
    width: float = 0.0
    height: float = 0.0

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
        """The tile a gid names, its flags ignored (None for an empty cell or a gid no tileset has)."""
        gid &= ~FLAG_BITS
        for tileset in sorted(self.tilesets, key=lambda t: -t.firstgid):
            if gid >= tileset.firstgid:
                local = gid - tileset.firstgid
                return next((t for t in tileset.tiles if t.id == local), None)
        return None

    def prop(self, key: str, default: Any = None) -> Any:
        return dict(self.properties).get(key, default)

    def _hex_steps(self) -> tuple[float, float, float, float]:
        """Tiled's hexagonal layout: (column step, row step, stagger x shift, stagger y shift), with the
        tile size rounded down to even pixels and halves in whole pixels, as Tiled's renderer has them."""
        width, height = self.tilewidth & ~1, self.tileheight & ~1
        if self.staggeraxis == "x":
            column = (width - self.hexsidelength) // 2 + self.hexsidelength
            return column, height, 0, height // 2
        row = (height - self.hexsidelength) // 2 + self.hexsidelength
        return width, row, width // 2, 0

    def _staggered(self, index: int) -> bool:
        return (index % 2 == 1) == (self.staggerindex == "odd")

    def tile_centre(self, col: int, row: int) -> tuple[float, float]:
        """Where Tiled draws the centre of tile (col, row), in map pixels (an object's x and y)."""
        if self.orientation != "hexagonal":
            return (col + 0.5) * self.tilewidth, (row + 0.5) * self.tileheight
        col_step, row_step, shift_x, shift_y = self._hex_steps()
        x, y = col * col_step + (self.tilewidth & ~1) / 2, row * row_step + (self.tileheight & ~1) / 2
        if self.staggeraxis == "x" and self._staggered(col):
            y += shift_y
        elif self.staggeraxis == "y" and self._staggered(row):
            x += shift_x
        return x, y

    def tile_at(self, x: float, y: float) -> tuple[int, int]:
        """The tile (col, row) under the map pixel (x, y): on a hexagonal map the tile whose centre is
        nearest, as Tiled picks it, so ``tile_at(*tile_centre(c, r)) == (c, r)`` for every tile. It
        may lie off the map."""
        if self.orientation != "hexagonal":
            return math.floor(x / self.tilewidth), math.floor(y / self.tileheight)
        col_step, row_step, _sx, _sy = self._hex_steps()
        col_guess, row_guess = math.floor(x / col_step), math.floor(y / row_step)
        best: tuple[float, tuple[int, int]] | None = None
        for col in range(col_guess - 2, col_guess + 3):
            for row in range(row_guess - 2, row_guess + 3):
                cx, cy = self.tile_centre(col, row)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, (col, row))
        assert best is not None
        return best[1]


# --- reading ------------------------------------------------------------------------------------------


class _Builder(ET.TreeBuilder):
    """Builds the tree as the parser reads, refusing a DTD as soon as it starts (no entity is ever
    declared, so none can be expanded) and counting the elements."""

    def __init__(self) -> None:
        super().__init__()
        self.elements = 0

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise MapError(f"The map file holds more than {MAX_ELEMENTS} XML elements.")
        return super().start(tag, attrs)

    def doctype(self, name: str, pubid: str | None, system: str | None) -> None:
        raise MapError("The map file declares a DTD or entities, which a Tiled map never needs.")


def _too_big() -> MapError:
    return MapError(f"The map file is larger than {MAX_BYTES // 1_000_000} MB.")


def read_tmx(source: str | bytes | Path) -> TiledMap:
    """A map from a .tmx file's path or its text (a str is the text, not a path)."""
    if isinstance(source, Path):
        if source.stat().st_size > MAX_BYTES:
            raise _too_big()
        source = source.read_bytes()
    data = source.encode("utf-8") if isinstance(source, str) else source
    if len(data) > MAX_BYTES:
        raise _too_big()
    parser = ET.XMLParser(target=_Builder())
    try:
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as exc:
        raise MapError(f"The map file is not valid XML ({exc}).") from None
    if root.tag != "map":
        raise MapError("The file is not a Tiled map: its root is not <map>.")
    return _map(root)


def _what(node: ET.Element, start: bool = True) -> str:
    """How a sentence names a node of the map (``start``: at the start of the sentence)."""
    name = node.get("name", "")
    what = {"map": "the map", "tileset": f"the tileset {name!r}", "tile": f"the tile {node.get('id', '?')}",
            "layer": f"the tile layer {name!r}", "objectgroup": f"the object layer {name!r}",
            "object": f"the object {name or node.get('id', '?')!r}"}.get(node.tag, f"<{node.tag}>")
    return what[0].upper() + what[1:] if start else what


def _int(node: ET.Element, key: str, default: int | None = None, least: int = 0, most: int = 1 << 30) -> int:
    raw = node.get(key)
    if raw is None:
        if default is None:
            raise MapError(f"{_what(node)} lacks its {key}.")
        return default
    try:
        value = int(raw)
    except ValueError:
        raise MapError(f"{_what(node)} has a {key} that is not a whole number: {raw!r}.") from None
    if not least <= value <= most:
        raise MapError(f"{_what(node)} has a {key} of {value}, outside {least} to {most}.")
    return value


def _number(raw: str, what: str) -> float:
    try:
        value = float(raw)
    except ValueError:
        raise MapError(f"{what} is not a number: {raw!r}.") from None
    if not abs(value) <= MAX_COORD:  # also false for nan
        raise MapError(f"{what} is out of any map: {raw!r}.")
    return value


def _float(node: ET.Element, key: str) -> float:
    return _number(node.get(key, "0"), f"{_what(node)}'s {key}")


def _properties(node: ET.Element) -> Props:
    holder = node.find("properties")
    if holder is None:
        return ()
    out = []
    for prop in holder.findall("property"):
        name = prop.get("name")
        if not name:
            raise MapError(f"{_what(node)} has a property with no name.")
        kind = prop.get("type", "string")
        if kind not in PROPERTY_TYPES:
            raise MapError(f"The property {name} of {_what(node, False)} has a type this app does not read: {kind!r}.")
        raw = prop.get("value", prop.text or "")
        value: Any = raw
        if kind == "int":
            try:
                value = int(raw)
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
        out.append((name, value))
    return tuple(out)


def _map(root: ET.Element) -> TiledMap:
    orientation = root.get("orientation", "orthogonal")
    if orientation not in ("orthogonal", "hexagonal"):
        raise MapError(f"The map is {orientation}; only orthogonal and hexagonal maps are read.")
    if root.get("infinite", "0") != "0":
        raise MapError("The map is infinite; only maps of a fixed size are read.")
    width, height = _int(root, "width", least=1, most=MAX_SIDE), _int(root, "height", least=1, most=MAX_SIDE)
    if width * height > MAX_TILES:
        raise MapError(f"The map has more than {MAX_TILES} tiles.")
    tilewidth, tileheight = _int(root, "tilewidth", least=1, most=4096), _int(root, "tileheight", least=1, most=4096)
    stagger_axis, stagger_index, side = "", "", 0
    if orientation == "hexagonal":
        stagger_axis, stagger_index = root.get("staggeraxis", ""), root.get("staggerindex", "")
        if stagger_axis not in ("x", "y") or stagger_index not in ("odd", "even"):
            raise MapError("A hexagonal map needs its stagger axis (x or y) and index (odd or even).")
        side = _int(root, "hexsidelength", 0, most=tilewidth if stagger_axis == "x" else tileheight)
    tilesets, layers, groups = [], [], []
    budget = [MAX_ALL_POINTS]
    for node in root:
        if node.tag == "tileset":
            tilesets.append(_tileset(node))
        elif node.tag == "layer":
            layers.append(_layer(node, width, height))
        elif node.tag == "objectgroup":
            groups.append(_group(node, budget))
        elif node.tag == "group":
            raise MapError(f"The map has a group layer {node.get('name', '')!r}; this app reads only top-level layers.")
        elif node.tag == "imagelayer":
            raise MapError(f"The map has an image layer {node.get('name', '')!r}, which this app does not read.")
        elif node.tag not in ("properties", "editorsettings"):
            raise MapError(f"The map holds a <{node.tag}>, which this app does not read.")
    if sum(len(g.objects) for g in groups) > MAX_OBJECTS:
        raise MapError(f"The map has more than {MAX_OBJECTS} objects.")
    return TiledMap(orientation, width, height, tilewidth, tileheight, side, stagger_axis, stagger_index,
                    _properties(root), tuple(tilesets), tuple(layers), tuple(groups))


def _tileset(node: ET.Element) -> Tileset:
    if node.get("source"):
        raise MapError(f"The map refers to an external tileset ({node.get('source')}); embed it in the map.")
    tiles = []
    for tile in node.findall("tile"):
        tiles.append(Tile(_int(tile, "id", most=MAX_TILES), tile.get("type", tile.get("class", "")),
                          _properties(tile)))
    return Tileset(_int(node, "firstgid", least=1, most=(1 << 28) - 1), node.get("name", ""),
                   _int(node, "tilecount", 0, most=MAX_TILES), tuple(tiles))


def _offset(node: ET.Element) -> None:
    if _float(node, "offsetx") or _float(node, "offsety"):
        raise MapError(f"{_what(node)} is offset; this app reads layers only where the map puts them.")


def _layer(node: ET.Element, width: int, height: int) -> TileLayer:
    name = node.get("name", "")
    _offset(node)
    if (_int(node, "width", width), _int(node, "height", height)) != (width, height):
        raise MapError(f"The tile layer {name!r} is not the size of the map.")
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


def _group(node: ET.Element, budget: list[int]) -> ObjectGroup:
    _offset(node)
    objects = []
    for obj in node.findall("object"):
        if len(objects) >= MAX_OBJECTS:
            raise MapError(f"The map has more than {MAX_OBJECTS} objects.")
        objects.append(_object(obj, budget))
    return ObjectGroup(node.get("name", ""), tuple(objects))


def _object(obj: ET.Element, budget: list[int]) -> MapObject:
    what = _what(obj)
    if obj.get("template"):
        raise MapError(f"{what} comes from a template; detach it so the map holds the whole object.")
    if obj.get("gid"):
        raise MapError(f"{what} is a tile object, which this app does not read.")
    if _float(obj, "rotation"):
        raise MapError(f"{what} is rotated; this app reads only objects that are not.")
    x, y = _float(obj, "x"), _float(obj, "y")
    shape, points = "rectangle", []
    for child in obj:
        if child.tag == "point":
            shape = "point"
        elif child.tag in ("polyline", "polygon"):
            shape = child.tag
            pairs = (child.get("points") or "").split()
            if len(pairs) > MAX_POINTS:
                raise MapError(f"{what} has more than {MAX_POINTS} points.")
            budget[0] -= len(pairs)
            if budget[0] < 0:
                raise MapError(f"The map's objects have more than {MAX_ALL_POINTS} points in all.")
            for pair in pairs:
                parts = pair.split(",")
                if len(parts) != 2:
                    raise MapError(f"{what} has a point that is not x,y: {pair!r}.")
                points.append((x + _number(parts[0], f"A point of {_what(obj, False)}"),
                               y + _number(parts[1], f"A point of {_what(obj, False)}")))
        elif child.tag in ("ellipse", "text"):
            shape = "an ellipse" if child.tag == "ellipse" else "a text"
            raise MapError(f"{what} is {shape}; this app reads points, rectangles, polylines and polygons.")
        elif child.tag != "properties":
            raise MapError(f"{what} holds a <{child.tag}>, which this app does not read.")
    return MapObject(_int(obj, "id", 0), obj.get("name", ""), obj.get("type", obj.get("class", "")), x, y,
                     tuple(points), _properties(obj), shape, _float(obj, "width"), _float(obj, "height"))
