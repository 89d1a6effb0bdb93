"""The state of a game of Borealis and its actions: plain, JSON-serialisable values.

Board positions of a player's scientists (index into ``PlayerState.scientists``):

    0 left camp, 1 left location, 2 middle location, 3 right location, 4 right camp

Locations are numbered 0 left, 1 middle, 2 right (so location ``i`` is board position ``i + 1``).
Scientist colours are indexed 0 amber (A), 1 mint (M), 2 pink (P).
Token counts are indexed 0 one-point, 1 three-point, 2 five-point tokens.
The deck lists its top card first; the discard pile lists its top card last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contract import Action, State

LEFT_CAMP, RIGHT_CAMP = 0, 4
CAMPS = (LEFT_CAMP, RIGHT_CAMP)

# Prompt frames of the turn flow (BorealisState.phase is the top frame's name).
MULLIGAN = "mulligan"
"""Setup: a fan-out over every seat from the first player; each keeps its starting hand, or marks
cards (``data["marked"]``) and confirms to discard them and draw as many, once. ``data["changes"]``
counts the marks made and taken back (PROPOSED cap: ``mark_changes_per_choice``)."""
ACTION = "action"
"""Start of a turn: observe an animal (PlayCard) or Regroup."""
TAKE = "take"
"""After PlayCard: take a pool card or the deck's top card (optionally first RefreshPool)."""
REGROUP = "regroup"
"""After Regroup: mark the hand cards to discard (``data["marked"]``, ``data["changes"]`` as in a
mulligan), then Confirm."""
SEND = "regroup.send"
"""After Confirm with scientists in the camps: send them all to one location."""
OVER = "over"
"""The game has ended: the flow is empty and ``to_act`` is None."""
FRAMES = (MULLIGAN, ACTION, TAKE, REGROUP, SEND)


@dataclass
class PlayerState:
    board: int
    """Track pattern on this player's board: 0 = side I, 1..4 = side II pattern k."""
    hand: list[int] = field(default_factory=list)
    cards: list[list[int]] = field(default_factory=lambda: [[], [], []])
    """Animal cards in play per location (left, middle, right), bottom (first played) first."""
    scientists: list[list[int]] = field(default_factory=lambda: [[0, 0, 0], [1, 1, 1], [1, 1, 1], [1, 1, 1], [0, 0, 0]])
    """Per board position (left camp, left, middle, right, right camp): counts of amber, mint, pink."""
    flags: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Space of the flag on each exploration track: 0 = start, 7 = last space."""
    tokens: list[int] = field(default_factory=lambda: [2, 0, 0])
    """Scoring tokens held: how many worth 1, 3 and 5 points."""
    pad: int = 0
    """Points noted on the score pad because the token supply ran out (PROPOSED, rarely used)."""
    mulliganed: bool = False
    """True once this player has used (or declined) the one-time redraw of the starting hand."""
    refreshed_round: int = 0
    """The round in which this player last paid to refresh the pool (0 = never)."""
    max_regroup: int = 0
    """Most scientists brought back from the camps by one Regroup (for Morning Shift)."""
    turns: int = 0
    """Turns completed by this player."""


@dataclass
class ObjectiveSlot:
    id: str
    tokens: int
    """5-point tokens still lying next to the card."""
    claimed_by: list[int] = field(default_factory=list)
    """Seats that claimed it, in order; the first claim opens the end-of-round window."""
    closes_round: int = 0
    """Round at whose end the card leaves the game (0 = nobody has claimed it yet)."""
    removed: bool = False
    """The card (and its unclaimed tokens) has left the game."""


@dataclass
class BorealisState(State):
    players: list[PlayerState] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    """Face-down animal deck, top card first."""
    discard: list[int] = field(default_factory=list)
    """Face-up discard pile, top card last."""
    pool: list[int] = field(default_factory=list)
    """Face-up pool of available cards (up to 4); a taken card's slot is refilled in place."""
    scoring: list[str] = field(default_factory=list)
    """Ids of the 2 scoring cards of this game (none in kids' mode)."""
    objectives: list[ObjectiveSlot] = field(default_factory=list)
    """The 3 objectives of this game, one of each type (none in kids' mode)."""
    bank: list[int] = field(default_factory=lambda: [0, 0, 0])
    """Token supply: counts of 1, 3 and 5-point tokens not held by anyone."""
    removed_tokens: int = 0
    """5-point tokens that left the game with their objective card."""
    round: int = 1
    observed_round: int = 0
    """The last round in which an animal was observed (0 = none yet). PROPOSED: when a round ends
    ``idle_rounds_to_end`` rounds after it, the game ends (see POSITION.md, "Length of a game")."""
    first_player: int = 0
    final_round: bool = False
    """Someone has 7 cards in a location: this round is the last."""
    side: str = "I"
    kids: bool = False

    @property
    def phase(self) -> str:
        """The top prompt frame's name, or OVER once the flow is empty."""
        return self.flow[-1].name if self.flow else OVER

    def marked(self) -> list[int]:
        """The cards marked in the top frame (a mulligan or a regroup), sorted."""
        return self.flow[-1].data.get("marked", []) if self.flow else []


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Keep(Action):
    """Mulligan: keep the starting hand."""

    kind = "keep"


@dataclass(frozen=True)
class Mark(Action):
    """Mulligan or Regroup: mark ``card`` of the hand for discarding, or unmark it."""

    kind = "mark"
    card: int


@dataclass(frozen=True)
class Confirm(Action):
    """Mulligan or Regroup: discard the marked cards and draw as many (a mulligan needs one)."""

    kind = "confirm"


@dataclass(frozen=True)
class PlayCard(Action):
    """Observe an Animal: play ``card`` from the hand into location 0/1/2 (left/middle/right)."""

    kind = "play"
    card: int
    location: int


@dataclass(frozen=True)
class RefreshPool(Action):
    """Pay 1 point to discard the 4 pool cards and reveal 4 new ones (once a round)."""

    kind = "refresh_pool"


@dataclass(frozen=True)
class TakeFromPool(Action):
    """Take ``card`` from the pool; the pool refills from the deck."""

    kind = "take"
    card: int


@dataclass(frozen=True)
class DrawFromDeck(Action):
    """Take the top card of the deck instead of a pool card."""

    kind = "draw"


@dataclass(frozen=True)
class Regroup(Action):
    """Start the Regroup action: then mark the cards to discard and confirm."""

    kind = "regroup"


@dataclass(frozen=True)
class SendScientists(Action):
    """Regroup: score 1 point per camp scientist and send them all to ``location`` (0/1/2)."""

    kind = "send"
    location: int


ACTION_TYPES: tuple[type, ...] = (
    Keep, Mark, Confirm, PlayCard, RefreshPool, TakeFromPool, DrawFromDeck, Regroup, SendScientists,
)
