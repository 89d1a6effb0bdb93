"""The rules contract every game implements (the full page: game/core/CONTRACT.md)."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from game.core import prompt as prompts
from game.core.clone import clone
from game.core.codec import OMIT_DEFAULT, decode_action, from_data, to_data
from game.core.errors import IllegalAction, InvalidAction
from game.core.events import NO_EVENTS, Event, Events, is_barrier
from game.core.flow import Frame
from game.core.messages import Msg, msg, msg_n
from game.core.rng import Rng
from game.core.spaces import ActionSpace, ContinuousSpace, as_space

HIDDEN = -1
"""Stands for a card or piece a seat may not see, in a view."""


@dataclass(frozen=True)
class Action:
    """Base of every action: a small frozen value; subclasses set ``kind``."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return to_data(self)


@dataclass
class State:
    """Base of every game state: the RNG and the prompt stack (game/core/flow.py)."""

    rng: Rng
    flow: list[Frame] = field(default_factory=list)

    @property
    def to_act(self) -> int | None:
        """The seat that decides now: the top frame's (None once the game is over)."""
        return self.flow[-1].seat if self.flow else None

    @property
    def turn_seat(self) -> int | None:
        """Whose turn it is: the bottom frame's seat, even while another seat answers."""
        return self.flow[0].seat if self.flow else None

    @property
    def frame(self) -> Frame | None:
        return self.flow[-1] if self.flow else None


class FrozenDict(dict):
    """A dict that cannot change after it is made, so it can be hashed (Options.variants)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("options cannot change once made")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]  # ``variants |= {...}`` would change it in place

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __deepcopy__(self, memo: dict) -> FrozenDict:
        return self

    def __reduce__(self) -> Any:
        return (FrozenDict, (dict(self),))


class OptionsError(ValueError):
    """Options a game cannot be set up with (a player count it is not for, a variant at a count it
    does not hold for, two seats of one colour); ``message`` is the sentence saying why."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message.render()


@dataclass(frozen=True)
class Options:
    """How a game is set up. Hashable: a value that can key a cache or a set."""

    players: int
    names: tuple[str, ...] = ()
    kids: bool = False
    variants: dict[str, str] = field(default_factory=dict)
    colours: tuple[str, ...] = field(default=(), metadata=OMIT_DEFAULT)
    """For a game that fixes its seats' colours (``GameInfo.seat_colours``): the key of each seat's,
    seat by seat; empty, they are dealt in the order the game lists them."""

    def __post_init__(self) -> None:
        if not isinstance(self.variants, FrozenDict):
            object.__setattr__(self, "variants", FrozenDict(self.variants))
        if not isinstance(self.names, tuple):
            object.__setattr__(self, "names", tuple(self.names))
        if not isinstance(self.colours, tuple):
            object.__setattr__(self, "colours", tuple(self.colours))

    def __hash__(self) -> int:
        return hash((self.players, self.names, self.kids, hash(self.variants), self.colours))

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"


@dataclass(frozen=True)
class Variant:
    """An option of a game's setup: ``key`` takes one of ``choices`` (first is the default).
    ``players``: the player counts it holds for (empty: every count); at another count the game is
    played with the default, the setup does not offer it, and Options choosing another are refused."""

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]
    players: tuple[int, ...] = ()

    @property
    def default(self) -> str:
        return self.choices[0][0]

    def holds_for(self, players: int) -> bool:
        return not self.players or players in self.players

    def counts(self) -> Msg:
        """The player counts it holds for, in words ("2 or 3 players")."""
        return player_counts(self.players)


