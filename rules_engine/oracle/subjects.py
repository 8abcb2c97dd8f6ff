"""The grammar of "who": subjects such as "Other Merfolk you control" or "target land".

A subject is read as a list of items joined by commas/"and"/"or", each item a
determiner, adjectives, a noun and post-modifiers. Each item becomes a
``Filter``; items are alternatives (any may match).
"""

from __future__ import annotations

from dataclasses import fields, replace

from rules_engine.affected import Filter, Subject, Zone
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.modifiers import compare, post_modifiers
from rules_engine.oracle.numbers import NUMBER_WORDS
from rules_engine.oracle.text import SELF
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

_NOUNS_OUTSIDE: dict[str, Zone] = {
    "card": "outside",
    "cards": "outside",
    "spell": "stack",
    "spells": "stack",
}
OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})
_GENERIC_NOUNS = {"permanent", "permanents", "object", "objects"}
PRONOUNS = {
    "it",
    "they",
    "that creature",
    "that permanent",
    "that target",  # "if that target is white and/or blue" (Lithomantic Barrage, CR 608.2c)
    "that land",
    "that artifact",
    "those creatures",
    "those permanents",
    "them",
    # "Untap two target creatures. Each of them gets +1/+1" (Hope and Glory): the same
    # objects, each affected (CR 608.2c reads the antecedent from the text before).
    "each of them",
    "each of those creatures",
}


# "any number of target creatures": the target slots kept for it (more than any board holds).
ANY_NUMBER_OF_TARGETS = 32


class SubjectContext:
    """Numbering of "target" words across one spell or ability (CR 115.1)."""

    def __init__(self) -> None:
        self.next_target = 0
        # A static ability's text (set by ``SentenceState``): only there is "the exiled
        # card" the card its linked ability exiled (CR 607.2a); in a resolving text it is
        # the card exiled "this way", which no link names.
        self.static = False
        # Where a triggered ability's object went as it triggered ("graveyard" for "When ~
        # dies" or "When enchanted creature dies", CR 603.10a, 700.4), for a "return it to
        # the battlefield" that no exile before it explains; "" when unknown.
        self.trigger_zone = ""

    def take_targets(self, count: int) -> tuple[int, ...]:
        slots = tuple(range(self.next_target, self.next_target + count))
        self.next_target += count
        return slots


# "the exiled card" in a static ability (Territory Forge, Drach'Nyen): the card in exile
# linked to the source (CR 607.2a; none once the source is a new object, 406.6).
EXILED_CARD = Subject(
    "filter", (Filter(zone="exile", exiled_with_source=True),), words="the exiled card"
)


def parse_comparison(cursor: Cursor) -> tuple[str, int] | None:
    """ "N or greater" / "N or less" / "N" (X as -1: the spell's X, known on resolution)."""
    return compare(cursor)


# Adjectives that each set one field of the filter.
_FLAG_ADJECTIVES: dict[str, dict[str, bool]] = {
    "historic": {"historic": True},  # CR 700.6: artifacts, legendaries and Sagas
    "modified": {"modified": True},  # CR 700.9
    "stickered": {"stickered": True},  # CR 123.4: it has one or more stickers on it
    "transformed": {"transformed": True},  # CR 712.8e: a transforming card, back face up
    "nontoken": {"token": False},
    "face-down": {"face_down": True},  # CR 708.2
    "tapped": {"tapped": True},
    "untapped": {"tapped": False},
    "attacking": {"attacking": True},
    # CR 509.1h: an attacking creature no creature blocks ("Unblocked attacking Ninjas",
    # Throatseeker); boards have no combat in progress, so none is.
    "unblocked": {"attacking": True},
    # CR 509.1h: a blocked creature is an attacking creature some creature blocked ("target
    # blocked creature you control", Duelist's Flame); none is, on a board.
    "blocked": {"attacking": True},
    "blocking": {"blocking": True},
    "nonattacking": {"attacking": False},
    "nonblocking": {"blocking": False},
}


