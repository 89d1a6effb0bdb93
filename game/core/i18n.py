"""Every user-visible string goes through ``_``; the language can change while the app runs."""

from __future__ import annotations

import gettext

from game.core.paths import asset

DOMAIN = "polar_table"
LANGUAGES = {"en": "English", "it": "Italiano"}


class _Catalogue:
    def __init__(self) -> None:
        self.language = "en"
        self.translations: gettext.NullTranslations = gettext.NullTranslations()

    def use(self, language: str) -> None:
        if language not in LANGUAGES:
            language = "en"
        self.language = language
        self.translations = gettext.translation(
            DOMAIN, localedir=str(asset("locale")), languages=[language], fallback=True
        )


_CATALOGUE = _Catalogue()


def set_language(language: str) -> None:
    _CATALOGUE.use(language)


def language() -> str:
    return _CATALOGUE.language


def _(message: str) -> str:
    return _CATALOGUE.translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _CATALOGUE.translations.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for translation where it is defined; translate it where it is shown."""
    return message
