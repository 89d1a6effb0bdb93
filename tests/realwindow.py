"""Drive the real app in a real window: a private Xvfb display, xdotool clicks, xwd screenshots.

The app writes an automation trace (scenes/shell/trace.py) naming its scene, buttons and click targets,
so a test clicks where things really are instead of at guessed coordinates.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ("Xvfb", "xdotool", "xwd")
SHOTS = ROOT / ".pytest_cache" / "screens"
"""Where the real-window tests keep their screenshots (to look at after a run)."""


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def needs_real_window():
    """The mark of a real-window test module: skipped where the tools are missing, except on CI,
    which must run them (it refuses to start instead)."""
    import pytest

    missing = missing_tools()
    if missing and os.environ.get("CI"):
        raise RuntimeError(f"CI must run the real-window tests: install {', '.join(missing)}")
    return pytest.mark.skipif(bool(missing), reason=f"needs {', '.join(missing)} (.ci/run installs them)")


class Display:
    """A private X server for one test. Xvfb picks a free display number itself and writes it to a
    pipe (-displayfd), so tests running side by side (pytest -n) never reach for the same one."""

    def __init__(self, size: str = "1600x900x24") -> None:
        read, write = os.pipe()
        try:
            self.proc = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", size, "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(write,),
            )
        finally:
            os.close(write)
        with os.fdopen(read, "rb") as pipe:
            number = _read_display(pipe, self.proc)
        self.number = number
        self.name = f":{number}"

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.name}

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def _read_display(pipe, proc: subprocess.Popen, timeout: float = 10) -> int:
    """The display number Xvfb writes once it is ready to take clients."""
    import select

    got = b""
    deadline = time.monotonic() + timeout
    while not got.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([pipe], [], [], left)[0]:
            proc.kill()
            raise RuntimeError("Xvfb did not start")
        chunk = os.read(pipe.fileno(), 16)
        if not chunk:
            raise RuntimeError(f"Xvfb did not start (exit code {proc.wait()})")
        got += chunk
    return int(got)


class RunningApp:
    """``polar-table`` in a window at the top-left corner of ``display``."""

    def __init__(self, display: Display, data: Path, *args: str) -> None:
        self.display = display
        self.trace = data.parent / f"trace-{time.monotonic_ns()}.jsonl"
        env = display.env()
        env.pop("SDL_VIDEODRIVER", None)
        env.update(
            SDL_VIDEO_WINDOW_POS="0,0",
            SDL_AUDIODRIVER="dummy",
            POLAR_TABLE_DATA=str(data),
            POLAR_TABLE_TRACE=str(self.trace),
        )
        self.log_path = data.parent / "app.log"
        self.log = open(self.log_path, "ab")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scenes.tools.cli", *args], cwd=ROOT, env=env, stdout=self.log, stderr=self.log
        )

    def log_tail(self, lines: int = 40) -> str:
        """The last lines the app printed (its traceback, when it died)."""
        self.log.flush()
        text = self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def snapshot(self) -> dict[str, Any] | None:
        """The app's last whole frame line (a line the app is still writing is left for next time)."""
        if not self.trace.exists():
            return None
        text = self.trace.read_text(encoding="utf-8")
        lines = text.splitlines() if text.endswith("\n") else text.splitlines()[:-1]
        return json.loads(lines[-1]) if lines else None

    def snapshots(self) -> list[dict[str, Any]]:
        if not self.trace.exists():
            return []
        text = self.trace.read_text(encoding="utf-8")
        lines = text.splitlines() if text.endswith("\n") else text.splitlines()[:-1]
        return [json.loads(line) for line in lines]

    def wait(self, test: Callable[[dict[str, Any]], bool], timeout: float = 20, what: str = "") -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the app exited ({self.proc.returncode}) while waiting for {what}; "
                                     f"it printed:\n{self.log_tail()}")
            snap = self.snapshot()
            if snap is not None and test(snap):
                return snap
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; last frame: {self.snapshot()}")

    def wait_scene(self, *names: str, timeout: float = 20) -> dict[str, Any]:
        return self.wait(lambda s: s["scene"] in names, timeout, f"scene {names}")

    def click(self, rect: list[int]) -> None:
        x, y = rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
        subprocess.run(
            ["xdotool", "mousemove", str(x), str(y), "sleep", "0.05", "click", "1"],
            env=self.display.env(),
            check=True,
        )

    def click_button(self, text: str, timeout: float = 20) -> None:
        snap = self.wait(lambda s: any(b["text"] == text for b in s["buttons"]), timeout, f"button {text!r}")
        self.click(next(b["rect"] for b in snap["buttons"] if b["text"] == text))

    def screenshot(self, out: Path) -> Path:
        raw = subprocess.run(["xwd", "-root", "-silent"], env=self.display.env(), capture_output=True, check=True)
        return xwd_to_png(raw.stdout, out)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def xwd_to_png(data: bytes, out: Path) -> Path:
    """Write an X window dump of a TrueColor/DirectColor screen (8 bits a channel) as a PNG."""
    import pygame

    header = [int.from_bytes(data[i : i + 4], "big") for i in range(0, 100, 4)]
    header_size, width, height, byte_order, bytes_per_line = header[0], header[4], header[5], header[7], header[12]
    masks, colours = header[14:17], header[19]
    # bytes a pixel from bits_per_pixel, not from the row's length: a dump of the root over windows
    # of another visual (SDL's DirectColor one) packs 24-bit pixels in rows as long as 32-bit ones
    step = header[11] // 8
    if step < 3 or width * step > bytes_per_line:
        raise ValueError(f"unsupported xwd layout: {header[:20]}")
    start = header_size + colours * 12
    rows = b"".join(data[start + y * bytes_per_line : start + y * bytes_per_line + width * step] for y in range(height))
    rgb = bytearray(width * height * 3)
    for channel, mask in enumerate(masks):
        offset = (mask.bit_length() - 1) // 8
        if byte_order != 0:  # MSBFirst
            offset = step - 1 - offset
        rgb[channel::3] = rows[offset::step]
    pygame.image.save(pygame.image.frombuffer(bytes(rgb), (width, height), "RGB"), str(out))
    return out


