"""Exceptions shared by every game."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules refuse here and now. It carries a message (a Msg, or a plain sentence)
    that renders in the current language whenever it is shown."""

    def __init__(self, message: Any = "") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        message = self.message
        return message.render() if hasattr(message, "render") else str(message)


class InvalidAction(IllegalAction):
    """An action that is not well formed for this game at all (an unknown kind, an angle out of
    its bounds): refused wherever it is tried."""


class SaveError(ValueError):
    """A save, record or position file that cannot be used; the message says why."""
