"""ILAN's achievements: what a seat did in a finished game, and the titles of those who did many."""

from __future__ import annotations

from game.core.i18n import N_, _
from game.ilan.state import IlanState

NAMES = {
    "success": N_("Expedition success: reach the target first"),
    "five_colours": N_("All five colours: collect a web of five colours"),
    "big_web": N_("Rich web: collect a web worth 13 VP or more"),
    "top_predator": N_("Top predator: devour 5 cards in one game"),
    "naturalist": N_("Naturalist: hold 8 cards in your ecosystem at once"),
}
TITLES = ((0, N_("Volunteer")), (1, N_("Field assistant")), (3, N_("Marine biologist")),
          (5, N_("Chief scientist of the expedition")))
BIG_WEB = 13
PREDATOR = 5
NATURALIST = 8


def achievements(state: IlanState, seat: int) -> set[str]:
    record = state.records[seat]
    done: set[str] = set()
    if state.winner == seat:
        done.add("success")
    if record.five_colour_webs:
        done.add("five_colours")
    if record.best_web >= BIG_WEB:
        done.add("big_web")
    if record.devoured >= PREDATOR:
        done.add("top_predator")
    if record.most_in_ecosystem >= NATURALIST:
        done.add("naturalist")
    return done


def achievement_names() -> dict[str, str]:
    return {key: _(name) for key, name in NAMES.items()}


def title(count: int) -> str:
    name = TITLES[0][1]
    for least, entry in TITLES:
        if count >= least:
            name = entry
    return _(name)
