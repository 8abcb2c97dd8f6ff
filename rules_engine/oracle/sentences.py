"""The sentences of one ability -> continuous effects, rules, notes and one-shot actions:
each sentence and clause routed once by the template table (oracle/templates.py) to its
reader."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    AffectedStat,
    Condition,
    Const,
    EffectSpec,
    ModifyPT,
    Not,
    Part,
    PlayerGrant,
    SetController,
    SourceStatus,
    TypeChange,
)
from rules_engine.one_shot import OneShot
from rules_engine.oracle.clauses import split_clauses
from rules_engine.oracle.conditions import instead_condition, read_condition
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.digital import (
    PERPETUAL_UNHELD,
    digital_why,
    is_digital_only,
    perpetual_body,
    reaches_unheld_cards,
    reads_own_intensity,
)
from rules_engine.oracle.general import general_sentence, special_sentence, still_a_land
from rules_engine.oracle.keyword_actions import expand_keyword_actions
from rules_engine.oracle.one_shot_clauses import one_shot, remember_object
from rules_engine.oracle.oneshot_instead import Parts, read_oneshot_instead
from rules_engine.oracle.permissions import HIDDEN_LOOK_WHY, sees_hidden_cards, static_permission
from rules_engine.oracle.permissions import WHY as PERMISSION_WHY
from rules_engine.oracle.player_grants import player_grant
from rules_engine.oracle.same_is_true import repeated_for_abilities
from rules_engine.oracle.sentence_kinds import makes_continuous_effect, performs_actions
from rules_engine.oracle.sentence_lists import expand_instruction_lists
from rules_engine.oracle.sentence_state import (
    PLAYER_PART,
    SentenceState,
    blank_quotes,
    earlier_target,
    subject_from,
)
from rules_engine.oracle.static_instead import instead_of_part, read_static_instead
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.templates import (
    KICKED_OR_TYPE_WORDS,
    Builds,
    Here,
    Reading,
    Scope,
    Template,
    route_sentence,
)
from rules_engine.oracle.text import SELF, split_sentences, tokenize
from rules_engine.oracle.untap_step import (
    BEFORE_GAME_WHY,
    COMBAT_WHY,
    EXERT_WHY,
    LINKED_WHY,
    REQUIREMENT_WHY,
    UNBLOCKED_WHY,
    UNTAP_STEP_WHY,
    after_exert,
    assigns_as_though_unblocked,
    combat_only,
    combat_requirement,
    commander_color_choice,
    exert_as_it_attacks,
    untap_step_only,
)
from rules_engine.vocabulary import ALL_TYPE_WORDS

# --- Sentences -----------------------------------------------------------------

# The comma before "then" stays: "lose indestructible until end of turn, then destroy all
# creatures" (Spectacular Pileup) is an effect, then a one-shot part (CR 608.2c).
_UNTIL_EOT = re.compile(
    r"(?:^|,? )until (?:end of turn|your next turn)(?:,(?! then\b))?", re.IGNORECASE
)


@dataclass
class _Effects:
    effects: list[EffectSpec]
    rules: list[str]
    notes: list[str]
    actions: list[OneShot]
    unperformed: list[str]
    gaps: list[tuple[str, str]]
    # Sentences of a static ability known to change nothing on a board: (sentence, why).
    inert: list[tuple[str, str]] = field(default_factory=list)
    # A resolving text's hexproof or shroud for players (CR 613.10, 702.11d).
    player_grants: list[PlayerGrant] = field(default_factory=list)


_KICKED_OR_TYPE = re.compile(rf"^(?:{KICKED_OR_TYPE_WORDS})$", re.IGNORECASE)


def _double(m: re.Match[str], sentence: str, state: SentenceState, until_eot: bool) -> EffectSpec:
    """CR 701.10: to double a creature's power it gets +X/+0 where X is its power (and the
    same for toughness); X is fixed as the spell resolves, like any resolved P/T change."""
    cursor = Cursor(tokenize(m["subj"]), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, "cannot tell what this doubles")
    state.previous = subject
    what = m["what"].lower()
    power = AffectedStat("power") if "power" in what else Const(0)
    toughness = AffectedStat("toughness") if "toughness" in what else Const(0)
    part = Part("7c", ModifyPT(power, toughness))
    return EffectSpec(sentence, subject, (part,), until_end_of_turn=until_eot)


def parse_effects(
    text: str,
    *,
    resolving: bool,
    mode: bool = False,
    antecedent: Subject | None = None,
    trigger_zone: str = "",
) -> _Effects:
    """Sentences of one ability -> continuous effects, rule texts, notes and one-shot actions,
    each sentence and clause routed once by the template table (oracle/templates.py).
    ``mode``: the text is one mode of a modal ability (its instructions are one-shots).
    ``antecedent``: what a first "it" or "that card" names (a trigger condition's object);
    ``trigger_zone``: where that object went ("graveyard" for a "dies" trigger)."""
    context = SubjectContext()
    context.trigger_zone = trigger_zone
    state = SentenceState(context, antecedent, resolving=resolving, mode=mode)
    out = _Effects([], [], [], [], [], [])
    delayed = False
    # CR 701.66a: "Earthbend 3." read as the sentences it stands for (keyword_actions.py).
    # "Gain control of ..., untap it, and it gains haste ..." read as its three sentences.
    for sentence in expand_instruction_lists(expand_keyword_actions(split_sentences(text))):
        # A static ability's "~'s intensity" is read (amounts.py); a resolving text's isn't
        # (Piece It Together's "If ~'s intensity is 4, instead ..." replaces a one-shot).
        digital = is_digital_only(sentence, resolving=resolving)
        if digital and (resolving or not reads_own_intensity(sentence)):
            if why := _perpetual(sentence, text, state, out):
                out.gaps.append((sentence, why))  # named in not_modelled, never refused
            state.first = False
            continue
        delayed = _combat_or_read(sentence, state, out, resolving, delayed)
        state.first = False
    return out


def _combat_or_read(
    sentence: str, state: SentenceState, out: _Effects, resolving: bool, delayed: bool
) -> bool:
    """One sentence read; one the grammar can't read whose effect needs a combat in progress
    (CR 511.3: none on a board) is known inert instead, leaving nothing half read."""
    parts: tuple[list[Any], ...] = (
        out.effects,
        out.rules,
        out.notes,
        out.actions,
        out.unperformed,
        out.gaps,
    )
    sizes = [len(part) for part in parts]
    before = (state.previous, state.context.next_target)
    try:
        read = _read_sentence(sentence, sentence, state, out, resolving, delayed)
        if resolving and len(out.rules) > sizes[1] and combat_requirement(sentence):
            # A resolved "attack each combat if able" (CR 508.1d): known inert on a board.
            del out.rules[sizes[1] :]
            out.inert.append((sentence, REQUIREMENT_WHY))
            return read
        if len(out.gaps) == sizes[-1] or not combat_only(sentence):
            return read
    except OracleParseError:
        if not combat_only(sentence):
            raise
    for part, size in zip(parts, sizes, strict=True):
        del part[size:]
    state.previous, state.context.next_target = before
    out.inert.append((sentence, COMBAT_WHY))
    return delayed


# "If you control a Fish, Octopus, Otter, Seal, Serpent, or Whale, draw a card." (Unagi's
# Spray): the list's commas would end the condition early; each item is one word.
_CONTROL_KINDS = re.compile(
    r"^(?P<head>(?i:if (?:you control|(?:that creature|it) is) (?:a|an) ))"
    r"(?P<kinds>(?:[A-Z][\w-]*, )+or [A-Z][\w-]*)(?P<rest>, .+)$"
)


def _kinds_joined_by_or(text: str) -> str:
    """ "if you control a Fish, Octopus, or Whale, ..." read as "a Fish or Octopus or Whale"
    (any one of them is enough, CR 608.2c), when every item is a type word (CR 205); the
    same for "If that creature is a Bird, Frog, Otter, or Rat, ..." (Splash Portal)."""
    m = _CONTROL_KINDS.match(text)
    if m is None:
        return text
    kinds = [k.removeprefix("or ") for k in m["kinds"].split(", ")]
    if not all(k.lower() in ALL_TYPE_WORDS for k in kinds):
        return text
    return f"{m['head']}{' or '.join(kinds)}{m['rest']}"


_DEALT_THIS_WAY = re.compile(
    r"^if a creature is dealt damage this way, it (?P<verb>gets|gains) ", re.IGNORECASE
)
_AS_CAST = " as you cast ~"
_CONTROLLED = "you controlled"


def _as_you_cast(text: str) -> str:
    """ "if you controlled a Faerie as you cast ~" (Faerie Fencing), "for each modified
    creature you controlled as you cast ~" (Lethal Exploit): what you controlled as you cast
    the spell (CR 601.2) is what you control as it resolves (608.2c) on a board: a cast step
    casts and resolves the spell at once, with nothing between, and the spell's earlier
    parts change no control and leave no object until state-based actions (704.3) after it
    has resolved. (Found with ``str.find``: no pattern to backtrack.)"""
    lowered = text.lower()
    end = lowered.find(_AS_CAST)
    start = lowered.rfind(_CONTROLLED, 0, end) if end >= 0 else -1
    if start < 0 or "," in text[start:end] or "." in text[start:end]:
        return text
    what = text[start + len(_CONTROLLED) : end].strip()
    said = f"you control {what}" if what else "you control"
    return text[:start] + said + text[end + len(_AS_CAST) :]


def _perpetual(sentence: str, text: str, state: SentenceState, out: _Effects) -> str | None:
    """MTG Arena's "perpetually" (Alchemy; no CR rule) on permanents a board holds: the same
    continuous effect as the sentence without the word, applied in its layer (CR 613) with
    its timestamp, and never ending (so never "until end of turn"). Read only when every
    object it reaches is on the battlefield; a card in a hand, library or graveyard, or one
    a later sentence moves, stays named (the effect would follow it there). None once read,
    else why it is named."""
    body = perpetual_body(sentence)
    if body is None or not state.resolving:
        return digital_why(sentence)
    if reaches_unheld_cards(text):
        return PERPETUAL_UNHELD
    trial = _Effects([], [], [], [], [], [])
    before = (state.previous, state.context.next_target)
    try:
        _read_sentence(body, sentence, state, trial, True, False)
    except OracleParseError:
        trial.gaps.append((sentence, ""))
    made = trial.effects
    elsewhere = any(f.zone != "battlefield" for e in made for f in e.subject.filters)
    if trial.gaps or trial.unperformed or not made or elsewhere:
        state.previous, state.context.next_target = before
        return PERPETUAL_UNHELD if elsewhere else digital_why(sentence)
    out.effects += [replace(e, perpetual=True) for e in made]
    out.actions += trial.actions
    out.rules += trial.rules
    out.notes += trial.notes
    return None


def _read_sentence(
    sentence: str,
    written: str,
    state: SentenceState,
    out: _Effects,
    resolving: bool,
    delayed: bool,
) -> bool:
    """One sentence read into ``out`` (``written``: the sentence as printed, when ``sentence``
    is a reading of it); whether it was a delayed trigger."""
    whole = sentence.rstrip(".").strip()
    # Not inside a granted ability's quotes ('~ has "{1}{R}: ~ gets +2/+0 until end of
    # turn."', a station symbol's or level box's ability, CR 721.2, 711.2b).
    pieces = re.split(r'("[^"]*")', whole)
    until_eot = any(_UNTIL_EOT.search(p) for p in pieces if not p.startswith('"'))
    whole = "".join(p if p.startswith('"') else _UNTIL_EOT.sub("", p) for p in pieces)
    whole = whole.strip().strip(",").strip()
    whole = re.sub(r" and/or ", " or ", whole)  # "each artifact and/or enchantment"
    # "Then that creature fights ...", "Then if ..., return ~ to its owner's hand": the
    # next instruction in the order written (608.2c), read as any other sentence.
    whole = re.sub(r"^then,? (?=\S)", "", whole, flags=re.IGNORECASE)
    # "If that permanent is a Spirit, ~ also deals 2 damage to that permanent's
    # controller." (Rending Flame): "also" adds nothing to the one-shot it rides on.
    whole = re.sub(r"(?<=, )~ also deals ", "~ deals ", whole, flags=re.IGNORECASE)
    # "If that creature was cast for its warp cost, it also gains trample ..." (Full Bore):
    # the same for an effect added to the one before.
    whole = re.sub(r"(?<=, )it also (?=gains |gets )", "it ", whole, flags=re.IGNORECASE)
    # "Until end of turn, you gain control of target creature ..." (Grab the Reins): the
    # spell's controller is who "gain control of" means anyway (CR 613.2b).
    whole = re.sub(r"^you gain control of ", "gain control of ", whole, flags=re.IGNORECASE)
    # "If a creature is dealt damage this way, it gets +5/+0 until end of turn." (Provoke the
    # Trolls): each creature the spell dealt damage to gets it (CR 608.2c, 611.2c).
    whole = _DEALT_THIS_WAY.sub(r"each creature dealt damage this way \g<verb> ", whole)
    if resolving:
        whole = _as_you_cast(whole)
        # "You may have it gain reach until end of turn." (Academic Dispute): a choice made
        # as it resolves (CR 608.2d), taken as chosen, as "you may" one-shots and a
        # triggered ability's "you may have ~ ..." are (603.5; parser.parse_trigger_effect).
        whole = _YOU_MAY_HAVE.sub(lambda h: f"{h['who']} {h['verb']}s", whole)
    whole = _kinds_joined_by_or(whole)
    # A mode is part of a modal spell or ability, which resolves (CR 700.2): read as one.
    reading = Reading(resolving or state.mode, until_eot, written, after_delayed=delayed)
    template, m = route_sentence(whole, reading, Scope.SENTENCE)
    if template.builds is Builds.PAIRED:
        me = Subject("self", words=SELF)
        both = Subject("paired", words="both creatures")
        _as_if_self(m["rest"], written, state, until_eot, out, both, SourceStatus("paired", me))
    elif template.builds is Builds.CREATED:
        made = Subject("created", words="that token")
        _as_if_self(m["rest"], written, state, until_eot, out, made, None)
    elif template.builds in (Builds.NOTE, Builds.DELAYED):
        # A whole sentence a board has no use for (templates.py), or a delayed trigger (or
        # the rest of one: "If you do, ..."), inert until it triggers (CR 603.7).
        out.notes.append(written)
    else:
        before, acted = len(out.effects), len(out.actions)
        for body in split_clauses(whole):
            begun, after_action = len(out.effects), len(out.actions) > acted
            _parse_clause(body, written, state, reading, out)
            if after_action and body != whole:
                # "Create a ... token, then creatures you control get +1/+0" (Hire a Crew): an
                # effect written after a part of its own sentence is placed by its own words,
                # so it begins after that part (CR 608.2c, 611.2c; timeline/text_order.py).
                out.effects[begun:] = [replace(e, text=body) for e in out.effects[begun:]]
        _those_targets(out.effects[before:], state)
    return template.builds is Builds.DELAYED


def _those_targets(made: list[EffectSpec], state: SentenceState) -> None:
    """ "Target creature gets +3/+3, up to one other target creature gets +2/+2, and ...
    Those creatures gain vigilance" (Arm the Cathars): "those" are every target the sentence
    before named (CR 608.2c), not its last one."""
    if len(made) < 2 or any(spec.subject.kind != "targets" for spec in made):
        return
    slots = tuple(slot for spec in made for slot in spec.subject.target_slots)
    up_to = any(spec.subject.up_to for spec in made)
    # Each target is still checked against what its own words asked for (CR 608.2b).
    filters = tuple(dict.fromkeys(f for spec in made for f in spec.subject.filters))
    state.previous = Subject(
        "targets", filters, target_slots=slots, words="those creatures", up_to=up_to
    )


def _as_if_self(
    rest: str,
    sentence: str,
    state: SentenceState,
    until_eot: bool,
    out: _Effects,
    subject: Subject,
    condition: Condition | None,
) -> None:
    """The words read as if ~ alone were their subject, then given to ``subject`` (the
    paired creatures while paired, or the tokens just created)."""
    verb, _, tail = rest.partition(" ")
    singular = {"have": "has", "get": "gets", "gain": "gains", "can't": "can't"}
    spec, _ = general_sentence(
        f"{SELF} {singular.get(verb.lower(), verb)} {tail}", sentence, state, until_eot
    )
    if spec is None:
        raise OracleParseError(sentence, f"cannot read what {subject.words} get")
    out.effects.append(replace(spec, subject=subject, condition=condition))


def _parse_clause(
    body: str, sentence: str, state: SentenceState, reading: Reading, out: _Effects
) -> None:
    """Read one clause as the template it fits says (oracle/templates.py)."""
    after_destroy = bool(out.actions) and out.actions[-1].kind == "destroy"
    template, m = route_sentence(body, replace(reading, after_destroy=after_destroy))
    clause = _Clause(body, sentence, state, reading.until_eot, out, m)
    CLAUSE_READERS[template.builds](clause, template)


@dataclass(frozen=True, slots=True)
class _Clause:
    """A routed clause and what reading it needs."""

    body: str
    sentence: str
    state: SentenceState
    until_eot: bool
    out: _Effects
    match: re.Match[str]


def _replacement(c: _Clause, template: Template) -> None:
    # CR 614.15, 608.2c: a spell's own "instead" whose new part is a one-shot action is read
    # as two parts of the resolution (oracle/oneshot_instead.py); any other is the
    # replacement grammar's.
    groups = c.match.groupdict()
    if c.state.resolving and groups.get("cond") and groups.get("rest"):
        parts = Parts(c.out.effects, c.out.actions)
        if read_oneshot_instead(c.match, c.sentence, c.state, c.until_eot, parts, one_shot):
            return
    _noted(c, template)


def _noted(c: _Clause, _template: Template) -> None:
    # Costs (601.2f), notes a board has no use for, and events the replacement grammar reads
    # (CR 614-615, replacement/grammar.py): kept with the ability, never dropped.
    c.out.notes.append(c.sentence)


def _ruled(c: _Clause, _template: Template) -> None:
    c.out.rules.append(c.sentence)  # CR 613.10-613.11: a rule, not a characteristic


def _permitted(c: _Clause, _template: Template) -> None:
    # CR 613.11, 601.3: a permission about casting or playing (oracle/permissions.py). A
    # board's steps say what was cast and how; nothing checks whether it was allowed, so the
    # permission is known inert there, with its rule.
    c.out.inert.append((c.sentence, PERMISSION_WHY))


def _still_land(c: _Clause, _template: Template) -> None:
    """ "It's still a land." keeps the prior types (305.7, 205.1b); "It's still a
    Shapeshifter." keeps that subtype among the ones the effect before it sets."""
    words = (c.match.groupdict().get("what") or "land").lower().split()
    if not c.out.effects:
        if c.out.gaps:
            # Duplicant: it amends the sentence before it, itself named as not modelled.
            c.out.gaps.append((c.sentence, "it amends the sentence before it (CR 205.1b)"))
            return
        raise OracleParseError(c.sentence, "nothing before it to still be that")
    kinds = [ALL_TYPE_WORDS[w] for w in words if w in ALL_TYPE_WORDS]
    if any(kind == "type" for kind, _ in kinds):
        c.out.effects[-1] = still_a_land(c.out.effects[-1])  # a card type: all kept
        return
    kept = frozenset(word for kind, word in kinds if kind == "subtype")
    prior = c.out.effects[-1]
    parts = tuple(
        Part(p.layer, replace(p.action, add_subtypes=p.action.add_subtypes | kept))
        if isinstance(p.action, TypeChange)
        else p
        for p in prior.parts
    )
    if parts == prior.parts:
        raise OracleParseError(c.sentence, "nothing before it changes its types")
    c.out.effects[-1] = replace(prior, parts=parts)


def _lingers(c: _Clause, _template: Template) -> None:
    """ "If ~ leaves the battlefield, this effect continues until end of turn." (Titania's
    Song): the effect before it applies while ~ is on the battlefield (CR 611.3b); marked so
    that as ~ leaves, it goes on until end of turn on the objects it affected then (611.2c,
    lingering.py). An effect before it that is itself named as not modelled takes it along."""
    if not c.out.effects:
        if c.out.gaps:
            c.out.gaps.append((c.sentence, "it continues the sentence before it (CR 611.3b)"))
            return
        raise OracleParseError(c.sentence, "no effect before it to continue")
    prior = c.out.effects[-1]
    c.out.effects[-1] = replace(prior, lingers=True, text=f"{prior.text} {c.sentence}")


def _same_is_true(c: _Clause, _template: Template) -> None:
    effects = c.out.effects
    if not effects and c.out.gaps:
        # Eater of Virtue, Urborg Scavengers: it widens the sentence before it, itself named
        # as not modelled, so this one is named with it (CR 611.3a).
        why = "it repeats the sentence before it for more abilities, which isn't modelled"
        c.out.gaps.append((c.sentence, f"{why} (CR 611.3a)"))
        return
    if not effects:
        raise OracleParseError(c.sentence, "nothing before it to be the same")
    try:
        extra = subject_from(c.match["subj"], c.sentence, c.state)
    except OracleParseError as error:
        # "The same is true for first strike, double strike, ..." (Urborg Scavengers): a list
        # of abilities, not of objects: the sentence before said again for each (611.3a);
        # a list it can't say again (Cairn Wanderer's landwalk) is named as not modelled.
        try:
            effects += repeated_for_abilities(
                effects[-1], c.match["subj"], c.sentence, c.state, c.until_eot
            )
        except OracleParseError:
            c.out.gaps.append((c.sentence, str(error)))
        return
    prior = effects[-1]
    merged = Subject("filter", prior.subject.filters + extra.filters, words=prior.subject.words)
    effects[-1] = replace(prior, subject=merged, text=f"{prior.text} {c.sentence}")


def _otherwise(c: _Clause, _template: Template) -> None:
    # "As long as enchanted creature is a Pirate, it gets +0/+1. Otherwise, it gets -2/-0."
    # (Sea Legs): the opposite condition, checked as continuously (CR 611.3a).
    effects, sentence, rest = c.out.effects, c.sentence, c.match["rest"]
    before = effects[-1] if effects else None
    if before is None or before.condition is None:
        before = _rule_condition(c) or before
    if before is not None and before.condition is not None and _COMBAT_RULE.match(rest):
        # "Otherwise, it can't block." (Mishra's Domination): a rule of blocking (CR 509.1a),
        # kept as the rule it is, as the same words alone are (CR 613.11).
        c.out.rules.append(sentence)
        return
    resolving = before is not None and (
        before.only_if not in (None, "kicked") or before.after_done is not None
    )
    try:
        if before is None or (before.condition is None and not resolving):
            # "If you win, ... Otherwise, ...": the condition was a one-shot's.
            raise OracleParseError(sentence, "no condition before it to be otherwise")
        if before.instead_if is not None:
            raise OracleParseError(sentence, "no condition before it to be otherwise")
        other, _ = general_sentence(rest, sentence, c.state, c.until_eot)
        if other is None or other.condition is not None:
            raise OracleParseError(sentence, "cannot read what happens otherwise")
    except OracleParseError as error:
        if performs_actions(rest) and not makes_continuous_effect(rest):
            c.out.notes.append(sentence)
            c.out.unperformed.append(sentence)  # a one-shot's "Otherwise, ..." (608.2c)
            return
        if not makes_continuous_effect(rest):
            raise
        c.out.gaps.append((sentence, str(error)))  # named in not_modelled, never dropped
        return
    if before.after_done is not None:
        # "If you do, ... Otherwise, ..." (608.2c): made only if the part didn't happen.
        other = replace(other, after_done=not before.after_done, cda=False)
    elif before.only_if is not None and before.only_if != "kicked":
        # "If it's a Pirate, ... Otherwise, ...": the opposite, checked on resolution (608.2c).
        other = replace(other, only_if=Not(before.only_if), cda=False)
    elif before.condition is not None:
        other = replace(other, condition=Not(before.condition), cda=False)
    effects.append(replace(other, targets_used=c.state.context.next_target))


# A rule about attacking or blocking only (CR 506.4, 508.1, 509.1): a board has no combat.
_COMBAT_RULE = re.compile(
    r"^(?:it|~|enchanted creature|equipped creature) can't (?:attack|block|attack or block)$",
    re.IGNORECASE,
)


def _rule_condition(c: _Clause) -> EffectSpec | None:
    """ "As long as another player controls enchanted creature, it can't attack or block.
    Otherwise, ~ has umbra armor." (Dog Umbra): the rule just before, kept as a rule (CR
    613.11), gives "Otherwise" its condition, to be read the other way (611.3a)."""
    if not c.out.rules or c.state.resolving:
        return None
    m = re.match(r"^as long as (?P<cond>[^,]+), ", c.out.rules[-1], re.IGNORECASE)
    if m is None:
        return None
    try:
        condition = read_condition(m["cond"], c.out.rules[-1], c.state)
    except OracleParseError:
        return None
    return EffectSpec(c.out.rules[-1], Subject("self", words=SELF), (), condition=condition)


def _no_regeneration(c: _Clause, _template: Template) -> None:
    # CR 701.19c: the destruction just before can't be replaced by regeneration.
    c.out.actions[-1] = replace(c.out.actions[-1], regenerable=False)


def _doubled(c: _Clause, _template: Template) -> None:
    c.out.effects.append(_double(c.match, c.sentence, c.state, c.until_eot))


def _self_replacement(c: _Clause, _template: Template) -> None:
    # CR 614.15: a spell's own "instead" replaces its earlier effect when the condition holds.
    effects, sentence, state, m = c.out.effects, c.sentence, c.state, c.match
    if not state.resolving:
        # A static ability's own "instead" (Relic Axe, Precipitous Drop; CR 611.3a).
        try:
            read_static_instead(effects, m["cond"], m["rest"], sentence, state)
        except OracleParseError as error:
            c.out.gaps.append((sentence, str(error)))  # named in not_modelled
        return
    try:
        if not effects and _KICKED_OR_TYPE.match(m["cond"]):
            raise OracleParseError(sentence, "nothing before it to replace")
        # Without an effect before it in this paragraph, it replaces the spell's last
        # one (Tragic Slip's morbid paragraph, ``timeline.resolve_checks.choose_instead``).
        condition = instead_condition(m["cond"], sentence, state)
        spec, _ = general_sentence(
            re.sub(r"^only ", "", m["rest"], flags=re.IGNORECASE),  # Golden Demise
            sentence,
            state,
            c.until_eot or bool(effects and effects[-1].until_end_of_turn),
        )
        if spec is None:
            raise OracleParseError(sentence, "cannot read what happens instead")
    except OracleParseError:
        if _KICKED_OR_TYPE.match(m["cond"]):
            raise
        # Any other condition: a replacement, which the replacement grammar reads (and
        # names if it can't).
        c.out.notes.append(sentence)
        return
    if not effects and spec.subject.kind == "self" and re.match(r"that ", m["rest"], re.I):
        # "That creature" in a later paragraph is the spell's first target.
        spec = replace(spec, subject=Subject("targets", (Filter(),), (0,), "that creature"))
    spec = instead_of_part(effects[-1] if effects else None, spec)  # Behind the Mask
    effects.append(replace(spec, instead_if=condition, targets_used=state.context.next_target))


def _only_if(c: _Clause, _template: Template) -> None:
    # CR 608.2c: the condition is checked as the spell resolves; the effect is made only
    # if it holds ("If it's a Spirit, it gains trample"; kicker, 702.33d).
    words = re.sub(
        r"^(?:it|they|that creature|those creatures) also ",
        lambda m: m[0][: -len("also ")],
        c.match["rest"],
        flags=re.IGNORECASE,
    )
    named = None
    if (m := _THE_NAMED.fullmatch(words)) and (named := earlier_target(m["what"], c.state)):
        # Joust, Blizzard Brawl: "Choose target creature you control and target creature you
        # don't control. ... the creature you control gets +2/+1 ...": that target (608.2c).
        words = f"that creature {m['rest']}"
    elif c.state.previous is not None:
        # "If {W} was spent to cast ~, the creature gains ..." (Flash Conscription): the one
        # the sentences before named.
        words = re.sub(r"^the creature ", "that creature ", words, flags=re.IGNORECASE)
    elif m := _BEFORE_IT_FIGHTS.fullmatch(words):
        # Savage Punch's ferocious: "The creature you control gets +2/+2 until end of turn
        # before it fights ...": the fight's first target ("target creature you control"), its
        # effect begun before the fight, as every effect of a resolving spell is here.
        words = f"that creature {m['rest']}"
    elif m := _THE_FIGHTER.fullmatch(words):
        # Outmuscle's adamant, Blizzard Brawl: "the creature you control gains indestructible
        # until end of turn" after "target creature you control ... fights ...": the same
        # first target (CR 608.2c: the text refers back to it).
        words = f"that creature {m['rest']}"
    # "Target creature you control gets +2/+0 until end of turn if it's night." (Wolf
    # Strike): the condition written last, its "it" the subject before it, so read after it.
    last = c.match.start("cond") > c.match.start("rest")
    if c.match["cond"].lower() == "you do" and not last:
        _if_you_do(c, words)
        return
    try:
        condition = None if last else instead_condition(c.match["cond"], c.sentence, c.state)
        if named is not None:
            c.state.previous = named
        spec = special_sentence(words, c.sentence, c.state, c.until_eot)
        is_rule = False
        if spec is None:
            spec, is_rule = general_sentence(words, c.sentence, c.state, c.until_eot)
        if last:
            if spec is not None:
                c.state.previous = spec.subject
            condition = instead_condition(c.match["cond"], c.sentence, c.state)
        if spec is None and is_rule:
            # "If this spell was kicked, creatures can't attack this turn" (Orim's Chant): a
            # rule about the game (613.11) for the turn, kept with its condition.
            c.out.rules.append(c.sentence)
            return
        if spec is None:
            raise OracleParseError(c.sentence, "cannot read what the condition adds")
    except OracleParseError:
        if c.match["cond"].lower() == "~ was kicked":
            raise
        # A condition or effect this reader can't apply: read as any other sentence, so a
        # rule stays a rule and a continuous effect the grammar can't read is named.
        _continuous(c, _template)
        return
    if not c.out.effects and spec.subject.kind == "self" and re.match(r"that ", words, re.I):
        # "That creature" in a later paragraph (ferocious, addendum) is the spell's first
        # target, as in a later paragraph's "instead" (_self_replacement).
        spec = replace(spec, subject=Subject("targets", (Filter(),), (0,), "that creature"))
    c.out.effects.append(replace(spec, only_if=condition, targets_used=c.state.context.next_target))


def _if_you_do(c: _Clause, words: str) -> None:
    """ "You may sacrifice a Food. If you do, target creature gets +5/+5 until end of turn."
    (Insatiable Appetite): the effect is made only if the one-shot part just before it did
    something, known once it has happened (CR 608.2c). After a part the engine doesn't
    perform, it can't tell: named in not_modelled."""
    out = c.out
    performed = bool(out.actions) and bool(out.notes) and out.notes[-1] == out.actions[-1].text
    try:
        if not performed:
            raise OracleParseError(c.sentence, "the part before it is not performed")
        spec, _ = general_sentence(words, c.sentence, c.state, c.until_eot)
        if spec is None:
            raise OracleParseError(c.sentence, "cannot read what the condition adds")
    except OracleParseError as error:
        if performs_actions(words) and not makes_continuous_effect(words):
            raise
        out.gaps.append((c.sentence, str(error)))
        return
    used = c.state.context.next_target
    out.effects.append(replace(spec, after_done=True, targets_used=used))


def _target_and_kin(c: _Clause, template: Template) -> None:
    """ "Target creature and each other creature that shares a color with it get +1/+1 until
    end of turn" (Wojek Siren): one effect on the target, one on the creatures like it as
    the spell resolves (the set is fixed then, CR 611.2c)."""
    m = c.match
    spec, _ = general_sentence(f"{m['target']} {m['rest']}", c.sentence, c.state, c.until_eot)
    if spec is None or not spec.subject.target_slots:
        raise OracleParseError(c.sentence, "cannot read what they get")
    how: Literal["color", "name"] = "name" if "same name" in m["kin"].lower() else "color"
    kin = Filter(types=frozenset({"Creature"}), like_target=(how, spec.subject.target_slots[0]))
    used = c.state.context.next_target
    c.out.effects.append(replace(spec, targets_used=used))
    kin_subject = Subject("filter", (kin,), words=m["kin"])
    c.out.effects.append(replace(spec, subject=kin_subject, targets_used=used))


def _swap_control(c: _Clause, _template: Template) -> None:
    """ "You and target opponent each gain control of all creatures the other controls until
    end of turn" (Twist Allegiance, Reins of Power): two layer 2 effects whose sets of
    creatures are both fixed as the spell resolves (CR 611.2c), so neither takes back what the
    other just gave."""
    context = c.state.context
    if c.match["who"].lower().startswith("target"):
        (slot,) = context.take_targets(1)
    elif context.next_target:
        slot = context.next_target - 1  # "that opponent": the target opponent before it
    else:
        raise OracleParseError(c.sentence, 'cannot tell who "that opponent" is')
    creature = frozenset({"Creature"})
    theirs = Filter(types=creature, controller="target_player", player_slot=slot)
    mine = Filter(types=creature, controller="you")
    used = context.next_target
    for subject, who in (
        (Subject("filter", (theirs,), words="all creatures that opponent controls"), "caster"),
        (Subject("filter", (mine,), words="all creatures you control"), "target_player"),
    ):
        action = SetController(who, slot if who == "target_player" else None)  # type: ignore[arg-type]
        spec = EffectSpec(c.sentence, subject, (Part("2", action),), until_end_of_turn=c.until_eot)
        c.out.effects.append(replace(spec, targets_used=used))
    # "Untap those creatures. Those creatures gain haste": the creatures of both players.
    c.state.previous = Subject("filter", (theirs, mine), words="those creatures")


def _player_ability(c: _Clause, _template: Template) -> None:
    """ "You gain hexproof until your next turn." (Blossoming Calm): an effect on a player,
    not on an object's characteristics (CR 613.10), named in not_modelled."""
    if re.match(r"^target player\b", c.body, re.IGNORECASE):
        c.state.context.take_targets(1)  # the player is still a target (CR 115.1)
    _player_part(c, c.body)


def _player_part(c: _Clause, body: str) -> None:
    """A resolving text's player part: hexproof or shroud kept in the game, which the
    targeting check reads (CR 613.10, 702.11d, 702.18a); anything else named in
    not_modelled."""
    grant = player_grant(body, c.sentence) if c.state.resolving else None
    if grant is not None:
        c.out.player_grants.append(grant)
    else:
        c.out.gaps.append((c.sentence, PLAYER_PART))


# "You and permanents you control gain hexproof until end of turn" (Lazotep Plating), "You
# and creatures you control have protection from the chosen card type" (Serra's Emissary).
_YOU_AND = re.compile(
    r"^(?P<cond>(?:as long as [^,]+|during your turn), )?you and "
    r"(?!that player\b|others\b|target player\b|each\b)(?P<rest>.+)$",
    re.IGNORECASE,
)


def _you_and(c: _Clause) -> bool:
    """One sentence, two effects: the objects' part is a continuous effect in its layer
    (CR 613.1f for abilities), the player's part a rule about a player (613.10). A static
    ability's rule stays with the ability (the targeting check reads it, 702.11d); a resolving
    text's player part is named in not_modelled."""
    m = _YOU_AND.match(blank_quotes(c.body))
    if m is None:
        return False
    body = (m["cond"] or "") + c.body[m.start("rest") :]
    spec, _ = general_sentence(body, c.sentence, c.state, c.until_eot)
    if c.state.resolving:
        _player_part(c, c.body)
    else:
        c.out.rules.append(c.sentence)
    if spec is not None:
        minimum = _minimum_targets(spec.subject, c.state)
        c.out.effects.append(
            replace(spec, targets_used=c.state.context.next_target, min_targets=minimum)
        )
    return True


def _one_shot_clause(c: _Clause, template: Template) -> None:
    c.out.notes.append(c.sentence)
    if not (c.state.resolving or c.state.mode):
        _static_instruction(c)
        return
    action = one_shot(c.body, c.sentence, c.state)
    if action is not None and action.if_done and not _follows_an_action(c.out):
        action = None  # "If you do, ..." after a part the engine doesn't perform
    if action is not None:
        c.out.actions.append(action)
        if action.per is not None and action.per.kind == "filter":
            # "Draw a card for each creature you control with a +1/+1 counter on it. Those
            # creatures gain indestructible ..." (Inspiring Call): the ones counted.
            c.state.previous = action.per
        return
    remember_object(c.body, c.state)
    if template.here is not Here.INERT and c.sentence not in c.out.unperformed:
        c.out.unperformed.append(c.sentence)  # named in not_modelled (once a sentence)
    elif re.match(r"^target (?:player|opponent) reveals\b", c.body, re.IGNORECASE):
        # "Target player reveals their hand.": the player is still a target (CR 115.1), the
        # slot a later "that player" names.
        c.state.context.take_targets(1)


# Why a static ability's sentence shaped like an instruction is named in not_modelled.
STATIC_NOT_ONE_SHOT = (
    "a static ability's effect (CR 604.1: it works all the time its object is where it "
    "works, never once as a one-shot instruction, 608.2c) that the engine doesn't apply yet, "
    "so the board goes on without it"
)


def _static_instruction(c: _Clause) -> None:
    """A static ability's sentence shaped like an instruction ("You may cast ~ from your
    graveyard.", "You may choose not to untap ~ during your untap step.", "You may exert ~
    as it attacks."): a static ability is no one-shot (CR 604.1), so it is never performed
    once. A permission to cast, play or pay (613.11, oracle/permissions.py) and seeing
    hidden cards are known inert, each with its rule; anything else is named in
    not_modelled as a static effect not applied."""
    if static_permission(c.sentence):
        c.out.inert.append((c.sentence, PERMISSION_WHY))  # CR 613.11, 601.3
    elif sees_hidden_cards(c.sentence):
        c.out.inert.append((c.sentence, HIDDEN_LOOK_WHY))
    elif untap_step_only(c.sentence):
        c.out.inert.append((c.sentence, UNTAP_STEP_WHY))  # CR 502.3
    elif commander_color_choice(c.sentence):
        c.out.inert.append((c.sentence, BEFORE_GAME_WHY))  # CR 903.3
    elif assigns_as_though_unblocked(c.sentence):
        c.out.inert.append((c.sentence, UNBLOCKED_WHY))  # CR 510.1
    elif exert_as_it_attacks(c.sentence):
        c.out.inert.append((c.sentence, EXERT_WHY))  # CR 508.1g
    elif after_exert(c.sentence, c.out.inert):
        if c.out.inert[-1] != (c.sentence, LINKED_WHY):  # once a sentence, not a clause
            c.out.inert.append((c.sentence, LINKED_WHY))  # CR 607.2
    else:
        c.out.gaps.append((c.sentence, STATIC_NOT_ONE_SHOT))


def _follows_an_action(out: _Effects) -> bool:
    """Is the sentence before this one a one-shot the engine performs?"""
    return bool(out.actions) and len(out.notes) >= 2 and out.notes[-2] == out.actions[-1].text


def _continuous(c: _Clause, _template: Template) -> None:
    try:
        if _you_and(c):
            return
        spec = special_sentence(c.body, c.sentence, c.state, c.until_eot)
        rule = False
        if spec is None:
            spec, rule = general_sentence(c.body, c.sentence, c.state, c.until_eot)
    except OracleParseError as error:
        if not makes_continuous_effect(c.body):
            raise
        # Recognised as a continuous effect (CR 611) the grammar can't apply yet: the card
        # still goes on the board, and the answer names this sentence.
        c.out.gaps.append((c.sentence, str(error)))
        return
    if rule:
        c.out.rules.append(c.sentence)
    if spec is None:
        return
    minimum = _minimum_targets(spec.subject, c.state)
    if minimum is None and _COPY_OF_UP_TO.search(c.body):
        # "it becomes a copy of up to one other target creature" (Fleeting Reflection): the
        # copy's target may be left out (CR 601.2c), the sentence's other targets not.
        minimum = c.state.context.next_target - 1
    last = c.out.effects[-1] if c.out.effects else None
    if minimum is not None and last is not None and last.min_targets is not None:
        # "Up to one target creature ... Up to one other target creature ..." (Hostile
        # Takeover): the earlier "up to" target may be missing too (CR 601.2c).
        minimum = min(minimum, last.min_targets)
    c.out.effects.append(
        replace(spec, targets_used=c.state.context.next_target, min_targets=minimum)
    )


CLAUSE_READERS: dict[Builds, Callable[[_Clause, Template], None]] = {
    Builds.CASTING_RULE: _noted,
    Builds.NOTE: _noted,
    Builds.REPLACEMENT: _replacement,
    Builds.RULE: _ruled,
    Builds.PERMISSION: _permitted,
    Builds.STILL_A_LAND: _still_land,
    Builds.LINGERS: _lingers,
    Builds.SAME_IS_TRUE: _same_is_true,
    Builds.OTHERWISE: _otherwise,
    Builds.NO_REGENERATION: _no_regeneration,
    Builds.DOUBLE: _doubled,
    Builds.SELF_REPLACEMENT: _self_replacement,
    Builds.ONLY_IF: _only_if,
    Builds.TARGET_AND_KIN: _target_and_kin,
    Builds.SWAP_CONTROL: _swap_control,
    Builds.PLAYER_ABILITY: _player_ability,
    Builds.ONE_SHOT: _one_shot_clause,
    Builds.CONTINUOUS: _continuous,
}


def _minimum_targets(subject: Subject, state: SentenceState) -> int | None:
    return state.context.next_target - len(subject.target_slots) if subject.up_to else None


_YOU_MAY_HAVE = re.compile(
    r"^you may have (?P<who>it|that creature|target creature) (?P<verb>gain|get)\b", re.I
)
_COPY_OF_UP_TO = re.compile(r"\ba copy of up to one\b", re.I)
_THE_NAMED = re.compile(r"the (?P<what>creature [\w' ]+?) (?P<rest>(?:gets|gains) .+)", re.I)
_BEFORE_IT_FIGHTS = re.compile(r"the creature you control (?P<rest>.+) before it fights", re.I)
_THE_FIGHTER = re.compile(r"the creature you control (?P<rest>(?:gets|gains) .+)", re.I)
