"""A tiny hidden-hand game for the shell's tests: choose a card (undoable), then play it (draws a
card: not undoable). Each player plays ROUNDS cards; the highest total wins."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.core.contract import HIDDEN, Action, Game, GameInfo, Options, Result, State, Term, Variant
from game.core.errors import IllegalAction
from game.core.rng import Rng

ROUNDS = 2


@dataclass(frozen=True)
class Choose(Action):
    kind = "choose"
    card: int


@dataclass(frozen=True)
class Play(Action):
    kind = "play"


@dataclass
class ToyState(State):
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    played: list[list[int]] = field(default_factory=list)
    chosen: int | None = None
    turn: int = 0


class Toy(Game[ToyState]):
    info = GameInfo(
        id="borealis",
        name="Borealis: Arctic Expeditions",
        min_players=2,
        max_players=4,
        cover="art/covers/borealis.svg",
        variants=(Variant("deck", "Deck", (("short", "Short deck"), ("long", "Long deck"))),),
        kids_turns_off=("Scoring cards are left out.", "Objectives are left out."),
        rules_text="rules/borealis.md",
    )
    state_type = ToyState
    action_types = (Choose, Play)

    def new_game(self, options: Options, seed: int) -> ToyState:
        rng = Rng.from_seed(seed)
        deck = list(range(1, 10)) * 2
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(options.players)]
        return ToyState(0, rng, hands, deck, [[] for _ in range(options.players)])

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.to_act is None:
            return []
        out: list[Action] = [
            Choose(c) for c in sorted(set(state.hands[state.to_act])) if c != HIDDEN and c != state.chosen
        ]
        if state.chosen is not None:
            out.append(Play())
        return out

    def step(self, state: ToyState, action: Action) -> None:
        seat = state.to_act
        assert seat is not None
        if isinstance(action, Choose):
            if action.card not in state.hands[seat]:
                raise IllegalAction("You do not hold that card.")
            state.chosen = action.card
            return
        if state.chosen is None:
            raise IllegalAction("Choose a card first.")
        state.hands[seat].remove(state.chosen)
        state.played[seat].append(state.chosen)
        state.chosen = None
        if state.deck:
            state.hands[seat].append(state.deck.pop())
        state.rng.next64()  # drawing reveals a card
        state.turn += 1
        players = len(state.hands)
        state.to_act = None if state.turn >= ROUNDS * players else state.turn % players

    def view(self, state: ToyState, seat: int) -> ToyState:
        import copy

        v = copy.deepcopy(state)
        v.hands = [h if i == seat else [HIDDEN] * len(h) for i, h in enumerate(v.hands)]
        v.deck = [HIDDEN] * len(v.deck)
        if state.to_act != seat:
            v.chosen = None if state.chosen is None else HIDDEN
        return v

    def result(self, state: ToyState) -> Result:
        rows = tuple({"cards": sum(p), "nines": 2 * p.count(9)} for p in state.played)
        scores = tuple(sum(r.values()) for r in rows)
        best = max(scores)
        return Result(
            scores,
            tuple(i for i, sc in enumerate(scores) if sc == best),
            (Term("cards", "Cards played"), Term("nines", "Bonus for nines")),
            rows,
            state.to_act is None,
        )

    def components(self, state: ToyState) -> Counter[str]:
        return Counter(str(c) for c in state.deck + sum(state.hands, []) + sum(state.played, []))

    def describe(self, state: ToyState, action: Action) -> str:
        if isinstance(action, Choose):
            return f"chooses the {action.card}"
        return f"plays the {state.chosen}"


RULES = Toy()
