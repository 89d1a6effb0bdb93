"""Fuzzing the door, for every registered game (game/core/registry.py ``available()``): random corruptions,
made by hypothesis, of the game's own positions and of saves made by playing it.

A game's positions are its scenario files (tests/<game>/positions/*.json, when it has them) and the
positions its rules write (``to_position``) of games played: a new game of the fewest and of the most
players, a kids' game, and the states a few bot moves later. Its saves are games played by its normal
bots (its physics completing the throws of a physics game), one of them started from a position. So a
game is fuzzed as soon as it is registered, with nothing to add here.

Every input must be refused with one readable sentence (a SaveError, nothing else raised) or load into
a game that plays on: its seat to act has a legal action (unless it is over), a few random legal
actions apply (completed by the game's physics), its views, prompts, log lines and result build, a
position it writes reads back, and a save opens as Continue opens it. The corruptions replace, delete,
duplicate, nudge, cut or repeat parts of the file, with the file's own values, arbitrary JSON, hostile
texts and the numbers hostile files use (1e300, -1e300, a layer of 40, NaN and infinities, which our
JSON parser refuses); ``test_named_values`` puts those numbers, and lists of one id repeated, in every
kind of place of each game's first save and position.

``make test`` runs EXAMPLES (100) inputs a test and game, derandomized: a few seconds a game (the tally
printed at the end says how many loaded and how many were refused). Run a deeper soak by hand::

    POLAR_TABLE_FUZZ_EXAMPLES=5000 SDL_VIDEODRIVER=dummy .venv/bin/python -m pytest tests/storage/test_fuzz.py -s

(the number is per test and game; the inputs are then random, not derandomized).
"""

from __future__ import annotations

import json
import math
import os
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import registry
from game.core.bots import decide
from game.core.contract import Game
from game.core.errors import SaveError
from game.core.history import History
from game.core.positions import read_position
from game.core.rng import Rng
from physics.resolvers import resolver_for
from scenes.session.match import Match
from scenes.storage import saves
from tests.storage.corruption import MUTATIONS, get, mutate, node_paths, scalars

EXAMPLES = int(os.environ.get("POLAR_TABLE_FUZZ_EXAMPLES", "150"))
BUDGET = float(os.environ.get("POLAR_TABLE_FUZZ_SECONDS", "10"))
"""Seconds of inputs a test may spend on one game; the inputs left after that are counted, not run
(``make test`` stays quick whatever a new game costs; the tally says when the budget ran out)."""
TABLES = 15
"""Loaded inputs a game opens on its table (a headless window), as Continue does: a table costs
about 0.07 s, so only the first ones of each test and game."""
LIMIT = 20.0
"""Seconds after which one input counts as a freeze (a guard against hangs, far above the few
milliseconds an input takes: timings are measured by hand, not asserted)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize="POLAR_TABLE_FUZZ_EXAMPLES" not in os.environ,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
TESTS = Path(__file__).resolve().parents[1]
GAMES = tuple(registry.available())
TALLY: Counter[str] = Counter()
SECONDS: Counter[str] = Counter()
"""Seconds spent on inputs, by (test kind, game)."""

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
HOSTILE_TEXT = ["\x00", "A\x00na", "\ud800", "\u202eBo", "\u200b", "   ", "\n\t", "é" * 300, "\U0001F600" * 3]
HOSTILE_NUMBERS = [1e300, -1e300, 40, -1, 10**30, math.nan, math.inf, -math.inf]
"""The numbers hostile files hold: far off the table, a layer of 40, and what JSON itself cannot say
(NaN and infinities, which our parser refuses with a sentence)."""


# --- what each game is fuzzed from ---------------------------------------------------------------


@dataclass(frozen=True)
class Base:
    name: str
    data: Any
    pool: list[Any]
    """Plausible replacements: the file's own values, hostile texts and numbers."""


def _base(name: str, data: Any) -> Base:
    return Base(name, data, scalars(data) + HOSTILE_TEXT + HOSTILE_NUMBERS)


