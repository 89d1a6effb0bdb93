"""Achievements: which of the rulebook's 19 a seat completed in a finished game, and the titles."""

from __future__ import annotations

from collections import Counter

from game.borealis.data import TRACK_SPACES, achievements_data, card
from game.borealis.state import BorealisState
from game.core.contract import Result
from game.core.i18n import _

SCORE_ACHIEVEMENTS = ("score_50", "score_60", "score_70", "score_80")


def _threshold(achievement_id: str) -> int:
    for entry in achievements_data()["achievements"]:
        if entry["id"] == achievement_id:
            return entry["points"]
    raise KeyError(achievement_id)


def achievement_names() -> dict[str, str]:
    return {entry["id"]: _(entry["name"]) for entry in achievements_data()["achievements"]}


def achievements(result: Result, state: BorealisState, seat: int) -> set[str]:
    """Ids of the achievements ``seat`` completed in this game (see achievements.json)."""
    done: set[str] = set()
    player = state.players[seat]
    won = seat in result.winners
    if won:
        done.add("win")
    for key in SCORE_ACHIEVEMENTS:
        if result.scores[seat] >= _threshold(key):
            done.add(key)
    if any(flag >= TRACK_SPACES for flag in player.flags):
        done.add("last_space")
    for column in player.cards:
        if max(Counter(card(c).species for c in column).values(), default=0) >= 7:
            done.add("seven_of_a_kind")
    claimed = sum(1 for slot in state.objectives if seat in slot.claimed_by)
    if state.objectives and claimed == len(state.objectives):
        done.add("all_objectives")
    if won and state.objectives and claimed == 0:
        done.add("win_without_objectives")
    row = result.breakdown[seat]
    for scoring_card in state.scoring:
        if row.get(scoring_card, 0) >= _threshold(scoring_card):
            done.add(scoring_card)
    return done


def title(count: int) -> str:
    """The title for a player who has completed ``count`` achievements."""
    name = achievements_data()["titles"][0]["title"]
    for entry in achievements_data()["titles"]:
        if count >= entry["min"]:
            name = entry["title"]
    return _(name)
