"""The answers a permanent's step must give to "As ~ enters, choose ..." (CR 614.12).

The choice is made as the permanent enters, by its controller or, where the card
says so, by an opponent (607.2: "the chosen ..." later refers to that answer).
A board can't make the choice for the player, so a step that leaves it out is an
error that names the choice and the field to write it in (``verify_entering_choices``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_engine.errors import BoardError
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import EnterSpec, Mark
from rules_engine.steps import Choices
from rules_engine.vocabulary import COLOR_NAMES, COLOR_WORDS

# What each choice field holds, in words, and an example of how a step writes it.
_ASKS: dict[str, tuple[str, str]] = {
    "color": ("a color", '"color": "R"'),
    "colors": ("two colors", '"colors": ["W", "U"]'),
    "player": ("a player", '"player": "Bob"'),
    "players": ("two players", '"players": ["Alice", "Bob"]'),
    "creature_type": ("a creature type", '"creature_type": "Elf"'),
    "land_type": ("a basic land type", '"land_type": "Island"'),
    "planeswalker_type": ("a planeswalker type", '"planeswalker_type": "Jace"'),
    "card_type": ("a card type", '"card_type": "Creature"'),
    "card_name": ("a card name", '"card_name": "Lightning Bolt"'),
    "option": ("one of the words it offers", '"option": "Khans"'),
    "chosen": ("another permanent", '"chosen": "bears"'),
    "rolls": ("the results of the dice it rolls", '"rolls": [4, 2]'),
}


def _answer(choices: Choices, key: str) -> object:
    return {
        "color": choices.color,
        "colors": choices.colors,
        "player": choices.player,
        "players": choices.players,
        "creature_type": choices.creature_type,
        "land_type": choices.creature_type,  # one field for the chosen subtype (305.7)
        "planeswalker_type": choices.creature_type,  # and for a planeswalker type (205.3j)
        "card_type": choices.card_type,
        "card_name": choices.card_name,
        "option": choices.option,
        "chosen": choices.chosen,
        "rolls": choices.rolls,
    }[key]


def _offered(spec: EnterSpec, key: str, value: object) -> bool:
    """Is the answer one of the words the card offers ("choose black or red")?"""
    if not spec.options or not isinstance(value, str):
        return True
    word = COLOR_NAMES.get(value, value) if key == "color" else value
    return word.lower() in spec.options


def _printed(text: str, word: str) -> str:
    """An offered word as the card prints it ("Khans", "Island")."""
    found = re.search(re.escape(word), text, re.IGNORECASE)
    return found.group(0) if found else word


def verify_entering_choices(
    name: str,
    texts: Iterable[str],
    choices: Choices,
    controller: str,
    path: str,
    x: int = 0,
) -> None:
    """Raise a ``BoardError`` naming the choice a step leaves out or answers wrongly (``x``:
    the X it was cast with, for "roll X d6")."""
    for text in texts:
        try:
            specs, _ = read_replacements(text, name)
        except OracleParseError:
            continue  # named as not modelled elsewhere
        for spec in specs:
            if isinstance(spec, EnterSpec) and spec.chooses == ("rolls",):
                _verify_rolls(name, spec, choices.rolls, x, f"{path}.choices.rolls")
            elif isinstance(spec, EnterSpec) and spec.chooses:
                _verify(name, spec, choices, controller, path)


# A "choice" paragraph the replacement grammar doesn't read ("As this Aura enters, choose a
# creature.", Metamorphic Alteration; "choose a land type", Shimmer): the field that answers
# it, by the kind the Oracle reader gave it (oracle/parser.py ``_choice_kind``).
_FIELD_OF_KIND = {"object": "chosen", "land_type": "land_type"}


def verify_plain_choice(name: str, text: str, kind: str, choices: Choices, path: str) -> None:
    """CR 614.12: "As ~ enters, choose a creature." must be answered by the step like any
    other "As ~ enters, choose ..." (the grammar's own readings are checked by
    ``verify_entering_choices``); "choose a number." is not asked for (no field names it,
    docs/board-format-extensions.md)."""
    key = _FIELD_OF_KIND.get(kind)
    if key is None or _answer(choices, key):
        return
    try:
        specs, _ = read_replacements(text, name)
    except OracleParseError:
        specs = ()
    if any(isinstance(s, EnterSpec) and s.chooses for s in specs):
        return  # read and checked with the grammar's own wording
    what, example = _ASKS[key]
    if key == "chosen":
        what = "a permanent"
    elif "basic" not in text.lower():
        what = "a land type"
    raise BoardError(
        f"{path}.choices.{key}",
        f"as {name} enters, its controller chooses {what} (CR 614.12); the board must say "
        f"which: add {example} to the step's choices",
    )


def _verify_rolls(name: str, spec: EnterSpec, rolls: tuple[int, ...], x: int, where: str) -> None:
    """CR 706.1: "roll X d6" rolls X six-sided dice, each result from 1 to 6 (X is the one it
    was cast with, 107.3m); the board states the results, one for each die."""
    sides = int(spec.options[0])
    dice = x if Mark.X in spec.marks else spec.amount or 0
    if len(rolls) != dice or not all(1 <= r <= sides for r in rolls):
        raise BoardError(
            where,
            f"as {name} enters, its controller rolls {dice} d{sides} (CR 706.1, 614.12); the "
            f"board must give {dice} results from 1 to {sides}, as '\"rolls\": [4, 2]'",
        )


def _verify(name: str, spec: EnterSpec, choices: Choices, controller: str, path: str) -> None:
    who = "an opponent" if spec.chooser == "opponent" else "its controller"
    # "note the most prevalent creature type in an opponent's library" (Favored Enemy).
    verb = "notes" if spec.text.lower().startswith("as ~ enters, note ") else "chooses"
    for key in spec.chooses:
        what, example = _ASKS[key]
        value = _answer(choices, key)
        where = f"{path}.choices.{key}"
        if not value and spec.optional:
            continue  # "you may choose ..." (Scheming Fence): nothing chosen
        if not value:
            if spec.options:
                words = [_printed(spec.text, o) for o in spec.options]
                what = (
                    " or ".join(words)
                    if len(words) == 2
                    else ", or ".join((", ".join(words[:-1]), words[-1]))
                )
                first = words[0][:1].upper() + words[0][1:]
                first = COLOR_WORDS.get(spec.options[0], first) if key == "color" else first
                example = f'"{key}": "{first}"'
            raise BoardError(
                where,
                f"as {name} enters, {who} {verb} {what} (CR 614.12); the board must say "
                f"which: add {example} to the step's choices",
            )
        # "choose up to two colors" (Desert Cenote): one is enough.
        least = 1 if "up to two" in spec.text.lower() else 2
        many = "up to two" if least == 1 else "two"
        counted = key in ("colors", "players") and isinstance(value, tuple)
        if counted and isinstance(value, tuple) and len(value) not in (least, 2):
            raise BoardError(where, f"{name} asks for {many}, got {len(value)}")
        if key == "player" and "an opponent" in spec.text.lower() and value == controller:
            raise BoardError(where, f"{name} asks for an opponent of {controller}")
        if not _offered(spec, key, value):
            offered = " or ".join(_printed(spec.text, o) for o in spec.options)
            raise BoardError(where, f"{name} offers only {offered}")


def exile_as_enters(
    name: str, texts: Iterable[str], mark: Mark = Mark.EXILE_AS_ENTERS
) -> EnterSpec | None:
    """The card's "As ~ enters, exile ... creature card(s) from ... graveyard" (Dermotaxi,
    Mimeoplasm, CR 614.1c), whose cards the step's ``choices.exile`` names; with another
    ``mark``, the card's other "As ~ enters" effect of that reading (Sin's
    ``REMOVE_FROM_CHOSEN``)."""
    for text in texts:
        try:
            specs, _ = read_replacements(text, name)
        except OracleParseError:
            continue
        for spec in specs:
            if isinstance(spec, EnterSpec) and mark in spec.marks:
                return spec
    return None
