"""Fuzzing the door: random corruptions of real saves and positions, made by hypothesis.

Every input must be refused with one readable sentence (a SaveError) or load into a game that plays
on: its seat to act has a legal action (unless it is over), a few random legal actions apply, its
views, prompts, log lines and result build, and a position it writes reads back. Loading and the
few actions take under a second; nothing raises anything else.

``make test`` runs 300 examples a test, derandomized (a few seconds). Run thousands by hand::

    POLAR_TABLE_FUZZ_EXAMPLES=5000 SDL_VIDEODRIVER=dummy .venv/bin/python -m pytest tests/storage/test_fuzz.py

(the number is per test; each test then also prints how many inputs loaded and how many were refused).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import SaveError
from game.core.positions import read_position
from game.core.rng import Rng
from scenes.storage import saves
from tests.storage import toy_game
from tests.storage.corruption import MUTATIONS, mutate, node_paths, scalars
from tests.storage.helpers import play_saved

EXAMPLES = int(os.environ.get("POLAR_TABLE_FUZZ_EXAMPLES", "300"))
LIMIT = 20.0
"""Seconds after which one input counts as a freeze (a guard against hangs, far above the few
milliseconds an input takes: timings are measured by hand, not asserted)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="POLAR_TABLE_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
POSITIONS = Path(__file__).resolve().parents[1] / "borealis" / "positions"
TALLY: Counter[str] = Counter()

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


HOSTILE_TEXT = ["\x00", "A\x00na", "\ud800", "\u202eBo", "\u200b", "   ", "\n\t", "é" * 300, "\U0001F600" * 3]


def _draw_all(texts: list[str]) -> None:
    """Every text is drawn as the tables draw it (a crash here is a crash after Continue)."""

    fonts = _fonts()
    for text in texts:
        fonts.render(text, "small")
        fonts.fit(text, 200)


_FONTS: list[Any] = []


def _fonts() -> Any:
    if not _FONTS:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame

        from scenes.kit.style import Fonts

        pygame.font.init()
        _FONTS.append(Fonts())
    return _FONTS[0]


def _sentence(exc: SaveError) -> None:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text and len(text) < 400, text
    assert text.rstrip()[-1] in ".!?)", text


def _corrupt(draw: Any, data: Any, pool: list[Any]) -> Any:
    """One to three random mutations of decoded JSON, replacements drawn from the data's own values
    (so many survive the first checks) or from arbitrary JSON."""
    for _ in range(draw(st.integers(0, 3))):
        paths = node_paths(data)
        path = draw(st.sampled_from(paths))
        how = draw(st.sampled_from(MUTATIONS))
        value = draw(st.sampled_from(pool) | JSON) if pool else draw(JSON)
        data = mutate(data, path, how, value)
    return data


def _bytes_corrupt(draw: Any, raw: bytes) -> bytes:
    how = draw(st.sampled_from(("truncate", "flip", "insert")))
    at = draw(st.integers(0, max(0, len(raw) - 1)))
    if how == "truncate":
        return raw[:at]
    if how == "flip":
        return raw[:at] + bytes([raw[at] ^ (1 << draw(st.integers(0, 7)))]) + raw[at + 1:]
    return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]


def _play_on(game: Any, state: Any, rng: Rng, steps: int = 6) -> None:
    """The game goes on from ``state``: views, prompts, results, and a few random legal actions."""
    for _ in range(steps):
        game.result(state)
        if game.is_over(state):
            return
        seat = state.to_act
        view = game.view(state, seat)
        game.prompt(view, seat)
        space = game.space(state)
        assert not space.is_empty(), "a seat to act with nothing to do"
        action = space.sample(rng)
        game.describe(state, action)
        state = game.apply(state, action)


@pytest.fixture(scope="module")
def save_bases() -> list[tuple[Any, Any, list[Any]]]:
    from game.core import registry

    bases = []
    with pytest.MonkeyPatch.context() as patch:
        toy = toy_game.install(patch)
        saved, _states = play_saved(toy, actions=20)
        bases.append(("toy", saved.to_json()))
    borealis = registry.get("borealis")
    for seed in (3, 11):
        saved, _states = play_saved(borealis, actions=40, seed=seed)
        bases.append(("borealis", saved.to_json()))
    from game.core.bots import decide
    from game.core.history import History
    from scenes.storage.saves import SavedGame, Seat

    start = json.loads((POSITIONS / "ootah_three_turns.json").read_text(encoding="utf-8"))
    players = len(start["players"])
    history = History.from_position(borealis, start, borealis.default_options(players))
    for step in range(8):
        if borealis.is_over(history.state):
            break
        history.push(decide(borealis, history.state, "normal", step))
    seats = [Seat(f"P{i}", i, "human") for i in range(players)]
    bases.append(("borealis from a position", SavedGame(history.record, seats).to_json()))
    return [(name, data, scalars(data) + HOSTILE_TEXT) for name, data in bases]


@FUZZ
@given(st.data())
def test_a_corrupted_save_is_refused_with_a_sentence_or_plays_on(save_bases, monkeypatch, data) -> None:
    toy_game.install(monkeypatch)
    name, base, pool = data.draw(st.sampled_from(save_bases))
    raw = json.dumps(_corrupt(data.draw, base, pool), ensure_ascii=False).encode("utf-8", "surrogatepass")
    if data.draw(st.booleans()) and data.draw(st.integers(0, 4)) == 0:
        raw = _bytes_corrupt(data.draw, raw)
    started = time.perf_counter()
    try:
        loaded = saves.loads(raw)
    except SaveError as exc:
        _sentence(exc)
        TALLY["save refused"] += 1
    else:
        from scenes.session.match import Match

        match = Match.from_saved(loaded)  # what Continue does
        texts = [seat.name for seat in match.seats] + [match.options.name(i) for i in range(match.options.players)]
        texts += [entry.text for entry in match.visible_log(match.to_act)]
        _draw_all(texts)
        _play_on(match.game, match.state, Rng.from_seed(len(raw)))
        TALLY[f"save loaded ({name})"] += 1
    assert time.perf_counter() - started < LIMIT


@pytest.fixture(scope="module")
def position_bases() -> list[tuple[Any, list[Any]]]:
    from game.borealis import RULES

    bases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(POSITIONS.glob("*.json"))]
    bases.append(RULES.to_position(RULES.new_game(RULES.default_options(3), 5)))
    return [(b, scalars(b)) for b in bases]


@FUZZ
@given(st.data())
def test_a_corrupted_position_is_refused_with_a_sentence_or_plays_on(position_bases, data) -> None:
    from game.borealis import RULES

    base, pool = data.draw(st.sampled_from(position_bases))
    position = _corrupt(data.draw, base, pool)
    started = time.perf_counter()
    try:
        state = read_position(RULES, json.loads(json.dumps(position)))
    except SaveError as exc:
        _sentence(exc)
        TALLY["position refused"] += 1
    else:
        again = read_position(RULES, json.loads(json.dumps(RULES.to_position(state))))
        assert again == state, "a position the rules wrote does not read back"
        _play_on(RULES, state, Rng.from_seed(7))
        TALLY["position loaded"] += 1
    assert time.perf_counter() - started < LIMIT


def test_zz_report_the_tally(capsys) -> None:
    """Print how many fuzzed inputs loaded and how many were refused (seen with -s or on failure)."""
    with capsys.disabled():
        print(f"\nfuzz ({EXAMPLES} examples a test): {dict(sorted(TALLY.items()))}")