def _played(game: Game, options: Any, seed: int, actions: int, start: dict[str, Any] | None = None) -> History:
    """A game played by normal bots (their throws completed by the game's physics)."""
    resolver = resolver_for(game.info.id)
    history = History.start(game, options, seed) if start is None else History.from_position(game, start, options)
    for step in range(actions):
        if game.is_over(history.state):
            break
        history.push(decide(game, history.state, "normal", seed * 1000 + step, resolver=resolver))
    return history


def _options(game: Game, players: int, kids: bool = False) -> Any:
    options = game.default_options(players, kids=kids)
    names = tuple(f"Seat {i + 1}" for i in range(players))
    return type(options)(players=players, names=names, kids=kids, variants=dict(options.variants))


def scenario_files(game: Game) -> list[Path]:
    return sorted((TESTS / game.info.id / "positions").glob("*.json"))


def position_bases(game: Game) -> list[Base]:
    """The game's scenario files, and the positions its rules write of games played."""
    bases = [_base(path.stem, json.loads(path.read_text(encoding="utf-8"))) for path in scenario_files(game)]
    low, high = game.info.min_players, game.info.max_players
    for label, options, seed, actions in (("new game", _options(game, low), 5, 0),
                                          (f"new {high}-player game", _options(game, high), 6, 0),
                                          ("kids' game", _options(game, low, kids=True), 7, 3),
                                          ("game played", _options(game, high), 8, 12)):
        state = _played(game, options, seed, actions).state
        bases.append(_base(label, json.loads(json.dumps(game.to_position(state)))))
    return bases


def save_bases(game: Game) -> list[Base]:
    """Saves of games played: the fewest players, the most, and one started from a position."""
    from scenes.storage.saves import SavedGame, Seat

    def saved(history: History) -> dict[str, Any]:
        players = history.record.options.players
        seats = [Seat(f"Seat {i + 1}", 0x3366CC + i, "human" if i == 0 else "bot", "normal") for i in range(players)]
        return SavedGame(history.record, seats).to_json()

    low, high = game.info.min_players, game.info.max_players
    bases = [_base(f"{low} players", saved(_played(game, _options(game, low), 3, 30))),
             _base(f"{high} players", saved(_played(game, _options(game, high), 11, 20)))]
    files = scenario_files(game)
    start = json.loads(files[0].read_text(encoding="utf-8")) if files else game.to_position(
        _played(game, _options(game, low), 4, 5).state)
    state = read_position(game, start)
    players = len(game.result(state).scores)
    bases.append(_base("from a position", saved(_played(game, _options(game, players), 9, 8, start=start))))
    return bases


_BASES: dict[tuple[str, str], list[Base]] = {}


def bases(game_id: str, kind: str) -> list[Base]:
    """The game's position or save bases, made once a test session."""
    if (game_id, kind) not in _BASES:
        game = registry.get(game_id)
        _BASES[game_id, kind] = position_bases(game) if kind == "position" else save_bases(game)
    return _BASES[game_id, kind]


# --- what every input must do ----------------------------------------------------------------------


_FONTS: list[Any] = []


def _fonts() -> Any:
    if not _FONTS:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        import pygame

        from scenes.kit.style import Fonts

        pygame.font.init()
        _FONTS.append(Fonts())
    return _FONTS[0]


def _draw_all(texts: list[str]) -> None:
    """Every text is drawn as the tables draw it (a crash here is a crash after Continue)."""
    fonts = _fonts()
    for text in texts:
        fonts.render(text, "small")
        fonts.fit(text, 200)


def _sentence(exc: SaveError) -> None:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text and len(text) < 400, text
    assert text.rstrip()[-1] in ".!?)", text


def _corrupt(draw: Any, data: Any, pool: list[Any]) -> Any:
    """One to three random mutations of decoded JSON, replacements drawn from the data's own values,
    hostile ones (so many survive the first checks) or arbitrary JSON."""
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(node_paths(data)))
        how = draw(st.sampled_from(MUTATIONS))
        value = draw(st.sampled_from(pool) | JSON)
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


