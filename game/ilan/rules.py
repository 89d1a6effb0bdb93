"""ILAN: Discovering Antarctic Life, the rules contract (stages, view, resample, result).

The turn's steps are in turns.py and web.py; the cards' abilities run in abilities/ (one interpreter
for all 108 cards, which are data: cards.py); where cards are and how they move is places.py; what
sets off passives is passives.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.contract import HIDDEN, Action, GameInfo, Options, Result, Term, Variant
from game.core.errors import IllegalAction
from game.core.events import NO_EVENTS
from game.core.flow import Frame
from game.core.i18n import N_
from game.core.messages import Msg, msg, seat_ref
from game.core.registry import register
from game.core.rng import Rng
from game.core.stages import Stage, StagedGame
from game.ilan import achievements as achievement_rules
from game.ilan import turns, web
from game.ilan.abilities import choices, run
from game.ilan.abilities.run import candidates, needs
from game.ilan.bots import EasyBot, HardBot, NormalBot
from game.ilan.cards import all_cards, card
from game.ilan.data import seat_colours
from game.ilan.describe import describe_action, log_audience, targets_of
from game.ilan.hints import hint_reason
from game.ilan.places import SOURCES
from game.ilan.position import position_from_state, state_from_position
from game.ilan.setup import DRAWN, FIRST, new_state
from game.ilan.state import (
    ABILITY,
    ACTION_TYPES,
    CHAIN,
    CHOOSE,
    LIMITS,
    NEXT,
    PICK,
    START,
    TURN,
    WEB,
    Back,
    Collect,
    Done,
    Draw,
    DrawAndPlay,
    IlanState,
    No,
    Option,
    Pick,
    PlayCard,
    Yes,
)

HIDDEN_FACTORS = HIDDEN - 1
"""A factors card in another player's hand: its back is seen, not its face."""


def _nothing(state: Any, frame: Frame) -> list[Action]:
    return []


def _never(state: Any, frame: Frame, *rest: Any) -> None:
    raise IllegalAction(msg("Nobody decides here."))


def turn_ask(view: IlanState, frame: Frame) -> Msg:
    t, seat = view.turn, frame.seat
    if t.web:
        return msg("Draw a card from either deck to end your turn.")
    if not turns.bio_done(view, seat):
        if t.factors_played or view.kids:
            return msg("Play a biodiversity card into your ecosystem.")
        return msg("Play a biodiversity card into your ecosystem (and a factors card before or after, if you like).")
    if turns.may_draw_and_play(view, seat):
        return msg("You began with no biodiversity card: draw one and play it at once, or go on.")
    if web.web_ready(view, seat):
        return msg("Collect a trophic web, or draw a card to end your turn.")
    return msg("Draw a card from either deck to end your turn.")


def turn_short(view: IlanState, frame: Frame) -> Msg:
    if not turns.bio_done(view, frame.seat):
        return msg("Play a card!")
    if not view.turn.web and web.web_ready(view, frame.seat):
        return msg("Make a web!")
    return msg("Take a card!")


STAGES: dict[str, Stage] = {
    START: Stage(_nothing, _never, auto=turns.start_turn),
    TURN: Stage(
        turns.turn_legal, turns.turn_step, ask=turn_ask, waiting=msg("{player} is playing…"),
        buttons={"draw_and_play": msg("Draw and play"), "collect": msg("Collect a web")},
        accepts=(PlayCard, DrawAndPlay, Collect, Draw), picture="play", short=turn_short,
    ),
    WEB: Stage(
        web.web_legal, web.web_step,
        ask=msg("Choose the cards of your web, one of each colour (4 or 5 colours, a green one among them)."),
        waiting=msg("{player} is collecting a trophic web…"),
        buttons={"done": msg("Collect"), "back": msg("Not now")}, accepts=(Pick, Done, Back),
        picture="choose", short=msg("One of each colour!"),
    ),
    LIMITS: Stage(
        turns.limits_legal, turns.discard_surplus,
        ask=msg("You hold too many cards: discard down to 6 biodiversity cards in hand and 8 in your ecosystem."),
        waiting=msg("{player} is discarding down to the limits…"), accepts=(Pick,),
        picture="choose", short=msg("Too many cards!"),
    ),
    NEXT: Stage(_nothing, _never, auto=turns.next_turn),
    CHAIN: Stage(_nothing, _never, auto=turns.run_chain),
    ABILITY: Stage(_nothing, _never, auto=run.run_ability),
    PICK: Stage(
        choices.pick_legal, choices.pick_step, ask=choices.pick_ask, waiting=choices.pick_waiting,
        buttons={"yes": msg("Yes"), "no": msg("No"), "done": msg("Done")}, accepts=(Pick, Done, Yes, No),
        picture="choose", short=msg("Choose a card!"), private=choices.pick_private,
    ),
    CHOOSE: Stage(
        choices.choose_legal, choices.choose_step, ask=choices.choose_ask, waiting=choices.pick_waiting,
        accepts=(Option,), picture="choose", short=msg("Choose one!"),
    ),
}


