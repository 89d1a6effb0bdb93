"""Checks of a Borealis position against what the rules allow (see POSITION.md, "What is refused").

``check_keys`` runs before a state is built: only the keys POSITION.md lists, each of the right
type, numbers within their ranges. ``check_state`` runs on the built state: counts of tokens,
objectives and scoring cards, kids' mode and the board side, cards no game can have where they are
(a location or a hand fuller than the rules let it be, a card to take when there is none);
``check_seat_can_act`` then asks the rules whether the seat to act can act. Each refusal is a
SaveError with a sentence naming the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.borealis.data import LOCATION_NAMES, TOKEN_VALUES, objectives, proposed, rules, token_supply
from game.borealis.deck import cards_to_draw
from game.borealis.observe import kids_without
from game.borealis.state import MULLIGAN, OVER, TAKE, BorealisState
from game.borealis.turns import idle_rounds
from game.core.errors import SaveError
from game.core.i18n import _
from game.core.spaces import ActionSpace

TOP_KEYS = frozenset({
    "game", "side", "kids", "players", "pool", "deck", "discard", "scoring", "objectives", "removed_tokens",
    "bank", "phase", "marked", "mark_changes", "round", "observed_round", "first_player", "final_round", "to_act",
    "seed",
})
PLAYER_KEYS = frozenset({
    "name", "board", "hand", *LOCATION_NAMES, "left_camp", "right_camp", "tokens", "pad", "mulliganed",
    "refreshed_round", "max_regroup", "turns",
})
SPOT_KEYS = frozenset({"cards", "scientists", "flag"})
OBJECTIVE_KEYS = frozenset({"id", "tokens", "claimed_by", "closes_round", "removed"})
MAX_ROUND = 10_000
"""No real game lasts this many rounds; bigger numbers are junk."""
MAX_COUNT = 1_000_000
MAX_NAME = 64


def _unknown(data: dict[str, Any], allowed: frozenset[str], where: str) -> None:
    extra = sorted(str(k) for k in data if k not in allowed)
    if extra:
        shown = ", ".join(repr(k[:20]) for k in extra[:3])
        raise SaveError(_("{where} has keys a Borealis position does not use: {keys}.").format(where=where, keys=shown))


def _int(data: dict[str, Any], key: str, where: str, low: int, high: int) -> None:
    if key not in data:
        return
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(_("{where}{key} should be a whole number from {low} to {high}.").format(
            where=where, key=key, low=low, high=high))


def _bool(data: dict[str, Any], key: str, where: str) -> None:
    if key in data and not isinstance(data[key], bool):
        raise SaveError(_("{where}{key} should be true or false.").format(where=where, key=key))


def _player_keys(data: Any, seat: int, count: int) -> None:
    if not isinstance(data, dict):
        raise SaveError(_("players[{seat}] should be a table.").format(seat=seat))
    where = f"players[{seat}]."
    _unknown(data, PLAYER_KEYS, f"players[{seat}]")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise SaveError(_("{where}name should be a short text.").format(where=where))
    for spot in LOCATION_NAMES:
        if isinstance(data.get(spot), dict):
            _unknown(data[spot], SPOT_KEYS, f"{where}{spot}")
    tokens = data.get("tokens")
    if isinstance(tokens, dict):
        for value in tokens.values():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SaveError(_("{where}tokens should count tokens with whole numbers from 0.").format(where=where))
    for key in ("pad", "max_regroup", "turns"):
        _int(data, key, where, 0, MAX_COUNT)
    _int(data, "refreshed_round", where, 0, MAX_ROUND)
    _bool(data, "mulliganed", where)


def _objective_keys(data: Any, count: int) -> None:
    if not isinstance(data, dict):
        return
    _unknown(data, OBJECTIVE_KEYS, "objectives[]")
    _int(data, "tokens", "objectives[].", 0, count)
    _int(data, "closes_round", "objectives[].", 0, MAX_ROUND)
    _bool(data, "removed", "objectives[].")
    claimed = data.get("claimed_by", [])
    if (not isinstance(claimed, list) or len(set(map(repr, claimed))) != len(claimed)
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < count for s in claimed)):
        raise SaveError(_("objectives[].claimed_by should list seats from 0 to {last}, once each.").format(
            last=count - 1))


def check_keys(data: dict[str, Any]) -> None:
    """Refuse junk before anything is built: unknown keys, wrong types, numbers out of range."""
    _unknown(data, TOP_KEYS, _("The position"))
    count = len(data["players"])
    for seat, pdata in enumerate(data["players"]):
        _player_keys(pdata, seat, count)
    for key in ("kids", "final_round"):
        _bool(data, key, "")
    _int(data, "round", "", 1, MAX_ROUND)
    _int(data, "observed_round", "", 0, MAX_ROUND)
    _int(data, "mark_changes", "", 0, MAX_COUNT)
    _int(data, "first_player", "", 0, count - 1)
    _int(data, "removed_tokens", "", 0, token_supply()[2])
    _int(data, "seed", "", 0, 2**64 - 1)
    if data.get("to_act") is not None:
        _int(data, "to_act", "", 0, count - 1)
    if "bank" in data:
        bank = data["bank"]
        if (not isinstance(bank, list) or len(bank) != len(TOKEN_VALUES)
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in bank)):
            raise SaveError(_("bank should be three counts of 1-, 3- and 5-point tokens, like [20, 12, 10]."))
    for key in ("scoring", "objectives"):
        if key in data and not isinstance(data[key], list):
            raise SaveError(_("{key} should be a list.").format(key=key))
    if any(not isinstance(sc, str) for sc in data.get("scoring", [])):
        raise SaveError(_("scoring should list the ids of scoring cards, as text."))
    for objective in data.get("objectives", []):
        if not isinstance(objective, (str, dict)) or not isinstance(
                objective.get("id") if isinstance(objective, dict) else objective, str):
            raise SaveError(_("objectives should list objective ids, or tables with an id."))
        _objective_keys(objective, count)
    if not isinstance(data.get("phase", ""), str):
        raise SaveError(_("phase should be a text, like \"action\"."))
    for key in ("marked", "mark_changes"):
        if key in data and data.get("phase") not in ("mulligan", "regroup"):
            raise SaveError(_("{key} is only for a position in phase mulligan or regroup.").format(key=key))


def _check_cards_in_play(state: BorealisState) -> None:
    if len(state.scoring) != len(set(state.scoring)):
        raise SaveError(_("A scoring card is listed twice."))
    if len(state.scoring) > rules()["scoring_cards_per_game"]:
        raise SaveError(_("A game has at most {n} scoring cards.").format(n=rules()["scoring_cards_per_game"]))
    ids = [o.id for o in state.objectives]
    if len(ids) != len(set(ids)):
        raise SaveError(_("An objective is listed twice."))
    kinds = [objectives()[o]["type"] for o in ids]
    if len(kinds) != len(set(kinds)):
        raise SaveError(_("A game has one objective of each type; two objectives here are of the same type."))
    count = len(state.players)
    for slot in state.objectives:
        if slot.tokens + len(slot.claimed_by) > count:
            raise SaveError(_("Objective {id} holds more tokens than players who have not claimed it.").format(
                id=slot.id))
    if state.kids and (state.scoring or state.objectives):
        raise SaveError(_("Kids' mode plays without scoring cards and objectives; the position lists some."))
    if state.phase == MULLIGAN and kids_without(state, "starting_redraw"):
        raise SaveError(_("Kids' mode has no redraw of the starting hand; the position is in one."))


def _check_boards(state: BorealisState) -> None:
    for seat, player in enumerate(state.players):
        if state.side == "I" and player.board != 0:
            raise SaveError(_("players[{seat}].board should be 0 on side I.").format(seat=seat))
        if state.side == "II" and not 1 <= player.board <= 4:
            raise SaveError(_("players[{seat}].board should be a side-II pattern, 1 to 4.").format(seat=seat))


def _check_tokens(state: BorealisState) -> None:
    held = [sum(p.tokens[i] for p in state.players) + state.bank[i] for i in range(len(TOKEN_VALUES))]
    held[2] += sum(o.tokens for o in state.objectives) + state.removed_tokens
    if any(h > s for h, s in zip(held, token_supply())):
        raise SaveError(_("The position holds more scoring tokens than the game has (24 x 1, 12 x 3, 12 x 5)."))
    for seat, player in enumerate(state.players):
        if player.refreshed_round > state.round:
            raise SaveError(_("players[{seat}].refreshed_round is later than the round being played.").format(
                seat=seat))


def _check_rounds(state: BorealisState) -> None:
    if state.observed_round > state.round:
        raise SaveError(_("observed_round is later than the round being played."))
    if idle_rounds(state) > proposed("idle_rounds_to_end"):
        raise SaveError(_("No animal was observed for more than {n} rounds in a row: the game would have "
                          "ended.").format(n=proposed("idle_rounds_to_end")))


def most_in_a_location() -> int:
    """The most cards a location can hold: rules.json's ``cards_to_end``. A location reaching it ends
    the game at the end of that round, and its player has one turn a round, one card a turn."""
    return rules()["cards_to_end"]


def largest_hand() -> int:
    """The most cards a hand can hold: rules.json's ``hand_size``. A hand is dealt that many; a played
    card is replaced by the one taken, a redraw or a regroup draws as many as it discards, and an
    empty deck only leaves a hand smaller."""
    return rules()["hand_size"]


def _check_locations(state: BorealisState) -> None:
    full = most_in_a_location()
    for seat, player in enumerate(state.players):
        for name, column in zip(LOCATION_NAMES, player.cards):
            where = f"players[{seat}].{name}"
            if len(column) > full:
                raise SaveError(_("{where} holds {n} cards; a location never holds more than {full} (the game ends "
                                  "in the round one reaches {full}).").format(where=where, n=len(column), full=full))
            if len(column) < full or state.to_act is None:
                continue
            if seat == state.turn_seat and state.phase != TAKE:
                raise SaveError(_("{where} holds {full} cards, yet its player is starting a turn: the game ends at "
                                  "the end of the round in which a location reaches {full}.").format(
                    where=where, full=full))
            if not state.final_round and not (seat == state.turn_seat and state.phase == TAKE):
                raise SaveError(_("{where} holds {full} cards, so the last round has begun: final_round should be "
                                  "true.").format(where=where, full=full))


def _check_hands(state: BorealisState) -> None:
    largest = largest_hand()
    for seat, player in enumerate(state.players):
        if len(player.hand) > largest:
            raise SaveError(_("players[{seat}].hand holds {n} cards; a hand never holds more than {largest}.").format(
                seat=seat, n=len(player.hand), largest=largest))
    if state.phase == TAKE and not state.pool and not cards_to_draw(state):
        raise SaveError(_("In phase take there must be a card to take: with the pool, the deck and the discard pile "
                          "all empty, a turn ends as soon as its card is played."))


def check_state(state: BorealisState) -> None:
    """Refuse a built state the rules cannot reach."""
    _check_cards_in_play(state)
    _check_rounds(state)
    _check_boards(state)
    _check_tokens(state)
    _check_locations(state)
    _check_hands(state)


def check_seat_can_act(state: BorealisState, space: Callable[[BorealisState], ActionSpace]) -> None:
    """Refuse a built state whose seat to act has nothing it may do (``space``: the rules' actions)."""
    if state.phase == OVER or state.to_act is None:
        return
    if space(state).is_empty():
        raise SaveError(_("Player {n} is to act but has nothing they may do, so the game could not go on.").format(
            n=state.to_act + 1))
