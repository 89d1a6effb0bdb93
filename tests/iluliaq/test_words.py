"""What players read: the game's card, log lines of intents and full actions, the prompts."""

from __future__ import annotations

from game.core.paths import asset
from game.iluliaq.rules import RULES
from game.iluliaq.table import Place
from tests.iluliaq.helpers import AIM, DODOS, LYNXES, PENGUINS, WATER, placed, play, position, thrown

P = PENGUINS


def test_the_game_card():
    info = RULES.info
    assert info.name == "Iluliaq: King of the Iceberg" and (info.min_players, info.max_players) == (2, 6)
    assert asset(info.cover).exists()
    assert asset(info.rules_text).exists() and asset("rules/iluliaq.it.md").exists()


def test_intents_are_described_with_the_card_in_hand():
    state = position([[LYNXES[0], P[1]], [P[2]]], deck=[P[3]])
    assert RULES.describe(state, AIM).render() == "throws the Canadian lynx at 60% strength"
    assert RULES.describe(state, Place(0.0, 0.0, 0.0)).render() == "lays the Canadian lynx on the iceberg"
    assert RULES.targets(state, AIM) == (f"card:{LYNXES[0]}", "iceberg")


def test_a_laid_card_that_falls_is_told():
    state = position([[DODOS[0], P[1]], [P[2]]], deck=[P[3], P[4]])
    after, _lines = play(state, thrown(state))
    action = placed(after, at=WATER)
    assert RULES.describe(after, action).render() == "lays the Penguin, but it ends in the water"


def test_the_prompts_ask_the_thrower_and_tell_the_others_who_throws():
    state = position([[P[0], P[1]], [P[2]]], deck=[P[3]])
    mine = RULES.prompt(RULES.view(state, 0), 0)
    assert mine.text.render() == "Throw the top card of your stack onto the iceberg."
    assert mine.space is not None and not mine.choices
    theirs = RULES.prompt(RULES.view(state, 1), 1)
    assert theirs.seat == 0 and theirs.waiting.render(player="Ana") == "Ana is throwing a card at the iceberg…"
