"""Benchmark: how much of the real card pool the engine reads (issue #13).

Every card of the library goes on a small board: a permanent enters under
Alice's control (an Aura enchants Bob's creature), an instant or sorcery
resolves with a plausible target for each "target" it names. Then the
engine evaluates the board and builds the state replacement effects are
applied in (CR 614), so a replacement or prevention sentence it cannot read
shows here too. Each card ends in one of four results:

- ``modelled``: on the board, and nothing in the answer's ``not_modelled``;
- ``not_modelled``: on the board, with something named in ``not_modelled`` (a paragraph
  the grammar can't read at all is named too; the report counts those cards apart);
- ``refused``: the engine refused the board (a choice or target it can't make up);
- ``crash``: any other exception (always a bug).

Cards are counted per class, decided from the Oracle text alone so the class
does not depend on what the engine understands: ``cda`` (a characteristic-
defining ability, CR 604.3), ``replacement`` (replacement or prevention,
CR 614-615), ``continuous`` (a static ability or a resolving effect that makes
a continuous effect, CR 611), ``other``. The first three are "cards whose text
makes continuous, replacement or prevention effects".

The library is measured as two pools: the cards of the 2019 snapshot
(``rules_engine/data/oracle-cards-2019.json.gz``, by name) and the cards newer
than it. The last two lines are exactly
``coverage: pool=2019 cards=<n> placeable_pct=<x> modelled_pct=<y> crashes=<z>``
and the same with ``pool=newer``: ``placeable_pct`` is the share of the pool's
cards that go on a board (modelled or not modelled), ``modelled_pct`` the share
of the first three classes that are fully modelled.

Run: ``.venv/bin/python bench/coverage.py [--sample N] [--jobs N] [--show PHRASE]
[--pool 2019|newer]``
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine.ask.characteristics import evaluate_board  # noqa: E402
from rules_engine.card_import import import_file  # noqa: E402
from rules_engine.cards import (  # noqa: E402
    CardDef,
    library_card,
    load_card_library,
    snapshot_path,
)
from rules_engine.errors import BoardError  # noqa: E402
from rules_engine.gaps import UNREAD  # noqa: E402
from rules_engine.oracle.cursor import OracleParseError  # noqa: E402
from rules_engine.perform import event_state  # noqa: E402

CLASSES = ("cda", "replacement", "continuous", "other")
POOLS = ("2019", "newer")
RESULTS = ("modelled", "not_modelled", "refused", "crash")
EFFECT_CLASSES = ("cda", "replacement", "continuous")

# Bob's permanents, one per kind of thing a card may target.
TARGETS = {
    "creature": "bears",
    "land": "forest",
    "artifact": "ornithopter",
    "enchantment": "seal",
    "planeswalker": "bears",
    "permanent": "bears",
    "player": "Bob",
    "opponent": "Bob",
}
BOARD_START = [
    {
        "enter": {
            "name": "Grizzly Bears",
            "types": ["Creature"],
            "subtypes": ["Bear"],
            "mana_cost": "{1}{G}",
            "power": 2,
            "toughness": 2,
        },
        "as": "bears",
        "controller": "Bob",
    },
    {
        "enter": {
            "name": "Forest",
            "supertypes": ["Basic"],
            "types": ["Land"],
            "subtypes": ["Forest"],
        },
        "as": "forest",
        "controller": "Bob",
    },
    {
        "enter": {"name": "Millstone", "types": ["Artifact"], "mana_cost": "{2}"},
        "as": "ornithopter",
        "controller": "Bob",
    },
    {
        "enter": {"name": "Seal", "types": ["Enchantment"], "mana_cost": "{W}"},
        "as": "seal",
        "controller": "Bob",
    },
]
_TARGET = re.compile(
    r"\btarget (?:(?:non\w+|tapped|untapped|attacking|blocking|white|blue|black|red|green|"
    r"colorless|multicolored|legendary|basic|nonbasic|artifact|enchantment|\w+ or)\s+)*"
    r"(?P<what>creature|land|artifact|enchantment|planeswalker|permanent|player|opponent)",
    re.IGNORECASE,
)
_ANY_TARGET = re.compile(r"\bany target\b", re.IGNORECASE)

_CDA = re.compile(
    r"(?:~|this creature)'s power (?:and toughness )?(?:is|are) (?:each )?equal to|"
    r"(?:~|this creature)'s toughness is equal to|"
    r"(?:~ is|this card is) (?:every|all) colors?|^changeling\b|^devoid\b",
    re.IGNORECASE | re.MULTILINE,
)
_REPLACEMENT = re.compile(
    r"\bwould\b[^.]*\binstead\b|\bprevent\b|\benters(?: the battlefield)? tapped\b|"
    r"\benters(?: the battlefield)? with\b|\bas (?:~|this \w+) enters\b|\bskip\b|"
    r"\bcan't be prevented\b|\benter(?:s)?(?: the battlefield)? as a copy\b|"
    r"^(?:dredge|undying|persist|totem armor|bloodthirst|modular|graft|amplify|"
    r"sunburst|fading|vanishing|devour|riot|evolve|unleash|tribute|fabricate)\b",
    re.IGNORECASE | re.MULTILINE,
)
_CONTINUOUS = re.compile(
    r"\bgets? [+-]\d|\bget [+-]x|\bgets? [+-]x|\b(?:has|have|gains?|loses?) (?:all |"
    r"flying|first strike|double strike|deathtouch|haste|hexproof|indestructible|lifelink|"
    r"menace|reach|shroud|trample|vigilance|defender|protection|\w+walk|\")|"
    r"\b(?:is|are) (?:a|an|all|every|the chosen|still|colorless|white|blue|black|red|green)\b|"
    r"\bbecomes? (?:a|an|the|\d|colorless|white|blue|black|red|green|that)\b|"
    r"\bbase power\b|\bswitch\b[^.]*power and toughness|\bgain control of\b|"
    r"\bcontrol of [^.]* (?:until|for as long)\b|\bin addition to its other\b|"
    r"\blose all abilities\b|\bcan't (?:attack|block|be blocked)\b",
    re.IGNORECASE,
)


def card_class(card: CardDef) -> str:
    """The class of a card, from its Oracle text alone (reminder text removed)."""
    text = re.sub(r"\([^)]*\)", "", card.oracle_text)
    if not text.strip():
        return "other"
    text = text.replace(card.name, "~")
    if _CDA.search(text):
        return "cda"
    if _REPLACEMENT.search(text):
        return "replacement"
    if _CONTINUOUS.search(text):
        return "continuous"
    return "other"


@dataclass(frozen=True, slots=True)
class CardResult:
    name: str
    klass: str
    result: str
    phrase: str = ""
    # Placed, with a paragraph the grammar can't read named in not_modelled (gaps.UNREAD).
    unread: bool = False


def _targets(card: CardDef) -> list[str]:
    text = re.sub(r"\([^)]*\)", "", card.oracle_text)
    chosen: list[str] = []
    for m in re.finditer(rf"{_TARGET.pattern}|{_ANY_TARGET.pattern}", text, re.IGNORECASE):
        what = (m.group("what") or "creature").lower()
        chosen.append(TARGETS[what])
    return chosen


def board_for(card: CardDef) -> dict[str, Any]:
    """The small board the card is tried on."""
    steps: list[dict[str, Any]] = [dict(step) for step in BOARD_START]
    if card.is_spell_card:
        steps.append(
            {"cast": card.name, "as": "card", "controller": "Alice", "targets": _targets(card)}
        )
    else:
        step: dict[str, Any] = {"enter": card.name, "as": "card", "controller": "Alice"}
        if "Aura" in card.subtypes:
            step["attach"] = "bears"
        steps.append(step)
    board: dict[str, Any] = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": steps,
        "ask": {"characteristics": "card" if not card.is_spell_card else "bears"},
    }
    if "Aura" in card.subtypes and _ENCHANTS_GRAVEYARD.search(card.oracle_text):
        _from_graveyard(board, card)
    return board


# "Enchant creature card in a graveyard" (Animate Dead): tried on a card in a graveyard.
_ENCHANTS_GRAVEYARD = re.compile(r"^Enchant (?:creature )?card in a graveyard$", re.M)


def _from_graveyard(board: dict[str, Any], card: CardDef) -> None:
    """Animate Dead's board: attached to Grizzly Bears in Bob's graveyard, its enters trigger
    resolved (CR 303.4: it returns the card and attaches itself to it)."""
    bears = dict(BOARD_START[0]["enter"])
    board["zones"] = {"Bob": {"graveyard": [bears]}}
    board["steps"][-1]["attach"] = "Bob.graveyard[0]"
    for k, text in enumerate(card.rules_text):
        if re.match(r"When this \w+ enters\b", text):
            board["steps"].append({"activate": "card", "ability": k, "as": "trigger"})
            break


def _phrase(message: str) -> str:
    """A refusal's message without the card-specific parts, to count common phrases."""
    quoted = re.search(r'"([^"]{3,60})', message)
    text = quoted.group(1) if quoted else message
    text = re.sub(r"\d+", "N", text)
    return text[:70]


