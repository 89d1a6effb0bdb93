"""Hunters: a toy card game proving a nested interrupt by another seat.

Rules (2 to 4 players)

- Cards: twelve prey cards worth 1 to 12 and four hunters, shuffled into a face-down deck. Each
  player is dealt a hand (three cards; the "hand" variant deals four), which the others cannot see.
- Turn: play one card from your hand, face up.
  - Prey goes into your catch and scores its value.
  - A hunter goes to the discard pile and hunts the next player clockwise who holds a card. That
    player chooses one of their own cards for it to devour: the card goes face up into your larder
    and scores its value for you (a devoured hunter scores nothing).
  Then draw the top card of the deck, if any is left.
- End: once nobody holds a card. The highest total of catch and larder wins; ties share the win.
- Kids' mode: the hunters stay in the box.

How it uses the contract

- Frames: ``play`` (the turn's own); ``hunt`` (the turn waiting for its hunter's prey; it finishes
  the turn by itself once the victim has answered); ``devour`` (the victim's, pushed with
  ``flow.call`` on top of ``hunt``). While the victim chooses, ``to_act`` is the victim and
  ``turn_seat`` the hunter; ``flow.end`` hands the devoured card back to ``hunt``.
- Hidden information: the others' hands and the deck (views show HIDDEN); ``resample`` deals the
  cards a seat has not seen at random. A draw is ``Revealed`` to the drawer only: an undo barrier.
- Things: ``card:N`` (N 0..11: prey worth N+1; 12..15: hunters); places ``deck``, ``hand:S``,
  ``catch:S``, ``larder:S``, ``discard``.
- Setup: the base class checks the options (``check_options``: 2 to 4 players, a hand size it
  has) and the toy writes only its deal.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import flow
from game.core.bots import RandomBot
from game.core.contract import HIDDEN, Action, GameInfo, Options, Result, State, Term, Variant
from game.core.errors import IllegalAction
from game.core.events import Events, Logged, Moved, Revealed, Scored
from game.core.flow import Frame
from game.core.messages import Msg, msg
from game.core.registry import register
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.core.stages import Stage, StagedGame

PREY = tuple(range(12))
HUNTERS = tuple(range(12, 16))


def is_hunter(card: int) -> bool:
    return card in HUNTERS


def value(card: int) -> int:
    """What a card scores in a catch or a larder."""
    return 0 if is_hunter(card) else card + 1


def card_name(card: int) -> Msg:
    return msg("a hunter") if is_hunter(card) else msg("prey {value}", value=value(card))


@dataclass(frozen=True)
class Play(Action):
    kind = "play"
    card: int


@dataclass(frozen=True)
class Devour(Action):
    """The victim's answer: which of its own cards the hunter takes (the same fields as Play)."""

    kind = "devour"
    card: int


@dataclass
class HuntersState(State):
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    """Top card first."""
    catch: list[list[int]] = field(default_factory=list)
    larder: list[list[int]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    kids: bool = False
    turns: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)


# --- the rules, one function per section ------------------------------------------------------


def deal(options: Options, rng: Rng) -> HuntersState:
    deck = list(PREY) + ([] if options.kids else list(HUNTERS))
    rng.shuffle(deck)
    size = int(options.variants["hand"])
    hands = [deck[i * size:(i + 1) * size] for i in range(options.players)]
    state = HuntersState(
        rng=rng,
        hands=[sorted(h) for h in hands],
        deck=deck[options.players * size:],
        catch=[[] for _ in hands],
        larder=[[] for _ in hands],
        kids=options.kids,
    )
    flow.start(state, "play", 0)
    return state


def next_holder(state: HuntersState, seat: int) -> int | None:
    """The next player clockwise after ``seat`` who holds a card (never ``seat`` itself)."""
    for other in flow.clockwise_from(seat + 1, state.players):
        if other != seat and state.hands[other]:
            return other
    return None


def draw(state: HuntersState, seat: int, events: Events) -> None:
    if not state.deck:
        return
    card = state.deck.pop(0)
    state.hands[seat].append(card)
    state.hands[seat].sort()
    events.add(Moved(f"card:{card}", "deck", f"hand:{seat}", known_to=(seat,)))
    events.add(Revealed(f"card:{card}", f"hand:{seat}", to=(seat,)))


def finish_turn(state: HuntersState, events: Events) -> None:
    """The turn's owner draws, and the next player clockwise who holds a card plays."""
    seat = state.turn_seat
    assert seat is not None
    draw(state, seat, events)
    state.turns += 1
    for other in flow.clockwise_from(seat + 1, state.players):
        if state.hands[other]:
            flow.start(state, "play", other)
            return
    flow.finish(state)


def legal_plays(state: HuntersState, frame: Frame) -> list[Action]:
    return [Play(card) for card in sorted(state.hands[frame.seat])]


def play_card(state: HuntersState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Play)
    seat, card = frame.seat, action.card
    if card not in state.hands[seat]:
        raise IllegalAction(msg("That card is not in your hand."))
    state.hands[seat].remove(card)
    if not is_hunter(card):
        state.catch[seat].append(card)
        events.add(Moved(f"card:{card}", f"hand:{seat}", f"catch:{seat}"))
        events.add(Scored(seat, value(card), "catch"))
        finish_turn(state, events)
        return
    state.discard.append(card)
    events.add(Moved(f"card:{card}", f"hand:{seat}", "discard"))
    victim = next_holder(state, seat)
    if victim is None:
        events.add(Logged(msg("The hunter finds nobody to hunt."), seat))
        finish_turn(state, events)
        return
    flow.goto(state, "hunt", hunter=card)
    flow.call(state, "devour", victim, by=seat)


def legal_devours(state: HuntersState, frame: Frame) -> list[Action]:
    return [Devour(card) for card in sorted(state.hands[frame.seat])]


