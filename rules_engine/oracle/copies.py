"""A copy's exceptions (CR 707.9): "except it's 7/7", "except it isn't legendary", "except
it has ..." read into the copiable values of a ``CopyOf``."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from rules_engine.effects import CopyOf, EffectSpec, Part
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.sentence_state import required_number
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS


def copy_exceptions(exception: str, display: str) -> CopyOf:
    """CR 707.9: "except it's 7/7", "except it isn't legendary", "except it's a Ninja in
    addition to its other types and it has "..."" -- all become part of the copy's values."""
    fail = OracleParseError(display, f'cannot read the exception "{exception}"')
    types: set[str] = set()
    supertypes: set[str] = set()
    subtypes: set[str] = set()
    not_supertypes: set[str] = set()
    abilities: list[str] = []
    colors: set[str] | None = None
    pt: tuple[int, int] | None = None
    extras = _Extras([], [])
    enters_with, abilities_if = extras.enters_with, extras.abilities_if
    keeps_color = False
    name: str | None = None
    for clause, needed in _conditional_clauses(exception.strip().rstrip("."), fail):
        if _extra_clause(clause, needed, extras, fail):
            continue
        if needed:
            # CR 707.9f: only what the copy gains is conditional here (Moritte of the Frost).
            m = re.fullmatch(r'it has (?:"(?P<text>.+)"|(?P<kw>[\w ]+))', clause, re.IGNORECASE)
            if m is None:
                raise fail
            abilities_if.append((m["text"] or m["kw"].capitalize(), needed))
            continue
        if m := re.fullmatch(r"its name is (?P<name>.+)", clause, re.IGNORECASE):
            name = m["name"]  # CR 707.9b: a copiable value the exception sets
            continue
        if re.fullmatch(r"it doesn't copy that (?:creature|permanent)'s colou?r", clause, re.I):
            keeps_color = True
            continue
        if re.fullmatch(r"it has [^\"]{1,60}?'s other abilities", clause, re.IGNORECASE):
            abilities.append(OTHER_ABILITIES)  # Sakashima's (own_copy_ability), CR 707.9b
            continue
        if re.fullmatch(r"it (?:has|gains) this ability", clause, re.IGNORECASE):
            # Unstable Shapeshifter, Cryptoplasm: the ability's own text, filled in by the
            # ability that holds the sentence (``with_this_ability``), CR 707.9b.
            abilities.append(THIS_ABILITY)
            continue
        # "it gains" is the older wording of "it has" (both become copiable values, 707.9b).
        if m := re.fullmatch(r'it (?:has|gains) "(?P<text>.+)"', clause):
            abilities.append(m["text"])
            continue
        if m := _KEYWORDS_AND_QUOTED.fullmatch(clause):
            # "it has haste and "At the beginning of the end step, sacrifice this token.""
            # (Electroduplicate): a keyword and a quoted ability, each one ability (707.9b).
            abilities += [kw.capitalize() for kw in re.split(r",? and |, ", m["kw"]) if kw]
            abilities.append(m["text"])
            continue
        if m := re.fullmatch(r"it (?:has|gains) (?P<kw>[\w ,]+)", clause, re.IGNORECASE):
            # "it gains haste and dethrone" (Dack's Duplicate): each keyword is an ability.
            abilities += [kw.capitalize() for kw in re.split(r",? and |, ", m["kw"]) if kw]
            continue
        if m := re.fullmatch(
            r"it(?: isn't| is not|'s not) (?P<what>legendary|snow|basic)", clause, re.IGNORECASE
        ):
            not_supertypes.add(m["what"].capitalize())
            continue
        m = re.fullmatch(
            # "it's still 7/7" (Quicksilver Gargantuan) sets the copy's P/T like "it's 7/7".
            r"it's (?:still )?(?:an? )?(?P<words>[\w/' -]+?)"
            r"(?P<add> in addition to its other (?:colors and |creature )?types)?",
            clause,
            re.IGNORECASE,
        )
        if not m:
            raise fail
        for word in m["words"].split():
            lowered = word.lower()
            if lowered == "and":
                continue  # "it's legendary and snow in addition to its other types"
            if lowered.endswith("s") and lowered[:-1] in ALL_TYPE_WORDS:
                lowered = word = word[:-1]  # "they're 3/3 creatures" (Rebuild the City)
            if re.fullmatch(r"\d+/\d+", word):
                p, t = word.split("/")
                pt = (int(p), int(t))
            elif lowered in COLOR_WORDS:
                colors = (colors or set()) | {COLOR_WORDS[lowered]}
            elif lowered in ALL_TYPE_WORDS:
                kind, canonical = ALL_TYPE_WORDS[lowered]
                {"type": types, "supertype": supertypes, "subtype": subtypes}[kind].add(canonical)
            else:
                raise fail
    return CopyOf(
        source="chosen",
        except_types=frozenset(types),
        except_supertypes=frozenset(supertypes),
        except_subtypes=frozenset(subtypes),
        except_not_supertypes=frozenset(not_supertypes),
        except_pt=pt,
        except_abilities=tuple(abilities),
        except_colors=frozenset(colors) if colors is not None else None,
        enters_with=tuple(enters_with),
        keeps_own_color=keeps_color,
        except_abilities_if=tuple(abilities_if),
        except_name=name,
        except_own_pt=extras.own_pt,
        except_only_types=extras.only_types,
    )


