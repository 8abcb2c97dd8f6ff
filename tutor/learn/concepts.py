"""The curriculum's concepts: one per lesson, in teaching order. Progress is kept per concept."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Concept:
    slug: str
    name: str
    rule: str


CONCEPTS: tuple[Concept, ...] = (
    Concept("characteristics", "Characteristics and copiable values", "109.3"),
    Concept("seven-layers", "The seven layers", "613.1"),
    Concept("layer-7", "Layer 7 and counters", "613.4"),
    Concept("timestamps", "Timestamps", "613.7"),
    Concept("cda", "Characteristic-defining abilities", "604.3"),
    Concept("types-colors-abilities", "Types, colors and abilities", "613.1d"),
    Concept("control-and-text", "Control and text changes", "613.1b"),
    Concept("copy-and-face-down", "Copy and face-down", "613.2"),
    Concept("dependency", "Dependency", "613.8"),
    Concept("dependency-loops", "Dependency loops and re-evaluation", "613.8b"),
    Concept("locked-in-sets", "Locked-in sets", "611.2c"),
    Concept("replacement", "Replacement effects", "614"),
    Concept("replacement-order", "Who chooses, and in what order", "616.1"),
    Concept("prevention", "Prevention and shields", "615"),
    Concept("entering", "Entering the battlefield", "614.12"),
    Concept(
        "entering-under-effects", "Entering under effects already on the battlefield", "614.12"
    ),
    Concept("cant-beats-can", '"Can\'t" beats "can"', "614.17"),
    Concept("copy-exceptions", "Copy exceptions and face-down permanents", "707.9"),
    Concept("text-change", "Text-changing effects in detail", "612"),
    Concept("players-and-rules", "Effects on players and on the rules", "613.10"),
)
CONCEPT_BY_SLUG: dict[str, Concept] = {c.slug: c for c in CONCEPTS}

# What a learner who falls for each named misreading (rules_engine/misreadings.py)
# has not yet mastered: an answer is counted towards these concepts.
CONCEPT_OF_MISCONCEPTION: dict[str, str] = {
    "printed-values": "seven-layers",
    "timestamps-only": "seven-layers",
    "newest-first": "timestamps",
    "ignore-dependency": "dependency",
    "switch-before-counters": "layer-7",
    "cda-by-timestamp": "cda",
    "recheck-resolved-set": "locked-in-sets",
    "effect-stops-midway": "dependency-loops",
    "forgot-replacements": "replacement",
    "replace-twice": "replacement",
    "wrong-chooser": "replacement-order",
    "forced-first-ignored": "entering",
    # Hand-written (tutor/learn/handwritten.py): no engine switch makes these mistakes.
    "judged-as-card": "entering-under-effects",
    "ignored-cant": "cant-beats-can",
    "copied-what-you-see": "copy-and-face-down",
    "copied-underlying-card": "copy-exceptions",
    "hacked-the-grant": "control-and-text",
    "player-effect-as-printed": "players-and-rules",
    # Hand-written for issue #28: each lesson's practice offers its own common mistakes.
    "copied-counters": "characteristics",
    "lost-own-counters": "characteristics",
    "set-erases-modifiers": "layer-7",
    "cda-overrides": "cda",
    "land-type-added": "types-colors-abilities",
    "read-face-up": "copy-and-face-down",
    "froze-the-static": "locked-in-sets",
    "froze-the-rules-change": "locked-in-sets",
    "forgot-prevention": "prevention",
    "one-hit-wall": "prevention",
    "refilling-shield": "prevention",
    "judged-in-its-zone": "entering-under-effects",
    "rewound-history": "entering-under-effects",
}
# Each lesson's headline mistake: the misreadings its practice must offer as a wrong
# answer. Most are the concept's own misreadings; these lessons borrow the one their
# boards catch (some hand-written, tutor/learn/handwritten.py).
BORROWED_HEADLINES: dict[str, tuple[str, ...]] = {
    "characteristics": ("copied-what-you-see",),
    "types-colors-abilities": ("timestamps-only",),
    "text-change": ("hacked-the-grant", "copied-what-you-see"),
}


def headline_mistakes(concept: str) -> frozenset[str]:
    """The misreadings that are ``concept``'s headline mistakes."""
    own = {slug for slug, c in CONCEPT_OF_MISCONCEPTION.items() if c == concept}
    return frozenset(own | set(BORROWED_HEADLINES.get(concept, ())))


# The concept a question about each field belongs to.
CONCEPT_OF_KIND: dict[str, str] = {
    "pt": "layer-7",
    "types": "types-colors-abilities",
    "subtypes": "types-colors-abilities",
    "colors": "types-colors-abilities",
    "abilities": "types-colors-abilities",
    "order": "timestamps",
    "event-best": "replacement-order",
    "event-outcome": "replacement",
    "chooser": "replacement-order",
    "depends": "dependency",
    "layer": "seven-layers",
}


def concepts_of(kind: str, misconceptions: list[str | None]) -> tuple[str, ...]:
    """What an item tests: its kind's concept and each named mistake it can catch."""
    found = [CONCEPT_OF_KIND.get(kind, "seven-layers")]
    found += [CONCEPT_OF_MISCONCEPTION[m] for m in misconceptions if m in CONCEPT_OF_MISCONCEPTION]
    return tuple(dict.fromkeys(found))
