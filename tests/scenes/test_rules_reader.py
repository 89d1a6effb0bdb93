"""The rules reader draws tables as tables and pictures from assets/, and Borealis's rules use them."""

from __future__ import annotations

import re

import pygame
import pytest

from game.core.paths import asset
from scenes.shell.rules import Figure, Line, RulesScene, Table, natural_size, parse

TABLES = """# Title

| same species in one location | points |
|---|---:|
| 1 | 0 |
| 2 | 1 |
| 3 | 3 |

| key | does |
|---|---|
| Esc | pause menu |

| scoring card | what it asks | points |
|---|---|---|
| Common Destination | All three flags on the same row: 12 points; only two: 5. Example: flags on spaces \
4, 2 and 4 score 5, and a few more words so that this cell has to wrap inside its column. | 12 |
| Mating Season | 2 points for each pair of touching cards of one species in a location. | 14+ |
"""

PICTURES = """# Pictures

![Polar bear](art/borealis/species/polar_bear.svg)
![Arctic fox](art/borealis/species/arctic_fox.svg) ![Snowy owl](art/borealis/species/snowy_owl.svg)

![The camp](art/borealis/camp.svg)

![A picture nobody drew](art/borealis/no_such_picture.svg)
"""


def _reader(app, text: str, size=(1280, 720)) -> RulesScene:
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    rules = app.push(RulesScene(app, "borealis", text))
    app.draw()
    return rules


def _origin(rules: RulesScene) -> tuple[int, int]:
    pad = round(28 * rules.s)
    return rules.view.x + pad, rules.view.y + pad - rules.scroll


def test_tables_parse_with_their_header_alignment_and_each_table_on_its_own():
    rows = [b for b in parse(TABLES) if b.kind == "row"]
    assert [b.table for b in rows] == [1, 1, 1, 1, 2, 2, 3, 3, 3]
    assert [b.header for b in rows] == [True, False, False, False, True, False, True, False, False]
    assert rows[0].cells == ("same species in one location", "points") and rows[0].align == ("", "right")
    assert rows[5].cells == ("Esc", "pause menu")


