"""The card library (real cards, exact Oracle text) and inline cards typed by users.

Both become the same ``CardDef``: the printed characteristics a layer
computation starts from (CR 613.1: "starting with the actual object").
"""

from __future__ import annotations

import json
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import cache, lru_cache
from heapq import nlargest
from importlib import resources
from itertools import chain
from pathlib import Path
from typing import Any

from rules_engine.bounds import MAX_ABILITIES, MAX_ABILITY_TEXT, MAX_NAME
from rules_engine.card_import import (
    COMBINED_LAYOUTS,
    TRANSFORMING_LAYOUTS,
    read_library,
    whole_card,
)
from rules_engine.errors import BoardError, UnknownCard
from rules_engine.oracle.text import paragraphs
from rules_engine.vocabulary import CARD_TYPES, COLOR_LETTERS, SUPERTYPES, join_subtypes

CardRecord = dict[str, Any]

_MANA_SYMBOL = re.compile(r"\{([^{}]+)\}")


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
    # The front face's mana cost, on a transforming double-faced card's back face: its
    # mana value on the battlefield (CR 712.8e); None on every other card.
    front_mana_cost: str | None = None
    # An adventurer card (CR 715.1): it has an Adventure, a set of alternative characteristics
    # it uses only as an Adventure spell (715.2a); "has an Adventure" reads it.
    adventure: bool = False

    @property
    def is_spell_card(self) -> bool:
        """Instants and sorceries are read as spell text, not static abilities."""
        return "Instant" in self.types or "Sorcery" in self.types

    @property
    def oracle_text(self) -> str:
        return "\n".join(self.rules_text)


@lru_cache(maxsize=4096)
def mana_value(mana_cost: str | None) -> int:
    """CR 202.3: the total amount of mana in the cost, X counting as 0 (remembered per
    cost: a pure function of the string, read for every object the layers show)."""
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


# --- The library ----------------------------------------------------------------
#
# Every card by its Oracle name:
#   1. ``data/cards/library.json.gz``, written by ``python -m rules_engine cards import``
#      from a Scryfall or MTGJSON download (faces without a mana cost colored from the
#      2019 snapshot ``data/oracle-cards-2019.json.gz`` where the download has no color
#      indicators);
#   2. completed with ``data/cards/back-faces.json``: faces the download lacks, each
#      checked against a public copy of its current Oracle text (source per face);
#      a face still missing stays named under the card's ``missing_faces``;
#   3. overridden by name by ``data/cards/corrections.json``: cards whose downloaded
#      text has a defect that changes what the engine reads, corrected by hand.

_DATA = resources.files("rules_engine") / "data"
SNAPSHOT = "oracle-cards-2019.json.gz"
LIBRARY = "cards/library.json.gz"
BACK_FACES = "cards/back-faces.json"
CORRECTIONS = "cards/corrections.json"


def imported_library_path() -> Path:
    """Where ``cards import`` writes the library and the loader looks for it."""
    return Path(str(_DATA / LIBRARY))


def snapshot_path() -> Path:
    """The 2019 snapshot: colors of faces without a mana cost, and the 2019 card pool."""
    return Path(str(_DATA / SNAPSHOT))


def _hand_checked() -> list[tuple[str, list[CardRecord]]]:
    entry = _DATA / CORRECTIONS
    return [(entry.name, json.loads(entry.read_text(encoding="utf-8")))]


def _back_faces() -> list[dict[str, Any]]:
    return list(json.loads((_DATA / BACK_FACES).read_text(encoding="utf-8")))


def with_back_faces(
    records: Iterable[CardRecord], back_faces: Iterable[dict[str, Any]]
) -> list[CardRecord]:
    """The records with each checked face (``{"card", "face", "source"}``) put in place
    of the missing face it names; a card whose faces are then all there is whole again
    (a split card's halves combined, CR 709.4)."""
    by_card: dict[str, list[CardRecord]] = defaultdict(list)
    for entry in back_faces:
        by_card[entry["card"]].append(entry["face"])
    completed: list[CardRecord] = []
    for record in records:
        missing = record.get("missing_faces")
        found = {f["name"]: f for f in by_card.get(record["name"], ())}
        if missing and found.keys() & set(missing):
            faces = [*record["faces"], *(found[n] for n in missing if n in found)]
            still = [n for n in missing if n not in found]
            order = record["name"].split(" // ")
            faces.sort(key=lambda f: order.index(f["name"]) if f["name"] in order else 0)
            if still:
                record = {**record, "faces": faces, "missing_faces": still}
            else:
                record = whole_card(record["name"], record["layout"], faces)
        completed.append(record)
    return completed


