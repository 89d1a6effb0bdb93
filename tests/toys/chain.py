"""Krill Chain: a toy card game proving chains of abilities written as data, triggers that fire in
batches, group choices and a win in the middle of a chain.

Rules (2 to 4 players)

- Cards (15): four krill, two icefish, two leopard seals, a tide, two skuas, an albatross, two
  penguins and a whale, shuffled into a face-down deck. Each player is dealt three cards, which the
  others cannot see. Each card has an ability (``CARDS``: clauses run in order) and some a passive.
- Turn: play a card from your hand into your reef (face up); its ability runs clause by clause:
  - gain N: you score N points;
  - devour: you choose a card in another player's reef; it dies;
  - cull: every other player with a card in their reef chooses one of their own, clockwise from
    your left; then all the chosen cards die together;
  - tide: for every krill in a reef (lowest card first), its owner spares it or lets it go; then
    the krill let go die together, and each scores its owner 1 point, in that order;
  - peek: you look at the top two cards of the deck, keep one in your hand and put the other
    under the deck.
  Then the passives the ability set off fire, and the passives those set off, batch by batch
  (below). Then you draw the top card of the deck, if any is left, and the next player clockwise
  who holds a card plays.
- Passives: a card that dies goes to the discard. Each card in a reef whose passive names the dead
  card's kind fires for its owner (never for the dead card itself): a skua scores 1 for a krill,
  the albatross 2 for an icefish, a leopard seal devours a card for an icefish. They fire once the
  ability that killed has finished: the active player's first, then clockwise, and one player's by
  card number; a passive whose card has left its reef by then does nothing. Whatever dies while a
  batch fires sets off the next batch.
- End: the first player to reach 6 points wins at once, even on another player's turn and however
  much of the chain is left (nothing more happens). Otherwise, once nobody holds a card, the most
  points win; ties share the win.
- Kids' mode: no passives (the birds and the seals do not feed on deaths).

How it uses the contract

- Abilities are data (``CARDS``, ``Clause``) run by one automatic stage, ``ability``, one clause at
  a time; a clause that asks pushes a frame and reads the answer back (``data["returned"]``).
- One ``pick`` stage serves every clause that asks for a card (devour, cull, peek): its sentence,
  waiting sentence and kids' words are worked out from the frame (the card and what it asks).
- Private frame data: a peek's two cards (``seen``) are the ``pick`` stage's ``private`` key, so
  every view but the peeker's hides them, without the toy's ``view`` doing anything.
- Group choices: cull is a ``flow.fan_out`` and tide a ``flow.fan_out_each`` whose subject is the
  krill asked about (a seat with two krill is asked twice); every answer comes back to the
  ability at once (``flow.answered(state, answer)``), and only then do the effects happen.
- Triggers: a death fires passives into ``state.triggers`` (game/core/triggers.py); the ``chain``
  stage runs them batch by batch in seat order from the active player, each in its own
  ``ability`` frame.
- The win: ``score`` calls ``flow.end_game`` when a player reaches the target; everything pending
  (clauses, answers, triggers, the turn's draw) is dropped, and no caller checks for it.
- Hidden information: hands, the deck, a peek's cards; resample deals what a seat has not seen.
- Things: ``card:N``; places ``deck``, ``hand:S``, ``reef:S``, ``discard``, ``peek:S``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import flow, triggers
from game.core.bots import RandomBot
from game.core.contract import HIDDEN, Action, GameInfo, Options, Result, State, Term
from game.core.errors import IllegalAction
from game.core.events import Events, Logged, Moved, Revealed, Scored
from game.core.flow import Frame
from game.core.messages import Msg, msg, seat_ref
from game.core.registry import register
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.core.stages import Stage, StagedGame
from game.core.triggers import Triggers

TARGET = 6
HAND = 3
PEEK = 2


@dataclass(frozen=True)
class Clause:
    """One step of an ability: ``verb`` (gain, devour, cull, tide, peek) and its amount."""

    verb: str
    amount: int = 0


@dataclass(frozen=True)
class Card:
    name: str
    kind: str
    ability: tuple[Clause, ...] = ()
    feeds_on: str = ""
    """The kind whose deaths set off this card's passive ("": none)."""
    passive: tuple[Clause, ...] = ()


