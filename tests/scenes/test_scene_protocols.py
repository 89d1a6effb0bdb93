"""The Protocols through which the scenes see the app and the tables (scenes/shell/host.py,
scenes/shell/trace.py, scenes/borealis/parts.py, scenes/iluliaq/parts.py) name only what the real
objects have, once a table is up and drawn: they stand in for the classes in the type hints so that
scenes/ has no import cycle (tests/test_import_graph.py), and must not drift from them."""

from __future__ import annotations

from typing import Protocol

import pytest

from game.core.i18n import set_language
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.app import App
from scenes.storage.settings import Settings

_PROTOCOL_INNARDS = {"_is_protocol", "_is_runtime_protocol"}


def members(protocol: type) -> set[str]:
    """The attributes, properties and methods ``protocol`` and the Protocols it extends declare (not
    ``Protocol``'s own)."""
    declared: set[str] = set()
    for cls in protocol.__mro__:
        if getattr(cls, "_is_protocol", False) and cls is not Protocol:
            declared |= set(vars(cls).get("__annotations__", {}))
            declared |= {n for n, value in vars(cls).items() if callable(value) or isinstance(value, property)}
    return {n for n in declared if not n.startswith("__") and not n.startswith("_abc") and n not in _PROTOCOL_INNARDS}


def missing(protocol: type, thing: object) -> list[str]:
    assert issubclass(protocol, Protocol) and members(protocol), protocol  # type: ignore[arg-type]
    return sorted(n for n in members(protocol) if not hasattr(thing, n))


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """The real games (not the shell tests' toy), in a throwaway data folder."""
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / "data"))
    set_language("en")


def _table_up(game: str, table_class: type) -> tuple[App, object]:
    app = App((1280, 720), headless=True, settings=Settings())
    seats = [SeatConfig(name, i, HUMAN if i == 0 else BOT, "easy") for i, name in enumerate(["Ana", "Bo"])]
    table = table_class(app, Match.start(game, seats, seed=3))
    table.bots_play = False
    app.push(table)
    app.update()
    app.draw()
    assert app.top is table
    return app, table


def test_the_app_has_all_that_host_and_trace_name() -> None:
    from scenes.shell.host import Host
    from scenes.shell.trace import Traced

    app = App((1280, 720), headless=True, settings=Settings())
    try:
        assert missing(Host, app) == []
        assert missing(Traced, app) == []
    finally:
        app.bots.shutdown()


@pytest.mark.parametrize("game", ["borealis", "iluliaq"])
def test_each_table_has_all_that_its_parts_and_the_screens_over_it_name(game: str) -> None:
    from scenes.shell.host import PlayedTable

    if game == "borealis":
        from scenes.borealis.parts import TableParts
        from scenes.borealis.table import BorealisTable as table_class
    else:
        from scenes.iluliaq.parts import TableParts
        from scenes.iluliaq.table import IluliaqTable as table_class
    app, table = _table_up(game, table_class)
    try:
        assert missing(TableParts, table) == []
        assert missing(PlayedTable, table) == []
    finally:
        app.bots.shutdown()