def load(path: Path) -> Any:
    """A screenshot as a pygame surface."""
    import pygame

    return pygame.image.load(str(path))


def shot_is_a_picture(path: Path) -> None:
    """The screenshot shows something (many colours), not a blank window."""
    image = load(path)
    w, h = image.get_size()
    colours = {image.get_at((x, y))[:3] for x in range(0, w, 37) for y in range(0, h, 29)}
    assert len(colours) > 20, f"the screenshot is nearly blank: {path}"


def newest_save(data: Path) -> Path:
    """The save file of the game in progress played last (each game has its own in ``saves/``)."""
    found = [p for p in (data / "saves").glob("*.json") if not p.name.startswith(".")]
    if not found:
        raise FileNotFoundError(data / "saves")
    return max(found, key=lambda p: p.stat().st_mtime_ns)


# --- pointer drags (a slingshot pull) ------------------------------------------------------------


def centre(rect: list[int] | tuple[int, ...]) -> tuple[int, int]:
    """The point a click on ``rect`` lands on (as ``RunningApp.click`` aims); a rect of size 0 is its corner."""
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2


def pointer_down(app: RunningApp, rect: list[int] | tuple[int, ...]) -> None:
    """Move the pointer to the middle of ``rect`` and press the left button there (and keep it down)."""
    x, y = centre(rect)
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.05", "mousedown", "1"],
                   env=app.display.env(), check=True)


def pointer_moves(app: RunningApp, start: tuple[int, int], end: tuple[int, int], steps: int = 8,
                  seconds: float = 0.3) -> None:
    """Move the pointer from ``start`` to ``end`` in ``steps`` even steps over about ``seconds``
    (one xdotool call: the app sees a trail of motion events, as from a hand)."""
    pause = f"{seconds / max(1, steps):.3f}"
    command = ["xdotool"]
    for k in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * k / steps)
        y = round(start[1] + (end[1] - start[1]) * k / steps)
        command += ["mousemove", str(x), str(y), "sleep", pause]
    subprocess.run(command, env=app.display.env(), check=True)


