"""Positions: a mid-game situation as JSON in the game's own terms (see POSITION.md)."""

from __future__ import annotations

from typing import Any

from game.borealis.data import (
    COLOURS,
    LOCATION_NAMES,
    TOKEN_VALUES,
    TRACK_SPACES,
    objectives,
    proposed,
    rules,
    scoring_cards,
    token_supply,
)
from game.borealis.data import cards as all_cards
from game.borealis.setup import board_for_seat
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    OVER,
    REGROUP,
    SEND,
    TAKE,
    BorealisState,
    ObjectiveSlot,
    PlayerState,
)
from game.borealis.validate import check_keys, check_state
from game.core import flow
from game.core.errors import SaveError
from game.core.i18n import _
from game.core.rng import Rng

PHASES = (MULLIGAN, ACTION, TAKE, REGROUP, SEND, OVER)
MARKING = (MULLIGAN, REGROUP)
"""Phases whose frame holds the cards marked so far (``marked``)."""
CAMP_KEYS = ("left_camp", "right_camp")


def _scientists_from_text(text: Any, where: str) -> list[int]:
    if not isinstance(text, str) or any(ch not in COLOURS for ch in text):
        raise SaveError(
            _("{where} should be letters A, M and P (amber, mint, pink), like \"AMP\".").format(where=where)
        )
    return [text.count(colour) for colour in COLOURS]


def _scientists_to_text(counts: list[int]) -> str:
    return "".join(colour * n for colour, n in zip(COLOURS, counts))


def _int_list(data: Any, where: str) -> list[int]:
    if not isinstance(data, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in data):
        raise SaveError(_("{where} should be a list of card numbers.").format(where=where))
    if any(not 0 <= v < len(all_cards()) for v in data):
        last = len(all_cards()) - 1
        raise SaveError(_("{where} holds a card number outside 0..{last}.").format(where=where, last=last))
    return list(data)


def _player(data: Any, seat: int, side: str) -> tuple[PlayerState, bool]:
    """The player's state, and whether the position gave a hand."""
    if not isinstance(data, dict):
        raise SaveError(_("players[{seat}] should be a table.").format(seat=seat))
    where = f"players[{seat}]"
    player = PlayerState(board=data.get("board", board_for_seat(side, seat)))
    if not 0 <= player.board <= 4:
        raise SaveError(_("{where}.board should be 0 (side I) or 1..4 (side II patterns).").format(where=where))
    player.scientists = [[0, 0, 0] for _i in range(5)]
    for loc, name in enumerate(LOCATION_NAMES):
        spot = data.get(name, {})
        if not isinstance(spot, dict):
            raise SaveError(_("{where}.{name} should be a table.").format(where=where, name=name))
        player.cards[loc] = _int_list(spot.get("cards", []), f"{where}.{name}.cards")
        player.scientists[loc + 1] = _scientists_from_text(spot.get("scientists", "AMP"), f"{where}.{name}.scientists")
        flag = spot.get("flag", 0)
        if isinstance(flag, bool) or not isinstance(flag, int) or not 0 <= flag <= TRACK_SPACES:
            raise SaveError(_("{where}.{name}.flag should be a space from 0 (start) to {last}.").format(
                    where=where, name=name, last=TRACK_SPACES
                ))
        player.flags[loc] = flag
    for camp, key in zip((0, 4), CAMP_KEYS):
        player.scientists[camp] = _scientists_from_text(data.get(key, ""), f"{where}.{key}")
    for colour in range(3):
        if sum(pos[colour] for pos in player.scientists) != 3:
            raise SaveError(_("{where} should have exactly 3 scientists of colour {colour}.").format(
                    where=where, colour=COLOURS[colour]
                ))
    tokens = data.get("tokens", {"1": rules()["start_tokens"]})
    if not isinstance(tokens, dict) or any(k not in ("1", "3", "5") for k in tokens):
        raise SaveError(
            _("{where}.tokens should be a table like {{\"1\": 2, \"3\": 0, \"5\": 1}}.").format(where=where)
        )
    player.tokens = [int(tokens.get(str(v), 0)) for v in TOKEN_VALUES]
    player.pad = int(data.get("pad", 0))
    player.mulliganed = bool(data.get("mulliganed", True))
    player.refreshed_round = int(data.get("refreshed_round", 0))
    player.max_regroup = int(data.get("max_regroup", 0))
    player.turns = int(data.get("turns", 0))
    has_hand = "hand" in data
    if has_hand:
        player.hand = _int_list(data["hand"], f"{where}.hand")
    return player, has_hand


