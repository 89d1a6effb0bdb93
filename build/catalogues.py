"""The gettext catalogues of Polar Table: extract, update, compile, check.

    python build/catalogues.py extract   # code and game data -> assets/locale/polar_table.pot
    python build/catalogues.py update    # extract, then merge new msgids into en and it .po (translations kept)
    python build/catalogues.py compile   # .po -> .mo next to it (what the installed app loads)
    python build/catalogues.py all       # update + compile
    python build/catalogues.py check     # exit 1: a msgid in the code missing or untranslated in it.po,
                                         # a translation dropping a {placeholder}, or a stale .mo

Strings are found in game/, scenes/ and physics/ as literals given to ``_``, ``N_`` and ``ngettext``
(Babel's Python extractor), and in the game data under assets/data/ (every ``*.json``): the values of
the keys listed in ``JSON_FIELDS`` (names, rule texts, titles...; ids, Latin names and numbers are
not). The code translates those data strings with ``_()`` where it shows them. The .mo writer is
our own and byte-for-byte deterministic, so ``check`` can tell a stale .mo by recompiling in memory.
This file is a script, not a package (a ``build`` package would shadow PyPA's ``python -m build``).
"""

from __future__ import annotations

import argparse
import io
import json
import re
import struct
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("game", "scenes", "physics")
LOCALE_DIR = ROOT / "assets" / "locale"
DOMAIN = "polar_table"
LANGUAGES = ("en", "it")
TRANSLATED = ("it",)
"""Languages that must translate every msgid (English is the language of the code)."""
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "msg": None, "msg_n": (1, 2)}
DATA_SOURCES = ("assets/data",)
"""Folders whose ``*.json`` game data holds user-visible strings (see ``JSON_FIELDS``)."""
JSON_FIELDS = {
    "name": "value",
    "short": "value",
    "text": "value",
    "title": "value",
    "rule": "value",
    "description": "value",
    "effect": "value",
    "label": "value",
    "vehicles": "values",
}
"""The translatable keys of the game data, wherever they appear in a file: for "value" the key's
string is shown to players (``{"name": "Polar bear"}``); for "values" the key holds a mapping of
ids to shown strings (``{"vehicles": {"sleigh": "sleigh"}}``). Keys starting with ``_`` are notes
for developers and never extracted."""
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
"""Header dates are fixed so regenerating a catalogue changes nothing unless its messages do."""
PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^{}]*)?\}(?!\})")


def po_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def pot_path(locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / f"{DOMAIN}.pot"


def _two_plural_forms(catalog: Catalog) -> Catalog:
    """English and Italian as gettext has them: one and other (CLDR's extra Italian 'many' form is not used)."""
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS)]
    return catalog


def _new_catalog(locale: str | None) -> Catalog:
    return _two_plural_forms(Catalog(
        locale=locale,
        domain=DOMAIN,
        project="Polar Table",
        version="1",
        copyright_holder="the Polar Table authors",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        header_comment=f"# {'Translations template' if locale is None else 'Translations'} for Polar Table.\n#",
    ))


# --- extract ---------------------------------------------------------------------------------


def json_strings(data: Any, path: str = "") -> Iterable[tuple[str, str]]:
    """(where, string) for every translatable string of a JSON document, ``where`` a path like
    ``species.bear.name`` or ``objectives[bold_explorers].text`` (a comment for the translator)."""
    if isinstance(data, list):
        for i, item in enumerate(data):
            label = item.get("id", i) if isinstance(item, dict) else i
            yield from json_strings(item, f"{path}[{label}]")
        return
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        if not isinstance(key, str) or key.startswith("_"):
            continue
        where = f"{path}.{key}" if path else key
        kind = JSON_FIELDS.get(key)
        if kind == "value" and isinstance(value, str):
            if value.strip():
                yield where, value
            continue
        if kind == "values" and isinstance(value, dict):
            for sub, text in value.items():
                if isinstance(text, str) and text.strip() and not str(sub).startswith("_"):
                    yield f"{where}.{sub}", text
            continue
        yield from json_strings(value, where)


def _line_of(text: str, value: str) -> int:
    """The line of the first occurrence of ``value`` as a JSON string in ``text`` (1 if not found)."""
    at = text.find(json.dumps(value, ensure_ascii=False))
    if at < 0:
        at = text.find(json.dumps(value))
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_data(template: Catalog, root: Path = ROOT, sources: Iterable[str] = DATA_SOURCES) -> None:
    """Add the translatable strings of the game data (``JSON_FIELDS``) to ``template``."""
    for folder in sources:
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.json")):
            text = path.read_text(encoding="utf-8")
            data = json.loads(text)
            filename = path.relative_to(root).as_posix()
            for where, value in json_strings(data):
                template.add(value, None, [(filename, _line_of(text, value))], auto_comments=[where])


