"""Every screen and every table at every text size Settings offers, at 1280x720 and 1920x1080,
headless: no crash, no widget outside the window, no two widgets over each other, no word under
14 px, and what a list cuts off can be scrolled to (tests/scenes/placement.py checks what each
screen says it placed: scenes/kit/placed.py).

A new screen is one entry in SCREENS (its name, its class and how to open it);
``test_the_sweep_knows_every_screen`` fails until a new Scene subclass has one."""

from __future__ import annotations

import importlib
import os
import pkgutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.core import registry  # noqa: E402
from game.core.bots import decide  # noqa: E402
from physics.resolvers import resolver_for  # noqa: E402
from scenes.session.match import BOT, HUMAN, Match, SeatConfig  # noqa: E402
from scenes.shell.settings_menu import UI_SCALES  # noqa: E402
from tests.scenes.placement import MIN_PX, cut_off, faults, shown_whole  # noqa: E402

WINDOWS = ((1280, 720), (1920, 1080))
GAMES = tuple(sorted(registry.available()))
NAMES = ("Ana", "Bruno", "Carla Maria Josephine", "Dario", "Eli", "Fay", "Gus")


# --- matches (made once, shared by every size: the tables never move them) --------------------
def _seats(game_id: str, players: int, humans: int) -> list[SeatConfig]:
    return [SeatConfig(NAMES[i], i, HUMAN if i < humans else BOT, "easy") for i in range(players)]


def _play(match: Match, actions: int | None) -> Match:
    resolver = resolver_for(match.game.info.id)
    done = 0
    while not match.is_over() and (actions is None or done < actions):
        match.apply(decide(match.game, match.state, "easy", match.bot_seed(), resolver=resolver))
        done += 1
    match.savable = False  # nothing of the sweep touches the saves or the profiles
    return match


@cache
def mid_game(game_id: str, players: int, kids: bool) -> Match:
    """Bots only, some way into the game (every seat has acted)."""
    return _play(Match.start(game_id, _seats(game_id, players, 0), kids=kids, seed=5), 3 * players)


@cache
def finished(game_id: str, kids: bool) -> Match:
    info = registry.get(game_id).info
    return _play(Match.start(game_id, _seats(game_id, info.min_players, 1), kids=kids, seed=5), None)


# --- how each screen is opened ---------------------------------------------------------------
def frames(app, n: int = 1) -> None:
    for _i in range(n):
        app.update()
        app.draw()


def _menu(app):
    from scenes.shell.menu import MenuScene

    return app.push(MenuScene(app))


def _menu_continue(app):
    from scenes.session import persist

    match = Match.start(GAMES[0], _seats(GAMES[0], 3, 1), seed=5)
    persist.autosave(match)
    return _menu(app)


def _settings(app):
    from scenes.shell.settings_menu import SettingsScene

    return app.push(SettingsScene(app))


def _setup(game_id: str, kids: bool, players: int | None = None) -> Callable:
    def open_(app):
        from scenes.shell.setup import SetupScene

        setup = SetupScene(app, game_id)
        setup.players = players or setup.game.info.max_players
        if kids != setup.kids:
            setup.toggle_kids()
        return app.push(setup)
    return open_


def _players(app):
    from scenes.session import persist
    from scenes.shell.profiles_screen import ProfilesScene

    match = finished(GAMES[0], False)
    match.savable = True
    try:
        persist.record_finished(match)
    finally:
        match.savable = False
    return app.push(ProfilesScene(app))


def _rules(game_id: str) -> Callable:
    def open_(app):
        from scenes.shell.rules import RulesScene

        return app.push(RulesScene(app, game_id))
    return open_


def _table_of(app, match: Match):
    from scenes.shell.tables import table_scene_for

    table = table_scene_for(match.game.info.id)(app, match)
    table.bots_play = False
    app.push(table)
    return table


def _table(game_id: str, players: int, kids: bool) -> Callable:
    def open_(app):
        return _table_of(app, mid_game(game_id, players, kids))
    return open_


def _pause(app):
    from scenes.shell.pause import PauseScene

    table = _table_of(app, mid_game(GAMES[0], 2, False))
    return app.push(PauseScene(app, table))


def _handover(app):
    from scenes.shell.handover import HandoverScene

    game = next(g for g in GAMES if registry.get(g).info.hands_over)
    match = _play(Match.start(game, _seats(game, 3, 3), seed=5), 4)
    _table_of(app, match)
    frames(app)
    assert isinstance(app.top, HandoverScene), "two humans at a table with hidden cards hand the screen over"
    return app.top


def _end(game_id: str, kids: bool) -> Callable:
    def open_(app):
        from scenes.session import persist
        from scenes.shell.end import EndScene

        match = finished(game_id, kids)
        table = _table_of(app, match)
        table.finish_report = persist.finished_summary(match)  # the human's achievements (read, not written)
        return app.push(EndScene(app, table, fanfare=False))
    return open_


def _games_in_progress(count: int) -> None:
    from scenes.session import persist

    for k in range(count):
        game = GAMES[k % len(GAMES)]
        persist.autosave(Match.start(game, _seats(game, 2 + k % 2, 1), seed=k))


def _continue(app):
    from scenes.shell.continue_list import ContinueScene

    _games_in_progress(7)
    return app.push(ContinueScene(app))


def _delete(app):
    from scenes.shell.continue_list import DeleteScene

    listing = _continue(app)
    return app.push(DeleteScene(app, listing, listing.games[0]))


@dataclass(frozen=True)
class Screen:
    name: str
    scene: str
    """The class of the scene it opens (module:Class)."""
    open: Callable


