"""The shell on the rules contract: prompts, the seat that decides (the top frame's), events and log
lines per reader, the end's reason, and physics games whose intents a resolver completes."""

from __future__ import annotations

import pytest

from game.core.record import Record
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.bots import BotRunner
from scenes.shell.end import EndScene
from scenes.shell.generic_table import GenericTable
from scenes.shell.handover import HandoverScene
from scenes.shell.trace import snapshot
from tests.scenes import toy_physics
from tests.scenes.helpers import click, click_button, pass_screen
from tests.scenes.toy_game import Choose, Nod, Play

pytestmark = pytest.mark.usefixtures("toy_borealis")


def two_humans(ask: bool = False, seed: int = 3) -> Match:
    seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, HUMAN)]
    return Match.start("borealis", seats, variants={"ask": "on" if ask else "off"}, seed=seed)


def human_and_bot(seed: int = 3) -> Match:
    return Match.start("borealis", [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT, "easy")], seed=seed)


def show(app, table) -> None:
    pass_screen(app, table)
    while app.top is not table:
        app.top.ready()
    app.draw()


def play_first_card(table) -> None:
    seat = table.match.to_act
    assert table.submit(Choose(table.match.state.hands[seat][0]))
    assert table.submit(Play())


def test_hand_over_and_undo_follow_the_seat_that_decides_not_the_turns_owner(app):
    table = app.push(GenericTable(app, two_humans(ask=True)))
    show(app, table)
    play_first_card(table)
    match = table.match
    assert match.turn_seat == 0 and match.to_act == 1 and match.prompt().frame == "nod"
    pass_screen(app, table)  # Ana's move shows on her screen first
    cover = app.top
    assert isinstance(cover, HandoverScene) and cover.seat == 1  # Bo decides inside Ana's turn
    click_button(app, cover.ready_button)
    assert table.viewer == 1 and app.top is table
    assert table.turn_text() == "Nod to let the turn pass"
    nod = next(r for r, a in table.action_buttons if a == Nod())
    click(app, nod.center)
    assert match.history.actions[-1] == Nod()
    assert match.turn_seat == 1 and match.to_act == 1 and app.top is table  # Bo's own turn: no cover
    assert match.can_undo()  # Bo took the nod, and Bo decides again
    table.undo()
    assert match.to_act == 1 and match.turn_seat == 0 and match.prompt().frame == "nod"


def test_the_top_bar_shows_the_prompt_to_the_decider_and_the_waiting_sentence_to_others(app):
    table = app.push(GenericTable(app, human_and_bot()))
    assert table.viewer == 0
    assert table.turn_text() == "Choose a card, then play it"
    rects = [tuple(r) for r, _a in table.action_buttons]
    labels = [b.text for b in table.buttons() if tuple(b.rect) in rects]
    assert labels and all(label.startswith("chooses the ") for label in labels)
    table.bots_play = False
    play_first_card(table)
    assert table.match.to_act == 1
    assert table.turn_text() == "Bo is choosing a card…"
    assert table.action_buttons == []


def test_lines_the_rules_log_for_one_seat_are_read_by_that_seat_only(app):
    table = app.push(GenericTable(app, two_humans()))
    show(app, table)
    play_first_card(table)
    match = table.match
    drawn = match.state.hands[0][-1]
    chosen = match.history.actions[0].card
    private = [e for e in match.log if e.to == (0,)]
    # the choice made in a hidden hand (it showed nothing, and Ana still decides) and the line the rules
    # logged for Ana alone; the play itself is public
    assert [e.text for e in private] == [f"chooses the {chosen}", f"draws the {drawn}"]
    assert [e.text for e in match.visible_log(1)] == [f"plays the {chosen}"]
    assert private[0] in match.visible_log(0) and private[0] not in match.visible_log(1)
    assert [e.text for e in match.visible_log(None)] == [e.text for e in match.visible_log(1)]
    show(app, table)  # Bo takes the screen
    assert table.log_reader == 1
    lines = [line for _e, line, _first in table.log_panel._lines(match, match.visible_log(1), app.fonts, 400, 50)[0]]
    assert not any("draws the" in line for line in lines)


def test_events_of_the_last_action_are_filtered_for_the_viewer(app):
    table = app.push(GenericTable(app, two_humans()))
    show(app, table)
    play_first_card(table)
    mine = table.seen_events()
    assert any(getattr(e, "thing", "") == f"card:{table.match.state.hands[0][-1]}" for e in mine)
    table.viewer = 1
    theirs = table.seen_events()
    assert "hidden" in [getattr(e, "thing", "") for e in theirs if getattr(e, "source", "") == "deck"]


