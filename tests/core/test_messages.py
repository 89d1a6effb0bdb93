"""Messages translate when shown, fill in seats' names the rules never see, and never raise."""

from __future__ import annotations

from game.core import i18n
from game.core.messages import Words, msg, msg_n, seat_ref, text_of


def test_a_seat_reference_takes_the_name_the_table_gives():
    line = msg("{player} has 7 cards in one location, and the round was played to its end.", player=seat_ref(1))
    assert line.render(names=("Ana", "Bo")).startswith("Bo has 7 cards")
    assert line.render().startswith("Player 2 has 7 cards")


def test_nested_messages_and_plurals_render_in_the_language_of_the_moment():
    line = msg_n("redraws {n} starting card", "redraws {n} starting cards", 2)
    assert line.render() == "redraws 2 starting cards"
    i18n.set_language("it")
    try:
        italian = line.render()
        assert italian != "redraws 2 starting cards" and "2" in italian
    finally:
        i18n.set_language("en")
    assert line.render() == "redraws 2 starting cards"


def test_a_broken_placeholder_never_raises():
    assert msg("Waiting for {player}…").render() == "Waiting for {player}…"
    assert text_of(msg("Waiting for {player}…"), player="Ana") == "Waiting for Ana…"
    assert text_of("plain {text}", names=("x",)) == "plain {text}"


def test_words_from_game_data_follow_the_language_and_fall_back_to_english():
    name = Words.of({"en": "krill", "it": "krill antartico", "es": "kril"})
    line = msg("{card} is devoured.", card=name)
    try:
        assert line.render() == "krill is devoured."
        i18n.set_language("it")
        assert name.render() == "krill antartico"
        assert Words.of({"en": "salp"}).render() == "salp"
        assert line.to_json()["params"]["card"] == {"words": {"en": "krill", "es": "kril", "it": "krill antartico"}}
    finally:
        i18n.set_language("en")
