"""Replacement, prevention and "can't" effects read from an ability's text (CR 614-615).

What one sentence is, the rows decide (``replacement/sentences.py`` tries the rows of
``replacement/rows/`` by priority). Here is what spans sentences or wraps one: a sentence
that is two effects ("You can't lose the game and your opponents can't win the game"), a
prevention's additional part in a sentence of its own (615.5), a condition or a kicker
around a template ("As long as ~ is untapped, ...", "If ~ was kicked, ..."), and the
sentences read with the one before them (shock lands, Lotus Vale). A sentence that looks
like a replacement but fits no row is an error quoting it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from rules_engine.affected import Subject
from rules_engine.cards import library_card
from rules_engine.effects import HowCast, Times, YourTurn
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.keywords import as_long_as, parse_keyword
from rules_engine.oracle.permissions import grants_permission, static_permission
from rules_engine.oracle.templates import replaces_events
from rules_engine.oracle.text import clean, mark_self, split_sentences, strip_reminder
from rules_engine.replacement.compounds import KICKED_ONLY, UNTAP_STEP_RULE, split_compound
from rules_engine.replacement.phrases import (
    condition_in,
    number,
    source_in,
    targets_before,
)
from rules_engine.replacement.rows.entering import ENTERS_TAPPED_IF_NOT, entering_forms
from rules_engine.replacement.rows.entering_counted import otherwise_amends
from rules_engine.replacement.rows.entering_counters import escapes_instead
from rules_engine.replacement.rows.entering_reveal import revealed_after
from rules_engine.replacement.rows.entering_riders import returned_as_enters
from rules_engine.replacement.rows.hidden import follows as hidden_follows
from rules_engine.replacement.sentences import read_sentence
from rules_engine.replacement.specs import (
    CantSpec,
    DamageSpec,
    EnterSpec,
    Family,
    Mark,
    PerPrevented,
    ReplacementSpec,
    Rider,
    SkipSpec,
    Spec,
)

__all__ = ["entering_forms", "normal_sentence", "parse_replacements", "read_replacements"]

_T = re.compile


OPENING_HAND = _T(
    r"^if ~ is in your opening hand, you may begin the game with it on the battlefield$"
)


THIEF_COUNTERS = _T(
    r"^~ enters with (?:an? (?P<kind>\S+) counter on it for each counter removed this way|x "
    r"(?P<kind2>\S+) counters on it, where x is (?P<twice>twice )?the number of counters "
    r"removed this way)$"
)


# Mimeoplasm, Revered One: "It enters with three +1/+1 counters on it for each creature card
# exiled this way." after "As ~ enters, exile up to X creature cards from your graveyard" (one
# replacement, CR 614.1c: the counters for the cards it exiled as it entered).
EXILED_COUNTERS = _T(
    r"^(?:it|~) enters with (?P<n>an?|\w+) (?P<kind>\S+) counters? on it for each creature "
    r"card exiled this way$"
)


# Indominus Rex, after "As ~ enters, discard any number of creature cards": "It enters with a
# flying counter on it if a card discarded this way has flying." and "The same is true for first
# strike, ..., and vigilance." (one replacement, CR 614.1c: a keyword counter, 122.1b, for each
# keyword among the discarded cards).
DISCARDED_KEYWORD = _T(
    r"^(?:it|~) enters with an? (?P<kw>[a-z ]+) counter on it if a card discarded this way has "
    r"(?P=kw)$"
)
SAME_IS_TRUE_FOR = _T(r"^the same is true for (?P<list>[a-z ,]+)$")


ENTER_SACRIFICE_THEN = _T(
    r"^if you (?:do, put ~ onto the battlefield|don't, put it into its owner's graveyard)$"
)


# CR 119.4: shock lands. "As ~ enters, you may pay 2 life. If you don't, it enters tapped."
PAY_LIFE_AS_ENTERS = _T(r"^as ~ enters, you may pay (?P<n>\w+) life$")


# Reveal lands: "As ~ enters, you may reveal a Dragon card from your hand." The choice is
# the "If you don't, ~ enters tapped" effect's (declining it: the card was revealed).
AS_ENTERS_MAY = _T(
    r"^as ~ enters, you may (?:pay \w+ life|reveal .+|return an? [\w ]+? to its owner's hand)$"
)


# CR 614.1c, 614.12: "As ~ enters, sacrifice any number of creatures" (Dracoplasm) or
# "permanents" (Shimatsu), read with the sentence after it that says what that does: "~ enters
# with that many +1/+1 counters on it", or "~'s power becomes the total power of those creatures
# and its toughness becomes their total toughness" (a value set as it enters: copiable, 707.2).
# The step names what is sacrificed (``choices.sacrifice_as_enters``), as for devour (702.82a).
# "you may sacrifice any number of creatures and/or planeswalkers. If you do, it enters with
# twice that many +1/+1 counters on it" (Devouring Hellion): any number includes none.
AS_ENTERS_SACRIFICE_ANY = _T(
    r"^as ~ enters, (?:you may )?sacrifice any number of "
    r"(?P<what>creatures and/or planeswalkers|creatures|permanents)$"
)


SACRIFICED_COUNTERS = _T(
    r"^(?:if you do, )?(?P<who>~|\w+) enters with (?P<twice>twice )?that many (?P<kind>\S+) "
    r"counters on it$"
)


SACRIFICED_PT = _T(
    r"^~'s power becomes the total power of those creatures and its toughness becomes their "
    r"total toughness$"
)


# CR 614.1c, 614.1e: "As this creature enters or is turned face up, put X +1/+1 counters on it,
# where X is the number of other creatures you control" (Crowd-Control Warden): read as "~ enters
# with X +1/+1 counters on it, where X is ...", and the same counters are put on it as it is
# turned face up (``timeline/simple.face``; the count made then). "As this creature is turned
# face up, put five +1/+1 counters on it" (Hooded Hydra, Bubble Smuggler): only then.
ENTERS_OR_FACE_UP = _T(
    r"^as ~ (?P<enters>enters or )?is turned face up, put (?P<rest>\S+ \S+ counters? on it.*)$"
)


# Conditions that wrap any template: "As long as ~ is untapped, ..." (611.3a), "During your
# turn, ...".
CONDITIONAL = _T(r"^(?:as long as (?P<cond>[^,]+)|(?P<your_turn>during your turn)), (?P<rest>.+)$")


# "If you would draw a card while you have no cards in hand, draw two cards instead", "If you
# would gain life while you have 5 or less life, ..." (Phial of Galadriel): the template
# without "while ...", whose condition is checked as the event would happen (CR 614.1a).
WHILE_WRAPPED = _T(
    r"^if (?P<who>you|a player|an opponent) would (?P<what>draw a card|gain life|lose life) "
    r"while (?P<cond>[^,]+), (?P<rest>.+)$"
)


_ADDITIONAL = (
    (
        re.compile(
            r"^put a \+1/\+1 counter on that creature for each 1 damage prevented this way$"
        ),
        PerPrevented.COUNTERS,
    ),
    (
        re.compile(
            r"^if damage is prevented this way, ~ deals that much damage to that source's controller$"
        ),
        PerPrevented.REFLECT_TO_CONTROLLER,
    ),
    (
        re.compile(
            r"^for each 1 damage prevented this way, put a \+1/\+1 counter on that creature$"
        ),
        PerPrevented.COUNTERS,
    ),
    (
        re.compile(
            r"^you gain (?:1 life for each 1 damage|life equal to the damage) prevented this way$"
        ),
        PerPrevented.LIFE,
    ),
    # The Phantoms (Phantom Centaur): "If damage would be dealt to ~, prevent that damage.
    # Remove a +1/+1 counter from ~." (615.5; done even if the damage can't be prevented).
    (re.compile(r"^remove a \+1/\+1 counter from ~$"), PerPrevented.REMOVE_COUNTER),
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
# "For each 1 damage prevented this way, create a 2/1 white and black Inkling creature token
# with flying" (Inkshield) says the same with the count first.
PER_PREVENTED_TOKENS = _T(
    r"^(?:create (?P<token>an? (?>.+? tokens?(?= with | for each 1 damage prevented this way$))"
    r"(?: with .+?)?) for each 1 damage prevented this way|for each 1 damage prevented this "
    r"way, create (?P<token2>an? (?>[\w/ ,]+? tokens?(?= with |$))(?: with [\w ,]+)?))$"
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


# CR 603.2, 603.12: "When damage is prevented this way, ~ deals that much damage to any other
# target" (Phyrexian Vindicator), "Whenever damage from a creature is prevented this way, ..."
# (Judgment of Alexander), Samite Ministration's "Whenever damage from a black or red source is
# prevented this way this turn, you gain that much life": a triggered ability, not a part of
# the prevention (615.5 is "if ... prevented this way" done with it): it triggers as the damage
# is prevented and what it does waits until it resolves, after the event. What it says changes
# nothing the event becomes, so any words may follow.
PREVENTED_TRIGGER = _T(
    r"^(?:when|whenever) damage (?:from an? [\w ]+ )?is prevented this way(?: this turn)?, "
    r"\S.*$"
)


# CR 603.12: a reflexive triggered ability written after a replacement: "If a creature an
# opponent controls would die, exile it instead. When you do, create a 1/1 green Saproling
# creature token." (Nemata, Primeval Warden), "When one or more counters are removed from ~
# this way, it deals that much damage to any target." (Magma Pummeler). It triggers as the
# replacement applies; what it does waits until it resolves, after the event, so any words
# may follow. A "you may pay" in it is finished by the "If you do, ..." after it (Valentin,
# Dean of the Vein), which is the same trigger's.
REFLEXIVE_TRIGGER = _T(r"^when (?:you do|one or more counters are removed from ~ this way), \S.*$")
_TRIGGER_IF_YOU_DO = _T(r"^if you do, \S.*$")


# CR 614.6, 608.2c: "If you do, you gain 2 life." after "you may skip that step instead"
# (Fasting): what the skip brings, read with it.
SKIP_THEN_GAIN = _T(r"^if you do, you gain (?P<n>\w+) life$")


def _skip_gain(body: str, sentence: str, specs: list[Spec]) -> bool:
    """Fasting's life after its optional skip: ``specs[-1]`` amended, True returned."""
    m = SKIP_THEN_GAIN.match(body)
    if m is None or not specs or not isinstance(last := specs[-1], SkipSpec):
        return False
    if not last.optional or last.gain_life:
        return False
    n = number(m["n"], sentence)
    specs[-1] = replace(last, text=f"{last.text} {sentence}", gain_life=n)
    return True


