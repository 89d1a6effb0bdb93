"""ILAN's ability notation: every card's Code parses, and what the rules refuse is refused with the
card and the column named."""

from __future__ import annotations

import json

import pytest

from game.core.paths import asset
from game.ilan.abilities.notation import (
    ALL,
    Active,
    Amount,
    Choose,
    Cond,
    Count,
    Event,
    Extra,
    Filter,
    Immune,
    Qty,
    Term,
    Triggered,
    Verb,
    walk,
)
from game.ilan.abilities.parse import NotationError, parse
from game.ilan.cards import CardDataError, all_cards, read_cards

KRILL = {"krill": ("B27", "B28")}


def test_all_108_cards_parse_into_139_spans() -> None:
    cards = all_cards()
    assert len(cards.cards) == 108
    assert len(cards.bio) == 78 and len(cards.factors) == 30
    entries = {c.id: c for c in cards.cards}
    assert len(entries) == 103
    assert sum(len(c.abilities) for c in entries.values()) == 139
    assert sum(1 for c in entries.values() if c.type == "natural") == 16
    icons = [c.icon for c in entries.values() if c.icon]
    assert {i: icons.count(i) for i in set(icons)} == {"DEFENSE": 14, "WEB": 7, "EXTRA": 5, "CHANGE": 5, "DEATH": 4,
                                                       "ARRIVAL": 3, "DRAIN": 3, "TURN": 2}


def test_the_cards_file_keeps_each_span_as_written() -> None:
    with open(asset("data", "ilan", "cards.json"), encoding="utf-8") as f:
        raw = json.load(f)
    parsed = {c.id: c for c in all_cards().cards}
    for entry in raw["cards"]:
        for span, ability in zip(entry["abilities"], parsed[entry["id"]].abilities, strict=True):
            assert ability.code == span["code"]
            assert span["en"].strip() and span["it"].strip(), entry["id"]
        assert entry["name"]["it"].strip() and entry["fact"]["it"].strip(), entry["id"]


def test_colours_come_from_categories() -> None:
    colours = {c.category: c.colour for c in all_cards().cards if c.bio}
    assert colours == {0: "green", 1: "green", 2: "blue", 3: "blue", 4: "yellow", 5: "yellow", 6: "orange",
                       7: "orange", 8: "red", 9: "red"}


def test_each_verb_form() -> None:
    def verb(code: str) -> Verb:
        ability = parse("A: " + code, "T", KRILL)
        assert isinstance(ability, Active)
        effect = ability.clauses[0].effect
        assert isinstance(effect, Verb)
        return effect

    assert verb("gain(2)") == Verb("gain", amount=Amount(2))
    assert verb("lose(1)") == Verb("lose", amount=Amount(1))
    assert verb("draw(1, factors)") == Verb("draw", n=1, deck="factors")
    assert verb("reveal(3)") == Verb("reveal", n=3)
    assert verb("devour(upto 2, cat{0}, from=current+others)") == Verb(
        "devour", qty=Qty(2, upto=True), filter=Filter((Term("cat", (0,)),)), zones=("current", "others"))
    assert verb("kill(1, bio, from=hand)").zones == ("hand",)
    assert verb("take(1, cat{2,4}, from=current)").filter == Filter((Term("cat", (2, 4)),))
    assert verb("steal(1, cat{5}, from=others)").zones == ("others",)
    assert verb("move(1, cat{6,7,9}, from=others, to=current)").to == "current"
    assert verb("give(1, any, to=left)") == Verb("give", qty=Qty(1), filter=Filter((Term("any"),)), to="left")
    assert verb("shuffle(all, any, from=current)").qty == Qty(ALL)
    assert verb("shuffle(upto 2, cat{2-5} & dead, from=discard)").filter == Filter(
        (Term("cat", (2, 3, 4, 5)), Term("dead")))
    assert verb("reactivate(1, cat{0-2})") == Verb("reactivate", qty=Qty(1), filter=Filter((Term("cat", (0, 1, 2)),)))
    assert verb("protect(any, devour+kill, until=next_turn)").verbs == ("devour", "kill")
    assert verb("devour(1, krill, from=current)").filter == Filter((Term("id", ("B27", "B28")),))
    assert verb("gain(count(cat{0}, own) max 2)").amount == Amount(count=Count(Filter((Term("cat", (0,)),)), "own", 2))


def test_subjects_may_choose_and_conditions() -> None:
    ability = parse("A: devour(1, cat{8,9}, from=current+others); every: lose(1) if hit", "F22")
    assert isinstance(ability, Active)
    assert [c.subject for c in ability.clauses] == ["you", "every"]
    assert ability.clauses[1].cond == Cond(hit=True)
    ability = parse("A: others: kill(1, bio, from=hand)", "F07")
    assert isinstance(ability, Active) and ability.clauses[0].subject == "others"
    ability = parse("A: choose(take(1, cat{9}, from=current), gain(1))", "F23")
    assert isinstance(ability, Active) and isinstance(ability.clauses[0].effect, Choose)
    assert [c.effect.name for c in walk(ability.clauses)[1:]] == ["take", "gain"]  # type: ignore[union-attr]
    ability = parse("P[TURN]: on turn: gain(1) if count(cat{4,5}, own) >= 1", "B65")
    assert isinstance(ability, Triggered)
    assert ability.clauses[0].cond == Cond(count=Count(Filter((Term("cat", (4, 5)),)), "own"), op=">=", n=1)
    ability = parse("A: devour(upto 2, cat{0}, from=current+others); gain(1 x hit)", "B27")
    assert isinstance(ability, Active) and ability.clauses[1].effect == Verb("gain", amount=Amount(1, per_hit=True))
    ability = parse("A: devour(1, cat{1,2,4}, from=current); may kill(1, cat{1,2,4}, from=own)", "F08")
    assert isinstance(ability, Active) and ability.clauses[1].may