KRILL = Card("krill", "krill", (Clause("gain", 1),))
ICEFISH = Card("icefish", "fish", (Clause("devour"),))
SEAL = Card("leopard seal", "seal", (Clause("cull"),), "fish", (Clause("devour"),))
TIDE = Card("tide", "tide", (Clause("tide"),))
SKUA = Card("skua", "bird", (), "krill", (Clause("gain", 1),))
ALBATROSS = Card("albatross", "bird", (Clause("peek"),), "fish", (Clause("gain", 2),))
PENGUIN = Card("penguin", "bird", (Clause("peek"), Clause("gain", 1)))
WHALE = Card("whale", "whale", (Clause("gain", 2),))
CARDS: tuple[Card, ...] = (KRILL,) * 4 + (ICEFISH,) * 2 + (SEAL,) * 2 + (TIDE,) + (SKUA,) * 2 + (ALBATROSS,) + \
    (PENGUIN,) * 2 + (WHALE,)
"""Card number -> card; the deck holds each number once."""

NAMES = {"krill": msg("krill"), "icefish": msg("icefish"), "leopard seal": msg("leopard seal"), "tide": msg("tide"),
         "skua": msg("skua"), "albatross": msg("albatross"), "penguin": msg("penguin"), "whale": msg("whale")}


def card_name(card: int) -> Msg:
    return msg("{name} {n}", name=NAMES[CARDS[card].name], n=card)


@dataclass(frozen=True)
class Play(Action):
    kind = "play"
    card: int


@dataclass(frozen=True)
class Pick(Action):
    """The card a ``pick`` frame asks for (to devour, to kill, to keep)."""

    kind = "pick"
    card: int


@dataclass(frozen=True)
class Spare(Action):
    kind = "spare"


@dataclass(frozen=True)
class Release(Action):
    kind = "release"


@dataclass
class ChainState(State):
    hands: list[list[int]] = field(default_factory=list)
    deck: list[int] = field(default_factory=list)
    """Top card first."""
    reefs: list[list[int]] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    triggers: Triggers = field(default_factory=Triggers)
    kids: bool = False
    winner: int = -1
    """The seat that reached the target (-1: nobody did)."""
    turns: int = 0

    @property
    def players(self) -> int:
        return len(self.hands)


# --- the rules, one function per section ------------------------------------------------------


def deal(options: Options, rng: Rng) -> ChainState:
    deck = list(range(len(CARDS)))
    rng.shuffle(deck)
    players = options.players
    state = ChainState(
        rng=rng,
        hands=[sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(players)],
        deck=deck[players * HAND:],
        reefs=[[] for _ in range(players)],
        points=[0] * players,
        kids=options.kids,
    )
    flow.start(state, "turn", 0)
    return state


def score(state: ChainState, seat: int, points: int, events: Events) -> None:
    """``seat`` scores; reaching the target wins at once, whatever is still pending."""
    state.points[seat] += points
    events.add(Scored(seat, points, "points"))
    if state.points[seat] >= TARGET:
        state.winner = seat
        events.add(Logged(msg("{player} reaches {n} points and wins.", player=seat_ref(seat), n=TARGET)))
        flow.end_game(state)


def owner(state: ChainState, card: int) -> int | None:
    return next((seat for seat, reef in enumerate(state.reefs) if card in reef), None)


def die(state: ChainState, card: int, events: Events) -> None:
    """A card in a reef dies: it goes to the discard, and the passives feeding on its kind fire."""
    seat = owner(state, card)
    assert seat is not None
    state.reefs[seat].remove(card)
    state.discard.append(card)
    events.add(Moved(f"card:{card}", f"reef:{seat}", "discard"))
    if state.kids:
        return
    for other, reef in enumerate(state.reefs):
        for feeder in sorted(reef):
            if CARDS[feeder].feeds_on == CARDS[card].kind:
                triggers.fire(state, other, "ability", order=feeder, card=feeder, passive=True, clause=0)


def draw_and_pass(state: ChainState, frame: Frame, events: Events) -> None:
    """The end of a turn: its player draws, and the next player clockwise who holds a card plays."""
    seat = frame.seat
    if state.deck:
        card = state.deck.pop(0)
        state.hands[seat].append(card)
        state.hands[seat].sort()
        events.add(Moved(f"card:{card}", "deck", f"hand:{seat}", known_to=(seat,)))
        events.add(Revealed(f"card:{card}", f"hand:{seat}", to=(seat,)))
    state.turns += 1
    for other in flow.clockwise_from(seat + 1, state.players):
        if state.hands[other]:
            flow.start(state, "turn", other)
            return
    events.add(Logged(msg("Nobody holds a card any more.")))
    flow.finish(state)


