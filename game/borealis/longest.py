"""The longest game of Borealis we know how to play (for the load-time bench and its test): every
choice of marks changed as often as the rules allow, a pass whenever the game would not end by it,
and one animal observed in each fifth idle round, by the first seat that can play one into a
location holding fewer than 6 cards (so nobody reaches the 7 that end the game)."""

from __future__ import annotations

from game.borealis.data import proposed
from game.borealis.state import (
    ACTION,
    MULLIGAN,
    REGROUP,
    TAKE,
    BorealisState,
    Confirm,
    DrawFromDeck,
    Keep,
    Mark,
    PlayCard,
    Regroup,
    SendScientists,
    TakeFromPool,
)
from game.borealis.turns import idle_rounds
from game.core.contract import Action, Game, Options
from game.core.selfplay import scripted


def _choice(rules: Game[BorealisState], state: BorealisState) -> Action:
    phase, seat = state.phase, state.to_act
    assert seat is not None
    player = state.players[seat]
    if phase in (MULLIGAN, REGROUP):
        if state.flow[-1].data["changes"] < proposed("mark_changes_per_choice"):
            return Mark(player.hand[0])
        return Keep() if phase == MULLIGAN else Confirm()
    if phase == TAKE:
        legal = rules.legal_actions(state)
        return DrawFromDeck() if DrawFromDeck() in legal else next(a for a in legal if isinstance(a, TakeFromPool))
    if phase != ACTION:
        return SendScientists(0)
    if idle_rounds(state) >= proposed("idle_rounds_to_end"):
        plays = [a for a in rules.legal_actions(state)
                 if isinstance(a, PlayCard) and len(player.cards[a.location]) < 6]
        if plays:
            return min(plays, key=lambda a: len(player.cards[a.location]))
    return Regroup()


def longest_game(rules: Game[BorealisState], options: Options, seed: int) -> list[Action]:
    return scripted(rules, options, seed, _choice)
