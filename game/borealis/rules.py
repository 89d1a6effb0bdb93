"""Borealis: Arctic Expeditions, the rules contract (legal actions, steps, view, result)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from game.borealis import achievements as achievement_rules
from game.borealis import observe, regroup
from game.borealis.data import LOCATION_NAMES, TOKEN_VALUES, card, objectives, scoring_cards, species_name
from game.borealis.deck import cards_to_draw
from game.borealis.position import position_from_state, state_from_position
from game.borealis.scoring import final_score
from game.borealis.setup import new_state
from game.borealis.state import (
    ACTION_TYPES,
    MULLIGAN,
    TAKE,
    BorealisState,
    DrawFromDeck,
    Keep,
    Mulligan,
    PlayCard,
    RefreshPool,
    Regroup,
    TakeFromPool,
)
from game.borealis.turns import claim_all, end_mulligan, end_turn
from game.borealis.view import clone, seat_view
from game.core.contract import Action, Game, GameInfo, Options, Result, Variant
from game.core.errors import IllegalAction
from game.core.i18n import N_, _, ngettext

ART = "art/borealis"


def subsets(cards: list[int]) -> list[tuple[int, ...]]:
    """Every subset of ``cards`` as a sorted tuple, smallest first."""
    ordered = sorted(cards)
    return [combo for size in range(len(ordered) + 1) for combo in combinations(ordered, size)]


def _card_name(card_id: int) -> str:
    return _(species_name(card(card_id).species))


class BorealisRules(Game[BorealisState]):
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
        ),
        rules_text="rules/borealis.md",
    )
    version = 1
    state_type = BorealisState
    action_types = ACTION_TYPES

    # --- setup ------------------------------------------------------------------------------
    def new_game(self, options: Options, seed: int) -> BorealisState:
        if not self.info.min_players <= options.players <= self.info.max_players:
            raise ValueError(_("Borealis is for 2 to 4 players."))
        return new_state(options, seed)

    # --- legal actions ----------------------------------------------------------------------
    def legal_actions(self, state: BorealisState) -> list[Action]:
        seat = state.to_act
        if seat is None:
            return []
        player = state.players[seat]
        if state.phase == MULLIGAN:
            return [Keep()] + [Mulligan(s) for s in subsets(player.hand)[1:]]
        if state.phase == TAKE:
            out: list[Action] = []
            if observe.can_refresh_pool(state, seat):
                out.append(RefreshPool())
            out += [TakeFromPool(c) for c in state.pool]
            if cards_to_draw(state):
                out.append(DrawFromDeck())
            return out
        plays: list[Action] = [
            PlayCard(c, loc) for c in player.hand for loc in (0, 1, 2) if observe.fits(player, c, loc)
        ]
        places = (0, 1, 2) if regroup.camp_scientists(player) else (-1,)
        return plays + [Regroup(d, loc) for d in subsets(player.hand) for loc in places]

    # --- steps ------------------------------------------------------------------------------
    def apply(self, state: BorealisState, action: Action) -> BorealisState:
        if state.to_act is None:
            raise IllegalAction(_("The game is over."))
        if not isinstance(action, self.action_types):
            raise IllegalAction(_("That is not an action of this game."))
        new = clone(state)
        self.step(new, action)
        return new

    def step(self, state: BorealisState, action: Action) -> None:
        seat = state.to_act
        if seat is None:
            raise IllegalAction(_("The game is over."))
        if isinstance(action, (Keep, Mulligan)):
            self._mulligan(state, seat, action)
        elif isinstance(action, (PlayCard, Regroup)):
            self._turn_start(state, seat, action)
        elif isinstance(action, (RefreshPool, TakeFromPool, DrawFromDeck)):
            self._take(state, seat, action)
        else:
            raise IllegalAction(_("That is not an action of this game."))

    def _mulligan(self, state: BorealisState, seat: int, action: Keep | Mulligan) -> None:
        if state.phase != MULLIGAN:
            raise IllegalAction(_("The starting hand can only be redrawn before the first round."))
        player = state.players[seat]
        if player.mulliganed:
            raise IllegalAction(_("You have already redrawn your starting hand once."))
        if isinstance(action, Mulligan):
            if not action.cards:
                raise IllegalAction(_("Choose at least one card to redraw, or keep your hand."))
            regroup.check_discards(player.hand, action.cards)
            regroup.discard_and_redraw(state, seat, action.cards)
        player.mulliganed = True
        claim_all(state, seat)
        end_mulligan(state)

    def _turn_start(self, state: BorealisState, seat: int, action: PlayCard | Regroup) -> None:
        if state.phase == MULLIGAN:
            raise IllegalAction(_("First keep your starting hand or redraw some of it."))
        if state.phase == TAKE:
            raise IllegalAction(_("You have already observed an animal: now take a card from the pool or the deck."))
        if isinstance(action, PlayCard):
            observe.check_play(state, seat, action.card, action.location)
            observe.play_card(state, seat, action.card, action.location)
            claim_all(state, seat)
            if not observe.can_take_a_card(state):
                end_turn(state)
            return
        regroup.check_regroup(state, seat, action.discards, action.location)
        regroup.regroup(state, seat, action.discards, action.location)
        claim_all(state, seat)
        end_turn(state)

    def _take(self, state: BorealisState, seat: int, action: RefreshPool | TakeFromPool | DrawFromDeck) -> None:
        if state.phase != TAKE:
            raise IllegalAction(_("First play an animal card (or regroup); then you take a card."))
        if isinstance(action, RefreshPool):
            observe.check_refresh(state, seat)
            observe.refresh_pool(state, seat)
            claim_all(state, seat)
            return
        if isinstance(action, TakeFromPool):
            observe.take_from_pool(state, seat, action.card)
        else:
            observe.draw_from_deck(state, seat)
        claim_all(state, seat)
        end_turn(state)

    # --- what players see -------------------------------------------------------------------
    def view(self, state: BorealisState, seat: int) -> BorealisState:
        return seat_view(state, seat)

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

    def reveals(self, before: BorealisState, action: Action, after: BorealisState) -> bool:
        """Drawing, refilling or refreshing the pool and reshuffling show new cards."""
        if before.rng != after.rng:
            return True
        if isinstance(action, (DrawFromDeck, TakeFromPool, RefreshPool)):
            return True
        if isinstance(action, Mulligan):
            return True
        return isinstance(action, Regroup) and bool(action.discards)

    def turns(self, state: BorealisState) -> int:
        return sum(player.turns for player in state.players)

    def describe(self, state: BorealisState, action: Action) -> str:
        if isinstance(action, Keep):
            return _("keeps the starting hand")
        if isinstance(action, Mulligan):
            n = len(action.cards)
            return ngettext("redraws {n} starting card", "redraws {n} starting cards", n).format(n=n)
        if isinstance(action, PlayCard):
            return _("observes the {animal} (card {card}) in the {location} location").format(
                animal=_card_name(action.card), card=action.card, location=_(LOCATION_NAMES[action.location])
            )
        if isinstance(action, RefreshPool):
            return _("pays 1 point to refresh the pool")
        if isinstance(action, TakeFromPool):
            return _("takes the {animal} (card {card}) from the pool").format(
                animal=_card_name(action.card), card=action.card
            )
        if isinstance(action, DrawFromDeck):
            return _("draws the top card of the deck")
        if isinstance(action, Regroup):
            seat = state.to_act
            back = regroup.camp_scientists(state.players[seat]) if seat is not None else 0
            n = len(action.discards)
            parts = [ngettext("regroups: discards {n} card", "regroups: discards {n} cards", n).format(n=n)]
            if action.location >= 0:
                parts.append(
                    ngettext(
                        "brings {k} scientist to the {location} location",
                        "brings {k} scientists to the {location} location",
                        back,
                    ).format(k=back, location=_(LOCATION_NAMES[action.location]))
                )
            return ", ".join(parts)
        return action.kind

    # --- positions --------------------------------------------------------------------------
    def from_position(self, data: dict[str, Any]) -> BorealisState:
        return state_from_position(data)

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
            "tokens": f"{ART}/token_5.svg",
        }
        icons.update({sc: f"{ART}/card_frame.svg" for sc in scoring_cards()})
        return icons

    def bots(self) -> dict[str, Any]:
        """The bots of levels normal and hard (easy is the core's RandomBot)."""
        from game.borealis.bots import HardBot, NormalBot

        return {"normal": NormalBot(), "hard": HardBot()}
