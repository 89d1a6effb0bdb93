"""In Italian, nothing a family reads is left in English where the catalogue has Italian for it.

Three faults leave English on an Italian screen, and each has its own check: a string that never goes
through ``_()`` (the menu's game subtitles did not), one translated once at import time (then it keeps
the language of the start), and a catalogue entry whose Italian is a copy of the English ("Round {n}"
was). The screens check draws the menu, the setup, both tables, the pause menu, the settings and an
end screen in Italian, records every text drawn, and looks for English msgids among them."""

from __future__ import annotations

import ast
import re
import time
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from game.borealis.state import MULLIGAN, Keep
from game.core.bots import decide
from game.core.i18n import set_language
from scenes.kit import style
from scenes.session.match import BOT, HUMAN, Match, SeatConfig
from scenes.shell.app import App
from scenes.shell.end import EndScene
from scenes.shell.menu import MenuScene
from scenes.shell.pause import PauseScene
from scenes.shell.settings_menu import SettingsScene
from scenes.shell.setup import SetupScene
from scenes.shell.tables import table_scene_for
from scenes.storage.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "assets" / "locale" / "it" / "LC_MESSAGES" / "polar_table.po"

SAME_IN_ITALIAN = {
    # names: the family's default names, the dodo (an animal known by that name in Italian too)
    "Ana", "Bo", "Cleo", "Dan", "Eli", "Fay", "Gus", "Dodo",
    # published game titles that keep their English name in Italy
    "Ice Flow", "Dominant Species",
    # words Italian has taken as they are
    "Menu", "Volume", "Standard", "bot", "kayak", "Bot: {level}", "No",
    # only placeholders and signs
    "{low}–{high} min", "{name}: {colour}", "{name}: {moves}.", "{name} (bot)", "{name} ({category})",
    "{card}: {what}.",
}
"""Catalogue entries whose Italian is rightly the same as their English."""


@pytest.fixture(scope="module")
def catalogue() -> dict[str, str]:
    """English msgid -> Italian, for every translated singular entry (plural entries: their singular)."""
    with PO.open("rb") as f:
        po = read_po(f, locale="it")
    out: dict[str, str] = {}
    for message in po:
        if not message.id or message.fuzzy:
            continue
        key = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        value = message.string[0] if isinstance(message.string, (tuple, list)) else message.string
        if value:
            out[key] = value
    return out


def test_no_catalogue_entry_is_a_copy_of_its_english(catalogue):
    copied = sorted(k for k, v in catalogue.items() if v == k and k not in SAME_IN_ITALIAN)
    assert not copied, f"Italian that is the English copied: {copied}"


