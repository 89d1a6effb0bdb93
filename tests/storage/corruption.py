"""200 deterministic ways a save file goes bad, made from one real save."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from game.core.contract import Game

STRUCTURAL = b'{}[]":,'
WRONG_VALUES: tuple[Any, ...] = (None, True, -1, 1.5, "text", [], {"a": 1}, [[[]]])
COUNT = 200


def _dump(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _edited(data: dict, edit: Callable[[dict], None]) -> bytes:
    clone = copy.deepcopy(data)
    edit(clone)
    return _dump(clone)


def _setter(path: tuple, value: Any) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _deleter(path: tuple) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return edit


def _nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def variants(raw: bytes, game: Game, states: list) -> Iterator[tuple[str, bytes]]:
    """Exactly COUNT (label, bytes) pairs, each a file that must not load."""
    data = json.loads(raw)
    rng = random.Random(20240521)
    out: list[tuple[str, bytes]] = []

    # 1. Truncated at 40 lengths (always short of the full file).
    for i in range(40):
        cut = (len(raw) - 1) * i // 40 + (i % 3)
        out.append((f"truncated at {cut}", raw[: min(cut, len(raw) - 1)]))

    # 2. One flipped bit in a structural character, 30 places.
    places = [i for i, b in enumerate(raw) if b in STRUCTURAL]
    for _ in range(30):
        at = places[rng.randrange(len(places))]
        bit = 1 << rng.randrange(8)
        flipped = bytearray(raw)
        flipped[at] ^= bit
        out.append((f"bit {bit} flipped at {at}", bytes(flipped)))

    # 3. Wrong types for every field.
    fields: list[tuple] = [
        ("format",),
        ("format_version",),
        ("record",),
        ("seats",),
        ("record", "game"),
        ("record", "version"),
        ("record", "options"),
        ("record", "seed"),
        ("record", "actions"),
        ("record", "options", "players"),
        ("record", "options", "names"),
        ("record", "options", "kids"),
        ("record", "options", "variants"),
        ("seats", 0, "name"),
        ("seats", 0, "colour"),
        ("seats", 0, "kind"),
        ("seats", 0, "level"),
        ("seats", 0),
        ("record", "actions", 0),
        ("record", "actions", 0, "kind"),
    ]
    for path in fields:
        current: Any = data
        for key in path:
            current = current[key]
        wrong = [
            v
            for v in WRONG_VALUES
            if type(v) is not type(current)
            and not (isinstance(current, int) and not isinstance(current, bool) and v is True)
            and not (path[-1] == "names" and v == [])  # an empty list of names is allowed
        ][:4]
        for value in wrong:
            out.append((f"{'.'.join(map(str, path))} = {value!r}", _edited(data, _setter(path, value))))
    # Missing required fields.
    for path in [("format",), ("record",), ("seats",), ("record", "game"), ("record", "seed"),
                 ("record", "options", "players"), ("seats", 0, "kind"), ("record", "actions", 0, "kind")]:
        out.append((f"missing {'.'.join(map(str, path))}", _edited(data, _deleter(path))))

    # 4. Huge numbers and number-like nonsense.
    text = raw.decode("utf-8")
    seed_text = f'"seed":{data["record"]["seed"]}'
    players_text = f'"players":{data["record"]["options"]["players"]}'
    huge = [
        ("seed 10**30", _edited(data, _setter(("record", "seed"), 10**30))),
        ("players 10**30", _edited(data, _setter(("record", "options", "players"), 10**30))),
        ("players -5", _edited(data, _setter(("record", "options", "players"), -5))),
        ("players 0", _edited(data, _setter(("record", "options", "players"), 0))),
        ("players 99", _edited(data, _setter(("record", "options", "players"), 99))),
        ("version 10**20", _edited(data, _setter(("record", "version"), 10**20))),
        ("colour 10**12", _edited(data, _setter(("seats", 0, "colour"), 10**12))),
        ("colour -1", _edited(data, _setter(("seats", 0, "colour"), -1))),
        ("seed with 5000 digits", text.replace(seed_text, '"seed":' + "9" * 5000).encode()),
        ("players 1e400", text.replace(players_text, '"players":1e400').encode()),
        ("players NaN", text.replace(players_text, '"players":NaN').encode()),
        ("players Infinity", text.replace(players_text, '"players":-Infinity').encode()),
        ("format_version 1.0", _edited(data, _setter(("format_version",), 1.0))),
        ("format_version 400 digits", text.replace('"format_version":1', '"format_version":1' + "0" * 400).encode()),
    ]
    out.extend(huge)

    # 5. Deep nesting.
    out.append(("100000 nested lists", b"[" * 100_000 + b"]" * 100_000))
    out.append(("nested object 50000 deep", b'{"a":' * 50_000 + b"1" + b"}" * 50_000))
    deep_record = _dump({**data, "record": _nested(900)})
    out.append(("record 4900 deep", deep_record.replace(b"0", b"[" * 4000 + b"0" + b"]" * 4000, 1)))
    deep_variant = _setter(("record", "options", "variants"), {"v": _nested(800)})
    out.append(("variant value 800 deep", _edited(data, deep_variant)))
    out.append(("seed 900 deep", _edited(data, _setter(("record", "seed"), _nested(900)))))

    # 6. Unknown game, wrong versions, wrong format tag.
    for label, path, value in [
        ("unknown game", ("record", "game"), "tic_tac_toe"),
        ("empty game id", ("record", "game"), ""),
        ("game not built", ("record", "game"), "dominant_species"),
        ("rules version 99", ("record", "version"), 99),
        ("rules version 0", ("record", "version"), 0),
        ("format version 2", ("format_version",), 2),
        ("format version 0", ("format_version",), 0),
        ("format version '1'", ("format_version",), "1"),
        ("format version true", ("format_version",), True),
        ("format tag", ("format",), "polar-table-settings"),
        ("format tag case", ("format",), "Polar-Table-Save"),
        ("too few seats", ("seats",), data["seats"][:1]),
        ("too many seats", ("seats",), data["seats"] * 4),
        ("seat kind alien", ("seats", 0, "kind"), "alien"),
        ("seat level godlike", ("seats", 0, "level"), "godlike"),
        ("empty seat name", ("seats", 0, "name"), ""),
        ("seat name 10000 long", ("seats", 0, "name"), "A" * 10_000),
    ]:
        out.append((label, _edited(data, _setter(path, value))))

    # 7. Actions replaced by illegal ones (checked illegal against the rules themselves).
    actions = data["record"]["actions"]
    pool = [game.action_from_json(a) for a in actions]
    illegal = []
    for index in range(len(actions)):
        legal = game.legal_actions(states[index])
        for candidate in pool:
            if candidate not in legal:
                illegal.append((index, candidate.to_json()))
                break
    for index, action in illegal[:12]:
        out.append((f"illegal action at {index}", _edited(data, _setter(("record", "actions", index), action))))
    out.append(("unknown action kind", _edited(data, _setter(("record", "actions", 0), {"kind": "teleport"}))))
    out.append(("action kind is a number", _edited(data, _setter(("record", "actions", 0), {"kind": 5}))))
    out.append(("action is text", _edited(data, _setter(("record", "actions", 0), "take 3"))))

    # 8. Not UTF-8.
    renamed = {**data, "seats": [{**data["seats"][0], "name": "Andrés"}, *data["seats"][1:]]}
    latin = json.dumps(renamed, ensure_ascii=False)
    out.append(("latin-1 name", latin.encode("latin-1")))
    out.append(("utf-16 file", text.encode("utf-16")))
    out.append(("0xff inside a name", raw.replace(b'"name":"', b'"name":"\xff\xfe', 1)))
    out.append(("lone surrogate bytes", raw.replace(b'"name":"', b'"name":"\xed\xa0\x80', 1)))

    # 9. Empty, garbage, not a save at all.
    out.extend(
        [
            ("empty file", b""),
            ("only spaces", b"   \n\t  "),
            ("null", b"null"),
            ("a list", b"[1, 2, 3]"),
            ("a string", b'"polar-table-save"'),
            ("a bare number", b"12345"),
            ("NUL bytes", b"\x00" * 4096),
            ("PNG header", b"\x89PNG\r\n\x1a\n" + bytes(range(256))),
            ("zip header", b"PK\x03\x04" + bytes(rng.randrange(256) for _ in range(512))),
            ("a bare record (not a save)", _dump(data["record"])),
            ("settings file", _dump({"language": "it", "volume": 0.5})),
            ("two saves glued", raw + raw),
            ("trailing garbage", raw + b"xyz"),
            ("BOM then garbage", b"\xef\xbb\xbf{{{"),
        ]
    )
    while len(out) < COUNT:
        size = rng.randrange(1, 4096)
        out.append((f"binary garbage {len(out)}", bytes(rng.randrange(256) for _ in range(size))))
    assert len(out) >= COUNT, len(out)
    yield from out[:COUNT]


# --- random corruption, for the hypothesis fuzz test (tests/storage/test_fuzz.py) ------------------


def node_paths(value: Any, prefix: tuple = (), limit: int = 4000) -> list[tuple]:
    """Every path to a value inside decoded JSON (the root is ``()``), breadth first, at most ``limit``."""
    out: list[tuple] = []
    queue: list[tuple[tuple, Any]] = [(prefix, value)]
    while queue and len(out) < limit:
        path, node = queue.pop(0)
        out.append(path)
        if isinstance(node, dict):
            queue.extend((path + (k,), v) for k, v in node.items())
        elif isinstance(node, list):
            queue.extend((path + (i,), v) for i, v in enumerate(node))
    return out


def scalars(value: Any) -> list[Any]:
    """The distinct scalar values inside decoded JSON (plausible replacements: card ids, kinds...)."""
    seen: dict[str, Any] = {}
    for path in node_paths(value):
        node = get(value, path)
        if not isinstance(node, (dict, list)):
            seen.setdefault(repr(node), node)
    return list(seen.values())


def get(data: Any, path: tuple) -> Any:
    for key in path:
        data = data[key]
    return data


REPEATS = 500
"""How many times ``repeat`` copies a list's first item (a list of one id over and over)."""


def mutate(data: Any, path: tuple, how: str, value: Any) -> Any:
    """A copy of ``data`` with the node at ``path`` replaced, deleted, duplicated, given a junk key,
    its number nudged, its list cut, or its list's first item repeated; the root is replaced only by
    ``replace``."""
    data = copy.deepcopy(data)
    if not path:
        return value if how == "replace" else data
    parent = get(data, path[:-1])
    key = path[-1]
    node = parent[key]
    if how == "replace":
        parent[key] = value
    elif how == "delete":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(node))
    elif how == "junk_key" and isinstance(node, dict):
        node[str(value)[:20] or "junk"] = value
    elif how == "nudge" and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = node + (value if isinstance(value, int) and not isinstance(value, bool) else 1)
    elif how == "cut" and isinstance(node, list):
        del node[len(node) // 2:]
    elif how == "repeat" and isinstance(node, list) and node:
        node[:] = [copy.deepcopy(node[0]) for _ in range(REPEATS)] + node
    else:
        parent[key] = value
    return data


MUTATIONS = ("replace", "delete", "duplicate", "junk_key", "nudge", "cut", "repeat")
