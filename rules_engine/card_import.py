"""The ecosystem's card files as card-library records.

Reads Scryfall's "Oracle Cards" bulk file (a JSON array of card objects) and
MTGJSON's AtomicCards (``{"data": {name: [face, ...]}}``), plain or compressed
(gzip, bz2, xz), and returns the records ``rules_engine.cards`` loads:

    {"name", "mana_cost", "colors", "supertypes", "types", "subtypes",
     "oracle_text", "power", "toughness", "loyalty",
     "layout" and "faces" (cards with several faces only)}

A card with several faces keeps each face as a record of the same shape under
``faces``; its top-level characteristics are those it has as a whole: the front
face's (transform, modal double-faced, flip, meld, adventure, CR 712.8a,
709.3a, 715.3a) or both halves' combined (split cards, CR 709.4).

What a player cannot put on a board is skipped: tokens, emblems, art cards,
and cards of the supplementary formats (Vanguard, Plane, Phenomenon, Scheme,
Conspiracy, Dungeon), everything whose type line has no card type (CR 205.2a).

The Oracle wording updates since 2019 are applied to every text read
(``current_wording``), so a file that already has today's wording passes
through unchanged.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rules_engine.oracle.wording import current_wording
from rules_engine.vocabulary import CARD_TYPES, COLOR_LETTERS, SUPERTYPES, join_subtypes

CardRecord = dict[str, Any]

# Layouts that are not cards a player can put on a board.
SKIPPED_LAYOUTS: frozenset[str] = frozenset(
    {
        "token",
        "double_faced_token",
        "emblem",
        "art_series",
        "vanguard",
        "planar",
        "scheme",
    }
)
# Layouts whose faces are separate halves of one card (CR 709.4: combined characteristics).
# MTGJSON calls Amonkhet's split cards "aftermath"; Scryfall calls them "split".
COMBINED_LAYOUTS: frozenset[str] = frozenset({"split", "aftermath"})
# CR 712.8e: layouts whose back face has its front face's mana value on the battlefield.
TRANSFORMING_LAYOUTS: frozenset[str] = frozenset({"transform"})

_MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")
_TYPE_SPLIT = re.compile(r"(?<!\s)\s++[—–-]\s+")


# --- Wording -----------------------------------------------------------------------


def current_type_line(type_line: str) -> str:
    """CR 205.2a (2024): the card type Tribal is now called Kindred."""
    return re.sub(r"\bTribal\b", "Kindred", type_line)


# Words every Oracle wording update rewrites (rules_engine/oracle/wording.py), and the
# start of a loyalty cost line: a text with none of them is already in today's wording.
_REWORDED_WORDS = (
    "battlefield",
    "onverted mana cost",
    "Activate this ability only",
    "could cast a sorcery",
    "into",
)
_LINE_START = re.compile(r"(?m)^[\[+\-\u22120-9X]")


def reworded(text: str) -> str:
    """``current_wording``, skipping the many texts it would leave alone (an import reads
    some 50,000; the library's idempotence test keeps the two in step)."""
    if any(word in text for word in _REWORDED_WORDS) or _LINE_START.search(text):
        return current_wording(text)
    return text


# --- Type lines --------------------------------------------------------------------


class CardImportError(ValueError):
    """A card object the importer cannot read; the message names the card."""


@dataclass(frozen=True, slots=True)
class TypeLine:
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    other: tuple[str, ...] = ()  # words that are neither (Token, Emblem, Vanguard, ...)


def split_type_line(type_line: str) -> TypeLine:
    """ "Legendary Creature — Human Wizard" as supertypes, card types and subtypes.

    >>> line = split_type_line("Legendary Snow Creature — Human Wizard")
    >>> line.supertypes, line.types, line.subtypes
    (('Legendary', 'Snow'), ('Creature',), ('Human', 'Wizard'))
    """
    parts = _TYPE_SPLIT.split(type_line.strip(), maxsplit=1)
    left, right = parts[0], parts[1] if len(parts) == 2 else ""
    supertypes: list[str] = []
    types: list[str] = []
    other: list[str] = []
    for word in left.split():
        if word in SUPERTYPES:
            supertypes.append(word)
        elif word in CARD_TYPES:
            types.append(word)
        else:
            other.append(word)
    # Subtypes are single words, except the land type "Urza's" and the two-word
    # planeswalker types of a few Un-cards: kept as printed, split on spaces; "Time Lord",
    # one creature type of two words (CR 205.3m), is put back together.
    subtypes = join_subtypes(tuple(right.split()))
    return TypeLine(tuple(supertypes), tuple(types), subtypes, tuple(other))


# --- Faces -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Face:
    """One face (or the whole of a one-faced card) in the formats' common terms."""

    name: str
    mana_cost: str
    type_line: str
    oracle_text: str
    colors: tuple[str, ...] | None = None
    color_indicator: tuple[str, ...] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None


def _colors_of_cost(mana_cost: str) -> tuple[str, ...]:
    found = {c for symbol in _MANA_SYMBOL.findall(mana_cost) for c in symbol.upper()}
    return tuple(c for c in COLOR_LETTERS if c in found)


def _ordered_colors(colors: Iterable[str]) -> list[str]:
    present = set(colors)
    return [c for c in COLOR_LETTERS if c in present]


def _printed(value: Any) -> str | None:
    return None if value is None else str(value)


def face_record(face: Face) -> CardRecord:
    """A face as a library record (the same shape as a one-faced card's record)."""
    line = split_type_line(current_type_line(face.type_line))
    if face.colors is not None:
        colors = _ordered_colors(face.colors)
    elif face.color_indicator is not None:
        colors = _ordered_colors(face.color_indicator)
    else:
        colors = list(_colors_of_cost(face.mana_cost))
    record: CardRecord = {"name": face.name}
    if face.mana_cost:
        record["mana_cost"] = face.mana_cost
    record["colors"] = colors
    if face.color_indicator:
        record["color_indicator"] = _ordered_colors(face.color_indicator)
    record["supertypes"] = list(line.supertypes)
    record["types"] = list(line.types)
    record["subtypes"] = list(line.subtypes)
    record["oracle_text"] = reworded(face.oracle_text)
    for key in ("power", "toughness", "loyalty", "defense"):
        value = getattr(face, key)
        if value is not None:
            record[key] = value
    return record


def _union(lists: Iterable[Iterable[str]]) -> list[str]:
    seen: list[str] = []
    for values in lists:
        seen.extend(v for v in values if v not in seen)
    return seen


def card_record(name: str, layout: str, faces: list[Face]) -> CardRecord:
    """A whole card: one face as it is, several faces under ``faces``."""
    if len(faces) == 1:
        record = face_record(faces[0])
        record["name"] = name
        if layout not in ("normal", ""):
            record["layout"] = layout
        return record
    return whole_card(name, layout, [face_record(f) for f in faces])


def whole_card(name: str, layout: str, records: list[CardRecord]) -> CardRecord:
    """A card with several faces from its faces' records, in printed order."""
    if layout in COMBINED_LAYOUTS:
        # CR 709.4: a split card has both halves' characteristics combined.
        whole: CardRecord = {"name": name}
        costs = [r.get("mana_cost", "") for r in records]
        if any(costs):
            whole["mana_cost"] = " // ".join(costs)
        whole["colors"] = _ordered_colors(c for r in records for c in r["colors"])
        for key in ("supertypes", "types", "subtypes"):
            whole[key] = _union(r[key] for r in records)
        whole["oracle_text"] = "\n".join(r["oracle_text"] for r in records if r["oracle_text"])
    else:
        # The front face is what the card is unless something turns it over
        # (CR 712.8a transform and modal double-faced, 709.3a flip, 715.3a adventure).
        whole = {**records[0], "name": name}
        whole.pop("color_indicator", None)
    whole["layout"] = layout
    whole["faces"] = records
    return whole


# --- Formats -----------------------------------------------------------------------


@dataclass(slots=True)
class ImportReport:
    """What an import read, kept and skipped (and why), for the summary line."""

    read: int = 0
    layouts: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    reworded: int = 0
    incomplete: int = 0  # cards whose file lacks faces (named under "missing_faces")
    recolored: int = 0  # faces given the 2019 snapshot's colors (``with_snapshot_colors``)

    @property
    def imported(self) -> int:
        return sum(self.layouts.values())

    def summary(self) -> str:
        def counts(c: Counter[str]) -> str:
            return ", ".join(f"{k} {n}" for k, n in c.most_common()) or "none"

        return (
            f"read {self.read} cards, imported {self.imported} ({counts(self.layouts)}), "
            f"skipped {sum(self.skipped.values())} ({counts(self.skipped)}), "
            f"reworded {self.reworded}"
            + (f", without their other faces {self.incomplete}" if self.incomplete else "")
            + (f", colors from the 2019 snapshot {self.recolored}" if self.recolored else "")
        )


def _skip_reason(layout: str, type_line: str) -> str | None:
    if layout in SKIPPED_LAYOUTS:
        return layout
    front = type_line.split(" // ")[0]
    line = split_type_line(current_type_line(front))
    if "Token" in line.other or "Emblem" in line.other:
        return "token" if "Token" in line.other else "emblem"
    if not line.types:
        return line.other[0].lower() if line.other else "no card type"
    return None


def _string_tuple(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CardImportError(f"expected a list of strings, got {value!r}")
    return tuple(value)


def _scryfall_face(obj: Mapping[str, Any], fallback_name: str) -> Face:
    return Face(
        name=str(obj.get("name") or fallback_name),
        mana_cost=str(obj.get("mana_cost") or ""),
        type_line=str(obj.get("type_line") or ""),
        oracle_text=str(obj.get("oracle_text") or ""),
        colors=_string_tuple(obj.get("colors")),
        color_indicator=_string_tuple(obj.get("color_indicator")),
        power=_printed(obj.get("power")),
        toughness=_printed(obj.get("toughness")),
        loyalty=_printed(obj.get("loyalty")),
        defense=_printed(obj.get("defense")),
    )


def from_scryfall(cards: Iterable[Any], report: ImportReport | None = None) -> list[CardRecord]:
    """Scryfall card objects ("Oracle Cards" bulk data) as library records."""
    report = report if report is not None else ImportReport()
    records: list[CardRecord] = []
    for index, card in enumerate(cards):
        if not isinstance(card, dict) or card.get("object", "card") != "card":
            raise CardImportError(f"entry {index}: not a Scryfall card object")
        report.read += 1
        name = card.get("name")
        if not isinstance(name, str) or not name:
            raise CardImportError(f"entry {index}: a card without a name")
        layout = str(card.get("layout") or "normal")
        type_line = str(card.get("type_line") or "")
        faces_json = card.get("card_faces")
        if layout == "reversible_card" and faces_json:
            # Two printings of one card on one piece of cardboard: one card.
            card, faces_json, layout = {**faces_json[0], "layout": "normal"}, None, "normal"
            name, type_line = str(card.get("name")), str(card.get("type_line") or "")
        reason = _skip_reason(layout, type_line)
        if reason is not None:
            report.skipped[reason] += 1
            continue
        try:
            if faces_json:
                # Face-level colors are only given where faces differ (transform, modal);
                # elsewhere each half's colors come from its mana cost (CR 202.2).
                faces = [_scryfall_face(f, name) for f in faces_json]
                record = card_record(name, layout, faces)
            elif card.get("faces_incomplete") and " // " in name:
                record = incomplete_card(name, layout, _scryfall_face(card, name))
                report.incomplete += 1
            else:
                record = card_record(name, layout, [_scryfall_face(card, name)])
        except CardImportError as exc:
            raise CardImportError(f"{name}: {exc}") from exc
        _count(report, layout, record, [card, *(faces_json or [])])
        records.append(record)
    return records


def incomplete_card(name: str, layout: str, front: Face) -> CardRecord:
    """A card whose file has only its front face ("faces_incomplete"): the card as its
    front face, the other faces named under ``missing_faces`` and never guessed."""
    names = name.split(" // ")
    record = face_record(replace(front, name=names[0]))
    return {
        **record,
        "name": name,
        "layout": layout,
        "faces": [record],
        "missing_faces": names[1:],
    }


def _count(
    report: ImportReport, layout: str, record: CardRecord, raw: list[Mapping[str, Any]]
) -> None:
    report.layouts[layout] += 1
    texts = [str(r.get("oracle_text") or r.get("text") or "") for r in raw]
    if any(reworded(t) != t for t in texts):
        report.reworded += 1


def _mtgjson_face(obj: Mapping[str, Any]) -> Face:
    name = obj.get("faceName") or obj.get("name")
    return Face(
        name=str(name),
        mana_cost=str(obj.get("manaCost") or ""),
        type_line=str(obj.get("type") or ""),
        oracle_text=str(obj.get("text") or ""),
        colors=_string_tuple(obj.get("colors")),
        color_indicator=_string_tuple(obj.get("colorIndicator")),
        power=_printed(obj.get("power")),
        toughness=_printed(obj.get("toughness")),
        loyalty=_printed(obj.get("loyalty")),
        defense=_printed(obj.get("defense")),
    )


def from_mtgjson(data: Mapping[str, Any], report: ImportReport | None = None) -> list[CardRecord]:
    """MTGJSON AtomicCards (``{"data": {name: [face, ...]}}``) as library records."""
    report = report if report is not None else ImportReport()
    cards = data.get("data")
    if not isinstance(cards, dict):
        raise CardImportError('not an MTGJSON file: no "data" object')
    records: list[CardRecord] = []
    for name, entries in cards.items():
        report.read += 1
        if (
            not isinstance(entries, list)
            or not entries
            or not all(isinstance(e, dict) for e in entries)
        ):
            raise CardImportError(f"{name}: expected a list of face objects")
        # Faces in side order ("a", "b", ...); one entry is a one-faced card. A face
        # listed twice (the same card in two layouts) counts once.
        unique = {(e.get("faceName") or e.get("name"), e.get("side")): e for e in entries}
        entries = sorted(unique.values(), key=lambda e: str(e.get("side") or ""))
        layout = str(entries[0].get("layout") or "normal")
        type_line = str(entries[0].get("type") or "")
        reason = _skip_reason(layout, type_line)
        if reason is not None:
            report.skipped[reason] += 1
            continue
        try:
            record = card_record(str(name), layout, [_mtgjson_face(e) for e in entries])
        except CardImportError as exc:
            raise CardImportError(f"{name}: {exc}") from exc
        _count(report, layout, record, entries)
        records.append(record)
    return records


# --- Completing a download ---------------------------------------------------------


def face_colors(cards: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each face's colors in Scryfall-shaped card objects, by face name (as
    ``face_record`` works them out: its colors, else its color indicator, else its cost)."""
    found: dict[str, list[str]] = {}
    for card in cards:
        for face in card.get("card_faces") or [card]:
            colors = face.get("colors", face.get("color_indicator"))
            if colors is None:
                colors = _colors_of_cost(str(face.get("mana_cost") or ""))
            found.setdefault(str(face.get("name")), _ordered_colors(colors))
    return found


def with_snapshot_colors(
    records: list[CardRecord],
    snapshot: Mapping[str, list[str]],
    report: ImportReport | None = None,
) -> list[CardRecord]:
    """The records, with the 2019 snapshot's colors on faces that have no mana cost.

    A face without a mana cost (a back face, Dryad Arbor, Ancestral Vision) gets its
    colors from its color indicator (CR 202.2, 204). A file without color indicators
    gives such a face a guess (the front face's colors); the snapshot kept each face's
    real colors, so where a card is in both and the file has no indicator for that face,
    the snapshot's colors are taken (Avacyn, the Purifier is red, Dryad Arbor green).
    """
    for record in records:
        if record.get("layout") == "meld":
            # A meld card's faces are separate cards here, each with its own colors (the
            # melded back face's from its color indicator: Brisela is white); the 2019
            # snapshot lost those (CR 712.4, 202.2e), so it is never taken over them.
            continue
        faces = record.get("faces")
        for face in faces or [record]:
            old = snapshot.get(face["name"])
            if (
                old is None
                or face.get("mana_cost")
                or "color_indicator" in face
                or old == face["colors"]
            ):
                continue
            face["colors"] = list(old)
            if old:
                face["color_indicator"] = list(old)
            if report is not None:
                report.recolored += 1
            if faces and face is faces[0] and record.get("layout") not in COMBINED_LAYOUTS:
                record["colors"] = list(old)  # the card is its front face
    return records


# --- Files -------------------------------------------------------------------------


def read_json(path: Path) -> Any:
    """A JSON file, plain or compressed with gzip, bz2 or xz (by its first bytes)."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    elif raw[:3] == b"BZh":
        raw = bz2.decompress(raw)
    elif raw[:6] == b"\xfd7zXZ\x00":
        raw = lzma.decompress(raw)
    return json.loads(raw)


def import_cards(data: Any, report: ImportReport | None = None) -> list[CardRecord]:
    """Records from a parsed Scryfall array or MTGJSON AtomicCards object."""
    if isinstance(data, list):
        return from_scryfall(data, report)
    if isinstance(data, dict) and "data" in data:
        return from_mtgjson(data, report)
    raise CardImportError(
        "not a card file: expected Scryfall's Oracle Cards (a JSON array of cards) "
        'or MTGJSON\'s AtomicCards (an object with "data")'
    )


def import_file(path: Path, report: ImportReport | None = None) -> list[CardRecord]:
    """Records from a Scryfall or MTGJSON file (the bundled snapshot goes through here)."""
    return import_cards(read_json(path), report)


def write_library(records: list[CardRecord], path: Path) -> None:
    """Imported records as a JSON array (gzip-compressed when the name ends in .gz)."""
    text = json.dumps(records, ensure_ascii=False, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0))
    else:
        path.write_text(text, encoding="utf-8")


def read_library(path: Path) -> list[CardRecord]:
    """Records written by ``write_library``."""
    data = read_json(path)
    if not isinstance(data, list) or not all(
        isinstance(r, dict) and isinstance(r.get("name"), str) for r in data
    ):
        raise CardImportError(f"{path}: not an imported card library (a JSON array of records)")
    return data