def build_library(
    base: Iterable[CardRecord], hand_checked: Iterable[tuple[str, list[CardRecord]]]
) -> dict[str, CardRecord]:
    """The base records overridden by name (case-insensitively) by the hand-checked ones."""
    library = {record["name"]: record for record in base}
    by_key = {_key(name): name for name in library}
    checked: dict[str, str] = {}
    for file_name, records in hand_checked:
        for record in records:
            name = record["name"]
            if _key(name) in checked:
                raise ValueError(f"{file_name}: card {name!r} is defined twice")
            checked[_key(name)] = file_name
            library.pop(by_key.get(_key(name), name), None)
            library[name] = record
    return library


@cache
def load_card_library() -> dict[str, CardRecord]:
    """Every card by exact Oracle name (loaded once, on first use)."""
    base = with_back_faces(read_library(imported_library_path()), _back_faces())
    return build_library(base, _hand_checked())


def _key(name: str) -> str:
    return name.strip().casefold()


_MELDS_INTO = re.compile(r"\bmeld them into (?P<result>[^.\n]{1,80})\.")
_MELDS_WITH = re.compile(r"\b[Mm]elds with (?P<partner>[^.)\n]{1,80})")


def _melded_front_costs(library: Mapping[str, CardRecord]) -> dict[str, str]:
    """Each melded permanent's name with the mana costs of the meld pair it is made of: its
    mana value is the total of theirs (CR 712.4a, 712.5; the meld rulings), though it has
    no mana cost of its own. The card that melds names the result; its partner says
    "Melds with" it."""
    partner_cost = {
        m["partner"].strip(): record.get("mana_cost") or ""
        for record in library.values()
        if record.get("layout") == "meld"
        and (m := _MELDS_WITH.search(record.get("oracle_text", ""))) is not None
    }
    costs: dict[str, str] = {}
    for name, record in library.items():
        if record.get("layout") != "meld":
            continue
        m = _MELDS_INTO.search(record.get("oracle_text", ""))
        if m is not None:
            costs[m["result"].strip()] = (record.get("mana_cost") or "") + partner_cost.get(
                name, ""
            )
    return costs


@cache
def _by_name() -> tuple[dict[str, CardRecord], dict[str, CardRecord], dict[str, str]]:
    """Records by case-folded name, each face of a multi-faced card by its own name, and
    each face the card data lacks with the name of its card."""
    cards: dict[str, CardRecord] = {}
    faces: dict[str, CardRecord] = {}
    missing: dict[str, str] = {}
    melded = _melded_front_costs(load_card_library())
    for name, record in load_card_library().items():
        if name in melded:
            record = {**record, "front_mana_cost": melded[name]}
        cards[_key(name)] = record
        faces_of = record.get("faces", ())
        for n, face in enumerate(faces_of):
            if n and record.get("layout") in TRANSFORMING_LAYOUTS:
                # CR 712.8e: a back face's mana value is its front face's.
                face = {**face, "front_mana_cost": faces_of[0].get("mana_cost") or ""}
            if not n and record.get("layout") == "adventure":
                face = {**face, "has_adventure": True}  # CR 715.2a: the card has one
            faces.setdefault(_key(face["name"]), face)
        for face_name in record.get("missing_faces", ()):
            missing.setdefault(_key(face_name), name)
    return cards, faces, missing


def library_record(name: str) -> CardRecord | None:
    """The record of the card with this name (any letter case); a face's name gives the
    face's record (a face has the shape of a one-faced card)."""
    cards, faces, _ = _by_name()
    key = _key(name)
    return cards.get(key) or faces.get(key)


def back_face_front_cost(name: str) -> str | None:
    """The front face's mana cost when this name is a transforming card's back face."""
    face = _by_name()[1].get(_key(name))
    return None if face is None else face.get("front_mana_cost")


