"""Headless tests of the Borealis pieces' looks: card names in readable type, species pictures of even
size, vehicle badges told apart by shape (and their legend), flags in their player's colour, the
goals' texts whole at 1280x720 with four players, empty places that look empty in high contrast."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.borealis.data import cards  # noqa: E402
from game.core.i18n import set_language  # noqa: E402
from scenes.borealis.pieces import Pieces  # noqa: E402
from scenes.borealis.table import BorealisTable  # noqa: E402
from scenes.borealis.warmup import face_widths  # noqa: E402
from scenes.kit import style  # noqa: E402
from scenes.session.match import BOT, Match, SeatConfig  # noqa: E402
from scenes.shell.app import App  # noqa: E402
from scenes.storage.settings import Settings  # noqa: E402

APPS: list[App] = []


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")
    yield
    set_language("en")
    while APPS:
        APPS.pop().bots.shutdown()


def bot_table(players=4, size=(1280, 720), seed=7, moves=0, kids=False, palette="standard"):
    """A table of bots (moved by the test only), after ``moves`` of their moves, drawn once."""
    from scenes.tools import shot

    app = App(size, headless=True, settings=Settings(palette=palette))
    APPS.append(app)
    names = ["Ana", "Bo", "Cleo", "Dan"][:players]
    match = Match.start("borealis", [SeatConfig(n, i, BOT, "easy") for i, n in enumerate(names)], seed=seed, kids=kids)
    for _i in range(moves):
        match.apply(shot._bot_move(match, "easy"))
    table = BorealisTable(app, match)
    table.bots_play = False
    app.push(table)
    app.draw()
    return app, table


# --- 1. card names never under 14 px -------------------------------------------------------------


class SpyFont(pygame.font.Font):
    """A font that notes the size of every text it renders."""

    sizes: list[int] = []

    def __init__(self, path, size):
        super().__init__(path, size)
        self.pixels = size

    def render(self, *args, **kwargs):
        SpyFont.sizes.append(self.pixels)
        return super().render(*args, **kwargs)


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("kids", [False, True])
def test_every_card_face_draws_its_words_at_14_px_or_more(monkeypatch, language, kids):
    set_language(language)
    _app, table = bot_table(players=4, kids=kids)
    widths = face_widths(table)
    monkeypatch.setattr(pygame.font, "Font", SpyFont)
    SpyFont.sizes = []
    pieces = Pieces(style.Fonts(table.fonts.scale))
    for w in widths:
        for c in cards():
            pieces.paint_face(c.id, w)
    assert SpyFont.sizes, "no words drawn on any card"
    assert min(SpyFont.sizes) >= 14, sorted(set(SpyFont.sizes))


def test_a_name_too_long_for_its_card_is_cut_to_whole_words_or_left_out():
    pieces = Pieces(style.Fonts(1.0))
    step, lines = pieces.name_lines("Atlantic puffin", 45, 70)
    assert "".join(lines).replace("-", "") in ("Atlantic puffin".replace(" ", ""), "Atlantic")
    step, lines = pieces.name_lines("Arctic fox", 23, 38)
    assert lines == []
    assert not any("…" in line for w in (23, 45, 54) for line in pieces.name_lines("Harp seal", w, 80)[1])


# --- 3. vehicles told apart by shape, and their legend -------------------------------------------

VEHICLES = ("kayak", "skis", "sleigh", "submarine", "zeppelin")


@pytest.mark.parametrize("size", [14, 20])
def test_the_vehicle_badges_differ_in_shape_not_only_in_colour(size):
    from scenes.borealis.pieces import vehicle_art
    from scenes.kit.art import load_svg

    masks = {v: pygame.mask.from_surface(load_svg(vehicle_art(v), (size, size)), 128) for v in VEHICLES}
    for k, a in enumerate(VEHICLES):
        for b in VEHICLES[k + 1:]:
            both = masks[a].overlap_area(masks[b], (0, 0))
            either = masks[a].count() + masks[b].count() - both
            assert 1 - both / either >= 0.12, f"{a} and {b} look alike at {size} px"


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_legend_names_every_vehicle_beside_its_badge(language, players):
    set_language(language)
    app, table = bot_table(players=players)
    screen = app.draw()
    legend = table.geo.legend
    window = pygame.Rect((0, 0), screen.get_size())
    assert window.contains(legend)
    assert not legend.colliderect(table.lay.hand_rect) and not legend.colliderect(table.lay.side_rect)
    assert not any(legend.colliderect(b.rect) for b in table.buttons())
    assert not any(legend.colliderect(r) for r in (*table.geo.locs, *table.geo.camps))
    entries = [h for h in table.hits if h.kind == "legend"]
    assert sorted(h.value for h in entries) == sorted(VEHICLES)
    for k, h in enumerate(entries):
        assert legend.contains(h.rect)
        assert not any(h.rect.colliderect(o.rect) for o in entries[k + 1:])
        badge = pygame.Rect(h.rect.x, h.rect.y, h.rect.h, h.rect.h)
        ground = _pixels(screen, badge).count(table.pal.panel)
        assert ground < badge.w * badge.h * 0.6  # the badge is drawn there...
        assert h.rect.w > badge.w * 2  # ... with its name beside it


# --- 4. flags in their player's colour and shape -------------------------------------------------


def _near(colour: pygame.Color, pixels) -> int:
    return sum(1 for p in pixels if max(abs(p[0] - colour.r), abs(p[1] - colour.g), abs(p[2] - colour.b)) <= 6)


def _pixels(surface: pygame.Surface, r: pygame.Rect):
    r = r.clip(surface.get_rect())
    return [surface.get_at((x, y)) for x in range(r.x, r.right) for y in range(r.y, r.bottom)]


@pytest.mark.parametrize("player", range(len(style.PLAYER_COLOURS)))
def test_a_flag_is_in_its_players_colour_with_their_shape(player):
    from scenes.borealis.pieces import FLAG_MARK, mark_colour

    size = 60
    colour = style.player_colour(player)
    img = Pieces(style.Fonts(1.0)).flag(colour, size)
    assert _near(colour.colour, _pixels(img, img.get_rect())) >= 100
    # the mark on the cloth: the pixels nearer its colour than the cloth's, around the cloth's middle ...
    mark = mark_colour(colour.colour)
    drawn = pygame.Mask((size, size))
    for x in range(size):
        for y in range(size):
            p = img.get_at((x, y))
            if p.a and _dist(p, mark) < _dist(p, colour.colour):
                drawn.set_at((x, y))
    middle = (round(size * FLAG_MARK[0]), round(size * FLAG_MARK[1]))
    found = drawn.connected_component(middle)
    assert found.count() > 20, "no mark on the cloth"
    cx, cy = found.centroid()
    r = size * FLAG_MARK[2]

    def misses(shape: str) -> int:
        fine = 8  # the shape drawn eight times as big, looked at in the middle of each pixel
        ref = pygame.Surface((size * fine, size * fine), pygame.SRCALPHA)
        style.draw_shape(ref, shape, ((cx + 0.5) * fine, (cy + 0.5) * fine), r * fine, pygame.Color("#FFFFFF"))
        want = pygame.Mask((size, size))
        for x in range(size):
            for y in range(size):
                if ref.get_at((x * fine + fine // 2, y * fine + fine // 2)).a:
                    want.set_at((x, y))
        return found.count() + want.count() - 2 * found.overlap_area(want, (0, 0))

    # ... are the player's shape, not another one
    assert min({pc.shape for pc in style.PLAYER_COLOURS}, key=misses) == colour.shape


def _dist(a, b) -> int:
    return sum((int(x) - int(y)) ** 2 for x, y in zip(a[:3], b[:3]))


def test_the_flags_on_the_tracks_are_drawn_in_their_players_colours():
    app, table = bot_table(players=4, moves=30)
    screen = app.draw()
    seat = table.main_seat()
    mine = style.player_colour(table.match.seats[seat].colour).colour
    for i in range(3):
        assert _near(mine, _pixels(screen, table.geo.tracks[i])) >= 4, f"no flag of seat {seat} on track {i}"
    for (opp, i), lr in table.opp_locs.items():
        colour = style.player_colour(table.match.seats[opp].colour).colour
        ladder = pygame.Rect(lr.x, lr.bottom - table.px(20), lr.w, table.px(20))
        assert _near(colour, _pixels(screen, ladder)) >= 4, f"no flag of seat {opp} in its location {i}"


# --- 5. the goals' texts whole at 1280x720 with four players -------------------------------------


def longest_goals(table) -> tuple[list[str], list[str]]:
    """The two scoring cards and the three objectives of the most lines of text (in the language set)."""
    from game.borealis.data import objectives, scoring_cards
    from game.core.i18n import _
    from scenes.borealis import goals

    w = goals.text_width(table)

    def lines(data: dict) -> int:
        return len(table.fonts.wrap(_(data["text"]), w, "small"))

    scoring = sorted(scoring_cards(), key=lambda k: -lines(scoring_cards()[k]))[:2]
    objs = sorted(objectives(), key=lambda k: -lines(objectives()[k]))[:3]
    return scoring, objs


class SpyRender:
    """Notes every text a table's fonts render (and at what size)."""

    def __init__(self, monkeypatch) -> None:
        self.texts: list[tuple[str, int]] = []
        real = style.Fonts.render

        def render(fonts, text, step="body", colour="#F3F7FA", bold=False):
            self.texts.append((text, fonts.px(step)))
            return real(fonts, text, step, colour, bold)

        monkeypatch.setattr(style.Fonts, "render", render)