@dataclass
class _Extras:
    """What the exception's clauses about counters, conditions and own values set."""

    enters_with: list[tuple[str, int, str]]
    abilities_if: list[tuple[str, str]]
    own_pt: bool = False
    only_types: bool = False


def _extra_clause(clause: str, needed: str, extras: _Extras, fail: OracleParseError) -> bool:
    """Read one clause about what it enters with (614.1c, 707.9a: not copiable values), a
    condition on the original, its own P/T or its card types alone; False if not one."""
    display = fail.phrase
    if m := _ENTERS_WITH_IF_YOURS.fullmatch(clause):
        # Undercover Operative: only if its controller controls the creature it copies.
        kind, n = m["kind"].lower(), required_number(m["n"], display)
        extras.enters_with.append((kind, n, YOURS))
    elif m := _HAS_UNLESS_IT_HAS.fullmatch(clause):
        # Flesh Duplicate: "it has vanishing 3 if that creature doesn't have vanishing"
        # (CR 707.9b), the condition read on what it copies.
        extras.abilities_if.append((m["kw"].capitalize(), f"{LACKS}{m['has'].lower()}"))
    elif re.fullmatch(r"it loses all other card types", clause, re.IGNORECASE):
        extras.only_types = True  # Imposter Mech: the exception's card types alone (205.1a)
    elif _OWN_PT.fullmatch(clause):
        extras.own_pt = True  # Hulking Metamorph: its own printed P/T (CR 707.9b, 707.9d)
    elif m := _ENTERS_WITH_EXTRA.fullmatch(clause):
        kind = m["kind"].lower()
        # X is the entering permanent's X (Altered Ego), written 0 here and read as it enters.
        n = 0 if m["n"].lower() == "x" else required_number(m["n"], display)
        kind = f"{kind}#x" if m["n"].lower() == "x" else kind
        typed = _card_type(m["type"], fail) if m["type"] else needed
        extras.enters_with.append((kind, n, typed))
    else:
        return False
    return True


# An ``enters_with`` condition: its controller controls what it copies (Undercover Operative).
YOURS = "yours"
# An ``except_abilities_if`` condition: what it copies lacks this keyword (Flesh Duplicate).
LACKS = "!"
_ENTERS_WITH_IF_YOURS = re.compile(
    r"it enters with (?P<n>an?|one|two|three|\d+) (?P<kind>[+-]\d+/[+-]\d+|\w+) counters? on "
    r"it if you control that (?:creature|permanent)",
    re.IGNORECASE,
)
_HAS_UNLESS_IT_HAS = re.compile(
    r"it has (?P<kw>[\w ]+?) if that (?:creature|permanent) doesn't have (?P<has>[\w ]+)",
    re.IGNORECASE,
)
_OWN_PT = re.compile(
    r"its power and toughness are (?:each )?equal to ~'s power and toughness", re.IGNORECASE
)


# A copy exception's "it has this ability" until the ability's text is known.
THIS_ABILITY = "\x00this ability"
# A copy exception's "it has ~'s other abilities" until the card's other paragraphs are known.
OTHER_ABILITIES = "\x00other abilities"


def with_this_ability(effects: Iterable[EffectSpec], display: str) -> tuple[EffectSpec, ...]:
    """ "becomes a copy of ..., except it has this ability": the ability holding the
    sentence is what the copy has (CR 707.9b: the exception is part of its copiable values)."""

    def filled(part: Part) -> Part:
        action = part.action
        if not isinstance(action, CopyOf) or THIS_ABILITY not in action.except_abilities:
            return part
        texts = tuple(display if t == THIS_ABILITY else t for t in action.except_abilities)
        return replace(part, action=replace(action, except_abilities=texts))

    return tuple(replace(e, parts=tuple(filled(p) for p in e.parts)) for e in effects)