def _reflexive(body: str, sentence: str, specs: list[Spec]) -> bool:
    """A reflexive trigger (or the "If you do" finishing its "you may") after the replacement
    read just before it: kept with it (``triggers``) and True returned."""
    if not specs or not isinstance(last := specs[-1], ReplacementSpec):
        return False
    more = (
        _TRIGGER_IF_YOU_DO.match(body) is not None
        and bool(last.triggers)
        and " you may " in f" {last.triggers[-1].lower()}"
    )
    if not (REFLEXIVE_TRIGGER.match(body) or more):
        return False
    specs[-1] = replace(last, text=f"{last.text} {sentence}", triggers=(*last.triggers, sentence))
    return True


def _rider(m: re.Match[str], sentence: str, before: str) -> Rider:
    source = source_in(m["src"], sentence)[0] if m["src"] else None
    if m["to"] == "any target":
        # Acolyte's Reward: its second target; Refraction Trap: its first (``before``, the
        # prevention's own words, names the targets before it).
        slot = targets_before(before.lower())
        return Rider("reflect_to_target", source, slot=slot)
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
            "per_prevented": PerPrevented.COUNTERS,
            "counter_kind": m["kind"] or m["kind2"],
            "on_source": on == "~",
        }
    if m := PER_PREVENTED_TOKENS.match(body):
        return {"per_prevented": PerPrevented.TOKENS, "options": (m["token"] or m["token2"],)}
    if PER_PREVENTED_DRAW.match(body):
        return {"per_prevented": PerPrevented.DRAW}
    part = next((name for pattern, name in _ADDITIONAL if pattern.match(body)), None)
    return None if part is None else {"per_prevented": part}