def legal_plays(state: ChainState, frame: Frame) -> list[Action]:
    return [Play(card) for card in state.hands[frame.seat]]


def play_card(state: ChainState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Play)
    seat = frame.seat
    if action.card not in state.hands[seat]:
        raise IllegalAction(msg("That card is not in your hand."))
    state.hands[seat].remove(action.card)
    state.reefs[seat].append(action.card)
    events.add(Moved(f"card:{action.card}", f"hand:{seat}", f"reef:{seat}"))
    flow.goto(state, "turn.end")
    flow.call(state, "chain", seat)
    flow.call(state, "ability", seat, card=action.card, passive=False, clause=0)


def run_chain(state: ChainState, frame: Frame, events: Events) -> None:
    """After the played card's ability: the passives it set off, batch by batch."""
    if triggers.fire_next(state, frame.seat, state.players) is None:
        flow.end(state)


# --- the ability interpreter ------------------------------------------------------------------


def clauses(frame: Frame) -> tuple[Clause, ...]:
    card = CARDS[frame.data["card"]]
    return card.passive if frame.data["passive"] else card.ability


def run_ability(state: ChainState, frame: Frame, events: Events) -> None:
    """Run the card's clauses from ``clause`` on, until one asks somebody or none is left."""
    data = frame.data
    starting = data["clause"] == 0 and "returned" not in data
    if starting and data["passive"] and data["card"] not in state.reefs[frame.seat]:
        flow.end(state)  # its card left the reef before the passive's turn came
        return
    steps = clauses(frame)
    while data["clause"] < len(steps):
        clause = steps[data["clause"]]
        if "returned" in data:
            finish_clause(state, frame, clause, data.pop("returned"), events)
        elif start_clause(state, frame, clause, events):
            return
        data["clause"] += 1
    flow.end(state)


def others_reefs(state: ChainState, seat: int) -> list[int]:
    return sorted(c for other, reef in enumerate(state.reefs) if other != seat for c in reef)


def start_clause(state: ChainState, frame: Frame, clause: Clause, events: Events) -> bool:
    """Begin a clause: True when it asks somebody (the answer comes back as ``returned``)."""
    seat, card = frame.seat, frame.data["card"]
    if clause.verb == "gain":
        score(state, seat, clause.amount, events)
        return False
    if clause.verb == "devour":
        if not others_reefs(state, seat):
            return False
        flow.call(state, "pick", seat, card=card, verb="devour")
        return True
    if clause.verb == "cull":
        asked = [s for s in flow.clockwise_from(seat + 1, state.players) if s != seat and state.reefs[s]]
        return flow.fan_out(state, "pick", asked, card=card, verb="kill") is not None
    if clause.verb == "tide":
        krill = sorted(c for reef in state.reefs for c in reef if CARDS[c].kind == "krill")
        entries = [(owner(state, c), c) for c in krill]
        return flow.fan_out_each(state, "spare", entries, card=card) is not None
    if clause.verb == "peek":
        seen, state.deck[:PEEK] = state.deck[:PEEK], []
        if not seen:
            return False
        for c in seen:
            events.add(Moved(f"card:{c}", "deck", f"peek:{seat}", known_to=(seat,)))
            events.add(Revealed(f"card:{c}", f"peek:{seat}", to=(seat,)))
        flow.call(state, "pick", seat, card=card, verb="keep", seen=seen)
        return True
    raise ValueError(f"unknown verb {clause.verb!r}")


def finish_clause(state: ChainState, frame: Frame, clause: Clause, answer: Any, events: Events) -> None:
    """Every answer to a clause is in: its effects happen, in the order asked."""
    if clause.verb == "devour":
        die(state, answer, events)
    elif clause.verb == "cull":
        for entry in answer:
            die(state, entry["answer"], events)
    elif clause.verb == "tide":
        gone = [entry for entry in answer if entry["answer"] == "release"]
        for entry in gone:
            die(state, entry["subject"], events)
        for entry in gone:
            score(state, entry["seat"], 1, events)


# --- the decisions ------------------------------------------------------------------------------


def candidates(state: ChainState, frame: Frame) -> list[int]:
    verb = frame.data["verb"]
    if verb == "devour":
        return others_reefs(state, frame.seat)
    if verb == "kill":
        return sorted(state.reefs[frame.seat])
    return sorted(frame.data["seen"])