def _card_type(word: str, fail: OracleParseError) -> str:
    found = ALL_TYPE_WORDS.get(word.lower())
    if found is None or found[0] != "type":
        raise fail
    return found[1]


def _conditional_clauses(exception: str, fail: OracleParseError) -> list[tuple[str, str]]:
    """The exception's clauses, each with the card type it is conditional on ("" if none):
    "..., and, if it's a creature, it enters with ... and it has changeling"."""
    m = re.fullmatch(
        r"(?P<head>.*?),? and, if it's (?:a|an) (?P<type>\w+), (?P<tail>.+)", exception, re.I
    )
    if m is None:
        return [(clause, "") for clause in _exception_clauses(exception)]
    needed = _card_type(m["type"], fail)
    return [(clause, "") for clause in _exception_clauses(m["head"])] + [
        (clause, needed) for clause in _exception_clauses(m["tail"])
    ]


_ENTERS_WITH_EXTRA = re.compile(
    r"it enters with (?P<n>an|one|two|three|four|five|x|\d+) additional "
    r"(?P<kind>[+-]\d+/[+-]\d+|\w+) counters? on it(?: if it's (?:a|an) (?P<type>\w+))?",
    re.IGNORECASE,
)


def _exception_clauses(exception: str) -> list[str]:
    """The clauses of a copy's "except ..." ("it's a Ninja, it has flying, and it isn't
    legendary"), split at commas and "and" before each new "it", never inside quotes."""
    quoted: list[str] = []

    def hide(m: re.Match[str]) -> str:
        quoted.append(m[0])
        return f"\x00{len(quoted) - 1}\x00"

    hidden = re.sub(r'"[^"]*"', hide, exception)
    hidden = _as_it(hidden)
    # "the token has flying" (Irenicus's Vile Duplication) is "it has flying".
    hidden = re.sub(r"^the (?:token|copy) ", "it ", hidden, flags=re.IGNORECASE)
    parts = re.split(r",? and (?=it\b|its\b|has\b|is\b)|, (?=it\b|has\b|is\b)", hidden)
    restored = [re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m[1])], p).strip() for p in parts]
    # "... on it and has changeling" (Moritte's Oracle text): "has" still means "it has";
    # "it isn't legendary, is an artifact ..." (Auton Soldier): "is" means "it's".
    clauses = [f"it {p}" if p.startswith("has ") else p for p in restored]
    clauses = [f"it's {p[3:]}" if p.startswith("is ") else p for p in clauses]
    # "it's a 4/4 Dragon creature with flying in addition to its other types" (Will of the
    # Temur): the keywords are a clause of their own ("it has flying").
    split: list[str] = []
    for clause in clauses:
        head, _, keywords = clause.partition(" with ")
        tail = keywords.find(" in addition to its other")
        tail = len(keywords) if tail < 0 else tail
        if not head.startswith("it's ") or not _KEYWORD_WORDS.fullmatch(keywords[:tail]):
            split.append(clause)
            continue
        split += [head + keywords[tail:], f"it has {keywords[:tail]}"]
    return split


# "with flying", "with crew 3" (Imposter Mech): keywords, a number after one.
_KEYWORD_WORDS = re.compile(r"[a-z][a-z0-9 ]*", re.IGNORECASE)
_KEYWORDS_AND_QUOTED = re.compile(
    r'it (?:has|gains) (?P<kw>[\w ,]+?),? and "(?P<text>[^"]+)"', re.IGNORECASE
)
# The copy's pronouns, read as "it": "except his name is ~ and he's a 4/4 Spider Human Hero
# in addition to his other types" (Superior Spider-Man), "except they're 3/3 creatures in
# addition to their other types and they have vigilance" (Rebuild the City).
_PRONOUNS = (
    (r"\b(?:he|she|they)'(?:s|re)\b", "it's"),
    (r"\b(?:he|she|they) (?:has|have)\b", "it has"),
    (r"\b(?:his|her|their) (?=name\b|other\b)", "its "),
    (r"\bthey are\b", "it's"),
    (r"\bthey gain\b", "it gains"),
)


def _as_it(text: str) -> str:
    for pattern, to in _PRONOUNS:
        text = re.sub(pattern, to, text, flags=re.IGNORECASE)
    return text
