"""Each playthrough in tests/playthroughs/ is regenerated in memory and compared line by line.

A difference means a game now behaves differently for the same seed: if that was intended, run
``.venv/bin/python -m tests.playthroughs.regenerate`` and review the diff (tests/playthroughs/__init__.py).
"""

from __future__ import annotations

import difflib

import pytest

from physics import resolvers
from tests.playthroughs import SPECS, from_file, make

CONTEXT = 3
MOST_LINES = 60


def difference(name: str, want: list[str], got: list[str]) -> str:
    """"" when the lines agree; else where they part, and a unified diff (the first lines of it)."""
    if got == want:
        return ""
    diff = list(difflib.unified_diff(want, got, f"{name} (file)", f"{name} (regenerated)", n=CONTEXT, lineterm=""))
    shown = "\n".join(diff[:MOST_LINES]) + ("\n..." if len(diff) > MOST_LINES else "")
    first = next(i for i, (a, b) in enumerate(zip([*want, None], [*got, None])) if a != b)
    return (f"{name} differs from line {first + 1}; if the change is intended, run "
            f"python -m tests.playthroughs.regenerate and review the diff:\n{shown}")


@pytest.mark.parametrize("spec", SPECS, ids=[spec.path.stem for spec in SPECS])
def test_playthrough_is_unchanged(spec):
    assert spec.path.exists(), f"{spec.path.name} is missing: run python -m tests.playthroughs.regenerate"
    want = spec.path.read_text().splitlines()
    problem = difference(spec.path.name, want, make(spec, from_file(want)))
    if problem:
        pytest.fail(problem, pytrace=False)


def test_every_game_has_playthroughs():
    from tests import toys

    games = {spec.game for spec in SPECS}
    assert {game.info.id for game in toys.games()} <= games


def test_a_changed_step_shows_as_a_diff():
    spec = SPECS[0]
    lines = make(spec)
    edited = [line.replace("describe: plays", "describe: drops", 1) for line in lines]
    problem = difference("x.txt", edited, make(spec, from_file(edited)))
    first = next(i for i, line in enumerate(edited) if "describe: drops" in line)
    assert f"differs from line {first + 1}" in problem
    assert "-describe: drops" in problem and "+describe: plays" in problem
    assert difference("x.txt", lines, lines) == ""
    assert "differs from line" in difference("x.txt", lines, lines[:-1])


def test_recorded_outcomes_are_used_instead_of_physics():
    spec = next(s for s in SPECS if s.game == "toy_coin")
    lines = make(spec)

    def forbidden(*args):
        raise AssertionError("the check ran the physics")

    real = resolvers.resolver_for(spec.game)
    resolvers.register(spec.game, forbidden)
    try:
        assert make(spec, from_file(lines)) == lines
        other = [line.replace('"power": 0.', '"power": 0.0', 1) if line.startswith("action:") else line
                 for line in lines]
        with pytest.raises(LookupError, match="recorded action was made from"):
            make(spec, from_file(other))
    finally:
        resolvers.register(spec.game, real)
