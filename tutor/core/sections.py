"""The site's sections, in menu order: one list feeds the menu and the home page.

Each section's URL pattern is named after its slug ("learn", "build", ...) by
the app that serves it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Section:
    slug: str
    title: str
    summary: str

    @property
    def url_name(self) -> str:
        return self.slug


SECTIONS: tuple[Section, ...] = (
    Section(
        "learn",
        "Learn",
        "Short lessons that take the layer system one idea at a time, each with a board "
        "you can change and replay.",
    ),
    Section(
        "build",
        "Build a board",
        "Put permanents and effects on a board in the order they happened, then watch every "
        "effect apply, layer by layer, with the rule that decides it.",
    ),
    Section(
        "puzzles",
        "Puzzles",
        "Predict a creature's final power, toughness, types or abilities, then check your "
        "answer against a step-by-step explanation.",
    ),
    Section(
        "classes",
        "Classes",
        "A teacher runs a live session: everyone sees the same board, answers together and "
        "talks through the tricky cases.",
    ),
)
