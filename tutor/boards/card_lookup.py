"""Finding library cards while building a board: suggestions as the name is typed, and
the card's text shown before it is added (every face of a card with several)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules_engine import (
    AbilityReport,
    CardRecord,
    card_from_record,
    card_report,
    library_record,
    missing_face_of,
    search_library,
)

MAX_SUGGESTIONS = 15
CLOSE_NAMES = 3  # "did you mean" for a name the library lacks


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One option of the card field's list: what is filled in, and what it shows."""

    value: str
    label: str = ""


@dataclass(frozen=True, slots=True)
class CardFace:
    name: str
    type_line: str
    mana_cost: str
    # Each ability as the engine reads it: applied, inert here, not modelled (and why).
    abilities: tuple[AbilityReport, ...]
    stats: str  # "2/2", "loyalty 3" or ""


@dataclass(frozen=True, slots=True)
class CardPreview:
    """A library card as a player reads it; ``faces`` when it has several (CR 709-712)."""

    name: str
    layout: str
    faces: tuple[CardFace, ...]
    missing: tuple[str, ...] = ()  # faces the card data lacks (named, never guessed)

    @property
    def several(self) -> bool:
        return len(self.faces) > 1


def _type_line(record: CardRecord) -> str:
    left = " ".join([*record.get("supertypes", ()), *record.get("types", ())])
    subtypes = " ".join(record.get("subtypes", ()))
    return f"{left} — {subtypes}" if subtypes else left


def _stats(record: CardRecord) -> str:
    if record.get("power") is not None and record.get("toughness") is not None:
        return f"{record['power']}/{record['toughness']}"
    if record.get("loyalty") is not None:
        return f"loyalty {record['loyalty']}"
    return ""


def _face(record: CardRecord) -> CardFace:
    abilities = card_report(card_from_record(record))
    return CardFace(
        record["name"], _type_line(record), record.get("mana_cost") or "", abilities, _stats(record)
    )


def card_preview(name: str) -> CardPreview | None:
    """The card (or face) with exactly this name, any letter case; None if there is none."""
    record = library_record(name.strip()) if name.strip() else None
    if record is None:
        return None
    if not record.get("faces"):
        # A face's name: show the whole card it belongs to (the search maps faces to it).
        for whole in search_library(name, limit=1):
            parent = library_record(whole)
            if parent and any(f["name"] == record["name"] for f in parent.get("faces") or ()):
                record = parent
    faces: list[Any] = list(record.get("faces") or [record])
    return CardPreview(
        record["name"],
        record.get("layout", "normal"),
        tuple(map(_face, faces)),
        tuple(record.get("missing_faces", ())),
    )


@dataclass(frozen=True, slots=True)
class NotFound:
    """A typed name the library has no card (or face) for: the closest names, and the
    card it is a face of when the card data lacks that face."""

    name: str
    close: tuple[str, ...]
    face_of: str | None = None


def not_found(name: str) -> NotFound | None:
    """Why a typed name can't be added as a library card, or None if it can (or is empty)."""
    name = name.strip()
    if not name or library_record(name) is not None:
        return None
    whole = missing_face_of(name)
    if whole is not None:
        return NotFound(name, (whole.split(" // ")[0],), whole)
    return NotFound(name, tuple(search_library(name, limit=CLOSE_NAMES)))


def suggestions(query: str) -> list[Suggestion]:
    """Cards for what is typed, best first; a card with several faces is followed by each
    face, since a step names the face it plays (docs/board-format-extensions.md)."""
    found: list[Suggestion] = []
    for name in search_library(query, limit=MAX_SUGGESTIONS):
        found.append(Suggestion(name))
        record = library_record(name)
        for face in (record or {}).get("faces") or ():
            found.append(Suggestion(face["name"], f"a face of {name}"))
    return found[: MAX_SUGGESTIONS * 2]


def board_card_names(steps: Iterable[Any]) -> list[str]:
    """The library cards the board's steps already name: the field's list before typing."""
    names: list[str] = []
    for step in steps:
        if not isinstance(step, dict):
            continue
        for verb in ("enter", "cast"):
            card = step.get(verb)
            if isinstance(card, str) and card not in names:
                names.append(card)
    return names
