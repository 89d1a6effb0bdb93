"""Borealis: Arctic Expeditions, the rules contract (stages, view, result, positions, records).

The turn flow and its frames are in frames.py; the events a step reports, and the names of the
things and places they mention, are listed in report.py.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from game.borealis import achievements as achievement_rules
from game.borealis import frames, refusals
from game.borealis.data import LOCATION_NAMES, TOKEN_VALUES, card, objectives, scoring_cards, species_name
from game.borealis.migrate import migrate_v1
from game.borealis.position import position_from_state, state_from_position
from game.borealis.regroup import camp_scientists
from game.borealis.scoring import final_score
from game.borealis.setup import new_state
from game.borealis.state import (
    ACTION,
    ACTION_TYPES,
    MULLIGAN,
    REGROUP,
    SEND,
    TAKE,
    BorealisState,
    Confirm,
    DrawFromDeck,
    Keep,
    Mark,
    PlayCard,
    RefreshPool,
    Regroup,
    SendScientists,
    TakeFromPool,
)
from game.borealis.validate import check_seat_can_act
from game.borealis.view import resample, seat_view
from game.core.contract import Action, GameInfo, Options, Result, Variant
from game.core.flow import Frame
from game.core.i18n import N_, _
from game.core.messages import Msg, msg, msg_n
from game.core.rng import Rng
from game.core.stages import Stage, StagedGame

ART = "art/borealis"


def animal(card_id: int) -> Msg:
    """The card's species name, translated when shown."""
    return msg(species_name(card(card_id).species))


def location_name(location: int) -> Msg:
    return msg(LOCATION_NAMES[location])


STAGES: dict[str, Stage] = {
    MULLIGAN: Stage(
        frames.mulligan_legal, frames.redraw_starting_hand,
        ask=msg("Keep your starting hand, or mark the cards to redraw and confirm."),
        waiting=msg("{player} is deciding whether to redraw some starting cards…"),
        buttons={"keep": msg("Keep hand"), "confirm": msg("Redraw marked cards")},
        accepts=(Keep, Mark, Confirm),
        picture="choose", short=msg("Keep or swap?"), private=("marked",),
    ),
    ACTION: Stage(
        frames.action_legal, frames.take_turn,
        ask=msg("Observe an animal: play a card into a location whose scientists match it, or regroup."),
        waiting=msg("{player} is observing an animal or regrouping…"),
        buttons={"regroup": msg("Regroup")},
        accepts=(PlayCard, Regroup),
        picture="play", short=msg("Play a card!"),
    ),
    TAKE: Stage(
        frames.take_legal, frames.take_a_card,
        ask=msg("Take a card from the pool, or the top card of the deck."),
        waiting=msg("{player} is taking a card…"),
        buttons={"refresh_pool": msg("Refresh the pool (1 point)")},
        accepts=(RefreshPool, TakeFromPool, DrawFromDeck),
        picture="take", short=msg("Take a card!"),
    ),
    REGROUP: Stage(
        frames.regroup_legal, frames.discard_and_draw,
        ask=msg("Regroup: mark the cards to discard (or none), then confirm to draw as many."),
        waiting=msg("{player} is regrouping…"),
        buttons={"confirm": msg("Confirm")},
        accepts=(Mark, Confirm),
        picture="swap", short=msg("Pick cards to swap"), private=("marked",),
    ),
    SEND: Stage(
        frames.send_legal, frames.bring_scientists_back,
        ask=msg("Choose the location where the scientists from the camps go."),
        waiting=msg("{player} is bringing scientists back from the camps…"),
        accepts=(SendScientists,),
        picture="place", short=msg("Pick a place!"),
    ),
}


