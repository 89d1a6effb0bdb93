"""Opening a game on its table, so that a game that cannot be opened never becomes a crash loop.

A table that fails while it is set up or first drawn (a position its pieces cannot be drawn from) is
taken off again: the app says so in a sentence, the game's save is kept aside in ``corrupt/`` (so it
is not offered, and does not fail, again) and the menu stays. The next start opens normally.
"""

from __future__ import annotations

import contextlib
import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.core.i18n import _
from scenes.session import persist

if TYPE_CHECKING:
    from scenes.session.match import Match
    from scenes.shell.app import App

log = logging.getLogger(__name__)


def open_table(app: App, match: Match, save_first: bool = False) -> bool:
    """Push ``match``'s table and draw its first frame; whether it opened. ``save_first``: save the
    match among the games in progress once its table is up (a position or a save opened from a file,
    unless the game in it is over)."""
    from scenes.shell.tables import table_scene_for

    depth = len(app.stack)
    try:
        table = table_scene_for(match.game.info.id)(app, match)
        app.push(table)
        app.update()
        app.draw()
        if table not in app._visible():
            table.render(pygame.Surface(app.view_size))  # covered at once (a hand-over): drawn all the same
    except Exception:  # noqa: BLE001 - whatever the table does wrong, the app and the save survive it
        log.exception("the table of %s failed to open", match.game.info.id)
        kept = persist.set_aside(match.save_name)
        _take_off(app, depth)  # the scene below, uncovered, finds the save gone
        if kept:
            text = _("This game could not be opened: its table failed to set it up. The save was put aside as "
                     "{path}, so it cannot stop Polar Table again.").format(path=kept)
        else:
            text = _("This game could not be opened: its table failed to set it up.")
        app.toast(text, "error", 12.0)
        return False
    if save_first and match.on_action is not None and not match.is_over():
        match.on_action(match)  # a finished position is only looked at: it joins neither list
    return True


def _take_off(app: App, depth: int) -> None:
    """Pop what the failed opening pushed (a failing scene's exit is not allowed to fail again)."""
    while len(app.stack) > depth:
        scene = app.stack.pop()
        with contextlib.suppress(Exception):
            scene.exit()
    with contextlib.suppress(Exception):
        app.bots.cancel()
    if app.stack:
        with contextlib.suppress(Exception):
            app.stack[-1].uncover()
    app.tooltip.leave()
    app.invalidate()
    app.dirty = True


def open_position(app: App, path: str, data: Any = None) -> bool:
    """Open a save file or a position file (``{"game": id, ...}``) as a playable match, as a new game in
    progress of its own (never over another). ``data`` is the file's JSON when the command line has
    already read it (a file is read once), through the same door as any save: what the path is, size,
    shape and the game's own checks."""
    from game.core import registry
    from game.core.errors import SaveError
    from game.core.positions import read_position, seat_count
    from scenes.session.match import Match, SeatConfig
    from scenes.storage import saves

    try:
        if data is None:
            data = saves.parse_json(saves.read_bytes(Path(path)))
        if isinstance(data, dict) and data.get("format") == saves.FORMAT:
            match = Match.from_saved(saves.load_data(data), on_action=persist.autosave)
        else:
            if not isinstance(data, dict) or not isinstance(data.get("game"), str):
                raise SaveError(_('A position file names its game with a "game" key.'))
            game = registry.get(data["game"])
            players = seat_count(game, read_position(game, data))
            seats = [SeatConfig(_("Player {n}").format(n=i + 1), i) for i in range(players)]
            match = Match.from_position(game, data, seats, on_action=persist.autosave)
    except (OSError, ValueError, KeyError, TypeError, ImportError) as exc:
        app.toast(_("That file could not be opened: {reason}").format(reason=open_failure(exc)), "error")
        return False
    return open_table(app, match, save_first=True)


def open_failure(exc: BaseException) -> str:
    """Why a chosen file could not be opened, as a sentence (never Python's own text)."""
    from game.core.errors import SaveError
    from scenes.storage.atomic import reason

    if isinstance(exc, SaveError):
        return str(exc)
    if isinstance(exc, OSError):
        return reason(exc) + "."
    if isinstance(exc, UnicodeDecodeError):
        return _("The file is not text (it is not UTF-8).")
    if isinstance(exc, json.JSONDecodeError):
        return _("The file is not valid JSON (line {line}, column {column}).").format(line=exc.lineno, column=exc.colno)
    return _("It is neither a save nor a position Polar Table can use.")