def player_counts(players: Iterable[int]) -> Msg:
    """Player counts in words: "3 players", "2 or 3 players", "2, 3 or 5 players", "2 to 4 players"
    (a run of three or more); what a variant holds for and what a game is for are said alike."""
    counts = sorted(players)
    if len(counts) == 1:
        return msg_n("{n} player", "{n} players", counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        return msg("{low} to {high} players", low=counts[0], high=counts[-1])
    return msg("{some} or {last} players", some=", ".join(map(str, counts[:-1])), last=counts[-1])


SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross")
"""The shapes a player's colour comes with (DESIGN.md), so no player is told apart by colour alone."""


@dataclass(frozen=True)
class SeatColour:
    """A colour a game fixes for a seat (an ILAN expedition, a Dominant Species animal): its key
    (what Options.colours holds), its name (translated when shown), ``rgb`` ("#RRGGBB") and its
    shape, one of SHAPES."""

    key: str
    name: str
    rgb: str
    shape: str

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"{self.key}: the shape {self.shape!r} is not one of {SHAPES}")
        if len(self.rgb) != 7 or not self.rgb.startswith("#"):
            raise ValueError(f"{self.key}: the colour {self.rgb!r} is not #RRGGBB")


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    cover: str
    """Path of the cover art under assets/."""
    variants: tuple[Variant, ...] = ()
    kids_turns_off: tuple[str, ...] = ()
    """Plain sentences: what kids' mode turns off."""
    rules_text: str = ""
    """Path of the rules reference under assets/."""
    hidden: bool = False
    """Some things are hidden from some seats (a hand, the order of a face-down stack): resample is
    needed, and humans hand over the screen unless ``private`` says False."""
    chance: bool = False
    """Shuffles, draws or dice (the state's RNG is used)."""
    physics: bool = False
    """Some actions are completed by a resolver in physics/<game>/ (see Game.resolved)."""
    play_minutes: tuple[int, int] | None = None
    """How long a game usually takes, (shortest, longest) in minutes; the same twice for "about N";
    None when nobody has said (the menu then shows only the players)."""
    private: bool | None = None
    """Seats hold things only they may see, so humans hand the screen over between turns. None: the
    same as ``hidden``; False for a game whose hidden things nobody sees (every seat's view is the
    same, which the conformance suite checks)."""
    fewest_wins: bool = False
    """The numbers a player sees are counts against them (cards left) and the fewest wins. The
    result's scores and breakdown are those counts negated, so that higher is better in every
    piece of code; what a screen shows goes through ``shown``."""
    seat_colours: tuple[SeatColour, ...] = ()
    """The colours the game fixes for its seats, at least one per seat (ILAN's expeditions): the
    setup offers these instead of the family's free colours, and ``Options.colours`` says which
    seat has which. Empty: the family's colours, which the rules never see."""

    def __post_init__(self) -> None:
        if self.seat_colours and len(self.seat_colours) < self.max_players:
            raise ValueError(f"{self.id}: {self.max_players} seats need as many colours")
        if len({c.key for c in self.seat_colours}) != len(self.seat_colours):
            raise ValueError(f"{self.id}: two seat colours share a key")

    @property
    def hands_over(self) -> bool:
        """Whether humans hand the screen over between turns (see ``private``)."""
        return self.hidden if self.private is None else self.private

    def shown(self, score: int) -> int:
        """A score, or one of its terms, as the player reads it (the count itself when the fewest wins)."""
        return -score if self.fewest_wins else score

    def counts(self) -> Msg:
        """The player counts the game is for, in words ("2 to 6 players", "2 or 3 players")."""
        return player_counts(range(self.min_players, self.max_players + 1))


@dataclass(frozen=True)
class Term:
    key: str
    label: str


