"""The parser of ILAN's ability notation (rules spec §3.3.2): one Code span into a ``notation`` value.

It follows the spec's grammar and refuses, with a ``NotationError`` naming the card and the column,
what the grammar allows but the rules do not: a verb taking cards from a zone it may not use
(``devour`` from ``own``), a passive whose shape does not match its icon, ``actor`` or ``that``
outside a trigger, ``if hit`` with no earlier clause acting on cards. ``aliases`` names card groups
(``krill``) as ids, from the card data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.ilan.abilities.notation import (
    ALL,
    DECKS,
    ICONS,
    SHIELDABLE,
    SUBJECTS,
    VERBS,
    WHO,
    ZONES,
    Ability,
    Active,
    Amount,
    Choose,
    Clause,
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
)

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Z]+\d+)|([A-Za-z_]+)|(>=|<=|==|[(){}\[\],;:=&+\-]))")

TAKES_FROM = {
    "devour": ("current", "others"),
    "kill": ("own", "hand"),
    "take": ("current",),
    "steal": ("others",),
    "move": ("others",),
    "shuffle": ("current", "others", "own", "discard"),
}
"""Where each verb may take cards from (``from=``)."""
TRIGGER_OF = {"CHANGE": "change", "WEB": "web", "ARRIVAL": "enter", "TURN": "turn", "DEATH": "die"}
"""The event each triggered icon waits for (DRAIN may wait for any)."""
VIA = {"enter": ("play", "reveal"), "die": ("devour", "kill", "discard")}


class NotationError(ValueError):
    """A Code span the notation or the rules refuse: says which card and where."""

    def __init__(self, card: str, column: int, problem: str) -> None:
        super().__init__(f"{card}: column {column}: {problem}")
        self.card = card
        self.column = column
        self.problem = problem


def parse(code: str, card: str = "?", aliases: Mapping[str, tuple[str, ...]] | None = None) -> Ability:
    """One span (``A: …`` or ``P[ICON]: …``) of ``card``."""
    return _Parser(code, card, aliases or {}).span()


class _Parser:
    def __init__(self, code: str, card: str, aliases: Mapping[str, tuple[str, ...]]) -> None:
        self.code, self.card, self.aliases = code, card, aliases
        self.tokens: list[tuple[str, int]] = []
        at = 0
        while code[at:].strip():
            found = _TOKEN.match(code, at)
            if found is None:
                column = len(code) - len(code[at:].lstrip()) + 1
                raise NotationError(card, column, f"unexpected {code[column - 1]!r}")
            group = found.lastindex or 0
            self.tokens.append((found.group(group), found.start(group) + 1))
            at = found.end()
        self.at = 0
        self.in_trigger = False
        self.acted_on_cards = False

    # --- tokens ---------------------------------------------------------------------------------

    def peek(self, ahead: int = 0) -> str:
        index = self.at + ahead
        return self.tokens[index][0] if index < len(self.tokens) else ""

    def column(self) -> int:
        return self.tokens[self.at][1] if self.at < len(self.tokens) else len(self.code) + 1

    def fail(self, problem: str) -> NotationError:
        return NotationError(self.card, self.column(), problem)

    def take(self) -> str:
        if self.at >= len(self.tokens):
            raise self.fail("the span ends too soon")
        token = self.tokens[self.at][0]
        self.at += 1
        return token

    def expect(self, *wanted: str) -> str:
        if self.peek() not in wanted:
            got = self.peek() or "the end"
            raise self.fail(f"expected {' or '.join(repr(w) for w in wanted)}, found {got!r}")
        return self.take()

    def number(self) -> int:
        if not self.peek().isdigit():
            raise self.fail(f"expected a number, found {self.peek() or 'the end'!r}")
        return int(self.take())

    def word(self, choices: tuple[str, ...], what: str) -> str:
        if self.peek() not in choices:
            raise self.fail(f"expected {what} ({', '.join(choices)}), found {self.peek() or 'the end'!r}")
        return self.take()

    def keyword(self, name: str) -> None:
        """``name=``, as in ``from=``."""
        self.expect(name)
        self.expect("=")

    # --- spans ----------------------------------------------------------------------------------

    def span(self) -> Ability:
        if self.peek() == "A":
            self.take()
            self.expect(":")
            ability: Ability = Active(self.seq(), self.code)
        else:
            self.expect("P")
            self.expect("[")
            icon = self.word(ICONS, "an icon")
            self.expect("]")
            self.expect(":")
            ability = self.passive(icon)
        if self.at < len(self.tokens):
            raise self.fail(f"unexpected {self.peek()!r} after the ability")
        return ability

    def passive(self, icon: str) -> Ability:
        start = self.column()
        if self.peek() == "extra":
            if icon != "EXTRA":
                raise self.fail(f"extra(…) is an EXTRA passive, not {icon}")
            self.take()
            self.expect("(")
            qty = self.qty()
            self.expect(",")
            found = self.filter()
            self.expect(")")
            return Extra(icon, qty, found, self.code)
        if self.peek() == "immune":
            if icon != "DEFENSE":
                raise self.fail(f"immune(…) is a DEFENSE passive, not {icon}")
            return self.immune(icon)
        if icon in ("EXTRA", "DEFENSE"):
            raise self.fail(f"a {icon} passive is written {'extra' if icon == 'EXTRA' else 'immune'}(…)")
        self.expect("on")
        event = self.event()
        self.expect(":")
        self.in_trigger = True
        clauses = self.seq()
        wanted = TRIGGER_OF.get(icon)
        if wanted is not None and event.kind != wanted:
            raise NotationError(self.card, start, f"a {icon} passive waits for {wanted}(…), not {event.kind}")
        verbs = {c.effect.name for c in clauses if isinstance(c.effect, Verb)}
        if icon == "DRAIN" and verbs != {"lose"}:
            raise NotationError(self.card, start, "a DRAIN passive makes players lose VP, and does nothing else")
        if icon in ("WEB", "CHANGE", "DEATH", "TURN") and verbs != {"gain"}:
            raise NotationError(self.card, start, f"a {icon} passive gains VP, and does nothing else")
        return Triggered(icon, event, clauses, self.code)

    def immune(self, icon: str) -> Immune:
        self.expect("immune")
        self.expect("(")
        verbs = self.verbs()
        by = unless = None
        if self.peek() == ",":
            self.take()
            side = self.word(("by", "except"), "by= or except=")
            self.expect("=")
            if side == "by":
                by = self.filter(source=True)
            else:
                unless = self.filter(source=True)
        self.expect(")")
        return Immune(icon, verbs, by, unless, self.code)

    def event(self) -> Event:
        kind = self.word(("enter", "die", "change", "web", "turn"), "an event")
        if kind == "turn":
            return Event("turn")
        self.expect("(")
        at = self.column()
        found = self.filter()
        if kind == "change" and found != Filter((Term("self"),)):
            raise NotationError(self.card, at, "change(…) is only change(self)")
        via, by = "", "any"
        while self.peek() == ",":
            self.take()
            if self.peek() == "via" and kind in VIA:
                self.keyword("via")
                via = self.word(VIA[kind], "how")
            elif self.peek() == "by" and kind != "change":
                self.keyword("by")
                by = self.word(WHO, "who")
            else:
                raise self.fail(f"unexpected {self.peek()!r} in {kind}(…)")
        self.expect(")")
        return Event(kind, found, via, by)

    # --- clauses --------------------------------------------------------------------------------

    def seq(self) -> tuple[Clause, ...]:
        clauses = [self.clause()]
        while self.peek() == ";":
            self.take()
            clauses.append(self.clause())
        return tuple(clauses)

    def clause(self) -> Clause:
        subject = "you"
        if self.peek() in SUBJECTS and self.peek(1) == ":":
            if self.peek() == "actor" and not self.in_trigger:
                raise self.fail("actor is only known inside a trigger (on …:)")
            subject = self.take()
            self.take()
        may = False
        if self.peek() == "may":
            self.take()
            may = True
        if self.peek() == "choose":
            if subject in ("every", "others"):
                raise self.fail("choose is made by one player, not by every player")
            self.take()
            self.expect("(")
            first = self.seq()
            self.expect(",")
            second = self.seq()
            self.expect(")")
            effect: Verb | Choose = Choose(first, second)
        else:
            effect = self.verb()
        cond = None
        if self.peek() == "if":
            cond = self.cond()
        if isinstance(effect, Verb) and effect.acts_on_cards:
            self.acted_on_cards = True
        return Clause(effect, subject, may, cond)

    def cond(self) -> Cond:
        self.expect("if")
        if self.peek() == "hit":
            if not self.acted_on_cards:
                raise self.fail("if hit needs an earlier clause that acts on cards")
            self.take()
            return Cond(hit=True)
        count = self.count()
        op = self.expect(">=", "<=", "==")
        return Cond(count=count, op=op, n=self.number())

    def count(self) -> Count:
        self.expect("count")
        self.expect("(")
        found = self.filter()
        self.expect(",")
        zone = self.word(ZONES, "a zone")
        self.expect(")")
        return Count(found, zone)

    # --- verbs ----------------------------------------------------------------------------------

    def verb(self) -> Verb:
        name = self.word(VERBS, "a verb")
        self.expect("(")
        if name in ("gain", "lose"):
            verb = Verb(name, amount=self.amount())
        elif name == "draw":
            n = self.number()
            self.expect(",")
            verb = Verb(name, n=n, deck=self.word(DECKS, "a deck"))
        elif name == "reveal":
            verb = Verb(name, n=self.number())
        elif name == "protect":
            found = self.filter()
            self.expect(",")
            shielded = self.verbs()
            self.expect(",")
            self.keyword("until")
            verb = Verb(name, filter=found, verbs=shielded, until=self.word(("next_turn",), "when"))
        else:
            verb = self.card_verb(name)
        self.expect(")")
        return verb

    def card_verb(self, name: str) -> Verb:
        qty = self.qty()
        self.expect(",")
        found = self.filter()
        if name == "reactivate":
            return Verb(name, qty=qty, filter=found)
        self.expect(",")
        if name == "give":
            self.keyword("to")
            return Verb(name, qty=qty, filter=found, to=self.word(("left", "right"), "a neighbour"))
        self.keyword("from")
        at = self.column()
        zones = self.zones()
        allowed = TAKES_FROM[name]
        wrong = [z for z in zones if z not in allowed]
        if wrong:
            raise NotationError(self.card, at, f"{name} never takes cards from {wrong[0]} "
                                               f"(only from {' or '.join(allowed)})")
        if name == "kill" and len(zones) != 1:
            raise NotationError(self.card, at, "kill takes from own or from hand, not both")
        to = ""
        if name == "move":
            self.expect(",")
            self.keyword("to")
            to = self.word(("current",), "where to")
        return Verb(name, qty=qty, filter=found, zones=zones, to=to)

    def verbs(self) -> tuple[str, ...]:
        names = [self.word(SHIELDABLE, "a verb")]
        while self.peek() == "+":
            self.take()
            names.append(self.word(SHIELDABLE, "a verb"))
        return tuple(names)

    def zones(self) -> tuple[str, ...]:
        names = [self.word(ZONES, "a zone")]
        while self.peek() == "+":
            self.take()
            names.append(self.word(ZONES, "a zone"))
        return tuple(names)

    def qty(self) -> Qty:
        if self.peek() == "all":
            self.take()
            return Qty(ALL)
        if self.peek() == "upto":
            self.take()
            return Qty(self.number(), upto=True)
        return Qty(self.number())

    def amount(self) -> Amount:
        if self.peek() == "count":
            count = self.count()
            if self.peek() == "max":
                self.take()
                count = Count(count.filter, count.zone, self.number())
            return Amount(count=count)
        n = self.number()
        if self.peek() == "x":
            if not self.acted_on_cards:
                raise self.fail("x hit needs an earlier clause that acts on cards")
            self.take()
            self.expect("hit")
            return Amount(n, per_hit=True)
        return Amount(n)

    # --- filters --------------------------------------------------------------------------------

    def filter(self, source: bool = False) -> Filter:
        terms = [self.term(source)]
        while self.peek() == "&":
            self.take()
            terms.append(self.term(source))
        return Filter(tuple(terms))

    def term(self, source: bool) -> Term:
        word = self.peek()
        if not source and word in self.aliases:
            self.take()
            return Term("id", tuple(self.aliases[word]))
        if word == "cat":
            self.take()
            return Term("cat", tuple(self.categories()))
        if word == "id":
            self.take()
            return Term("id", tuple(self.ids()))
        simple = ("any", "bio", "factors", "natural", "human") if source else ("any", "bio", "dead", "self", "that")
        if word == "that" and not self.in_trigger:
            raise self.fail("that is only known inside a trigger (on …:)")
        return Term(self.word(simple, "a source" if source else "a filter"))

    def categories(self) -> list[int]:
        self.expect("{")
        found: list[int] = []
        while True:
            low = self.number()
            high = low
            if self.peek() == "-":
                self.take()
                high = self.number()
            if not 0 <= low <= high <= 9:
                raise self.fail(f"categories run from 0 to 9 ({low}-{high})")
            found += range(low, high + 1)
            if self.peek() != ",":
                break
            self.take()
        self.expect("}")
        return sorted(set(found))

    def ids(self) -> list[str]:
        self.expect("{")
        found = [self.card_id()]
        while self.peek() == ",":
            self.take()
            found.append(self.card_id())
        self.expect("}")
        return found

    def card_id(self) -> str:
        if not re.fullmatch(r"[A-Z]+\d+", self.peek()):
            raise self.fail(f"expected a card id, found {self.peek() or 'the end'!r}")
        return self.take()
