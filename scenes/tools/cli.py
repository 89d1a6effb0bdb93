"""The ``polar-table`` command line (see DESIGN.md, "Command line").

Exit codes: 0 success, 1 a game or check failed, 2 bad input (unknown game, unreadable file,
bad option). Every failure prints one readable sentence on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

_STARTED = time.perf_counter()
EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2


class CliError(Exception):
    """A problem with what the user asked for; the message is a sentence."""


# --- helpers ---------------------------------------------------------------------------------


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False), flush=True)


def _fail(message: str) -> int:
    print(f"polar-table: {message}", file=sys.stderr, flush=True)
    return EXIT_BAD_INPUT


def _game(game_id: str) -> Any:
    from game.core import registry
    from game.core.errors import SaveError

    try:
        return registry.get(game_id)
    except SaveError as exc:
        ready = ", ".join(registry.available()) or "none yet"
        raise CliError(f"{exc} Games ready to play: {ready}.") from None
    except (ImportError, AttributeError) as exc:
        raise CliError(f"The rules of {game_id!r} could not be loaded ({exc.__class__.__name__}: {exc}).") from None


def _players(game: Any, players: int | None) -> int:
    info = game.info
    count = players if players is not None else info.min_players
    if not info.min_players <= count <= info.max_players:
        raise CliError(f"{info.name} is for {info.counts().render()}, not {count}.")
    return count


def _variants(game: Any, pairs: Sequence[str]) -> dict[str, str]:
    known = {v.key: v for v in game.info.variants}
    chosen = {v.key: v.default for v in game.info.variants}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"A variant is given as key=value, not {pair!r}.")
        if key not in known:
            names = ", ".join(known) or "none"
            raise CliError(f"{game.info.name} has no variant {key!r} (its variants: {names}).")
        choices = [c for c, _label in known[key].choices]
        if value not in choices:
            raise CliError(f"Variant {key} takes one of {', '.join(choices)}, not {value!r}.")
        chosen[key] = value
    return chosen


def _size(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, like 1920x1080, not {text!r}") from None
    if not sep or not (16 <= size[0] <= 8192 and 16 <= size[1] <= 8192):
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT between 16 and 8192, not {text!r}")
    return size


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} should not be negative")
    return value


def _positive(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError("it should be at least 1")
    return value


def _headless_video() -> None:
    """Render without a window when there is no display (CI, a terminal over ssh)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _read_position(path: Path, data: Any = None) -> tuple[Any, Any]:
    """The rules and the state of a position file (``data``: its JSON, already read once); raises
    CliError with a sentence."""
    from game.core.errors import SaveError
    from scenes.storage.saves import parse_json, read_bytes

    if data is None:
        try:
            data = parse_json(read_bytes(path))
        except SaveError as exc:
            raise CliError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise CliError(f'{path}: a position file is a JSON table with "game" naming the game.')
    game = _game(data["game"])
    from game.core.positions import read_position

    try:
        state = read_position(game, data)
    except SaveError as exc:
        raise CliError(f"{path}: the position cannot be set up: {str(exc).rstrip('.')}.") from None
    except Exception as exc:  # noqa: BLE001 - a position is user input; say what is wrong, no traceback
        raise CliError(f"{path}: the position cannot be set up ({exc.__class__.__name__}).") from None
    return game, state


def _app_run(**kwargs: Any) -> int:
    """Open the app; passes only the keyword arguments ``scenes.shell.start.run`` accepts."""
    if kwargs.get("smoke"):
        _headless_video()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        from scenes.shell import start
    except ImportError as exc:
        return _fail(f"The app cannot start: {exc}.")
    run: Callable[..., Any] = start.run
    accepted = inspect.signature(run).parameters
    takes_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in accepted.values())
    missing = [k for k, v in kwargs.items() if v not in (None, False) and k not in accepted and not takes_any]
    if missing:
        return _fail(f"This build of the app does not support {', '.join(missing)}.")
    passed = {k: v for k, v in kwargs.items() if takes_any or k in accepted}
    result = run(**passed)
    return int(result) if isinstance(result, int) else EXIT_OK


# --- subcommands -----------------------------------------------------------------------------


def cmd_app(args: argparse.Namespace) -> int:
    if args.smoke:
        return _smoke()
    if args.probe:
        _headless_video()
        from scenes.tools import probes

        return probes.run(args.probe)
    if args.idle_probe is not None or args.first_frame_probe:
        _headless_video()
        from scenes.tools import probes

        if args.first_frame_probe:
            return probes.first_frame_probe(_STARTED)
        return probes.idle_probe(max(0.1, args.idle_probe), _STARTED)
    return _app_run()


