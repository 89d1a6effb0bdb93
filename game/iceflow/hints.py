"""Why the normal bot's choice is a good move, in one sentence for the table's Hint."""

from __future__ import annotations

from typing import Any

from game.core.contract import Action
from game.core.messages import Msg, msg, msg_n
from game.iceflow.bots import MOVE_THRESHOLD, move_worth
from game.iceflow.bridge import bridges
from game.iceflow.places import Where
from game.iceflow.plan import best_plan, left_to_go, potential, to_goal
from game.iceflow.state import Drift, EndTurn, Fish, IceFlowState, Move, NewFloe, PickUp, Rotate, SendBear, Step, Stop


def hint_reason(game: Any, view: IceFlowState, action: Action) -> Msg | None:
    seat = view.to_act
    if seat is None:
        return None
    where = Where(view)
    if isinstance(action, Move):
        plan = best_plan(where, seat, explorers=(action.explorer,))
        if plan is not None:
            start = where.hex_of(view.players[seat].explorers[action.explorer])
            gain = to_goal(where, seat, start) - to_goal(where, seat, plan.route.to)
            if gain > 0:
                return msg_n("This explorer can get {n} hex closer to Siberia this turn.",
                             "This explorer can get {n} hexes closer to Siberia this turn.", gain)
        return msg("This explorer has the best move this turn.")
    if isinstance(action, Step):
        return msg("This step is on the cheapest way to the best place your explorer can reach.")
    if isinstance(action, Stop):
        return msg("From here no place in reach is better: stop.")
    if isinstance(action, (Drift, Rotate)):
        moved = game.advance(view, action, check=False).state
        if move_worth(moved, seat, True) <= MOVE_THRESHOLD and any(b.action == action for b in bridges(where, seat)):
            return msg("Nothing opens a way this turn: this brings ice toward the gap in front of your explorer, "
                       "a bridge for a later turn.")
        if potential(Where(moved), seat) > potential(where, seat) + 0.01:
            return msg("Moving this floe opens a better way for your explorers.")
        return msg("Moving this floe takes a good move away from the player nearest Siberia.")
    if isinstance(action, NewFloe):
        return msg("A new floe at the start of a current can become a bridge for your explorers.")
    if isinstance(action, Fish):
        return msg("You are out of fish: one rope buys two, for swims and bears from your next turn.")
    if isinstance(action, PickUp):
        return msg("Items in your backpack pay for ridges, swims and bears from your next turn.")
    if isinstance(action, SendBear):
        return msg("Send the bear where it makes a rival's explorers leave their floe.")
    if isinstance(action, EndTurn):
        others = [left_to_go(where, s) for s in range(len(view.players)) if s != seat]
        if others:
            return msg("Nothing more helps this turn: end it.")
    return None
