"""The toy games' own rules: each proves one part of the contract (tests/toys/__init__.py)."""

from __future__ import annotations

import ast
import dataclasses
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import registry
from game.core.bots import decide
from game.core.contract import HIDDEN, Game
from game.core.errors import IllegalAction, InvalidAction
from game.core.events import Logged, Moved, Revealed
from game.core.history import History, replay
from game.core.messages import text_of
from game.core.record import Record, loads
from game.core.rng import Rng
from game.core.spaces import ContinuousSpace, UnionSpace, listed
from physics import resolvers
from tests import conformance, toys
from tests.toys import coin, coin_physics, fanout, interrupt
from tests.toys.coin import Flick, Landed, Spot
from tests.toys.fanout import Avalanche, Back, Climb, Pass, Pick, Slide, Strike
from tests.toys.interrupt import Devour, Play

ROOT = Path(__file__).resolve().parents[2]


def test_the_toys_register_themselves_with_their_flags():
    flags = {g.info.id: (g.info.hidden, g.info.chance, g.info.physics) for g in toys.games()}
    assert flags == {"toy_interrupt": (True, True, False), "toy_fanout": (False, False, False),
                     "toy_chain": (True, True, False), "toy_coin": (False, False, True)}
    for game in toys.games():
        assert registry.get(game.info.id) is game
    assert resolvers.resolver_for("toy_coin") is coin_physics.resolve


def test_toy_rules_never_import_physics_or_pygame():
    for path in sorted((ROOT / "tests" / "toys").glob("*.py")):
        if path.name == "coin_physics.py":
            continue
        tree = ast.parse(path.read_text())
        roots = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        roots |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not roots & {"pymunk", "pygame", "physics", "scenes"}, path.name
        assert "coin_physics" not in {a.name.split(".")[-1] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                                      for a in n.names}, path.name


# --- Hunters: a nested interrupt by another seat -------------------------------------------------


def hunters(players: int = 3, **changes) -> interrupt.HuntersState:
    game = interrupt.RULES
    state = game.new_game(game.default_options(players), 1)
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def test_a_hunter_makes_the_next_holder_answer_while_the_turn_stays():
    game = interrupt.RULES
    state = hunters(hands=[[12, 0], [], [5, 13]], deck=[1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 14, 15])
    step = game.advance(state, Play(12))
    after = step.state
    assert after.to_act == 2 and after.turn_seat == 0, "seat 1 holds nothing: seat 2 is hunted"
    assert [(f.name, f.seat) for f in after.flow] == [("hunt", 0), ("devour", 2)]
    assert not step.barrier, "playing your own card reveals nothing you did not know"
    assert game.legal_actions(after) == [Devour(5), Devour(13)]
    assert game.legal_actions(game.view(after, 2)) == game.legal_actions(after)
    mine, waiting = game.prompt(game.view(after, 2), 2), game.prompt(game.view(after, 0), 0)
    assert mine.seat == 2 and [c.action for c in mine.choices] == [Devour(5), Devour(13)]
    assert mine.choices[0].targets == ("card:5",) and text_of(mine.choices[0].label) == "feeds prey 6 to the hunter"
    assert waiting.seat == 2 and not waiting.choices
    assert text_of(waiting.waiting, player="Cleo") == "Waiting for Cleo to feed the hunter…"
    with pytest.raises(IllegalAction, match="First choose a card for the hunter"):
        game.apply(after, Play(5))
    done = game.advance(after, Devour(5))
    final = done.state
    assert final.larder[0] == [5] and 5 not in final.hands[2]
    assert final.to_act == 1 or final.to_act == 2
    assert final.turn_seat == final.to_act and len(final.flow) == 1, "the hunter's frame finished the turn"
    assert final.hands[0] == [0, 1], "back in the caller's frame, the hunter drew"
    assert done.barrier and [text_of(e.text) for e in done.events if isinstance(e, Logged)] == [
        "The hunter devoured prey 6."]
    assert game.result(final).breakdown[0] == {"catch": 0, "larder": 6}


def test_a_hunter_with_nobody_to_hunt_is_wasted():
    game = interrupt.RULES
    state = hunters(players=2, hands=[[12, 0], []], deck=[])
    after = game.apply(state, Play(12))
    assert after.to_act == 0 and len(after.flow) == 1 and after.discard == [12]


def test_views_hide_the_others_hands_and_the_deck_and_resample_deals_them():
    game = interrupt.RULES
    state = hunters()
    view = game.view(state, 1)
    assert view.hands[1] == state.hands[1] and view.hands[0] == [HIDDEN] * 3 and set(view.deck) == {HIDDEN}
    assert view.rng == Rng(0)
    worlds = [game.resample(view, 1, Rng.from_seed(s)) for s in range(5)]
    assert all(w.hands[1] == state.hands[1] for w in worlds)
    assert len({json.dumps(w.hands[0] + w.deck) for w in worlds}) > 1, "the unseen cards are dealt at random"
    assert all(game.components(w) == game.components(state) for w in worlds)
    assert all(game.view(w, 1) == view for w in worlds)


