"""A game's name as the menu, Continue and the profiles show it: in the language of now, for the
catalogue's games and the ones registered at run time, and the id of a game no one knows any more."""

from __future__ import annotations

import pytest

from game.core import registry
from game.core.i18n import set_language
from tests import toys


@pytest.fixture
def italian():
    set_language("it")
    yield
    set_language("en")


def test_a_catalogue_game_is_named_in_the_language_of_now(italian):
    assert registry.display_name("borealis") == "Borealis: spedizioni artiche"
    set_language("en")
    assert registry.display_name("borealis") == "Borealis: Arctic Expeditions"


def test_a_registered_game_and_an_unknown_one(italian):
    for game in toys.games():  # registered as the toys are imported
        assert registry.display_name(game.info.id) == game.info.name
    assert registry.display_name("chess") == "chess"