def test_nothing_is_translated_at_import_time():
    """``_()`` and ``ngettext()`` run only when something is shown: never in a module's or a class's
    body, nor in a default argument (evaluated once, in the language of the start)."""
    found = []

    def calls(node: ast.AST) -> list[ast.Call]:
        return [n for n in ast.walk(node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id in ("_", "ngettext")]

    def visit(node: ast.AST, path: Path) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                defaults = [d for d in (*child.args.defaults, *child.args.kw_defaults) if d is not None]
                found.extend((path, c.lineno) for d in defaults for c in calls(d))
                continue  # a body runs when called
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and child.func.id in ("_", "ngettext"):
                found.append((path, child.lineno))
            visit(child, path)

    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            visit(ast.parse(path.read_text(encoding="utf-8")), path.relative_to(ROOT))
    assert not found, f"translated at import time: {found}"


def _english_patterns(catalogue: dict[str, str]) -> list[tuple[str, re.Pattern[str]]]:
    """What English text looks like on screen, for each msgid whose Italian differs: the msgid with
    any text for its placeholders, and, for "Name: subtitle", the subtitle alone (a menu tile draws
    it on its own line). Too little fixed text to tell apart (fewer than 5 letters): left out."""
    out = []
    for msgid, italian in catalogue.items():
        if italian == msgid:
            continue
        shapes = [msgid]
        if ": " in msgid and "{" not in msgid:
            shapes.append(msgid.partition(": ")[2])
        for shape in shapes:
            fixed = re.sub(r"\{[^}]*\}", "", shape)
            if sum(ch.isalpha() for ch in fixed) < 5:
                continue
            parts = re.split(r"(\{[^}]*\})", shape)
            regex = "".join(".+?" if p.startswith("{") and p.endswith("}") else re.escape(p) for p in parts)
            out.append((msgid, re.compile(regex)))
    return out


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text the app draws from now on (through the fonts, and the buttons' words)."""
    seen: list[str] = []
    real = style.Fonts.render

    def render(self, text, *args, **kw):
        seen.append(str(text))
        return real(self, text, *args, **kw)

    monkeypatch.setattr(style.Fonts, "render", render)
    base = pygame.font.Font

    class Recording(base):  # type: ignore[misc, valid-type]
        def render(self, text, *args, **kw):
            seen.append(str(text))
            return super().render(text, *args, **kw)

    monkeypatch.setattr(pygame.font, "Font", Recording)
    return seen


def _screens(app: App) -> None:
    """Draw, in turn, the screens a family meets."""
    seen_buttons: list[str] = app.seen_buttons  # type: ignore[attr-defined]

    def show() -> None:
        app.update()
        app.draw()
        seen_buttons.extend(b.text for b in app.top.buttons())

    app.push(MenuScene(app))
    show()
    app.push(SetupScene(app, "borealis"))
    show()
    app.pop()
    for game in ("borealis", "iluliaq"):
        match = Match.start(game, [SeatConfig("Ana", 0, HUMAN), SeatConfig("Robo", 1, BOT, "easy")], seed=3)
        table = app.push(table_scene_for(game)(app, match))
        while app.top is not table:
            app.top.ready()
        if game == "borealis" and match.state.phase == MULLIGAN:
            table.submit(Keep())
        show()
        app.push(PauseScene(app, table))
        show()
        app.push(SettingsScene(app))
        show()
        app.pop()
        app.pop()
        app.back_to_menu()
    match = Match.start("borealis", [SeatConfig("Robo", 0, BOT, "easy"), SeatConfig("Bot", 1, BOT, "easy")], seed=4)
    table = app.push(table_scene_for("borealis")(app, match))
    while not match.is_over():
        match.apply(decide(match.game, match.state, "easy", match.bot_seed()))
    table._changed(None)
    table.drive(now=time.perf_counter() + 5)
    assert isinstance(app.top, EndScene)
    show()


SAME_ON_SCREEN = SAME_IN_ITALIAN | {
    "Ana", "Robo", "Bot", "Kayak",  # the players' names in these screens, a vehicle
    "Polar Table", "Borealis", "ILAN", "Iluliaq",  # titles
    "English", "Italiano",  # each language by its own name
}
"""Texts these screens rightly draw the same in English and Italian."""


def _drawn_in(language: str, tmp_path: Path, monkeypatch, seen: list[str]) -> set[str]:
    monkeypatch.setenv("POLAR_TABLE_DATA", str(tmp_path / language))
    seen.clear()
    app = App((1280, 720), headless=True, settings=Settings(language=language))
    app.seen_buttons = []  # type: ignore[attr-defined]
    try:
        _screens(app)
    finally:
        app.bots.shutdown()
        set_language("en")
    return {t.strip() for t in seen + app.seen_buttons if t.strip()}  # type: ignore[attr-defined]


def test_an_italian_family_reads_no_english(catalogue, drawn, tmp_path, monkeypatch):
    """The same screens in English and in Italian: a text with letters drawn the same in both is English
    left untranslated (a string never passed through ``_()`` has no msgid to look for: this finds it
    too), unless it is a name; and no Italian screen shows an English msgid that has Italian."""
    english = _drawn_in("en", tmp_path, monkeypatch, drawn)
    italian = _drawn_in("it", tmp_path, monkeypatch, drawn)
    print(f"{len(english)} texts drawn in English, {len(italian)} in Italian")
    assert len(english) > 100 and len(italian) > 100, "the screens drew too little to tell"
    same = sorted(t for t in english & italian if any(ch.isalpha() for ch in t) and t not in SAME_ON_SCREEN)
    assert not same, f"drawn in English on the Italian screens: {same}"
    patterns = _english_patterns(catalogue)
    found = sorted({(text, msgid) for text in italian for msgid, rx in patterns if rx.fullmatch(text)})
    assert not found, f"English msgids on the Italian screens (text, msgid): {found}"


def test_the_italian_borealis_rules_use_the_app_s_words(catalogue):
    """The rules page names the game and the Regroup action as the app does, and its opening sentence
    is Italian ("disponi le carte animale", where it said "sistemi carte animale")."""
    text = (ROOT / "assets" / "rules" / "borealis.it.md").read_text(encoding="utf-8")
    assert text.splitlines()[0] == "# " + catalogue["Borealis: Arctic Expeditions"]
    assert "sistemi carte" not in text and "disponi le carte animale" in text
    assert "Riorganizzazione" not in text and f"**{catalogue['Regroup']}.**" in text
