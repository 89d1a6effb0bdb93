"""Iluliaq's own tests throw with the stand-in resolver (tests/iluliaq/stand_in.py: pure geometry,
quick and predictable) and put back the real one afterwards. The conformance suite runs on Iluliaq
with the real physics, in tests/test_conformance.py."""

from __future__ import annotations

import pytest

from game.iluliaq.rules import RULES
from physics import resolvers
from tests.iluliaq import stand_in


@pytest.fixture(scope="package", autouse=True)
def stand_in_physics():
    had = resolvers.resolver_for(RULES.info.id)
    resolvers.register(RULES.info.id, stand_in.resolve)
    yield
    resolvers.unregister(RULES.info.id)
    if had is not None:
        resolvers.register(RULES.info.id, had)