def test_the_kids_deck_has_no_hunters_and_the_result_names_why():
    game = interrupt.RULES
    options = dataclasses.replace(game.default_options(2), kids=True)
    state = game.new_game(options, 3)
    assert not any(interrupt.is_hunter(c) for c in state.hands[0] + state.hands[1] + state.deck)
    rng = Rng.from_seed(3)
    while not game.is_over(state):
        state = game.apply(state, game.space(state).sample(rng))
    result = game.result(state)
    assert result.final and text_of(result.reason) == "Nobody holds a card any more."
    assert sum(result.scores) == sum(range(1, 13)), "every prey scored for somebody"


# --- Avalanche: an ordered fan-out, buttons, undoable steps ----------------------------------


def avalanche(players: int = 4) -> fanout.AvalancheState:
    game = fanout.RULES
    state = game.new_game(game.default_options(players), 1)
    state.rows = [[0, 0, 0], [2, 0, 0], [2, 2, 1], [3, 2, 0]]
    state.anchors = [1, 1, 0, 1]
    state.flow[0].seat = 1  # seat 1's turn
    return state


def test_an_avalanche_asks_each_seat_on_the_row_clockwise_from_the_active_player():
    game = fanout.RULES
    state = avalanche()
    history = History.from_position(game, game.to_position(state), game.default_options(4))
    history.push(Avalanche())
    assert history.can_undo() and history.state.frame.name == "avalanche.row"
    prompt = game.prompt(history.state, 1)
    assert [b.name for b in prompt.buttons] == ["back"] and [c.action for c in prompt.choices] == [
        Strike(1), Strike(2), Strike(3)]
    history.push(Strike(2))
    assert not history.can_undo(), "another seat decides now"
    asked = []
    while history.state.frame.name == "avalanche.flee":
        seat = history.state.to_act
        asked.append(seat)
        assert history.state.turn_seat == 1
        legal = game.legal_actions(history.state)
        prompt = game.prompt(game.view(history.state, seat), seat)
        assert ([b.name for b in prompt.buttons] == ["pass"]) == (Pass() in legal)
        history.push(Pass() if Pass() in legal else legal[0])
    assert asked == [2, 3], "seat 0 has nobody on row 2; seat 1 is the one who started it"
    state = history.state
    assert state.to_act == 2 and state.flow[0].name == "climb.pick", "the avalanche ended seat 1's turn"
    assert state.rows[2] == [1, 2, 1] and state.anchors[3] == 0 and state.rows[3] == [3, 2, 0]
    assert sorted(state.used) == ["anchor", "avalanche"]


def test_the_climb_takes_two_steps_and_each_can_be_taken_back():
    game = fanout.RULES
    history = History.start(game, game.default_options(2), 1)
    history.push(Pick(2))
    assert history.state.frame.name == "climb.rows" and history.state.frame.data == {"explorer": 2}
    prompt = game.prompt(history.state, 0)
    assert [c.action for c in prompt.choices] == [Climb(1), Climb(2)] and prompt.buttons[0].action == Back()
    assert prompt.choices[1].targets == ("row:2",)
    history.push(Back())
    assert history.can_undo() and history.state.frame.name == "climb.pick"
    history.undo()
    history.undo()
    assert history.state.frame.name == "climb.pick" and not history.actions
    with pytest.raises(IllegalAction, match="past the summit"):
        game.apply(game.apply(history.state, Pick(0)), Climb(5))


def test_kids_have_no_avalanche_and_the_game_ends_on_the_summit():
    game = fanout.RULES
    kids = game.new_game(dataclasses.replace(game.default_options(2), kids=True), 1)
    kids.rows[1] = [1, 1, 1]
    assert Avalanche() not in game.legal_actions(kids)
    state = game.new_game(game.default_options(2), 1)
    state.rows[0] = [4, 3, 0]
    state = game.apply(game.apply(state, Pick(1)), Climb(1))
    assert game.is_over(state) and text_of(game.result(state).reason) == "Two explorers stand on the summit."
    assert game.result(state).breakdown[0] == {"height": 8, "summit": 6}


# --- Flick: a continuous intent, resolved by physics -----------------------------------------


def flick(players: int = 2, kids: bool = False) -> coin.FlickState:
    game = coin.RULES
    return game.new_game(dataclasses.replace(game.default_options(players), kids=kids), 1)


