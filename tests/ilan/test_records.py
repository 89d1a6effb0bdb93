"""ILAN's achievements and hints, from what a seat did."""

from __future__ import annotations

from game.core.messages import text_of
from game.ilan.rules import RULES
from game.ilan.state import Collect, Draw, PlayCard
from tests.ilan.build import play, position
from tests.ilan.test_scenarios import collect, num


def test_a_rich_five_colour_web_earns_two_achievements():
    state = position([["B02", "B19", "B35", "B50", "B69"], []], hands=[["B49"], []], vp=[20, 0])
    state = play(state, PlayCard(num(state.hands[0], "B49")))
    state = collect(state, "B02", "B19", "B35", "B50", "B69")
    assert state.records[0].best_web == 14 and state.records[0].five_colour_webs == 1
    assert {"five_colours", "big_web"} <= RULES.achievements(state, 0)
    assert "success" not in RULES.achievements(state, 0)
    assert len(RULES.achievement_names()) == 5


def test_winning_and_devouring_are_counted():
    state = position([[], []], hands=[["B28"], []], current=("B01", "B15", "B24"), vp=[39, 0])
    state = play(state, PlayCard(num(state.hands[0], "B28")))
    assert RULES.is_over(state) and state.records[0].devoured == 1
    assert "success" in RULES.achievements(state, 0)
    assert RULES.achievement_title(0) != RULES.achievement_title(5)


def test_hints_say_why():
    state = position([["B03", "B19", "B35", "B50"], []], hands=[["B49"], []])
    state = play(state, PlayCard(num(state.hands[0], "B49")))
    view = RULES.view(state, 0)
    assert "7 VP" in text_of(RULES.hint_reason(view, Collect()))
    assert "draw" in text_of(RULES.hint_reason(view, Draw("bio"))).lower()
    fresh = position([["B03"], []], hands=[["B49", "B14"], []])
    line = text_of(RULES.hint_reason(RULES.view(fresh, 0), PlayCard(num(fresh.hands[0], "B49"))))
    assert "colour" in line
