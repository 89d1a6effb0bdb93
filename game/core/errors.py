"""Exceptions shared by every game."""


class IllegalAction(ValueError):
    """An action the rules refuse; the message is a sentence a player can read."""


class SaveError(ValueError):
    """A save, record or position file that cannot be used; the message says why."""
