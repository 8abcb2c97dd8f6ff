"""A spell's die roll and its results table, read together (CR 706.2, 706.3a-b).

"Roll a d20." followed by rows ("1—9 | Creatures you control get +2/+2 until end of turn.",
"20 | Put four +1/+1 counters on each creature you control.", "5 — Destroy it."): the roll
is an instruction of the spell whose result the cast step states (``choices.rolls``, as a
permanent's roll as it enters, 614.12); each row is then the instruction its words give,
done only if the result is in its range (706.3a), read after the roll's paragraph so that
"it" is the creature the spell chose there (608.2c). Each paragraph keeps its own place in
the card's text; only the rows of a spell are read this way (on a permanent a row is part
of the ability that rolls, inert until a step resolves it).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import overload

from rules_engine.affected import Subject
from rules_engine.effects import AllOf, Compare, Condition, HowCast
from rules_engine.one_shot import OneShot
from rules_engine.oracle.parser import ParsedAbility, parse_ability_text
from rules_engine.oracle.text import clean, strip_reminder

# "Roll a d20." as a sentence of its own, or ", then roll a d20" ending a sentence (Power of
# Persuasion); "Roll a six-sided die." (Six-Sided Die) is a d6 (CR 706.1).
_DIE = r"roll (?:a|an|one) (?:d(?P<d>\d{1,2})|(?P<w>four|six|eight|ten|twelve|twenty)-sided die)"
_ROLL_SENTENCE = re.compile(rf"(?:^|(?<=\. )){_DIE}\.(?: |$)", re.IGNORECASE)
_ROLL_CLAUSE = re.compile(rf", then {_DIE}(?=\.)", re.IGNORECASE)
# A row: "1—9 | ...", "20 | ...", "15+ | ...", "9 or less | ...", "5 — ..." (706.3a).
_ROW = re.compile(
    r"^(?P<lo>\d{1,2})(?:[—-](?P<hi>\d{1,2})|(?P<plus>\+)| or (?P<side>less|more))?"
    r"(?: \| | — )(?P<text>.+)$",
    re.DOTALL,
)
_SIDES = {"four": 4, "six": 6, "eight": 8, "ten": 10, "twelve": 12, "twenty": 20}
_ROLLED = HowCast("rolled_total")


def _sides(m: re.Match[str]) -> int:
    return int(m["d"]) if m["d"] else _SIDES[m["w"].lower()]


def _without_roll(header: str) -> tuple[str, int, str] | None:
    """The roll's paragraph without its roll, the die's size, and the roll's sentence."""
    sentence = _ROLL_SENTENCE.search(header)
    clause = _ROLL_CLAUSE.search(header)
    if (sentence is None) == (clause is None):
        return None  # no roll, or one in words read some other way
    m = sentence or clause
    assert m is not None
    rest = (header[: m.start()] + header[m.end() :]).strip()
    if clause is not None:
        written = header[: header.find(".", m.start()) + 1]
        written = written[written.rfind(". ") + 2 :] if ". " in written else written
    else:
        written = m[0].strip()
    return rest, _sides(m), written


def row_condition(row: str, sides: int) -> Condition | None:
    """CR 706.3a: the results a row's range covers, as the rolled result compared."""
    m = _ROW.match(row)
    if m is None:
        return None
    lo = int(m["lo"])
    if m["hi"]:
        hi = int(m["hi"])
    elif m["plus"] or m["side"] == "more":
        hi = sides
    elif m["side"] == "less":
        lo, hi = 1, lo
    else:
        hi = lo
    if not 1 <= lo <= hi <= sides:
        return None
    return AllOf((Compare(_ROLLED, ">=", lo), Compare(_ROLLED, "<=", hi)))


def _one(text: str, name: str) -> ParsedAbility | None:
    parsed = parse_ability_text(text, name, spell=True)
    if len(parsed) != 1 or parsed[0].kind != "spell" or parsed[0].unread:
        return None
    return parsed[0]


# A row that chooses a target of its own, or makes a replacement or prevention shield (read
# from the spell's whole text, CR 615.4), isn't read as a row here.
_OWN_WORDS = re.compile(r"\btargets?\b|\bprevent|\binstead\b|\bwould\b", re.IGNORECASE)


@overload
def _named(subject: Subject) -> Subject: ...
@overload
def _named(subject: None) -> None: ...
def _named(subject: Subject | None) -> Subject | None:
    """ "it" in a row names the target its roll's paragraph chose (CR 608.2c): worded so,
    the spell's paragraphs keep that target's number (paragraphs.py)."""
    if subject is None or subject.kind != "targets":
        return subject
    return replace(subject, words="it")


def _row(header: str, row: str, sides: int, name: str) -> ParsedAbility | None:
    """A row read after its header (the roll left out), its parts done only if the result
    is in its range; None when its words need more than that (a rule, a kicker)."""
    condition = row_condition(row, sides)
    m = _ROW.match(row)
    if m is None or _OWN_WORDS.search(m["text"]):
        return None  # a row with its own target or a shield: more than a row's condition
    before = _one(header, name) if header else ParsedAbility("", "spell")
    after = _one(f"{header} {m['text']}".strip(), name) if m else None
    if condition is None or before is None or after is None:
        return None
    if after.rules != before.rules or after.copy is not None:
        return None
    effects = after.effects[len(before.effects) :]
    actions = after.actions[len(before.actions) :]
    if after.effects[: len(before.effects)] != before.effects:
        return None
    if any(e.only_if is not None for e in effects) or any(a.only_if for a in actions):
        return None
    return ParsedAbility(
        row,
        "spell",
        tuple(replace(e, subject=_named(e.subject), only_if=condition) for e in effects),
        actions=tuple(
            replace(a, subject=_named(a.subject), other=_named(a.other), only_if=condition)
            for a in actions
        ),
        notes=tuple(n for n in after.notes if n not in before.notes),
        unperformed=tuple(u for u in after.unperformed if u not in before.unperformed),
        gaps=tuple(g for g in after.gaps if g not in before.gaps),
    )


def read_die_table(paragraphs: tuple[str, ...], name: str) -> dict[int, ParsedAbility]:
    """A spell's roll and its rows, by paragraph index, for the paragraphs read this way:
    the roll's paragraph with a "roll" part (the cast step's result checked against the
    die, 706.2) and each row that can be read; other paragraphs are read as before."""
    displays = [strip_reminder(clean(p)) for p in paragraphs]
    found: dict[int, ParsedAbility] = {}
    for h, header in enumerate(displays):
        rows = []
        for k in range(h + 1, len(displays)):
            if _ROW.match(displays[k]) is None:
                break
            rows.append(k)
        stripped = _without_roll(header) if rows else None
        if stripped is None:
            continue
        rest, sides, written = stripped
        read = [(k, _row(rest, displays[k], sides, name)) for k in rows]
        head = _one(rest, name) if rest else ParsedAbility("", "spell")
        if head is None:
            continue
        roll = OneShot("roll", None, written, n=sides)
        found[h] = replace(head, text=header, actions=(roll, *head.actions))
        found.update({k: row for k, row in read if row is not None})
    return found