def test_the_end_screen_says_why_the_game_ended(app):
    from game.core.bots import decide

    match = Match.start("borealis", [SeatConfig("Ana", 0, BOT, "easy"), SeatConfig("Bo", 1, BOT, "easy")], seed=5)
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    table = app.push(GenericTable(app, match))
    end = app.push(EndScene(app, table))
    assert end.subtitle() == "Everyone played 2 cards."
    app.draw()


# --- a physics game: intents are completed by the game's resolver ------------------------------


@pytest.fixture
def throw(monkeypatch):
    return toy_physics.install(monkeypatch)


def test_the_match_resolves_an_intent_with_the_acting_seats_view(throw):
    match = Match.start("toy_throw", [SeatConfig("Ana", 0), SeatConfig("Bo", 1)], seed=1)
    assert not match.space().finite and match.legal_actions() == []
    match.apply(toy_physics.Throw(0.5))
    assert toy_physics.RESOLVED[:] == [toy_physics.Throw(0.5)]
    assert match.history.actions == [toy_physics.Landed(toy_physics.Throw(0.5), 15)]
    assert match.history.record.actions[0]["kind"] == "landed"  # the record keeps the outcome
    assert match.log[-1].text == "throws a stone 15 metres"


def test_an_intent_out_of_bounds_is_refused_with_a_sentence(throw):
    from game.core.errors import IllegalAction

    match = Match.start("toy_throw", [SeatConfig("Ana", 0), SeatConfig("Bo", 1)], seed=1)
    with pytest.raises(IllegalAction, match="out of bounds"):
        match.apply(toy_physics.Throw(3.0))
    assert toy_physics.RESOLVED == [] and match.history.actions == []


def bot_answer(notify: bool = False) -> tuple[Match, object]:
    """A bot of the physics toy asked for its first move through the app's runner, and its answer."""
    match = Match.start("toy_throw", [SeatConfig("Ana", 0, BOT), SeatConfig("Bo", 1, BOT)], seed=1)
    runner = BotRunner(notify=notify)
    token = object()
    try:
        runner.request(match.game, match.state, "normal", 7, token)
        assert runner.wait(token, 5.0)
        return match, runner.poll(token)
    finally:
        runner.shutdown()


def test_bots_of_a_physics_game_answer_full_actions(throw):
    match, answer = bot_answer()
    assert isinstance(answer, toy_physics.Landed)
    match.apply(answer)
    assert len(match.history.actions) == 1


def test_a_bots_answer_wakes_the_loop_of_an_app_that_started_only_its_display(throw):
    """The app starts only the display and the fonts (pygame.get_init() stays False): the runner
    still posts its event before it hands the answer over, so a loop blocked on events plays the
    answer at once."""
    import pygame

    from scenes.shell.bots import BOT_DONE

    pygame.display.init()
    pygame.event.clear(BOT_DONE)
    bot_answer(notify=True)
    assert pygame.event.get(BOT_DONE), "the bot's answer did not wake the event loop"


def test_the_generic_table_offers_a_try_for_a_decision_it_cannot_list(app, throw):
    table = app.push(GenericTable(app, Match.start("toy_throw", [SeatConfig("Ana", 0), SeatConfig("Bo", 1, BOT)])))
    assert [app.top.find_button("Try a random move")] != [None]
    trace = snapshot(app)
    assert trace["legal"] == [] and trace["continuous"] is True
    rect, action = table.action_buttons[0]
    click(app, rect.center)
    assert isinstance(table.match.history.actions[-1], toy_physics.Landed)
    assert table.match.history.actions[-1].intent == action


def test_a_record_of_a_physics_game_replays_without_physics(throw, monkeypatch):
    from game.core.history import History
    from physics import resolvers

    match = Match.start("toy_throw", [SeatConfig("Ana", 0), SeatConfig("Bo", 1)], seed=1)
    for power in (0.1, 0.9, 0.4):
        match.apply(toy_physics.Throw(power))

    def never(*args):
        raise AssertionError("a replay ran the physics")

    monkeypatch.setattr(resolvers, "_registered", {"toy_throw": never})
    record = Record.from_json(match.history.record.to_json())
    assert History.from_record(record).state.distances == match.state.distances


def test_the_hand_over_tells_what_the_others_did_as_that_seat_may_read_it(app):
    table = app.push(GenericTable(app, two_humans()))
    show(app, table)
    play_first_card(table)
    pass_screen(app, table)
    cover = app.top
    assert isinstance(cover, HandoverScene) and cover.seat == 1
    played = table.match.history.actions[0].card
    assert cover.recap() == [f"Ana: plays the {played}"]  # not which card Ana chose first, nor drew
    app.draw()
    assert cover.card.contains(cover.ready_button.rect)
