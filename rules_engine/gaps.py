"""What a board holds that the engine recognised but does not apply (``not_modelled``).

Every ability is applied, inert where it is, or named here (never dropped
silently): one-shot sentences a resolving spell or ability can't perform
(CR 608.2c), continuous-effect sentences the layer grammar can't apply yet
(CR 611), replacement and prevention texts the replacement grammar can't read
yet (CR 614-615), and keywords that work where the card is but aren't applied
(CR 702).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from rules_engine.cards import CardDef
from rules_engine.game import Game, NotModelled
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.die_rows import read_die_table
from rules_engine.oracle.digital import DIGITAL_WHYS
from rules_engine.oracle.keyword_table import Category
from rules_engine.oracle.keywords import keyword_gap, parse_keyword
from rules_engine.oracle.parser import (
    REFLEXIVE_AFTER_COPY,
    UNDEFINED_WORD,
    ParsedAbility,
    parse_ability_text,
)
from rules_engine.oracle.sentence_state import PLAYER_PART
from rules_engine.oracle.sentences import STATIC_NOT_ONE_SHOT
from rules_engine.perform import chars_of
from rules_engine.replacement.active import unreadable_of
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import HiddenSpec

UNPERFORMED = "the engine doesn't perform this one-shot action, so the board goes on without it"
UNREADABLE_REPLACEMENT = (
    "a replacement or prevention effect (CR 614-615) the engine does not model yet, "
    "so events on this board happen as if it weren't there"
)
UNREAD = (
    "text the engine can't read yet, so the board goes on without it (nothing it says is applied)"
)
UNAPPLIED_CONTINUOUS = (
    "a continuous effect (CR 611) the engine does not apply yet, so characteristics on "
    "this board are computed without it"
)


def continuous_gap(why: str) -> str:
    """Why a recognised sentence isn't applied: a continuous effect the layer grammar
    can't read yet, a digital-only mechanic no rule defines, a word no rule defines (an
    Un-card's), an effect on a player, a reflexive trigger
    of entering as a copy, or a static ability shaped like an instruction (CR 604.1)."""
    passed = (UNDEFINED_WORD, PLAYER_PART, REFLEXIVE_AFTER_COPY)
    if why in DIGITAL_WHYS or why in passed or why == STATIC_NOT_ONE_SHOT:
        return why
    return f"{UNAPPLIED_CONTINUOUS}: {why}"


def resolution_gaps(
    label: str, abilities: Iterable[ParsedAbility], *, spell: bool
) -> list[NotModelled]:
    """What a resolving spell or ability (``label``) does that isn't modelled."""
    gaps: list[NotModelled] = []
    for ability in abilities:
        if ability.unread is not None:
            gaps.append(unread_gap(label, ability))
        gaps += [NotModelled(label, text, UNPERFORMED) for text in ability.unperformed]
        gaps += [
            NotModelled(label, sentence, continuous_gap(why)) for sentence, why in ability.gaps
        ]
        if spell and ability.kind == "keyword" and (why := keyword_gap(ability.text, "stack")):
            gaps.append(NotModelled(label, ability.text, why))  # rebound (702.88a)
    return gaps


def resolution_text(ability: ParsedAbility) -> str:
    """The text a resolving spell's or ability's replacement and prevention effects are read
    from (CR 615.4, 614.17): its sentences as one text, since a later sentence may add to an
    earlier one ("If damage is prevented this way, ..."). ``cards show`` and a board's
    resolution read the same text, so they agree on what isn't modelled."""
    return " ".join((*ability.notes, *ability.rules))


def unread_gap(label: str, ability: ParsedAbility) -> NotModelled:
    """A paragraph the grammar couldn't read, named with the reason the grammar gave."""
    return NotModelled(label, ability.text, f"{UNREAD}: {ability.unread}")


def unreadable_replacement(label: str, text: str, why: str) -> NotModelled:
    return NotModelled(label, text, f"{UNREADABLE_REPLACEMENT}: {why}")


def board_gaps(game: Game) -> list[NotModelled]:
    """What the objects of the game have, where they are, that isn't modelled."""
    gaps: list[NotModelled] = []
    for label, chars in chars_of(game).items():
        obj = game.object(label)
        if obj is None:
            continue
        for instance in chars.abilities:
            parsed = instance.parsed
            if parsed.unread is not None:
                # Wherever the card is: what the paragraph would do there is unknown.
                gaps.append(unread_gap(label, parsed))
            if parsed.kind == "keyword" and (why := keyword_gap(instance.text, obj.zone)):
                gaps.append(NotModelled(label, instance.text, why))
            # (A copy ability's gap: what follows entering as a copy, CR 603.12.)
            if obj.on_battlefield and parsed.kind in ("static", "copy"):
                gaps += [
                    NotModelled(label, sentence, continuous_gap(why))
                    for sentence, why in parsed.gaps
                ]
        if obj.on_battlefield:
            gaps += [unreadable_replacement(label, text, why) for text, why in unreadable_of(chars)]
    return gaps


# --- One card, ability by ability --------------------------------------------------------

ZONES: tuple[str, ...] = ("battlefield", "stack", "hand", "graveyard")