def normal_sentence(sentence: str) -> str:
    """The sentence as the templates read it: lower case, no ability word, the older
    "enters the battlefield" as the current "enters" (both wordings are read), and a
    resolved effect's "Until end of turn, " (it lasts until the "end" step anyway) or
    "Until your next turn, " (Morningtide's Light, CR 611.2a: a board is one turn, which the
    effect outlasts, as the layer grammar reads the same words)."""
    lowered = sentence.lower().rstrip(".").strip()
    lowered = re.sub(r"^[a-z][\w -]* — ", "", lowered)  # ability words ("arcane life-support")
    lowered = re.sub(r"\b(enters?|entering) the battlefield\b", r"\1", lowered)
    return re.sub(r"^until (?:end of turn|your next turn), ", "", lowered)


# CR 608.2c, 614.15: a spell's shield made instead of the one before it, if a condition holds
# as it resolves: "If ~ was kicked, prevent the next 4 damage that would be dealt to that
# permanent or player this turn instead" (Orim's Touch), "If you control a creature with power
# 4 or greater, instead prevent all combat damage ..." (Winds of Qal Sisma).
INSTEAD_IF = _T(
    r"^if (?P<cond>[^,]+), (?:instead (?P<rest>prevent .+)|(?P<rest2>prevent .+) instead)$"
)