def _adjectives_and_noun(cursor: Cursor, base: Filter) -> Filter | None:
    """Colors, supertypes, types and subtypes up to the noun; None if there is no noun."""
    f = base
    noun_seen = False
    types: set[str] = set()
    subtypes: set[str] = set()
    while True:
        word = cursor.peek()
        if not word:
            break
        prior = cursor.peek(-1) if cursor.pos else ""
        if (two := ALL_TYPE_WORDS.get(f"{word} {cursor.peek(1)}")) is not None:
            # A creature type of two words ("target Time Lord you control", CR 205.3m).
            (types if two[0] == "type" else subtypes).add(two[1])
            noun_seen = True
            cursor.pos += 2
            continue
        if word == "," and prior.startswith("non") and cursor.peek(1).startswith("non"):
            # "nonartifact, nonwhite creatures" (Angelic Voices): both apply.
            cursor.pos += 1
            continue
        if word in COLOR_WORDS:
            f = replace(f, colors=f.colors | {COLOR_WORDS[word]})
            # "red or white creature", "white, blue, or black permanent": a filter's colors
            # are "any of these", so the alternatives are one filter.
            while (cursor.peek(1) == "or" and cursor.peek(2) in COLOR_WORDS) or (
                cursor.peek(1) == "," and cursor.peek(2) in COLOR_WORDS
            ):
                cursor.pos += 2
                f = replace(f, colors=f.colors | {COLOR_WORDS[cursor.peek()]})
            if cursor.peek(1) == "," and cursor.peek(2) == "or" and cursor.peek(3) in COLOR_WORDS:
                cursor.pos += 3
                f = replace(f, colors=f.colors | {COLOR_WORDS[cursor.peek()]})
        elif word.startswith("non") and word[3:].lstrip("-") in COLOR_WORDS:
            f = replace(f, not_colors=f.not_colors | {COLOR_WORDS[word[3:].lstrip("-")]})
        elif word == "colorless":
            f = replace(f, colorless=True)
        elif word == "multicolored":
            f = replace(f, multicolored=True)
        elif word == "monocolored":
            f = replace(f, multicolored=False, colorless=False)
        elif word in ("token", "tokens"):
            f = replace(f, token=True)
            # "you control a token": a token of any kind is the noun (CR 111.1).
            alone = cursor.peek(1) not in ALL_TYPE_WORDS and cursor.peek(1) not in _GENERIC_NOUNS
            noun_seen = noun_seen or word == "tokens" or alone
        elif word in ("outlaw", "outlaws"):
            # CR 700.12: an outlaw is an Assassin, a Mercenary, a Pirate, a Rogue or a Warlock.
            f = replace(f, any_subtypes=OUTLAW_TYPES)
            alone = cursor.peek(1) not in ALL_TYPE_WORDS and cursor.peek(1) not in _GENERIC_NOUNS
            noun_seen = noun_seen or word == "outlaws" or alone
        elif word == "attacking" and noun_seen:
            break  # "Creatures attacking you": a post-modifier (modifiers._attacking_whom)
        elif word == "blocked" and noun_seen:
            break  # "each creature blocked by ~": not the adjective
        elif word in _FLAG_ADJECTIVES:
            f = replace(f, **_FLAG_ADJECTIVES[word])  # type: ignore[arg-type]
        elif word in ("commander", "commanders"):
            # "Commander creatures you control" (CR 903.3); "Commanders you control" and
            # "a commander that's a creature" name the commanders themselves.
            f = replace(f, commander=True)
            alone = cursor.peek(1) not in ALL_TYPE_WORDS and cursor.peek(1) not in _GENERIC_NOUNS
            noun_seen = noun_seen or word == "commanders" or alone
        elif word == "noncommander":
            f = replace(f, commander=False)  # Subjugate the Hobbits (CR 903.3)
        elif word in _GENERIC_NOUNS:
            noun_seen = True
        elif word in _NOUNS_OUTSIDE:
            noun_seen = True
            f = replace(f, zone=_NOUNS_OUTSIDE[word])
        elif word.startswith("non") and word[3:].lstrip("-") in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word[3:].lstrip("-")]
            if kind == "type":
                f = replace(f, not_types=f.not_types | {canonical})
            elif kind == "supertype":
                f = replace(f, not_supertypes=f.not_supertypes | {canonical})
            else:
                f = replace(f, not_subtypes=f.not_subtypes | {canonical})
        elif word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            if kind == "supertype":
                f = replace(f, supertypes=f.supertypes | {canonical})
            else:
                (types if kind == "type" else subtypes).add(canonical)
                noun_seen = True
        else:
            break
        if word.startswith("non") and cursor.peek(1) == "," and cursor.peek(2).startswith("non"):
            cursor.pos += 1  # "nonartifact, nonblack creature": both hold (a list of "non"s)
        cursor.pos += 1
    if not noun_seen:
        return None
    return replace(f, types=f.types | types, subtypes=f.subtypes | subtypes)