def test_a_table_is_drawn_in_aligned_columns_with_a_bold_header_and_striped_rows(app):
    rules = _reader(app, TABLES)
    tables = [i for i in rules.items if isinstance(i, Table)]
    assert len(tables) == 3
    scores, keys, cards = tables
    assert [r.header for r in scores.rows] == [True, False, False, False]
    assert scores.align == ["center", "right"]  # numbers centred; "---:" puts a column on the right
    assert keys.align == ["left", "left"]
    assert cards.align[2] == "center"  # numbers with no alignment asked are centred
    for table in tables:
        assert sum(table.widths) <= rules.text_w
        assert all(len(cells) == len(table.widths) for cells in (r.cells for r in table.rows))
        assert [r.y for r in table.rows] == sorted(r.y for r in table.rows)
    assert sum(cards.widths) == pytest.approx(rules.text_w, abs=len(cards.widths))  # too wide: it wraps
    assert max(len(lines) for lines in cards.rows[1].cells) > 1
    assert len(cards.rows[1].cells[2]) == 1  # "12" stays on one line in its narrow column
    # on screen: the header band is lighter, the body rows alternate, a line divides the columns
    left, top = _origin(rules)
    pal = rules.pal

    def colour_at(row, x_in_row):
        return tuple(app.surface.get_at((left + x_in_row, top + scores.y + row.y + row.h // 2)))[:3]

    last = scores.widths[0] - 4  # the right end of a first cell, where its words do not reach
    assert colour_at(scores.rows[0], last) == tuple(pal.panel_hi)[:3]
    assert colour_at(scores.rows[1], last) == tuple(pal.panel)[:3]
    assert colour_at(scores.rows[2], last) == tuple(pal.night_2)[:3]
    assert colour_at(scores.rows[2], scores.widths[0]) == tuple(pal.line)[:3]
    bold = rules.fonts.font("body", True)
    header = scores.rows[0].cells[0][0]
    assert bold.size(header)[0] + 24 <= scores.widths[0]  # the header's bold words fit their column


def test_pictures_stand_side_by_side_and_a_missing_one_shows_its_caption(app):
    blocks = [b for b in parse(PICTURES) if b.kind == "img"]
    assert [[p.caption for p in b.pictures] for b in blocks] == [
        ["Polar bear", "Arctic fox", "Snowy owl"],
        ["The camp"],
        ["A picture nobody drew"],
    ]
    rules = _reader(app, PICTURES)
    figures = [i for i in rules.items if isinstance(i, Figure)]
    animals, camp, missing = figures
    boxes = [s.box for s in animals.shown]
    assert boxes[0].right < boxes[1].left < boxes[1].right < boxes[2].left
    assert len({b.bottom for b in boxes}) == 1  # on one line
    assert all(s.found for s in animals.shown) and camp.shown[0].found
    assert [s.caption for s in animals.shown] == [["Polar bear"], ["Arctic fox"], ["Snowy owl"]]
    gone = missing.shown[0]
    assert not gone.found and gone.caption == [] and gone.title == "A picture nobody drew"
    rules.scroll_to(rules.max_scroll)
    app.draw()
    left, top = _origin(rules)
    box = gone.box.move(left, top)
    assert rules.view.contains(box)
    inside = {tuple(app.surface.get_at((x, box.centery)))[:3] for x in range(box.x + 4, box.right - 4)}
    assert tuple(rules.pal.night_2)[:3] in inside and len(inside) > 3  # the framed box, words in it
    # a picture is drawn from its SVG: the polar bear's box holds the white of the bear
    rules.scroll_to(0)
    app.draw()
    left, top = _origin(rules)
    bear = boxes[0].move(left, top)
    shown = {tuple(app.surface.get_at((x, y)))[:3] for x in range(bear.x, bear.right, 3) for y in
             range(bear.y, bear.bottom, 3)}
    assert any(min(c) > 230 for c in shown)


@pytest.mark.parametrize("name", ["borealis.md", "borealis.it.md"])
def test_every_picture_of_the_borealis_rules_is_there(name):
    text = asset("rules", name).read_text(encoding="utf-8")
    pictures = [p for b in parse(text) if b.kind == "img" for p in b.pictures]
    assert len(pictures) >= 20
    for picture in pictures:
        assert natural_size(picture.path) is not None, picture.path
        assert picture.caption, picture.path
    for species in ("polar_bear", "arctic_fox", "snowy_owl", "harp_seal", "atlantic_puffin"):
        assert f"art/borealis/species/{species}.svg" in {p.path for p in pictures}
    for vehicle in ("sleigh", "zeppelin", "submarine", "kayak", "skis"):
        assert f"art/borealis/vehicles/{vehicle}.svg" in {p.path for p in pictures}


def test_both_languages_show_the_same_pictures_tables_and_numbers():
    english = asset("rules", "borealis.md").read_text(encoding="utf-8")
    italian = asset("rules", "borealis.it.md").read_text(encoding="utf-8")

    def pictures(text):
        return [p.path for b in parse(text) if b.kind == "img" for p in b.pictures]

    def table_shapes(text):
        rows = [b for b in parse(text) if b.kind == "row"]
        return [(b.table, len(b.cells), b.header) for b in rows]

    assert pictures(english) == pictures(italian)
    assert table_shapes(english) == table_shapes(italian)
    assert sorted(re.findall(r"\d+", english)) == sorted(re.findall(r"\d+", italian))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_borealis_rules_fit_the_reader(app, size):
    rules = _reader(app, asset("rules", "borealis.md").read_text(encoding="utf-8"), size)
    assert any(isinstance(i, Table) for i in rules.items) and any(isinstance(i, Figure) for i in rules.items)
    for item in rules.items:
        if isinstance(item, Table):
            assert sum(item.widths) <= rules.text_w
        elif isinstance(item, Figure):
            for shown in item.shown:
                assert shown.box.left >= 0 and shown.box.right <= rules.text_w
        else:
            assert isinstance(item, Line)
            assert rules.fonts.font(item.step, item.bold).size(item.text)[0] + abs(item.indent) <= rules.text_w
    tops = [i.y for i in rules.items]
    assert tops == sorted(tops)
    for k in range(0, rules.max_scroll + 1, max(1, rules.view.h // 2)):
        rules.scroll_to(k)
        app.draw()