def _encoded(data: Any) -> bytes:
    """JSON as a hostile file holds it (NaN and infinities written as JavaScript does)."""
    return json.dumps(data, ensure_ascii=False).encode("utf-8", "surrogatepass")


def _play_on(game: Game, state: Any, rng: Rng, steps: int = 4) -> None:
    """The game goes on from ``state``: views, prompts, results, and a few random legal actions, each
    completed by the game's physics when it needs them."""
    resolver = resolver_for(game.info.id)
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
        if game.needs_resolver(action):
            action = resolver(game, view, action)
        game.describe(state, action)
        state = game.apply(state, action)


def check_save(game_id: str, name: str, raw: bytes) -> str:
    """Refused with a sentence, or opened as Continue opens it and played on; what happened."""
    started = time.perf_counter()
    try:
        loaded = saves.loads(raw)
    except SaveError as exc:
        _sentence(exc)
        outcome = "save refused"
    else:
        match = Match.from_saved(loaded)  # what Continue does
        texts = [seat.name for seat in match.seats] + [match.options.name(i) for i in range(match.options.players)]
        texts += [entry.text for entry in match.visible_log(match.to_act)]
        _draw_all(texts)
        _open_table(match, "save")
        _play_on(match.game, match.state, Rng.from_seed(len(raw)))
        outcome = f"save loaded ({name})"
    took = time.perf_counter() - started
    TALLY[f"{game_id}: {outcome}"] += 1
    SECONDS["save", game_id] += took
    assert took < LIMIT
    return outcome


def check_position(game_id: str, raw: bytes) -> str:
    """Read as the command line reads a position file: refused with a sentence, or played on."""
    game = registry.get(game_id)
    started = time.perf_counter()
    try:
        state = read_position(game, saves.parse_json(raw))
    except SaveError as exc:
        _sentence(exc)
        outcome = "position refused"
    else:
        again = read_position(game, json.loads(json.dumps(game.to_position(state))))
        assert game.state_to_json(again) == game.state_to_json(state), "a position the rules wrote does not read back"
        _open_table(Match.from_position(game, game.to_position(state), _seats(game, state)), "position")
        _play_on(game, state, Rng.from_seed(7))
        outcome = "position loaded"
    took = time.perf_counter() - started
    TALLY[f"{game_id}: {outcome}"] += 1
    SECONDS["position", game_id] += took
    assert took < LIMIT
    return outcome


def _seats(game: Game, state: Any) -> list[Any]:
    from scenes.session.match import SeatConfig

    return [SeatConfig(f"Seat {i + 1}", i) for i in range(len(game.result(state).scores))]


_APP: list[Any] = []
OPENED: Counter[str] = Counter()


def _open_table(match: Any, kind: str) -> None:
    """The first TABLES loaded inputs of a test and game are set on their table in a headless window
    and drawn (a table that cannot draw a loaded game is the crash at every Continue)."""
    key = f"{kind} {match.game.info.id}"
    if OPENED[key] >= TABLES:
        return
    OPENED[key] += 1
    if not _APP:
        from scenes.shell.app import App
        from scenes.storage.settings import Settings

        _APP.append(App((1280, 720), headless=True, settings=Settings()))
    from scenes.shell.tables import table_scene_for

    app = _APP[0]
    depth = len(app.stack)
    try:
        app.push(table_scene_for(match.game.info.id)(app, match))
        app.update()
        app.draw()
    finally:
        while len(app.stack) > depth:
            app.stack.pop().exit()
        app.bots.cancel()


