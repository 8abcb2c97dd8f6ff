"""The puzzle library's vocabulary: themes a puzzle exercises and difficulty bands.

A puzzle's difficulty is not stored: it is the band its current rating falls in,
so it follows the ratings as learners attempt it. A curated puzzle's file names a
difficulty only to seed its first rating.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Theme:
    slug: str
    name: str
    rule: str


THEMES: tuple[Theme, ...] = (
    Theme("layer-1", "Layer 1: copy effects", "613.1a"),
    Theme("layer-2", "Layer 2: control", "613.1b"),
    Theme("layer-3", "Layer 3: text-changing", "613.1c"),
    Theme("layer-4", "Layer 4: types", "613.1d"),
    Theme("layer-5", "Layer 5: colors", "613.1e"),
    Theme("layer-6", "Layer 6: abilities", "613.1f"),
    Theme("layer-7", "Layer 7: power and toughness", "613.4"),
    Theme("cda", "Characteristic-defining abilities", "604.3"),
    Theme("timestamps", "Timestamps", "613.7"),
    Theme("dependency", "Dependency", "613.8"),
    Theme("replacement-order", "Replacement order", "616.1"),
    Theme("self-replacement", "Self-replacement first", "616.1a"),
    Theme("prevention", "Prevention", "615"),
    Theme("entering", "Entering the battlefield", "614.12"),
)
THEME_BY_SLUG: dict[str, Theme] = {theme.slug: theme for theme in THEMES}


@dataclass(frozen=True, slots=True)
class Difficulty:
    slug: str
    name: str
    # The band is [low, high): a rating of exactly ``high`` belongs to the next band.
    low: float
    high: float
    # Where a curated puzzle of this difficulty starts, before anyone has tried it.
    seed_rating: float


DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty("beginner", "Beginner", float("-inf"), 1350, 1200),
    Difficulty("intermediate", "Intermediate", 1350, 1650, 1500),
    Difficulty("advanced", "Advanced", 1650, 1950, 1800),
    Difficulty("expert", "Expert", 1950, float("inf"), 2100),
)
DIFFICULTY_BY_SLUG: dict[str, Difficulty] = {d.slug: d for d in DIFFICULTIES}


def difficulty_of(rating: float) -> Difficulty:
    return next(d for d in DIFFICULTIES if d.low <= rating < d.high)
