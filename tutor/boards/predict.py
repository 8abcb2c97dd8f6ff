"""Predict mode: ask about the characteristic a layer step changes, and mark the guess.

A layer 4 step is asked about types, a layer 5 one about colors, 6 abilities, 7 power and
toughness, 2 the controller, 1 and 3 whatever the step changed (CR 613.1). A guess is
right when it names the same thing: lists in any order, any case, "and" or commas,
"colorless" or "none" for nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.boards.presenters import Frame

# The characteristic each layer is about, when the step changed nothing shown.
LAYER_FIELDS = {
    "1": "name",
    "2": "controller",
    "3": "abilities",
    "4": "types",
    "5": "colors",
    "6": "abilities",
}
QUESTIONS = {
    "pt": "what are its power and toughness (like 5/8)?",
    "name": "what is its name?",
    "mana_cost": "what is its mana cost (like {3}{R})?",
    "controller": "who controls it?",
    "types": "what are its card types (like Artifact, Creature)?",
    "subtypes": "what are its subtypes (like Zombie, Bear; “none” for none)?",
    "supertypes": "what are its supertypes (like Legendary; “none” for none)?",
    "colors": "what are its colors (like white, blue; or colorless)?",
    "abilities": "which abilities does it have (like Flying, Vigilance; “none” for none)?",
}
LIST_FIELDS = ("types", "subtypes", "supertypes", "colors", "abilities")
NOTHING = {"", "none", "colorless", "no abilities", "nothing", "—"}
SEPARATORS = re.compile(r"\s*(?:[,;]|\band\b)\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Verdict:
    right: bool
    guess: str
    answer: str

    @property
    def sentence(self) -> str:
        """What it is, as the end of "you said 1/1; …": "it is 5/8", "it has no
        abilities", "its colors are red" (never "it is abilities: none")."""
        field, found, value = self.answer.partition(": ")
        if not found:
            return f"it is {self.answer}"
        if value == "none":
            return f"it has no {field}"
        return f"its {field} {'are' if field.endswith('s') else 'is'} {value}"


def asked_field(frame: Frame) -> str:
    """What predict mode asks at this frame: P/T when the step changes it (or on layer 7),
    else the first characteristic it changes, else its layer's."""
    fields = [change.field for change in frame.changes]
    if frame.layer.startswith("7") or "power" in fields or "toughness" in fields:
        return "pt"
    if fields:
        return fields[0]
    return LAYER_FIELDS.get(frame.layer, "pt")


def question(frame: Frame) -> str:
    return "after this effect, " + QUESTIONS[asked_field(frame)]


def answer_text(frame: Frame, field: str) -> str:
    if field == "pt":
        return frame.values.get("power", "—") + "/" + frame.values.get("toughness", "—")
    return frame.values.get(field, "—")


def _items(text: str, field: str) -> frozenset[str]:
    """A list answer as a set: "Creature; Artifact" == "artifact and creature"."""
    parts = (p.strip().rstrip(".").lower() for p in SEPARATORS.split(text))
    found = frozenset(p for p in parts if p)
    return frozenset() if found <= NOTHING else found


def _same(guess: str, wanted: str, field: str) -> bool:
    if field == "pt":
        return guess.replace(" ", "").lower() == wanted.replace(" ", "").lower()
    if field in LIST_FIELDS:
        # An ability's own text may hold commas: the whole text typed out counts too.
        whole = " ".join(guess.lower().split()).rstrip(".") == " ".join(
            wanted.lower().split()
        ).rstrip(".")
        return whole or _items(guess, field) == _items(wanted.replace("; ", ", "), field)
    return " ".join(guess.lower().split()) == " ".join(wanted.lower().split())


def judge(frame: Frame, guess: str) -> Verdict:
    """The learner's guess of the asked characteristic after this step, marked."""
    field = asked_field(frame)
    wanted = answer_text(frame, field)
    shown = wanted if field == "pt" else f"{field.replace('_', ' ')}: {wanted}"
    return Verdict(_same(guess, wanted, field), guess, shown)
