"""Ice Flow's achievements: what a seat did in a finished game, and the titles of those who did many."""

from __future__ import annotations

from game.core.contract import Result
from game.core.i18n import N_, _
from game.iceflow.state import IceFlowState

NAMES = {
    "crossed": N_("Across the strait: three explorers in Siberia"),
    "dry_feet": N_("Dry feet: win without a single swim"),
    "no_helicopter": N_("No helicopter: win with no explorer airlifted"),
    "bear_tamer": N_("Bear tamer: send a bear onto a rival's explorers"),
    "swimmer": N_("Polar swimmer: swim 5 times in one game"),
}
TITLES = ((0, N_("Deckhand")), (1, N_("Ice walker")), (3, N_("Floe hopper")), (5, N_("Master of the strait")))
SWIMS = 5


def achievements(result: Result, state: IceFlowState, seat: int) -> set[str]:
    player = state.players[seat]
    done: set[str] = set()
    if state.winner == seat:
        done.add("crossed")
        if not player.swims:
            done.add("dry_feet")
        if not player.airlifts:
            done.add("no_helicopter")
    if player.bear_hits:
        done.add("bear_tamer")
    if player.swims >= SWIMS:
        done.add("swimmer")
    return done


def achievement_names() -> dict[str, str]:
    return {key: _(name) for key, name in NAMES.items()}


def title(count: int) -> str:
    name = TITLES[0][1]
    for least, entry in TITLES:
        if count >= least:
            name = entry
    return _(name)