def _item(cursor: Cursor, context: SubjectContext) -> Subject | None:
    """One subject item; restores the cursor and returns None if none is here.

    The determiner decides how the rest is read, in this order: ~ or a pronoun; an
    attachment status ("enchanted creature"); a number of targets ("up to two target
    creatures"); "each enchanted"/"all equipped"; else a filter ("other Elves you
    control"). Once a determiner is read, a missing noun ends the item (None)."""
    start = cursor.pos
    found = _self_or_pronoun(cursor)
    if found is not None:
        return found
    if context.static and cursor.accept("the", "exiled", "card"):
        return EXILED_CARD  # CR 607.2a: the card exiled with ~ by its linked ability
    if context.static and cursor.accept("the", "last"):
        # "the last creature card exiled with it" (Duplicant, CR 607.2a): the one of them
        # exiled last.
        found = _item(cursor, context)
        if found is None or found.kind != "filter" or not found.filters[0].exiled_with_source:
            cursor.pos = start
            return None
        return Subject("last", found.filters, words=f"the last {found.words}")
    if context.static and (
        chosen := cursor.accept_any("the chosen creature", "the chosen permanent")
    ):
        # "As ~ enters, choose another creature you control. The chosen creature gets +3/+3"
        # (Tyrannical Pitlord): the one chosen as it entered (CR 614.12, 607.2).
        return Subject("filter", (Filter(chosen_object=True),), words=chosen)
    status = cursor.accept_any("enchanted", "equipped", "fortified")
    if status:
        return _attached_item(cursor, context, status, start)
    count, up_to = _target_count(cursor)
    if count:
        return _targets_item(cursor, context, count, up_to, start)
    if status := cursor.accept_any(
        "each enchanted", "each equipped", "all enchanted", "all equipped"
    ):
        return _each_attached_item(cursor, context, status, start)
    return _filter_item(cursor, context, start)


def _self_or_pronoun(cursor: Cursor) -> Subject | None:
    if cursor.peek() == SELF:
        cursor.pos += 1
        return Subject("self", words=SELF)
    for pronoun in sorted(PRONOUNS, key=len, reverse=True):
        if cursor.accept(*pronoun.split()):
            return Subject("antecedent", words=pronoun)
    return None


def _attached_item(
    cursor: Cursor, context: SubjectContext, status: str, start: int
) -> Subject | None:
    """ "enchanted creature" (the one this is attached to), "equipped creatures you
    control" (every such creature)."""
    noun_at = cursor.pos
    f = _adjectives_and_noun(cursor, Filter())
    if f is None:
        cursor.pos = start
        return None
    plural = any(_is_plural(word) for word in cursor.tokens[noun_at : cursor.pos])
    if not plural and cursor.peek() not in ("you", "your", "an", "target"):
        return Subject("attached", (f,), words=cursor.sentence)
    # "Equipped creatures you control": every such creature, not the one this is attached to.
    f = replace(f, enchanted=True) if status == "enchanted" else replace(f, equipped=True)
    return Subject("filter", (post_modifiers(cursor, f, context),))


def _target_count(cursor: Cursor) -> tuple[int, bool]:
    """How many targets the words at the cursor ask for, and whether "up to" that many
    (moving past them); (0, False), the cursor unmoved, if they name no target."""
    if (
        cursor.peek() == "up"
        and cursor.peek(1) == "to"
        and cursor.peek(2) in NUMBER_WORDS
        and cursor.peek(3) == "target"
    ):
        count = NUMBER_WORDS[cursor.peek(2)]
        cursor.pos += 4
        return count, True
    if (
        cursor.peek() == "up"
        and cursor.peek(1) == "to"
        and cursor.peek(2) in NUMBER_WORDS
        and cursor.peek(3) == "other"
        and cursor.peek(4) == "target"
    ):
        # "Up to one other target creature has base power and toughness 4/4" (Hostile
        # Takeover): a target other than the ones before it (CR 115.3), which the board's
        # targets list separately anyway.
        count = NUMBER_WORDS[cursor.peek(2)]
        cursor.pos += 5
        return count, True
    if (
        cursor.accept("any", "number", "of", "target")
        or cursor.accept("x", "target")
        or cursor.accept("up", "to", "x", "target")
    ):
        # CR 601.2c: the caster chooses how many ("X target creatures", "up to X target
        # creatures": X is chosen as the spell is cast, 601.2b, 107.3a); every target the
        # board gives is one.
        return ANY_NUMBER_OF_TARGETS, True
    if (
        cursor.peek(1) == ","
        and cursor.peek(3) == ","
        and cursor.peek(4) == "or"
        and all(cursor.peek(k) in NUMBER_WORDS for k in (0, 2, 5))
        and cursor.peek(6) == "target"
    ):
        # "One, two, or three target creature cards" (Aberrant Return): up to the last number
        # (CR 601.2c: the caster announces how many, at least the first).
        count = NUMBER_WORDS[cursor.peek(5)]
        cursor.pos += 7
        return count, True
    if (
        cursor.peek(1) == "or"
        and cursor.peek() in NUMBER_WORDS
        and cursor.peek(2) in NUMBER_WORDS
        and cursor.peek(3) == "target"
    ):
        # "One or two target creatures" (Wind Sail): up to the larger number.
        count = NUMBER_WORDS[cursor.peek(2)]
        cursor.pos += 4
        return count, True
    if cursor.accept("another", "target"):
        return 1, False
    if cursor.peek() in NUMBER_WORDS and cursor.peek(1) == "target":
        count = NUMBER_WORDS[cursor.peek()]
        cursor.pos += 2
        return count, False
    if cursor.accept("target"):
        return 1, False
    return 0, False