class BorealisRules(StagedGame[BorealisState]):
    info = GameInfo(
        id="borealis",
        name="Borealis: Arctic Expeditions",
        min_players=2,
        max_players=4,
        cover="art/covers/borealis.svg",
        variants=(Variant("side", N_("Board side"), (("I", N_("Side I (same for all)")),
                                                     ("II", N_("Side II (a pattern each)")))),),
        kids_turns_off=(
            N_("No scoring cards: the game is scored from animal sets, flags, card points and tokens."),
            N_("No objective cards and no race for their 5-point tokens."),
            N_("No redraw of the starting hand: everyone keeps the four cards dealt."),
            N_("No paid pool refresh."),
        ),
        rules_text="rules/borealis.md",
        hidden=True,
        chance=True,
        play_minutes=(45, 45),  # "about 45 minutes" (shared/rules/borealis.md, credits and basics)
    )
    version = 2
    migrations = {1: migrate_v1}
    state_type = BorealisState
    action_types = ACTION_TYPES
    stages = STAGES

    # --- setup ------------------------------------------------------------------------------
    def deal(self, options: Options, rng: Rng) -> BorealisState:
        return new_state(options, rng)

    # --- steps ------------------------------------------------------------------------------
    def wrong_moment(self, stage: Stage, frame: Frame, action: Action) -> Msg:
        """The rules' own sentence for an answer at the wrong moment."""
        if not isinstance(action, self.action_types):
            return msg("That is not an action of this game.")
        return frames.not_now(frame.name, action)

    # --- what players see -------------------------------------------------------------------
    def view(self, state: BorealisState, seat: int) -> BorealisState:
        return seat_view(state, seat)

    def resample(self, view: BorealisState, seat: int, rng: Rng) -> BorealisState:
        return resample(view, seat, rng)

    def result(self, state: BorealisState) -> Result:
        return final_score(state)

    def components(self, state: BorealisState) -> Counter[str]:
        count: Counter[str] = Counter()
        places = [state.deck, state.discard, state.pool]
        for p in state.players:
            places.append(p.hand)
            places.extend(p.cards)
            for pos in p.scientists:
                for colour, n in enumerate(pos):
                    count[f"scientist:{colour}"] += n
            count["flag"] += len(p.flags)
            for value, n in zip(TOKEN_VALUES, p.tokens):
                count[f"token:{value}"] += n
        for place in places:
            for c in place:
                count[f"card:{c}"] += 1
        for value, n in zip(TOKEN_VALUES, state.bank):
            count[f"token:{value}"] += n
        count["token:5"] += state.removed_tokens
        for slot in state.objectives:
            count["token:5"] += slot.tokens
            count[f"objective:{slot.id}"] += 1
        for sc in state.scoring:
            count[f"scoring:{sc}"] += 1
        return count

    def longest_game(self, players: int) -> tuple[Options, int, list[Action]]:
        from game.borealis.longest import longest_game

        options = self.default_options(players)
        return options, 7, longest_game(self, options, 7)

    def turns(self, state: BorealisState) -> int:
        return sum(player.turns for player in state.players)

    def targets(self, view: BorealisState, action: Action) -> tuple[str, ...]:
        if isinstance(action, PlayCard):
            return (f"card:{action.card}", f"location:{action.location}")
        if isinstance(action, Mark):
            return (f"card:{action.card}",)
        if isinstance(action, TakeFromPool):
            return (f"card:{action.card}", "pool")
        if isinstance(action, DrawFromDeck):
            return ("deck",)
        if isinstance(action, SendScientists):
            return (f"location:{action.location}",)
        return ()

    def hint_reason(self, view: BorealisState, action: Action) -> Msg | None:
        from game.borealis.hints import hint_reason

        return hint_reason(view, action)

    def why_not(self, view: BorealisState, thing: str, focus: str | None = None) -> Msg | str | None:
        return refusals.why_not(self, view, thing, focus)

    def log_audience(self, state: BorealisState, action: Action) -> tuple[int, ...] | None:
        """Which cards are marked in a hidden hand is the marking player's own business."""
        if isinstance(action, Mark) and state.to_act is not None:
            return (state.to_act,)
        return None

    def describe(self, state: BorealisState, action: Action) -> Msg:
        if isinstance(action, Keep):
            return msg("keeps the starting hand")
        if isinstance(action, Mark):
            if action.card in state.marked():
                return msg("unmarks the {animal}", animal=animal(action.card))
            if state.phase == MULLIGAN:
                return msg("marks the {animal} to redraw", animal=animal(action.card))
            return msg("marks the {animal} to discard", animal=animal(action.card))
        if isinstance(action, Confirm):
            n = len(state.marked())
            if state.phase == MULLIGAN:
                return msg_n("redraws {n} starting card", "redraws {n} starting cards", n)
            if not n:
                return msg("keeps every card in hand")
            return msg_n("discards {n} card and draws a new one", "discards {n} cards and draws as many", n)
        if isinstance(action, PlayCard):
            return msg("observes the {animal} in the {location} location",
                       animal=animal(action.card), location=location_name(action.location))
        if isinstance(action, RefreshPool):
            return msg("pays 1 point to refresh the pool")
        if isinstance(action, TakeFromPool):
            return msg("takes the {animal} from the pool", animal=animal(action.card))
        if isinstance(action, DrawFromDeck):
            return msg("draws the top card of the deck")
        if isinstance(action, Regroup):
            return msg("regroups")
        if isinstance(action, SendScientists):
            seat = state.to_act
            back = camp_scientists(state.players[seat]) if seat is not None else 0
            return msg_n("brings {k} scientist to the {location} location",
                         "brings {k} scientists to the {location} location", back,
                         k=back, location=location_name(action.location))
        return msg(action.kind)

    # --- positions --------------------------------------------------------------------------
    def from_position(self, data: dict[str, Any]) -> BorealisState:
        state = state_from_position(data)
        check_seat_can_act(state, self.space)
        return state

    def to_position(self, state: BorealisState) -> dict[str, Any]:
        return position_from_state(state)

    def objective_name(self, objective_id: str) -> str:
        return _(objectives()[objective_id]["name"])

    # --- achievements and the kids' score pad ------------------------------------------------
    def achievements(self, state: BorealisState, seat: int) -> set[str]:
        return achievement_rules.achievements(self.result(state), state, seat)

    def achievement_names(self) -> dict[str, str]:
        return achievement_rules.achievement_names()

    def achievement_title(self, count: int) -> str:
        return achievement_rules.title(count)

    def term_icons(self) -> dict[str, str]:
        """Animal sets, flags, card points, each scoring card and the tokens, as pictures."""
        icons = {
            "sets": f"{ART}/species/polar_bear.svg",
            "flags": f"{ART}/flag.svg",
            "card_vp": f"{ART}/vp.svg",
            "objectives": f"{ART}/token_5.svg",
            "tokens": f"{ART}/token_1.svg",
        }
        icons.update({sc: f"{ART}/card_frame.svg" for sc in scoring_cards()})
        return icons

    def bots(self) -> dict[str, Any]:
        """The bots of the three levels."""
        return _bot_table()


@cache
def _bot_table() -> dict[str, Any]:
    """Made once: the bots keep nothing between decisions, so one of each serves every seat."""
    from game.borealis.bots import EasyBot, HardBot, NormalBot

    return {"easy": EasyBot(), "normal": NormalBot(), "hard": HardBot()}


RULES = BorealisRules()
"""The rules of the game, the one instance the registry and the tables use."""
