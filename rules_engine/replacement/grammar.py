"""Oracle templates for replacement, prevention and "can't" effects (CR 614-615).

Each template is a sentence shape with slots ("if SOURCE would deal damage to
WHO, it deals double that damage ... instead"); the slots are read with the
same subject grammar as continuous effects, so "a red source you control"
and "a Cleric creature you control" work on invented cards too. A sentence
that looks like a replacement but fits no template is an error quoting it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from rules_engine.cards import library_card
from rules_engine.effects import (
    Compare,
    Condition,
    CopyOf,
    CountObjects,
    CreaturesDiedThisTurn,
    Expr,
    Filter,
    HandSize,
    HowCast,
    Not,
    Product,
    Subject,
    Sum,
    Times,
    VarX,
    YourTurn,
)
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.parser import parse_condition
from rules_engine.oracle.predicates import parse_expression
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.templates import replaces_events
from rules_engine.oracle.text import clean, mark_self, split_sentences, strip_reminder, tokenize
from rules_engine.replacement.specs import (
    CantSpec,
    PlayerWord,
    RedirectTo,
    ReplacementSpec,
    Rider,
    Spec,
    Who,
)
from rules_engine.vocabulary import ALL_TYPE_WORDS, BASIC_LAND_TYPES, CARD_TYPES, COLOR_WORDS

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
_REDIRECT_TO: dict[str, RedirectTo] = {"you": "you", "~": "self", "enchanted creature": "enchanted"}
_GRAVEYARD_OF: dict[str, PlayerWord] = {
    "a graveyard": "any",
    "an opponent's graveyard": "opponent",
    "your graveyard": "you",
    "enchanted player's graveyard": "enchanted",
    "its owner's graveyard": "any",
}
_CANT_WHO: dict[str, PlayerWord] = {"players": "any", "you": "you", "your opponents": "opponent"}
_CANT_DRAW_MORE_WHO: dict[str, PlayerWord] = {"each player": "any", "players": "any", "you": "you"}


def _number(word: str, sentence: str) -> int:
    value = read_number(word)
    if value is None:
        raise OracleParseError(sentence, f'expected a number, got "{word.strip()}"')
    return value


def _amount_or_x(word: str, sentence: str) -> tuple[int | None, bool]:
    """ "3" -> (3, False); "X" -> (None, True): the X its spell or ability had (CR 107.3a)."""
    if word.strip().lower() == "x":
        return None, True
    return _number(word, sentence), False


def _objects(phrase: str, sentence: str) -> Subject:
    cursor = Cursor(tokenize(phrase), sentence=sentence)
    subject = parse_subject(cursor, SubjectContext())
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell what "{phrase}" means')
    return subject


def _who(phrase: str, sentence: str) -> Who:
    """ "an opponent or a permanent an opponent controls" -> players + objects."""
    phrase = phrase.strip()
    if phrase in ("him", "her", "it", "~", "them"):
        return Who("none", Subject("self", words=phrase))
    if phrase in ("a permanent or player", "a player or permanent", "any target"):
        permanents = Subject("filter", (Filter(),), words="permanent")
        return Who("any", permanents)
    players: PlayerWord = "none"
    objects: Subject | None = None
    # "you and creatures you control" (Safe Passage): both are protected.
    parts = re.split(
        r" (?:or|and) (?=(?:a|an|another|other|you|target|enchanted|each|creatures|permanents|"
        r"planeswalkers)\b)",
        phrase,
    )
    for part in parts:
        part = part.strip()
        if part in _PLAYER_WORDS:
            players = _PLAYER_WORDS[part]
        elif targets := _targets(part):
            objects = targets
            if re.search(r"\bplayer\b", part):
                players = "target"  # "target creature, planeswalker, or player"
        else:
            found = _objects(re.sub(r"^(a|an) ", "", part), sentence)
            objects = (
                found if objects is None else Subject("filter", objects.filters + found.filters)
            )
    return Who(players, objects)


def _source(phrase: str, sentence: str) -> tuple[Subject, bool]:
    """ "a red source you control" -> a filter on the damage source; "of your choice" noted."""
    words = phrase.strip()
    if words == "~":
        return Subject("self", words="~"), False  # Excruciator, Charging Tuskodon
    # "sources of the color of your choice": the color is chosen, not the source.
    words = re.sub(r" of the color of your choice$", " of the chosen color", words)
    choice = words.endswith(" of your choice")
    words = words.removesuffix(" of your choice")
    if targets := _targets(words):
        return targets, False  # "target creature would deal damage" (a resolved shield)
    if len(parts := re.split(r" or (?=(?:a|an) )", words)) > 1:
        # Pyromancer's Gauntlet: "a red instant or sorcery spell you control or a red
        # planeswalker you control" is either kind of source.
        found = [_source(part, sentence)[0] for part in parts]
        if all(s.kind == "filter" for s in found):
            filters = tuple(f for s in found for f in s.filters)
            return Subject("filter", filters, words=phrase), choice
    if " sources and " in words and words.endswith(" sources"):
        # Luminesce: "black sources and red sources" is either kind of source.
        found = [_source(part, sentence)[0] for part in words.split(" and ")]
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
        objects = _objects(re.sub(r"^(a|an) ", "", words), sentence)
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
    if post == "you control":
        kinds = [replace(f, controller="you") for f in kinds]
    elif post in ("an opponent controls", "your opponents control"):
        kinds = [replace(f, controller="opponent") for f in kinds]
    elif post == "you don't control":
        kinds = [replace(f, controller="not_you") for f in kinds]  # Energy Field
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


def _targets(phrase: str) -> Subject | None:
    """ "target creature" (the first target), "up to two target creatures" (any of them)."""
    m = _TARGETS.match(phrase.strip())
    if m is None:
        return None
    slots = () if m["many"] else (0,)
    return Subject("targets", (Filter(),), target_slots=slots, words=phrase, up_to=bool(m["many"]))


# --- Templates ----------------------------------------------------------------------

_T = re.compile
# Typed card text reaches these patterns, so none may backtrack into a wildcard: a wildcard
# followed by more of the sentence is closed in an atomic group "(?>...)" at the first words
# that end it ("would deal", "is dealt to"), which the subject it names never holds. Each
# pattern then runs in time linear in the sentence (tests/engine/test_regex_linear.py).
# CR 614.1a. Without "to ..." it watches all the damage its source deals (Blind Fury's
# "to a creature this turn" is a resolved effect's; "to you" may be repeated at the end).
# "Each time target permanent would deal damage ..." (Overblaze) is the same replacement;
# "half that damage, rounded down" (Ghosts of the Innocent); "to equipped creature" repeated
# at the end (Inquisitor's Flail).
DAMAGE_MODIFY = _T(
    r"^(?:if|each time) (?>(?P<src>.+?) would deal )(?P<combat>noncombat |combat )?damage(?: to "
    r"(?P<tgt>.+?))?(?: this turn)?, (?:it|that source) deals "
    r"(?P<mod>double|triple|that much damage (?:plus (?P<plus>\w+)|minus (?P<minus>\w+))|"
    r"half that damage, rounded (?P<round>down|up),)"
    r"(?: that damage)?(?: to (?:that (?:permanent or player|player or permanent|player|"
    r"permanent|creature)|you|~|it|equipped creature|enchanted creature))? instead$"
)
# CR 615.1a: "prevent 1 of that damage"; "prevent all but 1 of that damage" (Temple
# Altisaur); "prevent X of that damage, where X is the number of creatures you control"
# (Shield of the Avatar, counted as the damage would be dealt); Plated Pegasus's "prevent 1
# damage that spell would deal to that permanent or player".
DAMAGE_PREVENT_N = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<combat>combat )?damage to (?>(?P<tgt>.+?), prevent )"
    r"(?P<allbut>all but )?(?P<n>\w+) (?:of that damage|damage that (?:spell|source) would "
    r"deal to that (?:permanent or player|player or permanent|creature|player))"
    r"(?:, where x is (?P<x>.+))?$"
)
DAMAGE_PREVENT_HALF = _T(
    r"^if (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?), prevent half that damage, rounded up$"
)
DAMAGE_PREVENT_ALL_TO = _T(r"^if damage would be dealt to (?P<tgt>.+?), prevent that damage$")
REDIRECT = _T(
    r"^all damage that would be dealt to (?P<tgt>.+?) is dealt to (?P<to>enchanted creature|~) instead$"
)
# "The next 3 damage that would be dealt to target creature this turn is dealt to you
# instead" (a redirection shield, used up like a prevention shield, 615.7).
REDIRECT_NEXT = _T(
    r"^the next (?P<n>\w+) damage that would be dealt to (?P<tgt>.+?) this turn is dealt to "
    r"(?P<to>you|~|enchanted creature|target creature(?: you control)?) instead$"
)
# Worship, Ali from Cairo, Elderscale Wurm ("as long as you have 7 or more life ... 7").
WORSHIP = _T(
    r"^(?:(?P<creature>if you control a creature), |as long as you have (?P<min>\w+) or more "
    r"life, )?damage that would reduce your life total to less than (?P<floor>\w+) reduces it "
    r"to (?P=floor) instead$"
)
PREVENT_ALL_COMBAT = _T(r"^prevent all combat damage that would be dealt this turn$")
PREVENT_ALL_TO = _T(
    r"^prevent all (?P<combat>(?:non)?combat )?damage that would be dealt to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?$"
)
PREVENT_ALL_BY = _T(
    r"^prevent all (?P<combat>combat )?damage (?:(?P<src>.+?) would deal this turn|that would be "
    r"dealt this turn by (?P<by>.+)|that would be dealt by (?P<by2>.+?)(?P<turn> this turn)?)$"
)
PREVENT_NEXT_N = _T(
    r"^prevent the next (?P<n>\w+) damage that would be dealt to (?P<tgt>.+?) this turn"
    r"(?: by (?P<src>.+?))?(?:, where x is (?P<x>.+))?$"
)
# Remedy, Embolden: one shield per target, its size chosen as the spell is cast (CR 601.2d).
PREVENT_NEXT_DIVIDED = _T(
    r"^prevent the next (?P<n>\w+) damage that would be dealt this turn to any number of "
    r"targets, divided as you choose$"
)
PREVENT_NEXT_TIME = _T(
    r"^the next time (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?) this turn, prevent that "
    r"damage$"
)
KICKED_DAMAGE = _T(r"^if ~ was kicked, it deals (?P<n>\w+) damage instead$")
GRAVEYARD = _T(
    r"^if (?P<what>.+?) would be put into (?P<gy>a graveyard|an opponent's graveyard|your graveyard|"
    r"enchanted player's graveyard|its owner's graveyard)(?: from (?P<from>anywhere other than "
    r"the battlefield|anywhere|the battlefield))?(?: this turn)?, "
    r"(?P<rest>.+)$"
)
DIE_INSTEAD = _T(r"^if (?P<what>.+?) would die, instead exile that card and create (?P<token>.+)$")
# "If that creature would die this turn, exile it instead" (Magma Spray: a resolved shield).
DIE_ELSEWHERE = _T(r"^if (?P<what>.+?) would die(?: this turn)?, (?P<rest>.+)$")
DRAW_EXCEPT_FIRST = _T(
    r"^if (?P<who>you|an opponent) would draw a card except the first one (?:you|they) draw in each "
    r"of (?:your|their) draw steps, (?P<rest>.+)$"
)
DRAW_TWO = _T(r"^if you would draw a card, draw two cards instead$")  # Thought Reflection
# CR 614.1a, 614.6: "Until end of turn, if target player would draw a card, instead that
# player skips that draw and you draw a card" (Plagiarize, a resolved effect on its target).
DRAW_STEAL_TARGET = _T(
    r"^if target player would draw a card, instead that player skips that draw and you draw a "
    r"card$"
)
# CR 614.1a: "If you would draw a card, you may put a study counter on ~ instead" (Pursuit of
# Knowledge: the card isn't drawn).
DRAW_TO_COUNTER = _T(
    r"^if you would draw a card, you may put an? (?P<kind>\S+) counter on ~ instead$"
)
DRAW_LICH = _T(
    r"^if you would draw a card, instead look at the top (?P<n>\w+) cards of your library, then put "
    r"one into your hand and the rest into your graveyard$"
)
DRAW_EMPTY_WIN = _T(
    r"^if you would draw a card while your library has no cards in it, you win the game instead$"
)
DRAW_SKIP = _T(
    r"^if (?P<who>you|a player) would draw a card, (?:you|that player) (?P<may>may )?skips? "
    r"that draw instead$"
)
DRAW_GAIN_LIFE = _T(
    r"^if you would draw a card, you (?P<may>may )?(?:instead )?gain (?P<n>\w+) life(?: instead)?$"
)
NEXT_DRAW_LIFE = _T(
    r"^the next time you would draw a card this turn, you gain (?P<n>\w+) life instead$"
)
# CR 614.1b, 614.10. "Hellbent — Skip your upkeep step if you have no cards in hand."
SKIP = _T(
    r"^(?:(?P<who>players|you|each player) )?skips? (?:your|their) (?P<step>untap|upkeep|draw) "
    r"steps?(?: if (?P<cond>.+))?$"
)
# CR 614.10a: a skip of the next step, phase or turn is used up once it applies ("You skip
# your next turn"; "Target player skips their next combat phase this turn").
SKIP_NEXT = _T(
    r"^(?P<who>target player|target opponent|you) skips? (?:your|their) next "
    r"(?P<step>untap|upkeep|draw|combat|turn)(?: step| phase)?(?: this turn)?$"
)
REGENERATE = _T(r"^regenerate (?P<what>~|target creature|enchanted creature|equipped creature)$")
REGENERATE_STATIC = _T(r"^if ~ would be destroyed, regenerate it$")  # Mossbridge Troll
# Sulfuric Vortex; Flames of the Blood Hand's "If that player would gain life this turn"
# (the spell's target player).
GAIN_NONE = _T(
    r"^if (?P<who>a player|that player|that player or that planeswalker's controller) would "
    r"gain life(?: this turn)?, that player gains no life instead$"
)
ENTERS_TAPPED_IF_NOT = _T(r"^if you don't, (?:~|it) enters tapped$")  # shock, reveal lands
GAIN_MODIFY = _T(
    r"^if you would gain life, you gain (?:(?P<twice>twice that much life)|that much life plus "
    r"(?P<plus>\w+)) instead$"
)
GAIN_TO_DRAW = _T(r"^if you would gain life, draw that many cards instead$")
# Tainted Remedy; Bloodletter of Aclazotz; "lose half that much life".
GAIN_TO_YOU = _T(r"^if an opponent would gain life, you gain that much life instead$")
GAIN_TO_LOSS = _T(
    r"^if (?P<who>you|an opponent) would gain life, (?:you|that player|they) loses? that much "
    r"life instead$"
)
LOSE_TO_GAIN = _T(
    r"^if (?P<who>you|an opponent) would lose life, (?:you|that player|they) gains? that much "
    r"life instead$"
)
LOSE_MODIFY = _T(
    r"^if (?P<who>you|an opponent) would lose life(?P<turn> during your turn)?, (?:you|that player|"
    r"they) loses? (?:(?P<twice>twice that much life)|half that much life, rounded (?P<round>down|up))"
    r"(?: instead)?$"
)
DRAW_TO_RETURN = _T(
    r"^if you would draw a card, return a card from your graveyard to your hand instead$"
)
# Anointed Procession, Parallel Lives, Ojer Taq ("three times that many"), Primal Vigor.
TOKENS_BY_EFFECT = _T(
    r"^if an effect would create one or more (?P<creature>creature )?tokens under your control, "
    r"it creates (?P<mod>twice|three times) that many of those tokens instead$"
)
# Xorn: "instead create those tokens plus an additional Treasure token".
TOKENS_PLUS_ONE = _T(
    r"^if you would create one or more (?P<kind>\w+) tokens, instead create those tokens plus an "
    r"additional (?P=kind) token$"
)
# Peregrin Took, Chatterfang ("plus that many 1/1 green Squirrel creature tokens"), and
# Divine Visitation ("that many 4/4 white Angel creature tokens ... are created instead").
TOKENS_PLUS_OTHER = _T(
    r"^if one or more (?P<kind>creature )?tokens would be created under your control, "
    r"(?:those tokens plus (?P<plus>an additional (?P<one>.+?) token|that many (?P<many>.+?) "
    r"tokens)|that many (?>(?P<instead>.+?) tokens)(?P<with> with [\w ,]+?)?) are created instead$"
)
# Academy Manufactor: "If you would create a Clue, Food, or Treasure token, instead create one
# of each" (CR 614.1a; each token of those kinds becomes one of each kind).
TOKENS_ONE_OF_EACH = _T(
    r"^if you would create an? (?P<kinds>\w+(?:, \w+)*,? or \w+) token, instead create one of "
    r"each$"
)
# Jinnie Fay: "you may instead create that many 2/2 green Cat creature tokens with haste or
# that many 3/1 green Dog creature tokens with vigilance" (614.1a; the creator chooses).
TOKENS_INSTEAD_CHOICE = _T(
    r"^if you would create one or more tokens, you may instead create that many (?>(?P<a>.+?) "
    r"tokens)(?P<awith> with \w+)? or that many (?P<b>.+?) tokens(?P<bwith> with \w+)?$"
)
TOKENS_CREATED = _T(
    r"^if one or more (?P<creature>creature )?tokens would be created(?P<yours> under your "
    r"control)?, (?P<mod>twice|three times) that many of those tokens are created instead$"
)
COUNTERS_DOUBLE_EFFECT = _T(
    r"^if an effect would put one or more counters on (?P<on>.+?), it puts twice that many of those "
    r"counters on that permanent instead$"
)
COUNTERS_MODIFY = _T(
    r"^if one or more (?P<kind>[+-]1/[+-]1 )?counters would be put on (?P<on>.+?), "
    r"(?P<mod>that many plus one|twice that many|that many minus one|that many (?:[+-]1/[+-]1 )?"
    r"counters minus one)(?: of each of those kinds of counters| [+-]1/[+-]1 counters| counters)? "
    r"are put on (?:it|that creature|that permanent) instead$"
)
PLAYER_COUNTERS_PLUS = _T(
    r"^if you would get one or more counters, you get that many plus one of each of those kinds of "
    r"counters instead$"
)
# CR 614.1a, 122.6: a change keyed to who puts the counters, on permanents and players alike
# (Vorinclex, Monstrous Raider; Lae'zel's "on a creature or planeswalker you control or on
# yourself").
COUNTERS_BY_PLAYER = _T(
    r"^if (?P<who>you|an opponent) would put one or more counters on (?P<on>.+?), (?:they )?"
    r"put (?P<mod>twice that many|half that many|that many plus one) of each of those kinds of "
    r"counters on that permanent or player instead(?:, rounded (?P<round>down))?$"
)
ENTERS_TAPPED = _T(r"^(?P<what>.+?) enters? tapped$")
ENTERS_TAPPED_UNLESS = _T(r"^~ enters tapped unless (?P<cond>you control .+)$")
# CR 614.1c with a condition checked as it would enter (614.12): "If you control two or more
# other lands, ~ enters tapped" (Den of the Bugbear).
ENTERS_TAPPED_IF = _T(r"^if (?P<cond>you control .+?), ~ enters tapped$")
# Gather Specimens (CR 616.1b: effects on who will control an entering permanent go first).
ENTERS_UNDER_YOUR_CONTROL = _T(
    r"^if (?P<what>.+?) would enter under an opponent's control(?: this turn)?, it enters under "
    r"your control instead$"
)
ENTERS_AS_COPY = _T(r"^(?P<what>.+?) enters? as a copy of ~$")
ENTERS_WITH_ADDITIONAL = _T(
    r"^(?P<what>.+?) enters? with an additional (?P<kind>\S+) counter on it$"
)
# CR 614.1c: a general "enters with" effect whose number is counted from its source:
# "Each other creature you control enters with an additional X +1/+1 counters on it, where X
# is the number of creatures devoured by ~" (Bloodspore Thrinax, 702.82b).
ENTERS_WITH_ADDITIONAL_X = _T(
    r"^(?P<what>.+?) enters? with an additional x (?P<kind>\S+) counters on it, where x is "
    r"(?P<x>.+)$"
)
ENTERS_WITH_POWER = _T(
    r"^(?P<what>.+?) enters? with a number of additional (?P<kind>\S+) counters on it equal to ~'s "
    r"power(?: and as an? (?P<type>\w+) in addition to its other types)?$"
)
ENTERS_WITH_N = _T(r"^~ enters with (?P<n>\w+) (?P<kind>\S+) counters? on it$")
CANT_GAIN = _T(r"^(?P<who>players|you|your opponents) can't gain life(?: this turn)?$")
CANT_DRAW = _T(r"^(?P<who>players|you|your opponents) can't draw cards$")
CANT_DRAW_MORE = _T(
    r"^(?P<who>each player|players|each opponent|your opponents|you) can't draw more than "
    r"(?P<n>\w+) cards? each turn$"
)
CANT_CHANGE = _T(r"^your life total can't change$")
# CR 701.19c: "A creature dealt damage this way can't be regenerated this turn." (Incinerate),
# "That creature can't be regenerated this turn." (Disintegrate): regeneration shields
# don't apply to it this turn.
CANT_REGENERATE = _T(
    r"^(?:if it's a creature, )?(?P<what>a creature dealt damage this way|that creature|it|"
    r"the creature) can't be regenerated this turn$"
)
# CR 614.17: Grafdigger's Cage, "Creature cards in graveyards and libraries can't enter."
CANT_ENTER_FROM = _T(
    r"^(?:(?P<type>creature|artifact|land|enchantment|planeswalker|permanent) )?cards in "
    r"(?P<zones>graveyards and libraries|graveyards|libraries) can't enter$"
)
CANT_PREVENT = _T(
    r"^(?:damage|this damage|the damage|(?P<combat>combat )?damage that would be dealt by "
    r"(?P<src>.+?)) can't be prevented"
    r"(?: this turn)?$"
)
CANT_PLAYER_COUNTERS = _T(r"^players can't get counters$")
CANT_COUNTERS_ON = _T(r"^counters can't be put on (?P<on>.+)$")
CANT_HAVE_COUNTERS = _T(
    r"^(?P<on>.+?) can't have (?P<kind>[+-]1/[+-]1 )?counters put on (?:it|them)$"
)
# CR 104.3, 614.17: Platinum Angel; Angel's Grace says "this turn" (a resolved effect ends
# with its "end" step anyway).
CANT_LOSE_WIN = _T(
    r"^you can't lose the game(?: this turn)? and your opponents can't win the game(?: this turn)?$"
)
CANT_LOSE = _T(r"^you can't lose the game$")
OPENING_HAND = _T(
    r"^if ~ is in your opening hand, you may begin the game with it on the battlefield$"
)


# --- More shapes of the same families (CR 614-615) ------------------------------------

# CR 615.1a: prevention naming both who is dealt the damage and by what; "this turn" may
# stand before the recipient, after it, or at the end (Divine Light, Energy Field, Samite
# Ministration, Channel Harm).
PREVENT_ALL_TO_BY = _T(
    r"^prevent all (?P<combat>(?:non)?combat )?damage that would be dealt (?P<t1>this turn )?"
    r"to (?P<tgt>.+?)(?P<t2> this turn)?(?: by (?P<src>.+?))?(?P<t3> this turn)?"
    r"(?P<during> during your turn)?$"
)
# CR 615.1a: "Prevent all damage that creatures would deal to players this turn" (Chameleon
# Blur); "Prevent all damage that ~ would deal to red creatures" (a static ability).
PREVENT_ALL_BY_TO = _T(
    r"^prevent all (?P<combat>combat )?damage (?:that )?(?P<src>.+?) would deal to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?$"
)
# CR 615.1a: "If noncombat damage would be dealt to you, prevent that damage" (Purity).
PREVENT_IF_DEALT_TO = _T(
    r"^if (?P<combat>(?:non)?combat )?damage would be dealt to (?P<tgt>.+?)(?P<turn> this turn)?, "
    r"prevent that damage$"
)
# CR 615.1a: "If a source would deal damage to ~, prevent that damage."
PREVENT_IF_DEALS = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<combat>(?:non)?combat )?damage to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?, prevent that damage$"
)
# CR 615.1a, 615.7: "The next time target creature would deal damage this turn, prevent that
# damage" (a shield used up by the next damage that creature deals).
PREVENT_NEXT_TIME_BY = _T(
    r"^the next time (?P<src>.+?) would deal damage this turn, prevent that damage$"
)
# CR 614.9: "All damage that would be dealt [this turn] to X [by Y] is dealt to Z instead"
# (Treacherous Link, Turn the Tables, Kor Chant).
REDIRECT_ALL = _T(
    r"^all (?P<combat>combat )?damage that would be dealt (?P<t1>this turn )?to "
    r"(?>(?P<tgt>.+?)(?= this turn(?: by | is dealt to )| by | is dealt to ))(?P<t2> this turn)?"
    r"(?: by (?>(?P<src>.+?)(?=(?: this turn)? is dealt to )))?(?P<t3> this turn)? is dealt to "
    r"(?P<to>.+?) instead$"
)
# CR 614.9, 615.7: "The next N damage that would be dealt to target creature this turn is
# dealt to another target creature instead."
REDIRECT_NEXT_ANOTHER = _T(
    r"^the next (?P<n>\w+) damage that would be dealt to (?>(?P<tgt>.+?) this turn is dealt to )"
    r"(?P<to>another target .+?) instead$"
)
# CR 614.9: "The next time a source of your choice would deal damage this turn, that damage
# is dealt to that source's controller instead."
REDIRECT_NEXT_TIME = _T(
    r"^the next time (?>(?P<src>.+?) would deal damage)(?: to (?>(?P<tgt>.+?)(?=(?: this turn)?, "
    r"(?:that damage is dealt to|it deals that damage to) )))?(?: this turn)?, "
    r"(?:that damage is dealt to|it deals that damage to) (?P<to>.+?) instead$"
)
# CR 615.1a: "Prevent all damage that would be dealt to a creature by another creature if they
# share a color" (Well-Laid Plans: the two creatures' colors as the damage would be dealt).
PREVENT_IF_SHARE_COLOR = _T(
    r"^prevent all damage that would be dealt to a creature by another creature if they share a "
    r"color$"
)
# CR 614.1a, 615.7: "The next time a source of your choice would deal damage to you this turn,
# instead that source deals that much damage to you and ~ deals that much damage to that
# source's controller" (Eye for an Eye: the damage is still dealt, and more is added).
ECHO_NEXT_TIME = _T(
    r"^the next time (?P<src>.+?) would deal damage to you this turn, instead that source deals "
    r"that much damage to you and ~ deals that much damage to that source's controller$"
)
# CR 614.9: "If an instant or sorcery spell of the chosen color would deal damage to you, it
# deals that damage to its controller instead" (Harsh Judgment: "its" is the spell's).
REDIRECT_TO_ITS_CONTROLLER = _T(
    r"^if (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?), it deals that damage to its "
    r"controller instead$"
)
# CR 614.1a: damage replaced by counters (Phytohydra, Force Bubble). It is a replacement, not
# a prevention: "damage can't be prevented" doesn't stop it (615.12 is about prevention).
DAMAGE_TO_COUNTERS = _T(
    r"^if (?:(?P<combat>(?:non)?combat )?damage would be dealt to (?P<tgt>.+?)|(?>(?P<src>.+?) would "
    r"deal )(?P<combat2>(?:non)?combat )?damage to (?P<tgt2>.+?)), put that many (?P<kind>\S+) "
    r"counters on (?P<on>~|it|that creature|that permanent) instead$"
)
# CR 614.15, 616.1a: a spell's own "instead" on the damage it deals: "If ~ was kicked, it
# deals 4 damage to that creature instead"; Cackling Flames' "~ deals 5 damage to that
# permanent or player instead if you have no cards in hand".
SELF_DAMAGE = _T(
    r"^(?:if (?P<before>.+?), (?:instead )?)?(?:~|it) deals (?P<n>\w+) damage(?: to "
    r"(?:that (?:permanent or player|player or planeswalker|creature or player|creature or "
    r"planeswalker|creature|player|planeswalker|permanent)|it|each of those targets))?"
    r"(?P<instead> instead)?(?: if (?P<after>.+))?$"
)
# CR 615.1a, 615.5, 615.12: a prevention whose additional part removes counters from the
# creature (Protean Hydra "that many", Unbreathing Horde and Undergrowth Champion "a"); the
# counters go even if the damage can't be prevented (Protean Hydra ruling, 2009-10-01).
PREVENT_REMOVE_COUNTERS = _T(
    r"^if (?:damage would be dealt to ~|~ would be dealt damage)(?P<while> while it has an? "
    r"(?P<wkind>\S+) counter on it)?, prevent that damage(?: and|,) remove (?P<n>an?|that many) "
    r"(?P<kind>\S+) counters? from (?:it|~)(?:,? and create that many (?P<token>[\w/ ]+? "
    r"tokens))?$"
)
# CR 614.1c: "If ~ would enter, sacrifice a Forest instead. If you do, put ~ onto the
# battlefield. If you don't, put it into its owner's graveyard." (Heart of Yavimaya, Lotus
# Vale: the two sentences after it are read with it); Sheltered Valley's "instead sacrifice
# each other permanent named ~ you control, then put ~ onto the battlefield".
ENTER_SACRIFICE = _T(
    r"^if ~ would enter, (?:sacrifice (?P<n>an?|two|three) (?P<what>.+?) instead|instead "
    r"sacrifice each (?P<each>.+? you control), then put ~ onto the battlefield)$"
)
# CR 614.1c, 614.12: what its controller does as it enters, before it is on the battlefield:
# "As ~ enters, sacrifice all lands you control" (Overlaid Terrain), "you lose life equal to
# your life total" (Lich), Thief of Blood's "remove all counters from all permanents".
AS_ENTERS_SACRIFICE_ALL = _T(r"^as ~ enters, sacrifice all (?P<what>.+? you control)$")
AS_ENTERS_LOSE_LIFE_TOTAL = _T(r"^as ~ enters, you lose life equal to your life total$")
AS_ENTERS_REMOVE_ALL = _T(r"^as ~ enters, remove all counters from all permanents$")
THIEF_COUNTERS = _T(
    r"^~ enters with an? (?P<kind>\S+) counter on it for each counter removed this way$"
)
# CR 614.1c: "If a nontoken creature would enter and it wasn't cast, exile it instead"
# (Containment Priest; Hallowed Moonlight's for the turn). An enter step without
# "cast_from_hand" puts the permanent onto the battlefield: it wasn't cast.
ENTER_EXILE_NOT_CAST = _T(
    r"^if (?:a|an) (?P<what>[\w ]+?) would enter and it wasn't cast, exile it instead$"
)
ENTER_SACRIFICE_THEN = _T(
    r"^if you (?:do, put ~ onto the battlefield|don't, put it into its owner's graveyard)$"
)
# CR 614.1c: "~ enters tapped with two charge counters on it" (Vivid lands): one effect.
ENTERS_TAPPED_WITH = _T(r"^~ enters tapped (?:and )?with (?P<n>\w+) (?P<kind>\S+) counters? on it$")
# CR 614.1c with a condition checked as it would enter (614.12): "If ~ was kicked, it enters
# with two +1/+1 counters on it"; "Ferocious — ~ enters with a +1/+1 counter on it if you
# control a creature with power 4 or greater".
ENTERS_WITH_IF = _T(
    r"^(?:if (?P<before>.+?), )?(?:~|it) enters with (?P<n>\w+) (?:additional )?(?P<kind>\S+) "
    r"counters? on it(?: (?P<unless>if|unless) (?P<after>.+))?$"
)
# CR 614.1c: a resolving spell's rider on the creature it returns: "If {G} was spent to cast
# ~, that creature enters with an additional +1/+1 counter on it" (Vigor Mortis); spell
# mastery's "... that creature enters with two additional +1/+1 counters on it".
THAT_CREATURE_ENTERS_WITH = _T(
    r"^(?:if (?P<before>.+?), )?that creature enters with (?P<n>\w+) additional (?P<kind>\S+) "
    r"counters? on it$"
)
# CR 614.1c, 107.3m: "If X is 5 or more, it enters with an additional X +1/+1 counters on
# it" (Apocalypse Hydra): the X paid, checked as it would enter (614.12).
ENTERS_WITH_X_IF_X = _T(
    r"^if x is (?P<n>\w+) or more, (?:~|it) enters with an additional x (?P<kind>\S+) "
    r"counters on it$"
)
# CR 614.1c: "You may have ~ enter with a +1/+1 counter on it" (unleash's first part, 702.98a):
# an optional replacement its controller may decline.
ENTERS_WITH_MAY = _T(
    r"^you may have ~ enter with (?P<n>\w+) (?:additional )?(?P<kind>\S+) counters? on it$"
)
# CR 614.1c: a number counted as it would enter: "~ enters with a +1/+1 counter on it for
# each creature card in your graveyard", "... X +1/+1 counters on it, where X is ...".
ENTERS_WITH_EACH = _T(
    r"^~ enters with (?:(?P<many>an?|\w+) (?P<kind>\S+) counters? on it for each (?P<each>.+)|"
    r"x (?P<kind2>\S+) "
    r"counters on it, where x is (?P<x>.+)|a number of (?P<kind3>\S+) counters on it equal to "
    r"(?P<equal>.+))$"
)
# CR 702.44a: sunburst, as the keyword table spells it out: +1/+1 counters if it enters as a
# creature, else charge counters, one for each color of mana spent to cast it.
SUNBURST = _T(
    r"^~ enters with a \+1/\+1 counter on it for each color of mana spent to cast it, or that "
    r"many charge counters if it isn't entering as a creature$"
)
# CR 702.136a: riot, as the keyword table spells it out.
RIOT = _T(r"^~ enters with an additional \+1/\+1 counter on it or with haste, as riot says$")
# CR 119.4: shock lands. "As ~ enters, you may pay 2 life. If you don't, it enters tapped."
PAY_LIFE_AS_ENTERS = _T(r"^as ~ enters, you may pay (?P<n>\w+) life$")
# Reveal lands: "As ~ enters, you may reveal a Dragon card from your hand." The choice is
# the "If you don't, ~ enters tapped" effect's (declining it: the card was revealed).
AS_ENTERS_MAY = _T(r"^as ~ enters, you may (?:pay \w+ life|reveal .+)$")
# CR 614.1a, 615.1a: effects that watch how much damage a source would deal: "If a source
# would deal 3 or less damage to ~, prevent that damage" (Callous Giant); "If a source would
# deal 4 or more damage to a permanent or player, that source deals 3 damage to that
# permanent or player instead" (Divine Presence).
DAMAGE_THRESHOLD = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<n>\w+) or (?P<dir>more|less) damage to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?, (?:prevent that damage|(?:it|that source) deals (?P<m>\w+) damage "
    r"to (?:that (?:permanent or player|player or permanent|player|permanent|creature)|you|~|"
    r"it) instead)$"
)
CAST_FROM_HAND = _T(r"^you (?P<not>didn't )?cast (?:it|~) from your hand$")
# CR 614.12, 614.1c: "As ~ enters, choose two colors" and the other choices made as a
# permanent enters, beyond the one color or creature type the line templates route to the
# choice template (oracle/templates.py); "an opponent chooses" (Callous Oppressor).
# CR 614.12, 707.2, 208.2b: "As ~ enters, it becomes your choice of a 3/3 artifact creature, a
# 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition
# to its other types" (Primal Clay, Primal Plasma): the chosen form is part of its copiable
# values. "or is turned face up" (Aquamorph Entity) is not read.
AS_ENTERS_BECOMES = _T(
    r"^as ~ enters, it becomes your choice of (?P<forms>.+?)(?: in addition to its other types)?$"
)
_FORM = re.compile(
    r"^an? (?P<p>\d+)/(?P<t>\d+) (?P<words>(?:[a-z]+ )*?)creature(?: with (?P<kw>[a-z ]+))?$"
)
# CR 614.1c, 614.12: "As ~ enters, sacrifice any number of creatures" (Dracoplasm) or
# "permanents" (Shimatsu), read with the sentence after it that says what that does: "~ enters
# with that many +1/+1 counters on it", or "~'s power becomes the total power of those creatures
# and its toughness becomes their total toughness" (a value set as it enters: copiable, 707.2).
# The step names what is sacrificed (``choices.sacrifice_as_enters``), as for devour (702.82a).
AS_ENTERS_SACRIFICE_ANY = _T(
    r"^as ~ enters, sacrifice any number of (?P<what>creatures|permanents)$"
)
SACRIFICED_COUNTERS = _T(r"^(?P<who>~|\w+) enters with that many (?P<kind>\S+) counters on it$")
SACRIFICED_PT = _T(
    r"^~'s power becomes the total power of those creatures and its toughness becomes their "
    r"total toughness$"
)
AS_ENTERS_CHOOSE = _T(
    r"^as ~ enters, (?P<who>choose|an opponent chooses|name) (?P<what>.+?)"
    r"(?P<opponent> and (?:an|one) opponent)?$"
)
# CR 614.1c, 702.33d: "If ~ was kicked [with its {1}{U} kicker], it enters with two +1/+1
# counters on it and with flying" (Kavu Titan, Anavolver): counters, and abilities it has
# while on the battlefield because of how it entered.
KICKED_ENTERS_WITH = _T(
    r"^if ~ was kicked(?: with its (?P<cost>(?:\{[^}]+\})+) kicker)?, it enters with "
    r"(?P<n>\w+) (?P<kind>\S+) counters? on it and with (?P<what>.+)$"
)
# CR 502.3: "~ enters tapped and doesn't untap during your untap step" (Leviathan): the
# replacement (614.1c) and a rule about the untap step, which no board step performs.
TAPPED_AND_NO_UNTAP = _T(r"^~ enters tapped and (?P<rule>doesn't untap during your untap step)$")
_UNTAP_STEP_RULE = "~ doesn't untap during your untap step"
# Conditions that wrap any template: "As long as ~ is untapped, ..." (611.3a), "During your
# turn, ...".
CONDITIONAL = _T(r"^(?:as long as (?P<cond>[^,]+)|(?P<your_turn>during your turn)), (?P<rest>.+)$")

_DESTINATIONS: dict[str, RedirectTo] = {
    "~": "self",
    "enchanted creature": "enchanted",
    "equipped creature": "enchanted",  # the permanent the source is attached to
    "you": "you",
    "its controller": "its_controller",  # Treacherous Link: the damaged creature's
    "that source's controller": "source_controller",
    "that spell's controller": "source_controller",
}


def _condition(words: str, sentence: str, it: Subject | None = None) -> Condition:
    """A condition of a replacement ("if you have no cards in hand", "if you control ...")."""
    words = words.strip()
    if m := re.fullmatch(r"you have (?P<n>no|\w+) cards? in (?:your )?hand", words):
        n = 0 if m["n"] == "no" else _number(m["n"], sentence)  # hellbent
        return Compare(HandSize(), "==", n)
    if m := re.fullmatch(r"x is (?P<n>\w+) or more", words):
        return Compare(VarX(), ">=", _number(m["n"], sentence))  # Banefire (CR 107.3a)
    return parse_condition(words, sentence, it)


# "If that creature is white or blue, ~ deals 4 damage to it instead" (Lightning Dart): "it"
# and "that creature" in a spell's own condition are the spell's target (CR 614.15).
_THE_TARGET = Subject("targets", (Filter(),), (0,), words="that creature")


def _count(words: str, sentence: str) -> Expr:
    """ "the number of creature cards in your graveyard", "your life total", ..."""
    cursor = Cursor(tokenize(words), sentence=sentence)
    expr = parse_expression(cursor, SubjectContext())
    if not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read the number "{words}"')
    return expr


def _targets_before(*phrases: str | None) -> int:
    """How many targets the words before name: the next "target" is the one after them."""
    return sum(len(re.findall(r"\btarget\b", p)) for p in phrases if p)


def _destination(to: str, before: int, sentence: str) -> tuple[RedirectTo, int | None]:
    if to in _DESTINATIONS:
        return _DESTINATIONS[to], None
    if _targets(to) is not None:
        return "target", before  # "another target creature": the target after the protected
    raise OracleParseError(sentence, f'cannot tell where "{to}" is')


def _damage_source(phrase: str | None, sentence: str) -> tuple[Subject | None, bool]:
    if not phrase:
        return None, False
    return _source(phrase, sentence)


# The words a choice offers ("black or red", "Island or Swamp", "artifact, creature, ...,
# or sorcery") and the choice field each kind of word is written in.
_OFFERED_KINDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("color", frozenset(COLOR_WORDS)),
    ("land_type", frozenset(t.lower() for t in BASIC_LAND_TYPES)),
    ("card_type", frozenset(t.lower() for t in CARD_TYPES)),
)
_CHOICE_WORDS: dict[str, tuple[str, ...]] = {
    "a color": ("color",),
    "a color word": ("color",),  # Swirl the Mists (CR 612.2: written as its color)
    "two colors": ("colors",),
    "an opponent": ("player",),
    "a player": ("player",),
    "two players": ("players",),
    "a creature type": ("creature_type",),
    "a card type": ("card_type",),
    "a basic land type": ("land_type",),
    "a color and a creature type": ("color", "creature_type"),
    "a creature type and a color": ("color", "creature_type"),
    "another creature you control": ("chosen",),
    "a creature you control": ("chosen",),
}
# "a card name", "a nonbasic land card name", "a noncreature, nonland card name", "a card".
_CARD_NAME = re.compile(r"^(?:a [\w, -]*card name|a card|a nonland card)$")


def entering_forms(sentence: str) -> dict[str, CopyOf]:
    """Primal Clay's forms by power/toughness ("3/3" -> a 3/3 artifact creature): the
    exceptions each makes to its own copiable values (CR 707.2, 707.9b)."""
    m = re.search(
        r"it becomes your choice of (?P<forms>.+?)(?: in addition to its other types)?$",
        sentence.lower().rstrip(". "),
    )
    if m is None:
        raise OracleParseError(sentence, "not a choice of forms")
    forms: dict[str, CopyOf] = {}
    for phrase in re.split(r",? or |, ", m["forms"]):
        form = _FORM.match(phrase.strip())
        if form is None:
            raise OracleParseError(sentence, f'cannot read the form "{phrase}"')
        types: set[str] = {"Creature"}
        subtypes: list[str] = []
        for word in form["words"].split():
            found = ALL_TYPE_WORDS.get(word)
            if found is None or found[0] not in ("type", "subtype"):
                raise OracleParseError(sentence, f'cannot tell what "{word}" is')
            (types.add if found[0] == "type" else subtypes.append)(found[1])
        abilities = (form["kw"].capitalize(),) if form["kw"] else ()
        if abilities and parse_keyword(abilities[0]) is None:
            raise OracleParseError(sentence, f'cannot read "{form["kw"]}"')
        forms[f"{form['p']}/{form['t']}"] = CopyOf(
            except_types=frozenset(types),
            except_subtypes=frozenset(subtypes),
            except_pt=(int(form["p"]), int(form["t"])),
            except_abilities=abilities,
        )
    return forms


def _as_enters_choice(m: re.Match[str], sentence: str) -> ReplacementSpec:
    """CR 614.12: a choice made as the permanent enters, which the entering permanent's
    step answers (its ``choices``). What the card later does with "the chosen ..." is
    read wherever that sentence is."""
    what = m["what"].strip()
    keys: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    if what in _CHOICE_WORDS:
        keys = _CHOICE_WORDS[what]
    elif _CARD_NAME.match(what):
        keys = ("card_name",)  # CR 201.3: the name of a card, any card unless limited
    elif " or " in what:
        words = tuple(w.strip() for w in re.split(r",? or |, ", what) if w.strip())
        kinds = [k for k, vocab in _OFFERED_KINDS if all(w in vocab for w in words)]
        keys = (kinds[0] if kinds else "option",)
        options = words
    if not keys:
        raise OracleParseError(sentence, f'cannot tell what "{what}" chooses')
    if m["opponent"]:
        keys = (*keys, "player")  # "a color and an opponent" (Call to Arms)
    return ReplacementSpec(
        sentence,
        "as_enters",
        objects=Subject("self", words="~"),
        chooses=keys,
        options=options,
        chooser="opponent" if m["who"] == "an opponent chooses" else "controller",
    )


def _with_abilities(words: str, sentence: str) -> tuple[str, ...]:
    """ "flying", "first strike", '"Pay 3 life: Regenerate ~."' -> the abilities it has."""
    words = words.strip()
    if re.fullmatch(r'"(?P<text>.+)"', words):
        # The quoted ability as printed (the sentence is read in lower case).
        quoted = re.search(r'"(?P<text>[^"]+)"', sentence)
        return (quoted["text"],) if quoted else ()
    found = tuple(kw.strip().capitalize() for kw in re.split(r",? and |, ", words) if kw.strip())
    if not found or not all(parse_keyword(kw) is not None for kw in found):
        raise OracleParseError(sentence, f'cannot tell what abilities "{words}" are')
    return found


def _breadth(body: str, sentence: str) -> Spec | None:  # noqa: C901 - a table of templates
    """The template shapes above, tried before the older ones they would be mistaken for."""
    if PREVENT_IF_SHARE_COLOR.match(body):
        creature = Filter(types=frozenset({"Creature"}))
        return ReplacementSpec(
            sentence,
            "prevent_static",
            prevention=True,
            target=Who("none", Subject("filter", (creature,), words="a creature")),
            source=Subject("filter", (creature,), words="another creature"),
            extra="source_shares_color",
        )
    if AS_ENTERS_BECOMES.match(body):
        return ReplacementSpec(
            sentence,
            "as_enters",
            objects=Subject("self", words="~"),
            chooses=("option",),
            options=tuple(entering_forms(sentence)),
            extra="form",
        )
    if m := AS_ENTERS_CHOOSE.match(body):
        return _as_enters_choice(m, sentence)
    if m := DAMAGE_THRESHOLD.match(body):
        watched, chosen = _source(m["src"], sentence)
        n = _number(m["n"], sentence)
        shield = "prevent_shield" if m["turn"] else "prevent_static"  # a resolved one lasts
        return ReplacementSpec(
            sentence,
            "damage_modify" if m["m"] else shield,
            prevention=not m["m"],
            shield="this_turn" if m["turn"] and not m["m"] else None,
            target=_who(m["tgt"], sentence),
            source=watched,
            source_choice=chosen,
            at_least=n if m["dir"] == "more" else None,
            at_most=n if m["dir"] == "less" else None,
            set_to=_number(m["m"], sentence) if m["m"] else None,
        )
    if m := KICKED_ENTERS_WITH.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=_number(m["n"], sentence),
            kicked=True,
            kicker_cost=m["cost"].upper() if m["cost"] else None,
            with_abilities=_with_abilities(m["what"], sentence),
        )
    if m := PREVENT_ALL_TO_BY.match(body):
        turn = bool(m["t1"] or m["t2"] or m["t3"])
        named = bool(m["src"]) and m["src"].endswith(" with the chosen name")
        src_words = m["src"].removesuffix(" with the chosen name") if m["src"] else None
        src, choice = _damage_source(src_words, sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield" if turn else "prevent_static",
            prevention=True,
            combat_only=m["combat"] == "combat ",
            noncombat_only=m["combat"] == "noncombat ",
            target=_who(m["tgt"], sentence),
            source=src,
            source_choice=choice,
            shield="this_turn" if turn else None,
            # Gideon Blackblade: "... during your turn" (a condition, checked as damage would
            # be dealt, CR 611.3a).
            condition=YourTurn() if m["during"] else None,
            source_named=named,
        )
    if (m := PREVENT_ALL_BY_TO.match(body)) and " would deal to " in body:
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield" if m["turn"] else "prevent_static",
            prevention=True,
            combat_only=bool(m["combat"]),
            target=_who(m["tgt"], sentence),
            source=src,
            source_choice=choice,
            shield="this_turn" if m["turn"] else None,
        )
    if m := PREVENT_IF_DEALT_TO.match(body):
        return ReplacementSpec(
            sentence,
            "prevent_shield" if m["turn"] else "prevent_static",
            prevention=True,
            combat_only=m["combat"] == "combat ",
            noncombat_only=m["combat"] == "noncombat ",
            target=_who(m["tgt"], sentence),
            shield="this_turn" if m["turn"] else None,
        )
    if (m := PREVENT_IF_DEALS.match(body)) and not DAMAGE_PREVENT_N.match(body):
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield" if m["turn"] else "prevent_static",
            prevention=True,
            combat_only=m["combat"] == "combat ",
            noncombat_only=m["combat"] == "noncombat ",
            target=_who(m["tgt"], sentence),
            source=src,
            source_choice=choice,
            shield="this_turn" if m["turn"] else None,
        )
    if m := PREVENT_NEXT_TIME_BY.match(body):
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield",
            prevention=True,
            source=src,
            source_choice=choice,
            shield="next_time",
        )
    if m := REDIRECT_ALL.match(body):
        src, choice = _damage_source(m["src"], sentence)
        to, slot = _destination(m["to"], _targets_before(m["tgt"], m["src"]), sentence)
        return ReplacementSpec(
            sentence,
            "redirect",
            combat_only=bool(m["combat"]),
            target=_who(m["tgt"], sentence),
            source=src,
            source_choice=choice,
            redirect_to=to,
            redirect_slot=slot,
            shield="this_turn" if m["t1"] or m["t2"] or m["t3"] else None,
        )
    if m := ECHO_NEXT_TIME.match(body):
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "damage_modify",
            target=Who("you"),
            source=src,
            source_choice=choice,
            shield="next_time",
            extra="echo_to_source_controller",
        )
    if m := REDIRECT_TO_ITS_CONTROLLER.match(body):
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "redirect",
            target=_who(m["tgt"], sentence),
            source=src,
            source_choice=choice,
            redirect_to="source_controller",
        )
    if m := REDIRECT_NEXT_ANOTHER.match(body):
        to, slot = _destination(m["to"], _targets_before(m["tgt"]), sentence)
        amount, x = _amount_or_x(m["n"], sentence)
        return ReplacementSpec(
            sentence,
            "redirect",
            target=_who(m["tgt"], sentence),
            redirect_to=to,
            redirect_slot=slot,
            amount=amount,
            x_amount=x,
            shield="amount",
        )
    if m := REDIRECT_NEXT_TIME.match(body):
        src, choice = _source(m["src"], sentence)
        to, slot = _destination(m["to"], _targets_before(m["tgt"], m["src"]), sentence)
        return ReplacementSpec(
            sentence,
            "redirect",
            target=_who(m["tgt"], sentence) if m["tgt"] else None,
            source=src,
            source_choice=choice,
            redirect_to=to,
            redirect_slot=slot,
            shield="next_time",
        )
    if m := DAMAGE_TO_COUNTERS.match(body):
        combat = m["combat"] or m["combat2"] or ""
        src, choice = _damage_source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "damage_to_counters",
            target=_who(m["tgt"] or m["tgt2"], sentence),
            source=src,
            source_choice=choice,
            combat_only=combat == "combat ",
            noncombat_only=combat == "noncombat ",
            counter_kind=m["kind"],
            on_source=m["on"] == "~",
        )
    if (m := SELF_DAMAGE.match(body)) and "instead" in body and (m["before"] or m["after"]):
        words = (m["before"] or m["after"]).strip()
        kicked = words == "~ was kicked"
        return ReplacementSpec(
            sentence,
            "kicked_damage",
            tier="self",
            kicked=kicked,
            kicked_amount=_number(m["n"], sentence),
            condition=None if kicked else _condition(words, sentence, _THE_TARGET),
        )
    if m := ENTER_EXILE_NOT_CAST.match(body):
        return ReplacementSpec(
            sentence,
            "enter_exile",
            objects=_objects(m["what"], sentence),
            cast_from_hand=False,
            to_zone="exile",
        )
    if m := AS_ENTERS_SACRIFICE_ALL.match(body):
        return ReplacementSpec(
            sentence,
            "enter_sacrifice",
            objects=Subject("self", words="~"),
            sacrifice=_objects(m["what"], sentence),
        )
    if AS_ENTERS_LOSE_LIFE_TOTAL.match(body):
        return ReplacementSpec(
            sentence, "enter_also", objects=Subject("self", words="~"), extra="lose_life_total"
        )
    if AS_ENTERS_REMOVE_ALL.match(body):
        return ReplacementSpec(
            sentence, "enter_also", objects=Subject("self", words="~"), extra="remove_all_counters"
        )
    if m := ENTER_SACRIFICE.match(body):
        what = m["each"] or f"{m['what']} you control"
        return ReplacementSpec(
            sentence,
            "enter_sacrifice",
            objects=Subject("self", words="~"),
            sacrifice=_objects(what, sentence),
            amount=None if m["each"] else _number(m["n"], sentence),
        )
    if m := PREVENT_REMOVE_COUNTERS.match(body):
        condition = None
        if m["while"]:
            # "while it has a +1/+1 counter on it": checked as the damage would be dealt.
            condition = parse_condition(f"~ has a {m['wkind']} counter on it", sentence)
        return ReplacementSpec(
            sentence,
            "prevent_static",
            prevention=True,
            target=Who("none", Subject("self", words="~")),
            counter_kind=m["kind"],
            extra="remove_that_many" if m["n"] == "that many" else "remove_counter",
            condition=condition,
            # Sekki: "and create that many 1/1 colorless Spirit creature tokens" (one token for
            # each 1 damage, as many as the counters it would remove).
            options=(f"a {m['token'].removesuffix('s')}",) if m["token"] else (),
        )
    if m := ENTERS_TAPPED_IF.match(body):
        return ReplacementSpec(
            sentence,
            "enter_tapped",
            objects=Subject("self", words="~"),
            condition=parse_condition(m["cond"], sentence),
        )
    if m := ENTERS_TAPPED_WITH.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=_number(m["n"], sentence),
            tapped=True,
        )
    if (m := ENTERS_WITH_IF.match(body)) and (m["before"] or m["after"]):
        words = (m["before"] or m["after"]).strip()
        if hand := CAST_FROM_HAND.fullmatch(words):
            # CR 601.2a: how it was cast, which the step's choices state (Myojin, Epochrasite).
            return ReplacementSpec(
                sentence,
                "enter_counters",
                objects=Subject("self", words="~"),
                counter_kind=m["kind"],
                amount=_number(m["n"], sentence),
                cast_from_hand=not hand["not"],
            )
        kicked = words == "~ was kicked"
        condition = None if kicked else _condition(words, sentence)
        if condition is not None and m["unless"] == "unless":
            condition = Not(condition)  # "unless you've cast another red spell this turn"
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=_number(m["n"], sentence),
            kicked=kicked and m["unless"] != "unless",
            condition=condition,
        )
    if m := THAT_CREATURE_ENTERS_WITH.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=_THE_TARGET,  # the card the spell returns is its target (CR 115.1)
            counter_kind=m["kind"],
            amount=_number(m["n"], sentence),
            condition=_condition(m["before"], sentence) if m["before"] else None,
        )
    if m := ENTERS_WITH_X_IF_X.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            extra="x",
            at_least=_number(m["n"], sentence),
        )
    if m := ENTERS_WITH_MAY.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=_number(m["n"], sentence),
            optional=True,
        )
    if RIOT.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind="+1/+1",
            amount=1,
            extra="riot",
        )
    if SUNBURST.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind="+1/+1",
            count=HowCast("colors_spent"),
            charge_unless_creature=True,
        )
    if m := ENTERS_WITH_EACH.match(body):
        if m["each"] == "creature that died this turn":
            count: Expr = CreaturesDiedThisTurn()  # Bloodcrazed Paladin (CR 700.4, 614.1c)
        elif m["each"] and (x_each := _X_FOR_EACH.fullmatch(m["each"])) and m["many"] == "x":
            # Thromok: "X +1/+1 counters on it for each creature devoured this way, where X is
            # the number of creatures devoured this way".
            count = Product(
                _count(f"the number of {x_each['each']}", sentence), _count(x_each["x"], sentence)
            )
        elif m["each"] and (both := _EACH_AND_EACH.fullmatch(m["each"])):
            # Ulasht: "... for each other red creature you control and a +1/+1 counter on it
            # for each other green creature you control" (one creature may count twice).
            count = Sum(
                _count(f"the number of {both['first']}", sentence),
                _count(f"the number of {both['second']}", sentence),
            )
        elif m["each"] and m["each"].endswith(" that player controls"):
            # "As ~ enters, choose an opponent. ~ enters with a -1/-1 counter on it for each
            # creature that player controls" (Canker Abomination): the chosen player's.
            mine = m["each"].removesuffix(" that player controls") + " you control"
            count = _chosen_players(_count(f"the number of {mine}", sentence))
        elif m["each"]:
            count = _count(f"the number of {m['each']}", sentence)
            if m["many"] not in ("a", "an"):
                count = Times(_number(m["many"], sentence), count)  # amplify 2 (702.38a)
        else:
            count = _count(m["x"] or m["equal"], sentence)
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"] or m["kind2"] or m["kind3"],
            count=count,
            # Devour (702.82a): the sacrifices are part of how it enters.
            extra="devour"
            if m["each"] in _DEVOURED or "devoured this way, where" in (m["each"] or "")
            else None,
        )
    return None


def _chosen_players(count: Expr) -> Expr:
    """A count of "... that player controls" as the chosen player's (CR 614.12)."""
    if not isinstance(count, CountObjects):
        return count
    filters = tuple(replace(f, controller="chosen_player") for f in count.subject.filters)
    return replace(count, subject=replace(count.subject, filters=filters))


