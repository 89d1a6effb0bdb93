"""Rewrite the playthroughs after an intended change of behaviour, then review ``git diff``.

    .venv/bin/python -m tests.playthroughs.regenerate            # every playthrough
    .venv/bin/python -m tests.playthroughs.regenerate borealis   # only those of some games

Physics games are played with their resolvers here (so the outcomes in the new files come from
the physics of this machine); ``tests/test_playthroughs.py`` then replays those outcomes.
"""

from __future__ import annotations

import sys

from tests.playthroughs import SPECS, make


def main(argv: list[str]) -> int:
    wanted = set(argv)
    unknown = wanted - {spec.game for spec in SPECS}
    if unknown:
        print(f"no playthroughs of {', '.join(sorted(unknown))}; known: {sorted({s.game for s in SPECS})}")
        return 2
    for spec in SPECS:
        if wanted and spec.game not in wanted:
            continue
        lines = make(spec)
        old = spec.path.read_text().splitlines() if spec.path.exists() else None
        spec.path.write_text("\n".join(lines) + "\n")
        status = "new" if old is None else ("unchanged" if old == lines else "changed")
        print(f"{spec.path.name}: {len(lines)} lines, {status}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
