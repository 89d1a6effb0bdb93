"""Scoring Cards Explained: each card's end-of-game points for one player."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from itertools import groupby

from game.borealis.data import card, proposed, rules, track_vp
from game.borealis.state import CAMPS, PlayerState


def _points(card_id: str) -> int:
    return rules()["scoring_points"][card_id]


def _species(column: list[int]) -> list[str]:
    return [card(c).species for c in column]


def flag_values(p: PlayerState) -> list[int]:
    return [track_vp()[loc][space] for loc, space in enumerate(p.flags)]


def common_destination(p: PlayerState) -> int:
    """12 if all 3 flags are in a horizontal line, 5 if 2 of them are."""
    spaces = p.flags if proposed("common_destination_start_counts") else [s for s in p.flags if s > 0]
    most = max(Counter(spaces).values(), default=0)
    return _points("common_destination")[most]


def expansive_species(p: PlayerState) -> int:
    """5 per horizontal row of 3 cards (same height in all locations) of one species."""
    left, middle, right = (_species(column) for column in p.cards)
    rows = sum(1 for a, b, c in zip(left, middle, right) if a == b == c)
    return _points("expansive_species") * rows


def interspecies_relationships(p: PlayerState) -> int:
    """3 per location holding animals of exactly 2 species."""
    return _points("interspecies_relationships") * sum(1 for col in p.cards if len(set(_species(col))) == 2)


def outer_lands(p: PlayerState) -> int:
    """7 per outer location with more cards than the middle location."""
    middle = len(p.cards[1])
    return _points("outer_lands") * sum(1 for loc in (0, 2) if len(p.cards[loc]) > middle)


def farewell_party(p: PlayerState) -> int:
    """2 per scientist in the best location (chosen for the player); camps are not locations."""
    return _points("farewell_party") * max(sum(p.scientists[pos]) for pos in (1, 2, 3))


def mating_season(p: PlayerState) -> int:
    """2 per run of exactly 2 touching cards of one species in a location (longer runs score nothing)."""
    pairs = sum(
        1 for column in p.cards for _species_key, run in groupby(_species(column)) if len(list(run)) == 2
    )
    return _points("mating_season") * pairs


def safe_return(p: PlayerState) -> int:
    """3 per scientist in the camps."""
    return _points("safe_return") * sum(sum(p.scientists[camp]) for camp in CAMPS)


def popular_vehicle(p: PlayerState) -> int:
    """2 per card of the most common vehicle (if tied, only one of them counts)."""
    counts = Counter(card(c).vehicle for column in p.cards for c in column)
    return _points("popular_vehicle") * max(counts.values(), default=0)


def untrodden_path(p: PlayerState) -> int:
    """Twice the value of the least-scoring flag (one of them if tied)."""
    return _points("untrodden_path") * min(flag_values(p))


def _territorial(column: list[int]) -> bool:
    if not column:
        return bool(proposed("territorial_empty_location_scores"))
    names = _species(column)
    return all(a != b for a, b in zip(names, names[1:]))


def territorial_animals(p: PlayerState) -> int:
    """6 per location with no two touching cards of the same species."""
    return _points("territorial_animals") * sum(1 for col in p.cards if _territorial(col))


SCORING_CARDS: dict[str, Callable[[PlayerState], int]] = {
    "common_destination": common_destination,
    "expansive_species": expansive_species,
    "interspecies_relationships": interspecies_relationships,
    "outer_lands": outer_lands,
    "farewell_party": farewell_party,
    "mating_season": mating_season,
    "safe_return": safe_return,
    "popular_vehicle": popular_vehicle,
    "untrodden_path": untrodden_path,
    "territorial_animals": territorial_animals,
}


def score_card(card_id: str, player: PlayerState) -> int:
    return SCORING_CARDS[card_id](player)