def _smoke() -> int:
    """Start the app headless through its own smoke run, then save and load a game of every
    playable game; all in a temporary data folder so the player's saves are never touched."""
    import tempfile

    _headless_video()
    with tempfile.TemporaryDirectory(prefix="polar-table-smoke-") as tmp:
        previous = os.environ.get("POLAR_TABLE_DATA")
        os.environ["POLAR_TABLE_DATA"] = tmp
        try:
            code = _app_run(smoke=True)
            if code != EXIT_OK:
                return code
            return _smoke_saves()
        finally:
            if previous is None:
                os.environ.pop("POLAR_TABLE_DATA", None)
            else:
                os.environ["POLAR_TABLE_DATA"] = previous


def _smoke_saves() -> int:
    from game.core import registry
    from game.core.bots import decide
    from game.core.errors import SaveError
    from game.core.record import Record
    from physics.resolvers import resolver_for
    from scenes.storage import in_progress, saves

    for game_id in registry.available():
        try:
            game = registry.get(game_id)
        except Exception:  # noqa: BLE001 - a game under construction
            continue
        options = game.default_options(game.info.min_players)
        state = game.new_game(options, 1)
        record = Record(game_id, game.version, options, 1, [])
        for step in range(20):
            if game.is_over(state):
                break
            action = decide(game, state, "easy", step, resolver=resolver_for(game_id))
            state = game.apply(state, action)
            record.actions.append(action.to_json())
        seats = [saves.Seat(f"Bot {i + 1}", i, "bot", "easy") for i in range(options.players)]
        name = in_progress.new_name(game_id)
        in_progress.write(name, saves.SavedGame(record, seats).dumps())
        try:
            resumed = saves.load_resumable(in_progress.path_of(name))
            message = "" if resumed.dropped == 0 else f"{resumed.dropped} actions left out"
        except SaveError as exc:
            resumed, message = None, str(exc)
        finally:
            in_progress.remove(name)
        if resumed is None or game.state_to_json(resumed.saved.history().state) != game.state_to_json(state):
            print(f"polar-table: smoke: {game_id} did not survive a save and load ({message}).", file=sys.stderr)
            return EXIT_FAILED
        print(f"smoke: {game_id} saved and loaded after {len(record.actions)} actions", flush=True)
    print("smoke: ok", flush=True)
    return EXIT_OK


def cmd_selfplay(args: argparse.Namespace) -> int:
    from game.core.bots import LEVELS
    from game.core.contract import Options
    from game.core.selfplay import endings, play, tally
    from physics.resolvers import resolver_for

    game = _game(args.game)
    players = _players(game, args.players)
    if args.level not in LEVELS:
        raise CliError(f"The bot level is one of {', '.join(LEVELS)}, not {args.level!r}.")
    options = Options(players=players, kids=args.kids, variants=_variants(game, args.variant))
    resolver = resolver_for(game.info.id)
    if game.info.physics and resolver is None:
        raise CliError(f"{game.info.name} needs its physics to play, and none is registered for it.")
    failed = 0
    total = 0.0
    lines: list[dict[str, Any]] = []
    for index in range(args.games):
        seed = args.seed + index
        started = time.perf_counter()
        try:
            run = play(game, options, seed, (args.level,), resolver=resolver)
            line, ok = run.line, run.ok
        except Exception as exc:  # noqa: BLE001 - report the failing seed and go on
            frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
            where = f" at {Path(frame.filename).name}:{frame.lineno}" if frame else ""
            line = {
                "game": game.info.id,
                "seed": seed,
                "players": players,
                "kids": args.kids,
                "error": f"{exc.__class__.__name__}: {exc}{where}",
                "seconds": round(time.perf_counter() - started, 4),
            }
            ok = False
        total += time.perf_counter() - started
        failed += not ok
        lines.append(line)
        _print_json(line)
    summary = {
        "summary": True,
        "game": game.info.id,
        "players": players,
        "kids": args.kids,
        "level": args.level,
        "games": args.games,
        "failed": failed,
        "seconds": round(total, 4),
        "games_per_second": round(args.games / total, 3) if total > 0 else None,
    }
    played = [line for line in lines if "turns" in line]
    if played:
        summary["turns_per_game"] = round(sum(line["turns"] for line in played) / len(played), 1)
    ended = endings(lines)
    if ended:
        summary["endings"] = ended  # e.g. Ice Flow's games ended by the round cap
    rates = tally(lines)
    if rates:
        summary["rates"] = rates  # e.g. Iluliaq's landing rate, over every seat and seat by seat
    _print_json(summary)
    return EXIT_FAILED if failed else EXIT_OK