def legal_picks(state: ChainState, frame: Frame) -> list[Action]:
    return [Pick(card) for card in candidates(state, frame)]


def pick(state: ChainState, frame: Frame, action: Action, events: Events) -> None:
    assert isinstance(action, Pick)
    if action.card not in candidates(state, frame):
        raise IllegalAction(WRONG_PICK[frame.data["verb"]])
    verb, seat = frame.data["verb"], frame.seat
    if verb == "kill":
        flow.answered(state, action.card)
        return
    if verb == "keep":
        other = [c for c in frame.data["seen"] if c != action.card]
        state.hands[seat].append(action.card)
        state.hands[seat].sort()
        state.deck.extend(other)
        events.add(Moved(f"card:{action.card}", f"peek:{seat}", f"hand:{seat}", known_to=(seat,)))
        for c in other:
            events.add(Moved(f"card:{c}", f"peek:{seat}", "deck", known_to=(seat,)))
    flow.end(state, action.card)


WRONG_PICK = {"devour": msg("Choose a card in another player's reef."),
              "kill": msg("Choose a card of your own reef."),
              "keep": msg("Choose one of the cards you see.")}
ASKS = {"devour": msg("choose a card in another reef to devour"),
        "kill": msg("choose a card of your reef to die"),
        "keep": msg("keep one card, the other goes under the deck")}
SHORTS = {"devour": msg("Eat a card!"), "kill": msg("Give up a card!"), "keep": msg("Keep a card!")}


def pick_ask(view: ChainState, frame: Frame) -> Msg:
    return msg("{card}: {what}", card=card_name(frame.data["card"]), what=ASKS[frame.data["verb"]])


def pick_waiting(view: ChainState, frame: Frame) -> Msg:
    card, verb = card_name(frame.data["card"]), frame.data["verb"]
    if verb == "devour":
        return msg("Waiting for {player} to choose what {card} devours…", card=card)
    if verb == "kill":
        return msg("Waiting for {player} to give up a card to {card}…", card=card)
    return msg("Waiting for {player} to look at the deck…")


def legal_tides(state: ChainState, frame: Frame) -> list[Action]:
    return [Spare(), Release()]


def tide(state: ChainState, frame: Frame, action: Action, events: Events) -> None:
    flow.answered(state, "release" if isinstance(action, Release) else "spare")


def tide_ask(view: ChainState, frame: Frame) -> Msg:
    return msg("The tide: spare your {krill}, or let it go for 1 point?", krill=card_name(frame.subject))


def _never(state: Any, frame: Frame, *rest: Any) -> Any:
    raise IllegalAction(msg("Nobody decides here."))


def _nothing(state: Any, frame: Frame) -> list[Action]:
    return []


# --- bots ---------------------------------------------------------------------------------------

WORTH = {"krill": 1, "fish": 2, "seal": 3, "tide": 1, "bird": 3, "whale": 2}


