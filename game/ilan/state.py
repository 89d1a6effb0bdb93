"""The state of a game of ILAN and its actions: plain, JSON-serialisable values.

Cards are numbers (game/ilan/cards.py: ``card:N``). Places: ``hand:S``, ``eco:S`` (seat S's
ecosystem), ``current``, ``deck:bio`` and ``deck:factors`` (top card first), ``discard:bio`` and
``discard:factors``. A discard card that died carries the dead flag (``dead``); web cards and shuffled
cards never do, and a reshuffle clears it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contract import Action, State
from game.core.triggers import Triggers

# --- prompt frames --------------------------------------------------------------------------------
START = "turn.start"
"""Automatic: the active player's own protection ends, then their TURN passives fire (a chain)."""
TURN = "turn"
"""Step 1 and the way to steps 2-3: play cards (PlayCard, DrawAndPlay), collect a web (Collect) or
draw (Draw), which ends the turn."""
WEB = "web"
"""Step 2: the cards of the web, one at a time (Pick), then Done (or Back)."""
LIMITS = "limits"
"""Step 4: the active player discards their surplus, one card at a time (Pick)."""
NEXT = "turn.next"
"""Automatic: the next player's turn, or the end of the game at the round cap."""
CHAIN = "chain"
"""Automatic: the passives one player action set off, batch by batch; then back to the caller."""
ABILITY = "ability"
"""Automatic: one ability (a card's active, a factors effect, a passive) run clause by clause."""
PICK = "pick"
"""A clause's targets, one at a time (Pick), with Done for ``upto``; a fan-out for ``every:`` and
``others:`` clauses, in which each player picks their own."""
MAY = "may"
"""A ``may`` clause: Yes or No."""
CHOOSE = "choose"
"""A ``choose`` clause: the first option or the second."""


@dataclass
class Protection:
    """A ``protect`` in force: the seat's ecosystem cards matching ``filter`` are shielded from
    ``verbs`` until the start of that seat's next turn."""

    seat: int
    card: int
    """The card whose ability protects (its filter is read from its Code)."""
    verbs: list[str] = field(default_factory=list)


@dataclass
class Turn:
    """What the active player has done this turn."""

    bio_plays: int = 0
    factors_played: bool = False
    extras_used: list[int] = field(default_factory=list)
    """The EXTRA cards used this turn (each once per turn)."""
    held_bio_at_start: bool = True
    drew_and_played: bool = False
    web: bool = False


@dataclass
class Record:
    """What a seat did this game, for the achievements."""

    five_colour_webs: int = 0
    best_web: int = 0
    """The most VP one of its webs scored."""
    devoured: int = 0
    most_in_ecosystem: int = 0


@dataclass
class IlanState(State):
    expeditions: list[str] = field(default_factory=list)
    """Each seat's expedition (its cube's colour key)."""
    hands: list[list[int]] = field(default_factory=list)
    ecosystems: list[list[int]] = field(default_factory=list)
    """Each seat's cards in play, in the order they arrived."""
    current: list[int] = field(default_factory=list)
    bio_deck: list[int] = field(default_factory=list)
    """Top card first."""
    factors_deck: list[int] = field(default_factory=list)
    bio_discard: list[int] = field(default_factory=list)
    factors_discard: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    """The discard cards that carry the dead flag."""
    box: list[int] = field(default_factory=list)
    """Cards left in the box for this game (the factors cards in kids' mode)."""
    played: list[int] = field(default_factory=list)
    """Factors cards being resolved (they go to the factors discard when their effect is done)."""
    vp: list[int] = field(default_factory=list)
    sources: list[dict[str, int]] = field(default_factory=list)
    """Each seat's VP by where they came from (webs, abilities, passives, factors), for the result."""
    protections: list[Protection] = field(default_factory=list)
    triggers: Triggers = field(default_factory=Triggers)
    turn: Turn = field(default_factory=Turn)
    reshuffled: list[str] = field(default_factory=list)
    """The decks reshuffled during the chain running now (at most once each, rule 9)."""
    first: int = 0
    """The starting player."""
    round: int = 1
    turns: int = 0
    """Turns finished, all seats together."""
    kids: bool = False
    target: int = 40
    round_cap: int = 60
    winner: int = -1
    """The seat that reached the target (-1: nobody did)."""
    webs: list[int] = field(default_factory=list)
    """Webs each seat collected."""
    records: list[Record] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.hands)


# --- actions --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayCard(Action):
    """Put a card from the hand into play: a biodiversity card into the ecosystem, or a factors card."""

    kind = "play"
    card: int


@dataclass(frozen=True)
class DrawAndPlay(Action):
    """With no biodiversity card at the start of the turn: draw the top one and play it at once."""

    kind = "draw_and_play"


@dataclass(frozen=True)
class Collect(Action):
    """Begin collecting a trophic web (its cards are picked next)."""

    kind = "collect"


@dataclass(frozen=True)
class Draw(Action):
    """Step 3: draw from the biodiversity or the factors deck; the turn ends."""

    kind = "draw"
    deck: str


@dataclass(frozen=True)
class Pick(Action):
    """A card chosen: a target, a web card, a card to discard."""

    kind = "pick"
    card: int


@dataclass(frozen=True)
class Done(Action):
    """No more targets (``upto``), or the web as picked."""

    kind = "done"


@dataclass(frozen=True)
class Back(Action):
    """Leave the web unmade and go back to the turn."""

    kind = "back"


@dataclass(frozen=True)
class Yes(Action):
    kind = "yes"


@dataclass(frozen=True)
class No(Action):
    kind = "no"


@dataclass(frozen=True)
class Option(Action):
    """A ``choose``: 0 for the first option, 1 for the second."""

    kind = "option"
    index: int


ACTION_TYPES = (PlayCard, DrawAndPlay, Collect, Draw, Pick, Done, Back, Yes, No, Option)
