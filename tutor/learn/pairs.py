"""Real dependency pairs (CR 613.8a), found by the engine's own dependency detection.

A pair is two library permanents whose static effects apply in the same layer, where the
engine finds that one depends on the other on a small board (``rules_engine.dependency``:
applying one changes the other's existence, text, what it applies to or what it does).
Nothing here says which cards depend on which: candidates are every permanent the engine
reads fully with an unconditional static effect on a group in layer 4, 5 or 6, paired
within a layer, and the engine's graphs decide (``Evaluation.graphs``).

Built into ``data/pairs.json.gz`` by ``python -m tutor.learn.pairs`` (a couple of minutes
under ``nice``); ``tests/learn/test_pairs.py`` re-checks a sample against the engine.
"""

from __future__ import annotations

import gzip
import itertools
import json
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent / "data" / "pairs.json.gz"
LAYERS = ("4", "5", "6")
# Pairs tried per layer at most (random, seeded): the build stays a few minutes long.
PAIRS_PER_LAYER = 2500
PLAYERS = ("Alice", "Bob")


@dataclass(frozen=True, slots=True)
class Pair:
    """``dependent``'s effect depends on ``on``'s in ``layer`` (clause of 613.8a)."""

    dependent: str
    on: str
    layer: str
    clause: str
    # The object on the pair's board whose characteristics ignoring the dependency changes
    # (what a question about the pair asks about).
    shows_on: str = ""

    def as_json(self) -> list[str]:
        return [self.dependent, self.on, self.layer, self.clause, self.shows_on]


def static_layers(record: dict[str, Any]) -> frozenset[str]:
    """The layers (4-6) of a permanent's unconditional static effects on a group, as the
    engine reads them; empty for anything else or anything not fully modelled."""
    from rules_engine import Status, card_from_record, card_report, parse_ability_text

    card = card_from_record(record)
    if card.is_spell_card or "Aura" in card.subtypes or "Equipment" in card.subtypes:
        return frozenset()
    try:
        if any(r.status in (Status.NOT_MODELLED, Status.NOT_RECOGNISED) for r in card_report(card)):
            return frozenset()
        found: set[str] = set()
        for paragraph in card.rules_text:
            for ability in parse_ability_text(paragraph, card.name):
                if ability.kind != "static":
                    continue
                for spec in ability.effects:
                    if spec.condition is None and spec.subject.kind == "filter" and not spec.cda:
                        found |= spec.layers & set(LAYERS)
    except Exception:  # noqa: BLE001 - a card the reader chokes on pairs with nothing
        return frozenset()
    return frozenset(found)


def pair_board(first: str, second: str) -> dict[str, Any]:
    """Creatures and basic lands for both players, then the two permanents, ``first``
    with the earlier timestamp."""
    steps = [
        {"enter": "Grizzly Bears", "as": "c1", "controller": "Alice"},
        {"enter": "Forest", "as": "l1", "controller": "Alice"},
        {"enter": "Island", "as": "l2", "controller": "Bob"},
        {"enter": "Hill Giant", "as": "c2", "controller": "Bob"},
        {"enter": first, "as": "p1", "controller": "Alice"},
        {"enter": second, "as": "p2", "controller": "Bob"},
    ]
    return {"format": "mtg-board/1", "players": list(PLAYERS), "active": "Alice", "steps": steps}


def edges(first: str, second: str) -> list[Pair]:
    """The engine's dependency edges between the two permanents' effects on their board."""
    from rules_engine import evaluate_board

    board = pair_board(first, second)
    try:
        result = evaluate_board(board)
    except Exception:  # noqa: BLE001 - a refused board has no pair
        return []
    if result.game.not_modelled:
        return []
    evaluation = result.explained
    source = {eid: e.source for eid, e in evaluation.effects.items()}
    names = {"p1": first, "p2": second}
    found = []
    for graph in evaluation.graphs:
        for edge in graph.edges:
            a, b = source.get(edge.dependent), source.get(edge.on)
            if a in names and b in names and a != b:
                found.append(Pair(names[a], names[b], edge.layer, str(edge.clause)))
    if not found:
        return []
    shows_on = _shows_on(result)
    return [replace(p, shows_on=shows_on) for p in dict.fromkeys(found)] if shows_on else []


def _shows_on(result: Any) -> str:
    """The first object (by label) whose characteristics differ when the dependency is
    ignored (the engine's misreading "ignore-dependency"); "" when none does."""
    from rules_engine import MISCONCEPTION_BY_SLUG, characteristics_json, compute

    misreading = MISCONCEPTION_BY_SLUG["ignore-dependency"].layers
    assert misreading is not None
    wrong = compute(result.game, misreading=misreading)
    for label in sorted(result.evaluation.chars):
        right = characteristics_json(result.evaluation.chars[label])
        other = wrong.chars.get(label)
        if other is not None and characteristics_json(other) != right:
            return str(label)
    return ""


# A cheap text check before the engine reads a card: a sentence that sets what a group of
# permanents is or has ("Nonbasic lands are Mountains", "All creatures have flying").
GROUP_TEXT = re.compile(
    r"\b(?:are|have|has|lose|loses|is)\b[^.]*\.|in addition to their other types", re.I
)


def candidates() -> dict[str, list[str]]:
    """Permanents with a static effect on a group, by layer."""
    from rules_engine import load_card_library

    by_layer: dict[str, list[str]] = {layer: [] for layer in LAYERS}
    for record in load_card_library().values():
        if record.get("faces") or record.get("missing_faces"):
            continue
        types = record.get("types", ())
        if "Instant" in types or "Sorcery" in types or not types:
            continue
        if not GROUP_TEXT.search(str(record.get("oracle_text", ""))):
            continue
        for layer in static_layers(record):
            by_layer[layer].append(str(record["name"]))
    return by_layer


def search(by_layer: dict[str, list[str]], per_layer: int = PAIRS_PER_LAYER) -> Iterator[Pair]:
    rng = random.Random(613)
    for layer in LAYERS:
        names = sorted(by_layer[layer])
        every = list(itertools.permutations(names, 2))
        rng.shuffle(every)
        for first, second in every[:per_layer]:
            yield from edges(first, second)


def write(pairs: list[Pair], path: Path = DATA) -> None:
    rows = sorted({p.as_json().__repr__(): p.as_json() for p in pairs}.values())
    text = json.dumps({"version": 1, "pairs": rows}, separators=(",", ":"))
    with gzip.GzipFile(path, "wb", mtime=0) as out:
        out.write(text.encode())


@cache
def load() -> tuple[Pair, ...]:
    with gzip.open(DATA, "rt", encoding="utf-8") as handle:
        return tuple(Pair(*row) for row in json.load(handle)["pairs"])


def main(argv: list[str]) -> None:
    per_layer = int(argv[argv.index("--per-layer") + 1]) if "--per-layer" in argv else None
    start = time.monotonic()
    by_layer = candidates()
    print({layer: len(names) for layer, names in by_layer.items()}, "candidates by layer")
    pairs = list(search(by_layer, per_layer or PAIRS_PER_LAYER))
    write(pairs)
    print(f"pairs: {len(set(pairs))} in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
