"""Bots think in a worker thread so the window never freezes; the main thread applies their moves.

A bot of a physics game answers with an intent; the game's resolver (physics/) completes it in the
worker thread too, so the table gets the full action."""

from __future__ import annotations

import contextlib
import threading
from concurrent.futures import Future, ThreadPoolExecutor

import pygame

from game.core.bots import decide
from game.core.contract import Action, Game, State
from physics.resolvers import resolver_for

BOT_DONE = pygame.event.custom_type()
"""Posted when a bot has decided, to wake the event loop."""

BOT_PACE = 0.6
"""Seconds at least between two bot actions, so players can follow them (at the normal speed)."""
BOT_PACES = {"slow": 1.4, "normal": BOT_PACE, "fast": 0.25}
"""The bot speed setting: seconds at least between two bot actions."""
QUIET_PACE = 0.15
"""Seconds after a bot action the table showed nothing of (a card marked in a hidden hand): no
one has anything to follow, so the bot goes on sooner."""


class BotRunner:
    """One decision at a time, on one worker thread. ``poll`` gives the answer once it is there."""

    def __init__(self, notify: bool = True) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future | None = None
        self._token: object | None = None
        self._lock = threading.Lock()
        self.notify = notify

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="polar-bot")
        return self._pool

    def request(self, game: Game, state: State, level: str, seed: int, token: object) -> None:
        """Start deciding for ``state.to_act``; ``token`` tells whose question this answers."""
        with self._lock:
            self._token = token
            self._future = self._executor().submit(self._think, game, state, level, seed)

    def _think(self, game: Game, state: State, level: str, seed: int) -> Action:
        try:
            return decide(game, state, level, seed, resolver=resolver_for(game.info.id))
        finally:
            if self.notify and pygame.display.get_init():  # the event queue is the display's
                with contextlib.suppress(pygame.error):
                    pygame.event.post(pygame.event.Event(BOT_DONE))

    def thinking(self, token: object | None = None) -> bool:
        with self._lock:
            busy = self._future is not None and not self._future.done()
            return busy and (token is None or token is self._token)

    def has_request(self, token: object) -> bool:
        with self._lock:
            return self._future is not None and self._token is token

    def poll(self, token: object) -> Action | Exception | None:
        """The decided action (or the error) for ``token`` once ready; None while thinking."""
        with self._lock:
            if self._future is None or self._token is not token or not self._future.done():
                return None
            future, self._future, self._token = self._future, None, None
        try:
            return future.result()
        except Exception as exc:  # noqa: BLE001 - handed to the scene to show
            return exc

    def wait(self, token: object, timeout: float = 5.0) -> bool:
        """Block until the answer for ``token`` is there (tests and offscreen rendering); ``poll`` takes it."""
        with self._lock:
            future = self._future if self._token is token else None
        if future is None:
            return False
        with contextlib.suppress(Exception):  # poll hands the error over
            future.result(timeout)
        return future.done()

    def cancel(self) -> None:
        """Forget the question being thought about (its answer is dropped)."""
        with self._lock:
            self._future = None
            self._token = None

    def shutdown(self) -> None:
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
