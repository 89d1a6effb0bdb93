"""The gettext catalogues: complete Italian, loadable .mo files, language switch while running."""

from __future__ import annotations

import gettext
import importlib.util
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from game.core import i18n

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("catalogues", ROOT / "build" / "catalogues.py")
assert _spec and _spec.loader
catalogues = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogues)

AUTOSAVE_MESSAGE = "A game in progress could not be resumed: {reason} It was kept as {path}."


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def problems() -> list[str]:
    return catalogues.problems()


def test_every_msgid_in_the_code_has_an_italian_translation(problems: list[str]) -> None:
    missing = [p for p in problems if "untranslated" in p or "missing msgid" in p]
    assert not missing, f"{len(missing)} strings need Italian:\n" + "\n".join(missing[:50])


def test_compiled_catalogues_are_up_to_date(problems: list[str]) -> None:
    assert not [p for p in problems if "stale" in p or "is missing" in p]


def test_translations_keep_their_placeholders(problems: list[str]) -> None:
    assert not [p for p in problems if "placeholders" in p]


@pytest.mark.parametrize("language", ["en", "it"])
def test_mo_files_load(language: str) -> None:
    path = catalogues.mo_path(language)
    with path.open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    assert translations.info()["language"] == language
    assert translations.info()["plural-forms"] == catalogues.PLURAL_FORMS
    assert gettext.find(i18n.DOMAIN, str(catalogues.LOCALE_DIR), [language]) == str(path)


def test_set_language_changes_strings_without_restart(english_after: None) -> None:
    i18n.set_language("en")
    assert i18n._(AUTOSAVE_MESSAGE) == AUTOSAVE_MESSAGE
    i18n.set_language("it")
    assert i18n.language() == "it"
    italian = i18n._(AUTOSAVE_MESSAGE)
    assert italian != AUTOSAVE_MESSAGE and "partita" in italian
    assert catalogues.placeholders(italian) == {"reason", "path"}
    assert i18n.ngettext("one card", "{n} cards", 2) == "{n} cards", "untranslated strings fall back to English"
    i18n.set_language("en")
    assert i18n._(AUTOSAVE_MESSAGE) == AUTOSAVE_MESSAGE


def test_unknown_language_falls_back_to_english(english_after: None) -> None:
    i18n.set_language("xx")
    assert i18n.language() == "en"
    assert i18n._(AUTOSAVE_MESSAGE) == AUTOSAVE_MESSAGE


def test_mo_writer_handles_plurals_and_context() -> None:
    catalog = Catalog(locale="it", fuzzy=False)
    catalog.add(("{n} card", "{n} cards"), ("{n} carta", "{n} carte"))
    catalog.add("Open", "Apri", context="menu")
    catalog.add("Untranslated", "")
    catalog.add("Fuzzy", "Sfocato", flags=["fuzzy"])
    data = catalogues.mo_bytes(catalog, "it")
    assert data == catalogues.mo_bytes(catalog, "it"), "the writer is deterministic"
    translations = gettext.GNUTranslations(io.BytesIO(data))
    assert translations.ngettext("{n} card", "{n} cards", 1) == "{n} carta"
    assert translations.ngettext("{n} card", "{n} cards", 3) == "{n} carte"
    assert translations.pgettext("menu", "Open") == "Apri"
    assert translations.gettext("Untranslated") == "Untranslated"
    assert translations.gettext("Fuzzy") == "Fuzzy"


def test_extraction_finds_every_keyword(tmp_path: Path) -> None:
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "x.py").write_text(
        "from game.core.i18n import _, N_, ngettext\n"
        "A = N_('Marked here')\n"
        "def f(n):\n"
        "    return _('Hello {name}') + ngettext('{n} stone', '{n} stones', n) + _(f'{n} not literal')\n"
    )
    template = catalogues.extract_template(tmp_path, ("game",))
    ids = {m.id for m in template if m.id}
    assert ids == {"Marked here", "Hello {name}", ("{n} stone", "{n} stones")}


def test_placeholder_pattern() -> None:
    assert catalogues.placeholders("{name} has {n:d} cards, {{literal}}") == {"name", "n"}


def test_a_corrupt_autosave_is_explained_in_italian(
    english_after: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.session import games, persist
    from scenes.storage import in_progress

    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path))
    in_progress.path_of("game.json").write_bytes(b"")
    i18n.set_language("it")
    persist.STATUS.reset()
    assert games.listing() == []
    (message,) = [n.text for n in persist.take_notices()]
    assert message.startswith("Non è stato possibile riprendere una partita in corso: Il file è vuoto. ")
    assert str(tmp_path / "corrupt") in message


# --- the game data: names and rule texts from assets/data/**/*.json ------------------------------


