"""Avalanche: a toy climbing race proving an ordered fan-out to several seats, and buttons.

Rules (2 to 4 players; perfect information, no chance)

- Board: a mountain of rows 0 (base camp) to the summit (row 4; the "mountain" variant, for 2 or 3
  players only: row 6). Each player is a rope team of its own colour (red, gold, teal or violet, each
  with its shape: the seats' colours are the game's, chosen at setup) with three explorers at base
  camp, one avalanche and one anchor.
- Turn: either climb or start an avalanche.
  - Climb: pick one of your explorers below the summit, then climb it one or two rows (not past
    the summit). Until you climb you may go back and pick again.
  - Avalanche (once a game): name a row between base camp and the summit where another player has
    an explorer. Every other player with an explorer on that row, one at a time and clockwise from
    you, slides one of those explorers down a row, or holds on by spending their anchor (Pass).
    You may go back before you name the row.
- End: when a player has two explorers on the summit, or after six rounds. Each explorer scores
  its row, and each on the summit 3 more. The highest score wins; ties share the win.
- Kids' mode: no avalanches.

How it uses the contract

- Frames: ``climb.pick`` (the turn's own), replaced (``flow.goto``) by ``climb.rows`` or
  ``avalanche.row`` and back; naming a row replaces the turn's frame by ``avalanche.done`` and
  pushes ``avalanche.flee`` (``flow.fan_out``), which passes from seat to seat (``flow.answered``)
  and pops after the last; ``avalanche.done`` then ends the turn by itself.
- Buttons: ``avalanche``, ``back`` and ``pass``; every other action is a choice.
- Undo: every step of the active player's own choice can be taken back (no barrier, same seat).
- Things: ``explorer:S:E``, ``row:R``, ``anchor:S``, ``avalanche:S``.
- Setup: the base class checks the options (``check_options``: 2 to 4 players, "Six rows" only at 2
  or 3, a rope each) and the toy writes only its deal; ``GameInfo.seat_colours`` are its ropes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import flow
from game.core.bots import RandomBot
from game.core.contract import Action, GameInfo, Options, Result, SeatColour, State, Term, Variant
from game.core.errors import IllegalAction
from game.core.events import Changed, Events, Logged, Moved, Scored
from game.core.flow import Frame
from game.core.messages import Msg, msg
from game.core.registry import register
from game.core.rng import Rng
from game.core.spaces import ActionSpace
from game.core.stages import Stage, StagedGame

EXPLORERS = 3
ROPES = (
    SeatColour("red", "Red rope", "#C8102E", "triangle"),
    SeatColour("gold", "Gold rope", "#FFC72C", "square"),
    SeatColour("teal", "Teal rope", "#00A3AD", "diamond"),
    SeatColour("violet", "Violet rope", "#7A4FBF", "star"),
)
"""The rope teams: the seats' colours are the game's own (as ILAN's expeditions are)."""
ROUNDS = 6
SUMMIT_BONUS = 3


@dataclass(frozen=True)
class Pick(Action):
    kind = "pick"
    explorer: int


@dataclass(frozen=True)
class Climb(Action):
    kind = "climb"
    rows: int


@dataclass(frozen=True)
class Back(Action):
    kind = "back"


@dataclass(frozen=True)
class Avalanche(Action):
    kind = "avalanche"


@dataclass(frozen=True)
class Strike(Action):
    """Name the row the avalanche sweeps."""

    kind = "strike"
    row: int


@dataclass(frozen=True)
class Slide(Action):
    kind = "slide"
    explorer: int


@dataclass(frozen=True)
class Pass(Action):
    """Hold on: spend the anchor instead of sliding."""

    kind = "pass"


@dataclass
class AvalancheState(State):
    rows: list[list[int]] = field(default_factory=list)
    """rows[seat][explorer]: the row the explorer stands on (0: base camp)."""
    summit: int = 4
    avalanches: list[int] = field(default_factory=list)
    anchors: list[int] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    """The tokens spent so far (``avalanche`` and ``anchor``), kept so that nothing disappears."""
    turns: int = 0

    @property
    def players(self) -> int:
        return len(self.rows)


# --- the rules, one function per section ------------------------------------------------------


def setup(options: Options, rng: Rng) -> AvalancheState:
    state = AvalancheState(
        rng=rng,
        rows=[[0] * EXPLORERS for _ in range(options.players)],
        summit=int(options.variants["mountain"]),
        avalanches=[0 if options.kids else 1] * options.players,
        anchors=[1] * options.players,
    )
    flow.start(state, "climb.pick", 0)
    return state


def at_summit(state: AvalancheState, seat: int) -> int:
    return sum(1 for row in state.rows[seat] if row == state.summit)


def struck_rows(state: AvalancheState, seat: int) -> list[int]:
    """The rows an avalanche of ``seat`` may sweep: another player has an explorer there."""
    return [r for r in range(1, state.summit)
            if any(r in state.rows[o] for o in range(state.players) if o != seat)]


def end_turn(state: AvalancheState, events: Events) -> None:
    seat = state.turn_seat
    assert seat is not None
    state.turns += 1
    if any(at_summit(state, s) >= 2 for s in range(state.players)):
        events.add(Logged(msg("Two explorers stand on the summit.")))
        flow.finish(state)
    elif state.turns >= ROUNDS * state.players:
        events.add(Logged(msg("The mountain closes for the season.")))
        flow.finish(state)
    else:
        flow.start(state, "climb.pick", (seat + 1) % state.players)


def legal_picks(state: AvalancheState, frame: Frame) -> list[Action]:
    seat = frame.seat
    out: list[Action] = [Pick(e) for e, row in enumerate(state.rows[seat]) if row < state.summit]
    if state.avalanches[seat] and struck_rows(state, seat):
        out.append(Avalanche())
    return out


def pick_explorer(state: AvalancheState, frame: Frame, action: Action, events: Events) -> None:
    if isinstance(action, Avalanche):
        if action not in legal_picks(state, frame):
            raise IllegalAction(msg("You have no avalanche to start, or nobody to sweep."))
        flow.goto(state, "avalanche.row")
        return
    assert isinstance(action, Pick)
    if action not in legal_picks(state, frame):
        raise IllegalAction(msg("Pick one of your explorers below the summit."))
    flow.goto(state, "climb.rows", explorer=action.explorer)


def legal_climbs(state: AvalancheState, frame: Frame) -> list[Action]:
    row = state.rows[frame.seat][frame.data["explorer"]]
    return [Climb(n) for n in (1, 2) if row + n <= state.summit] + [Back()]


def climb(state: AvalancheState, frame: Frame, action: Action, events: Events) -> None:
    if isinstance(action, Back):
        flow.goto(state, "climb.pick")
        return
    if action not in legal_climbs(state, frame):
        raise IllegalAction(msg("Your explorer cannot climb past the summit."))
    assert isinstance(action, Climb)
    seat, explorer = frame.seat, frame.data["explorer"]
    row = state.rows[seat][explorer]
    state.rows[seat][explorer] = row + action.rows
    events.add(Moved(f"explorer:{seat}:{explorer}", f"row:{row}", f"row:{row + action.rows}"))
    events.add(Scored(seat, action.rows, "height"))
    if row + action.rows == state.summit:
        events.add(Scored(seat, SUMMIT_BONUS, "summit"))
    end_turn(state, events)


def legal_strikes(state: AvalancheState, frame: Frame) -> list[Action]:
    return [Strike(r) for r in struck_rows(state, frame.seat)] + [Back()]


def strike(state: AvalancheState, frame: Frame, action: Action, events: Events) -> None:
    if isinstance(action, Back):
        flow.goto(state, "climb.pick")
        return
    if action not in legal_strikes(state, frame):
        raise IllegalAction(msg("Name a row below the summit where another player has an explorer."))
    assert isinstance(action, Strike)
    seat = frame.seat
    state.avalanches[seat] -= 1
    state.used.append("avalanche")
    events.add(Changed(f"avalanche:{seat}", 0))
    hit = [o for o in range(state.players) if o != seat and action.row in state.rows[o]]
    flow.goto(state, "avalanche.done", row=action.row)
    flow.fan_out(state, "avalanche.flee", flow.clockwise_from(seat, state.players, only=hit), row=action.row)


def legal_flights(state: AvalancheState, frame: Frame) -> list[Action]:
    seat, row = frame.seat, frame.data["row"]
    out: list[Action] = [Slide(e) for e, r in enumerate(state.rows[seat]) if r == row]
    if state.anchors[seat]:
        out.append(Pass())
    return out


def flee(state: AvalancheState, frame: Frame, action: Action, events: Events) -> None:
    if action not in legal_flights(state, frame):
        raise IllegalAction(msg("Slide one of your explorers on the swept row, or hold on with your anchor."))
    seat, row = frame.seat, frame.data["row"]
    if isinstance(action, Pass):
        state.anchors[seat] -= 1
        state.used.append("anchor")
        events.add(Changed(f"anchor:{seat}", 0))
    else:
        assert isinstance(action, Slide)
        state.rows[seat][action.explorer] = row - 1
        events.add(Moved(f"explorer:{seat}:{action.explorer}", f"row:{row}", f"row:{row - 1}"))
        events.add(Scored(seat, -1, "height"))
    flow.answered(state)


def avalanche_over(state: AvalancheState, frame: Frame, events: Events) -> None:
    end_turn(state, events)


def _never(state: Any, frame: Frame, *rest: Any) -> Any:
    raise IllegalAction(msg("Nobody decides here."))


# --- bots ---------------------------------------------------------------------------------------


class ClimberBot:
    """Normal: climb the highest explorer as far as it goes; hold on when swept if it can."""

    def choose(self, game: Any, view: AvalancheState, legal: ActionSpace, rng: Rng, deadline: float) -> Action:
        actions = legal.actions()
        frame = view.frame
        assert frame is not None
        seat = frame.seat
        if frame.name == "climb.pick":
            picks = [a for a in actions if isinstance(a, Pick)]
            return max(picks, key=lambda a: (view.rows[seat][a.explorer], -a.explorer))
        if frame.name == "climb.rows":
            return max((a for a in actions if isinstance(a, Climb)), key=lambda a: a.rows)
        if frame.name == "avalanche.flee":
            return Pass() if Pass() in actions else actions[0]
        return actions[0]


# --- the game -----------------------------------------------------------------------------------


class AvalancheGame(StagedGame[AvalancheState]):
    info = GameInfo(
        id="toy_fanout",
        name="Avalanche (toy)",
        min_players=2,
        max_players=4,
        cover="",
        variants=(Variant("mountain", "Mountain", (("4", "Four rows"), ("6", "Six rows")), players=(2, 3)),),
        kids_turns_off=("No avalanches.",),
        seat_colours=ROPES,
    )
    state_type = AvalancheState
    action_types = (Pick, Climb, Back, Avalanche, Strike, Slide, Pass)
    stages = {
        "climb.pick": Stage(legal_picks, pick_explorer, ask=msg("Pick an explorer to climb, or start an avalanche"),
                            waiting=msg("Waiting for {player} to climb…"),
                            buttons={"avalanche": msg("Start an avalanche")}, accepts=(Pick, Avalanche)),
        "climb.rows": Stage(legal_climbs, climb, ask=msg("How far does your explorer climb?"),
                            waiting=msg("Waiting for {player} to climb…"),
                            buttons={"back": msg("Back")}, accepts=(Climb, Back)),
        "avalanche.row": Stage(legal_strikes, strike, ask=msg("Name the row your avalanche sweeps"),
                               waiting=msg("Waiting for {player} to start an avalanche…"),
                               buttons={"back": msg("Back")}, accepts=(Strike, Back)),
        "avalanche.flee": Stage(legal_flights, flee, ask=msg("An avalanche! Slide an explorer down a row"),
                                waiting=msg("Waiting for {player} to escape the avalanche…"),
                                buttons={"pass": msg("Hold on with your anchor")}, accepts=(Slide, Pass)),
        "avalanche.done": Stage(lambda s, f: [], _never, auto=avalanche_over),
    }

    def deal(self, options: Options, rng: Rng) -> AvalancheState:
        return setup(options, rng)

    def view(self, state: AvalancheState, seat: int) -> AvalancheState:
        view = self.clone(state)
        view.rng = Rng(0)
        return view

    def components(self, state: AvalancheState) -> Counter[str]:
        out: Counter[str] = Counter()
        for seat, rows in enumerate(state.rows):
            out[f"explorer:{seat}"] += len(rows)
        out["avalanche"] += sum(state.avalanches)
        out["anchor"] += sum(state.anchors)
        out.update(state.used)
        return out

    def result(self, state: AvalancheState) -> Result:
        rows = [{"height": sum(r), "summit": SUMMIT_BONUS * at_summit(state, s)} for s, r in enumerate(state.rows)]
        scores = tuple(sum(row.values()) for row in rows)
        best = max(scores)
        over = self.is_over(state)
        reason: Msg | str = ""
        if over:
            reason = (msg("Two explorers stand on the summit.")
                      if any(at_summit(state, s) >= 2 for s in range(state.players))
                      else msg("The mountain closed after {n} rounds.", n=ROUNDS))
        return Result(scores, tuple(s for s, v in enumerate(scores) if v == best),
                      (Term("height", "Height"), Term("summit", "Summit")), tuple(rows), over, reason)

    def targets(self, view: AvalancheState, action: Action) -> tuple[str, ...]:
        frame = view.frame
        seat = frame.seat if frame else 0
        if isinstance(action, (Pick, Slide)):
            return (f"explorer:{seat}:{action.explorer}",)
        if isinstance(action, Strike):
            return (f"row:{action.row}",)
        if isinstance(action, Climb) and frame is not None and "explorer" in frame.data:
            return (f"row:{view.rows[seat][frame.data['explorer']] + action.rows}",)
        return ()

    def describe(self, state: AvalancheState, action: Action) -> Msg | str:
        frame = state.frame
        if isinstance(action, Pick):
            return msg("picks explorer {n}", n=action.explorer + 1)
        if isinstance(action, Climb):
            return msg("climbs {rows} rows", rows=action.rows) if action.rows > 1 else msg("climbs one row")
        if isinstance(action, Back):
            return msg("goes back")
        if isinstance(action, Avalanche):
            return msg("prepares an avalanche")
        if isinstance(action, Strike):
            return msg("sends an avalanche down row {row}", row=action.row)
        if isinstance(action, Slide):
            row = frame.data.get("row", 0) if frame else 0
            return msg("slides explorer {n} down to row {row}", n=action.explorer + 1, row=row - 1)
        if isinstance(action, Pass):
            return msg("holds on with the anchor")
        return action.kind

    def turns(self, state: AvalancheState) -> int:
        return state.turns

    def bots(self) -> dict[str, Any]:
        return {"easy": RandomBot(), "normal": ClimberBot()}


RULES = AvalancheGame()
register(RULES)
