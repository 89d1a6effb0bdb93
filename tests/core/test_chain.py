"""Krill Chain (tests/toys/chain.py): abilities as data asking their player and other seats,
passives firing on deaths in batches and seat order, group choices, and a win mid-chain.

Card numbers: krill 0-3, icefish 4-5, leopard seals 6-7, tide 8, skuas 9-10, albatross 11,
penguins 12-13, whale 14."""

from __future__ import annotations

from game.core import flow
from game.core.contract import HIDDEN
from game.core.events import Moved, Scored
from game.core.messages import text_of
from game.core.rng import Rng
from tests.toys import chain
from tests.toys.chain import ChainState, Pick, Play, Release, Spare

GAME = chain.RULES


def position(turn: int, hands: list[list[int]], reefs: list[list[int]], deck: tuple[int, ...] = (),
             points: list[int] | None = None, kids: bool = False) -> ChainState:
    """A game at ``turn``'s turn; every card not placed is in the discard."""
    placed = {c for pile in hands + reefs for c in pile} | set(deck)
    state = ChainState(rng=Rng(5), hands=hands, deck=list(deck), reefs=reefs,
                       discard=[c for c in range(len(chain.CARDS)) if c not in placed],
                       points=points or [0] * len(hands), kids=kids)
    flow.start(state, "turn", turn)
    return state


def play(state: ChainState, *actions) -> tuple[ChainState, list]:
    events = []
    for action in actions:
        step = GAME.advance(state, action)
        state, events = step.state, events + list(step.events)
    return state, events


def scored(events: list) -> list[tuple[int, int]]:
    return [(e.seat, e.points) for e in events if isinstance(e, Scored)]


def ask(state: ChainState) -> str:
    return text_of(GAME.prompt(GAME.view(state, state.to_act), state.to_act).text)


def test_a_death_fires_the_passives_of_the_other_cards_clockwise_from_the_active_player():
    state = position(1, [[13], [4], [12]], [[0, 9], [], [10]])
    state, _ = play(state, Play(4))
    assert ask(state) == "icefish 4: choose a card in another reef to devour"
    assert GAME.legal_actions(state) == [Pick(0), Pick(9), Pick(10)]
    state, events = play(state, Pick(0))
    assert scored(events) == [(2, 1), (0, 1)], "seat 2's skua (after the active seat 1) before seat 0's"
    assert state.to_act == 2 and state.frame.name == "turn" and state.discard.count(0) == 1


def test_a_passive_asks_its_owner_on_another_turn_and_what_it_kills_fires_in_the_next_batch():
    state = position(1, [[13], [4], [12]], [[6, 11], [], [0, 5, 9]])
    state, _ = play(state, Play(4), Pick(5))  # the icefish dies: seat 0's seal and albatross feed
    assert state.to_act == 0 and state.turn_seat == 1 and state.frame.name == "pick"
    assert ask(state) == "leopard seal 6: choose a card in another reef to devour"
    assert [f.name for f in state.flow] == ["turn.end", "chain", "ability", "pick"]
    state, events = play(state, Pick(0))  # the krill dies: seat 2's skua waits for the albatross's batch
    assert scored(events) == [(0, 2), (2, 1)]
    assert state.frame.name == "turn" and state.to_act == 2


def test_a_passive_whose_card_has_left_its_reef_does_nothing():
    state = position(1, [[13], [6], [12]], [[9], [], [0]])
    state, _ = play(state, Play(6))  # the seal culls: seat 2, then seat 0, each gives up a card
    assert ask(state) == "leopard seal 6: choose a card of your reef to die"
    state, _ = play(state, Pick(0))
    assert state.to_act == 0 and state.reefs[2] == [0], "nothing dies before everybody has chosen"
    state, events = play(state, Pick(9))
    assert [e.thing for e in events if isinstance(e, Moved) and e.target == "discard"] == ["card:0", "card:9"]
    assert scored(events) == [], "the krill's death fired the skua, which had died too by its turn"


def test_the_tide_asks_for_each_krill_then_the_krill_let_go_die_together():
    state = position(1, [[13], [8], [12]], [[0, 2, 9], [], [1]])
    state, _ = play(state, Play(8))
    asked = []
    for answer in (Release(), Spare(), Release()):
        frame = state.frame
        asked.append((state.to_act, frame.subject, ask(state)))
        assert state.reefs == [[0, 2, 9], [8], [1]], "the effects wait for every answer"
        state, events = play(state, answer)
    assert asked == [(0, 0, "The tide: spare your krill 0, or let it go for 1 point?"),
                     (2, 1, "The tide: spare your krill 1, or let it go for 1 point?"),
                     (0, 2, "The tide: spare your krill 2, or let it go for 1 point?")]
    assert state.reefs == [[9], [8], [1]]
    assert scored(events) == [(0, 1), (0, 1), (0, 1), (0, 1)], "each krill let go, then the skua for each death"


def test_the_win_in_the_middle_of_a_chain_drops_everything_pending():
    state = position(1, [[13], [4, 14], [12]], [[0, 9], [], [10]], deck=(3,), points=[5, 0, 5])
    state, events = play(state, Play(4), Pick(0))
    assert scored(events) == [(2, 1)], "seat 2's skua fires first and wins; seat 0's never fires"
    assert GAME.is_over(state) and state.flow == [] and not state.triggers
    assert state.deck == [3] and state.hands[1] == [14], "the turn's draw never happened"
    result = GAME.result(state)
    assert result.final and result.winners == (2,) and state.points == [5, 0, 6]
    assert text_of(result.reason, names=("Ana", "Bo", "Cy")) == "Cy reached 6 points."


def test_a_win_mid_clause_stops_the_rest_of_the_ability():
    state = position(0, [[12], [13]], [[], []], deck=(3, 1), points=[5, 0])
    state, _ = play(state, Play(12))  # peek, then gain 1
    state, _ = play(state, Pick(1))
    assert GAME.is_over(state) and state.points == [6, 0] and state.hands[0] == [1]


def test_a_peek_is_seen_by_its_player_only():
    state = position(0, [[12], [13]], [[], []], deck=(3, 1, 2))
    state, _ = play(state, Play(12))
    assert state.frame.data["seen"] == [3, 1]
    assert GAME.view(state, 1).frame.data["seen"] == [HIDDEN, HIDDEN]
    assert GAME.view(state, 0).frame.data["seen"] == [3, 1]
    assert ask(state) == "penguin 12: keep one card, the other goes under the deck"
    waiting = GAME.prompt(GAME.view(state, 1), 1)
    assert text_of(waiting.waiting, player="Ana") == "Waiting for Ana to look at the deck…"
    world = GAME.resample(GAME.view(state, 1), 1, Rng(3))
    assert HIDDEN not in world.frame.data["seen"] and GAME.components(world) == GAME.components(state)
    state, _ = play(state, Pick(1))
    assert state.hands[0] == [1, 2] and state.deck == [3], "kept 1, put 3 under the deck, then drew 2"
    assert state.points == [1, 0], "the penguin's gain follows its peek"


def test_kids_mode_has_no_passives():
    state = position(1, [[13], [4], [12]], [[0, 9], [], [10]], kids=True)
    state, events = play(state, Play(4), Pick(0))
    assert scored(events) == [] and not state.triggers