def test_game_data_names_are_in_the_italian_catalogue() -> None:
    from game.borealis.data import LOCATION_NAMES, card_data, scoring_cards, species_name

    bear = species_name("bear")
    card = scoring_cards()["common_destination"]
    sleigh = card_data()["vehicles"]["sleigh"]
    assert (bear, card["name"], sleigh) == ("Polar bear", "Common Destination", "sleigh")
    italian = catalogues.read_catalog(catalogues.po_path("it"), "it")
    expected = {
        bear: "Orso polare",
        card["name"]: "Destinazione comune",
        sleigh: "slitta",
        LOCATION_NAMES[1]: "centrale",
        "left camp": "accampamento sinistro",
    }
    for english, wanted in expected.items():
        message = italian.get(english)
        assert message is not None and message.string == wanted, english
    assert italian.get(card["text"]) is not None and italian.get(card["text"]).string
    assert italian.get("Ursus maritimus") is None, "Latin names are not translated"
    assert italian.get("common_destination") is None, "ids are not translated"
    try:
        i18n.set_language("it")
        assert i18n._(bear) == "Orso polare"
        assert i18n._(card["name"]) == "Destinazione comune"
        assert "12 punti" in i18n._(card["text"])
        assert i18n._(LOCATION_NAMES[0]) == "sinistra"
    finally:
        i18n.set_language("en")
    assert i18n._(bear) == "Polar bear"


def test_borealis_shows_data_names_in_the_current_language(english_after: None) -> None:
    from game.borealis import achievements
    from game.borealis.rules import BorealisRules
    from game.borealis.state import PlayCard
    from game.core.contract import Options
    from game.core.messages import text_of

    rules = BorealisRules()
    state = rules.new_game(Options(players=2, names=("Ana", "Bo")), 3)
    i18n.set_language("it")
    assert achievements.title(0) == "Turista della tundra"
    assert achievements.achievement_names()["win"] == "Vincere una partita"
    assert rules.objective_name("bold_explorers") == "Esploratori audaci"
    card = state.players[state.to_act].hand[0]
    line = text_of(rules.describe(state, PlayCard(card, 2)))
    assert line.startswith("osserva: ") and line.endswith("nella località destra")


def test_extraction_reads_the_translatable_keys_of_json_data(tmp_path: Path) -> None:
    data = tmp_path / "assets" / "data" / "somegame"
    data.mkdir(parents=True)
    (data / "things.json").write_text(
        '{"_source": "a note for developers",\n'
        ' "species": {"bear": {"name": "Polar bear", "latin": "Ursus maritimus"}},\n'
        ' "vehicles": {"sleigh": "sleigh"},\n'
        ' "cards": [{"id": "c1", "name": "First card", "text": "Does a thing.", "points": 3}],\n'
        ' "titles": [{"min": 0, "title": "Novice"}]}\n'
    )
    template = catalogues.extract_template(tmp_path, ("game",))
    found = {m.id: m for m in template if m.id}
    assert set(found) == {"Polar bear", "sleigh", "First card", "Does a thing.", "Novice"}
    assert found["First card"].auto_comments == ["cards[c1].name"]
    assert found["sleigh"].locations == [("assets/data/somegame/things.json", 3)]


def test_marked_borealis_names_are_extracted() -> None:
    template = catalogues.extract_template()
    ids = {m.id for m in template if m.id}
    assert {"left", "middle", "right", "left camp", "right camp"} <= ids
    assert {"Arctic fox", "Territorial Animals", "Bold Explorers", "Polar Pro", "amber", "skis"} <= ids


def test_articles_and_plurals_read_right_in_english_and_italian(english_after: None) -> None:
    from game.borealis.data import cards
    from game.borealis.observe import why_not_fits
    from game.core.i18n import ngettext
    from game.core.messages import text_of

    amber_mint = next(c.id for c in cards() if (c.left, c.right) == (0, 1))
    assert text_of(why_not_fits(amber_mint, 0)) == (
        "Your left location needs an amber scientist and a mint scientist for this card.")
    one = ngettext("{name}: {score} point if the game ended now.", "{name}: {score} points if the game ended now.", 1)
    assert one.format(name="Ana", score=1) == "Ana: 1 point if the game ended now."
    i18n.set_language("it")
    assert "uno scienziato ambra e uno scienziato menta" in text_of(why_not_fits(amber_mint, 0))
    one = ngettext("{name}: {score} point if the game ended now.", "{name}: {score} points if the game ended now.", 1)
    many = ngettext("{name}: {score} point if the game ended now.", "{name}: {score} points if the game ended now.", 2)
    assert one.format(name="Ana", score=1) == "Ana: 1 punto se la partita finisse ora."
    assert many.format(name="Ana", score=2) == "Ana: 2 punti se la partita finisse ora."