_X_FOR_EACH = re.compile(r"(?P<each>.+?), where x is (?P<x>.+)")
_EACH_AND_EACH = re.compile(r"(?P<first>.+?) and an? (?:\S+) counter on it for each (?P<second>.+)")
# Devour's count as its keyword table spells it out (CR 702.82a, 702.82c).
_DEVOURED = ("creature devoured this way", "permanent devoured this way")


def _graveyard_rest(rest: str, sentence: str) -> str:
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
    if rest in ("instead exile it",):
        return "exile"  # Dauthi Voidwalker (the void counter itself isn't shown)
    if rest in (
        "shuffle it into its owner's library instead",
        "instead shuffle it into its owner's library",
        "reveal ~ and shuffle it into its owner's library instead",
    ):
        return "library"
    raise OracleParseError(sentence, f'cannot read what happens instead: "{rest}"')


def _what_objects(what: str, sentence: str) -> Subject:
    what = re.sub(r"^(a|an) ", "", what)
    if what == "the creature":
        what = "that creature"  # "If the creature would die this turn" (Carbonize's wording)
    if what in ("card or token", "card"):
        return Subject("filter", (Filter(zone="anywhere"),), words=what)
    if m := re.fullmatch(
        r"(?P<kind>creature|permanent) dealt damage (?:this way|by ~ this turn)", what
    ):
        # Annihilating Fire, Kumano's Pupils: what its source dealt damage to this turn.
        types = frozenset({"Creature"}) if m["kind"] == "creature" else frozenset()
        return Subject("filter", (Filter(types=types, dealt_damage_by_source=True),), words=what)
    if m := re.fullmatch(r"(?P<kind>\w+) card", what):
        # "a creature card" (Anafenza's older wording): a card of that type, in any zone.
        found = ALL_TYPE_WORDS.get(m["kind"])
        if found is None or found[0] != "type":
            raise OracleParseError(sentence, f'cannot tell what "{what}" means')
        return Subject(
            "filter", (Filter(zone="anywhere", types=frozenset({found[1]})),), words=what
        )
    return _objects(what, sentence)


