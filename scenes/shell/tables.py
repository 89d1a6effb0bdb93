"""Which table scene each game uses: a lazy mapping, falling back to the generic table."""

from __future__ import annotations

import importlib
import logging

from scenes.shell.table import TableScene

log = logging.getLogger(__name__)

TABLES: dict[str, str] = {
    "borealis": "scenes.borealis.table:BorealisTable",
    "iluliaq": "scenes.iluliaq.table:IluliaqTable",
}


def table_scene_for(game_id: str) -> type[TableScene]:
    """The game's own table scene, or the generic one if it is not there (yet) or fails to import."""
    target = TABLES.get(game_id)
    if target:
        module_name, _sep, class_name = target.partition(":")
        try:
            cls = getattr(importlib.import_module(module_name), class_name)
            if isinstance(cls, type) and issubclass(cls, TableScene):
                return cls
        except ImportError:
            pass
        except Exception:  # noqa: BLE001 - a broken scene must not stop the game from being played
            log.exception("table scene for %s failed to load", game_id)
    from scenes.shell.generic_table import GenericTable

    return GenericTable