def _kicked_only(m: re.Match[str], sentence: str) -> Spec | None:
    if "another target" in m["rest"]:
        return None  # which of its targets? (Falling Timber's second, Avacyn's only one)
    inner = read_sentence(m["rest"], sentence)
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
    if (
        counters
        and counters["who"] not in ("~", "it")
        and not _legendary_short_name(counters["who"], name)
    ):
        counters = None
    if counters:
        return EnterSpec(
            sentence,
            Family.ENTER_COUNTERS,
            objects=Subject("self", words="~"),
            counter_kind=counters["kind"],
            count=Times(2, HowCast("devoured")) if counters["twice"] else HowCast("devoured"),
            marks=frozenset({Mark.DEVOUR}),
        )
    if SACRIFICED_PT.match(following) and m["what"] == "creatures":
        return EnterSpec(
            sentence,
            Family.AS_ENTERS,
            objects=Subject("self", words="~"),
            marks=frozenset({Mark.SACRIFICED_PT}),
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
    inner = read_sentence(rest.replace("another target", "target", 1), sentence)
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
        return DamageSpec(
            sentence,
            Family.PREVENT_SHIELD,
            prevention=True,
            amount=number(more[1], sentence),
            shield="amount",
            marks=frozenset({Mark.THIS_WAY}),
            on_resolution="kicked",
            instead=True,
        )
    rest = re.sub(r"\bthat (?:permanent or player|player or permanent)\b", "any target", rest)
    inner = read_sentence(rest, sentence)
    if not isinstance(inner, ReplacementSpec) or not inner.prevention:
        return None
    words = m["cond"].strip()
    if words == "~ was kicked":
        return replace(inner, on_resolution="kicked", instead=True)
    return replace(inner, on_resolution=condition_in(words, sentence), instead=True)


def _wrapped(body: str, sentence: str) -> Spec | None:
    """A template, or a template under a condition ("As long as ~ is untapped, ...")."""
    if (kicked := KICKED_ONLY.match(body)) and kicked["rest"].startswith("if "):
        # "If ~ was kicked, if it would die this turn, exile it instead" (Scorching Lava's
        # second part, split off above).
        return _kicked_only(kicked, sentence)
    spec = read_sentence(body, sentence)
    if spec is None and (face_up := ENTERS_OR_FACE_UP.match(body)):
        inner = read_sentence(f"~ enters with {face_up['rest']}", sentence)
        if isinstance(inner, EnterSpec) and inner.family == Family.ENTER_COUNTERS:
            only = set() if face_up["enters"] else {Mark.ONLY_FACE_UP}
            return replace(inner, marks=inner.marks | {Mark.TURNED_FACE_UP} | only)
    if spec is None and (found := INSTEAD_IF.match(body)):
        spec = _instead_if(found, sentence)
    if spec is None and (kicked := KICKED_ONLY.match(body)):
        spec = _kicked_only(kicked, sentence)
    if spec is None and (during := WHILE_WRAPPED.match(body)):
        inner = read_sentence(
            f"if {during['who']} would {during['what']}, {during['rest']}", sentence
        )
        if isinstance(inner, ReplacementSpec) and inner.condition is None:
            return replace(inner, condition=condition_in(during["cond"], sentence))
    if spec is not None or not (m := CONDITIONAL.match(body)):
        return spec
    inner = read_sentence(m["rest"], sentence)
    if not isinstance(inner, ReplacementSpec):
        if replaces_events(m["rest"]):
            raise OracleParseError(
                sentence, "a replacement or prevention template the engine does not know"
            )
        return None
    condition = YourTurn() if m["your_turn"] else condition_in(m["cond"], sentence)
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
    # CR 702.178a, 702.169b: a replacement under "Max speed —" or "Solved —" applies only
    # while its condition holds.
    body_text = as_long_as(mark_self(strip_reminder(clean(text)), name))
    specs: list[Spec] = []
    skipped: list[str] = []
    sentences = split_sentences(body_text)
    normal = [normal_sentence(sentence) for sentence in sentences]
    consumed: set[int] = set()  # sentences read with the one before them
    for i, (sentence, lowered) in enumerate(zip(sentences, normal, strict=True)):
        if i in consumed:
            continue
        following = normal[i + 1] if i + 1 < len(normal) else ""
        if AS_ENTERS_MAY.match(lowered) and (
            ENTERS_TAPPED_IF_NOT.match(following) or revealed_after(following)
        ):
            continue  # shock and reveal lands: read with the "If you don't" sentence after it
        paid = PAY_LIFE_AS_ENTERS.match(normal[i - 1]) if i else None
        for body in split_compound(lowered):
            if body == "you can't lose the game":
                specs.append(CantSpec(sentence, "lose_game", player="you"))
                continue
            if body == "your opponents can't win the game":
                specs.append(CantSpec(sentence, "win_game", player="opponent"))
                continue
            if body == UNTAP_STEP_RULE:
                continue  # CR 502.3: a rule for the untap step, which no board step performs
            if _amends_last(body, sentence, specs):
                continue
            if m := AS_ENTERS_SACRIFICE_ANY.match(body):
                both = " ".join(sentences[i : i + 2])
                specs.append(_sacrificed_as_enters(m, following, both, name))
                consumed.add(i + 1)
                continue
            if (kicked := KICKED_ONLY.match(body)) and "another target" in kicked["rest"]:
                spec = _kicked_another_target(kicked["rest"], sentence, targets_before(*normal[:i]))
            else:
                spec = _wrapped(body, sentence)
            if isinstance(spec, EnterSpec) and ENTERS_TAPPED_IF_NOT.match(body):
                if not (i and AS_ENTERS_MAY.match(normal[i - 1])):
                    raise OracleParseError(sentence, "nothing before it says what you may do")
                spec = replace(spec, text=f"{sentences[i - 1]} {sentence}")
                if paid:
                    # CR 119.4: declining the tapped entry means paying the life (shock lands).
                    spec = replace(spec, pay_life=number(paid["n"], sentence))
            if isinstance(spec, EnterSpec) and spec.revealed_instead:
                # CR 614.12: "... unless you revealed a Dragon card this way" / "If you do":
                # read with the "As ~ enters, you may reveal ..." sentence before it.
                if not (i and AS_ENTERS_MAY.match(normal[i - 1])):
                    raise OracleParseError(
                        sentence, "nothing before it says what you may do as it enters"
                    )
                spec = replace(spec, text=f"{sentences[i - 1]} {sentence}")
                if returned := returned_as_enters(normal[i - 1], sentences[i - 1]):
                    # Rescuer Sphinx: "If you do" is returning a permanent (614.12).
                    spec = replace(spec, returned=returned, revealed_instead=False)
            if spec is not None:
                specs.append(spec)
            elif replaces_events(body) and not OPENING_HAND.match(body):
                raise OracleParseError(
                    sentence, "a replacement or prevention template the engine does not know"
                )
            elif grants_permission(body) or static_permission(body):
                # "You may play those cards this turn." after Eruth's replacement: a rule of
                # playing (CR 613.11, 601.3), inert on a board (oracle/permissions.py).
                continue
            elif sentence not in skipped:
                skipped.append(sentence)
    return tuple(specs), tuple(skipped)


def _amends_last(body: str, sentence: str, specs: list[Spec]) -> bool:
    """A sentence that completes the replacement read just before it (Thief of Blood's
    counters, "If you do, put ~ onto the battlefield", a prevention's rider or additional
    part, CR 615.5): ``specs[-1]`` is amended in place and True returned."""
    if (
        (m := THIEF_COUNTERS.match(body))
        and specs
        and isinstance(specs[-1], ReplacementSpec)
        and Mark.REMOVE_ALL_COUNTERS in specs[-1].marks
    ):
        # Thief of Blood: it enters with a counter for each one removed (one effect).
        # Sin: "X +1/+1 counters on it, where X is twice the number of counters removed".
        specs[-1] = replace(
            specs[-1],
            text=f"{specs[-1].text} {sentence}",
            counter_kind=m["kind"] or m["kind2"],
            factor=2 if m["twice"] else 1,
        )
        return True
    if (
        (m := EXILED_COUNTERS.match(body))
        and specs
        and isinstance(specs[-1], ReplacementSpec)
        and Mark.EXILE_AS_ENTERS in specs[-1].marks
    ):
        # Mimeoplasm: N counters for each card it exiled as it entered (one effect, 614.1c).
        specs[-1] = replace(
            specs[-1],
            text=f"{specs[-1].text} {sentence}",
            counter_kind=m["kind"],
            factor=number(m["n"], sentence),
        )
        return True
    if (
        (m := DISCARDED_KEYWORD.match(body) or SAME_IS_TRUE_FOR.match(body))
        and specs
        and isinstance(specs[-1], EnterSpec)
        and Mark.DISCARD_AS_ENTERS in specs[-1].marks
    ):
        words = [m["kw"]] if "kw" in m.groupdict() else re.split(r",? and |, ", m["list"])
        found = tuple(w.strip() for w in words if w.strip())
        if not all(parse_keyword(w.capitalize()) is not None for w in found):
            raise OracleParseError(sentence, f'cannot read the keywords "{", ".join(found)}"')
        rex = specs[-1]
        specs[-1] = replace(
            rex, text=f"{rex.text} {sentence}", with_abilities=(*rex.with_abilities, *found)
        )
        return True
    if (
        ENTER_SACRIFICE_THEN.match(body)
        and specs
        and isinstance(specs[-1], ReplacementSpec)
        and specs[-1].family == Family.ENTER_SACRIFICE
    ):
        # "If you do, put ~ onto the battlefield. If you don't, ...": what the
        # replacement itself does, read with it.
        specs[-1] = replace(specs[-1], text=f"{specs[-1].text} {sentence}")
        return True
    if specs and (both := otherwise_amends(body, sentence, specs[-1])) is not None:
        specs[-1:] = both  # Thunderous Velocipede: a greater mana value, more counters
        return True
    if specs and (both := escapes_instead(body, sentence, specs[-1])) is not None:
        specs[-1:] = both  # Polukranos: escaped, twelve counters instead of six (702.138c)
        return True
    if specs and hidden_follows(body, specs[-1]):
        specs[-1] = replace(specs[-1], text=f"{specs[-1].text} {sentence}")  # Twinning Staff
        return True
    if _reflexive(body, sentence, specs) or _skip_gain(body, sentence, specs):
        return True
    if PREVENTED_TRIGGER.match(body) and specs:
        last = specs[-1]
        if not isinstance(last, DamageSpec) or not last.prevention:
            raise OracleParseError(sentence, "nothing before it prevents damage")
        specs[-1] = replace(
            last, text=f"{last.text} {sentence}", triggers=(*last.triggers, sentence)
        )
        return True
    if (m := PREVENTED_FROM.match(body)) and specs:
        last = specs[-1]
        if not isinstance(last, DamageSpec) or not last.prevention:
            raise OracleParseError(sentence, "nothing before it prevents damage")
        specs[-1] = replace(
            last,
            text=f"{last.text} {sentence}",
            riders=(*last.riders, _rider(m, sentence, last.text)),
        )
        return True
    fields = _additional(body)
    if fields is not None:
        # CR 615.5: a prevention effect's additional part, written as its own sentence.
        if not specs or not isinstance(specs[-1], DamageSpec):
            raise OracleParseError(sentence, "nothing before it prevents damage")
        last = specs[-1]
        if not last.prevention or last.per_prevented is not None or last.marks:
            raise OracleParseError(sentence, "nothing before it prevents damage")
        specs[-1] = replace(last, text=f"{last.text} {sentence}", **fields)  # type: ignore[arg-type]
        return True
    return False