def _counters_by_player(m: re.Match[str], sentence: str) -> ReplacementSpec:
    """Vorinclex's and Lae'zel's "if you would put one or more counters on ..." (614.1a):
    ``player`` is who puts them, ``target`` what may get them (a permanent and/or a player)."""
    on = m["on"]
    players: PlayerWord = "none"
    if on == "a permanent or player":
        on, players = "a permanent", "any"
    elif on.endswith(" or on yourself"):
        on, players = on.removesuffix(" or on yourself"), "you"
    if m["mod"] == "half that many" and m["round"] != "down":
        raise OracleParseError(sentence, "half, rounded which way?")
    return ReplacementSpec(
        sentence,
        "counters_by_player",
        player="you" if m["who"] == "you" else "opponent",
        target=Who(players, _what_objects(on, sentence)),
        factor=2 if m["mod"] == "twice that many" else 1,
        plus=1 if m["mod"] == "that many plus one" else 0,
        half_down=m["mod"] == "half that many",
    )


def _sentence(body: str, sentence: str) -> Spec | None:  # noqa: C901 - a table of templates
    """One sentence -> a spec, or None if it is not a replacement/prevention/"can't"."""
    if (found := _breadth(body, sentence)) is not None:
        return found
    if m := KICKED_DAMAGE.match(body):
        n = _number(m["n"], sentence)
        return ReplacementSpec(sentence, "kicked_damage", tier="self", kicked=True, kicked_amount=n)
    if m := DAMAGE_MODIFY.match(body):
        src, _ = _source(m["src"], sentence)
        mod = m["mod"]
        factor = 2 if mod == "double" else 3 if mod == "triple" else 1
        plus = _number(m["plus"], sentence) if m["plus"] else 0
        plus -= _number(m["minus"], sentence) if m["minus"] else 0  # Lashknife Barrier
        return ReplacementSpec(
            sentence,
            "damage_modify",
            source=src,
            target=_who(m["tgt"], sentence) if m["tgt"] else None,
            factor=factor,
            plus=plus,
            half_down=m["round"] == "down",
            half_up=m["round"] == "up",
            combat_only=m["combat"] == "combat ",
            noncombat_only=m["combat"] == "noncombat ",
        )
    if m := DAMAGE_PREVENT_HALF.match(body):
        src, _ = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_static",
            prevention=True,
            source=src,
            target=_who(m["tgt"], sentence),
            half_up=True,
        )
    if m := DAMAGE_PREVENT_N.match(body):
        src, _ = _source(m["src"], sentence)
        x = m["n"] == "x"
        if x != bool(m["x"]):
            raise OracleParseError(sentence, "cannot tell how much damage is prevented")
        return ReplacementSpec(
            sentence,
            "prevent_static",
            prevention=True,
            source=src,
            target=_who(m["tgt"], sentence),
            amount=None if x else _number(m["n"], sentence),
            count=_count(m["x"], sentence) if x else None,
            extra="all_but" if m["allbut"] else None,
            combat_only=bool(m["combat"]),  # Thunderstaff
        )
    if m := DAMAGE_PREVENT_ALL_TO.match(body):
        return ReplacementSpec(
            sentence, "prevent_static", prevention=True, target=_who(m["tgt"], sentence)
        )
    if m := REDIRECT.match(body):
        to: RedirectTo = "enchanted" if m["to"] == "enchanted creature" else "self"
        return ReplacementSpec(
            sentence, "redirect", target=_who(m["tgt"], sentence), redirect_to=to
        )
    if m := REDIRECT_NEXT.match(body):
        to = _REDIRECT_TO.get(m["to"], "target")
        amount, x = _amount_or_x(m["n"], sentence)
        return ReplacementSpec(
            sentence,
            "redirect",
            target=_who(m["tgt"], sentence),
            redirect_to=to,
            amount=amount,
            x_amount=x,
            shield="amount",
        )
    if m := WORSHIP.match(body):
        return ReplacementSpec(
            sentence,
            "worship",
            player="you",
            if_you_control_creature=bool(m["creature"]),
            amount=_number(m["floor"], sentence),
        )
    if PREVENT_ALL_COMBAT.match(body):
        return ReplacementSpec(
            sentence, "prevent_shield", prevention=True, combat_only=True, shield="this_turn"
        )
    if m := PREVENT_ALL_TO.match(body):
        # With "this turn" a resolved shield (Fog); without, a static ability (Cho-Manno).
        return ReplacementSpec(
            sentence,
            "prevent_shield" if m["turn"] else "prevent_static",
            prevention=True,
            combat_only=m["combat"] == "combat ",
            noncombat_only=m["combat"] == "noncombat ",
            target=_who(m["tgt"], sentence),
            shield="this_turn" if m["turn"] else None,
        )
    if m := PREVENT_ALL_BY.match(body):
        # "a source of your choice" (Pay No Heed) names the source as the step's target.
        phrase = m["src"] or m["by"] or m["by2"]
        if m["src"] and "source" in phrase:
            phrase = re.sub(r"^that ", "", phrase)  # Luminesce: "damage that black sources ..."
        if "source" in phrase:
            src, choice = _source(phrase, sentence)
        else:
            # Soul Parry: "one or two target creatures would deal".
            src, choice = _targets(phrase) or _objects(phrase, sentence), False
        return ReplacementSpec(
            sentence,
            "prevent_static" if m["by2"] and not m["turn"] else "prevent_shield",
            prevention=True,
            combat_only=bool(m["combat"]),
            source=src,
            source_choice=choice,
            shield=None if m["by2"] and not m["turn"] else "this_turn",
        )
    if m := PREVENT_NEXT_N.match(body):
        tgt = m["tgt"]
        target = _who(
            "any target" if tgt == "any target" else tgt.split(" and each other")[0], sentence
        )
        if tgt == "any target":
            target = Who("any", Subject("targets", (Filter(),), target_slots=(0,), words=tgt))
        amount, x = _amount_or_x(m["n"], sentence)
        count = None
        if m["x"]:
            # Acolyte's Reward: "where X is your devotion to white", counted as it resolves.
            if not x:
                raise OracleParseError(sentence, "cannot tell how much damage is prevented")
            count, x = _count(m["x"], sentence), False
        # Healing Grace: "... by a source of your choice" (the step's last target names it).
        by, by_choice = _damage_source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield",
            prevention=True,
            target=target,
            source=by,
            source_choice=by_choice,
            amount=amount,
            x_amount=x,
            count=count,
            shield="amount",
            extra="shares_color" if "shares a color" in tgt else None,
        )
    if m := PREVENT_NEXT_DIVIDED.match(body):
        return ReplacementSpec(
            sentence,
            "prevent_shield",
            prevention=True,
            target=Who("any", Subject("targets", (Filter(),), target_slots=(0,), words="target")),
            amount=_number(m["n"], sentence),
            shield="amount",
            extra="divided",
        )
    if m := PREVENT_NEXT_TIME.match(body):
        src, choice = _source(m["src"], sentence)
        return ReplacementSpec(
            sentence,
            "prevent_shield",
            prevention=True,
            source=src,
            source_choice=choice,
            target=_who(m["tgt"], sentence),
            shield="next_time",
        )
    if m := GRAVEYARD.match(body):
        gy = _GRAVEYARD_OF[m["gy"]]
        return ReplacementSpec(
            sentence,
            "graveyard",
            objects=_what_objects(m["what"], sentence),
            graveyard_of=gy,
            to_zone=_graveyard_rest(m["rest"], sentence),
            optional=m["rest"].startswith("you may "),
            from_battlefield=m["from"] == "the battlefield",
            not_from_battlefield=m["from"] == "anywhere other than the battlefield",
        )
    if m := DIE_INSTEAD.match(body):
        return ReplacementSpec(
            sentence,
            "die_exile_token",
            objects=_what_objects(m["what"], sentence),
            to_zone="exile",
            extra=m["token"],
        )
    if m := DIE_ELSEWHERE.match(body):
        return ReplacementSpec(
            sentence,
            "die_elsewhere",
            objects=_what_objects(m["what"], sentence),
            to_zone=_graveyard_rest(m["rest"], sentence),
            optional=m["rest"].startswith("you may "),
        )
    if m := DRAW_EXCEPT_FIRST.match(body):
        who: PlayerWord = "you" if m["who"] == "you" else "opponent"
        rest = m["rest"]
        if rest == "draw two cards instead":
            return ReplacementSpec(
                sentence, "draw_extra", player=who, except_first_draw=True, factor=2
            )
        if rest == "instead that player skips that draw and you draw a card":
            return ReplacementSpec(sentence, "draw_steal", player=who, except_first_draw=True)
        if m2 := re.fullmatch(r"instead you create (?P<token>an? [\w ]+ token)", rest):
            # Hullbreacher: "instead you create a Treasure token" (the draw doesn't happen).
            return ReplacementSpec(
                sentence,
                "draw_to_tokens",
                player=who,
                except_first_draw=True,
                options=(m2["token"],),
            )
        raise OracleParseError(sentence, f'cannot read what happens instead: "{rest}"')
    if DRAW_STEAL_TARGET.match(body):
        return ReplacementSpec(sentence, "draw_steal", player="target")
    if m := DRAW_TO_COUNTER.match(body):
        return ReplacementSpec(
            sentence, "draw_to_counter", player="you", counter_kind=m["kind"], optional=True
        )
    if DRAW_TWO.match(body):
        return ReplacementSpec(sentence, "draw_extra", player="you", factor=2)
    if m := DRAW_LICH.match(body):
        return ReplacementSpec(
            sentence, "draw_lich", player="you", amount=_number(m["n"], sentence)
        )
    if DRAW_EMPTY_WIN.match(body):
        return ReplacementSpec(sentence, "draw_empty_win", player="you", empty_library=True)
    if m := DRAW_SKIP.match(body):
        who = "you" if m["who"] == "you" else "any"
        return ReplacementSpec(sentence, "draw_skip", player=who, optional=bool(m["may"]))
    if m := DRAW_GAIN_LIFE.match(body):
        return ReplacementSpec(
            sentence,
            "draw_life",
            player="you",
            amount=_number(m["n"], sentence),
            optional=bool(m["may"]),
        )
    if m := NEXT_DRAW_LIFE.match(body):
        return ReplacementSpec(
            sentence,
            "draw_life",
            player="you",
            amount=_number(m["n"], sentence),
            shield="next_time",
        )
    if REGENERATE_STATIC.match(body):
        return ReplacementSpec(sentence, "regenerate", objects=Subject("self", words="~"))
    if m := GAIN_NONE.match(body):
        # Today's Flames of the Blood Hand: the target player, or the target planeswalker's
        # controller.
        gainer: PlayerWord = "any" if m["who"] == "a player" else "target"
        if m["who"].endswith("controller"):
            gainer = "target_or_controller"
        return ReplacementSpec(sentence, "gain_none", player=gainer)
    if ENTERS_TAPPED_IF_NOT.match(body):
        # "As this land enters, you may pay 2 life (or reveal ...). If you don't, ..." : the
        # controller may pay and have it enter untapped, which the tree shows as declining.
        return ReplacementSpec(
            sentence, "enter_tapped", objects=Subject("self", words="~"), optional=True
        )
    if m := REGENERATE.match(body):
        return ReplacementSpec(
            sentence,
            "regenerate",
            shield="next_time",
            objects=Subject("self", words="~")
            if m["what"] == "~"
            else Subject("attached", words=m["what"])
            if m["what"] in ("enchanted creature", "equipped creature")
            else Subject("targets", (Filter(),), target_slots=(0,)),
        )
    if m := SKIP_NEXT.match(body):
        who = "you" if m["who"] == "you" else "target"
        return ReplacementSpec(sentence, "skip", player=who, extra=m["step"], shield="next_time")
    if m := SKIP.match(body):
        who = "any" if m["who"] in ("players", "each player") else "you"
        condition = _condition(m["cond"], sentence) if m["cond"] else None
        return ReplacementSpec(sentence, "skip", player=who, extra=m["step"], condition=condition)
    if m := GAIN_MODIFY.match(body):
        plus = 0 if m["twice"] else _number(m["plus"], sentence)
        return ReplacementSpec(
            sentence, "gain_modify", player="you", factor=2 if m["twice"] else 1, plus=plus
        )
    if GAIN_TO_DRAW.match(body):
        return ReplacementSpec(sentence, "gain_to_draw", player="you")
    if GAIN_TO_YOU.match(body):
        return ReplacementSpec(sentence, "gain_to_you", player="opponent")
    if m := GAIN_TO_LOSS.match(body) or LOSE_TO_GAIN.match(body):
        family = "gain_to_loss" if "would gain" in body else "loss_to_gain"
        who = "you" if m["who"] == "you" else "opponent"
        return ReplacementSpec(sentence, family, player=who)
    if m := LOSE_MODIFY.match(body):
        return ReplacementSpec(
            sentence,
            "lose_modify",
            player="you" if m["who"] == "you" else "opponent",
            factor=2 if m["twice"] else 1,
            half_up=m["round"] == "up",
            half_down=m["round"] == "down",
            during_your_turn=bool(m["turn"]),
        )
    if DRAW_TO_RETURN.match(body):
        return ReplacementSpec(sentence, "draw_to_return", player="you", to_zone="hand")
    if m := TOKENS_PLUS_OTHER.match(body):
        if m["instead"]:
            card = f"a {m['instead']} token{m['with'] or ''}"
            kinds = ("Creature",) if m["kind"] else ()  # only creature tokens are replaced
            return ReplacementSpec(
                sentence, "tokens_instead", player="you", extra=card, extra_types=kinds
            )
        card = f"a {m['one']} token" if m["one"] else f"a {m['many']} token"
        return ReplacementSpec(
            sentence, "tokens_plus", player="you", extra=card, factor=0 if m["one"] else 1
        )
    if m := TOKENS_ONE_OF_EACH.match(body):
        each = tuple(str(k).capitalize() for k in re.split(r",? or |, ", m["kinds"]))
        return ReplacementSpec(sentence, "tokens_each", player="you", options=each)
    if m := TOKENS_INSTEAD_CHOICE.match(body):
        cards = (f"a {m['a']} token{m['awith'] or ''}", f"a {m['b']} token{m['bwith'] or ''}")
        return ReplacementSpec(
            sentence, "tokens_instead", player="you", options=cards, optional=True
        )
    if m := TOKENS_PLUS_ONE.match(body):
        return ReplacementSpec(sentence, "tokens", player="you", plus=1, extra=m["kind"])
    if m := TOKENS_BY_EFFECT.match(body) or TOKENS_CREATED.match(body):
        yours = "yours" not in m.groupdict() or bool(m["yours"])
        return ReplacementSpec(
            sentence,
            "tokens",
            player="you" if yours else "any",
            factor=2 if m["mod"] == "twice" else 3,
            extra="creature" if m["creature"] else None,
        )
    if m := COUNTERS_DOUBLE_EFFECT.match(body):
        return ReplacementSpec(
            sentence, "counters", objects=_what_objects(m["on"], sentence), factor=2
        )
    if m := COUNTERS_MODIFY.match(body):
        kind = m["kind"].strip() if m["kind"] else None
        twice = m["mod"] == "twice that many"
        plus = 0 if twice else -1 if m["mod"].endswith("minus one") else 1
        return ReplacementSpec(
            sentence,
            "counters",
            objects=_what_objects(m["on"], sentence),
            counter_kind=kind,
            factor=2 if twice else 1,
            plus=plus,
        )
    if m := COUNTERS_BY_PLAYER.match(body):
        return _counters_by_player(m, sentence)
    if PLAYER_COUNTERS_PLUS.match(body):
        return ReplacementSpec(sentence, "player_counters", player="you", plus=1)
    if m := ENTERS_UNDER_YOUR_CONTROL.match(body):
        return ReplacementSpec(
            sentence, "enter_control", tier="control", objects=_what_objects(m["what"], sentence)
        )
    if m := ENTERS_AS_COPY.match(body):
        return ReplacementSpec(
            sentence, "enter_copy", tier="copy", objects=_what_objects(m["what"], sentence)
        )
    if m := ENTERS_WITH_POWER.match(body):
        extra = (m["type"].capitalize(),) if m["type"] else ()
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=_what_objects(m["what"], sentence),
            counter_kind=m["kind"],
            counters_from_power=True,
            extra_types=extra,
        )
    if m := ENTERS_WITH_ADDITIONAL_X.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=_what_objects(m["what"], sentence),
            counter_kind=m["kind"],
            count=_count(m["x"], sentence),
        )
    if m := ENTERS_WITH_ADDITIONAL.match(body):
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=_what_objects(m["what"], sentence),
            counter_kind=m["kind"],
            amount=1,
        )
    if m := ENTERS_WITH_N.match(body):
        x = m["n"] == "x"
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=None if x else _number(m["n"], sentence),
            extra="x" if x else None,
        )
    if m := ENTERS_TAPPED_UNLESS.match(body):
        unless = parse_condition(m["cond"], sentence)
        return ReplacementSpec(
            sentence, "enter_tapped", objects=Subject("self", words="~"), unless=unless
        )
    if m := ENTERS_TAPPED.match(body):
        what = m["what"]
        objects = Subject("self", words="~") if what == "~" else _what_objects(what, sentence)
        return ReplacementSpec(sentence, "enter_tapped", objects=objects)
    if m := CANT_GAIN.match(body):
        who = _CANT_WHO[m["who"]]
        return CantSpec(sentence, "gain_life", player=who)
    if m := CANT_DRAW_MORE.match(body):
        who = _CANT_DRAW_MORE_WHO.get(m["who"], "opponent")
        return CantSpec(sentence, "draw_limit", player=who, limit=_number(m["n"], sentence))
    if m := CANT_DRAW.match(body):
        who = _CANT_WHO[m["who"]]
        return CantSpec(sentence, "draw", player=who)
    if CANT_CHANGE.match(body):
        return CantSpec(sentence, "life_change", player="you")
    if m := CANT_REGENERATE.match(body):
        what = m["what"]
        if what == "a creature dealt damage this way":
            objects = _what_objects(what, sentence)
        else:
            objects = Subject("antecedent", words="that creature")
        return CantSpec(sentence, "regenerate", objects=objects)
    if m := CANT_ENTER_FROM.match(body):
        zones = tuple(
            z.rstrip("s").replace("librarie", "library") for z in m["zones"].split(" and ")
        )
        kind = m["type"].capitalize() if m["type"] and m["type"] != "permanent" else None
        return CantSpec(sentence, "enter_from", from_zones=zones, card_type=kind)
    if (m := IF_CANT_PREVENT.match(body)) and isinstance(
        cant := _sentence(m["rest"], sentence), CantSpec
    ):
        words = m["cond"].strip()
        if words == "~ was kicked":
            return replace(cant, condition="kicked")
        return replace(cant, condition=_condition(words, sentence))
    if m := CANT_PREVENT.match(body):
        # "This damage" (a spell's own) and "by sources you control" limit it to those sources.
        if body.startswith(("this damage", "the damage")):
            return CantSpec(sentence, "prevent_damage", objects=Subject("self", words="~"))
        sources = None
        if m["src"]:
            sources = _source(m["src"], sentence)[0]
        # Questing Beast: "Combat damage that would be dealt by creatures you control ..."
        return CantSpec(sentence, "prevent_damage", objects=sources, combat_only=bool(m["combat"]))
    if CANT_PLAYER_COUNTERS.match(body):
        return CantSpec(sentence, "counters_on_players", player="any")
    if m := CANT_HAVE_COUNTERS.match(body):
        on = Subject("self", words="~") if m["on"] == "~" else _objects(m["on"], sentence)
        kind = m["kind"].strip() if m["kind"] else None
        return CantSpec(sentence, "counters_on_objects", objects=on, counter_kind=kind)
    if m := CANT_COUNTERS_ON.match(body):
        return CantSpec(sentence, "counters_on_objects", objects=_objects(m["on"], sentence))
    if OPENING_HAND.match(body):
        return None
    return None


