"""The state of a game of Ice Flow and its actions: plain, JSON-serialisable values.

Places an explorer can be (``Player.explorers``): ``"floe:7"`` (on floe 7), a station's or island's
name from the map (``"A3"``, ``"S2"``, ``"Big Diomede"``), or ``"sea:4,5"`` only in the middle of a
swim (never between two actions of different seats). Floes are ids 0-23 (their ridges are in the
data file), Iceberg cards ids 0-13. The bag and the deck are kept sorted: what comes out is drawn
with the state's RNG when it comes out, so nobody knows it before, and no seat's view hides anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contract import Action, State

Hex = tuple[int, int]

# --- prompt frames --------------------------------------------------------------------------------
SETUP_EXPLORER = "setup.explorer"
"""Setup: the seat puts one explorer on an Alaskan station (Place)."""
SETUP_FLOE = "setup.floe"
"""Setup: the seat puts the floe it drew (``data["floe"]``) on a sea hex (Place), then orients it."""
TURN = "turn"
"""A turn: one iceberg action and at most one explorer action, in either order, then End turn."""
NEW_FLOE = "new_floe"
"""Aiii: the floe just drawn goes on a free entry point (Place)."""
ORIENT = "orient"
"""A floe just placed is turned the way the seat wants (Orient)."""
MOVE = "move"
"""Bi: the chosen explorer steps, one neighbouring place at a time (Step), until Stop."""
BEARS = "bears"
"""Automatic: the bears of the floe the explorer stopped on leave, one at a time."""
SEND_BEAR = "send_bear"
"""The active seat sends one bear to an adjacent floe (SendBear)."""
EVACUATE = "evacuate"
"""A fan-out, clockwise from the active seat: each hit seat's explorers leave the floe (Step)."""
LEAVE_BOARD = "leave_board"
"""Automatic: a floe that drifted past its lane's end goes to the bag once its explorers are off."""
PICK_UP = "pick_up"
"""The end of a move: one item from the floe into the backpack, or none."""

ROPE, FISH = "rope", "fish"


@dataclass
class Floe:
    id: int
    col: int
    row: int
    rotation: int = 0
    """Sixths of a turn clockwise from the tile's own frame."""
    ropes: int = 0
    fish: int = 0
    bears: int = 0

    @property
    def hex(self) -> Hex:
        return self.col, self.row


@dataclass
class Player:
    explorers: list[str] = field(default_factory=list)
    ropes: int = 0
    """Ropes in the backpack (the backpack holds ropes and fish, 3 in all)."""
    fish: int = 0
    swims: int = 0
    """Swims this game (for the achievements)."""
    airlifts: int = 0
    """Times one of the player's explorers was airlifted."""
    bear_hits: int = 0
    """Bears the player sent onto other players' explorers."""

    @property
    def items(self) -> int:
        return self.ropes + self.fish


@dataclass
class IceFlowState(State):
    board: str = ""
    """The digest of the map the game is played on (game/iceflow/board.py)."""
    players: list[Player] = field(default_factory=list)
    floes: list[Floe] = field(default_factory=list)
    """The floes on the board, by id."""
    bag: list[int] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    ropes: int = 0
    """The general supply."""
    fish: int = 0
    bears: int = 0
    first: int = 0
    """The first player; a round ends when the seat before it ends its turn."""
    rounds: int = 0
    """Rounds completed."""
    round_cap: int = 100
    """After this round the game ends (the rules' safeguard, or the short game's length)."""
    turns: int = 0
    """Turns completed."""
    floes_to_place: int = 0
    """Setup: starting floes still to be placed (counting the one being placed)."""
    kids: bool = False
    double_ice: bool = False
    """The variant: a second iceberg action may replace the explorer action."""
    winner: int = -1
    """The seat whose three explorers reached three Siberian stations (-1: none yet)."""
    capped: bool = False
    """The game ended at the round cap."""


# --- actions ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Place(Action):
    """Put the piece in hand (an explorer at setup, a floe) on the hex (col, row)."""

    kind = "place"
    col: int
    row: int


@dataclass(frozen=True)
class Orient(Action):
    """Turn the floe just placed to ``rotation`` sixths clockwise, and leave it so."""

    kind = "orient"
    rotation: int


@dataclass(frozen=True)
class Drift(Action):
    """Ai: the floe moves along its current by its lane's speed (stopping before an obstacle)."""

    kind = "drift"
    floe: int


@dataclass(frozen=True)
class Rotate(Action):
    """Aii: the floe turns one sixth, clockwise (1) or anticlockwise (-1)."""

    kind = "rotate"
    floe: int
    turn: int


@dataclass(frozen=True)
class NewFloe(Action):
    """Aiii: draw a floe from the bag and an Iceberg card; the floe goes on a free entry point."""

    kind = "new_floe"


@dataclass(frozen=True)
class Move(Action):
    """Bi: move explorer ``explorer`` (0-2) of the seat, step by step, then pick up an item."""

    kind = "move"
    explorer: int


@dataclass(frozen=True)
class Step(Action):
    """One step of an explorer to a neighbouring place (a floe, a sea hex mid-swim, a station or an
    island); in an evacuation with no floe in reach, an Alaskan station is the airlift."""

    kind = "step"
    col: int
    row: int


@dataclass(frozen=True)
class Stop(Action):
    """The explorer's move ends here."""

    kind = "stop"


@dataclass(frozen=True)
class Fish(Action):
    """Bii: 1 rope from the backpack for 2 fish from the supply."""

    kind = "fish"


@dataclass(frozen=True)
class PickUp(Action):
    """The end of a move: take ``item`` (rope or fish) from the floe (Stop: take nothing)."""

    kind = "pick_up"
    item: str


@dataclass(frozen=True)
class SendBear(Action):
    """A bear of the floe the explorer stopped on goes to the adjacent floe at (col, row)."""

    kind = "send_bear"
    col: int
    row: int


@dataclass(frozen=True)
class EndTurn(Action):
    kind = "end_turn"


ACTION_TYPES: tuple[type, ...] = (Place, Orient, Drift, Rotate, NewFloe, Move, Step, Stop, Fish, PickUp, SendBear,
                                  EndTurn)