def _with_choices(board: dict[str, Any], error: BoardError) -> dict[str, Any] | None:
    """The board again with the choice or targets the refusal asked for, if it asked."""
    step = board["steps"][-1]
    choices = dict(step.get("choices", {}))
    message = error.message
    if "choices.from/to" in message or "is not a" in message:
        # Text changers (CR 612): a color first, then the kind of word the refusal names.
        words = {"creature type": ("bear", "elf"), "land type": ("forest", "island")}
        kind = next((k for k in words if k in message), None)
        choices["from"], choices["to"] = words[kind] if kind else ("white", "blue")
    elif "choices.copy" in message:
        choices["copy"] = "bears"
    elif "choose a mode" in message:
        choices["mode"] = 0
    elif asked := re.search(r"add (\".+?) to the step's choices", message):
        # "As ~ enters, choose ..." (CR 614.12): the example answer the refusal gives.
        choices.update(json.loads("{" + asked.group(1) + "}"))
    elif "has no creature to sacrifice" in message:
        # "As an additional cost to cast this spell, sacrifice a creature": Alice gets one.
        board["steps"].insert(-1, {**BOARD_START[0], "as": "fodder", "controller": "Alice"})
        choices["sacrificed"] = "fodder"
    elif needs := re.search(r"needs (\d+) targets?, got", message):
        pool = ["bears", "ornithopter", "forest", "seal"]
        step["targets"] = (step.get("targets", []) + pool)[: int(needs.group(1))]
        return board
    else:
        return None
    if choices == step.get("choices"):
        return None
    step["choices"] = choices
    return board