DIE_OR_PUT = _T(
    r"^if (?>(?P<dies>.+?) would die or )(?>(?P<card>.+?) not on the battlefield would be put "
    r"into )(?>(?P<gy>.+?graveyard), )(?P<rest>.+ instead)$"
)
TO_AND_BY = _T(
    r"^prevent all (?P<combat>combat )?damage that would be dealt to and dealt by (?P<what>.+?)"
    r"(?P<turn> this turn)?$"
)


def _split_compound(body: str) -> list[str]:
    """ "You can't lose the game and your opponents can't win the game" is two effects, and
    so is damage prevented "to and dealt by" a creature (Maze of Ith)."""
    if (m := KICKED_ONLY.match(body)) and len(parts := _split_compound(m["rest"])) > 1:
        # Scorching Lava: "If ~ was kicked, that creature can't be regenerated this turn and if
        # it would die this turn, exile it instead" -- both parts only if it was kicked.
        return [f"if ~ was kicked, {part}" for part in parts]
    if CANT_LOSE_WIN.match(body):
        return ["you can't lose the game", "your opponents can't win the game"]
    if TAPPED_AND_NO_UNTAP.match(body):
        return ["~ enters tapped", _UNTAP_STEP_RULE]
    if m := DIE_OR_PUT.match(body):
        # Anafenza, the Foremost: one sentence, two events it watches.
        return [
            f"if {m['dies']} would die, {m['rest']}",
            f"if {m['card']} would be put into {m['gy']} from anywhere other than the "
            f"battlefield, {m['rest']}",
        ]
    if m := TO_AND_BY.match(body):
        kind, turn = m["combat"] or "", m["turn"] or ""
        return [
            f"prevent all {kind}damage that would be dealt to {m['what']}{turn}",
            f"prevent all {kind}damage that would be dealt by {m['what']}{turn}",
        ]
    if m := AND_UNPREVENTABLE.match(body):
        cond = m["cond"]
        parts = [f"if {cond}, {m['instead']}"] if m["instead"] else []
        return [*parts, f"if {cond}, the damage can't be prevented"]
    if m := NO_REGEN_AND_EXILE.match(body):
        # Carbonize: "If it's a creature, it can't be regenerated this turn, and if it would
        # die this turn, exile it instead." -- a "can't" (701.19c) and a replacement.
        return [m["cant"], f"if {m['what']} would die this turn, {m['rest']}"]
    if m := AND_PER_PREVENTED.match(body):
        # Test of Faith: "Prevent the next 3 damage ..., and put a +1/+1 counter on that
        # creature for each 1 damage prevented this way" (615.5's additional part).
        return [m["prevent"], m["extra"]]
    return [body]


