"""Iluliaq is not in the menu yet: its tests register the rules (records replay through the
registry) and the stand-in resolver, and put back what was there afterwards. The conformance
suite's playouts made with the stand-in are forgotten on the way out, so that a run with the real
resolver (tests/test_conformance.py, once Iluliaq is in the catalogue) never reuses them."""

from __future__ import annotations

import pytest

from game.core import registry
from game.iluliaq.rules import RULES
from physics import resolvers
from tests import conformance
from tests.iluliaq import stand_in


def forget_playouts() -> None:
    for key in [k for k in conformance._PLAYOUTS if k[0] == RULES.info.id]:
        del conformance._PLAYOUTS[key]


@pytest.fixture(scope="package", autouse=True)
def iluliaq_registered():
    had = resolvers.resolver_for(RULES.info.id)
    registry.register(RULES)
    resolvers.register(RULES.info.id, stand_in.resolve)
    forget_playouts()
    yield
    forget_playouts()
    registry.unregister(RULES.info.id)
    resolvers.unregister(RULES.info.id)
    if had is not None:
        resolvers.register(RULES.info.id, had)
