"""A tiny hidden-hand game for the shell's tests: choose a card (undoable), then play it (draws a
card: not undoable). Each player plays ROUNDS cards; the highest total wins.

With the variant ``ask=on`` a played card asks the next seat to nod before the turn passes: a
nested prompt frame whose seat is not the turn's owner (for the hand-over and undo tests)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from game.core import flow
from game.core.contract import HIDDEN, Action, GameInfo, Options, Result, State, Term, Variant
from game.core.errors import IllegalAction
from game.core.events import Events, Logged, Moved, Scored
from game.core.flow import Frame
from game.core.messages import Msg, msg
from game.core.rng import Rng
from game.core.stages import Stage, StagedGame

ROUNDS = 2
CARDS = list(range(1, 10)) * 2


@dataclass(frozen=True)
class Choose(Action):
    kind = "choose"
    card: int


@dataclass(frozen=True)
class Play(Action):
    kind = "play"


@dataclass(frozen=True)
class Nod(Action):
    kind = "nod"


@dataclass
class ToyState(State):
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    played: list[list[int]] = field(default_factory=list)
    chosen: int | None = None
    turn: int = 0
    ask: bool = False


def _turn_legal(state: ToyState, frame: Frame) -> list[Action]:
    out: list[Action] = [Choose(c) for c in sorted(set(state.hands[frame.seat])) if c not in (HIDDEN, state.chosen)]
    if state.chosen is not None:
        out.append(Play())
    return out


def _pass_turn(state: ToyState) -> None:
    state.turn += 1
    players = len(state.hands)
    if state.turn >= ROUNDS * players:
        flow.finish(state)
    else:
        flow.start(state, "turn", state.turn % players)


def _turn_step(state: ToyState, frame: Frame, action: Action, events: Events) -> None:
    seat = frame.seat
    if isinstance(action, Choose):
        if action.card not in state.hands[seat]:
            raise IllegalAction(msg("You do not hold that card."))
        state.chosen = action.card
        return
    if state.chosen is None:
        raise IllegalAction(msg("Choose a card first."))
    card = state.chosen
    state.hands[seat].remove(card)
    state.played[seat].append(card)
    state.chosen = None
    events.add(Moved(f"card:{card}", f"hand:{seat}", f"played:{seat}"))
    events.add(Scored(seat, card + (2 if card == 9 else 0), "cards"))
    if state.deck:
        drawn = state.deck.pop()
        state.hands[seat].append(drawn)
        events.add(Moved(f"card:{drawn}", "deck", f"hand:{seat}", known_to=(seat,)))
        events.add(Logged(msg("draws the {card}", card=drawn), seat, to=(seat,)))
    state.rng.next64()  # drawing reveals a card
    if state.ask:
        flow.call(state, "nod", (seat + 1) % len(state.hands))
    else:
        _pass_turn(state)


def _nod_step(state: ToyState, frame: Frame, action: Action, events: Events) -> None:
    flow.end(state)
    events.add(Logged(msg("the turn passes"), frame.seat))
    _pass_turn(state)


class Toy(StagedGame[ToyState]):
    info = GameInfo(
        id="borealis",
        name="Borealis: Arctic Expeditions",
        min_players=2,
        max_players=4,
        cover="art/covers/borealis.svg",
        variants=(
            Variant("deck", "Deck", (("short", "Short deck"), ("long", "Long deck"))),
            Variant("ask", "Nods", (("off", "No nods"), ("on", "The next player nods"))),
        ),
        kids_turns_off=("Scoring cards are left out.", "Objectives are left out."),
        rules_text="rules/borealis.md",
        hidden=True,
        chance=True,
    )
    state_type = ToyState
    action_types = (Choose, Play, Nod)
    stages = {
        "turn": Stage(
            _turn_legal,
            _turn_step,
            ask=msg("Choose a card, then play it"),
            waiting=msg("{player} is choosing a card…"),
            buttons={"play": msg("Play the chosen card")},
            accepts=(Choose, Play),
        ),
        "nod": Stage(
            lambda state, frame: [Nod()],
            _nod_step,
            ask=msg("Nod to let the turn pass"),
            waiting=msg("Waiting for {player} to nod…"),
            buttons={"nod": msg("Nod")},
            accepts=(Nod,),
        ),
    }

    def deal(self, options: Options, rng: Rng) -> ToyState:
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(options.players)]
        ask = options.variants["ask"] == "on"
        state = ToyState(rng, hands=hands, deck=deck, played=[[] for _ in range(options.players)], ask=ask)
        flow.start(state, "turn", 0)
        return state

    def view(self, state: ToyState, seat: int) -> ToyState:
        v = self.clone(state)
        v.hands = [h if i == seat else [HIDDEN] * len(h) for i, h in enumerate(v.hands)]
        v.deck = [HIDDEN] * len(v.deck)
        v.rng = Rng(0)
        if state.turn_seat != seat and state.chosen is not None:
            v.chosen = HIDDEN
        return v

    def resample(self, view: ToyState, seat: int, rng: Rng) -> ToyState:
        state = self.clone(view)
        unseen = Counter(CARDS) - Counter(view.hands[seat]) - Counter(c for p in view.played for c in p)
        pool = list(unseen.elements())
        rng.shuffle(pool)
        for i, hand in enumerate(state.hands):
            if i != seat:
                state.hands[i] = [pool.pop() for _c in hand]
        state.deck = [pool.pop() for _c in state.deck]
        if state.chosen == HIDDEN:
            state.chosen = state.hands[state.turn_seat][0]
        state.rng = Rng(rng.next64())
        return state

    def result(self, state: ToyState) -> Result:
        rows = tuple({"cards": sum(p), "nines": 2 * p.count(9)} for p in state.played)
        scores = tuple(sum(r.values()) for r in rows)
        best = max(scores)
        over = state.to_act is None
        return Result(
            scores,
            tuple(i for i, sc in enumerate(scores) if sc == best),
            (Term("cards", "Cards played"), Term("nines", "Bonus for nines")),
            rows,
            over,
            msg("Everyone played {n} cards.", n=ROUNDS) if over else "",
        )

    def components(self, state: ToyState) -> Counter[str]:
        return Counter(str(c) for c in state.deck + sum(state.hands, []) + sum(state.played, []))

    def log_audience(self, state: ToyState, action: Action) -> tuple[int, ...] | None:
        """Which card a player chose from a hidden hand is that player's business."""
        return (state.to_act,) if isinstance(action, Choose) and state.to_act is not None else None

    def describe(self, state: ToyState, action: Action) -> Msg:
        if isinstance(action, Choose):
            return msg("chooses the {card}", card=action.card)
        if isinstance(action, Nod):
            return msg("nods")
        return msg("plays the {card}", card=state.chosen)


RULES = Toy()