# CR 615.12 with 608.2c: "If ~ was kicked, instead it deals 10 damage to that permanent or
# player and the damage can't be prevented" (Urza's Rage, Lightning Surge); Demonfire's and
# Banefire's "~ can't be countered ... and the damage can't be prevented" (the "can't be
# countered" part, like the line "~ can't be countered", changes nothing on a board).
AND_UNPREVENTABLE = _T(
    r"^if (?>(?P<cond>.+?), (?=instead |~ can't be countered|this spell can't be countered))"
    r"(?:(?P<instead>instead .+?)|(?:~|this spell) can't be countered(?: by "
    r"spells or abilities)?) and the damage can't be prevented$"
)
# "If you control a creature with power 4 or greater, damage can't be prevented this turn"
# (Wild Slash): a "can't" made only if the condition holds as the spell resolves.
IF_CANT_PREVENT = _T(r"^if (?P<cond>.+?), (?P<rest>(?:the )?damage can't be prevented.*)$")
NO_REGEN_AND_EXILE = _T(
    r"^(?P<cant>(?:if it's a creature, )?(?:it|that creature) can't be regenerated this turn),? "
    r"and if (?P<what>it|that creature) would die this turn, (?P<rest>.+)$"
)
AND_PER_PREVENTED = _T(
    r"^(?>(?P<prevent>prevent .+?), and (?=put an? ))"
    r"(?P<extra>put an? .+ for each 1 damage prevented this way)$"
)