def devour_card(state: HuntersState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Devour)
    victim, hunter, card = frame.seat, frame.data["by"], action.card
    if card not in state.hands[victim]:
        raise IllegalAction(msg("Choose one of your own cards."))
    state.hands[victim].remove(card)
    state.larder[hunter].append(card)
    events.add(Moved(f"card:{card}", f"hand:{victim}", f"larder:{hunter}"))
    if value(card):
        events.add(Scored(hunter, value(card), "larder"))
    flow.end(state, card)


def after_hunt(state: HuntersState, frame: Frame, events: Events) -> None:
    """Back in the hunter's frame with the devoured card: the turn ends."""
    card = frame.data["returned"]
    events.add(Logged(msg("The hunter devoured {card}.", card=card_name(card)), frame.seat))
    finish_turn(state, events)


def _never(state: Any, frame: Frame, *rest: Any) -> Any:
    raise IllegalAction(msg("Nobody decides here."))


# --- bots ---------------------------------------------------------------------------------------


class GreedyBot:
    """Normal: feed a hunter your least useful card; hunt when someone holds cards; else your best prey."""

    def choose(self, game: Any, view: HuntersState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        if view.frame is not None and view.frame.name == "devour":
            return min(actions, key=lambda a: (value(a.card), a.card))
        seat = view.to_act
        assert seat is not None
        hunters = [a for a in actions if is_hunter(a.card)]
        if hunters and next_holder(view, seat) is not None:
            return hunters[0]
        return max(actions, key=lambda a: (value(a.card), -a.card))


# --- the game -----------------------------------------------------------------------------------


class Hunters(StagedGame[HuntersState]):
    info = GameInfo(
        id="toy_interrupt",
        name="Hunters (toy)",
        min_players=2,
        max_players=4,
        cover="",
        variants=(Variant("hand", "Hand size", (("3", "Three cards"), ("4", "Four cards"))),),
        kids_turns_off=("The hunters stay in the box.",),
        hidden=True,
        chance=True,
    )
    state_type = HuntersState
    action_types = (Play, Devour)
    stages = {
        "play": Stage(legal_plays, play_card, ask=msg("Play a card"),
                      waiting=msg("Waiting for {player} to play a card…"), accepts=(Play,)),
        "hunt": Stage(lambda s, f: [], _never, auto=after_hunt),
        "devour": Stage(legal_devours, devour_card,
                        ask=msg("A hunter is upon you: choose one of your cards for it to devour"),
                        waiting=msg("Waiting for {player} to feed the hunter…"), accepts=(Devour,),
                        wrong=msg("First choose a card for the hunter.")),
    }

    def deal(self, options: Options, rng: Rng) -> HuntersState:
        return deal(options, rng)

    def clone(self, state: HuntersState) -> HuntersState:
        return HuntersState(
            rng=Rng(state.rng.state),
            flow=flow.copy_flow(state.flow),
            hands=[list(h) for h in state.hands],
            deck=list(state.deck),
            catch=[list(c) for c in state.catch],
            larder=[list(c) for c in state.larder],
            discard=list(state.discard),
            kids=state.kids,
            turns=state.turns,
        )

    def view(self, state: HuntersState, seat: int) -> HuntersState:
        view = self.clone(state)
        for other, hand in enumerate(view.hands):
            if other != seat:
                view.hands[other] = [HIDDEN] * len(hand)
        view.deck = [HIDDEN] * len(view.deck)
        view.rng = Rng(0)
        return view

    def resample(self, view: HuntersState, seat: int, rng: Rng) -> HuntersState:
        state = self.clone(view)
        seen = set(state.hands[seat]) | set(state.discard)
        for pile in state.catch + state.larder:
            seen.update(pile)
        unseen = [c for c in self.cards(state.kids) if c not in seen]
        hidden = sum(len(h) for i, h in enumerate(state.hands) if i != seat) + len(state.deck)
        if len(unseen) != hidden:
            raise ValueError("the view does not fit the cards of the game")
        rng.shuffle(unseen)
        for other, hand in enumerate(state.hands):
            if other != seat:
                state.hands[other] = sorted(unseen[:len(hand)])
                del unseen[:len(hand)]
        state.deck = unseen
        state.rng = Rng(rng.next64())
        return state

    @staticmethod
    def cards(kids: bool) -> tuple[int, ...]:
        return PREY if kids else PREY + HUNTERS

    def components(self, state: HuntersState) -> Counter[str]:
        piles = state.hands + state.catch + state.larder + [state.deck, state.discard]
        return Counter(f"card:{c}" for pile in piles for c in pile)

    def result(self, state: HuntersState) -> Result:
        rows = [{"catch": sum(map(value, state.catch[s])), "larder": sum(map(value, state.larder[s]))}
                for s in range(state.players)]
        scores = tuple(sum(row.values()) for row in rows)
        best = max(scores)
        over = self.is_over(state)
        return Result(
            scores=scores,
            winners=tuple(s for s, v in enumerate(scores) if v == best),
            terms=(Term("catch", "Catch"), Term("larder", "Larder")),
            breakdown=tuple(rows),
            final=over,
            reason=msg("Nobody holds a card any more.") if over else "",
        )

    def describe(self, state: HuntersState, action: Action) -> Msg | str:
        if isinstance(action, Devour):
            return msg("feeds {card} to the hunter", card=card_name(action.card))
        if isinstance(action, Play):
            return msg("plays {card}", card=card_name(action.card))
        return action.kind

    def turns(self, state: HuntersState) -> int:
        return state.turns

    def bots(self) -> dict[str, Any]:
        return {"easy": RandomBot(), "normal": GreedyBot()}


RULES = Hunters()
register(RULES)
