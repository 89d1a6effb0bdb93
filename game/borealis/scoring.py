"""Scoring: the final score term by term, and the winners with the rulebook's tie-breaks."""

from __future__ import annotations

from collections import Counter

from game.borealis.data import TOKEN_VALUES, card, rules, scoring_cards, set_vp
from game.borealis.scoring_cards import flag_values, score_card
from game.borealis.state import BorealisState, PlayerState
from game.borealis.tokens import token_points
from game.borealis.turns import idle_rounds, stalled
from game.core.contract import Result, Term
from game.core.i18n import N_
from game.core.messages import Msg, msg, msg_n, seat_ref


def animal_sets(p: PlayerState) -> int:
    """Each species in each location scores by the set table (1:0, 2:1, 3:3, 4:6, 5:10, 6:15, 7:21)."""
    table = set_vp()
    total = 0
    for column in p.cards:
        for count in Counter(card(c).species for c in column).values():
            total += table[min(count, len(table) - 1)]
    return total


def exploration_tracks(p: PlayerState) -> int:
    return sum(flag_values(p))


def card_points(p: PlayerState) -> int:
    return sum(card(c).vp for column in p.cards for c in column)


def terms(state: BorealisState) -> tuple[Term, ...]:
    """Labels are in English (msgids); the end screen translates them when it shows them."""
    out = [
        Term("sets", N_("Animal sets")),
        Term("flags", N_("Exploration tracks")),
        Term("card_vp", N_("Animal cards")),
    ]
    out += [Term(sc, scoring_cards()[sc]["name"]) for sc in state.scoring]
    if state.objectives:  # none in kids' mode
        out.append(Term("objectives", N_("Objective tokens")))
    out.append(Term("tokens", N_("Start and Regroup tokens")))
    return tuple(out)


def objective_points(state: BorealisState, seat: int) -> int:
    """The 5-point tokens ``seat`` took for its objective claims."""
    return TOKEN_VALUES[2] * sum(1 for slot in state.objectives if seat in slot.claimed_by)


def breakdown(state: BorealisState, seat: int) -> dict[str, int]:
    """Each term's points. The tokens are one pile that makes change, so the objectives' part is their
    5s and the rest (the two from the start, the Regroup points, less the refreshes paid) the other."""
    p = state.players[seat]
    row = {"sets": animal_sets(p), "flags": exploration_tracks(p), "card_vp": card_points(p)}
    for sc in state.scoring:
        row[sc] = score_card(sc, p)
    claimed = objective_points(state, seat)
    if state.objectives:
        row["objectives"] = claimed
    row["tokens"] = token_points(p) - claimed
    return row


def tie_break_key(state: BorealisState, seat: int, score: int) -> tuple[int, int, int]:
    """Higher is better: score, then the flag furthest down a track, then token points."""
    p = state.players[seat]
    return (score, max(p.flags), token_points(p))


def end_reason(state: BorealisState) -> Msg:
    """Why the game ended: the first seat of the round's order with 7 cards in a location
    triggered the end (anyone earlier in that order would have triggered it before)."""
    n = len(state.players)
    limit = rules()["cards_to_end"]
    for offset in range(n):
        seat = (state.first_player + offset) % n
        if any(len(column) >= limit for column in state.players[seat].cards):
            return msg("{player} has 7 cards in one location, and the round was played to its end.",
                       player=seat_ref(seat))
    if stalled(state):
        idle = idle_rounds(state)
        return msg_n("No animal was observed for {n} round in a row.",
                     "No animal was observed for {n} rounds in a row.", idle)
    return msg("The game is over.")


def final_score(state: BorealisState) -> Result:
    rows = tuple(breakdown(state, seat) for seat in range(len(state.players)))
    scores = tuple(sum(row.values()) for row in rows)
    keys = [tie_break_key(state, seat, score) for seat, score in enumerate(scores)]
    best = max(keys)
    winners = tuple(seat for seat, key in enumerate(keys) if key == best)
    final = state.to_act is None
    return Result(scores=scores, winners=winners, terms=terms(state), breakdown=rows, final=final,
                  reason=end_reason(state) if final else "")