def extract_template(
    root: Path = ROOT, sources: Iterable[str] = SOURCES, data_sources: Iterable[str] = DATA_SOURCES
) -> Catalog:
    """Every translatable string in the code and the game data, with the files it appears in."""
    template = _new_catalog(None)
    for folder in sources:
        base = root / folder
        if not base.is_dir():
            continue
        found = extract_from_dir(
            base,
            method_map=[("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
            directory_filter=lambda d: "__pycache__" not in d,
        )
        for filename, lineno, message, comments, context in found:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            location = (f"{folder}/{filename}".replace("\\", "/"), lineno)
            template.add(message, None, [location], auto_comments=comments, context=context)
    extract_data(template, root, data_sources)
    return template


def _write_po(path: Path, catalog: Catalog) -> None:
    catalog.creation_date = FIXED_DATE
    catalog.revision_date = FIXED_DATE
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = buffer.getvalue()
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def read_catalog(path: Path, language: str) -> Catalog:
    with path.open("rb") as handle:
        return _two_plural_forms(read_po(handle, locale=language, domain=DOMAIN))


def extract(root: Path = ROOT, locale_dir: Path = LOCALE_DIR) -> Catalog:
    template = extract_template(root)
    _write_po(pot_path(locale_dir), template)
    return template


# --- update ----------------------------------------------------------------------------------


def update(root: Path = ROOT, locale_dir: Path = LOCALE_DIR, languages: Iterable[str] = LANGUAGES) -> None:
    """Merge the code's msgids into every .po: new ones added, translations kept, gone ones dropped."""
    template = extract(root, locale_dir)
    for language in languages:
        path = po_path(language, locale_dir)
        catalog = read_catalog(path, language) if path.exists() else _new_catalog(language)
        catalog.update(template, update_creation_date=False)
        _write_po(path, catalog)


# --- compile ---------------------------------------------------------------------------------


def _translated(message: Message) -> bool:
    if not message.id or message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
    return all(strings)


def mo_bytes(catalog: Catalog, language: str) -> bytes:
    """A GNU .mo file of the translated, non-fuzzy messages, sorted, with a fixed header."""
    header = f"Content-Type: text/plain; charset=UTF-8\nLanguage: {language}\nPlural-Forms: {PLURAL_FORMS}\n"
    entries: dict[bytes, bytes] = {b"": header.encode("utf-8")}
    for message in catalog:
        if not _translated(message):
            continue
        if isinstance(message.id, (tuple, list)):
            key = "\0".join(message.id)
            value = "\0".join(message.string)
        else:
            key, value = message.id, message.string
        if message.context:
            key = f"{message.context}\x04{key}"
        entries[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(entries)
    count = len(keys)
    ids = b""
    strs = b""
    id_index = []
    str_index = []
    for key in keys:
        id_index.append((len(key), len(ids)))
        ids += key + b"\0"
        str_index.append((len(entries[key]), len(strs)))
        strs += entries[key] + b"\0"
    ids_start = 7 * 4 + count * 16
    strs_start = ids_start + len(ids)
    table = b"".join(struct.pack("<II", length, ids_start + offset) for length, offset in id_index)
    table += b"".join(struct.pack("<II", length, strs_start + offset) for length, offset in str_index)
    header_block = struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
    return header_block + table + ids + strs


def compile_catalogues(locale_dir: Path = LOCALE_DIR, languages: Iterable[str] = LANGUAGES) -> list[Path]:
    written = []
    for language in languages:
        data = mo_bytes(read_catalog(po_path(language, locale_dir), language), language)
        path = mo_path(language, locale_dir)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
            written.append(path)
    return written


# --- check -----------------------------------------------------------------------------------


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _key(message_id: str | tuple[str, ...]) -> str:
    return message_id[0] if isinstance(message_id, (tuple, list)) else message_id


def problems(root: Path = ROOT, locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Everything ``check`` complains about, one sentence each."""
    out: list[str] = []
    template = extract_template(root)
    used = {_key(m.id): m for m in template if m.id}
    for language in LANGUAGES:
        path = po_path(language, locale_dir)
        if not path.exists():
            out.append(f"{path.relative_to(locale_dir.parent.parent)} is missing; run `update`.")
            continue
        catalog = read_catalog(path, language)
        if language in TRANSLATED:
            for key, source in sorted(used.items()):
                message = catalog.get(source.id, context=source.context)
                where = ", ".join(sorted({f for f, _ in source.locations}))
                if message is None:
                    out.append(f"{language}: missing msgid {key!r} ({where}); run `update`.")
                elif not _translated(message):
                    fuzzy = " (fuzzy)" if message.fuzzy else ""
                    out.append(f"{language}: untranslated{fuzzy} msgid {key!r} ({where}).")
        for message in catalog:
            if not message.id or not _translated(message):
                continue
            sources = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            targets = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            wanted = set().union(*(placeholders(s) for s in sources))
            for target in targets:
                if placeholders(target) != wanted:
                    out.append(
                        f"{language}: the translation of {_key(message.id)!r} has placeholders "
                        f"{sorted(placeholders(target))}, not {sorted(wanted)}."
                    )
        mo = mo_path(language, locale_dir)
        if not mo.exists() or mo.read_bytes() != mo_bytes(catalog, language):
            out.append(f"{language}: {mo.name} is stale or missing; run `compile`.")
    return out


# --- command line ----------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="catalogues", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["extract", "update", "compile", "all", "check"])
    args = parser.parse_args(argv)
    if args.command == "extract":
        template = extract()
        print(f"{len([m for m in template if m.id])} messages in {pot_path().relative_to(ROOT)}")
    elif args.command in ("update", "all"):
        update()
        print("updated " + ", ".join(str(po_path(lang).relative_to(ROOT)) for lang in LANGUAGES))
    if args.command in ("compile", "all"):
        for path in compile_catalogues():
            print(f"wrote {path.relative_to(ROOT)}")
    if args.command == "check":
        found = problems()
        for line in found:
            print(line)
        if found:
            print(f"{len(found)} problem(s) in the catalogues.", file=sys.stderr)
            return 1
        print("catalogues are complete and compiled.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