def missing_face_of(name: str) -> str | None:
    """The card a face with this name belongs to, when the library has that card but not
    this face (its card data lacks it); None otherwise."""
    cards, faces, missing = _by_name()
    key = _key(name)
    return None if key in cards or key in faces else missing.get(key)


def incomplete_whole(record: CardRecord) -> bool:
    """A split card with a half missing: its whole (CR 709.4) can't be known."""
    return bool(record.get("missing_faces")) and record.get("layout") in COMBINED_LAYOUTS


def unknown_card_message(name: str) -> str:
    """Why a name can't be put on a board: a face the card data lacks, or no such card
    (with the closest names)."""
    whole = missing_face_of(name)
    if whole is not None:
        front = whole.split(" // ")[0]
        return (
            f'"{name}" is a face of {whole}, and the card data the library was built '
            f'from lacks that face: name the front face "{front}", or type the face inline'
        )
    close = search_library(name, limit=3)
    hint = f" (did you mean {', '.join(close)}?)" if close else ""
    return f'no card named "{name}" in the library{hint}'


def _pt(value: Any) -> str | None:
    if value is None:
        return None
    return str(value)


def _box(record: Any) -> str | None:
    """The printed power/toughness box ("5/4"), for a station card's striation (CR 721.2b)."""
    power, toughness = record.get("power"), record.get("toughness")
    return None if power is None or toughness is None else f"{power}/{toughness}"


def card_from_record(record: CardRecord) -> CardDef:
    """A library record (exact Oracle text) as a card definition.

    A card with several faces is the face it shows unless turned over: the front face
    (CR 712.8a transform and modal double-faced, 709.3a flip, 715.3a adventure, meld);
    a split card is both halves combined (CR 709.4).
    """
    faces = record.get("faces")
    # CR 715.1, 715.2a: an adventurer card, named whole or by its main face.
    adventure = record.get("layout") == "adventure" or bool(record.get("has_adventure"))
    if faces and record.get("layout") not in COMBINED_LAYOUTS:
        record = faces[0]
    text = record.get("oracle_text", "")
    return CardDef(
        name=record["name"],
        mana_cost=record.get("mana_cost"),
        colors=tuple(record.get("colors", ())),
        supertypes=tuple(record.get("supertypes", ())),
        types=tuple(record.get("types", ())),
        # A library imported before two-word subtypes were kept whole (CR 205.3m).
        subtypes=join_subtypes(tuple(record.get("subtypes", ()))),
        rules_text=paragraphs(text.split("\n"), pt=_box(record)),
        power=_pt(record.get("power")),
        toughness=_pt(record.get("toughness")),
        loyalty=_pt(record.get("loyalty")),
        front_mana_cost=record.get("front_mana_cost"),
        adventure=adventure,
    )


@cache
def library_card(name: str) -> CardDef | None:
    """The card with this Oracle name (any letter case), or the named face of a card."""
    record = library_record(name)
    return card_from_record(record) if record is not None else None


# --- Search ------------------------------------------------------------------------


def normalize_name(name: str) -> str:
    """A name as search compares it: case-folded, accents and apostrophes dropped,
    other punctuation as spaces ("Urza's Saga" -> "urzas saga", "Æther" -> "aether").

    >>> normalize_name("Urborg, Tomb of Yawgmoth")
    'urborg tomb of yawgmoth'
    >>> normalize_name("Lim-Dûl's Vault")
    'lim duls vault'
    """
    if name.isascii():  # most names: no accents to drop (the index folds 67,000 of them)
        text = name.lower()
    else:
        text = unicodedata.normalize("NFKD", name.casefold().replace("æ", "ae"))
        text = "".join(c for c in text if not unicodedata.combining(c))
    text = _APOSTROPHES.sub("", text)
    return _NOT_WORD.sub(" ", text).strip()


_APOSTROPHES = re.compile(r"['\u2019]")
_NOT_WORD = re.compile(r"[^0-9a-z]+")
_FUZZY_CANDIDATES = 40
_FUZZY_MIN_SCORE = 0.75
_COMMON_TRIGRAM = 1500  # names a trigram may be in and still be counted by the fuzzy search


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