def _objective(data: Any, players: int) -> ObjectiveSlot:
    if isinstance(data, str):
        data = {"id": data}
    if not isinstance(data, dict) or data.get("id") not in objectives():
        raise SaveError(_("Unknown objective {name}; use one of {names}.").format(
            name=repr(data), names=", ".join(objectives())
        ))
    claimed = list(data.get("claimed_by", []))
    return ObjectiveSlot(
        id=data["id"],
        tokens=int(data.get("tokens", players - len(claimed))),
        claimed_by=claimed,
        closes_round=int(data.get("closes_round", 0)),
        removed=bool(data.get("removed", False)),
    )


def state_from_position(data: Any) -> BorealisState:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise SaveError(_("A Borealis position is a table with a list of players."))
    count = len(data["players"])
    if not 2 <= count <= 4:
        raise SaveError(_("Borealis is for 2 to 4 players."))
    check_keys(data)
    side = data.get("side", "I")
    if side not in ("I", "II"):
        raise SaveError(_("side should be \"I\" or \"II\"."))
    rng = Rng.from_seed(int(data.get("seed", 0)))
    state = BorealisState(rng=rng, side=side, kids=bool(data.get("kids", False)))
    given_hands = []
    for seat, pdata in enumerate(data["players"]):
        player, has_hand = _player(pdata, seat, side)
        state.players.append(player)
        given_hands.append(has_hand)
    state.scoring = list(data.get("scoring", []))
    for sc in state.scoring:
        if sc not in scoring_cards():
            raise SaveError(_("Unknown scoring card {name}; use one of {names}.").format(
                    name=repr(sc), names=", ".join(scoring_cards())
                ))
    state.objectives = [_objective(o, count) for o in data.get("objectives", [])]
    state.discard = _int_list(data.get("discard", []), "discard")
    pool_given = "pool" in data
    state.pool = _int_list(data.get("pool", []), "pool")
    placed = [c for p in state.players for c in p.hand + [x for col in p.cards for x in col]]
    placed += state.discard + state.pool
    if "deck" in data:
        state.deck = _int_list(data["deck"], "deck")
    else:
        taken = set(placed)
        state.deck = [c.id for c in all_cards() if c.id not in taken]
        rng.shuffle(state.deck)
    for seat, has_hand in enumerate(given_hands):
        if not has_hand:
            state.players[seat].hand = [state.deck.pop(0) for _i in range(min(rules()["hand_size"], len(state.deck)))]
    if not pool_given:
        state.pool = [state.deck.pop(0) for _i in range(min(rules()["pool_size"], len(state.deck)))]
    everything = [c for p in state.players for c in p.hand + [x for col in p.cards for x in col]]
    everything += state.discard + state.pool + state.deck
    if len(everything) != len(set(everything)):
        raise SaveError(_("A card appears twice in the position."))
    phase = data.get("phase", ACTION)
    if phase not in PHASES:
        raise SaveError(_("phase should be one of {phases}.").format(phases=", ".join(PHASES)))
    state.first_player = int(data.get("first_player", 0)) % count
    state.round = int(data.get("round", 1))
    state.observed_round = int(data.get("observed_round", state.round - 1))
    state.final_round = bool(data.get("final_round", False))
    state.removed_tokens = int(data.get("removed_tokens", 0))
    to_act = data.get("to_act", state.first_player)
    if phase != OVER and to_act is not None:
        _turn_flow(state, data, phase, int(to_act) % count)
    bank = list(token_supply())
    for p in state.players:
        bank = [b - t for b, t in zip(bank, p.tokens)]
    bank[2] -= sum(o.tokens for o in state.objectives) + state.removed_tokens
    if "bank" in data:
        bank = list(data["bank"])
    elif any(v < 0 for v in bank):
        raise SaveError(_("The position holds more scoring tokens than the game has (24 x 1, 12 x 3, 12 x 5)."))
    state.bank = bank
    check_state(state)
    return state