def screens() -> list[Screen]:
    out = [
        Screen("menu", "scenes.shell.menu:MenuScene", _menu),
        Screen("menu-continue", "scenes.shell.menu:MenuScene", _menu_continue),
        Screen("settings", "scenes.shell.settings_menu:SettingsScene", _settings),
        Screen("players", "scenes.shell.profiles_screen:ProfilesScene", _players),
        Screen("pause", "scenes.shell.pause:PauseScene", _pause),
        Screen("hand-over", "scenes.shell.handover:HandoverScene", _handover),
        Screen("continue", "scenes.shell.continue_list:ContinueScene", _continue),
        Screen("continue-delete", "scenes.shell.continue_list:DeleteScene", _delete),
    ]
    for game_id in GAMES:
        info = registry.get(game_id).info
        table = f"scenes.shell.tables:{game_id}"
        out += [
            Screen(f"setup-{game_id}", "scenes.shell.setup:SetupScene", _setup(game_id, False)),
            Screen(f"setup-{game_id}-kids", "scenes.shell.setup:SetupScene", _setup(game_id, True)),
            Screen(f"rules-{game_id}", "scenes.shell.rules:RulesScene", _rules(game_id)),
            Screen(f"end-{game_id}", "scenes.shell.end:EndScene", _end(game_id, False)),
            Screen(f"podium-{game_id}", "scenes.shell.end:EndScene", _end(game_id, True)),
        ]
        for players in sorted({info.min_players, info.max_players}):
            out.append(Screen(f"{game_id}-{players}p", table, _table(game_id, players, False)))
        out.append(Screen(f"{game_id}-kids", table, _table(game_id, info.min_players, True)))
    return out


SCREENS = screens()
NOT_SWEPT = {
    "scenes.shell.generic_table:GenericTable": "no registered game uses it (tests/scenes/test_generic_table.py)",
}
EXPECTED_FAILURES: dict[tuple[str, float, tuple[int, int]], str] = {}
"""(screen, text size, window) -> why it fails for now: marked xfail(strict=True) (when it passes, the
mark has to go)."""


def _class(path: str) -> type:
    module, _sep, name = path.partition(":")
    if module == "scenes.shell.tables":
        from scenes.shell.tables import table_scene_for

        return table_scene_for(name)
    return getattr(importlib.import_module(module), name)


def _cases():
    for screen in SCREENS:
        for window in WINDOWS:
            for scale in UI_SCALES:
                why = EXPECTED_FAILURES.get((screen.name, scale, window))
                marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
                yield pytest.param(screen, scale, window, id=f"{screen.name}-{round(scale * 100)}%-"
                                   f"{window[0]}x{window[1]}", marks=marks)


# --- the checks ------------------------------------------------------------------------------
def check(app, scene) -> list[str]:
    """What is wrong on the screen as drawn, and in every list it scrolls through."""
    size = app.view_size
    views = [v.view for v in scene.scrolls()]
    out = faults(scene.placed(), size, views)
    for k, view in enumerate(scene.scrolls()):
        if not view.most:
            continue
        hidden = cut_off(scene.placed(), view.view)
        seen: set = set()
        step = max(1, view.view[3])  # a page at a time
        for y in [*range(0, view.most, step), view.most]:
            scene.scrolls()[k].scroll_to(y)
            frames(app)
            placed = scene.placed()
            out += [f"scrolled to {y}: {f}" for f in faults(placed, size, views)]
            seen |= shown_whole(placed, view.view)
            hidden |= cut_off(placed, view.view)
        scene.scrolls()[k].scroll_to(0)
        out += [f"{kind} {name!r} is never shown whole, however far the list scrolls" for kind, name in hidden - seen]
    return out


@pytest.mark.parametrize(("screen", "scale", "window"), list(_cases()))
def test_every_screen_at_every_text_size(screen: Screen, scale: float, window: tuple[int, int], sizes,
                                         monkeypatch):
    from scenes.shell.app import App
    from scenes.shell.scene import Scene
    from scenes.storage.settings import Settings

    # where the widgets are is what counts here: their pictures are drawn as a frame needs them,
    # not every state of every button at once (most of the time the sweep would take)
    monkeypatch.setattr(Scene, "settle_widgets", lambda self: None)

    app = App(window, headless=True, settings=Settings(ui_scale=scale))
    try:
        started = time.perf_counter()
        scene = screen.open(app)
        frames(app)
        assert app.top is scene and isinstance(scene, _class(screen.scene))
        problems = check(app, scene)
        print(f"{screen.name} {scale} {window}: {len(scene.placed())} things placed, {len(sizes)} words, "
              f"{time.perf_counter() - started:.2f} s")
    finally:
        app.bots.shutdown()
    small = sorted({(px, text) for px, text in sizes if px < MIN_PX})
    problems += [f"{text!r} is drawn at {px} px" for px, text in small[:5]]
    assert not problems, "\n".join(problems[:12])


def _scene_classes() -> set[str]:
    import scenes
    from scenes.shell.scene import Scene

    for info in pkgutil.walk_packages(scenes.__path__, "scenes."):
        if not info.name.startswith("scenes.tools"):
            importlib.import_module(info.name)
    found, todo = set(), [Scene]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("scenes."):  # not the tests' own little scenes
                found.add(f"{sub.__module__}:{sub.__name__}")
    return found - {"scenes.shell.table:TableScene", "scenes.shell.layered:LayeredTable"}  # the bases of tables


def test_the_sweep_knows_every_screen():
    """Every scene of the app is swept (or said why not): a new screen gets its line in SCREENS."""
    swept = {f"{c.__module__}:{c.__name__}" for c in (_class(s.scene) for s in SCREENS)}
    missing = _scene_classes() - swept - set(NOT_SWEPT)
    assert not missing, f"screens the sweep does not visit (add them to SCREENS): {sorted(missing)}"
