"""A killed process resumes from the last action, with several games in progress: a process plays
three Borealis games turn about (saving after every action, as the app does), resumes them at its
next start and begins one more; it is killed (SIGKILL) at random moments, five times. Every save
still loads whole, no game loses more than the action being written, and nothing is set aside."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenes.session import games, persist
from scenes.storage import in_progress, saves

ROOT = Path(__file__).resolve().parents[2]
KILLS = 5

PLAYER = r"""
import sys
from game.core.bots import decide
from scenes.session import games, persist
from scenes.session.match import BOT, Match, SeatConfig

persist.claim_data_folder()  # as the app starts: leftovers of a killed write cleared
matches = [game.match() for game in games.listing()]
seats = [SeatConfig("Ana", 0, BOT, "easy"), SeatConfig("Bo", 1, BOT, "easy")]
matches.append(Match.start("borealis", seats, seed=len(matches) + 1, on_action=persist.autosave))
persist.autosave(matches[-1])
while len(matches) < 3:
    matches.append(Match.start("borealis", seats, seed=len(matches) + 1, on_action=persist.autosave))
    persist.autosave(matches[-1])
step = 0
while True:
    match = matches[step % len(matches)]
    step += 1
    action = decide(match.game, match.state, "easy", match.bot_seed())
    if match.game.is_over(match.game.apply(match.state, action)):
        continue  # every game stays in progress (a finished one leaves the folder for the history)
    match.apply(action)
    print(match.save_name, len(match.history.actions), flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is a POSIX signal")
def test_kills_while_several_games_are_saved_lose_at_most_the_action_being_written(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {**os.environ, "POLAR_TABLE_DATA": str(data_dir), "PYTHONPATH": str(ROOT)}
    rng = random.Random(18)
    reported: dict[str, int] = {}
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, "-c", PLAYER], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert child.stdout is not None
        lines = 0
        deadline = time.monotonic() + 120
        wanted = 20 + rng.randrange(40)
        while lines < wanted:
            line = child.stdout.readline()
            assert line, f"the player stopped: {child.communicate()[1][-2000:]}"
            name, count = line.split()
            reported[name] = int(count)
            lines += 1
            assert time.monotonic() < deadline, "the player is far too slow"
        time.sleep(rng.random() * 0.05)  # somewhere in the middle of a write, or not
        child.send_signal(signal.SIGKILL)
        out, _err = child.communicate(timeout=60)
        for line in out.splitlines(keepends=True):  # what it said before it died
            if not line.endswith("\n"):
                continue  # killed while saying it: a line it never finished says nothing
            name, count = line.split()
            reported[name] = int(count)
        names = sorted(p.name for p in in_progress.folder().glob("*.json"))
        assert len(names) == 3 + kill, f"after kill {kill + 1}: {names}"
        for name, count in reported.items():
            saved = saves.load_file(in_progress.path_of(name))  # whole: every action replays
            kept = len(saved.record.actions)
            assert count <= kept <= count + 1, f"{name}: {count} actions said saved, {kept} on disk"
    persist.STATUS.reset()
    games.forget_cache()
    listed = games.listing()
    finished = len(persist.profiles_overview([]).history)  # a game that ended is kept with the finished ones
    assert len(listed) + finished == 3 + KILLS - 1 and all(g.dropped == 0 for g in listed)
    problems = [n.text for n in persist.take_notices() if n.kind == "error"]
    assert problems == [] and not (data_dir / "corrupt").exists(), "a save was set aside"
    print(f"{KILLS} kills, {sum(reported.values())} actions saved across {len(reported)} games")
