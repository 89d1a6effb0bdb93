"""Finished games in the profiles database, achievements on the end screen and the Players screen,
with the real Borealis rules (one human against an easy bot, driven to the end by bot decisions)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.borealis.rules import RULES
from game.core.bots import decide
from scenes.session import games, persist
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.end import EndScene
from scenes.shell.menu import MenuScene
from scenes.shell.profiles_screen import ProfilesScene
from scenes.shell.table import TableScene
from scenes.shell.tables import table_scene_for
from scenes.storage import in_progress
from scenes.storage.profiles import Profiles
from tests.scenes.helpers import click, click_button, key


def finished_match(human_wins: bool = True, seats: list[SeatConfig] | None = None) -> Match:
    """A Borealis match played to its last move through Match.apply (the first seed where Ana wins,
    or loses), autosaving after every action as the app does."""
    seats = seats or [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT, "easy")]
    for seed in range(1, 60):
        match = Match.start("borealis", seats, seed=seed, on_action=persist.autosave)
        while not match.is_over():
            match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
        if (0 in match.result().winners) == human_wins:
            return match
        persist.forget(match)  # each game saves into its own file: only the one returned is kept
    raise AssertionError("no seed gave the wanted winner")


def end_of(app, match: Match, just_finished: bool = True) -> tuple[TableScene, EndScene]:
    """The table scene sees the last move (or opens a game that ended before), then the end screen
    comes up."""
    table = app.push(table_scene_for("borealis")(app, match))
    if just_finished:
        table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    end = app.top
    assert isinstance(end, EndScene)
    return table, end


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string the next frame renders through the house fonts."""
    seen: list[str] = []
    real = app.fonts.render

    def spy(text, *args, **kw):
        seen.append(text)
        return real(text, *args, **kw)

    monkeypatch.setattr(app.fonts, "render", spy)
    app.update()
    app.draw()
    return seen


def test_a_finished_match_is_recorded_once_with_the_humans_achievements(app):
    app.push(MenuScene(app))
    match = finished_match()
    assert in_progress.path_of(match.save_name).exists()  # autosaved up to the last move
    table, end = end_of(app, match)
    earned = RULES.achievements(match.state, 0)
    assert "win" in earned
    with Profiles() as profiles:
        rows = profiles.history()
        assert len(rows) == 1
        row = rows[0]
        assert row.game == "borealis" and row.players == ["Ana", "Bo"]
        assert row.scores == list(match.result().scores) and row.winners == list(match.result().winners)
        assert [p.name for p in profiles.profiles()] == ["Ana"], "bots get no profile"
        assert profiles.achievements("Ana", "borealis") == earned
        assert profiles.game_record(row.id).actions == match.history.record.actions
    assert games.listing() == [], "Continue no longer offers a finished game"
    assert not in_progress.path_of(match.save_name).exists()
    report = table.finish_report
    assert report is not None and report.recorded
    (ana,) = report.players
    assert set(ana.earned) == earned and ana.new == earned and ana.total == len(earned)
    # redrawing, the end screen's Menu and the table seeing the end again record nothing more
    for _ in range(3):
        app.update()
        app.draw()
    table._changed(None)
    with Profiles() as profiles:
        assert len(profiles.history()) == 1


def test_a_resumed_finished_game_is_not_recorded_again(app):
    app.push(MenuScene(app))
    match = finished_match()
    end_of(app, match)
    saved = persist.saved_game(match)
    app.back_to_menu()
    app.toasts.items.clear()  # what the first end screen said
    again = Match.from_saved(saved, on_action=persist.autosave)
    assert again.is_over()
    table, end = end_of(app, again, just_finished=False)
    assert table.finish_report is None
    with Profiles() as profiles:
        assert len(profiles.history()) == 1
    # the end screen still shows what Ana earned in it, but nothing as new
    assert end.report is not None and not end.report.recorded
    (ana,) = end.report.players
    assert set(ana.earned) == RULES.achievements(again.state, 0) and not ana.new
    assert not any(chip.new for chip in end.chips)
    assert not any(t.startswith("New achievement") for t in app.toasts.texts())


def test_the_end_screen_shows_each_humans_achievements_title_and_new_ones(app, monkeypatch):
    with Profiles() as profiles:  # Ana already held four from earlier games
        profiles.ensure_profile("Ana", 0)
        profiles.add_achievements("Ana", "borealis", ["score_60", "score_70", "score_80", "last_space"], None)
    app.push(MenuScene(app))
    match = finished_match()
    table, end = end_of(app, match)
    earned = RULES.achievements(match.state, 0)
    total = len(earned | {"score_60", "score_70", "score_80", "last_space"})
    title = RULES.achievement_title(total)
    assert total >= 5 and title != "Tundra Tourist"
    assert end.achievement_lines() == [f"Ana — {title} ({total} of 19)"]
    names = RULES.achievement_names()
    chips = {chip.full: chip for chip in end.chips if not chip.more}
    assert set(chips) == {names[a] for a in earned}
    assert all(chip.new for chip in chips.values()), "none of these was held before"
    said = app.toasts.texts()
    first = next(names[a] for a in RULES.achievement_names() if a in earned)
    assert f"{len(earned)} new achievements for Ana, among them: {first}!" in said  # celebrated, not only marked
    texts = drawn_texts(app, monkeypatch)
    assert f"Ana — {title} ({total} of 19)" in texts
    assert "Achievements" in texts and "New!" in texts
    assert names["win"] in texts
    # a new achievement is drawn with the aurora-green outline
    chip = chips[names["win"]]
    pixels = {tuple(app.surface.get_at((x, chip.rect.centery)))[:3] for x in range(chip.rect.x, chip.rect.right)}
    assert tuple(app.pal.green)[:3] in pixels
    # everything fits on the screen, above the buttons
    screen = pygame.Rect(0, 0, *app.size)
    for c in end.chips:
        assert screen.contains(c.rect) and end.card.contains(c.rect)
        assert c.rect.bottom < end.again_button.rect.top