def pointer_up(app: RunningApp) -> None:
    subprocess.run(["xdotool", "mouseup", "1"], env=app.display.env(), check=True)


def drag(app: RunningApp, start_rect: list[int] | tuple[int, ...], end_rect: list[int] | tuple[int, ...],
         steps: int = 8, seconds: float = 0.3, while_held: Callable[[], Any] | None = None) -> Any:
    """A real pointer drag: press in the middle of ``start_rect``, move in ``steps`` steps over about
    ``seconds`` to the middle of ``end_rect`` and let go there. ``while_held``, when given, is called
    after the moves with the button still down (a screenshot of the pull, say); its answer is returned."""
    pointer_down(app, start_rect)
    held = None
    try:
        pointer_moves(app, centre(start_rect), centre(end_rect), steps, seconds)
        if while_held is not None:
            held = while_held()
    finally:
        pointer_up(app)
    return held


def screens_differ(a: Any, b: Any, area: tuple[int, int, int, int], tolerance: int = 24) -> int:
    """How many pixels of ``area`` differ (by more than ``tolerance`` in a channel) between two pygame surfaces."""
    import pygame

    x, y, w, h = area
    one, two = a.subsurface(area).copy(), b.subsurface(area).copy()
    diff = pygame.Surface((w, h))
    diff.blit(one, (0, 0))
    diff.blit(two, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = pygame.Surface((w, h))
    back.blit(two, (0, 0))
    back.blit(one, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_MAX)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (tolerance, tolerance, tolerance, 255))
    return w * h - mask.count()


def wait_still(app: RunningApp, area: tuple[int, int, int, int], timeout: float = 20, out: Path | None = None,
               quiet: float = 0.4) -> Any:
    """Screenshots until ``area`` of the screen stops changing (the same picture for ``quiet``
    seconds: an animation is over); the last picture (saved to ``out`` when given)."""
    import pygame

    path = out if out is not None else app.trace.with_suffix(".still.png")
    deadline = time.monotonic() + timeout
    last = None
    same_since = None
    while time.monotonic() < deadline:
        if app.proc.poll() is not None:
            raise AssertionError(f"the app exited ({app.proc.returncode}) while waiting for the screen to rest")
        shot = pygame.image.load(str(app.screenshot(path)))
        now = time.monotonic()
        if last is not None and screens_differ(last, shot, area, 2) == 0:
            if same_since is None:
                same_since = now
            if now - same_since >= quiet:
                return shot
        else:
            same_since = None
        last = shot
        time.sleep(0.1)
    raise AssertionError(f"the screen did not come to rest in {timeout} s")


def type_text(app: RunningApp, text: str) -> None:
    """Type ``text`` on the keyboard (into the field that has the focus)."""
    subprocess.run(["xdotool", "type", "--delay", "60", text], env=app.display.env(), check=True)


def hover(app: RunningApp, rect: list[int] | tuple[int, ...]) -> None:
    """Move the pointer to the middle of ``rect`` without pressing."""
    x, y = centre(rect)
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=app.display.env(), check=True)


def start_two_humans_and_a_bot(app: RunningApp, game: str, *choices: str) -> None:
    """From the menu: the game's setup with three seats, the first two human, the third a bot; each of
    ``choices`` (a setup button's words: a variant's choice) pressed once; then the game starts."""
    app.click(app.wait_scene("MenuScene")["targets"][f"game:{game}"])
    app.wait_scene("SetupScene")
    app.click_button("+")
    snap = app.wait(lambda s: sum(b["text"] == "Bot: normal" for b in s["buttons"]) == 2, 10, "a third seat")
    second = min((b for b in snap["buttons"] if b["text"] == "Bot: normal"), key=lambda b: b["rect"][1])
    app.click(second["rect"])  # Bot: normal -> Bot: hard -> Human
    app.click_button("Bot: hard", timeout=10)
    app.wait(lambda s: sum(b["text"] == "Human" for b in s["buttons"]) == 2, 10, "two human seats")
    for words in choices:
        before = app.snapshot()
        app.click_button(words)
        app.wait(lambda s, b=before: s["buttons"] != b["buttons"], 10, f"the choice after {words!r}")
    app.click_button("Start the game")