class IlanRules(StagedGame[IlanState]):
    info = GameInfo(
        id="ilan",
        name="ILAN: Discovering Antarctic Life",
        min_players=2,
        max_players=5,
        cover="art/covers/ilan.svg",
        variants=(Variant(FIRST, N_("Starting player"),
                          ((DRAWN, N_("Drawn at random")), ("seat1", N_("The first player in the list")))),),
        kids_turns_off=(
            N_("No abilities and no factors cards: only trophic webs score."),
            N_("The first to 25 VP wins."),
        ),
        rules_text="rules/ilan.md",
        hidden=True,
        chance=True,
        play_minutes=(30, 45),
        seat_colours=seat_colours(),
    )
    state_type = IlanState
    action_types = ACTION_TYPES
    stages = STAGES

    def deal(self, options: Options, rng: Rng) -> IlanState:
        state = new_state(options, rng)
        self.run_auto(state, NO_EVENTS)
        return state

    def view(self, state: IlanState, seat: int) -> IlanState:
        seen = self.clone(state)
        for other, hand in enumerate(seen.hands):
            if other != seat:
                seen.hands[other] = sorted((HIDDEN if card(c).bio else HIDDEN_FACTORS) for c in hand)
        seen.bio_deck = [HIDDEN] * len(seen.bio_deck)
        seen.factors_deck = [HIDDEN] * len(seen.factors_deck)
        seen.rng = Rng(0)
        return seen

    def resample(self, view: IlanState, seat: int, rng: Rng) -> IlanState:
        state = self.clone(view)
        seen = set(state.hands[seat]) | set(state.current) | set(state.bio_discard) | set(state.factors_discard)
        seen |= set(state.played) | set(state.box)
        for eco in state.ecosystems:
            seen.update(eco)
        cards = all_cards()
        unseen_bio = [c for c in cards.bio if c not in seen]
        unseen_factors = [c for c in cards.factors if c not in seen]
        rng.shuffle(unseen_bio)
        rng.shuffle(unseen_factors)
        for other, hand in enumerate(state.hands):
            if other == seat:
                continue
            state.hands[other] = [unseen_bio.pop() if c == HIDDEN else unseen_factors.pop() for c in hand]
        if len(unseen_bio) != len(state.bio_deck) or len(unseen_factors) != len(state.factors_deck):
            raise ValueError("the view does not fit the cards of the game")
        state.bio_deck, state.factors_deck = unseen_bio, unseen_factors
        self._fill_hidden_picks(state, seat, rng)
        state.rng = Rng(rng.next64())
        return state

    def _fill_hidden_picks(self, state: IlanState, seat: int, rng: Rng) -> None:
        """Private picks of other seats (cards chosen in their own hands) drawn among what they could be."""
        for frame in state.flow:
            if frame.name != PICK:
                continue
            verb = choices.verb_of(frame)
            if HIDDEN in frame.data.get("picked", []):
                pool = candidates(state, frame.data, verb, frame.seat)
                rng.shuffle(pool)
                frame.data["picked"] = pool[:len(frame.data["picked"])]
            answers = []
            for answer in frame.answers:
                if answer["answer"] == HIDDEN:
                    pool = candidates(state, frame.data, verb, answer["seat"])
                    rng.shuffle(pool)
                    answer = {**answer, "answer": {"yes": True, "picks": pool[:needs(verb, len(pool))]}}
                answers.append(answer)
            frame.answers = tuple(answers)

    def components(self, state: IlanState) -> Counter[str]:
        piles = [*state.hands, *state.ecosystems, state.current, state.bio_deck, state.factors_deck,
                 state.bio_discard, state.factors_discard, state.played, state.box]
        return Counter(f"card:{c}" for pile in piles for c in pile)

    def result(self, state: IlanState) -> Result:
        scores = tuple(state.vp)
        over = self.is_over(state)
        if state.winner >= 0:
            winners: tuple[int, ...] = (state.winner,)
        else:
            winners = tuple(s for s, v in enumerate(scores) if v == max(scores))
        reason: Msg | str = ""
        if over:
            reason = (msg("{player} reached {n} VP.", player=seat_ref(state.winner), n=state.target)
                      if state.winner >= 0 else msg("The round cap ({n} rounds) was reached: the most VP win.",
                                                    n=state.round_cap))
        terms = (Term("webs", N_("Trophic webs")), Term("abilities", N_("Abilities")),
                 Term("passives", N_("Passive abilities")), Term("factors", N_("Factors cards")))
        breakdown = tuple({key: state.sources[s].get(key, 0) for key in SOURCES} for s in range(state.players))
        return Result(scores, winners, terms, breakdown, over, reason)

    def score_details(self, state: IlanState) -> dict[str, Any]:
        """Each player's VP and the best web they could collect now (``polar-table score``)."""
        players = []
        for seat in range(state.players):
            best = web.best_web(state, seat)
            players.append({"seat": seat, "vp": state.vp[seat], "webs": state.webs[seat],
                            "best_web": None if best is None else
                            {"vp": best[0], "cards": sorted(card(c).id for c in best[1])}})
        return {"round": state.round, "round_cap": state.round_cap, "target": state.target, "players": players}

    def hint_reason(self, view: IlanState, action: Action) -> Msg | None:
        return hint_reason(self, view, action)

    def achievements(self, state: IlanState, seat: int) -> set[str]:
        return achievement_rules.achievements(state, seat)

    def achievement_names(self) -> dict[str, str]:
        return achievement_rules.achievement_names()

    def achievement_title(self, count: int) -> str:
        return achievement_rules.title(count)

    def bots(self) -> dict[str, Any]:
        return {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}

    def turns(self, state: IlanState) -> int:
        return state.turns

    def ending(self, state: IlanState) -> str:
        if not self.is_over(state):
            return ""
        return "win" if state.winner >= 0 else "round_cap"

    def targets(self, view: IlanState, action: Action) -> tuple[str, ...]:
        return targets_of(view, action)

    def describe(self, state: IlanState, action: Action) -> Msg | str:
        return describe_action(state, action)

    def log_audience(self, state: IlanState, action: Action) -> tuple[int, ...] | None:
        return log_audience(state, action)

    def from_position(self, data: dict[str, Any]) -> IlanState:
        return state_from_position(data)

    def to_position(self, state: IlanState) -> dict[str, Any]:
        return position_from_state(state)


RULES = IlanRules()
register(RULES)