def _targets_item(
    cursor: Cursor, context: SubjectContext, count: int, up_to: bool, start: int
) -> Subject | None:
    """What the targets are, after their number: "attacking or blocking creature", "artifact
    or creature you control"."""
    either = _either_status(cursor)
    if either:
        mods = post_modifiers(cursor, Filter(), context)
        filters = tuple(_with_modifiers(a, mods) for a in either)
        return Subject("targets", filters, target_slots=context.take_targets(count))
    f = _adjectives_and_noun(cursor, Filter())
    if f is None:
        cursor.pos = start
        return None
    alternatives = [f]
    # "target artifact or creature", "target artifact, enchantment, or land" (one target).
    while cursor.peek() in ("or", ","):
        mark = cursor.pos
        cursor.accept(",")
        cursor.accept("or")
        alternative = _adjectives_and_noun(cursor, Filter())
        if alternative is None:
            cursor.pos = mark
            break
        alternatives.append(alternative)
    if len(alternatives) > 1 and alternatives[-1].zone == "stack":
        # "target creature or planeswalker spell" (Syphon Essence): the last noun, "spell",
        # is each card type's noun too (a permanent noun, "permanent or spell", stays one).
        alternatives = [
            replace(a, zone="stack") if a.types and a.zone == "battlefield" else a
            for a in alternatives
        ]
    # "target artifact or creature you control": the modifiers are each alternative's.
    mods = post_modifiers(cursor, Filter(), context)
    filters = tuple(_with_modifiers(a, mods) for a in alternatives)
    return Subject("targets", filters, target_slots=context.take_targets(count), up_to=up_to)


def _each_attached_item(
    cursor: Cursor, context: SubjectContext, status: str, start: int
) -> Subject | None:
    """ "each enchanted creature", "all equipped creatures"."""
    f = _adjectives_and_noun(cursor, Filter())
    if f is None:
        cursor.pos = start
        return None
    enchanted = status.endswith("enchanted")
    f = replace(f, enchanted=True) if enchanted else replace(f, equipped=True)
    return Subject("filter", (post_modifiers(cursor, f, context),))


def _filter_item(cursor: Cursor, context: SubjectContext, start: int) -> Subject | None:
    """ "other Elves you control", "each creature that's a Wolf or a Werewolf"."""
    other = False
    if cursor.accept("all", "other") or cursor.accept("each", "other"):
        other = True
    elif cursor.accept("all") or cursor.accept("each"):
        other = cursor.accept("other")
    elif cursor.accept("other") or cursor.accept("another"):
        other = True
    if (split := _supertype_and_noun(cursor, Filter(other=other), context)) is not None:
        return split
    f = _adjectives_and_noun(cursor, Filter(other=other))
    if f is None:
        cursor.pos = start
        return None
    kinds = _that_is_one_of(cursor)
    f = post_modifiers(cursor, f, context)
    if not kinds and (kinds := _that_is_one_of(cursor)):
        # "Each creature you control that's a Wolf or a Werewolf" (Howlpack Resurgence).
        f = post_modifiers(cursor, f, context)
    if kinds:
        # "Each creature that's a Barbarian, a Warrior, or a Berserker": any of them.
        return Subject("filter", tuple(_with_modifiers(f, kind) for kind in kinds))
    return Subject("filter", (f,))


