"""Claiming an Objective: checked after every action, claimed as soon as met (the app notices)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from game.borealis.data import card
from game.borealis.state import CAMPS, LEFT_CAMP, RIGHT_CAMP, BorealisState, PlayerState


def _in_play(player: PlayerState) -> list[int]:
    return [c for column in player.cards for c in column]


def specialists_retreat(p: PlayerState) -> bool:
    return any(sum(p.scientists[camp][colour] for camp in CAMPS) >= 3 for colour in range(3))


def comparing_notes(p: PlayerState) -> bool:
    return sum(p.scientists[LEFT_CAMP]) >= 3 or sum(p.scientists[RIGHT_CAMP]) >= 3


def morning_shift(p: PlayerState) -> bool:
    return p.max_regroup >= 5


def splitting_up(p: PlayerState) -> bool:
    return all(sum(p.scientists[pos]) <= 2 for pos in (1, 2, 3))


def balanced_ecosystem(p: PlayerState) -> bool:
    return all(len(column) >= 3 for column in p.cards)


def richness_of_nature(p: PlayerState) -> bool:
    return any(len(column) >= 6 for column in p.cards)


def spotting_list(p: PlayerState) -> bool:
    return len({card(c).species for c in _in_play(p)}) >= 5


def favorite_research_object(p: PlayerState) -> bool:
    return max(Counter(card(c).species for c in _in_play(p)).values(), default=0) >= 6


def organized_expedition(p: PlayerState) -> bool:
    return max(Counter(card(c).vehicle for c in _in_play(p)).values(), default=0) >= 4


def combing_the_area(p: PlayerState) -> bool:
    return min(p.flags) >= 2


def bold_explorers(p: PlayerState) -> bool:
    return max(p.flags) >= 5


def promising_direction(p: PlayerState) -> bool:
    return max(p.flags) - min(p.flags) >= 4


REQUIREMENTS: dict[str, Callable[[PlayerState], bool]] = {
    "specialists_retreat": specialists_retreat,
    "comparing_notes": comparing_notes,
    "morning_shift": morning_shift,
    "splitting_up": splitting_up,
    "balanced_ecosystem": balanced_ecosystem,
    "richness_of_nature": richness_of_nature,
    "spotting_list": spotting_list,
    "favorite_research_object": favorite_research_object,
    "organized_expedition": organized_expedition,
    "combing_the_area": combing_the_area,
    "bold_explorers": bold_explorers,
    "promising_direction": promising_direction,
}


def objective_met(objective_id: str, player: PlayerState) -> bool:
    return REQUIREMENTS[objective_id](player)


def claim_objectives(state: BorealisState, seat: int) -> list[str]:
    """Claim every objective still in play that ``seat`` now meets; return the ids claimed."""
    claimed = []
    player = state.players[seat]
    for slot in state.objectives:
        if slot.removed or seat in slot.claimed_by or slot.tokens <= 0:
            continue
        if objective_met(slot.id, player):
            slot.claimed_by.append(seat)
            slot.tokens -= 1
            player.tokens[2] += 1
            if slot.closes_round == 0:
                slot.closes_round = state.round
            claimed.append(slot.id)
    return claimed


def close_objectives(state: BorealisState) -> list[str]:
    """End of a round: claimed objectives leave the game with their remaining 5-point tokens;
    return the ids that left."""
    gone = []
    for slot in state.objectives:
        if not slot.removed and slot.closes_round and slot.closes_round <= state.round:
            slot.removed = True
            state.removed_tokens += slot.tokens
            slot.tokens = 0
            gone.append(slot.id)
    return gone
