"""The card library (real cards, exact Oracle text) and inline cards typed by users.

Both become the same ``CardDef``: the printed characteristics a layer
computation starts from (CR 613.1: "starting with the actual object").
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules_engine.errors import BoardError
from rules_engine.vocabulary import CARD_TYPES, COLOR_LETTERS, SUPERTYPES

CardRecord = dict[str, Any]

_MANA_SYMBOL = re.compile(r"\{([^}]+)\}")


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed (or as a token's creating effect defines it, CR 111.4)."""

    name: str
    mana_cost: str | None = None
    colors: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    rules_text: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    token: bool = False
    inline: bool = False

    @property
    def is_spell_card(self) -> bool:
        """Instants and sorceries are read as spell text, not static abilities."""
        return "Instant" in self.types or "Sorcery" in self.types

    @property
    def oracle_text(self) -> str:
        return "\n".join(self.rules_text)


def mana_value(mana_cost: str | None) -> int:
    """CR 202.3: the total amount of mana in the cost, X counting as 0."""
    if not mana_cost:
        return 0
    total = 0
    for symbol in _MANA_SYMBOL.findall(mana_cost):
        parts = symbol.upper().split("/")
        if parts[0].isdigit():
            total += int(parts[0])
        elif parts[0] in ("X", "Y", "Z"):
            continue
        else:
            total += 1
    return total


def starting_loyalty(
    types: tuple[str, ...] | set[str], printed: str | int | None, x: int = 0
) -> int:
    """CR 306.5b: a planeswalker enters with loyalty counters equal to its printed loyalty
    (an intrinsic "enters with" ability, so replacement effects can change it)."""
    if "Planeswalker" not in types or printed is None:
        return 0
    printed = str(printed)
    if printed.isdigit():
        return int(printed)
    return x if printed == "X" else 0


def colors_of_cost(mana_cost: str | None) -> tuple[str, ...]:
    """CR 202.2: an object's colors are the colors of the mana symbols in its cost."""
    found = {c for symbol in _MANA_SYMBOL.findall(mana_cost or "") for c in symbol.upper()}
    return tuple(c for c in COLOR_LETTERS if c in found)


@cache
def load_card_library() -> dict[str, CardRecord]:
    """Every card file under ``data/cards`` merged by exact Oracle name."""
    library: dict[str, CardRecord] = {}
    folder = resources.files("rules_engine") / "data" / "cards"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        for record in json.loads(entry.read_text(encoding="utf-8")):
            name = record["name"]
            if name in library:
                raise ValueError(f"{entry.name}: card {name!r} is defined twice")
            library[name] = record
    return library


def _pt(value: Any) -> str | None:
    if value is None:
        return None
    return str(value)


def card_from_record(record: CardRecord) -> CardDef:
    """A library record (exact Oracle text) as a card definition."""
    text = record.get("oracle_text", "")
    return CardDef(
        name=record["name"],
        mana_cost=record.get("mana_cost"),
        colors=tuple(record.get("colors", ())),
        supertypes=tuple(record.get("supertypes", ())),
        types=tuple(record.get("types", ())),
        subtypes=tuple(record.get("subtypes", ())),
        rules_text=tuple(p for p in text.split("\n") if p.strip()),
        power=_pt(record.get("power")),
        toughness=_pt(record.get("toughness")),
        loyalty=_pt(record.get("loyalty")),
    )


@cache
def library_card(name: str) -> CardDef | None:
    record = load_card_library().get(name)
    return card_from_record(record) if record is not None else None


def search_library(query: str, limit: int = 20) -> list[str]:
    """Card names containing the query, best matches (prefix) first."""
    q = query.strip().lower()
    names = sorted(load_card_library())
    prefix = [n for n in names if n.lower().startswith(q)]
    inner = [n for n in names if q in n.lower() and n not in prefix]
    return (prefix + inner)[:limit]


_INLINE_KEYS = {
    "name",
    "mana_cost",
    "colors",
    "supertypes",
    "types",
    "subtypes",
    "power",
    "toughness",
    "loyalty",
    "abilities",
    "token",
    "color_indicator",
}


def _string_list(value: Any, path: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BoardError(path, "must be a list of strings")
    if allowed is not None:
        for i, v in enumerate(value):
            if v not in allowed:
                raise BoardError(f"{path}[{i}]", f'"{v}" is not one of {", ".join(allowed)}')
    return tuple(value)


def card_from_json(value: Any, path: str) -> CardDef:
    """A card named by its Oracle name, or written inline (board format, "Cards")."""
    if isinstance(value, str):
        card = library_card(value)
        if card is None:
            close = search_library(value.split(",")[0][:6], limit=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise BoardError(path, f'no card named "{value}" in the library{hint}')
        return card
    if not isinstance(value, dict):
        raise BoardError(path, "a card is a library name or an object with name, types, ...")
    unknown = sorted(set(value) - _INLINE_KEYS)
    if unknown:
        raise BoardError(
            f"{path}.{unknown[0]}", f"unknown card field (known: {', '.join(sorted(_INLINE_KEYS))})"
        )
    name = value.get("name")
    if not isinstance(name, str) or not name.strip():
        raise BoardError(f"{path}.name", "an inline card needs a name")
    types = _string_list(value.get("types", []), f"{path}.types", CARD_TYPES)
    if not types:
        raise BoardError(f"{path}.types", "an inline card needs at least one card type")
    mana_cost = value.get("mana_cost")
    if mana_cost is not None and (
        not isinstance(mana_cost, str) or not re.fullmatch(r"(\{[^{}]+\})*", mana_cost)
    ):
        raise BoardError(f"{path}.mana_cost", 'write mana costs as symbols, e.g. "{1}{W}"')
    if "colors" in value:
        colors = _string_list(value["colors"], f"{path}.colors", COLOR_LETTERS)
    else:
        colors = colors_of_cost(mana_cost)
    abilities = _string_list(value.get("abilities", []), f"{path}.abilities")
    for key in ("power", "toughness", "loyalty"):
        v = value.get(key)
        if v is None:
            continue
        printed = re.fullmatch(r"-?\d{1,4}|\*|\d{1,2}[+-]\*|\*[+-]\d{1,2}", str(v))
        if isinstance(v, bool) or not isinstance(v, (int, str)) or printed is None:
            raise BoardError(
                f"{path}.{key}", 'a number from -9999 to 9999, or a printed value like "*" or "1+*"'
            )
    token = value.get("token", False)
    if not isinstance(token, bool):
        raise BoardError(f"{path}.token", "must be true or false")
    return CardDef(
        name=name.strip(),
        mana_cost=mana_cost,
        colors=tuple(c for c in COLOR_LETTERS if c in colors),
        supertypes=_string_list(value.get("supertypes", []), f"{path}.supertypes", SUPERTYPES),
        types=types,
        subtypes=_string_list(value.get("subtypes", []), f"{path}.subtypes"),
        rules_text=tuple(a.strip() for a in abilities if a.strip()),
        power=_pt(value.get("power")),
        toughness=_pt(value.get("toughness")),
        loyalty=_pt(value.get("loyalty")),
        token=token,
        inline=True,
    )
