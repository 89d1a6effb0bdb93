"""Toy games that prove the rules contract (game/core) one part at a time.

Each toy is small, with real rules and a result, and registers itself with
``game.core.registry.register`` when imported, so records of it replay
(``polar-table replay FILE --rules tests.toys.coin``):

- ``tests.toys.interrupt`` (Hunters): hidden hands and a shuffled deck; a hunter card makes another
  seat answer a nested prompt (``flow.call``) while the turn stays with its owner.
- ``tests.toys.fanout`` (Avalanche): perfect information, no chance; an avalanche asks every other
  seat on a row, one at a time and clockwise (``flow.fan_out`` / ``flow.answered``), with a Pass
  button; the active player's choice takes several steps (``flow.goto``) that can be undone.
- ``tests.toys.chain`` (Krill Chain): card abilities written as data that ask their player and
  other seats (one ``pick`` stage whose words come from the frame, private frame data), group
  choices answered seat by seat then applied at once (``flow.fan_out_each``), passives that fire
  on another card's death in batches (``game.core.triggers``), and a win in the middle of a chain
  (``flow.end_game``).
- ``tests.toys.coin`` (Flick): a continuous action space whose intents a resolver in
  ``tests.toys.coin_physics`` (pymunk) completes with their outcome; replay never runs physics.
"""

from __future__ import annotations

import importlib

from game.core.contract import Game

MODULES = ("tests.toys.interrupt", "tests.toys.fanout", "tests.toys.chain", "tests.toys.coin")


def games() -> list[Game]:
    """The toy games' rules (importing registers them)."""
    return [importlib.import_module(name).RULES for name in MODULES]