def test_the_space_is_continuous_with_typed_bounds():
    game = coin.RULES
    space = game.space(flick())
    assert isinstance(space, ContinuousSpace) and not space.finite and space.action_type is Flick
    assert [(p.name, p.low, p.high) for p in space.params] == [
        ("x", 6.0, 54.0), ("angle", -30.0, 30.0), ("power", 0.1, 1.0), ("spin", -1.0, 1.0)]
    assert all(p.unit for p in space.params)
    kids = game.space(flick(kids=True))
    assert kids.fixed == {"spin": 0.0} and not kids.contains(Flick(30.0, 0.0, 0.5, 0.5))
    prompt = game.prompt(flick(), 0)
    assert prompt.space is space or prompt.space.params == space.params
    assert prompt.frame == "flick" and not prompt.choices


def test_a_bare_intent_or_an_out_of_bounds_one_is_refused():
    game = coin.RULES
    state = flick()
    with pytest.raises(IllegalAction, match="physics"):
        game.apply(state, Flick(30.0, 0.0, 0.5, 0.0))
    bad = coin_physics.resolve(game, state, Flick(30.0, 0.0, 0.5, 0.0))
    bad = dataclasses.replace(bad, intent=Flick(30.0, 45.0, 0.5, 0.0))
    with pytest.raises(InvalidAction, match="angle should be between -30 and 30"):
        game.apply(state, bad)
    kids = flick(kids=True)
    spun = dataclasses.replace(coin_physics.resolve(game, kids, Flick(30.0, 0.0, 0.5, 0.0)),
                               intent=Flick(30.0, 0.0, 0.5, 0.5))
    with pytest.raises(InvalidAction, match="spin should be 0"):
        game.apply(kids, spun)


def landed_with(state, **outcome_changes) -> Landed:
    full = coin_physics.resolve(coin.RULES, state, Flick(30.0, 0.0, 0.6, 0.0))
    return dataclasses.replace(full, outcome=dataclasses.replace(full.outcome, **outcome_changes))


@pytest.mark.parametrize(("changes", "words"), [
    ({"coin": 1}, "Coin 0 is the one to flick, not coin 1"),
    ({"rest": ()}, "every coin in play exactly once"),
    ({"rest": (Spot(0, 30.0, 50.0), Spot(0, 30.0, 52.0))}, "exactly once"),
    ({"rest": (Spot(0, 30.0, 50.0),), "off": (0,)}, "exactly once"),
    ({"rest": (Spot(3, 30.0, 50.0),)}, "exactly once"),
    ({"rest": (Spot(0, 61.0, 50.0),)}, "cannot rest off the table"),
    ({"rest": (Spot(0, math.nan, 50.0),)}, "cannot rest off the table"),
    ({"rest": (Spot(0, 30.0, math.inf),)}, "cannot rest off the table"),
    ({"touches": ((0, 0),)}, "two different coins"),
    ({"touches": ((0, 4),)}, "two different coins"),
])
def test_the_rules_refuse_an_outcome_that_does_not_fit(changes, words):
    game = coin.RULES
    state = flick()
    with pytest.raises(IllegalAction, match=words):
        game.apply(state, landed_with(state, **changes))


def test_an_outcome_moves_every_coin_and_coins_can_fall():
    game = coin.RULES
    state = flick()
    state.table, state.thrown = [Spot(0, 30.0, 60.0)], 1
    hit = landed_with(state, coin=1, rest=(Spot(1, 30.0, 58.0),), off=(0,), touches=((0, 1),))
    hit = dataclasses.replace(hit, outcome=dataclasses.replace(hit.outcome, coin=1))
    step = game.advance(state, hit)
    assert step.state.table == [Spot(1, 30.0, 58.0)] and step.state.off == [0] and step.state.to_act == 0
    assert Moved("coin:0", "table", "floor") in step.events
    assert game.components(step.state) == game.components(state)


def test_the_resolver_settles_coins_on_the_table_and_reports_contacts():
    game = coin.RULES
    state = flick()
    first = coin_physics.resolve(game, state, coin.aim(30.0, coin.TARGET))
    spot = first.outcome.rest[0]
    assert math.hypot(spot.x - coin.TARGET[0], spot.y - coin.TARGET[1]) < 2.0, "aiming works on an empty table"
    state = game.apply(state, first)
    second = coin_physics.resolve(game, state, coin.aim(30.0, coin.TARGET))
    assert second.outcome.touches == ((0, 1),), "the second coin knocks the first"
    assert second == coin_physics.resolve(game, state, coin.aim(30.0, coin.TARGET)), "the same throw, the same end"
    knocked = coin_physics.resolve(game, state, Flick(30.0, 0.0, 1.0, 0.0))
    assert knocked.outcome.off == (0,), "a full-power hit knocks the resting coin off the far edge"
    gone = coin_physics.resolve(game, flick(), Flick(30.0, 0.0, 1.0, 0.0))
    assert gone.outcome.off == (0,) and gone.outcome.rest == ()
    curl = coin_physics.resolve(game, flick(), Flick(30.0, 0.0, 0.6, 1.0)).outcome.rest[0]
    assert curl.x > 31.0, "positive spin curls right"


