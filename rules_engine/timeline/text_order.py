"""The order a resolving text is followed in (CR 608.2c): when each of its continuous
effects begins relative to its one-shot parts, so each effect's set of objects and
values are fixed at the right moment (611.2c, 608.2h)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.affected import Subject
from rules_engine.characteristics import Characteristics
from rules_engine.effects import EffectSpec, TurnTotal
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.selection import World
from rules_engine.timeline.resolution import Resolution, selected

# An effect with its place among the text's effects (its effect id's number).
Numbered = tuple[int, EffectSpec]


class Places:
    """Where each sentence of a resolving text is, to follow the text in order (608.2c);
    when a sentence can't be found, nothing is reordered (effects begin first). The k-th
    part written with the same words as earlier ones is their k-th occurrence ("Create a
    1/1 ... token. Creatures you control get +1/+1 ... Create a 1/1 ... token.")."""

    def __init__(
        self, abilities: list[ParsedAbility], name: str, effects: list[EffectSpec]
    ) -> None:
        names = [n for n in (name, *name.split(" // ")) if n]
        texts = []
        for ability in abilities:
            text = ability.text
            for n in names:
                text = text.replace(n, "~")
            texts.append(text.lower())
        self.texts = texts
        self.actions = self._placed([a.text for ability in abilities for a in ability.actions])
        self.effects = self._placed([spec.text for spec in effects])
        self.known = all(p is not None for p in self.actions)
        self.first = min((p for p in self.actions if p is not None), default=None)

    def _placed(self, sentences: list[str]) -> list[tuple[int, int] | None]:
        seen: dict[str, int] = {}
        placed = []
        for sentence in sentences:
            found = self._all(sentence)
            k = seen.get(sentence, 0)
            # Two parts of one sentence share its words and its place; a sentence written
            # twice is at its first place, then its second.
            placed.append(found[min(k, len(found) - 1)] if found else None)
            seen[sentence] = k + 1 if len(found) > k + 1 else k
        return placed

    def _all(self, sentence: str) -> list[tuple[int, int]]:
        wanted = sentence.lower()
        found = []
        for i, text in enumerate(self.texts):
            at = text.find(wanted)
            while at >= 0:
                found.append((i, at))
                at = text.find(wanted, at + 1)
        return found

    def after_an_action(self, n: int, sentence: str) -> bool:
        """Is effect ``n`` written after the first one-shot part?"""
        if re.search(r"\bbefore (?:it|they) fights?\b", sentence, re.IGNORECASE):
            return False  # Savage Punch: "... gets +2/+2 until end of turn before it fights"
        where = self.effects[n] if n < len(self.effects) else None
        return self.known and where is not None and self.first is not None and where > self.first

    def before(self, n: int, k: int) -> bool:
        """Is (deferred) effect ``n`` written before one-shot part ``k``?"""
        here = self.effects[n] if n < len(self.effects) else None
        there = self.actions[k] if k < len(self.actions) else None
        return here is not None and there is not None and here < there


def _reads_turn_record(spec: EffectSpec) -> bool:
    """Whether an effect's values add up the turn's record (``TurnTotal``), which the
    resolution's own one-shot parts before it may change."""

    def walk(value: object) -> bool:
        if isinstance(value, TurnTotal):
            return True
        if isinstance(value, tuple):
            return any(walk(v) for v in value)
        if hasattr(value, "__dataclass_fields__"):
            return any(walk(getattr(value, f)) for f in value.__dataclass_fields__)
        return False

    return walk(spec.parts)


def _from_graveyard(subject: Subject) -> bool:
    """Words naming cards in a graveyard, a hand or a library (the ones a part puts onto
    the battlefield; a library's: a search, CR 701.23a)."""
    zones = ("graveyard", "hand", "library")
    return bool(subject.filters) and all(f.zone in zones for f in subject.filters)


@dataclass(frozen=True, slots=True)
class Plan:
    """When each continuous effect of a resolving text begins."""

    count: int  # how many effects the text makes (one keeps the plain label as its id)
    place: Places
    # As it begins to resolve (CR 611.2c).
    now: tuple[Numbered, ...]
    # Written after a one-shot part: once the parts written before it have happened.
    deferred: tuple[Numbered, ...]
    # Reading the turn's record where the text's order is unknown: after every part.
    recorded: tuple[Numbered, ...]
    # "That token has haste": on the tokens this resolution creates, once they exist.
    created: tuple[Numbered, ...]
    # "It gains indestructible" after "Put target creature card from a graveyard onto the
    # battlefield": on the permanent the card becomes (CR 400.7), with the cards named now.
    returning: tuple[Numbered, ...]
    cards: dict[int, tuple[str, ...]]

    @classmethod
    def of(
        cls,
        specs: list[EffectSpec],
        abilities: list[ParsedAbility],
        res: Resolution,
        state: dict[str, Characteristics],
        world: World,
    ) -> Plan:
        # "That token has haste": its set of objects is the tokens this resolution creates,
        # so it begins once they exist (same timestamp, CR 611.2c).
        numbered = list(enumerate(specs))
        later = [(n, spec) for n, spec in numbered if spec.subject.kind == "created"]
        # "You gain 1 life. Target creature gets -X/-X ..., where X is the amount of life you
        # gained this turn" (Nightmare's Thirst): its X is fixed once the life is gained
        # (608.2c: in the order written; 608.2h).
        # (When the text's order is known, that is the order below; this is the fallback.)
        place = Places(abilities, res.source_name, specs)
        recorded = [
            (n, spec)
            for n, spec in numbered
            if _reads_turn_record(spec) and (n, spec) not in later and not place.known
        ]
        now = [
            (n, spec)
            for n, spec in numbered
            if (n, spec) not in later and (n, spec) not in recorded
        ]
        # "It gains indestructible." after "Put target creature card from a graveyard onto
        # the battlefield": the effect is on the permanent the card becomes, so it begins
        # once it has entered (CR 400.7: the effect that moved it can find it; 611.2c).
        returning = [(n, spec) for n, spec in numbered if _from_graveyard(spec.subject)]
        cards = {n: selected(spec.subject, state, world, res) for n, spec in returning}
        now = [(n, spec) for n, spec in now if n not in cards]
        # CR 608.2c: the text is followed in order, so an effect written after a one-shot
        # part begins after it ("Bolster X. Each creature you control with a +1/+1 counter
        # on it gains trample ...": its set of objects is fixed then, 611.2c).
        deferred = [(n, spec) for n, spec in now if place.after_an_action(n, spec.text)]
        now = [item for item in now if item not in deferred]
        return cls(
            len(specs),
            place,
            tuple(now),
            tuple(deferred),
            tuple(recorded),
            tuple(later),
            tuple(returning),
            cards,
        )
