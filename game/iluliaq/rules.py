"""Iluliaq: King of the Iceberg, the rules contract (stages, view, result, components).

A throw's intent (table.Throw) is completed by the physics (physics/iluliaq) into a Thrown holding
where every card came to rest; the rules check that outcome (checks.py) and apply it (turn.py).
A dodo that lands asks the thrower for a second decision, the ``place`` frame (Place -> Placed).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.bots import HINT
from game.core.contract import Action, GameInfo, Options, Result, Variant
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS, Events, Revealed, Scored
from game.core.flow import Frame
from game.core.i18n import N_
from game.core.messages import Msg, msg
from game.core.rng import Rng
from game.core.spaces import ContinuousSpace
from game.core.stages import Stage, StagedGame
from game.iluliaq import bots, scoring, search, turn, view, words
from game.iluliaq.checks import check_outcome
from game.iluliaq.position import position_from_state, state_from_position
from game.iluliaq.setup import new_state
from game.iluliaq.state import ACTION_TYPES, PLACE, THROW, IluliaqState
from game.iluliaq.table import (
    ANGLE,
    OFFSET,
    PLACE_TURN,
    PLACE_X,
    PLACE_Y,
    POWER,
    SPIN,
    WALLS,
    Place,
    Placed,
    Throw,
    Thrown,
    release_distance,
)
from game.iluliaq.water import stack

TRAMPOLINES = 6


def throw_space(state: IluliaqState, frame: Frame | None = None) -> ContinuousSpace:
    """A throw from behind the seat's own trampoline line (``table.line``: the same distance from the
    iceberg for every seat)."""
    seat = frame.seat if frame is not None else state.to_act or 0
    distance = release_distance(seat, state.players, state.kids)
    return ContinuousSpace(Throw, (distance, OFFSET, ANGLE, POWER, SPIN))


def place_space(state: IluliaqState, frame: Frame | None = None) -> ContinuousSpace:
    return ContinuousSpace(Place, (PLACE_X, PLACE_Y, PLACE_TURN))


def checked(space: ContinuousSpace, action: Action, full: type) -> Any:
    """The outcome of a full action whose intent fits ``space`` (a bare intent needs the physics)."""
    if not isinstance(action, full):
        raise IllegalAction(msg("This move needs the physics to work out where everything lands."))
    if not space.contains(action.intent):
        raise IllegalAction(msg("That move is out of bounds: {why}.", why=space.why_not(action.intent)))
    return action.outcome


def throw_card(state: IluliaqState, frame: Frame, action: Action, events: Events) -> None:
    out = checked(throw_space(state, frame), action, Thrown)
    check_outcome(state.table, state.stacks[frame.seat][0], out)
    turn.throw(state, frame.seat, out, events)


def place_card(state: IluliaqState, frame: Frame, action: Action, events: Events) -> None:
    out = checked(place_space(state), action, Placed)
    check_outcome(state.table, state.deck[0], out)
    turn.place(state, frame.seat, out, events)


STAGES: dict[str, Stage] = {
    THROW: Stage(
        throw_space, throw_card,
        ask=msg("Throw the top card of your stack onto the iceberg."),
        waiting=msg("{player} is throwing a card at the iceberg…"),
        accepts=(Throw, Thrown),
        wrong=msg("First throw the top card of your stack."),
        picture="throw", short=msg("Throw a card!"),
    ),
    PLACE: Stage(
        place_space, place_card,
        ask=msg("The dodo landed: lay the deck's top card on the iceberg."),
        waiting=msg("{player} is laying a card on the iceberg…"),
        accepts=(Place, Placed),
        wrong=msg("First lay the dodo's card on the iceberg."),
        picture="place", short=msg("Place the card!"),
    ),
}


def visible(state: IluliaqState) -> set[int]:
    return view.seen(state)


class IluliaqRules(StagedGame[IluliaqState]):
    info = GameInfo(
        id="iluliaq",
        name="Iluliaq: King of the Iceberg",
        min_players=2,
        max_players=6,
        cover="art/covers/iluliaq.svg",
        variants=(Variant("good_aim", N_("Starting cards"), (("no", N_("6 cards each")),
                                                             ("yes", N_("Good aim: 8 cards each")))),),
        kids_turns_off=(
            N_("No special effects: dodos, lynxes, polar bears and seals are thrown like penguins, and a seal in "
               "the water is picked up like any card."),
            N_("No trampoline: throw from as close to the iceberg as you like."),
        ),
        rules_text="rules/iluliaq.md",
        hidden=True,
        private=False,
        chance=True,
        physics=True,
        play_minutes=(10, 15),
        fewest_wins=True,
    )
    state_type = IluliaqState
    action_types = ACTION_TYPES
    resolved = {Throw: Thrown, Place: Placed}
    stages = STAGES

    def deal(self, options: Options, rng: Rng) -> IluliaqState:
        return new_state(options, rng)

    def step(self, state: IluliaqState, action: Action, events: Events = NO_EVENTS) -> None:
        """A stage's step, then what it showed: each top card that was hidden before is revealed to
        everyone, and each stack that changed size scores (minus a card each)."""
        if not events.collecting:
            super().step(state, action, events)
            return
        known = visible(state)
        sizes = [len(s) for s in state.stacks]
        super().step(state, action, events)
        for seat, cards in enumerate(state.stacks):
            if cards and cards[0] not in known:
                events.add(Revealed(f"card:{cards[0]}", stack(seat)))
        if state.deck and state.deck[0] not in known:
            events.add(Revealed(f"card:{state.deck[0]}", "deck"))
        for seat, (old, cards) in enumerate(zip(sizes, state.stacks)):
            if len(cards) != old:
                events.add(Scored(seat, old - len(cards), "stack"))

    def view(self, state: IluliaqState, seat: int) -> IluliaqState:
        return view.seat_view(state, seat)

    def resample(self, view_: IluliaqState, seat: int, rng: Rng) -> IluliaqState:
        return view.resample(view_, seat, rng)

    def result(self, state: IluliaqState) -> Result:
        return scoring.result(state)

    def components(self, state: IluliaqState) -> Counter[str]:
        count: Counter[str] = Counter()
        for place in (*state.stacks, state.deck, state.aside, state.out, [p.card for p in state.table]):
            count.update(f"card:{c}" for c in place)
        count.update(f"card:{c}" for c in WALLS)
        count["trampoline"] += TRAMPOLINES
        return count

    def longest_game(self, players: int) -> tuple[Options, int, list[Action]]:
        from game.iluliaq.longest import longest_game

        options = self.default_options(players)
        return options, 7, longest_game(self, options, 7)

    def turns(self, state: IluliaqState) -> int:
        return state.turns

    def describe(self, state: IluliaqState, action: Action) -> Msg:
        return words.describe(state, action)

    def targets(self, view_: IluliaqState, action: Action) -> tuple[str, ...]:
        if view_.frame is None or not isinstance(action, (Throw, Thrown, Place, Placed)):
            return ()
        return (f"card:{view_.card_in_hand()}", "iceberg")

    def from_position(self, data: dict[str, Any]) -> IluliaqState:
        return state_from_position(data)

    def to_position(self, state: IluliaqState) -> dict[str, Any]:
        return position_from_state(state)

    def rates(self, state: IluliaqState, action: Action) -> dict[str, bool]:
        """How a throw went, for selfplay's landing rates (game.core.selfplay): whether the card
        thrown came to rest on the iceberg."""
        if not isinstance(action, Thrown):
            return {}
        return {"landed": any(p.card == action.outcome.card and p.layer >= 1 for p in action.outcome.poses)}

    def bots(self) -> dict[str, Any]:
        return {**bots.BOTS, "hard": search.HARD, HINT: search.HINT}


RULES = IluliaqRules()
"""The rules of the game, the one instance the registry and the tables use."""
