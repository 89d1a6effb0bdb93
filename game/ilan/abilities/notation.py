"""ILAN's ability notation (rules spec §3.3.2) as small typed values: what ``parse`` makes of a card's
Code spans and what the interpreter runs. A span is an ``Active`` ability (a card's when played, a
factors card's effect) or a passive with its icon: ``Triggered`` (``on event: clauses``), ``Extra``
(EXTRA plays) or ``Immune`` (DEFENSE). Nothing here knows a card: filters name categories and ids.
"""

from __future__ import annotations

from dataclasses import dataclass

ICONS = ("CHANGE", "WEB", "DEFENSE", "ARRIVAL", "EXTRA", "TURN", "DRAIN", "DEATH")
CARD_VERBS = ("draw", "reveal", "devour", "kill", "take", "steal", "move", "give", "shuffle", "reactivate")
"""The verbs that act on cards: ``if hit`` and ``x hit`` look back to the nearest of them."""
VERBS = ("gain", "lose", *CARD_VERBS, "protect")
SHIELDABLE = ("devour", "kill", "take", "steal", "move", "give", "shuffle")
"""The verbs DEFENSE (``immune``) and ``protect`` may name."""
SUBJECTS = ("you", "every", "others", "actor")
ZONES = ("current", "others", "own", "hand", "discard")
WHO = ("you", "others", "any")
DECKS = ("bio", "factors")
FILTER_TERMS = ("any", "bio", "cat", "id", "dead", "self", "that")
SOURCE_TERMS = ("any", "bio", "factors", "natural", "human", "cat", "id")
ALL = -1
"""``Qty.n`` of ``all``."""


@dataclass(frozen=True)
class Term:
    """One term of a filter or a source: ``kind`` with its ``values`` (categories or card ids)."""

    kind: str
    values: tuple[int | str, ...] = ()


@dataclass(frozen=True)
class Filter:
    """Terms that must all hold (``cat{3} & dead``); a source (DEFENSE's ``by=``) is one too."""

    terms: tuple[Term, ...]

    def has(self, kind: str) -> bool:
        return any(term.kind == kind for term in self.terms)


@dataclass(frozen=True)
class Qty:
    """``N`` (exactly N, or as many as exist), ``upto N`` (the chooser may take fewer) or ``all``."""

    n: int
    upto: bool = False

    @property
    def all(self) -> bool:
        return self.n == ALL


@dataclass(frozen=True)
class Count:
    """``count(filter, zone)``: the matching cards in the zone, seen from the subject, at most ``cap``."""

    filter: Filter
    zone: str
    cap: int | None = None


@dataclass(frozen=True)
class Amount:
    """VP to gain or lose: ``n``, ``n`` per card hit, or a count."""

    n: int = 0
    per_hit: bool = False
    count: Count | None = None


@dataclass(frozen=True)
class Cond:
    """``if hit``, or ``if count(filter, zone) op n`` (tested for each subject)."""

    hit: bool = False
    count: Count | None = None
    op: str = ""
    n: int = 0


@dataclass(frozen=True)
class Verb:
    """One verb with its arguments (only those its form takes are set)."""

    name: str
    qty: Qty | None = None
    filter: Filter | None = None
    zones: tuple[str, ...] = ()
    """``from=``: where the cards are taken from."""
    to: str = ""
    """``to=``: ``current`` (move), ``left`` or ``right`` (give)."""
    n: int = 0
    """How many cards ``draw`` and ``reveal`` take."""
    deck: str = ""
    amount: Amount | None = None
    verbs: tuple[str, ...] = ()
    """What ``protect`` shields from."""
    until: str = ""

    @property
    def acts_on_cards(self) -> bool:
        return self.name in CARD_VERBS


@dataclass(frozen=True)
class Choose:
    """The subject runs exactly one of two sequences."""

    first: tuple[Clause, ...]
    second: tuple[Clause, ...]


@dataclass(frozen=True)
class Clause:
    effect: Verb | Choose
    subject: str = "you"
    may: bool = False
    cond: Cond | None = None


@dataclass(frozen=True)
class Event:
    """What a passive waits for: ``enter``, ``die``, ``change``, ``web`` or ``turn``."""

    kind: str
    filter: Filter | None = None
    via: str = ""
    by: str = "any"


@dataclass(frozen=True)
class Active:
    clauses: tuple[Clause, ...]
    code: str


@dataclass(frozen=True)
class Triggered:
    icon: str
    event: Event
    clauses: tuple[Clause, ...]
    code: str


@dataclass(frozen=True)
class Extra:
    """EXTRA: once per turn, ``qty`` more biodiversity plays of cards matching ``filter``."""

    icon: str
    qty: Qty
    filter: Filter
    code: str


@dataclass(frozen=True)
class Immune:
    """DEFENSE: not a target of ``verbs`` when the effect's card matches ``by`` (or does not match
    ``unless``); with neither, from any source."""

    icon: str
    verbs: tuple[str, ...]
    by: Filter | None
    unless: Filter | None
    code: str


Ability = Active | Triggered | Extra | Immune
Passive = Triggered | Extra | Immune


def walk(clauses: tuple[Clause, ...]) -> list[Clause]:
    """Every clause of a sequence in reading order, those inside ``choose`` included."""
    out: list[Clause] = []
    for clause in clauses:
        out.append(clause)
        if isinstance(clause.effect, Choose):
            out += walk(clause.effect.first) + walk(clause.effect.second)
    return out