@pytest.mark.parametrize("language", ["en", "it"])
def test_with_four_players_at_1280x720_the_goals_texts_are_drawn_whole(monkeypatch, language):
    from game.borealis.data import objectives, scoring_cards
    from game.borealis.state import ObjectiveSlot
    from game.core.i18n import _
    from scenes.borealis import goals

    set_language(language)
    app, table = bot_table(players=4, moves=30)
    scoring, objs = longest_goals(table)
    state = table.match.state
    state.scoring = scoring
    state.objectives = [ObjectiveSlot(k, 4) for k in objs]
    spy = SpyRender(monkeypatch)
    table = BorealisTable(app, table.match)  # a fresh table (nothing painted yet) of those goals
    table.bots_play = False
    app.stack[-1] = table
    table.relayout()
    app.draw()
    assert not table.log_hidden
    drawn = [t for t, _px in spy.texts]
    texts = [_(scoring_cards()[k]["text"]) for k in scoring] + [_(objectives()[k]["text"]) for k in objs]
    for text in texts:
        lines = table.fonts.wrap(text, goals.text_width(table), "small")
        assert 2 <= len(lines) <= 3 or text in drawn
        for line in lines:
            assert line in drawn, f"{line!r} of {text!r} is not drawn"
    assert not [t for t in drawn if t.endswith("…") and any(t[:-1] in text for text in texts)]
    assert min(px for t, px in spy.texts if any(t in text for text in texts)) >= 14
    # and the goals leave the opponents their boards
    last = max(r.bottom for r in table.objective_rects.values())
    assert all(r.top > last for r in table.opp_rects.values())
    assert all(r.h >= table.px(80) and table.lay.right_rect.contains(r) for r in table.opp_rects.values())
    screen = app.draw()
    for (seat, i), lr in table.opp_locs.items():
        if table.vstate.players[seat].cards[i]:  # its cards' species are shown, on their light chips
            assert _near(pc_band(), _pixels(screen, lr)) >= 20, f"no cards shown in seat {seat}'s location {i}"