_ADDITIONAL = (
    (
        re.compile(
            r"^put a \+1/\+1 counter on that creature for each 1 damage prevented this way$"
        ),
        "counters_per_prevented",
    ),
    (
        re.compile(
            r"^if damage is prevented this way, ~ deals that much damage to that source's controller$"
        ),
        "reflect_to_controller",
    ),
    (
        re.compile(
            r"^for each 1 damage prevented this way, put a \+1/\+1 counter on that creature$"
        ),
        "counters_per_prevented",
    ),
    (
        re.compile(
            r"^you gain (?:1 life for each 1 damage|life equal to the damage) prevented this way$"
        ),
        "life_per_prevented",
    ),
    # The Phantoms (Phantom Centaur): "If damage would be dealt to ~, prevent that damage.
    # Remove a +1/+1 counter from ~." (615.5; done even if the damage can't be prevented).
    (re.compile(r"^remove a \+1/\+1 counter from ~$"), "remove_counter"),
)
# CR 615.5: "Put a -1/-1 counter on ~ for each 1 damage prevented this way" (Phyrexian
# Hydra): the additional part names its own kind of counter and what gets them.
PER_PREVENTED_COUNTERS = _T(
    r"^(?:put an? (?P<kind>\S+) counter on (?P<on>~|that creature) for each 1 damage prevented "
    r"this way|for each 1 damage prevented this way, put an? (?P<kind2>\S+) counter on "
    r"(?P<on2>~|that creature))$"
)
# CR 615.5: "Create a 3/1 red Elemental Shaman creature token with haste for each 1 damage
# prevented this way" (Hostility): the prevention's controller creates them.
PER_PREVENTED_TOKENS = _T(
    r"^create (?P<token>an? (?>.+? tokens?(?= with | for each 1 damage prevented this way$))"
    r"(?: with .+?)?) for each 1 damage prevented this way$"
)
# CR 615.5: "The source's controller draws cards equal to the damage prevented this way"
# (Swans of Bryn Argoll).
PER_PREVENTED_DRAW = _T(
    r"^(?:the source's|that source's) controller draws cards equal to the damage prevented "
    r"this way$"
)