def _supertype_and_noun(cursor: Cursor, base: Filter, context: SubjectContext) -> Subject | None:
    """ "Other snow and Zombie creatures you control" (Narfi, Betrayer King): a supertype
    and a kind sharing one noun are two groups, snow creatures and Zombie creatures, each
    with what follows; None (the cursor unmoved) for any other words."""
    word = cursor.peek()
    if not (ALL_TYPE_WORDS.get(word, ("", ""))[0] == "supertype" and cursor.peek(1) == "and"):
        return None
    start = cursor.pos
    cursor.pos += 2
    second = _adjectives_and_noun(cursor, base)
    if second is None or not second.types:
        cursor.pos = start
        return None
    supertype = ALL_TYPE_WORDS[word][1]
    first = replace(base, supertypes=base.supertypes | {supertype}, types=second.types)
    mods = post_modifiers(cursor, Filter(), context)  # "you control": both groups'
    return Subject("filter", (_with_modifiers(first, mods), _with_modifiers(second, mods)))


def _with_modifiers(f: Filter, mods: Filter) -> Filter:
    """``f`` with what post-modifiers read into ``mods`` (a Filter that started empty)."""
    changes: dict[str, object] = {}
    for field in fields(Filter):
        if field.name == "compiled":
            continue
        value, default = getattr(mods, field.name), getattr(_EMPTY, field.name)
        if value != default:
            mine = getattr(f, field.name)
            changes[field.name] = mine | value if isinstance(value, frozenset) else value
    return replace(f, **changes) if changes else f  # type: ignore[arg-type]


_EMPTY = Filter()
_STATUS_WORDS = {"attacking", "blocking", "blocked", "tapped", "untapped"}


def _either_status(cursor: Cursor) -> list[Filter]:
    """ "attacking or blocking creature" (Blood Frenzy): two filters, one per status, each
    with the rest of the adjectives and the noun; nothing (the cursor untouched) otherwise."""
    tokens = cursor.tokens
    at = cursor.pos
    while at + 2 < len(tokens) and tokens[at].lower() not in _STATUS_WORDS:
        if tokens[at].lower() not in COLOR_WORDS and not tokens[at].lower().startswith("non"):
            return []
        at += 1
    if not (
        at + 2 < len(tokens)
        and tokens[at].lower() in _STATUS_WORDS
        and tokens[at + 1].lower() == "or"
        and tokens[at + 2].lower() in _STATUS_WORDS
    ):
        return []
    out: list[Filter] = []
    end = None
    for dropped in ((at + 1, at + 2), (at, at + 1)):
        rest = tokens[cursor.pos : dropped[0]] + tokens[dropped[1] + 1 :]
        probe = Cursor(rest, sentence=cursor.sentence)
        f = _adjectives_and_noun(probe, Filter())
        if f is None:
            return []
        out.append(f)
        end = probe.pos
    assert end is not None
    cursor.pos += end + 2
    return out


def _that_is_one_of(cursor: Cursor) -> list[Filter]:
    """ "that's a Barbarian, a Warrior, or a Berserker" (two or more types, any of them),
    "that are Zombies and/or tokens" (On Wings of Gold: either, CR 111.1 for a token), each
    as what it adds to the filter; nothing (the cursor untouched) for a single type, which
    ``modifiers.post_modifiers`` reads."""
    start = cursor.pos
    if not (cursor.accept("that's") or cursor.accept("that", "is") or cursor.accept("that", "are")):
        return []
    kinds: list[Filter] = []
    while True:
        cursor.accept("a") or cursor.accept("an")
        word = cursor.peek()
        if word == "tokens" and cursor.tokens[start + 1].lower() == "are":
            cursor.pos += 1
            kinds.append(Filter(token=True))
        elif word not in ALL_TYPE_WORDS:
            break
        else:
            kind, canonical = ALL_TYPE_WORDS[word]
            cursor.pos += 1
            if kind == "type":
                kinds.append(Filter(types=frozenset({canonical})))
            elif kind == "subtype":
                kinds.append(Filter(subtypes=frozenset({canonical})))
            else:
                kinds.append(Filter(supertypes=frozenset({canonical})))
        if cursor.accept(",", "or") or cursor.accept("or") or cursor.accept(","):
            continue
        break
    if len(kinds) < 2:
        cursor.pos = start
        return []
    return kinds


def _is_plural(word: str) -> bool:
    entry = ALL_TYPE_WORDS.get(word.lower())
    if entry is None:
        return word.lower() in ("permanents", "cards", "spells")
    singular = entry[1].lower()
    return word.lower() != singular and word.lower().endswith("s")