def pc_band() -> pygame.Color:
    from scenes.borealis.pieces import BAND

    return BAND


def test_goals_too_long_for_their_room_end_on_a_whole_word(monkeypatch):
    from scenes.borealis import goals

    _app, table = bot_table(players=2)
    text = "2 points for each set of exactly 2 animals of the same species next to each other in a location."
    assert goals.plan_lines(table, [text], 1000) == [len(table.fonts.wrap(text, goals.text_width(table), "small"))]
    assert goals.plan_lines(table, [text], goals.tile_height(table, 1)) == [1]
    cut = goals.whole_words(table.fonts, text, goals.text_width(table))
    assert cut.endswith("…") and text.startswith(cut[:-1]) and text[len(cut) - 1] == " "


# --- 6. empty places look empty in high contrast -------------------------------------------------


@pytest.mark.parametrize("palette", ["standard", "high_contrast"])
def test_an_empty_card_place_is_an_outline_not_a_block(palette):
    app, table = bot_table(players=2, moves=1, palette=palette)
    screen = app.draw()
    player = table.vstate.players[table.main_seat()]
    empty = [i for i in range(3) if not player.cards[i]]
    assert empty
    for i in empty:
        stack = table.geo.stacks[i]
        slot = pygame.Rect(stack.topleft, (stack.w, round(stack.w * 88 / 63)))
        inside = screen.get_at(slot.center)
        ground = screen.get_at((slot.x - table.px(2), slot.centery))  # the location beside the place
        assert _dist(inside, ground) < 30**2, (inside, ground)  # inside: the location shows through
        edge = [screen.get_at((slot.centerx, y)) for y in range(slot.y, slot.y + 3)]
        assert max(_dist(p, inside) for p in edge) > 25**2  # the outline stands out