@dataclass(frozen=True)
class Result:
    """Scores by seat, with a per-term breakdown (terms in display order) and the winners."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    terms: tuple[Term, ...]
    breakdown: tuple[dict[str, int], ...]
    final: bool
    reason: Msg | str = ""
    """Why the game ended (empty while it goes on), e.g. "Ana has 7 cards in one location"."""

    def to_json(self) -> dict[str, Any]:
        return to_data(self)


@dataclass(frozen=True)
class Transition:
    """One step: the new state, what happened, and whether it can be undone."""

    state: Any
    events: tuple[Event, ...]
    barrier: bool
    """True when the step revealed something hidden or drew from the RNG."""


S = TypeVar("S", bound=State)
Resolver = Callable[[Any, Any, Any], Any]
"""(game, view, intent) -> the full action with its outcome; lives in physics/<game>/."""


class Game(ABC, Generic[S]):
    """One game's rules. Pure: no public method mutates a state it is given."""

    info: ClassVar[GameInfo]
    version: ClassVar[int] = 1
    state_type: ClassVar[type]
    action_types: ClassVar[tuple[type, ...]]
    resolved: ClassVar[dict[type, type]] = {}
    """Intent type -> the type of the full action a resolver makes of it (physics games)."""
    migrations: ClassVar[dict[int, Callable[[list[dict[str, Any]]], list[dict[str, Any]]]]] = {}
    """Record version k -> a function turning version k's actions into version k+1's."""
    positions_carry_rng: ClassVar[bool] = True
    """False when a position file does not hold the RNG's state (``from_position`` seeds a new one):
    the conformance suite then compares a position round trip with the RNG aside."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        info = cls.__dict__.get("info")
        if isinstance(info, GameInfo) and info.hidden and cls.resample is Game.resample:
            raise TypeError(f"{info.id} has hidden information, so its rules must implement resample")
        if isinstance(info, GameInfo) and cls.deal is Game.deal and cls.new_game is Game.new_game:
            raise TypeError(f"{info.id} must write deal (its own setup) or new_game")

    # --- what a game implements -------------------------------------------------------------
    def deal(self, options: Options, rng: Rng) -> S:
        """The game's own setup: the state at the start of a game, keeping ``rng`` (seeded from the
        game's seed) as its RNG. ``new_game`` has checked ``options`` and filled in every variant
        (``options.variants[key]`` holds its choice); ``colours_of(options)`` gives the seats' fixed
        colours."""
        raise NotImplementedError(f"{type(self).__name__} must write deal (or new_game)")

    @abstractmethod
    def legal_actions(self, state: S) -> ActionSpace | Sequence[Action]:
        """The legal actions of ``state.to_act``: a list, or a space; it also works on that seat's view."""

    @abstractmethod
    def step(self, state: S, action: Action, events: Events = NO_EVENTS) -> None:
        """Apply ``action`` to ``state`` in place, reporting events; raise IllegalAction with a reason."""

    @abstractmethod
    def view(self, state: S, seat: int) -> S:
        """A copy with everything ``seat`` may not see replaced by HIDDEN (the RNG included)."""

    @abstractmethod
    def result(self, state: S) -> Result: ...

    @abstractmethod
    def components(self, state: S) -> Counter[str]:
        """Every card and piece in the game, counted; the same at every step of a game."""

    # --- hooks with defaults ----------------------------------------------------------------
    def new_game(self, options: Options, seed: int) -> S:
        """A new game: ``options`` refused with a sentence (OptionsError) when the game cannot be
        set up with them (``check_options``), then ``deal`` with every variant filled in and an RNG
        seeded from ``seed``."""
        self.check_options(options)
        return self.deal(self.complete(options), Rng.from_seed(seed))

    def check_options(self, options: Options) -> None:
        """Raise OptionsError when the game cannot be set up with ``options``: a player count it is
        not for, a variant or a choice it does not have, a variant at a count it does not hold for,
        seat colours it does not fix, one seat without one or two seats sharing one."""
        info = self.info
        if not info.min_players <= options.players <= info.max_players:
            raise OptionsError(msg("{game} is for {counts}.", game=msg(info.name), counts=info.counts()))
        variants = {v.key: v for v in info.variants}
        for key, choice in options.variants.items():
            variant = variants.get(key)
            if variant is None:
                raise OptionsError(msg("{game} has no option called {key}.", game=msg(info.name), key=key))
            labels = dict(variant.choices)
            if choice not in labels:
                raise OptionsError(msg("{option} has no choice called {choice}.", option=msg(variant.label),
                                       choice=choice))
            if choice != variant.default and not variant.holds_for(options.players):
                raise OptionsError(msg("{choice} is only for {counts}.", choice=msg(labels[choice]),
                                       counts=variant.counts()))
        if not options.colours:
            return
        keys = {c.key for c in info.seat_colours}
        if not keys:
            raise OptionsError(msg("{game} has no colours of its own for the seats.", game=msg(info.name)))
        if len(options.colours) != options.players:
            raise OptionsError(msg_n("Give the one seat a colour.", "Give each of the {n} seats a colour.",
                                     options.players))
        unknown = [c for c in options.colours if c not in keys]
        if unknown:
            raise OptionsError(msg("{game} has no colour called {key}.", game=msg(info.name), key=unknown[0]))
        if len(set(options.colours)) != len(options.colours):
            raise OptionsError(msg("Two seats cannot have the same colour."))

    def complete(self, options: Options) -> Options:
        """``options`` with every variant it leaves out at its default."""
        defaults = {v.key: v.default for v in self.info.variants}
        if defaults.keys() <= options.variants.keys():
            return options
        return dataclasses.replace(options, variants={**defaults, **options.variants})

    def colours_of(self, options: Options) -> tuple[SeatColour, ...]:
        """Each seat's fixed colour (``GameInfo.seat_colours``): those ``options`` chose, else the
        game's in the order it lists them; empty for a game that fixes none."""
        fixed = self.info.seat_colours
        if not options.colours:
            return fixed[: options.players]
        by_key = {c.key: c for c in fixed}
        return tuple(by_key[key] for key in options.colours)

    def bots(self) -> dict[str, Any]:
        """The game's own bots by level (game.core.bots: ``"easy"``, ``"normal"``, ``"hard"``, and
        ``"hint"`` for the table's Hint), each answering ``choose(game, view, space, rng, deadline)``
        from a seat's view alone. A level left out falls back (``bots.bot_for``): easy samples the
        space, hard searches with the normal bot (SearchBot), hint is the normal bot, normal is
        easy. None by default: every level falls back."""
        return {}

    def clone(self, state: S) -> S:
        """A deep copy, equal to a JSON round trip: written from the state's type hints (game/core/clone.py)."""
        return clone(state)

    def resample(self, view: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``view`` (what ``seat`` has seen): hidden parts drawn with
        ``rng``. Games with hidden information must implement it (checked when the class is made);
        for the others the view is the whole state but for the RNG, so a new RNG is drawn."""
        state = self.clone(view)
        state.rng = Rng(rng.next64())
        return state

    def prompt(self, view: S, seat: int) -> prompts.Prompt:
        """What to show ``seat``: by default every listed legal action is a choice."""
        if view.to_act is None:
            return prompts.over()
        waiting = msg("Waiting for {player}…")
        frame = view.frame.name if view.frame is not None else ""
        if seat != view.to_act:
            return prompts.Prompt(view.to_act, waiting, waiting=waiting, frame=frame)
        return prompts.build(self, view, seat, self.space(view), msg("Your move"), waiting, frame=frame)

    def targets(self, view: S, action: Action) -> tuple[str, ...]:
        """The things ``action`` is about, for lighting them (default: its whole-number fields)."""
        return prompts.field_targets(action)

    def why_not(self, view: S, thing: str, focus: str | None = None) -> Msg | str | None:
        """The rules' sentence for a click on ``thing`` (with ``focus`` picked up first) that none of
        the prompt's choices targets: why no move about it is legal now, as the ``IllegalAction`` of
        the move the click most likely meant says it (``prompt.refusal`` tries one). None (the
        default): the table says the prompt's own sentence."""
        return None

    def describe(self, state: S, action: Action) -> Msg | str:
        """One log line telling what ``action`` does, in the acting player's terms."""
        return action.kind

    def hint_reason(self, view: S, action: Action) -> Msg | None:
        """One sentence saying why ``action`` (the normal bot's choice from ``view``) is a good move,
        for the table's Hint; None when the game cannot tell."""
        return None

    def log_audience(self, state: S, action: Action) -> tuple[int, ...] | None:
        """Who may read the log line of ``action`` (from the state before it): None for everyone,
        or the seats that may (a card marked in a hidden hand is the actor's own business)."""
        return None

    def from_position(self, data: dict[str, Any]) -> S:
        """Build a state from a position file's data (the game's own terms)."""
        return self.state_from_json(data)

    def to_position(self, state: S) -> dict[str, Any]:
        """The position file's data of ``state`` (from_position reads it back)."""
        return self.state_to_json(state)

    def longest_game(self, players: int) -> tuple[Options, int, list[Action]] | None:
        """The longest game the developers know how to play (options, seed, actions), for the
        bench's load time; None where a game has no bound worth measuring."""
        return None

    def turns(self, state: S) -> int:
        """How many turns the players have completed; 0 where a game does not count turns."""
        return 0

    def ending(self, state: S) -> str:
        """How a finished game ended, in a word that ``polar-table selfplay`` counts over games (Ice
        Flow: ``win`` or ``round_cap``, its safeguard); empty for a game that ends one way only."""
        return ""

    def score_details(self, state: S) -> dict[str, Any]:
        """The game's own numbers a player checks a score by, which ``polar-table score`` prints beside
        the result (Ice Flow: each explorer's hex steps still to go); empty by default."""
        return {}

    def intent(self, action: Action) -> Action | None:
        """For a resolved action, the intent it was made from (None for every other action)."""
        if type(action) in self.resolved.values():
            return getattr(action, "intent", None)
        return None

    def needs_resolver(self, action: Action) -> bool:
        return type(action) in self.resolved

    # --- optional: achievements and the score pad's pictures --------------------------------
    def achievements(self, state: S, seat: int) -> set[str]:
        """Ids of the achievements ``seat`` completed in this finished game (none by default)."""
        return set()

    def achievement_names(self) -> dict[str, str]:
        """Every achievement of the game, id -> its name (translated), in display order."""
        return {}

    def achievement_title(self, count: int) -> str:
        """The title of a player who has completed ``count`` of the game's achievements ("": none)."""
        return ""

    def term_icons(self) -> dict[str, str]:
        """Result term key -> the path (under assets/) of a picture for it, for kids' score pads."""
        return {}

    # --- shared behaviour -------------------------------------------------------------------
    def is_over(self, state: S) -> bool:
        return state.to_act is None

    def space(self, state: S) -> ActionSpace:
        """The legal actions as a space (a list becomes a ListSpace)."""
        if state.to_act is None:
            return as_space([])
        return as_space(self.legal_actions(state))

    def is_legal(self, state: S, action: Action) -> bool:
        """Whether ``action`` may be applied now (a resolved action: whether its intent may)."""
        if state.to_act is None:
            return False
        return self.space(state).contains(self.intent(action) or action)

    def advance(self, state: S, action: Action, check: bool = True) -> Transition:
        """Apply ``action`` to a copy and report what happened. ``check=False`` skips the legality
        check: only for bots and search, which take their actions from the space."""
        if state.to_act is None:
            raise IllegalAction(msg("The game is over."))
        if not isinstance(action, self.action_types):
            raise InvalidAction(msg("That is not an action of this game."))
        if self.needs_resolver(action):
            raise IllegalAction(msg("This move needs the physics to work out where everything lands."))
        if check and not self.is_legal(state, action):
            self._refuse(state, action)
        new = self.clone(state)
        events = Events()
        self.step(new, action, events)
        barrier = is_barrier(events.items) or new.rng != state.rng
        return Transition(new, tuple(events.items), barrier)

    def _refuse(self, state: S, action: Action) -> None:
        """Raise the rules' own sentence for an illegal action (or a general one)."""
        space = self.space(state)
        intent = self.intent(action) or action
        if isinstance(space, ContinuousSpace) and type(intent) is space.action_type and not space.contains(intent):
            raise InvalidAction(msg("That move is out of bounds: {why}.", why=space.why_not(intent)))
        self.step(self.clone(state), action)
        raise IllegalAction(msg("That move is not allowed right now."))

    def apply(self, state: S, action: Action, check: bool = True) -> S:
        return self.advance(state, action, check).state

    def state_to_json(self, state: S) -> dict[str, Any]:
        return to_data(state)

    def state_from_json(self, data: Any) -> S:
        return from_data(self.state_type, data, "state")

    def action_from_json(self, data: Any) -> Action:
        return decode_action(data, self.action_types)

    def default_options(self, players: int | None = None, kids: bool = False) -> Options:
        return Options(
            players=players or self.info.min_players,
            kids=kids,
            variants={v.key: v.default for v in self.info.variants},
        )

    def option_sets(self) -> list[Options]:
        """Every player count with each variant choice (at the counts it holds for) and kids' mode,
        and for a game that fixes its seats' colours the fewest players with the last colours in
        reverse order: what conformance runs."""
        out = []
        for players in range(self.info.min_players, self.info.max_players + 1):
            out.append(self.default_options(players))
            out.append(self.default_options(players, kids=True))
            for variant in self.info.variants:
                if not variant.holds_for(players):
                    continue
                for key, _label in variant.choices[1:]:
                    base = self.default_options(players)
                    out.append(dataclasses.replace(base, variants={**base.variants, variant.key: key}))
        fixed = [c.key for c in self.info.seat_colours]
        if fixed:
            fewest = self.info.min_players
            out.append(dataclasses.replace(self.default_options(fewest), colours=tuple(fixed[::-1][:fewest])))
        return out
