"""The end (§9, §9.1): three explorers on three Siberian stations win at once; at the round cap the
most explorers in Siberia win, then the fewest hex steps still to go (each explorer not in Siberia to
the nearest Siberian station it may still enter, ignoring floes and items), then a shared win.

A result's score is a seat's explorers in Siberia (its one term); the steps still to go are shown
beside it and break ties at the cap."""

from __future__ import annotations

from game.core.contract import Result, Term
from game.core.hexgrid import distance
from game.core.messages import msg, seat_ref
from game.iceflow.places import Where, land_names
from game.iceflow.state import IceFlowState

TERMS = (Term("siberia", "Explorers in Siberia"),)


def steps_each(state: IceFlowState, seat: int) -> list[int]:
    """Hex steps each of the seat's explorers still has to go to the nearest Siberian station it may
    enter (0 in Siberia; one not on the board yet counts from the nearest Alaskan station)."""
    where = Where(state)
    names = land_names(where.board)
    player = state.players[seat]
    taken = {loc for loc in player.explorers if names.get(loc, ("",))[0] == "siberia"}
    goals = [h for name, h in where.board.siberia if name not in taken] or [h for _n, h in where.board.siberia]
    out = []
    for loc in player.explorers:
        h = where.hex_of(loc)
        out.append(0 if loc in taken or h is None else min(distance(h, g) for g in goals))
    start = min(distance(a, g) for _n, a in where.board.alaska for g in goals)
    return out + [start] * (3 - len(player.explorers))


def to_go(state: IceFlowState, seat: int) -> int:
    """Hex steps the seat's explorers not in Siberia still have to go (the round cap's ranking)."""
    return sum(steps_each(state, seat))


def details(state: IceFlowState) -> dict:
    """Each player's explorers in Siberia and each explorer's steps still to go (``polar-table score``)."""
    where = Where(state)
    seats = []
    for seat, player in enumerate(state.players):
        steps = steps_each(state, seat)
        seats.append({"seat": seat, "in_siberia": in_siberia(state, seat), "steps_to_go": sum(steps),
                      "explorers": [{"at": loc, "hex": list(where.hex_of(loc) or ()), "steps_to_go": n}
                                    for loc, n in zip(player.explorers, steps)]})
    return {"rounds": state.rounds, "round_cap": state.round_cap, "players": seats}


def in_siberia(state: IceFlowState, seat: int) -> int:
    names = land_names(Where(state).board)
    return len({loc for loc in state.players[seat].explorers if names.get(loc, ("",))[0] == "siberia"})


def cap_key(state: IceFlowState, seat: int) -> tuple[int, int]:
    """Higher is better: (explorers in Siberia, minus the steps still to go)."""
    return in_siberia(state, seat), -to_go(state, seat)


def final_result(state: IceFlowState) -> Result:
    seats = range(len(state.players))
    scores = tuple(in_siberia(state, s) for s in seats)
    breakdown = tuple({"siberia": scores[s]} for s in seats)
    over = not state.flow
    if state.winner >= 0:
        winners: tuple[int, ...] = (state.winner,)
        reason = msg("{player} brought three explorers to three Siberian stations.", player=seat_ref(state.winner))
    else:
        best = max(cap_key(state, s) for s in seats)
        winners = tuple(s for s in seats if cap_key(state, s) == best)
        if state.capped:
            reason = msg("The round cap ended the game: the most explorers in Siberia win, then the fewest steps "
                         "still to go.")
        else:
            reason = ""
    return Result(scores, winners if over else (), TERMS, breakdown, over, reason if over else "")
