"""game/core/tiled.py: our reading of a Tiled map agrees with pytmx's reading of the same file, and a
file that is not a map we can use is refused with a sentence."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.core.paths import asset
from game.core.tiled import MapError, read_tmx

STRAIT = asset("data", "iceflow", "strait.tmx")


def test_the_strait_reads_as_pytmx_reads_it() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pytmx

    ours = read_tmx(STRAIT)
    theirs = pytmx.TiledMap(str(STRAIT))
    assert (ours.width, ours.height, ours.tilewidth, ours.tileheight) == (theirs.width, theirs.height,
                                                                          theirs.tilewidth, theirs.tileheight)
    assert ours.orientation == theirs.orientation == "hexagonal"
    assert (ours.staggeraxis, ours.staggerindex, ours.hexsidelength) == ("x", "odd", int(theirs.hexsidelength))
    layer = theirs.get_layer_by_name("terrain")
    for row in range(ours.height):
        for col in range(ours.width):
            gid = ours.layer("terrain").gid(col, row)
            assert ours.tile(gid).type == theirs.get_tile_properties(col, row, 0)["type"]
            assert layer.data[row][col] != 0
    for group in ours.groups:
        mine = {o.name: o for o in group.objects}
        for obj in theirs.get_layer_by_name(group.name):
            o = mine[obj.name]
            assert o.type == obj.type and (o.x, o.y) == (obj.x, obj.y)
            assert dict(o.properties) == {k: v for k, v in obj.properties.items()}
            if hasattr(obj, "points"):
                assert o.points == tuple((p.x, p.y) for p in obj.points)


def test_tile_centres_and_back() -> None:
    tmx = read_tmx(STRAIT)
    for col in range(tmx.width):
        for row in range(tmx.height):
            x, y = tmx.tile_centre(col, row)
            assert tmx.tile_at(x, y) == (col, row)
            assert tmx.tile_at(x + 10, y - 12) == (col, row)
    assert tmx.tile_centre(1, 0)[1] - tmx.tile_centre(0, 0)[1] == tmx.tileheight / 2, "odd columns sit lower"


HEX = 'orientation="hexagonal" staggeraxis="x" staggerindex="odd" hexsidelength="32"'


def small(body: str, head: str = HEX) -> str:
    return (f'<?xml version="1.0"?><map version="1.10" {head} width="2" height="1" tilewidth="64" tileheight="56" '
            f'infinite="0">{body}</map>')


LAYER = '<tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="sea"/></tileset>' \
        '<layer name="terrain" width="2" height="1"><data encoding="csv">1,1</data></layer>'


@pytest.mark.parametrize("text, words", [
    ("not xml at all <", "not valid xml"),
    ('<?xml version="1.0"?><!DOCTYPE map [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><map>&b;</map>', "dtd"),
    ("<svg/>", "not a tiled map"),
    (small(LAYER.replace('encoding="csv"', 'encoding="base64"')), "csv"),
    (small(LAYER.replace("1,1", "1")), "holds 1 cells"),
    (small(LAYER, head='orientation="isometric"'), "only orthogonal and hexagonal"),
    (small(LAYER.replace('<tileset firstgid="1" name="t" tilecount="1"><tile id="0" type="sea"/></tileset>',
                         '<tileset firstgid="1" source="t.tsx"/>')), "external tileset"),
    (small('<objectgroup name="o"><object id="1" x="nan" y="0"/></objectgroup>'), "out of any map"),
    (small('<objectgroup name="o"><object id="1" x="0" y="0"><properties><property name="speed" type="int" '
           'value="fast"/></properties></object></objectgroup>'), "not a whole number"),
])
def test_a_map_we_cannot_use_is_refused_with_a_sentence(text: str, words: str) -> None:
    with pytest.raises(MapError) as err:
        read_tmx(text)
    assert words in str(err.value).lower()


def test_a_huge_map_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.tmx"
    big.write_bytes(b" " * 2_000_001)
    with pytest.raises(MapError, match="larger than"):
        read_tmx(big)
    with pytest.raises(MapError, match="more than 10000 tiles"):
        read_tmx(small("").replace('width="2" height="1"', 'width="200" height="200"'))