def _turn_flow(state: BorealisState, data: dict[str, Any], phase: str, to_act: int) -> None:
    """The prompt stack of the position: one frame, or the mulligan's fan-out over the seats still
    to decide, in seat order from ``to_act``."""
    count = len(state.players)
    if phase == MULLIGAN:
        # Seats before ``to_act`` in seat order (from the first player) have had their chance.
        done = (to_act - state.first_player) % count
        for offset in range(count):
            seat = (state.first_player + offset) % count
            if "mulliganed" not in data["players"][seat]:
                state.players[seat].mulliganed = offset < done
        later = [s for s in flow.clockwise_from(to_act, count)[1:] if not state.players[s].mulliganed]
        flow.fan_out(state, MULLIGAN, [to_act, *later])
    else:
        flow.start(state, phase, to_act)
    if phase in MARKING:
        marked = sorted(_int_list(data.get("marked", []), "marked"))
        if any(c not in state.players[to_act].hand for c in marked) or len(set(marked)) != len(marked):
            raise SaveError(_("marked should list cards of the hand of the player to act, once each."))
        state.flow[-1].data["marked"] = marked
        changes = int(data.get("mark_changes", len(marked)))
        if not len(marked) <= changes <= proposed("mark_changes_per_choice"):
            raise SaveError(_("mark_changes should be a whole number from the number of marked cards to {cap}.").format(
                cap=proposed("mark_changes_per_choice")))
        state.flow[-1].data["changes"] = changes
    if phase == SEND and not sum(sum(state.players[to_act].scientists[camp]) for camp in (0, 4)):
        raise SaveError(_("Your camps are empty, so there are no scientists to send to a location."))


def position_from_state(state: BorealisState) -> dict[str, Any]:
    players = []
    for p in state.players:
        row: dict[str, Any] = {"board": p.board, "hand": list(p.hand)}
        for loc, name in enumerate(LOCATION_NAMES):
            row[name] = {
                "cards": list(p.cards[loc]),
                "scientists": _scientists_to_text(p.scientists[loc + 1]),
                "flag": p.flags[loc],
            }
        row["left_camp"] = _scientists_to_text(p.scientists[0])
        row["right_camp"] = _scientists_to_text(p.scientists[4])
        row["tokens"] = {str(v): n for v, n in zip(TOKEN_VALUES, p.tokens)}
        row.update(pad=p.pad, mulliganed=p.mulliganed, refreshed_round=p.refreshed_round,
                   max_regroup=p.max_regroup, turns=p.turns)
        players.append(row)
    return {
        "game": "borealis",
        "side": state.side,
        "kids": state.kids,
        "players": players,
        "pool": list(state.pool),
        "deck": list(state.deck),
        "discard": list(state.discard),
        "scoring": list(state.scoring),
        "objectives": [
            {"id": o.id, "tokens": o.tokens, "claimed_by": list(o.claimed_by), "closes_round": o.closes_round,
             "removed": o.removed}
            for o in state.objectives
        ],
        "bank": list(state.bank),
        "removed_tokens": state.removed_tokens,
        "phase": state.phase,
        **({"marked": list(state.marked()), "mark_changes": state.flow[-1].data["changes"]}
           if state.phase in MARKING else {}),
        "round": state.round,
        "observed_round": state.observed_round,
        "first_player": state.first_player,
        "final_round": state.final_round,
        "to_act": state.to_act,
        "seed": state.rng.state,
    }