def test_replay_never_runs_the_physics(tmp_path):
    game = coin.RULES
    state = game.new_game(game.default_options(3), 5)
    actions = []
    while not game.is_over(state):
        action = decide(game, state, "normal", len(actions), resolver=coin_physics.resolve)
        actions.append(action)
        state = game.apply(state, action)
    record = Record(game.info.id, game.version, game.default_options(3), 5, [a.to_json() for a in actions])
    text = json.dumps(record.to_json())
    resolvers.unregister("toy_coin")
    try:
        assert game.state_to_json(replay(loads(text))) == game.state_to_json(state)
    finally:
        resolvers.register("toy_coin", coin_physics.resolve)
    with conformance.physics_off(game):
        assert replay(loads(text)) == state
    assert resolvers.resolver_for("toy_coin") is coin_physics.resolve
    path = tmp_path / "flick.json"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "scenes.tools.cli", "replay", str(path), "--rules", "tests.toys.coin"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    # that process knew the rules only (tests.toys.coin_physics was never imported): no resolver at all
    assert "flicks coin 0" in run.stdout and '"game": "toy_coin"' in run.stdout


def test_the_aiming_bot_scores_more_than_random_flicks():
    game = coin.RULES
    totals = {"normal": 0, "easy": 0}
    for seed in range(6):
        state = game.new_game(game.default_options(2), seed)
        moves = 0
        while not game.is_over(state):
            level = "normal" if state.to_act == seed % 2 else "easy"
            state = game.apply(state, decide(game, state, level, seed * 100 + moves, resolver=coin_physics.resolve))
            moves += 1
        scores = game.result(state).scores
        totals["normal"] += scores[seed % 2]
        totals["easy"] += scores[1 - seed % 2]
    assert totals["normal"] >= 3 * max(1, totals["easy"])


def test_a_coin_game_needs_its_resolver_to_be_played_by_a_bot():
    game = coin.RULES
    with pytest.raises(IllegalAction, match="physics"):
        decide(game, flick(), "easy", 1)
    assert isinstance(game.intent(landed_with(flick())), Flick) and game.intent(Flick(1, 1, 1, 1)) is None


def test_a_devour_records_and_replays_with_its_revealed_cards():
    game = interrupt.RULES
    state = hunters(hands=[[12, 0], [3], [5, 13]], deck=[1, 2, 4, 6, 7, 8, 9, 10, 11, 14, 15])
    history = History.from_position(game, game.to_position(state), game.default_options(3))
    history.push(Play(12))
    history.push(Devour(3))
    assert history.barriers == [False, True]
    events = history.events[-1]
    assert Revealed("card:1", "hand:0", (0,)) in events
    again = History.from_record(loads(json.dumps(history.record.to_json())))
    assert again.state == history.state and again.barriers == history.barriers


def test_slide_is_refused_with_a_sentence_when_it_is_not_yours():
    game = fanout.RULES
    state = avalanche()
    state = game.apply(game.apply(state, Avalanche()), Strike(2))
    with pytest.raises(IllegalAction, match="Slide one of your explorers"):
        game.apply(state, Slide(2))


def test_passing_makes_a_union_of_the_aim_and_a_button():
    game = coin.RULES
    options = dataclasses.replace(game.default_options(2), variants={"passing": "yes"})
    state = game.new_game(options, 1)
    space = game.space(state)
    assert isinstance(space, UnionSpace) and not space.finite and listed(space) == [coin.Forfeit()]
    prompt = game.prompt(state, 0)
    assert [(b.name, text_of(b.label)) for b in prompt.buttons] == [("forfeit", "Pass")] and not prompt.choices
    assert conformance.signature(prompt.space) == conformance.signature(space)
    assert text_of(prompt.text) == "Flick your coin 0"
    after = game.apply(state, coin.Forfeit())
    assert after.off == [0] and after.to_act == 1 and game.components(after) == game.components(state)
    with pytest.raises(IllegalAction):
        game.apply(flick(), coin.Forfeit())
    assert isinstance(decide(game, state, "normal", 3, resolver=coin_physics.resolve), Landed)


def test_the_default_prompt_names_its_frame():
    class Plain(coin.FlickGame):
        prompt = Game.prompt

    game = Plain()
    state = flick()
    mine, theirs = game.prompt(state, 0), game.prompt(state, 1)
    assert mine.frame == theirs.frame == "flick" and mine.space is not None and theirs.seat == 0
