"""The end screen for every way of winning: on the kids' podium the winner stands highest with the most
stars, where the highest score wins (Borealis) and where the fewest cards win (Iluliaq,
``GameInfo.fewest_wins``); a game of one term (Iluliaq's cards left) shows that one row as its total,
not a Total row saying it again, in words that fit every player's column, in English and Italian."""

from __future__ import annotations

import time

import pytest

from game.core.bots import decide
from game.core.i18n import _, set_language
from physics import resolvers
from scenes.session.match import BOT, Match, SeatConfig
from scenes.shell import podium
from scenes.shell.app import App
from scenes.shell.end import EndScene
from scenes.shell.generic_table import GenericTable
from scenes.storage.settings import Settings

APPS: list[App] = []


@pytest.fixture(autouse=True)
def _shutdown():
    yield
    set_language("en")
    while APPS:
        APPS.pop().bots.shutdown()


def finished(game: str, kids: bool, players: int = 3, seed: int = 5, language: str = "en"):
    """Bots play ``game`` to its end on the shell's table; the end screen comes."""
    app = App((1280, 720), headless=True, settings=Settings(language=language))
    APPS.append(app)
    seats = [SeatConfig(f"P{i}", i, BOT, "easy") for i in range(players)]
    match = Match.start(game, seats, kids=kids, seed=seed)
    table = app.push(GenericTable(app, match))
    resolver = resolvers.resolver_for(game)
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed(), resolver=resolver))
    table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    end = app.top
    assert isinstance(end, EndScene)
    return app, match, end


def test_stars_are_the_score_where_it_counts_up_and_places_where_the_fewest_win():
    assert podium.stars([41, 24, 33], [1, 3, 2], False) == [41, 24, 33]
    assert podium.stars([0, 2, 3], [1, 2, 3], True) == [3, 2, 1]
    assert podium.stars([1, 1, 4, 2], [1, 1, 4, 3], True) == [4, 4, 1, 2]  # a shared win shares the most
    assert podium.stars([0, 5], [1, 2], True) == [2, 1]


@pytest.mark.parametrize("game", ["borealis", "iluliaq"])
def test_the_kids_podium_puts_the_winner_highest_with_the_most_stars(game, monkeypatch):
    app, match, end = finished(game, kids=True)
    drawn: list[tuple[int, ...]] = []
    real = podium.draw
    monkeypatch.setattr(podium, "draw", lambda *a, **kw: (drawn.append(tuple(a[7])), real(*a, **kw))[1])
    app.draw()
    assert drawn, "no podium was drawn"
    stars = drawn[-1]
    result = match.result()
    winners = set(result.winners)
    print(game, "scores", result.scores, "stars", stars, "winners", sorted(winners))
    losers = [p for p in range(len(stars)) if p not in winners]
    assert all(stars[w] >= stars[p] for w in winners for p in range(len(stars))), stars
    assert all(stars[w] > stars[p] for w in winners for p in losers if result.scores[p] < result.scores[w]), stars
    assert all(stars[w] > 0 for w in winners), "the winner's star says 0"
    block = {st.seat: st.block for st in end.steps}
    assert all(block[w].h >= block[p].h for w in winners for p in block)
    if match.game.info.fewest_wins:
        assert all(stars[w] > stars[p] for w in winners for p in losers)
    else:
        assert list(stars) == [match.game.info.shown(v) for v in result.scores]  # Borealis: the points


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_one_term_end_screen_has_one_row_that_is_the_total(language):
    app, match, end = finished("iluliaq", kids=False, language=language)
    rows = end.rows()
    (term,) = match.result().terms
    cards = [len(stack) for stack in match.state.stacks]
    assert rows == [(_(term.label), cards)], rows
    assert _("Total") not in [label for label, _values in rows]
    label = rows[0][0]
    assert "your" not in label.lower() and " tuo " not in f" {label.lower()} ", label  # a row for every player
    if language == "it":
        assert label != term.label, "the label is not translated"
    app.draw()  # the grid (one row, the places) is laid out and drawn
    assert end.card.contains(end.grid)


def test_an_end_screen_of_several_terms_still_ends_with_its_total():
    _app, match, end = finished("borealis", kids=False, players=2)
    rows = end.rows()
    assert [label for label, _v in rows] == [t.label for t in match.result().terms] + ["Total"]
    assert rows[-1][1] == list(match.result().scores)
