"""Ice Flow, the rules contract (stages, view, result, positions).

The turn's frames are in frames.py (setup and iceberg actions), explorer.py (moves, fishing) and
hazards.py (bears, evacuation); what a step reports is in ice.py and turns.py. The map the game is
played on is the state's ``board`` digest (board.py): every rule reads the strait from it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from game.core.contract import Action, GameInfo, Options, Result, Variant
from game.core.flow import Frame
from game.core.i18n import N_
from game.core.messages import Msg, msg
from game.core.rng import Rng
from game.core.stages import Stage, StagedGame
from game.iceflow import achievements as achievement_rules
from game.iceflow import explorer, frames, hazards, refusals
from game.iceflow.board import Board, default_board
from game.iceflow.describe import describe_action
from game.iceflow.position import position_from_state, state_from_position
from game.iceflow.scoring import details as score_details
from game.iceflow.scoring import final_result
from game.iceflow.setup import new_state
from game.iceflow.state import (
    ACTION_TYPES,
    BEARS,
    EVACUATE,
    LEAVE_BOARD,
    MOVE,
    NEW_FLOE,
    ORIENT,
    PICK_UP,
    SEND_BEAR,
    SETUP_EXPLORER,
    SETUP_FLOE,
    TURN,
    Drift,
    EndTurn,
    Fish,
    IceFlowState,
    Move,
    NewFloe,
    Orient,
    PickUp,
    Place,
    Rotate,
    SendBear,
    Step,
    Stop,
)

ART = "art/iceflow"


def _evacuate_ask(view: IceFlowState, frame: Frame) -> Msg:
    _steps, airlift = hazards.evacuation_choices(view, frame)
    if airlift:
        return msg("No floe is in reach: choose the Alaskan station your explorer is airlifted to.")
    if frame.data["swimmer"] != hazards.NOBODY:
        return msg("Your explorer is swimming: choose the floe it climbs onto.")
    floe = next((f for f in view.floes if f.id == frame.data["floe"]), None)
    if floe is not None and floe.bears:
        return msg("A polar bear came onto your explorer's floe: move it to a floe next to it or one sea hex away.")
    return msg("Your explorer's floe drifts off the board: move it to a floe next to it or one sea hex away.")


STAGES: dict[str, Stage] = {
    SETUP_EXPLORER: Stage(
        frames.explorer_legal, frames.put_explorer,
        ask=msg("Put one of your explorers on an Alaskan station."),
        waiting=msg("{player} is putting an explorer on an Alaskan station…"),
        accepts=(Place,), picture="place", short=msg("Pick a station!"),
    ),
    SETUP_FLOE: Stage(
        frames.floe_legal, frames.put_starting_floe,
        ask=msg("Put the floe you drew on the strait, touching no other floe."),
        waiting=msg("{player} is placing a starting floe…"),
        accepts=(Place,), picture="place", short=msg("Put the ice down!"),
    ),
    ORIENT: Stage(
        frames.orient_legal, frames.orient,
        ask=msg("Turn the new floe the way you want its ridges, then confirm."),
        waiting=msg("{player} is turning a floe…"),
        accepts=(Orient,), picture="swap", short=msg("Turn the ice!"),
    ),
    TURN: Stage(
        frames.turn_legal, frames.take_turn,
        ask=lambda view, frame: turn_ask(view, frame),
        waiting=msg("{player} is moving the ice and an explorer…"),
        buttons={"new_floe": msg("New floe"), "fish": msg("Go fishing"), "end_turn": msg("End turn")},
        accepts=(Drift, Rotate, NewFloe, Move, Fish, EndTurn),
        picture="play", short=lambda view, frame: turn_short(view, frame),
    ),
    NEW_FLOE: Stage(
        frames.entry_legal, frames.put_new_floe,
        ask=msg("Put the new floe on a free entry point, where a current begins."),
        waiting=msg("{player} is bringing in a new floe…"),
        accepts=(Place,), picture="place", short=msg("Put the ice in!"),
    ),
    MOVE: Stage(
        explorer.move_legal, explorer.take_step,
        ask=msg("Move your explorer one step at a time, then stop."),
        waiting=msg("{player} is moving an explorer…"),
        buttons={"stop": msg("Stop here")},
        accepts=(Step, Stop), picture="choose", short=msg("Walk to Siberia!"),
    ),
    BEARS: Stage(frames.no_actions, frames.no_step, auto=hazards.send_bears_away),
    SEND_BEAR: Stage(
        frames.send_bear_legal, hazards.send_bear,
        ask=msg("Your explorer stopped by a bear: send the bear to a floe next to it."),
        waiting=msg("{player} is sending a polar bear away…"),
        accepts=(SendBear,), picture="choose", short=msg("Send the bear!"),
    ),
    EVACUATE: Stage(
        hazards.evacuate_legal, hazards.evacuate_step,
        ask=_evacuate_ask,
        waiting=msg("{player} is getting an explorer to safety…"),
        accepts=(Step,), picture="choose", short=msg("Jump to safety!"),
    ),
    LEAVE_BOARD: Stage(frames.no_actions, frames.no_step, auto=hazards.leave_board),
    PICK_UP: Stage(
        explorer.pick_up_legal, explorer.pick_up,
        ask=msg("Take one item from the floe into your backpack (usable from your next turn), or nothing."),
        waiting=msg("{player} is picking up an item…"),
        buttons={"stop": msg("Take nothing")},
        accepts=(PickUp, Stop), picture="take", short=msg("Take a thing!"),
    ),
}


def turn_ask(view: IceFlowState, frame: Frame) -> Msg:
    data = frame.data
    if view.kids and not data["ice"]:
        return msg("Move the ice first: drift a floe, turn one, or bring in a new one.")
    if not data["ice"] and not data["explorer"]:
        return msg("Take your iceberg action (drift, turn or bring in a floe) and move an explorer or fish, "
                   "in either order.")
    if not data["ice"]:
        return msg("Now your iceberg action: drift a floe, turn one, or bring in a new one.")
    if not data["explorer"]:
        return msg("Move an explorer or fish, or end your turn.")
    return msg("End your turn.")


def turn_short(view: IceFlowState, frame: Frame) -> Msg:
    data = frame.data
    if not data["ice"]:
        return msg("Move the ice!")
    if not data["explorer"]:
        return msg("Move an explorer!")
    return msg("End your turn!")


class IceFlowRules(StagedGame[IceFlowState]):
    info = GameInfo(
        id="iceflow",
        name="Ice Flow",
        min_players=2,
        max_players=4,
        cover="art/covers/iceflow.svg",
        variants=(Variant("length", N_("Game length"),
                          (("full", N_("Until three explorers reach Siberia")),
                           ("short", N_("Short: the nearest to Siberia after 20 rounds wins")))),
                  Variant("double_ice", N_("Iceberg actions"),
                          (("off", N_("One a turn (the rules)")),
                           ("on", N_("A second may replace the explorer action")))),),
        kids_turns_off=(
            N_("No polar bears: the Iceberg cards bring ropes and fish only."),
            N_("A turn is always: move the ice first, then one explorer."),
        ),
        rules_text="rules/iceflow.md",
        chance=True,
        private=False,
        play_minutes=(60, 60),  # "about an hour" (shared/rules/iceflow.md §1, pyramid)
    )
    state_type = IceFlowState
    action_types = ACTION_TYPES
    stages = STAGES

    def __init__(self, board: Board | None = None) -> None:
        self._board = board

    @property
    def board(self) -> Board:
        return self._board or default_board()

    def deal(self, options: Options, rng: Rng) -> IceFlowState:
        return new_state(options, rng, self.board)

    def view(self, state: IceFlowState, seat: int) -> IceFlowState:
        """Nothing is hidden but the RNG, which draws the floes and cards as they come out."""
        seen = self.clone(state)
        seen.rng = Rng(0)
        return seen

    def result(self, state: IceFlowState) -> Result:
        return final_result(state)

    def components(self, state: IceFlowState) -> Counter[str]:
        count: Counter[str] = Counter()
        count["rope"] += state.ropes
        count["fish"] += state.fish
        count["bear"] += state.bears
        for seat, player in enumerate(state.players):
            count["rope"] += player.ropes
            count["fish"] += player.fish
            count[f"explorer:{seat}"] += 3
        for floe in state.floes:
            count["rope"] += floe.ropes
            count["fish"] += floe.fish
            count["bear"] += floe.bears
            count[f"floe:{floe.id}"] += 1
        for floe in state.bag:
            count[f"floe:{floe}"] += 1
        for frame in state.flow:
            if frame.name in (SETUP_FLOE, NEW_FLOE):
                count[f"floe:{frame.data['floe']}"] += 1
        for card in state.deck + state.discard:
            count[f"card:{card}"] += 1
        return count

    def turns(self, state: IceFlowState) -> int:
        return state.turns

    def ending(self, state: IceFlowState) -> str:
        return "round_cap" if state.capped else "win" if state.winner >= 0 else ""

    def score_details(self, state: IceFlowState) -> dict[str, Any]:
        return score_details(state)

    def targets(self, view: IceFlowState, action: Action) -> tuple[str, ...]:
        if isinstance(action, (Place, Step, SendBear)):
            return (f"hex:{action.col},{action.row}",)
        if isinstance(action, Drift):
            return (f"floe:{action.floe}", "drift")
        if isinstance(action, Rotate):
            return (f"floe:{action.floe}", f"rotate:{action.turn:+d}")
        if isinstance(action, Move):
            return (f"explorer:{view.to_act}:{action.explorer}",)
        if isinstance(action, Orient):
            return (f"orient:{action.rotation}",)
        if isinstance(action, PickUp):
            return (f"item:{action.item}",)
        if isinstance(action, NewFloe):
            return ("bag",)
        return ()

    def describe(self, state: IceFlowState, action: Action) -> Msg:
        return describe_action(state, action)

    # --- positions --------------------------------------------------------------------------
    def from_position(self, data: dict[str, Any]) -> IceFlowState:
        return state_from_position(data)

    def to_position(self, state: IceFlowState) -> dict[str, Any]:
        return position_from_state(state)

    def longest_game(self, players: int) -> tuple[Options, int, list[Action]]:
        from game.iceflow.longest import longest_game

        options = self.default_options(players)
        return options, 7, longest_game(self, options, 7)

    def hint_reason(self, view: IceFlowState, action: Action) -> Msg | None:
        from game.iceflow.hints import hint_reason

        return hint_reason(self, view, action)

    def why_not(self, view: IceFlowState, thing: str, focus: str | None = None) -> Msg | str | None:
        return refusals.why_not(self, view, thing, focus)

    # --- achievements and the kids' score pad ------------------------------------------------
    def achievements(self, state: IceFlowState, seat: int) -> set[str]:
        return achievement_rules.achievements(self.result(state), state, seat)

    def achievement_names(self) -> dict[str, str]:
        return achievement_rules.achievement_names()

    def achievement_title(self, count: int) -> str:
        return achievement_rules.title(count)

    def term_icons(self) -> dict[str, str]:
        return {"siberia": f"{ART}/station_siberia.svg"}

    def bots(self) -> dict[str, Any]:
        return _bot_table()


@cache
def _bot_table() -> dict[str, Any]:
    """Made once: the bots keep nothing between decisions, so one of each serves every seat."""
    from game.iceflow.bots import EasyBot, HardBot, NormalBot

    return {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}


RULES = IceFlowRules()
"""The rules of the game, the one instance the registry and the tables use."""