def _text_size(percent: str) -> float:
    """A text size Settings offers (``--text-size PERCENT``), as the UI scale it multiplies."""
    from scenes.shell.settings_menu import UI_SCALES

    offered = {round(scale * 100): scale for scale in UI_SCALES}
    text = percent.strip().removesuffix("%").strip()
    if not text.isdigit() or int(text) not in offered:
        raise CliError(f"--text-size takes one of the text sizes Settings offers "
                       f"({', '.join(map(str, offered))}), not {percent!r}.")
    return offered[int(text)]


def cmd_shot(args: argparse.Namespace) -> int:
    game = _game(args.game)
    players = _players(game, args.players)
    text_size = _text_size(args.text_size)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise CliError(f"The picture is written as PNG; give a file name ending in .png, not {out.name!r}.")
    if not out.parent.is_dir():
        raise CliError(f"There is no folder {out.parent} to write {out.name} into.")
    _headless_video()
    import pygame

    from scenes.tools import shot

    if args.at is not None and not 0 <= args.at <= 30:
        raise CliError(f"--at takes seconds between 0 and 30, not {args.at}.")
    surface = shot.render_scene(game.info.id, players, args.seed, args.actions, args.size, args.kids, args.at,
                                args.language or "en", text_size)
    pygame.image.save(surface, str(out))
    print(out)
    return EXIT_OK


PROJECT_PACKAGES = ("game", "physics", "scenes", "tests")
"""The packages ``replay --rules`` may import a game from: the project's own, nothing else."""


def _register_rules(module_name: str) -> None:
    """Import ``module_name`` (a module of this project whose RULES is a Game) and register it, so
    records of a game made at run time (a toy game of tests/) can be replayed."""
    import importlib

    from game.core import registry
    from game.core.contract import Game

    parts = module_name.split(".")
    if not all(part.isidentifier() for part in parts) or parts[0] not in PROJECT_PACKAGES:
        allowed = ", ".join(f"{p}." for p in PROJECT_PACKAGES)
        raise CliError(f"--rules takes a module of Polar Table itself (starting with {allowed}), not {module_name!r}.")
    root = Path(__file__).resolve().parents[2]
    if str(root) not in sys.path and (root / parts[0]).is_dir():
        sys.path.append(str(root))  # tests/ is not installed: found beside scenes/ in a checkout
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise CliError(f"The rules module {module_name} cannot be imported ({exc}).") from None
    except Exception as exc:  # noqa: BLE001 - someone else's module: a sentence, no traceback
        raise CliError(f"The rules module {module_name} failed to load ({exc.__class__.__name__}: {exc}).") from None
    where = Path(getattr(module, "__file__", "") or "").resolve()
    if root not in where.parents:
        raise CliError(f"The rules module {module_name} is not inside this project ({root}).")
    rules = getattr(module, "RULES", None)
    if not isinstance(rules, Game):
        raise CliError(f"The module {module_name} has no RULES that is a game's rules.")
    registry.register(rules)


def cmd_replay(args: argparse.Namespace) -> int:
    """Print each action's log line, then the result. It never runs physics: a record holds every
    action whole, outcomes included."""
    from game.core.errors import SaveError
    from game.core.messages import text_of
    from scenes.storage.saves import load_history

    if args.rules:
        _register_rules(args.rules)
    path = Path(args.file)
    try:
        history = load_history(path)
    except SaveError as exc:
        raise CliError(f"{path}: {exc}") from None
    game, record = history.game, history.record
    width = len(str(len(history.actions)))
    actions = history.actions
    for index, (seat, line) in enumerate(zip(history.actors, history.lines)):
        try:
            text = text_of(line, names=record.options.names)
        except Exception:  # noqa: BLE001 - a log line must not stop a replay
            text = actions[index].kind
        who = f"{record.options.name(seat)}: " if seat is not None else ""
        print(f"{index + 1:>{width}}. {who}{text}")
    final = history.state
    result = game.result(final)
    out: dict[str, Any] = {
        "game": game.info.id,
        "version": record.version,
        "actions": len(actions),
        "over": game.is_over(final),
        "result": result.to_json(),
    }
    if result.reason:
        out["reason"] = text_of(result.reason, names=record.options.names)
    _print_json(out)
    return EXIT_OK


def cmd_open(args: argparse.Namespace) -> int:
    """Open a position (or a save file) in the app, once it is known to be usable."""
    from game.core.errors import SaveError
    from scenes.storage import saves

    path = Path(args.position)
    try:
        raw = saves.read_bytes(path)
        data = saves.parse_json(raw)
        if isinstance(data, dict) and data.get("format") == saves.FORMAT:
            saves.load_data(data)
    except SaveError as exc:
        raise CliError(f"{path}: {exc}") from None
    if not (isinstance(data, dict) and data.get("format") == saves.FORMAT):
        _read_position(path, data)
    return _app_run(open_position=str(path), open_data=data)