# CR 615.5: an additional effect for damage from some sources only: "If damage from a red
# source is prevented this way, ~ deals that much damage to the source's controller"
# (Honorable Passage), Comeuppance's two. (Samite Ministration's "Whenever damage ... is
# prevented this way this turn, you gain that much life" is a triggered ability, 603.2: its
# life comes when the trigger resolves, not with the prevention, so it isn't read here.)
PREVENTED_FROM = _T(
    r"^if damage (?:from (?P<src>an? [\w ]+? source) )?is prevented this way"
    r"(?: this turn)?, (?P<rest>~ deals that much damage to (?P<to>(?:that|the) source's "
    r"controller|that creature|any target)|you gain that much life)$"
)


def _rider(m: re.Match[str], sentence: str) -> Rider:
    source = _source(m["src"], sentence)[0] if m["src"] else None
    if m["to"] == "any target":
        return Rider("reflect_to_target", source)  # Acolyte's Reward: its second target
    if m["to"] == "that creature":
        return Rider("reflect_to_source", source)  # the creature that was the source
    if m["to"]:
        return Rider("reflect_to_controller", source)
    return Rider("life_per_prevented", source)


def _additional(body: str) -> dict[str, object] | None:
    """CR 615.5: the spec fields a prevention's additional part, in its own sentence, sets."""
    if m := PER_PREVENTED_COUNTERS.match(body):
        on = m["on"] or m["on2"]
        return {
            "extra": "counters_per_prevented",
            "counter_kind": m["kind"] or m["kind2"],
            "on_source": on == "~",
        }
    if m := PER_PREVENTED_TOKENS.match(body):
        return {"extra": "tokens_per_prevented", "options": (m["token"],)}
    if PER_PREVENTED_DRAW.match(body):
        return {"extra": "draw_per_prevented"}
    extra = next((name for pattern, name in _ADDITIONAL if pattern.match(body)), None)
    return None if extra is None else {"extra": extra}


