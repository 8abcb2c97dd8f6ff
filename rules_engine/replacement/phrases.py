"""The slots of the replacement templates: who is dealt damage, which source, which
objects, a number, a condition (CR 614-615).

The slots are read with the same subject grammar as continuous effects, so "a red source
you control" and "a Cleric creature you control" work on invented cards too.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Filter, Subject
from rules_engine.effects import Compare, Condition, Expr, HandSize, VarX
from rules_engine.oracle.amounts import parse_expression
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize
from rules_engine.replacement.specs import (
    PlayerWord,
    RedirectTo,
    Who,
)
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

_PLAYER_WORDS: dict[str, PlayerWord] = {
    "you": "you",
    "an opponent": "opponent",
    "opponent": "opponent",
    "a player": "any",
    "player": "any",
    "each player": "any",
    "enchanted player": "enchanted",
    "target player": "target",
    "target opponent": "target",
    "players": "any",  # Commencement of Festivities: "dealt to players"
}


def number(word: str, sentence: str) -> int:
    value = read_number(word)
    if value is None:
        raise OracleParseError(sentence, f'expected a number, got "{word.strip()}"')
    return value


def amount_or_x(word: str, sentence: str) -> tuple[int | None, bool]:
    """ "3" -> (3, False); "X" -> (None, True): the X its spell or ability had (CR 107.3a)."""
    if word.strip().lower() == "x":
        return None, True
    return number(word, sentence), False


def objects_in(phrase: str, sentence: str) -> Subject:
    cursor = Cursor(tokenize(phrase), sentence=sentence)
    subject = parse_subject(cursor, SubjectContext())
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell what "{phrase}" means')
    return subject


def who_in(phrase: str, sentence: str) -> Who:
    """ "an opponent or a permanent an opponent controls" -> players + objects."""
    phrase = phrase.strip()
    if phrase in ("him", "her", "it", "~", "them"):
        return Who("none", Subject("self", words=phrase))
    if phrase in ("a permanent or player", "a player or permanent", "any target"):
        permanents = Subject("filter", (Filter(),), words="permanent")
        return Who("any", permanents)
    if phrase == "the chosen player or a permanent they control":
        # Sawhorn Nemesis: the player chosen as it entered (CR 614.12) and their permanents.
        theirs = Filter(controller="chosen_player")
        return Who("chosen", Subject("filter", (theirs,), words="a permanent they control"))
    players: PlayerWord = "none"
    objects: Subject | None = None
    # "you and creatures you control" (Safe Passage): both are protected.
    # "you and/or permanents you control" (Divine Deflection, Shadowbane): the same two.
    parts = re.split(
        r" (?:and/or|or|and) (?=(?:a|an|another|other|you|target|enchanted|each|creatures|"
        r"permanents|planeswalkers|battle)\b)",  # "a player or battle" (Rankle and Torbran)
        phrase,
    )
    for part in parts:
        part = part.strip()
        if part in _PLAYER_WORDS:
            players = _PLAYER_WORDS[part]
        elif targets := targets_in(part):
            objects = targets
            if re.search(r"\bplayer\b", part):
                players = "target"  # "target creature, planeswalker, or player"
        else:
            found = objects_in(re.sub(r"^(a|an) ", "", part), sentence)
            objects = (
                found if objects is None else Subject("filter", objects.filters + found.filters)
            )
    return Who(players, objects)


def source_in(phrase: str, sentence: str) -> tuple[Subject, bool]:
    """ "a red source you control" -> a filter on the damage source; "of your choice" noted."""
    # Surge of Salvation: "black and/or red sources" is a source of either color.
    words = phrase.strip().replace(" and/or ", " or ")
    if words == "~":
        return Subject("self", words="~"), False  # Excruciator, Charging Tuskodon
    # "sources of the color of your choice": the color is chosen, not the source.
    words = re.sub(r" of the color of your choice$", " of the chosen color", words)
    choice = words.endswith(" of your choice")
    words = words.removesuffix(" of your choice")
    if targets := targets_in(words):
        return targets, False  # "target creature would deal damage" (a resolved shield)
    if len(parts := re.split(r" or (?=(?:a|an) )", words)) > 1:
        # Pyromancer's Gauntlet: "a red instant or sorcery spell you control or a red
        # planeswalker you control" is either kind of source.
        found = [source_in(part, sentence)[0] for part in parts]
        if all(s.kind == "filter" for s in found):
            filters = tuple(f for s in found for f in s.filters)
            return Subject("filter", filters, words=phrase), choice
    if " sources and " in words and words.endswith(" sources"):
        # Luminesce: "black sources and red sources" is either kind of source.
        found = [source_in(part, sentence)[0] for part in words.split(" and ")]
        return Subject("filter", tuple(f for s in found for f in s.filters), words=phrase), choice
    m = re.match(
        # The words before "source" end in a letter (what spaces follow go to \s*+), so no
        # run of spaces is split every way (linear time).
        r"^(?:(?:a|an|any|another) (?P<adj>(?:[\w -]*?[\w-])??)\s*+(?P<one>source|spell)|"
        r"(?P<many>(?:[\w -]*?[\w-])??)\s*+(?P<kind>source|spell)s)(?P<post>.*)$",
        words,
    )
    if not m:
        # "a creature you control would deal damage": the source is described as an object.
        objects = objects_in(re.sub(r"^(a|an) ", "", words), sentence)
        if objects.kind != "filter":
            return objects, choice  # "equipped creature", "enchanted creature"
        filters = tuple(replace(f, zone="anywhere") for f in objects.filters)
        return Subject("filter", filters, words=phrase), choice
    adjectives = (m["adj"] if m["adj"] is not None else m["many"] or "").split()
    if words.startswith("another "):
        adjectives.insert(0, "another")  # Embermaw Hellion: "another red source you control"
    if "or" in adjectives:
        # "an instant or sorcery source": either word, with the adjectives before them.
        at = adjectives.index("or")
        if at == 0 or at == len(adjectives) - 1:
            raise OracleParseError(sentence, f'cannot read "{phrase}"')
        first, second = adjectives[at - 1], adjectives[at + 1]
        common = adjectives[: at - 1] + adjectives[at + 2 :]
        kinds = [_source_words(common + [w], sentence) for w in (first, second)]
    else:
        kinds = [_source_words(adjectives, sentence)]
    if "spell" in (m["one"], m["kind"]):
        # "a red instant or sorcery spell you control": a spell is on the stack (CR 112.1).
        kinds = [replace(f, zone="stack") for f in kinds]
    post = m["post"].strip()
    if parity := re.search(r" with an (odd|even) mana value$", post):
        # Obosh: "a source you control with an odd mana value" (CR 202.3: 0 is even).
        kinds = [replace(f, mana_value=(parity[1], 0)) for f in kinds]
        post = post[: parity.start()]
    if post == "you control":
        kinds = [replace(f, controller="you") for f in kinds]
    elif post in ("an opponent controls", "your opponents control"):
        kinds = [replace(f, controller="opponent") for f in kinds]
    elif post == "you don't control":
        kinds = [replace(f, controller="not_you") for f in kinds]  # Energy Field
    elif post == "you control of the chosen type":
        # Collective Inferno: the creature type chosen as it entered (CR 614.12; the step's
        # choices give it).
        kinds = [replace(f, controller="you", chosen_type=True) for f in kinds]
    elif post == "of the chosen color":
        kinds = [replace(f, chosen_color=True) for f in kinds]  # the step's choices.color
    elif post:
        raise OracleParseError(sentence, f'cannot read "source {post}"')
    return Subject("filter", tuple(kinds), words=phrase), choice


def _source_words(adjectives: list[str], sentence: str) -> Filter:
    """The words before "source": colors, card types, subtypes, "non-Human", "colorless"."""
    f = Filter(zone="anywhere")
    for adjective in adjectives:
        negated = re.match(r"^non-?(?P<word>\w+)$", adjective)
        word_ = negated["word"] if negated else adjective
        kind, word = ALL_TYPE_WORDS.get(word_, ("", ""))
        if adjective == "colorless":
            f = replace(f, colorless=True)  # Lithomancer's Focus
        elif adjective == "multicolored":
            f = replace(f, multicolored=True)
        elif word_ in COLOR_WORDS:
            color = frozenset({COLOR_WORDS[word_]})
            f = (
                replace(f, not_colors=f.not_colors | color)
                if negated
                else replace(f, colors=f.colors | color)
            )
        elif adjective == "another":
            f = replace(f, other=True)
        elif kind == "type":
            found = frozenset({word})
            f = (
                replace(f, not_types=f.not_types | found)
                if negated
                else replace(f, types=f.types | found)
            )  # "an artifact source"
        elif kind == "subtype":
            found = frozenset({word})
            # Calamity Bearer: "a Giant source"; Repel the Abominable: "non-Human sources".
            f = (
                replace(f, not_subtypes=f.not_subtypes | found)
                if negated
                else replace(f, subtypes=f.subtypes | found)
            )
        else:
            raise OracleParseError(sentence, f'cannot read "{adjective} source"')
    return f


_TARGETS = re.compile(
    r"^(?:(?P<many>up to (?:one|two|three|four|five)|one or two|one, two, or three|two|three|"
    r"x|any number of) )?(?:another )?target (?P<what>.+)$"
)


def targets_in(phrase: str) -> Subject | None:
    """ "target creature" (the first target), "up to two target creatures" (any of them)."""
    m = _TARGETS.match(phrase.strip())
    if m is None:
        return None
    slots = () if m["many"] else (0,)
    return Subject("targets", (Filter(),), target_slots=slots, words=phrase, up_to=bool(m["many"]))


_DESTINATIONS: dict[str, RedirectTo] = {
    "~": "self",
    "enchanted creature": "enchanted",
    "equipped creature": "enchanted",  # the permanent the source is attached to
    "you": "you",
    "its controller": "its_controller",  # Treacherous Link: the damaged creature's
    "that source's controller": "source_controller",
    "that spell's controller": "source_controller",
    # CR 614.9: the permanent the spell chose as it resolved (Heroic Sacrifice, Gideon's
    # Sacrifice).
    "the chosen creature": "chosen",
    "the chosen permanent": "chosen",
}


def condition_in(words: str, sentence: str, it: Subject | None = None) -> Condition:
    """A condition of a replacement ("if you have no cards in hand", "if you control ...")."""
    words = words.strip()
    if m := re.fullmatch(r"you have (?P<n>no|\w+) cards? in (?:your )?hand", words):
        n = 0 if m["n"] == "no" else number(m["n"], sentence)  # hellbent
        return Compare(HandSize(), "==", n)
    if m := re.fullmatch(r"x is (?P<n>\w+) or more", words):
        return Compare(VarX(), ">=", number(m["n"], sentence))  # Banefire (CR 107.3a)
    return parse_condition(words, sentence, it)


# "If that creature is white or blue, ~ deals 4 damage to it instead" (Lightning Dart): "it"
# and "that creature" in a spell's own condition are the spell's target (CR 614.15).
THE_TARGET = Subject("targets", (Filter(),), (0,), words="that creature")


def count_in(words: str, sentence: str) -> Expr:
    """ "the number of creature cards in your graveyard", "your life total", ..."""
    cursor = Cursor(tokenize(words), sentence=sentence)
    expr = parse_expression(cursor, SubjectContext())
    if not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read the number "{words}"')
    return expr


def targets_before(*phrases: str | None) -> int:
    """How many targets the words before name: the next "target" is the one after them."""
    return sum(len(re.findall(r"\btarget\b", p)) for p in phrases if p)


def destination_in(to: str, before: int, sentence: str) -> tuple[RedirectTo, int | None]:
    if to in _DESTINATIONS:
        return _DESTINATIONS[to], None
    if targets_in(to) is not None:
        return "target", before  # "another target creature": the target after the protected
    raise OracleParseError(sentence, f'cannot tell where "{to}" is')


def damage_source_in(phrase: str | None, sentence: str) -> tuple[Subject | None, bool]:
    if not phrase:
        return None, False
    return source_in(phrase, sentence)


_EXILE_WITH_COUNTER = (
    re.compile(
        r"^exile (?:it|that card) with (?P<n>\w+) (?P<kind>[\w-]+) counters? on it instead$"
    ),
    re.compile(r"^instead exile it and put (?P<n>\w+) (?P<kind>[\w-]+) counters? on it$"),
    re.compile(r"^instead exile it with (?P<n>\w+) (?P<kind>[\w-]+) counters? on it$"),
)


def exile_counters(rest: str) -> tuple[str, int] | None:
    """The counters an exile replacement puts on the card (Draugr Necromancer's "with an ice
    counter on it", Ravenloft Adventurer's "and put a hit counter on it", Darigaaz
    Reincarnated's "with three egg counters on it"), or None (CR 614.1a, 122.1)."""
    for pattern in _EXILE_WITH_COUNTER:
        if (m := pattern.match(rest)) and (n := read_number(m["n"])):
            return m["kind"], n
    return None


def graveyard_rest(rest: str, sentence: str) -> str:
    # "you may put it on top of its owner's library instead" (the caller notes the "may").
    rest = re.sub(r"^you may ", "", rest)
    rest = re.sub(r"\b(?:return|put) ~ ", lambda m: m.group(0).replace("~", "it"), rest)
    if rest in ("exile it instead", "instead exile it", "exile that card instead"):
        return "exile"
    if rest in ("return it to its owner's hand instead", "instead return it to its owner's hand"):
        return "hand"  # Firestorm Phoenix: "return ~ to its owner's hand instead"
    if rest in (
        "put it on top of its owner's library instead",
        "instead put it on top of its owner's library",
    ):
        return "library_top"
    if rest in (
        "put it on the bottom of its owner's library instead",
        "instead put it on the bottom of its owner's library",
    ):
        return "library_bottom"
    if re.match(
        r"^instead (?:that card is revealed and )?put (?:it|that card) on the bottom of", rest
    ) or rest.startswith("instead that card is revealed and put on the bottom of"):
        return "library_bottom"
    # Dauthi Voidwalker's "a void counter", Darigaaz Reincarnated's "three egg counters": the
    # counters on the exiled card are read only by abilities that work in exile.
    rest = re.sub(
        r"^instead exile it with (?:an?|\w+) [\w-]+ counters? on it$", "instead exile it", rest
    )
    # Draugr Necromancer's "exile that card with an ice counter on it instead", Ravenloft
    # Adventurer's "instead exile it and put a hit counter on it": the same, with the counter
    # on the card in exile (``exile_counter`` tells its kind).
    rest = re.sub(
        r"^exile (?:it|that card) with an? [\w-]+ counter on it instead$", "instead exile it", rest
    )
    rest = re.sub(r"^instead exile it and put an? [\w-]+ counter on it$", "instead exile it", rest)
    if rest in ("instead exile it",):
        return "exile"  # Dauthi Voidwalker (the void counter itself isn't shown)
    if rest in (
        "shuffle it into its owner's library instead",
        "instead shuffle it into its owner's library",
        "reveal ~ and shuffle it into its owner's library instead",
        # Saiba Syphoner: "your library" is its owner's (CR 400.3: a card goes only to its
        # owner's library).
        "shuffle it into your library instead",
    ):
        return "library"
    raise OracleParseError(sentence, f'cannot read what happens instead: "{rest}"')


def what_objects(what: str, sentence: str) -> Subject:
    what = re.sub(r"^(a|an) ", "", what)
    if what == "the creature":
        what = "that creature"  # "If the creature would die this turn" (Carbonize's wording)
    if what in ("that creature or planeswalker", "that planeswalker"):
        # Fanged Flames, Blitz of the Thunder-Raptor: the spell's "target creature or
        # planeswalker", named again (CR 608.2c; a resolved shield, 614.1a).
        return Subject("antecedent", words=what)
    if what in ("card or token", "card"):
        return Subject("filter", (Filter(zone="anywhere"),), words=what)
    if m := re.fullmatch(
        r"(?P<kind>creature|permanent) dealt damage (?:this way|by ~(?: this turn)?)", what
    ):
        # Annihilating Fire, Kumano's Pupils: what its source dealt damage to this turn
        # (Torch the Tower: "a permanent dealt damage by ~ would die this turn").
        types = frozenset({"Creature"}) if m["kind"] == "creature" else frozenset()
        return Subject("filter", (Filter(types=types, dealt_damage_by_source=True),), words=what)
    if m := re.fullmatch(
        r"(?P<a>\w+) or (?P<b>\w+) permanent, spell, or card not on the battlefield", what
    ):
        # Sanctifier en-Vec: every object of either color, wherever it is (a permanent, a
        # spell on the stack or a card in another zone), CR 105.2, 109.1.
        colors = [COLOR_WORDS.get(m["a"]), COLOR_WORDS.get(m["b"])]
        if None in colors:
            raise OracleParseError(sentence, f'cannot tell what "{what}" means')
        return Subject(
            "filter",
            tuple(Filter(zone="anywhere", colors=frozenset({c})) for c in colors if c),
            words=what,
        )
    if m := re.fullmatch(r"(?P<kind>\w+) card", what):
        # "a creature card" (Anafenza's older wording): a card of that type, in any zone.
        found = ALL_TYPE_WORDS.get(m["kind"])
        if found is None or found[0] != "type":
            raise OracleParseError(sentence, f'cannot tell what "{what}" means')
        return Subject(
            "filter", (Filter(zone="anywhere", types=frozenset({found[1]})),), words=what
        )
    return objects_in(what, sentence)
