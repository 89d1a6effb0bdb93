"""game/core/tiled.py: our reading of a Tiled map agrees with pytmx's reading of the same file (the strait
and a small map of every kind of thing we read), tile centres are where Tiled draws them, and a file
that is not a map we can use is refused with a sentence."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.paths import asset
from game.core.tiled import FLAG_BITS, MapError, TiledMap, read_tmx

STRAIT = asset("data", "iceflow", "strait.tmx")

EXTRA = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="3" height="2"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="4" nextobjectid="5">
 <properties>
  <property name="title" value="extra"/>
  <property name="level" type="int" value="3"/>
 </properties>
 <tileset firstgid="1" name="land" tilewidth="32" tileheight="32" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="grass">
   <properties><property name="cost" type="float" value="1.5"/></properties>
   <image width="32" height="32" source="grass.png"/>
  </tile>
  <tile id="1" class="rock"><image width="32" height="32" source="rock.png"/></tile>
 </tileset>
 <tileset firstgid="10" name="water" tilewidth="32" tileheight="32" tilecount="1" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0" type="water">
   <properties><property name="deep" type="bool" value="true"/></properties>
   <image width="32" height="32" source="water.png"/>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="3" height="2">
  <data encoding="csv">
1,2,10,
2147483649,0,2
</data>
 </layer>
 <layer id="2" name="top" width="3" height="2">
  <data encoding="csv">
0,0,0,
0,10,0
</data>
 </layer>
 <objectgroup id="3" name="things">
  <object id="1" name="spot" type="marker" x="10.5" y="20">
   <properties><property name="note" value="hello"/><property name="open" type="bool" value="false"/></properties>
   <point/>
  </object>
  <object id="2" name="box" class="area" x="0" y="0" width="40" height="30"/>
  <object id="3" name="path" type="route" x="5" y="6">
   <properties><property name="speed" type="int" value="2"/></properties>
   <polyline points="0,0 10,0 10,12.5"/>
  </object>
  <object id="4" name="pond" type="water" x="50" y="40"><polygon points="0,0 8,0 4,-6"/></object>
 </objectgroup>
</map>
"""


