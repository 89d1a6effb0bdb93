"""Which table scene each game uses: its own, imported when first asked for, or the generic table
for a game that has none yet."""

from __future__ import annotations

import importlib

from scenes.shell.table import TableScene

TABLES: dict[str, str] = {
    "borealis": "scenes.borealis.table:BorealisTable",
    "iluliaq": "scenes.iluliaq.table:IluliaqTable",
    "iceflow": "scenes.iceflow.table:IceFlowTable",
    "ilan": "scenes.ilan.table:IlanTable",
}


def table_scene_for(game_id: str) -> type[TableScene]:
    """The game's own table scene, or the generic one if the game has none. A table that fails to
    import raises: a broken table is a bug for the tests to find, not a game to play on the generic
    table."""
    target = TABLES.get(game_id)
    if target is None:
        from scenes.shell.generic_table import GenericTable

        return GenericTable
    module_name, _sep, class_name = target.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, TableScene)):
        raise TypeError(f"{target} is not a table scene")
    return cls