class Status(StrEnum):
    """What one ability of a card is, for this engine (issue: every ability is one of these)."""

    APPLIED = "applied"  # the engine applies what it does
    INERT = "inert here"  # no continuous, replacement or prevention effect until it resolves
    NOT_MODELLED = "not modelled"  # recognised as mattering; named in the answer
    NOT_RECOGNISED = "not recognised"  # a number too large (docs/limits.md): refused


@dataclass(frozen=True, slots=True)
class AbilityReport:
    text: str
    status: Status
    why: str = ""


_INERT_KINDS = (
    "triggered",
    "activated",
    "mana",
    "modal",
    "additional_cost",
    "casting_rule",
    "part",  # part of another paragraph's ability: a die roll's results row (CR 706.3b)
    "outside_game",  # works during the draft (CR 905.2)
)


def ability_status(parsed: ParsedAbility, name: str) -> AbilityReport:
    """One parsed ability as applied, inert here or not modelled (with why); an ability of
    a Class's level N says that level gates it (CR 716.2a)."""
    report = _ability_status(parsed, name)
    if not parsed.text.startswith("CLASS LEVEL "):
        return report
    level = parsed.text.split(" ", 3)[2].rstrip("+")
    gate = (
        f"{name} has this ability only while it is level {level} or greater (CR 716.2a; "
        "a Class starts at level 1, 716.2d)"
    )
    return replace(report, why=f"{gate}; {report.why}" if report.why else gate)


def _ability_status(parsed: ParsedAbility, name: str) -> AbilityReport:
    if parsed.unread is not None:
        return AbilityReport(parsed.text, Status.NOT_MODELLED, f"{UNREAD}: {parsed.unread}")
    if parsed.kind in _INERT_KINDS:
        why = f"can't be resolved yet: {parsed.unreadable}" if parsed.unreadable else ""
        return AbilityReport(parsed.text, Status.INERT, why)
    if parsed.kind == "keyword":
        gap = next((g for zone in ZONES if (g := keyword_gap(parsed.text, zone))), None)
        if gap:
            return AbilityReport(parsed.text, Status.NOT_MODELLED, gap)
        found = parse_keyword(parsed.text)
        if found is not None and found.keyword.info.category is Category.INERT:
            return AbilityReport(parsed.text, Status.INERT)  # cycling, evoke, level up ...
    gaps = [f"{UNPERFORMED}: {text}" for text in parsed.unperformed]
    gaps += [continuous_gap(why) for _, why in parsed.gaps]
    texts = (parsed.text,) if parsed.kind == "replacement" else parsed.rules
    if parsed.kind == "spell":
        # As a board reads it when the spell resolves (timeline/shields.py): its sentences
        # as one text, so a bargain, gift or kicker "instead" sentence (CR 614.1a) it
        # can't read is not modelled here as it is there.
        texts = (resolution_text(parsed),)
    read: list[object] = []
    for text in texts:
        try:
            specs, skipped = read_replacements(text, name)
        except OracleParseError as error:
            gaps.append(f"{UNREADABLE_REPLACEMENT}: {error}")
            continue
        read += specs
        if parsed.kind == "replacement":
            gaps += [f"a sentence the engine doesn't apply: {s}" for s in skipped]
    if gaps:
        # One reason once, though two sentences of the paragraph give it (Draugr Necromancer).
        return AbilityReport(parsed.text, Status.NOT_MODELLED, "; ".join(dict.fromkeys(gaps)))
    if read and all(isinstance(spec, HiddenSpec) for spec in read):
        return AbilityReport(parsed.text, Status.INERT, "; ".join(map(hidden_why, read)))
    if parsed.inert and not (read or parsed.effects or parsed.rules or parsed.actions):
        # Only sentences known to change nothing on a board (seeing hidden cards, 401.2).
        return AbilityReport(parsed.text, Status.INERT, "; ".join(w for _, w in parsed.inert))
    return AbilityReport(parsed.text, Status.APPLIED)


def hidden_why(spec: object) -> str:
    """Why a replacement of milling, dice, scry or mana does nothing on a board (614.1a)."""
    assert isinstance(spec, HiddenSpec)
    return (
        f"a replacement of {spec.event} (CR {spec.rule}, 614.1a): a board has no step or event "
        f"for {spec.event}, so on a board it never applies"
    )


def card_report(card: CardDef) -> tuple[AbilityReport, ...]:
    """Every ability of a card, in Oracle order, as the engine reads it."""
    reports: list[AbilityReport] = []
    # A spell's die roll and results table, read together as a board reads them (706.3a).
    table = read_die_table(card.rules_text, card.name) if card.is_spell_card else {}
    for index, paragraph in enumerate(card.rules_text):
        if index in table:
            reports.append(ability_status(table[index], card.name))
            continue
        try:
            parsed = parse_ability_text(paragraph, card.name, spell=card.is_spell_card)
        except OracleParseError as error:
            reports.append(AbilityReport(paragraph, Status.NOT_RECOGNISED, str(error)))
            continue
        reports.extend(ability_status(ability, card.name) for ability in parsed)
    return tuple(reports)