class FeederBot:
    """Normal: play the card that scores most now; eat a rival's best card, give up your least;
    keep the best card seen; let a krill go when the point wins or no skua of a rival feeds."""

    def choose(self, game: Any, view: ChainState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        frame = view.frame
        assert frame is not None
        if frame.name == "turn":
            return max(actions, key=lambda a: (sum(c.amount for c in CARDS[a.card].ability if c.verb == "gain"),
                                               WORTH[CARDS[a.card].kind], -a.card))
        if frame.name == "spare":
            rivals_feed = any(CARDS[c].feeds_on == "krill" for s, reef in enumerate(view.reefs) if s != frame.seat
                              for c in reef)
            release = view.points[frame.seat] + 1 >= TARGET or not rivals_feed
            return Release() if release else Spare()
        if frame.data["verb"] == "kill":
            return min(actions, key=lambda a: (WORTH[CARDS[a.card].kind], a.card))
        return max(actions, key=lambda a: (WORTH[CARDS[a.card].kind], -a.card))


# --- the game -----------------------------------------------------------------------------------


class KrillChain(StagedGame[ChainState]):
    info = GameInfo(
        id="toy_chain",
        name="Krill Chain (toy)",
        min_players=2,
        max_players=4,
        cover="",
        kids_turns_off=("The birds and the seals do not feed on deaths.",),
        hidden=True,
        chance=True,
    )
    state_type = ChainState
    action_types = (Play, Pick, Spare, Release)
    stages = {
        "turn": Stage(legal_plays, play_card, ask=msg("Play a card into your reef"),
                      waiting=msg("Waiting for {player} to play a card…"), accepts=(Play,),
                      picture="play", short=msg("Play a card!")),
        "turn.end": Stage(_nothing, _never, auto=draw_and_pass),
        "chain": Stage(_nothing, _never, auto=run_chain),
        "ability": Stage(_nothing, _never, auto=run_ability),
        "pick": Stage(legal_picks, pick, ask=pick_ask, waiting=pick_waiting, accepts=(Pick,),
                      picture=lambda view, frame: "take" if frame.data["verb"] == "keep" else "choose",
                      short=lambda view, frame: SHORTS[frame.data["verb"]], private=("seen",)),
        "spare": Stage(legal_tides, tide, ask=tide_ask, waiting=msg("Waiting for {player} to face the tide…"),
                       buttons={"spare": msg("Spare it"), "release": msg("Let it go")}, accepts=(Spare, Release),
                       picture="choose", short=msg("Keep your krill?")),
    }

    def deal(self, options: Options, rng: Rng) -> ChainState:
        return deal(options, rng)

    def view(self, state: ChainState, seat: int) -> ChainState:
        view = self.clone(state)
        for other, hand in enumerate(view.hands):
            if other != seat:
                view.hands[other] = [HIDDEN] * len(hand)
        view.deck = [HIDDEN] * len(view.deck)
        view.rng = Rng(0)
        return view

    def resample(self, view: ChainState, seat: int, rng: Rng) -> ChainState:
        state = self.clone(view)
        seen = set(state.hands[seat]) | set(state.discard)
        for reef in state.reefs:
            seen.update(reef)
        peeks = [f for f in state.flow if "seen" in f.data]
        for frame in peeks:
            seen.update(c for c in frame.data["seen"] if c != HIDDEN)
        unseen = [c for c in range(len(CARDS)) if c not in seen]
        rng.shuffle(unseen)
        for other, hand in enumerate(state.hands):
            if other != seat:
                state.hands[other] = sorted(unseen[:len(hand)])
                del unseen[:len(hand)]
        for frame in peeks:
            if HIDDEN in frame.data["seen"]:
                count = len(frame.data["seen"])
                frame.data["seen"] = unseen[:count]
                del unseen[:count]
        if len(unseen) != len(state.deck):
            raise ValueError("the view does not fit the cards of the game")
        state.deck = unseen
        state.rng = Rng(rng.next64())
        return state

    def components(self, state: ChainState) -> Counter[str]:
        piles = state.hands + state.reefs + [state.deck, state.discard]
        piles += [f.data["seen"] for f in state.flow if "seen" in f.data]
        return Counter(f"card:{c}" for pile in piles for c in pile)

    def result(self, state: ChainState) -> Result:
        scores = tuple(state.points)
        best = max(scores)
        over = self.is_over(state)
        reason: Msg | str = ""
        if over:
            reason = (msg("{player} reached {n} points.", player=seat_ref(state.winner), n=TARGET)
                      if state.winner >= 0 else msg("Nobody holds a card any more."))
        return Result(scores, tuple(s for s, v in enumerate(scores) if v == best), (Term("points", "Points"),),
                      tuple({"points": p} for p in scores), over, reason)

    def targets(self, view: ChainState, action: Action) -> tuple[str, ...]:
        if isinstance(action, (Play, Pick)):
            return (f"card:{action.card}",)
        frame = view.frame
        return (f"card:{frame.subject}",) if frame is not None and frame.subject is not None else ()

    def describe(self, state: ChainState, action: Action) -> Msg | str:
        frame = state.frame
        if isinstance(action, Play):
            return msg("plays {card}", card=card_name(action.card))
        if isinstance(action, Pick) and frame is not None:
            verb = frame.data.get("verb")
            if verb == "keep":
                return msg("keeps one of the cards and puts the other under the deck")
            if verb == "kill":
                return msg("gives up {card}", card=card_name(action.card))
            return msg("devours {card}", card=card_name(action.card))
        if isinstance(action, Spare):
            return msg("spares the krill")
        if isinstance(action, Release):
            return msg("lets the krill go")
        return action.kind

    def turns(self, state: ChainState) -> int:
        return state.turns

    def bots(self) -> dict[str, Any]:
        return {"easy": RandomBot(), "normal": FeederBot()}


RULES = KrillChain()
register(RULES)