def try_card(name: str) -> CardResult:
    card = library_card(name)
    assert card is not None, name
    klass = card_class(card)
    board: dict[str, Any] | None = board_for(card)
    try:
        for _ in range(3):
            try:
                result = evaluate_board(board)
                break
            except BoardError as error:
                board = _with_choices(board, error) if board is not None else None
                if board is None:
                    raise
        else:
            result = evaluate_board(board)
        event_state(result.game)
    except BoardError as error:
        return CardResult(name, klass, "refused", _phrase(error.message))
    except OracleParseError as error:
        return CardResult(name, klass, "refused", _phrase(str(error)))
    except Exception as error:  # noqa: BLE001 - every other exception is a crash to count
        return CardResult(name, klass, "crash", f"{type(error).__name__}: {error}"[:70])
    unmodelled = result.game.not_modelled
    if unmodelled:
        unread = any(n.why.startswith(UNREAD) for n in unmodelled)
        return CardResult(name, klass, "not_modelled", _phrase(unmodelled[0].why), unread)
    return CardResult(name, klass, "modelled")


def _run(names: list[str], jobs: int) -> list[CardResult]:
    if jobs <= 1:
        return [try_card(n) for n in names]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(try_card, names, chunksize=64))


def _pct(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 0.0


def report(results: Iterable[CardResult]) -> str:
    results = list(results)
    lines = [f"{'class':<12} " + " ".join(f"{r:>13}" for r in RESULTS) + f" {'total':>7}"]
    for klass in CLASSES:
        mine = [r for r in results if r.klass == klass]
        counts = Counter(r.result for r in mine)
        lines.append(
            f"{klass:<12} "
            + " ".join(f"{counts[r]:>6} {_pct(counts[r], len(mine)):>5}%" for r in RESULTS)
            + f" {len(mine):>7}"
        )
    unread = sum(r.unread for r in results)
    lines.append(f"placed with a paragraph the engine can't read (named in not_modelled): {unread}")
    for result in ("refused", "not_modelled", "crash"):
        common = Counter(r.phrase for r in results if r.result == result).most_common(20)
        if common:
            lines.append(f"most common {result}:")
            lines.extend(f"  {n:>5}  {phrase}" for phrase, n in common)
    return "\n".join(lines)


def summary(pool: str, results: Iterable[CardResult]) -> str:
    """The pool's tracked line."""
    results = list(results)
    placed = sum(r.result in ("modelled", "not_modelled") for r in results)
    effects = [r for r in results if r.klass in EFFECT_CLASSES]
    modelled = sum(r.result == "modelled" for r in effects)
    crashes = sum(r.result == "crash" for r in results)
    return (
        f"coverage: pool={pool} cards={len(results)} "
        f"placeable_pct={_pct(placed, len(results))} "
        f"modelled_pct={_pct(modelled, len(effects))} crashes={crashes}"
    )


def pool_of_2019() -> set[str]:
    """The names (case-folded) of the cards in the 2019 snapshot, faces included."""
    names: set[str] = set()
    for record in import_file(snapshot_path()):
        names.add(record["name"].casefold())
        names.update(face["name"].casefold() for face in record.get("faces", ()))
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="try N random cards (seeded)")
    parser.add_argument("--jobs", type=int, default=min(8, os.cpu_count() or 1))
    parser.add_argument("--show", default="", help="list the cards whose phrase contains this")
    parser.add_argument("--pool", choices=POOLS, help="measure one pool only")
    args = parser.parse_args()
    old = pool_of_2019()
    pools = {
        pool: sorted(n for n in load_card_library() if (n.casefold() in old) == (pool == "2019"))
        for pool in POOLS
        if args.pool in (None, pool)
    }
    if args.sample:
        pools = {
            pool: random.Random(2019).sample(names, min(args.sample, len(names)))
            for pool, names in pools.items()
        }
    results = {pool: _run(names, args.jobs) for pool, names in pools.items()}
    everything = [r for found in results.values() for r in found]
    if args.show:
        for r in everything:
            if args.show.lower() in r.phrase.lower():
                print(f"{r.result:<12} {r.klass:<11} {r.name}: {r.phrase}")
    print(report(everything))
    for pool, found in results.items():
        print(summary(pool, found))


if __name__ == "__main__":
    main()