def test_a_human_who_earned_nothing_is_told_so(app, monkeypatch):
    app.push(MenuScene(app))
    match = finished_match(human_wins=False)
    table, end = end_of(app, match)
    if RULES.achievements(match.state, 0):
        pytest.skip("this seed gave the loser an achievement")
    texts = drawn_texts(app, monkeypatch)
    assert "No achievements in this game." in texts
    assert "Ana — Tundra Tourist (0 of 19)" in texts


def test_kids_score_pad_has_a_picture_per_term(app, monkeypatch):
    seats = [SeatConfig("Ana", 0, HUMAN), SeatConfig("Bo", 1, BOT, "easy")]
    match = Match.start("borealis", seats, kids=True, seed=4)
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    app.push(MenuScene(app))
    table, end = end_of(app, match)
    keys = [t.key for t in match.result().terms]
    assert keys and all(end.icons.get(k) for k in keys)
    drawn: list[str] = []
    import scenes.shell.end

    real = scenes.shell.end.art.blit_svg

    def spy(surface, path, *args, **kw):
        drawn.append(path)
        return real(surface, path, *args, **kw)

    monkeypatch.setattr(scenes.shell.end.art, "blit_svg", spy)
    end.draw(pygame.Surface(app.size))  # the end screen alone: the podium, each term a picture on each block
    for k in keys:
        assert drawn.count(RULES.term_icons()[k]) == len(match.seats), k
    # and without kids' mode the score pad has no pictures
    grown_up = finished_match()
    app.back_to_menu()
    _table, end = end_of(app, grown_up)
    assert end.icons == {}


def test_players_screen_lists_a_recorded_profile_with_achievements_and_title(app, monkeypatch):
    menu = app.push(MenuScene(app))
    match = finished_match()
    end_of(app, match)
    app.back_to_menu()
    click_button(app, menu.menu_buttons["Players"])
    screen = app.top
    assert isinstance(screen, ProfilesScene)
    (ana,) = screen.players
    earned = RULES.achievements(match.state, 0)
    assert (ana.name, ana.colour, ana.played, ana.wins) == ("Ana", 0, 1, 1)
    assert ana.achievements["borealis"] == earned
    assert [row.players for row in screen.overview.history] == [["Ana", "Bo"]]
    texts = drawn_texts(app, monkeypatch)
    title = RULES.achievement_title(len(earned))
    assert "Ana" in texts and "Players" in texts
    assert f"{title} · {len(earned)} of 19 achievements" in texts
    assert "Games played: 1" in " ".join(texts)
    assert "Borealis: Arctic Expeditions" in texts
    # all 19 are listed (long names wrap onto two lines)
    joined = " ".join(texts)
    for name in RULES.achievement_names().values():
        assert name in joined or name.split(" ")[0] in joined
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_players_screen_scrolls_and_selects(app):
    app.push(MenuScene(app))
    with Profiles() as profiles:
        for i, name in enumerate(["Ana", "Bo", "Cleo"]):
            profiles.ensure_profile(name, i)
    # recorded straight through persist, as the table does
    assert persist.record_finished(finished_match(seats=[SeatConfig("Bo", 1, HUMAN), SeatConfig("Cleo", 2, HUMAN)]))
    screen = app.push(ProfilesScene(app))
    app.draw()
    assert [p.name for p in screen.players] == ["Ana", "Bo", "Cleo"]
    assert screen.max_scroll > 0, "one profile's 19 achievements and the history do not fit at 1280x720"
    key(app, pygame.K_END)
    assert screen.scroll == screen.max_scroll
    key(app, pygame.K_HOME)
    assert screen.scroll == 0
    click(app, screen.rows[2].center)
    assert screen.current is not None and screen.current.name == "Cleo"
    key(app, pygame.K_UP)
    assert screen.current.name == "Bo"


def test_players_screen_with_nobody_yet(app, monkeypatch):
    app.push(MenuScene(app))
    screen = app.push(ProfilesScene(app))
    assert screen.players == [] and screen.current is None
    texts = drawn_texts(app, monkeypatch)
    assert "No players yet." in texts and "No finished games yet." in texts


def test_bots_only_games_are_kept_without_profiles(app):
    seats = [SeatConfig("Ana", 0, BOT, "easy"), SeatConfig("Bo", 1, BOT, "easy")]
    match = Match.start("borealis", seats, seed=2)
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    report = persist.record_finished(match)
    assert report is not None and report.players == ()
    with Profiles() as profiles:
        assert len(profiles.history()) == 1 and profiles.profiles() == []
    unfinished = Match.start("borealis", seats, seed=2)
    assert persist.record_finished(unfinished) is None


def test_setup_offers_the_known_players_names_and_colours(app):
    from scenes.shell.setup import SetupScene

    with Profiles() as profiles:
        profiles.ensure_profile("Zoe", 4)
        profiles.ensure_profile("Yan", 5)
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app, "borealis"))
    assert setup.known == [("Yan", 5), ("Zoe", 4)]
    assert len(setup.known_rects) == 1, "only the human seat picks a known player"
    click(app, setup.known_rects[0].center)
    assert (setup.seats[0].name, setup.seats[0].colour) == ("Yan", 5)
    click(app, setup.known_rects[0].center)
    assert (setup.seats[0].name, setup.seats[0].colour) == ("Zoe", 4)
    assert [s.name for s in setup.table_seats()][0] == "Zoe"