@dataclass(frozen=True, slots=True)
class _SearchIndex:
    """Every card name and face name, normalized and sorted, with a trigram index."""

    keys: list[str]
    names: list[str]  # the card each key finds (a face finds its whole card)
    blob: str  # the keys joined by newlines, for substring search in one pass
    starts: list[int]  # where each key starts in ``blob``
    grams: dict[str, list[int]]  # trigram -> the keys that contain it
    gram_counts: list[int]
    cards: list[str]  # every card name once, in the order of its normalized name


@cache
def _search_index() -> _SearchIndex:
    entries: set[tuple[str, str]] = set()
    card_keys: dict[str, str] = {}
    for name, record in load_card_library().items():
        card_keys[name] = normalize_name(name)
        entries.add((card_keys[name] or _key(name), name))
        for face in record.get("faces", ()):
            entries.add((normalize_name(face["name"]) or _key(face["name"]), name))
    ordered = sorted(entries)
    keys = [k for k, _ in ordered]
    starts: list[int] = []
    offset = 0
    for key in keys:
        starts.append(offset)
        offset += len(key) + 1
    grams: dict[str, list[int]] = defaultdict(list)
    gram_counts: list[int] = []
    for i, key in enumerate(keys):
        found = _trigrams(key)
        gram_counts.append(len(found))
        for gram in found:
            grams[gram].append(i)
    return _SearchIndex(
        keys,
        [n for _, n in ordered],
        "\n".join(keys),
        starts,
        dict(grams),
        gram_counts,
        sorted(card_keys, key=lambda n: (card_keys[n], n)),
    )


def search_library(query: str, limit: int = 20) -> list[str]:
    """Card names for what a user typed, best first: the exact name, names that start
    with it, names with a word that starts with it, names that contain it, then names
    close to it (a typo, a missing letter). Case, accents and punctuation don't matter;
    a multi-faced card is found by any face's name.

    >>> search_library("opalesence", limit=1)
    ['Opalescence']
    """
    if limit <= 0:
        return []
    index = _search_index()
    q = normalize_name(query) or _key(query)
    if not q:
        return index.cards[:limit]
    found: list[str] = []
    seen: set[str] = set()

    def add(i: int) -> bool:
        name = index.names[i]
        if name not in seen:
            seen.add(name)
            found.append(name)
        return len(found) >= limit

    # Exact and prefix matches: a run of the sorted keys.
    lo = bisect_left(index.keys, q)
    for i in range(lo, len(index.keys)):
        if not index.keys[i].startswith(q) or add(i):
            break
    if len(found) >= limit:
        return found
    # Word-start matches, then inner ones, each in name order.
    for needle, word_start in ((" " + q, True), (q, False)):
        pos = index.blob.find(needle)
        while pos != -1:
            i = bisect_right(index.starts, pos) - 1
            inner = pos > index.starts[i] and index.blob[pos - 1] != " "
            if (word_start or inner) and add(i):
                return found
            pos = index.blob.find(needle, pos + 1)
    # Every word of the query starting a word of the name, in any order ("tomb urborg"):
    # among the names where the longest word starts a word (found in one pass of ``blob``).
    words = q.split()
    if len(words) > 1:
        longest = max(words, key=len)
        candidates: set[int] = set()
        pos = index.blob.find(longest)
        while pos != -1:
            if pos == 0 or index.blob[pos - 1] in " \n":
                candidates.add(bisect_right(index.starts, pos) - 1)
            pos = index.blob.find(longest, pos + 1)
        for i in sorted(candidates):
            spaced = " " + index.keys[i]
            if all(f" {w}" in spaced for w in words) and index.names[i] not in seen and add(i):
                return found
    return found + _fuzzy(index, q, limit - len(found), seen)