def cmd_score(args: argparse.Namespace) -> int:
    game, state = _read_position(Path(args.position))
    try:
        out = game.result(state).to_json()
        details = game.score_details(state)
    except Exception as exc:  # noqa: BLE001
        raise CliError(f"{args.position}: the position cannot be scored ({exc.__class__.__name__}: {exc}).") from None
    if details:
        out["details"] = details
    _print_json(out)
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from scenes.tools import bench

    unknown = [part for part in args.only if part not in bench.PARTS]
    if unknown:
        print(f"polar-table bench: no part called {unknown[0]!r}; the parts are {', '.join(bench.PARTS)}.",
              file=sys.stderr)
        return 2
    return bench.main(quick=args.quick, only=set(args.only) or None, profile=args.profile)


# --- parser ----------------------------------------------------------------------------------


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("polar-table")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polar-table",
        description="Five polar board games for a family around one laptop. With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"polar-table {_version()}")
    parser.add_argument("--smoke", action="store_true", help="open every game against bots, draw, save, load, exit")
    # Hidden probes used by `polar-table bench`.
    parser.add_argument("--idle-probe", type=float, metavar="SECONDS", help=argparse.SUPPRESS)
    parser.add_argument("--first-frame-probe", action="store_true", help=argparse.SUPPRESS)
    # REMAINDER: a probe's own options (window-frames --profile, --floor-frames N) are its arguments
    parser.add_argument("--probe", nargs=argparse.REMAINDER, metavar="ARG", help=argparse.SUPPRESS)
    parser.set_defaults(func=cmd_app)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("selfplay", help="play bot games headless, one JSON line a game",
                       description="Play K complete bot games through the rules (no window) and print one JSON "
                       "line a game, then a summary line. Exits 1 if any game fails.")
    p.add_argument("game", help="game id, e.g. borealis")
    p.add_argument("--players", type=_positive, help="seats at the table (default: the game's minimum)")
    p.add_argument("--seed", type=_non_negative, default=1, help="seed of the first game; then S+1, S+2... (default 1)")
    p.add_argument("--games", type=_positive, default=1, help="how many games (default 1)")
    p.add_argument("--kids", action="store_true", help="kids' mode")
    p.add_argument("--level", default="normal", help="bot level: easy, normal or hard (default normal)")
    p.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE", help="a variant choice (repeatable)")
    p.set_defaults(func=cmd_selfplay)

    p = sub.add_parser("shot", help="render a table scene to a PNG, no window",
                       description="Render GAME's table scene after K bot actions to a PNG file, with no window.")
    p.add_argument("game", help="game id")
    p.add_argument("--players", type=_positive)
    p.add_argument("--seed", type=_non_negative, default=1)
    p.add_argument("--actions", type=_non_negative, default=0, help="bot actions to play first (default 0)")
    p.add_argument("--size", type=_size, default=(1920, 1080), help="WIDTHxHEIGHT (default 1920x1080)")
    p.add_argument("--kids", action="store_true", help="kids' mode")
    p.add_argument("--at", type=float, metavar="SECONDS",
                   help="take the picture SECONDS into the last action's animation (default: once it has played)")
    p.add_argument("--language", choices=("en", "it"), help="the language of the table (default: English)")
    p.add_argument("--text-size", metavar="PERCENT", default="100",
                   help="one of the text sizes of Settings, in percent, 80 to 150 (default 100)")
    p.add_argument("--out", required=True, metavar="FILE.png")
    p.set_defaults(func=cmd_shot)

    p = sub.add_parser("replay", help="replay a save or record file",
                       description="Replay a save or record file: print each action's log line, then the result.")
    p.add_argument("file", metavar="FILE.json")
    p.add_argument("--rules", metavar="MODULE",
                   help="also know the game whose rules are MODULE's RULES (a module of this project, "
                   "e.g. tests.toys.coin), for records of games registered at run time")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("open", help="open a position in the app",
                       description="Open the app at a position (a mid-game situation in the game's own terms) "
                       "or at a save file.")
    p.add_argument("position", metavar="POSITION.json")
    p.set_defaults(func=cmd_open)

    p = sub.add_parser("score", help="print a position's score breakdown as JSON",
                       description="Print the score breakdown of a position file as JSON.")
    p.add_argument("position", metavar="POSITION.json")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("bench", help="print the performance table",
                       description="Measure the performance budgets (issue 20) and print one table.")
    p.add_argument("--quick", action="store_true", help="fewer frames and games")
    p.add_argument("--only", action="append", default=[], metavar="PART",
                   help="measure only PART (repeatable): start, idle, window, memory, bots, load, throw, selfplay, "
                   "profile")
    p.add_argument("--profile", action="store_true",
                   help="profile each table's whole game in a real window (cProfile over every frame) and print the "
                   "top costs of the worst 5 %% of frames by main-thread CPU; alone, or with the --only parts")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except CliError as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
