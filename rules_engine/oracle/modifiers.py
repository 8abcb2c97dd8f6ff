"""What follows a subject's noun: "you control", "with flying", "in your graveyard",
"that's a Wizard", "named Grizzly Bears", "with mana value 3 or less".

Each post-modifier narrows the item's ``Filter``; ``post_modifiers`` reads as many as
follow, by one ordered table of small readers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from rules_engine.affected import Filter
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.keywords import read_keyword
from rules_engine.oracle.numbers import NUMBER_WORDS
from rules_engine.oracle.text import SELF
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

if TYPE_CHECKING:
    # Only its type: the readers number a target player through it (CR 115.1), and
    # subjects.py, which defines it, reads its post-modifiers here.
    from rules_engine.oracle.subjects import SubjectContext


def _after_with_counter(cursor: Cursor) -> tuple[str | None, int] | None:
    start = cursor.pos
    cursor.pos += 1  # "with"
    cursor.accept("a") or cursor.accept("an")
    counted = _counter_phrase(cursor)
    if counted is None:
        cursor.pos = start
    return counted


def _ability_word(cursor: Cursor) -> str | None:
    """A keyword ability named after "with"/"without" ("with flying", "without first
    strike"), by the keyword table; lower case, without a parameter ("with toxic")."""
    name = read_keyword(cursor, parameters=False)
    return name.lower() if name is not None else None


def compare(cursor: Cursor) -> tuple[str, int] | None:
    """ "N or greater" / "N or less"."""
    token = cursor.peek()
    if token == "x":
        value = -1  # the X of the spell or ability, known on resolution
    elif not token.isdigit():
        return None
    else:
        value = int(token)
    cursor.pos += 1
    if cursor.accept("or", "greater") or cursor.accept("or", "more"):
        return (">=", value)
    if cursor.accept("or", "less"):
        return ("<=", value)
    return ("==", value)


def _counter_phrase(cursor: Cursor) -> tuple[str | None, int] | None:
    """ "a +1/+1 counter on it", "one or more counters on it", "two or more ... counters"."""
    start = cursor.pos
    least = 1
    word = cursor.peek()
    if word in NUMBER_WORDS:
        least = NUMBER_WORDS[word]
        cursor.pos += 1
        cursor.accept("or", "more")
    kind: str | None = None
    raw = cursor.raw()
    if "/" in raw or (
        cursor.peek(1) in ("counter", "counters") and cursor.peek() not in ("a", "an", "no")
    ):
        kind = raw
        cursor.pos += 1
    if cursor.accept_any("counter on it", "counters on it", "counters on them", "counter on them"):
        return (kind, least)
    cursor.pos = start
    return None


def _that_is(cursor: Cursor, f: Filter) -> Filter | None:
    """ "that's a Wizard", "that are Elves", "that's a creature"."""
    start = cursor.pos
    if not (
        cursor.accept("that's")
        or cursor.accept("that", "is")
        or cursor.accept("that", "are")
        or cursor.accept("which", "is")
    ):
        return None
    cursor.accept("a") or cursor.accept("an")
    types: set[str] = set()
    subtypes: set[str] = set()
    while cursor.peek() in ALL_TYPE_WORDS:
        kind, canonical = ALL_TYPE_WORDS[cursor.peek()]
        (types if kind == "type" else subtypes).add(canonical)
        cursor.pos += 1
    if not (types or subtypes) and (colors := _any_of_colors(cursor)):
        # "target creature or planeswalker that's black or red" (Devout Decree): any of them.
        return replace(f, colors=f.colors | colors)
    if not (types or subtypes) or _more_kinds_follow(cursor):
        cursor.pos = start  # "that's a Wolf or a Werewolf": any of them (_that_is_one_of)
        return None
    return replace(f, types=f.types | types, subtypes=f.subtypes | subtypes)


def _that_isnt(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "that isn't an Insect, Rat, Spider, or Squirrel" (Swarmyard Massacre): none of these
    types (CR 205.3: a changeling has every creature type, so it is each of them)."""
    start = cursor.pos
    if not (
        cursor.accept("that", "isn't")
        or cursor.accept("that", "aren't")
        or cursor.accept("that", "is", "not")
    ):
        return None
    types: set[str] = set()
    subtypes: set[str] = set()
    while True:
        cursor.accept("a") or cursor.accept("an")
        word = cursor.peek()
        if word not in ALL_TYPE_WORDS:
            cursor.pos = start
            return None
        kind, canonical = ALL_TYPE_WORDS[word]
        (types if kind == "type" else subtypes).add(canonical)
        cursor.pos += 1
        if not (cursor.accept(",", "or") or cursor.accept("or") or cursor.accept(",")):
            break
    return replace(f, not_types=f.not_types | types, not_subtypes=f.not_subtypes | subtypes)


def _any_of_colors(cursor: Cursor) -> frozenset[str]:
    """ "green or white", "red": the colors (CR 105.2) an object may have any of; nothing
    (the cursor untouched) unless only colors joined by "or" follow."""
    start = cursor.pos
    colors: set[str] = set()
    while cursor.peek() in COLOR_WORDS:
        colors.add(COLOR_WORDS[cursor.peek()])
        cursor.pos += 1
        if not (cursor.accept(",", "or") or cursor.accept("or") or cursor.accept(",")):
            break
    if not colors or cursor.tokens[cursor.pos - 1] in ("or", ","):
        cursor.pos = start
        return frozenset()
    return frozenset(colors)


def _more_kinds_follow(cursor: Cursor) -> bool:
    i = 1 if cursor.peek() == "or" else 2 if (cursor.peek(), cursor.peek(1)) == (",", "or") else 0
    if not i and cursor.peek() == ",":
        # "that's a Cat, Elemental, Nightmare, Dinosaur, or Beast" (Kaheera): a list too.
        i = 1
    if cursor.peek() == "or" and cursor.peek(1) in ("tokens", "token"):
        # "that are Zombies and/or tokens" (On Wings of Gold; "and/or" reads as "or") is no
        # single kind either: never "... Zombies" joined with every token on the battlefield.
        return True
    if not i:
        return False
    if cursor.peek(i) in ("a", "an"):
        i += 1
    return cursor.peek(i) in ALL_TYPE_WORDS


def _name_words(cursor: Cursor) -> str | None:
    """ "named Grizzly Bears": capitalised words up to the verb; a legend's epithet after a
    comma belongs to the name ("named Guan Yu, Sainted Warrior") unless another comma
    follows it, which makes it a list of names."""
    words = _capitalised(cursor)
    if words and cursor.peek() == ",":
        mark = cursor.pos
        cursor.pos += 1
        epithet = _capitalised(cursor)
        if epithet and cursor.peek() != ",":
            return f"{' '.join(words)}, {' '.join(epithet)}"
        cursor.pos = mark
    return " ".join(words) or None


def _capitalised(cursor: Cursor) -> list[str]:
    """Capitalised words, with a small lowercase word between two of them ("Kobolds of Kher
    Keep")."""
    words: list[str] = []
    while _name_word(cursor, joins=bool(words)):
        words.append(cursor.raw())
        cursor.pos += 1
    return words


def _name_word(cursor: Cursor, *, joins: bool) -> bool:
    raw = cursor.raw()
    if raw[:1].isupper():
        return cursor.peek() not in ("and", "or")
    return joins and raw in _NAME_JOINERS and cursor.raw(1)[:1].isupper()


_NAME_JOINERS = ("of", "the", "from", "to", "in")


def post_modifiers(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter:
    """``f`` narrowed by every post-modifier that follows, in any order."""
    while True:
        for read in _POST_MODIFIERS:
            narrowed = read(cursor, f, context)
            if narrowed is not None:
                f = narrowed
                break
        else:
            return f


# A reader of one post-modifier: the filter it narrows ``f`` to, with the cursor past it;
# None (cursor unmoved) if the words at the cursor are not its.
_Reader = Callable[[Cursor, Filter, "SubjectContext"], Filter | None]


def _words(*wordings: str, then: Callable[[Filter], Filter]) -> _Reader:
    """A post-modifier that is one of fixed wordings, always the same change."""
    split = tuple(tuple(wording.split()) for wording in wordings)

    def read(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
        return then(f) if any(cursor.accept(*words) for words in split) else None

    return read


def _that_is_reader(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    return _that_is(cursor, f)


_ATTACKED = {
    "you": "you",
    "your opponents": "opponent",
    "one of your opponents": "opponent",
    "an opponent": "opponent",
    "enchanted player": "enchanted_player",
    "the chosen player": "chosen_player",
    "the last chosen player": "chosen_player",
}


def _attacking_whom(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "attacking you", "that's attacking one of your opponents" (Oviya), "attacking
    enchanted player" (Curse of Hospitality): attacking creatures, narrowed by the player
    they attack (CR 506.3, 508.1b: each attacker attacks one player or permanent)."""
    start = cursor.pos
    cursor.accept("that's") or cursor.accept("that", "are") or cursor.accept("that", "is")
    if not cursor.accept("attacking"):
        cursor.pos = start
        return None
    for words, whom in sorted(_ATTACKED.items(), key=lambda item: -len(item[0])):
        if cursor.accept(*words.split()):
            return replace(f, attacking=True, attacking_whom=whom)
    cursor.pos = start
    return None


def _with_counters(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "with a +1/+1 counter on it", "with one or more counters on them"."""
    if cursor.peek() == "with" and (counted := _after_with_counter(cursor)) is not None:
        return replace(f, counters=counted)
    return None


def _counters_you_put(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "that you've put one or more +1/+1 counters on this turn" (Kid Loki): CR 122.6."""
    start = cursor.pos
    if cursor.accept("that", "you've", "put", "one", "or", "more") and (kind := cursor.peek()):
        cursor.pos += 1
        if re.fullmatch(r"[+-]\d/[+-]\d|[a-z]+", kind) and cursor.accept(
            "counters", "on", "this", "turn"
        ):
            return replace(f, counters_put_by_you=kind)
    cursor.pos = start
    return None


def _named(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "named Grizzly Bears"."""
    if not cursor.accept("named"):
        return None
    name = _name_words(cursor)
    if name is None:
        cursor.fail("expected a name after 'named'")
    return replace(f, name=name)


def _target_player_controls(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    if not (
        cursor.accept("target", "player", "controls")
        or cursor.accept("target", "opponent", "controls")
    ):
        return None
    (slot,) = context.take_targets(1)
    return replace(f, controller="target_player", player_slot=slot)


def _power_or_toughness(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "with power 2 or less", "with toughness 4 or greater"."""
    if not (cursor.peek() in ("with", "without") and cursor.peek(1) in ("power", "toughness")):
        return None
    negative = cursor.peek() == "without"
    stat = cursor.peek(1)
    cursor.pos += 2
    comparison = compare(cursor)
    if comparison is None or negative:
        cursor.fail("expected a number after power/toughness")
    if stat == "power":
        return replace(f, power=comparison)
    return replace(f, toughness=comparison)


def _mana_value(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "with mana value 3 or less"; "with an odd mana value" (Obosh, CR 202.3)."""
    if (
        cursor.peek() == "with"
        and cursor.peek(1) == "an"
        and cursor.peek(2) in ("odd", "even")
        and cursor.peek(3) == "mana"
        and cursor.peek(4) == "value"
    ):
        parity = cursor.peek(2)
        cursor.pos += 5
        return replace(f, mana_value=(parity, 0))
    if not (cursor.peek() == "with" and cursor.peek(1) == "mana" and cursor.peek(2) == "value"):
        return None
    cursor.pos += 3
    comparison = compare(cursor)
    if comparison is None:
        cursor.fail("expected a number after mana value")
    return replace(f, mana_value=comparison)


def _with_keyword_ability(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "with an exhaust ability" (Sala, Deck Boss), "with a cycling ability": an ability of
    that keyword, whatever its cost (CR 702.177a, 702.29a)."""
    if not (cursor.peek() == "with" and cursor.peek(1) in ("a", "an")):
        return None
    start = cursor.pos
    cursor.pos += 2
    name = _ability_word(cursor)
    if name is None or not cursor.accept("ability"):
        cursor.pos = start
        return None
    return replace(f, with_any_ability=f.with_any_ability | {name})


def _with_abilities(cursor: Cursor, f: Filter, context: SubjectContext) -> Filter | None:
    """ "with flying or reach", "without first strike" (by the keyword table)."""
    if cursor.peek() not in ("with", "without"):
        return None
    negative = cursor.peek() == "without"
    start = cursor.pos
    cursor.pos += 1
    names: list[str] = []
    while True:
        name = _ability_word(cursor)
        if name is None:
            break
        names.append(name)
        if not (cursor.accept("or") or cursor.accept("and")):
            break
    if not names:
        cursor.pos = start
        return None
    if negative:
        return replace(f, without_abilities=f.without_abilities | set(names))
    return replace(f, with_any_ability=f.with_any_ability | set(names))


# Every post-modifier, tried in this order; the first that reads the words wins, and the
# table is tried again after it. The order matters where one wording begins another:
# "that are enchanted or equipped" before "that are enchanted", "named ~" before "named
# <a name>", "you control but don't own" before "you control", and among the readers of
# "with ...": counters, power or toughness and mana value before the abilities last.
_POST_MODIFIERS: tuple[_Reader, ...] = (
    _that_is_reader,
    _that_isnt,
    _with_counters,
    _words(
        "that are enchanted or equipped",
        "that's enchanted or equipped",
        then=lambda f: replace(f, enchanted_or_equipped=True),
    ),
    # Archon of the Wild Rose (CR 303.4): before "that are enchanted".
    _words(
        "that are enchanted by auras you control",
        "that's enchanted by an aura you control",
        then=lambda f: replace(f, enchanted_by_you=True),
    ),
    _words("that are enchanted", "that's enchanted", then=lambda f: replace(f, enchanted=True)),
    _words("that are equipped", "that's equipped", then=lambda f: replace(f, equipped=True)),
    _attacking_whom,
    _counters_you_put,
    _words(f"other than {SELF}", then=lambda f: replace(f, not_source=True)),
    _words(
        "that entered this turn",
        "that entered the battlefield this turn",
        then=lambda f: replace(f, entered_this_turn=True),
    ),
    # "for each Equipment attached to him" (Winter Soldier, Icy Assassin): a character
    # card's pronoun for the object getting the bonus.
    _words(
        "attached to it",
        "attached to him",
        "attached to her",
        then=lambda f: replace(f, attached_to_affected=True),
    ),
    # Mirror Box: "for each other creature you control with the same name as that
    # creature", the creature getting the bonus (CR 201.2)
    _words(
        "with the same name as that creature",
        then=lambda f: replace(f, same_name_as_affected=True),
    ),
    _words(
        f"attached to {SELF}", then=lambda f: replace(f, attached_to_source=True)
    ),  # Armament Master
    _words(
        "that's attached to a creature",
        "that are attached to creatures",
        "attached to a creature",  # Piety Charm's target
        then=lambda f: replace(f, attached_to_creature=True),  # Sage's Reverie
    ),
    _words(
        f"that shares a creature type with {SELF}",
        f"that share a creature type with {SELF}",
        then=lambda f: replace(f, shares_creature_type_with_source=True),
    ),
    # A targeting restriction: it doesn't change what the effect does.
    _words("that share a card type", "that shares a card type", then=lambda f: f),
    _words(
        "with a mana ability",
        "with mana abilities",
        then=lambda f: replace(f, with_mana_ability=True),  # Raggadragga (CR 605.1a)
    ),
    _words(
        "with no abilities",
        then=lambda f: replace(f, no_abilities=True),  # Muraganda Petroglyphs (CR 113.1)
    ),
    _words(
        "that has an adventure",
        "that have an adventure",
        then=lambda f: replace(f, adventure=True),  # Mysterious Pathlighter (CR 715.2a)
    ),
    _words(
        "with no counters on them",
        "with no counters on it",
        then=lambda f: replace(f, no_counters=True),
    ),
    _words(
        f"that don't have the same name as {SELF}",
        f"that doesn't have the same name as {SELF}",
        then=lambda f: replace(f, not_named_as_source=True),  # Marvin (CR 201.2)
    ),
    # "other creatures named ~" (Relentless Rats): the name its own text gives it, which a
    # copy's text gives the copy too (CR 201.4b, 707.2).
    _words(f"named {SELF}", then=lambda f: replace(f, named_as_source=True)),
    _named,
    _words(
        "enchanted player controls",
        then=lambda f: replace(f, controller="enchanted_player"),
    ),
    # Herald of Leshrac: controlled by you, owned by another player (CR 108.3).
    _words(
        "you control but don't own",
        then=lambda f: replace(f, controller="you", owner="opponent"),
    ),
    _words("you control", then=lambda f: replace(f, controller="you")),
    # CR 102.4: "your team" means "you" in a game that isn't a multiplayer game between
    # teams, and a board has no teams (Khorvath Brightflame's "Knights your team controls").
    _words("your team controls", then=lambda f: replace(f, controller="you")),
    _words("you don't control", then=lambda f: replace(f, controller="not_you")),
    _words(
        "your opponents control",
        "an opponent controls",
        then=lambda f: replace(f, controller="opponent"),
    ),
    _target_player_controls,
    _words(
        "the chosen player controls",
        then=lambda f: replace(f, controller="chosen_player"),  # CR 607.2: chosen as it entered
    ),
    _words("you own", then=lambda f: replace(f, owner="you")),
    _words("an opponent owns", "your opponents own", then=lambda f: replace(f, owner="opponent")),
    _words("on the battlefield", then=lambda f: replace(f, zone="battlefield")),
    _words(
        "in all graveyards",
        "in graveyards",
        "in each graveyard",
        "in a graveyard",  # "a copy of any land card in a graveyard" (Echoing Deeps)
        then=lambda f: replace(f, zone="graveyard"),
    ),
    _words("in your graveyard", then=lambda f: replace(f, zone="graveyard", owner="you")),
    _words(
        "in your opponents' graveyards",
        "in an opponent's graveyard",
        then=lambda f: replace(f, zone="graveyard", owner="opponent"),
    ),
    _words("in your hand", then=lambda f: replace(f, zone="hand", owner="you")),
    _words(
        "in its controller's graveyard",
        then=lambda f: replace(f, zone="graveyard", owner="affected_controller"),
    ),
    _words(
        "in the chosen player's graveyard",
        then=lambda f: replace(f, zone="graveyard", owner="chosen_player"),
    ),
    _words("in exile", then=lambda f: replace(f, zone="exile")),
    # CR 607.2a: "cards exiled with ~" are those its linked ability exiled ("it" is ~).
    _words(
        f"exiled with {SELF}",
        "exiled with it",
        then=lambda f: replace(f, zone="exile", exiled_with_source=True),
    ),
    _words(
        "that aren't on the battlefield",
        "that isn't on the battlefield",
        then=lambda f: replace(f, zone="outside"),
    ),
    # "Creatures of the creature type of your choice get +0/+4" (Defensive Maneuvers),
    # "Choose a creature type. All creatures of that type get -1/-1" (Outbreak): the type
    # chosen as it resolves (CR 608.2d), the step's choices.creature_type.
    _words(
        "of the chosen type",
        "of the creature type of your choice",
        "of that type",
        then=lambda f: replace(f, chosen_type=True),
    ),
    _words(
        "that aren't of the chosen type",
        "that isn't of the chosen type",
        then=lambda f: replace(f, not_chosen_type=True),  # Crippling Fear (CR 608.2d)
    ),
    # "each creature dealt damage this way" (Provoke the Trolls): what the resolving spell
    # dealt damage to, by the turn's record (CR 608.2c).
    _words("dealt damage this way", then=lambda f: replace(f, dealt_damage_by_source=True)),
    _words("with the chosen name", then=lambda f: replace(f, chosen_name=True)),
    _words("of the chosen color", then=lambda f: replace(f, chosen_color=True)),
    _words(
        "that shares at least one creature type with it",
        "that share a creature type with it",
        "that shares a creature type with it",
        then=lambda f: replace(f, shares_creature_type_with_affected=True),
    ),
    _power_or_toughness,
    _mana_value,
    _with_keyword_ability,
    _with_abilities,
)