def _fuzzy(index: _SearchIndex, q: str, limit: int, seen: set[str]) -> list[str]:
    """Names within a typo or two of the query: the keys sharing the most trigrams
    with it, scored by difflib's ratio against the whole name or its start."""
    if len(q) < 3:
        return []
    wanted = _trigrams(q)
    # Trigrams in thousands of names (" of", "the") tell names apart too little to be
    # counted, unless the query has hardly any others.
    telling = [g for g in wanted if len(index.grams.get(g, ())) <= _COMMON_TRIGRAM]
    counted = telling if len(telling) * 2 >= len(wanted) else list(wanted)
    shared = Counter(chain.from_iterable(index.grams.get(g, ()) for g in counted))
    # A name within a typo or two shares most of the query's trigrams (a typo changes at
    # most three): the rest can't be among the best candidates, and are not ranked.
    least = len(counted) // 3
    counts = index.gram_counts
    close = [i for i, n in shared.items() if n > least]
    candidates = nlargest(
        _FUZZY_CANDIDATES,
        close,
        key=lambda i: shared[i] / (len(counted) + counts[i] - shared[i]),
    )
    scored: dict[str, float] = {}
    matcher = SequenceMatcher(None, "", q)  # q's index is built once (difflib's "seq2")
    for i in candidates:
        name = index.names[i]
        if name in seen:
            continue
        key = index.keys[i]
        score = _ratio(matcher, key)
        if len(key) > len(q) + 2:
            # A typo in the first words of a long name ("urbog tomb").
            score = max(score, _ratio(matcher, key[: len(q)]) - 0.05)
        if score >= _FUZZY_MIN_SCORE and score > scored.get(name, 0.0):
            scored[name] = score
    return sorted(scored, key=lambda n: (-scored[n], n))[:limit]


def _ratio(matcher: SequenceMatcher[str], key: str) -> float:
    """difflib's ratio of ``key`` against the matcher's query; 0.0 without computing it
    when its cheap upper bound is already below the fuzzy threshold."""
    matcher.set_seq1(key)
    if matcher.real_quick_ratio() < _FUZZY_MIN_SCORE or matcher.quick_ratio() < _FUZZY_MIN_SCORE:
        return 0.0
    return matcher.ratio()


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


def _typed_abilities(value: Any, path: str) -> tuple[str, ...]:
    """An inline card's abilities, one paragraph each (a line break starts another, as in
    Oracle text): at most ``MAX_ABILITIES``, each at most ``MAX_ABILITY_TEXT`` characters,
    so the Oracle reader's work on a typed card is bounded."""
    typed = _string_list(value, path)
    lines = [line for text in typed for line in text.splitlines()]
    if len(lines) > MAX_ABILITIES:
        raise BoardError(path, f"a card has at most {MAX_ABILITIES} abilities")
    for i, text in enumerate(typed):
        if any(len(line) > MAX_ABILITY_TEXT for line in text.splitlines()):
            raise BoardError(
                f"{path}[{i}]", f"an ability has at most {MAX_ABILITY_TEXT:,} characters"
            )
    return tuple(lines)


def card_from_json(value: Any, path: str) -> CardDef:
    """A card named by its Oracle name, or written inline (board format, "Cards")."""
    if isinstance(value, str):
        record = library_record(value)
        if record is None:
            raise UnknownCard(path, unknown_card_message(value), value)
        if incomplete_whole(record):
            halves = record["name"].split(" // ")
            raise BoardError(
                path,
                f"the card data lacks {', '.join(record['missing_faces'])} of {record['name']}, "
                f"so the whole card (both halves, CR 709.4) can't be known: "
                f'name the half "{halves[0]}", or type the card inline',
            )
        card = library_card(value)
        assert card is not None
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
    if len(name) > MAX_NAME:
        raise BoardError(f"{path}.name", f"a card's name has at most {MAX_NAME} characters")
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
    abilities = _typed_abilities(value.get("abilities", []), f"{path}.abilities")
    for key in ("power", "toughness", "loyalty"):
        v = value.get(key)
        if v is None:
            continue
        printed = (isinstance(v, int) and not isinstance(v, bool) and -9999 <= v <= 9999) or (
            isinstance(v, str) and re.fullmatch(r"-?\d{1,4}|\*|\d{1,2}[+-]\*|\*[+-]\d{1,2}", v)
        )
        if not printed:
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
        rules_text=paragraphs(abilities, pt=_box(value)),
        power=_pt(value.get("power")),
        toughness=_pt(value.get("toughness")),
        loyalty=_pt(value.get("loyalty")),
        token=token,
        inline=True,
        # A back face typed inline (no mana cost) by the name of a transforming card's back
        # face: its mana value is the front face's there too (CR 712.8e).
        front_mana_cost=None if token or mana_cost else back_face_front_cost(name.strip()),
    )
