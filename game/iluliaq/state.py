"""The state of a game of Iluliaq: plain, JSON-serialisable values.

Card ids: 0-63 the animal cards (the id says the type, see table.animal_type), 64-69 the top
iceberg cards (the frame, then the cap), 70-77 the walls (never move, so never in the state).
Every list of cards is top first; a card added to a stack goes to its end (the bottom).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contract import State
from game.iluliaq.table import Place, Placed, Pose, Throw, Thrown

THROW = "throw"
"""A turn: the seat throws the top card of its stack (a Throw, completed into a Thrown)."""
PLACE = "place"
"""After a dodo landed: the same seat lays the draw deck's top card by hand (Place -> Placed)."""
FRAMES = (THROW, PLACE)

ACTION_TYPES: tuple[type, ...] = (Throw, Thrown, Place, Placed)


@dataclass
class IluliaqState(State):
    players: int = 2
    stacks: list[list[int]] = field(default_factory=list)
    """Each seat's stack, top first: only its top card can be seen (the cards are double-sided)."""
    deck: list[int] = field(default_factory=list)
    """The draw deck, top first: only its top card can be seen."""
    aside: list[int] = field(default_factory=list)
    """The animal cards set aside at setup: out of this game, unseen."""
    table: list[Pose] = field(default_factory=list)
    """Every top iceberg card and animal card on the table, by card id. Between throws every card of
    layer 0 is a seal that stayed in the water; everything else lies on the iceberg."""
    out: list[int] = field(default_factory=list)
    """The top iceberg cards that fell into the water (out of the game), in the order they fell."""
    turns: int = 0
    """Turns completed (a lynx's extra turn counts as one)."""
    kids: bool = False
    good_aim: bool = False

    def card_in_hand(self) -> int:
        """The card the seat to act throws (a Throw) or lays by hand (a Place): the resolver reads it."""
        frame = self.frame
        if frame is None:
            raise ValueError("the game is over")
        if frame.name == PLACE:
            return self.deck[0]
        return self.stacks[frame.seat][0]