def _is_bare(cursor: Cursor, start: int) -> bool:
    """Were the tokens from ``start`` to the cursor only adjectives and a noun ("Soldiers",
    "white creatures"), with no determiner or post-modifier of their own?"""
    probe = Cursor(cursor.tokens[start : cursor.pos], sentence=cursor.sentence)
    return _adjectives_and_noun(probe, Filter()) is not None and probe.at_end()


def _shared_modifiers(items: list[Subject], bare: list[bool]) -> tuple[Filter, ...]:
    """ "Soldiers and Warriors you control": a post-modifier after the last noun of a list
    of bare nouns belongs to each of them (who controls, owns, or where they are)."""
    filters = [f for item in items for f in item.filters]
    if len(items) < 2 or not all(bare[:-1]) or bare[-1] or len(items[-1].filters) != 1:
        return tuple(filters)
    last = items[-1].filters[0]
    out = [
        replace(
            f,
            controller=last.controller,
            owner=last.owner,
            zone=last.zone,
            player_slot=last.player_slot,
            # "... artifact and ... enchantment you control with mana value 4 or greater"
            # (Bello): a "with" post-modifier after the last noun qualifies each noun too.
            mana_value=f.mana_value or last.mana_value,
            power=f.power or last.power,
            toughness=f.toughness or last.toughness,
            # "instant and sorcery card exiled with it" (Murktide Regent, CR 607.2a)
            exiled_with_source=f.exiled_with_source or last.exiled_with_source,
        )
        for item in items[:-1]
        for f in item.filters
    ]
    return (*out, last)


def parse_subject(cursor: Cursor, context: SubjectContext) -> Subject | None:
    """A subject, possibly a list ("All Forests and all Saprolings")."""
    start = cursor.pos
    first = _item(cursor, context)
    if first is None:
        return None
    items = [first]
    # "Each artifact and enchantment you control": a leading "each"/"all" is the whole
    # list's determiner, so the first noun is still bare and shares what follows the last.
    # "Other Wolves and Werewolves you control" (Nightpack Ambusher): so is a leading
    # "other" (CR 109.5: "you control" still qualifies every noun).
    det = 0
    if cursor.tokens[start].lower() in ("each", "all"):
        det = 2 if cursor.tokens[start + 1].lower() == "other" else 1
    elif cursor.tokens[start].lower() == "other":
        det = 1
    det = det if start + det < cursor.pos else 0
    bare = [_is_bare(cursor, start + det)]
    while True:
        mark = cursor.pos
        joined = cursor.accept(",") and (cursor.accept("and") or cursor.accept("or") or True)
        if not joined:
            joined = cursor.accept("and") or cursor.accept("or")
        if not joined:
            break
        item_start = cursor.pos
        nxt = _item(cursor, context)
        kinds = {items[0].kind, getattr(nxt, "kind", None)}
        if nxt is None or not (
            kinds <= {"filter"}
            or kinds == {"targets"}
            or kinds == {"self", "filter"}
            or (kinds == {"self", "attached"} and len(items) == 1)
        ):
            cursor.pos = mark
            break
        items.append(nxt)
        bare.append(_is_bare(cursor, item_start))
    if len(items) == 1:
        subject = items[0]
    elif all(item.kind == "targets" for item in items):
        # "target creature you control and target creature an opponent controls"
        subject = Subject(
            "targets",
            tuple(f for item in items for f in item.filters),
            target_slots=tuple(slot for item in items for slot in item.target_slots),
        )
    elif {item.kind for item in items} == {"self", "attached"}:
        # "~ and enchanted creature each get +1/+1" (Eidolon of Countless Battles).
        attached = next(item for item in items if item.kind == "attached")
        subject = replace(attached, include_self=True)
    elif any(item.kind == "self" for item in items):
        # "~ and other Elves you control"
        subject = Subject(
            "filter",
            tuple(f for item in items if item.kind == "filter" for f in item.filters),
            include_self=True,
        )
    else:
        filters = _shared_modifiers(items, bare)
        # "Other Demons, Devils, Imps, and Tieflings you control" (Raphael, itself a
        # Devil): a leading "other" leaves the source out of each noun of the list.
        leading_other = det and cursor.tokens[start + det - 1].lower() == "other"
        if len(items) > 1 and leading_other and all(bare[:-1]):
            filters = tuple(replace(f, other=True) for f in filters)
        subject = Subject("filter", filters)
    words = " ".join(cursor.tokens[start : cursor.pos])
    return replace(subject, words=words)
