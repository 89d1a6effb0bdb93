"""What the rules check of a resolver's outcome before applying it: the right card, every card on the
table (and the thrown one) exactly once, poses a table can have, and touches and bears that exist.

The physics decides where things end; these checks only refuse an outcome no table could show, with
a sentence (a record from a broken resolver, or a hand-made file, must not corrupt a game).
"""

from __future__ import annotations

import math
from typing import Any

from game.core.errors import IllegalAction
from game.core.messages import msg
from game.iluliaq.data import card_name
from game.iluliaq.lying import covers, held
from game.iluliaq.table import (
    ANIMALS,
    FARTHEST,
    MAX_LAYER,
    TOP,
    TURNS,
    WALLS,
    Outcome,
    Pose,
    animal_type,
)

KNOWN = frozenset(range(ANIMALS)) | frozenset(TOP)


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def is_layer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def check_ids(poses: Any) -> None:
    if not isinstance(poses, (tuple, list)) or any(
            not isinstance(p, Pose) or type(p.card) is not int or p.card not in KNOWN for p in poses):
        raise IllegalAction(msg("An outcome can only place animal cards and the top iceberg cards."))


def check_bounds(pose: Pose) -> None:
    """The pose's numbers fit the table: its centre at most FARTHEST from the iceberg's centre, its
    turn within a full turn either way, its layer from 0 (the water) to MAX_LAYER."""
    card, name = pose.card, card_name(pose.card)
    if not (is_number(pose.x) and is_number(pose.y) and math.hypot(pose.x, pose.y) <= FARTHEST):
        raise IllegalAction(msg("The {card} (card {id}) has an impossible pose: its centre is off the table (at most "
                                "{mm} mm from the iceberg's centre).", card=name, id=card, mm=round(FARTHEST)))
    if not (is_number(pose.turn) and abs(pose.turn) <= TURNS):
        raise IllegalAction(msg("The {card} (card {id}) has an impossible pose: its turn is not from -{turns} to "
                                "{turns} degrees.", card=name, id=card, turns=round(TURNS)))
    if not is_layer(pose.layer) or pose.layer > MAX_LAYER:
        raise IllegalAction(msg("The {card} (card {id}) has an impossible pose: its layer is not from 0 (the water) "
                                "to {top}.", card=name, id=card, top=MAX_LAYER))


def check_poses(poses: tuple[Pose, ...] | list[Pose]) -> None:
    """Each pose fits the table (``check_bounds``) and is held up (``lying.held``): a card at layer
    L >= 1 has its centre over the iceberg or a lower card, and lies over a card of layer L - 1 (or
    on the walls' tops, for layer 1)."""
    check_ids(poses)
    for pose in poses:
        check_bounds(pose)
        if not held(poses, pose):
            raise IllegalAction(msg("The {card} (card {id}) cannot rest at height {layer} there: nothing holds "
                                    "it up.", card=card_name(pose.card), id=pose.card, layer=pose.layer))


def check_outcome(table: list[Pose], card: int, out: Outcome) -> None:
    """``out`` may follow from throwing (or laying) ``card`` onto ``table``."""
    if not isinstance(out, Outcome):
        raise IllegalAction(msg("A move needs the outcome the physics worked out."))
    if out.card != card:
        raise IllegalAction(msg("The {right} (card {id}) is the card in play, not card {wrong}.",
                                right=card_name(card), id=card, wrong=out.card))
    check_ids(out.poses)
    before = {p.card: p for p in table}
    if sorted(p.card for p in out.poses) != sorted([*before, card]):
        raise IllegalAction(msg("The outcome must show every card on the table, and the card in play, exactly "
                                "once."))
    check_poses(out.poses)
    after = {p.card: p for p in out.poses}
    for seal, pose in before.items():
        if pose.layer == 0 and after[seal].layer != 0:
            raise IllegalAction(msg("A card in the water cannot climb back onto the iceberg."))
    touchable = set(before) | set(WALLS)
    if not isinstance(out.touched, (tuple, list)) or any(type(t) is not int or t not in touchable
                                                          for t in out.touched):
        raise IllegalAction(msg("The card in play can only touch the cards on the table and the iceberg."))
    if len(set(out.touched)) != len(out.touched):
        raise IllegalAction(msg("The cards the card in play touched are listed once each."))
    if not isinstance(out.touched_iceberg, bool):
        raise IllegalAction(msg("Whether the card touched the iceberg must be yes or no."))
    if out.on_bear is not None:
        check_bear(before, after, card, out.on_bear)


def check_bear(before: dict[int, Pose], after: dict[int, Pose], card: int, bear: Any) -> None:
    """The bear named is a polar bear that lay on the iceberg, and the card now lies over it."""
    if (type(bear) is not int or bear not in before or animal_type(bear) != "bear"
            or before[bear].layer < 1 or after[bear].layer < 1):
        raise IllegalAction(msg("Only a polar bear lying on the iceberg can be landed on."))
    if not covers(after[card], after[bear]):
        raise IllegalAction(msg("The {card} does not rest on that polar bear.", card=card_name(card)))