@pytest.fixture(scope="module", autouse=True)
def _headless(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The tables' window touches no real data folder, and closes with the module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SDL_VIDEODRIVER", "dummy")
        patch.setenv("POLAR_TABLE_DATA", str(tmp_path_factory.mktemp("fuzz-data")))
        yield
        if _APP:
            _APP.pop().bots.shutdown()


def _within_budget(kind: str, game_id: str) -> bool:
    if SECONDS[kind, game_id] < BUDGET:
        return True
    TALLY[f"{game_id}: {kind} left out (budget spent)"] += 1
    return False


# --- the tests -------------------------------------------------------------------------------------


def test_every_registered_game_is_fuzzed() -> None:
    assert {"borealis", "iluliaq"} <= set(GAMES)
    for game_id in GAMES:
        assert len(bases(game_id, "position")) >= 4 and len(bases(game_id, "save")) == 3


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_corrupted_save_is_refused_with_a_sentence_or_plays_on(game_id: str, data: Any) -> None:
    if not _within_budget("save", game_id):
        return
    base = data.draw(st.sampled_from(bases(game_id, "save")))
    raw = _encoded(_corrupt(data.draw, base.data, base.pool))
    if data.draw(st.booleans()) and data.draw(st.integers(0, 4)) == 0:
        raw = _bytes_corrupt(data.draw, raw)
    check_save(game_id, base.name, raw)


@pytest.mark.parametrize("game_id", GAMES)
@FUZZ
@given(data=st.data())
def test_a_corrupted_position_is_refused_with_a_sentence_or_plays_on(game_id: str, data: Any) -> None:
    if not _within_budget("position", game_id):
        return
    base = data.draw(st.sampled_from(bases(game_id, "position")))
    check_position(game_id, _encoded(_corrupt(data.draw, base.data, base.pool)))


NAMED_PLACES = 24
"""Number paths of a file that each named value is put in (spread over the whole file)."""


def _spread(paths: list[tuple], count: int) -> list[tuple]:
    return paths if len(paths) <= count else [paths[i * len(paths) // count] for i in range(count)]


def _named_inputs(data: Any) -> list[tuple[str, Any]]:
    """Each hostile number at NAMED_PLACES numbers of ``data`` (and the root), and each list of whole
    numbers with its first item repeated (a list of one id over and over)."""
    paths = node_paths(data, limit=100_000)
    numbers = [p for p in paths if isinstance(get(data, p), (int, float)) and not isinstance(get(data, p), bool)]
    ids = [p for p in paths if isinstance(get(data, p), list) and get(data, p)
           and all(isinstance(v, int) and not isinstance(v, bool) for v in get(data, p))]
    out = [(f"{'.'.join(map(str, p))} = {v!r}", mutate(data, p, "replace", v))
           for p in _spread(numbers, NAMED_PLACES) for v in HOSTILE_NUMBERS]
    out += [(f"{'.'.join(map(str, p))} repeated", mutate(data, p, "repeat", None)) for p in _spread(ids, NAMED_PLACES)]
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_named_values(game_id: str) -> None:
    """The values hostile files were found with, in every kind of place of the game's first save and
    first position: each input is refused with a sentence or plays on."""
    outcomes: Counter[str] = Counter()
    inputs = [("save", label, data) for label, data in _named_inputs(bases(game_id, "save")[0].data)]
    inputs += [("position", label, data) for label, data in _named_inputs(bases(game_id, "position")[0].data)]
    for kind, label, data in inputs:
        try:
            if kind == "save":
                outcome = check_save(game_id, "named values", _encoded(data))
            else:
                outcome = check_position(game_id, _encoded(data))
        except Exception as exc:  # noqa: BLE001 - say which input did it
            raise AssertionError(f"{kind} with {label}: {exc!r}") from exc
        outcomes[outcome.split(" (")[0]] += 1
    print(f"\n{game_id}, named values: {dict(outcomes)}")
    assert outcomes["save refused"] and outcomes["position refused"], outcomes


def test_zz_report_the_tally(capsys) -> None:
    """Print how many fuzzed inputs loaded and how many were refused, and the seconds each game took
    (seen with -s or on failure)."""
    with capsys.disabled():
        print(f"\nfuzz ({EXAMPLES} examples a test and game): {dict(sorted(TALLY.items()))}")
        print("seconds spent on inputs: " + ", ".join(f"{k} {g} {s:.1f}" for (k, g), s in sorted(SECONDS.items())))
        print(f"tables opened: {dict(sorted(OPENED.items()))}")
