"""Messages that translate when they are shown, not when they are made.

A rules module builds ``msg("Choose a card to devour")`` or ``msg_n("one card", "{n} cards", n)``;
prompts, log lines, results and ``IllegalAction`` carry that value, and the table renders it in
the language of the moment, so a language switch re-renders everything already on screen.
Parameters may be messages themselves (a species name, a location): they render in the same
language. ``msg`` and ``msg_n`` are gettext keywords for the catalogue tools.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.core.i18n import _, language, ngettext

Param = Any
"""A parameter value: int, float, str (shown as it is), a Msg (translated), Words (game data that
carries its own translations) or a SeatRef (the seat's name, which only the table knows: rules never
see names)."""


@dataclass(frozen=True)
class Words:
    """Text that game data gives in each language itself (ILAN's card names and abilities, written
    in its cards file): shown in the language of the moment, English when that one is missing."""

    texts: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, texts: dict[str, str]) -> Words:
        return cls(tuple(sorted(texts.items())))

    def render(self, **extra: Param) -> str:
        given = dict(self.texts)
        return given.get(language()) or given.get("en", "")

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class SeatRef:
    """A seat named in a message: rendered with the ``names`` the table passes to ``render``."""

    seat: int

    def render(self, **extra: Param) -> str:
        names = extra.get("names") or ()
        if 0 <= self.seat < len(names):
            return str(names[self.seat])
        return _("Player {n}").format(n=self.seat + 1)


@dataclass(frozen=True)
class Msg:
    """A message id (the English text) with its parameters; ``plural`` and ``n`` for counts."""

    text: str
    params: tuple[tuple[str, Param], ...] = ()
    plural: str = ""
    n: int = 0

    def render(self, **extra: Param) -> str:
        """The message in the current language, parameters filled in. ``extra`` supplies what only
        the table knows: ``player`` (the deciding seat's name in a waiting sentence) and ``names``
        (every seat's name, for SeatRef parameters)."""
        template = ngettext(self.text, self.plural, self.n) if self.plural else _(self.text)
        if not self.params and not self.plural and not extra:
            return template
        values = {
            key: value.render(**extra) if isinstance(value, (Msg, SeatRef, Words)) else value
            for key, value in self.params
        }
        values.update((k, v) for k, v in extra.items() if k not in values and k != "names")
        if self.plural:
            values.setdefault("n", self.n)
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template  # a catalogue with a broken placeholder must not break the table

    def __str__(self) -> str:
        return self.render()

    def names(self, seat: int) -> bool:
        """Whether the message names seat ``seat`` (a SeatRef among its parameters, at any depth)."""
        return any((isinstance(v, SeatRef) and v.seat == seat) or (isinstance(v, Msg) and v.names(seat))
                   for _k, v in self.params)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        if self.params:
            out["params"] = {
                k: v.to_json() if isinstance(v, Msg) else {"seat": v.seat} if isinstance(v, SeatRef)
                else {"words": dict(v.texts)} if isinstance(v, Words) else v
                for k, v in self.params
            }
        if self.plural:
            out["plural"], out["n"] = self.plural, self.n
        return out


def seat_ref(seat: int) -> SeatRef:
    return SeatRef(seat)


def msg(text: str, **params: Param) -> Msg:
    return Msg(text, tuple(params.items()))


def msg_n(singular: str, plural: str, n: int, **params: Param) -> Msg:
    return Msg(singular, tuple(params.items()), plural, n)


def text_of(message: Msg | str, **extra: Param) -> str:
    """A Msg rendered now, or a plain string as it is (games may still return plain text)."""
    if isinstance(message, Msg):
        return message.render(**extra)
    if extra and message:
        try:
            return message.format(**extra)
        except (KeyError, IndexError, ValueError):
            return message
    return message
