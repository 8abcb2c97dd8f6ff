"""What the replacement grammar reads from every card of the library, to diff a refactor.

Every paragraph of every card and face of the library (``rules_engine/data/cards/``) and
every ability of a card typed in a board file (``tests/boards/``) goes through the replacement
reader (``replacement/grammar.py``), uncached; each line of the output is the card, the
paragraph's number and what came back: the specs and skipped sentences (their ``repr``),
or the refusal's message. Two runs, before and after a change, are compared with ``diff``:
a change of the grammar's shape must leave every line as it was.

Run: ``.venv/bin/python bench/replacement_readings.py OUT.txt`` (about a minute), then
``diff BEFORE.txt AFTER.txt``. The last line printed counts paragraphs, specs and refusals:
``replacement_readings: paragraphs=<n> specs=<s> refused=<r>``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine.cards import load_card_library  # noqa: E402
from rules_engine.oracle.cursor import OracleParseError  # noqa: E402
from rules_engine.oracle.text import paragraphs  # noqa: E402
from rules_engine.replacement import grammar  # noqa: E402


def _library_texts() -> Iterator[tuple[str, str, str]]:
    for name, record in sorted(load_card_library().items()):
        faces = record.get("faces") or []
        for face in [record, *faces]:
            for n, paragraph in enumerate(paragraphs(face.get("oracle_text", "").split("\n"))):
                face_name = face.get("name", name)
                yield f"{face_name}#{n}", face_name, paragraph


def _board_texts() -> Iterator[tuple[str, str, str]]:
    """Invented cards typed in board files: texts the library doesn't have."""
    for path in sorted((ROOT / "tests" / "boards").rglob("*.json")):
        try:
            board = json.loads(path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue
        yield from _texts_in(board, str(path.relative_to(ROOT)))


def _texts_in(value: object, where: str) -> Iterator[tuple[str, str, str]]:
    if isinstance(value, dict):
        name = value.get("name")
        abilities = value.get("abilities")
        if isinstance(name, str) and isinstance(abilities, list):
            for n, ability in enumerate(abilities):
                if isinstance(ability, str):
                    yield f"{where}:{name}#{n}", name, ability
        for item in value.values():
            yield from _texts_in(item, where)
    elif isinstance(value, list):
        for item in value:
            yield from _texts_in(item, where)


# An enum member as its value ("<Family.REDIRECT: 'redirect'>" as 'redirect'), so a field
# that became an enum compares with the string it was.
_ENUM = re.compile(r"<[A-Z]\w*\.[A-Z_]+: ('[^']*')>")


def main(out: Path) -> None:
    counts = {"paragraphs": 0, "specs": 0, "refused": 0}
    with out.open("w", encoding="utf-8") as file:
        for key, name, text in [*_library_texts(), *_board_texts()]:
            counts["paragraphs"] += 1
            try:
                specs, skipped = grammar._read(text, name)
            except OracleParseError as error:
                counts["refused"] += 1
                file.write(f"{key}\tREFUSED\t{error.phrase!r}\t{error.detail!r}\n")
                continue
            if specs:
                counts["specs"] += len(specs)
                file.write(_ENUM.sub(r"\1", f"{key}\t{specs!r}\t{skipped!r}\n"))
    print("replacement_readings: " + " ".join(f"{k}={v}" for k, v in counts.items()))


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":
        # A frozenset's repr follows the hash seed: one seed, so two runs compare.
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "replacement_readings.txt"))