def _normal(sentence: str) -> str:
    """The sentence as the templates read it: lower case, no ability word, the older
    "enters the battlefield" as the current "enters" (both wordings are read), and a
    resolved effect's "Until end of turn, " (it lasts until the "end" step anyway)."""
    lowered = sentence.lower().rstrip(".").strip()
    lowered = re.sub(r"^[a-z][\w ]* — ", "", lowered)  # ability words
    lowered = re.sub(r"\b(enters?|entering) the battlefield\b", r"\1", lowered)
    return re.sub(r"^until end of turn, ", "", lowered)


# CR 608.2c, 614.15: a spell's shield made instead of the one before it, if a condition holds
# as it resolves: "If ~ was kicked, prevent the next 4 damage that would be dealt to that
# permanent or player this turn instead" (Orim's Touch), "If you control a creature with power
# 4 or greater, instead prevent all combat damage ..." (Winds of Qal Sisma).
INSTEAD_IF = _T(
    r"^if (?P<cond>[^,]+), (?:instead (?P<rest>prevent .+)|(?P<rest2>prevent .+) instead)$"
)


# CR 608.2c, 702.33d: a spell's effect made only if it was kicked ("If ~ was kicked, that
# creature can't be regenerated this turn"), checked as it resolves.
KICKED_ONLY = _T(r"^if ~ was kicked, (?P<rest>.+)$")


def _kicked_only(m: re.Match[str], sentence: str) -> Spec | None:
    if "another target" in m["rest"]:
        return None  # which of its targets? (Falling Timber's second, Avacyn's only one)
    inner = _sentence(m["rest"], sentence)
    if isinstance(inner, CantSpec):
        return replace(inner, condition="kicked")
    if isinstance(inner, ReplacementSpec) and inner.tier != "self":
        return replace(inner, on_resolution="kicked")
    return None


def _sacrificed_as_enters(
    m: re.Match[str], following: str, sentence: str, name: str
) -> ReplacementSpec:
    """Dracoplasm, Shimatsu: the sacrifice as it enters and what the sacrificed make of it."""
    counters = SACRIFICED_COUNTERS.match(following)
    if counters and counters["who"] != "~" and not _legendary_short_name(counters["who"], name):
        counters = None
    if counters:
        return ReplacementSpec(
            sentence,
            "enter_counters",
            objects=Subject("self", words="~"),
            counter_kind=counters["kind"],
            count=HowCast("devoured"),
            extra="devour",
        )
    if SACRIFICED_PT.match(following) and m["what"] == "creatures":
        return ReplacementSpec(
            sentence, "as_enters", objects=Subject("self", words="~"), extra="sacrificed_pt"
        )
    raise OracleParseError(sentence, "cannot read what the sacrifice does")


def _legendary_short_name(word: str, name: str) -> bool:
    """Shimatsu the Bloodcloaked calls itself "Shimatsu": a legendary card's text may use the
    part of its name before " the " (CR 201.5: the text naming its own object). Only for
    legendary library cards, so that "Break the Ice" never reads "Break" as itself."""
    card = library_card(name)
    return (
        card is not None
        and "Legendary" in card.supertypes
        and " the " in name
        and name.split(" the ", 1)[0].lower() == word
    )


def _kicked_another_target(rest: str, sentence: str, before: int) -> Spec | None:
    """Falling Timber: "If ~ was kicked, prevent all combat damage another target creature
    would deal this turn" -- "another target" is the spell's next target (CR 115.3: a
    different object from the targets before it), the one after the ``before`` earlier."""
    if not before:
        raise OracleParseError(sentence, "another target than which?")
    inner = _sentence(rest.replace("another target", "target", 1), sentence)
    if isinstance(inner, ReplacementSpec) and inner.tier != "self":
        return replace(
            inner,
            source=_shifted(inner.source, before),
            objects=_shifted(inner.objects, before),
            target=None
            if inner.target is None
            else replace(inner.target, objects=_shifted(inner.target.objects, before)),
            on_resolution="kicked",
        )
    return None


def _shifted(subject: Subject | None, before: int) -> Subject | None:
    """A subject naming "target X" (the first target) moved to the target slot after the
    ``before`` targets the earlier sentences named."""
    if subject is None or subject.kind != "targets" or subject.target_slots != (0,):
        return subject
    return replace(subject, target_slots=(before,))


def _instead_if(m: re.Match[str], sentence: str) -> ReplacementSpec | None:
    rest = m["rest"] or m["rest2"]
    if (more := re.fullmatch(r"prevent the next (\w+) damage this way", rest)) and m[
        "cond"
    ].strip() == "~ was kicked":
        # Pollen Remedy: the same shield with another amount (the spell before it says how).
        return ReplacementSpec(
            sentence,
            "prevent_shield",
            prevention=True,
            amount=_number(more[1], sentence),
            shield="amount",
            extra="this_way",
            on_resolution="kicked",
            instead=True,
        )
    rest = re.sub(r"\bthat (?:permanent or player|player or permanent)\b", "any target", rest)
    inner = _sentence(rest, sentence)
    if not isinstance(inner, ReplacementSpec) or not inner.prevention:
        return None
    words = m["cond"].strip()
    if words == "~ was kicked":
        return replace(inner, on_resolution="kicked", instead=True)
    return replace(inner, on_resolution=_condition(words, sentence), instead=True)


def _wrapped(body: str, sentence: str) -> Spec | None:
    """A template, or a template under a condition ("As long as ~ is untapped, ...")."""
    if (kicked := KICKED_ONLY.match(body)) and kicked["rest"].startswith("if "):
        # "If ~ was kicked, if it would die this turn, exile it instead" (Scorching Lava's
        # second part, split off above).
        return _kicked_only(kicked, sentence)
    spec = _sentence(body, sentence)
    if spec is None and (found := INSTEAD_IF.match(body)):
        spec = _instead_if(found, sentence)
    if spec is None and (kicked := KICKED_ONLY.match(body)):
        spec = _kicked_only(kicked, sentence)
    if spec is not None or not (m := CONDITIONAL.match(body)):
        return spec
    inner = _sentence(m["rest"], sentence)
    if not isinstance(inner, ReplacementSpec):
        if replaces_events(m["rest"]):
            raise OracleParseError(
                sentence, "a replacement or prevention template the engine does not know"
            )
        return None
    condition = YourTurn() if m["your_turn"] else _condition(m["cond"], sentence)
    return replace(inner, condition=condition)


def parse_replacements(text: str, name: str) -> tuple[Spec, ...]:
    """All replacement/prevention/"can't" effects in one ability's text."""
    return read_replacements(text, name)[0]


def read_replacements(text: str, name: str) -> tuple[tuple[Spec, ...], tuple[str, ...]]:
    """The replacement/prevention/"can't" effects in one ability's text, and the sentences
    that make none (in a replacement ability, those are named as not modelled)."""
    found = _read_or_error(text, name)
    if isinstance(found, OracleParseError):
        raise type(found)(found.phrase, found.detail)
    return found


@lru_cache(maxsize=2048)
def _read_or_error(
    text: str, name: str
) -> tuple[tuple[Spec, ...], tuple[str, ...]] | OracleParseError:
    """A text the grammar can't read is remembered too: every step of a board meets its
    object's abilities again, and an unread one would be read again each time."""
    try:
        return _read(text, name)
    except OracleParseError as error:
        return error


def _read(text: str, name: str) -> tuple[tuple[Spec, ...], tuple[str, ...]]:
    body_text = mark_self(strip_reminder(clean(text)), name)
    specs: list[Spec] = []
    skipped: list[str] = []
    sentences = split_sentences(body_text)
    normal = [_normal(sentence) for sentence in sentences]
    consumed: set[int] = set()  # sentences read with the one before them
    for i, (sentence, lowered) in enumerate(zip(sentences, normal, strict=True)):
        if i in consumed:
            continue
        following = normal[i + 1] if i + 1 < len(normal) else ""
        if AS_ENTERS_MAY.match(lowered) and ENTERS_TAPPED_IF_NOT.match(following):
            continue  # shock and reveal lands: read with the "If you don't" sentence after it
        paid = PAY_LIFE_AS_ENTERS.match(normal[i - 1]) if i else None
        for body in _split_compound(lowered):
            if body == "you can't lose the game":
                specs.append(CantSpec(sentence, "lose_game", player="you"))
                continue
            if body == "your opponents can't win the game":
                specs.append(CantSpec(sentence, "win_game", player="opponent"))
                continue
            if body == _UNTAP_STEP_RULE:
                continue  # CR 502.3: a rule for the untap step, which no board step performs
            if (
                (m := THIEF_COUNTERS.match(body))
                and specs
                and isinstance(specs[-1], ReplacementSpec)
                and specs[-1].extra == "remove_all_counters"
            ):
                # Thief of Blood: it enters with a counter for each one removed (one effect).
                specs[-1] = replace(
                    specs[-1], text=f"{specs[-1].text} {sentence}", counter_kind=m["kind"]
                )
                continue
            if (
                ENTER_SACRIFICE_THEN.match(body)
                and specs
                and isinstance(specs[-1], ReplacementSpec)
                and specs[-1].family == "enter_sacrifice"
            ):
                # "If you do, put ~ onto the battlefield. If you don't, ...": what the
                # replacement itself does, read with it.
                specs[-1] = replace(specs[-1], text=f"{specs[-1].text} {sentence}")
                continue
            if (m := PREVENTED_FROM.match(body)) and specs:
                last = specs[-1]
                if not isinstance(last, ReplacementSpec) or not last.prevention:
                    raise OracleParseError(sentence, "nothing before it prevents damage")
                specs[-1] = replace(
                    last,
                    text=f"{last.text} {sentence}",
                    riders=(*last.riders, _rider(m, sentence)),
                )
                continue
            fields = _additional(body)
            if fields is not None:
                # CR 615.5: a prevention effect's additional part, written as its own sentence.
                if not specs or not isinstance(specs[-1], ReplacementSpec):
                    raise OracleParseError(sentence, "nothing before it prevents damage")
                last = specs[-1]
                if not last.prevention or last.extra is not None:
                    raise OracleParseError(sentence, "nothing before it prevents damage")
                specs[-1] = replace(last, text=f"{last.text} {sentence}", **fields)  # type: ignore[arg-type]
                continue
            if m := AS_ENTERS_SACRIFICE_ANY.match(body):
                both = " ".join(sentences[i : i + 2])
                specs.append(_sacrificed_as_enters(m, following, both, name))
                consumed.add(i + 1)
                continue
            if (kicked := KICKED_ONLY.match(body)) and "another target" in kicked["rest"]:
                spec = _kicked_another_target(
                    kicked["rest"], sentence, _targets_before(*normal[:i])
                )
            else:
                spec = _wrapped(body, sentence)
            if isinstance(spec, ReplacementSpec) and ENTERS_TAPPED_IF_NOT.match(body):
                if not (i and AS_ENTERS_MAY.match(normal[i - 1])):
                    raise OracleParseError(sentence, "nothing before it says what you may do")
                spec = replace(spec, text=f"{sentences[i - 1]} {sentence}")
                if paid:
                    # CR 119.4: declining the tapped entry means paying the life (shock lands).
                    spec = replace(spec, pay_life=_number(paid["n"], sentence))
            if spec is not None:
                specs.append(spec)
            elif replaces_events(body) and not OPENING_HAND.match(body):
                raise OracleParseError(
                    sentence, "a replacement or prevention template the engine does not know"
                )
            elif sentence not in skipped:
                skipped.append(sentence)
    return tuple(specs), tuple(skipped)