def pytmx_map(path: Path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pytmx

    return pytmx.TiledMap(str(path))


def assert_same_reading(path: Path) -> TiledMap:
    """Everything we read of the map at ``path`` is what pytmx reads of it."""
    ours, theirs = read_tmx(path), pytmx_map(path)
    assert (ours.orientation, ours.width, ours.height, ours.tilewidth, ours.tileheight) == (
        theirs.orientation, theirs.width, theirs.height, theirs.tilewidth, theirs.tileheight)
    if ours.orientation == "hexagonal":
        assert (ours.staggeraxis, ours.staggerindex, ours.hexsidelength) == (
            theirs.staggeraxis, theirs.staggerindex, int(theirs.hexsidelength))
    assert dict(ours.properties) == theirs.properties
    assert [t.firstgid for t in ours.tilesets] == [t.firstgid for t in theirs.tilesets]
    assert [t.name for t in ours.tilesets] == [t.name for t in theirs.tilesets]
    tile_layers = [layer for layer in theirs.layers if hasattr(layer, "data")]
    assert [layer.name for layer in ours.layers] == [layer.name for layer in tile_layers]
    assert [g.name for g in ours.groups] == [layer.name for layer in theirs.layers if not hasattr(layer, "data")]
    flags_of = {gid: (tiled_gid, flags) for (tiled_gid, flags), (gid, _f) in
                ((k, v) for k, v in theirs.imagemap.items() if isinstance(v, tuple))}
    for mine, layer in zip(ours.layers, tile_layers):
        for row in range(ours.height):
            for col in range(ours.width):
                gid, their_gid = mine.gid(col, row), layer.data[row][col]
                if their_gid == 0:
                    assert gid == 0
                    continue
                tiled_gid, flags = flags_of[their_gid]
                assert gid & ~FLAG_BITS == tiled_gid == theirs.tiledgidmap[their_gid]
                assert bool(gid & 1 << 31) == bool(flags.flipped_horizontally)
                assert bool(gid & 1 << 30) == bool(flags.flipped_vertically)
                their_tile = theirs.get_tile_properties_by_gid(their_gid)
                tile = ours.tile(gid)
                assert tile.id == their_tile["id"]
                assert tile.type == their_tile.get("type", their_tile.get("class"))
                assert dict(tile.properties).items() <= their_tile.items()
    for group in ours.groups:
        their_objects = list(theirs.get_layer_by_name(group.name))
        assert len(group.objects) == len(their_objects)
        for o, obj in zip(group.objects, their_objects):
            assert (o.id, o.name, o.x, o.y) == (obj.id, obj.name, obj.x, obj.y)
            assert o.type == (obj.type if obj.type is not None else getattr(obj, "class", ""))
            assert dict(o.properties) == obj.properties
            assert o.points == tuple((p.x, p.y) for p in getattr(obj, "points", ()))
            if o.shape == "rectangle":
                assert (o.width, o.height) == (obj.width, obj.height)
    return ours


def test_the_strait_reads_as_pytmx_reads_it() -> None:
    tmx = assert_same_reading(STRAIT)
    assert [g.name for g in tmx.groups] == ["places", "lanes"] and [layer.name for layer in tmx.layers] == ["terrain"]
    assert {tmx.tile(gid).type for row in tmx.layer("terrain").gids for gid in row} == {
        "sea", "coast", "siberia", "alaska", "island"}
    lane = tmx.group("lanes").objects[0]
    assert lane.shape == "polyline" and lane.prop("speed") == 1 and lane.prop("direction") == "south"
    assert {o.shape for o in tmx.group("places").objects} == {"point"}


def test_a_map_of_every_kind_of_thing_reads_as_pytmx_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "extra.tmx"
    path.write_text(EXTRA, encoding="utf-8")
    tmx = assert_same_reading(path)
    assert tmx.prop("level") == 3 and tmx.tile(tmx.layer("ground").gid(0, 1)).type == "grass", "flipped"
    assert tmx.tile(2).type == "rock" and tmx.tile(10).properties == (("deep", True),)
    spot, box, path_, pond = tmx.group("things").objects
    assert (spot.shape, spot.prop("open"), box.shape, box.type, path_.shape, pond.shape) == (
        "point", False, "rectangle", "area", "polyline", "polygon")
    assert pond.points == ((50, 40), (58, 40), (54, 34))


def hex_map(axis: str, index: str) -> TiledMap:
    return read_tmx(f'<map orientation="hexagonal" staggeraxis="{axis}" staggerindex="{index}" hexsidelength="32" '
                    'width="9" height="8" tilewidth="64" tileheight="56"/>' if axis == "x" else
                    f'<map orientation="hexagonal" staggeraxis="{axis}" staggerindex="{index}" hexsidelength="28" '
                    'width="9" height="8" tilewidth="49" tileheight="56"/>')


def test_tile_centres_are_where_tiled_draws_them() -> None:
    tmx = read_tmx(STRAIT)
    # columns 48 px apart ((64 + 32) / 2), rows 56, odd columns 28 lower
    assert tmx.tile_centre(0, 0) == (32, 28) and tmx.tile_centre(1, 0) == (80, 56)
    assert tmx.tile_centre(8, 7) == (416, 420) and tmx.tile_centre(3, 7) == (176, 448)
    assert hex_map("x", "even").tile_centre(0, 0) == (32, 56) and hex_map("x", "even").tile_centre(1, 0) == (80, 28)
    # pointy-top: Tiled rounds the 49 px width down to 48; rows (56 + 28) / 2 = 42 apart, odd rows 24 right
    assert hex_map("y", "odd").tile_centre(0, 1) == (48, 70) and hex_map("y", "odd").tile_centre(1, 0) == (72, 28)
    assert read_tmx(small("", head="")).tile_centre(1, 0) == (96, 28)


@pytest.mark.parametrize("axis, index", [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")])
def test_a_pixel_finds_its_tile(axis: str, index: str) -> None:
    tmx = hex_map(axis, index)
    for col in range(-1, tmx.width + 1):
        for row in range(-1, tmx.height + 1):
            x, y = tmx.tile_centre(col, row)
            assert tmx.tile_at(x, y) == (col, row)
            for dx, dy in ((10, -12), (-15, 9), (0, 20), (-20, 0)):
                assert tmx.tile_at(x + dx, y + dy) == (col, row)


HEX = 'orientation="hexagonal" staggeraxis="x" staggerindex="odd" hexsidelength="32"'
TILESET = '<tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="sea"/></tileset>'
LAYER = TILESET + '<layer name="terrain" width="2" height="1"><data encoding="csv">1,1</data></layer>'


def small(body: str, head: str = HEX, size: str = 'width="2" height="1"') -> str:
    return f'<?xml version="1.0"?><map version="1.10" {head} {size} tilewidth="64" tileheight="56">{body}</map>'


def objects(inner: str) -> str:
    return small(f'<objectgroup name="o">{inner}</objectgroup>')


LAUGHS = ('<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">' + "".join(
    f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">' for k in range(8)) + ']><map width="&i;"/>')


@pytest.mark.parametrize("text, words", [
    ("not xml at all <", "not valid xml"),
    ("<map><layer></map>", "not valid xml"),
    (LAUGHS, "declares a dtd"),
    ('<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE map [<!ENTITY a "a">]><map/>'.encode("utf-16"), "dtd"),
    ('<?xml version="1.0"?><!DOCTYPE map SYSTEM "file:///etc/passwd"><map/>', "dtd"),
    ('<map width="&a;"/>', "not valid xml"),
    ("<svg/>", "not a tiled map"),
    (small(LAYER, head='orientation="isometric"'), "only orthogonal and hexagonal"),
    (small(LAYER, head='orientation="staggered"'), "only orthogonal and hexagonal"),
    (small(LAYER, head='orientation="hexagonal"'), "stagger axis"),
    (small(LAYER, size='width="2"'), "lacks its height"),
    (small(LAYER, size='width="0" height="1"'), "width of 0, outside 1 to 1000"),
    (small(LAYER, size='width="2000" height="1"'), "outside 1 to 1000"),
    (small(LAYER, size='width="200" height="200"'), "more than 10000 tiles"),
    (small(LAYER, size='width="two" height="1"'), "not a whole number"),
    (small(LAYER).replace('tilewidth="64"', 'tilewidth="100000"'), "tilewidth of 100000"),
    (small(LAYER).replace('<map ', '<map infinite="1" '), "infinite"),
    (small(LAYER.replace('encoding="csv"', 'encoding="base64"')), "not stored as csv"),
    (small(LAYER.replace('encoding="csv"', 'encoding="csv" compression="zlib"')), "not stored as csv"),
    (small(LAYER.replace(' encoding="csv">1,1', '><tile gid="1"/><tile gid="1"/>')), "not stored as csv"),
    (small(LAYER.replace("1,1", "1")), "holds 1 cells"),
    (small(LAYER.replace("1,1", "1,x")), "not a tile number"),
    (small(LAYER.replace("1,1", "1,-4")), "out of range"),
    (small(LAYER.replace('width="2" height="1"><data', 'width="3" height="1"><data')), "not the size of the map"),
    (small(LAYER.replace("<layer ", '<layer offsetx="5" ')), "offset"),
    (small(LAYER.replace(TILESET, '<tileset firstgid="1" source="t.tsx"/>')), "external tileset"),
    (small(f'<group name="g">{LAYER}</group>'), "group layer"),
    (small('<imagelayer name="sky"/>'), "image layer"),
    (small('<chunk/>'), "does not read"),
    (objects('<object id="1" x="nan" y="0"/>'), "out of any map"),
    (objects('<object id="1" x="1e99" y="0"/>'), "out of any map"),
    (objects('<object id="1" x="0" y="0"><polyline points="0,0 1,inf"/></object>'), "out of any map"),
    (objects('<object id="1" x="0" y="0"><polyline points="0,0 1,2,3"/></object>'), "not x,y"),
    (objects('<object id="1" name="L1" x="0" y="0" rotation="30"/>'), "'l1' is rotated"),
    (objects('<object id="1" x="0" y="0" template="lane.tx"/>'), "template"),
    (objects('<object id="1" x="0" y="0" gid="1"/>'), "tile object"),
    (objects('<object id="1" x="0" y="0"><ellipse/></object>'), "an ellipse"),
    (objects('<object id="1" x="0" y="0"><text>hi</text></object>'), "a text"),
    (objects('<object id="1" x="0" y="0"><properties><property name="speed" type="int" value="fast"/>'
             '</properties></object>'), "not a whole number"),
    (objects('<object id="1" x="0" y="0"><properties><property name="on" type="bool" value="yes"/>'
             '</properties></object>'), "neither true nor false"),
    (objects('<object id="1" x="0" y="0"><properties><property name="who" type="class"/>'
             '</properties></object>'), "type this app does not read"),
    (objects('<object id="1" x="0" y="0"><properties><property value="1"/></properties></object>'), "no name"),
])
def test_a_map_we_cannot_use_is_refused_with_a_sentence(text: str | bytes, words: str) -> None:
    with pytest.raises(MapError) as err:
        read_tmx(text)
    message = str(err.value)
    assert words in message.lower()
    assert message[0].isupper() and message.endswith(".") and "\n" not in message


def test_a_huge_map_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.tmx"
    big.write_bytes(b" " * 2_000_001)
    with pytest.raises(MapError, match="larger than 2 MB"):
        read_tmx(big)
    with pytest.raises(MapError, match="larger than 2 MB"):
        read_tmx(b" " * 2_000_001)


@pytest.mark.parametrize("body, words", [
    ("<x/>" * 100_001, "more than 100000 XML elements"),
    ('<objectgroup name="o">' + '<object id="1" x="0" y="0"/>' * 2_001 + "</objectgroup>", "more than 2000 objects"),
    ('<objectgroup name="o"><object id="1" x="0" y="0"><polyline points="' + "1,1 " * 1_001 + '"/></object>'
     "</objectgroup>", "more than 1000 points"),
    ('<objectgroup name="o">' + ('<object id="1" x="0" y="0"><polyline points="' + "1,1 " * 1_000 + '"/></object>')
     * 21 + "</objectgroup>", "more than 20000 points in all"),
])
def test_what_a_map_holds_is_bounded(body: str, words: str) -> None:
    with pytest.raises(MapError, match=words):
        read_tmx(small(body))