def test_each_event_and_static_passive() -> None:
    def event(code: str) -> Event:
        ability = parse(code, "T", KRILL)
        assert isinstance(ability, Triggered)
        return ability.event

    assert event("P[ARRIVAL]: on enter(krill): gain(1)") == Event("enter", Filter((Term("id", ("B27", "B28")),)))
    assert event("P[DRAIN]: on enter(krill, via=play, by=others): actor: lose(1)").by == "others"
    assert event("P[DRAIN]: on die(self, via=devour): actor: lose(2)").via == "devour"
    assert event("P[DEATH]: on die(cat{6}): gain(2)").kind == "die"
    assert event("P[CHANGE]: on change(self): gain(2)") == Event("change", Filter((Term("self"),)))
    assert event("P[WEB]: on web(self): gain(3)").kind == "web"
    assert event("P[DRAIN]: on web(any, by=others): actor: lose(1)").by == "others"
    assert event("P[TURN]: on turn: gain(1)") == Event("turn")
    assert parse("P[EXTRA]: extra(1, cat{3-5})", "B27") == Extra("EXTRA", Qty(1), Filter((Term("cat", (3, 4, 5)),)),
                                                                  "P[EXTRA]: extra(1, cat{3-5})")
    defence = parse("P[DEFENSE]: immune(devour, except=id{B70})", "B64")
    assert isinstance(defence, Immune) and defence.by is None and defence.unless == Filter((Term("id", ("B70",)),))
    defence = parse("P[DEFENSE]: immune(devour+kill, by=factors)", "B08")
    assert isinstance(defence, Immune) and defence.verbs == ("devour", "kill")
    assert defence.by == Filter((Term("factors"),))
    assert parse("P[DEFENSE]: immune(move)", "B61") == Immune("DEFENSE", ("move",), None, None,
                                                              "P[DEFENSE]: immune(move)")


@pytest.mark.parametrize(("code", "column", "problem"), [
    ("A: devour(1, cat{0}, from=own)", 27, "devour never takes cards from own"),
    ("A: take(1, cat{0}, from=others)", 25, "take never takes cards from others"),
    ("A: kill(1, cat{0}, from=own+hand)", 25, "kill takes from own or from hand, not both"),
    ("A: actor: lose(1)", 4, "actor is only known inside a trigger"),
    ("A: devour(1, that, from=current)", 14, "that is only known inside a trigger"),
    ("A: gain(1) if hit", 15, "if hit needs an earlier clause that acts on cards"),
    ("A: gain(1 x hit)", 11, "x hit needs an earlier clause"),
    ("P[WEB]: immune(devour)", 9, "immune(…) is a DEFENSE passive, not WEB"),
    ("P[EXTRA]: on turn: gain(1)", 11, "a EXTRA passive is written extra(…)"),
    ("P[WEB]: on die(cat{1}): gain(1)", 9, "a WEB passive waits for web(…), not die"),
    ("P[DRAIN]: on turn: gain(1)", 11, "a DRAIN passive makes players lose VP"),
    ("P[DEATH]: on die(cat{2}): draw(1, bio)", 11, "a DEATH passive gains VP"),
    ("P[CHANGE]: on change(cat{2}): gain(1)", 22, "change(…) is only change(self)"),
    ("A: gain(1", 10, "expected ')'"),
    ("A: gain(1) ; fly(2)", 14, "expected a verb"),
    ("A: devour(1, cat{12}, from=current)", 20, "categories run from 0 to 9"),
    ("P[SPARKLE]: on turn: gain(1)", 3, "expected an icon"),
    ("A: gain(1) ?", 12, "unexpected '?'"),
    ("A: give(1, any, to=up)", 20, "expected a neighbour"),
    ("A: every: choose(gain(1), lose(1))", 11, "choose is made by one player"),
])
def test_refusals_name_the_card_and_the_column(code: str, column: int, problem: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse(code, "B99")
    assert caught.value.card == "B99"
    assert caught.value.column == column, str(caught.value)
    assert problem in caught.value.problem
    assert str(caught.value).startswith(f"B99: column {column}: ")


def test_a_card_file_with_a_bad_span_names_the_card() -> None:
    with open(asset("data", "ilan", "cards.json"), encoding="utf-8") as f:
        raw = json.load(f)
    raw["cards"][18]["abilities"][0]["code"] = "A: devour(1, cat{1}, from=own)"
    with pytest.raises(CardDataError, match="B19: column 27: devour never takes cards from own"):
        read_cards(raw)
    raw = json.loads(json.dumps(raw).replace('"icon": "WEB"', '"icon": "TURN"', 1))
    raw["cards"][18]["abilities"][0]["code"] = "A: gain(1)"
    with pytest.raises(CardDataError, match="B02: its icon TURN is not its passive's"):
        read_cards(raw)
