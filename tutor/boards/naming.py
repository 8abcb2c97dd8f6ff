"""Objects and effects named the way a learner knows them: the one place board labels and
effect ids become words.

A permanent or spell is its card's name ("Doubling Season"). When two share a name they
are told apart by who controls them ("Alice's Grizzly Bears") if that tells them apart,
else by the order they arrived ("the first Doubling Season"). An effect is named after its
source ("Glorious Anthem", "Wings of Velis's second ability", "the +1/+1 counters on Grizzly
Bears"). Labels and ids ("bears", "doubling-season#1") are the board's and the engine's
business: no sentence a learner reads contains them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from rules_engine import Result, display_ids

Namer = Callable[[str], str]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def ordinal(n: int) -> str:
    """1 -> "first"; past the eighth, "number 9"."""
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"number {n}"


def card_name(card: Any) -> str:
    """A step's card: its name, whether the board gives a name or a whole card."""
    return card if isinstance(card, str) else str((card or {}).get("name", ""))


def board_card_names(board: Mapping[str, Any]) -> dict[str, str]:
    """Each label's printed card name, in board order (a cast spell's too; an activated
    ability's label is its source's ability). Cards the board's ``zones`` hold come first,
    labelled "<player>.<zone>[i]" (a spell may return one from a graveyard)."""
    names: dict[str, str] = {}
    for label, card, _ in _zone_cards(board):
        names[label] = card_name(card)
    for step in board.get("steps") or []:
        if not isinstance(step, dict) or not isinstance(step.get("as"), str):
            continue
        card = step.get("enter", step.get("cast"))
        if card is not None:
            names[step["as"]] = card_name(card)
    return names


def board_controllers(board: Mapping[str, Any]) -> dict[str, str]:
    """Who each entering permanent's step puts it under (the first player by default)."""
    players = board.get("players") or [""]
    owners = {label: owner for label, _, owner in _zone_cards(board)}
    return owners | {
        step["as"]: str(step.get("controller") or players[0])
        for step in board.get("steps") or []
        if isinstance(step, dict) and isinstance(step.get("as"), str) and "enter" in step
    }


def _zone_cards(board: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
    """(label, card, owner) of each card listed in the board's ``zones``."""
    zones = board.get("zones")
    found: list[tuple[str, Any, str]] = []
    for player, held in zones.items() if isinstance(zones, dict) else ():
        for zone, cards in held.items() if isinstance(held, dict) else ():
            if isinstance(cards, list):
                found += [(f"{player}.{zone}[{i}]", card, player) for i, card in enumerate(cards)]
    return found


def learner_names(
    names: Mapping[str, str], controllers: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each label's name for learners: its card's name, with repeats told apart by
    controller ("Alice's Grizzly Bears") when that is enough, else by order ("the second
    Grizzly Bears"). ``names`` is in board order; a label with no name keeps none."""
    groups: dict[str, list[str]] = {}
    for label, name in names.items():
        if name:
            groups.setdefault(name, []).append(label)
    shown: dict[str, str] = {}
    for name, labels in groups.items():
        if len(labels) == 1:
            shown[labels[0]] = name
            continue
        owners = [(controllers or {}).get(label, "") for label in labels]
        if all(owners) and len(set(owners)) == len(owners):
            pairs = zip(labels, owners, strict=True)
            shown.update({label: f"{owner}'s {name}" for label, owner in pairs})
        else:
            shown.update({label: f"the {ordinal(n)} {name}" for n, label in enumerate(labels, 1)})
    return shown


def board_names(board: Mapping[str, Any]) -> dict[str, str]:
    """``learner_names`` of a board's labels, read from its steps alone."""
    names = board_card_names(board)
    for step in board.get("steps") or []:
        if isinstance(step, dict) and "activate" in step and isinstance(step.get("as"), str):
            names.setdefault(step["as"], "")
    controllers = board_controllers(board)
    entering = _asked_entering(board)
    if entering is not None:  # the permanent the board asks about entering comes last
        label, name, controller = entering
        names.setdefault(label, name)
        controllers.setdefault(label, controller)
    shown = learner_names(names, controllers)
    for step in board.get("steps") or []:
        if isinstance(step, dict) and "activate" in step and isinstance(step.get("as"), str):
            source = shown.get(str(step["activate"]), "")
            if source:
                shown[step["as"]] = f"{possessive(source)} ability"
    return shown


def _asked_entering(board: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """The label, card name and controller of a permanent the board's ``ask.event`` puts
    onto the battlefield, when it labels it ("as")."""
    ask = board.get("ask")
    event = ask.get("event") if isinstance(ask, dict) else None
    if not isinstance(event, dict) or "enter" not in event or not isinstance(event.get("as"), str):
        return None
    players = board.get("players") or [""]
    return event["as"], card_name(event["enter"]), str(event.get("controller") or players[0])


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def board_namer(board: Mapping[str, Any]) -> Namer:
    """Labels to learners' names, from the board's steps (no evaluation needed). A string
    that is no label (a player, a card only named in a library) is returned as it is."""
    shown = board_names(board)
    return lambda label: shown.get(label) or label


def result_namer(result: Result) -> Namer:
    """Labels and effect ids (the engine's and the display ones) to learners' names, for
    everything an evaluated board's explanations mention."""
    objects = board_names(result.board.raw)
    unnamed = {obj.label: obj.card.name for obj in result.game.objects if obj.label not in objects}
    objects |= learner_names(unnamed)
    effects: dict[str, str] = {}
    for evaluation in (result.evaluation, result.explained):
        effects |= effect_names(evaluation.effects, display_ids(evaluation), objects)

    def name(key: str) -> str:
        found = objects.get(key) or effects.get(key)
        if found:
            return found
        # An id the board asks about that names no effect now ("wings#1" once gone).
        source = objects.get(re.split(r"[#@:.]", key, maxsplit=1)[0])
        return f"{possessive(source)} ability" if source else key

    return name


def _printed_key(effect: Any) -> str | None:
    """The printed paragraph an effect comes from ("p2.1" → "2"), or None if it was granted."""
    key = effect.ability_key or ""
    return key[1:].split(".")[0] if key.startswith("p") else None


def effect_names(
    effects: Mapping[str, Any], ids: Mapping[str, str], objects: Mapping[str, str]
) -> dict[str, str]:
    """Each effect's name (by its id and its display id), after its source."""
    paragraphs: dict[str, list[str]] = {}
    resolved: dict[str, list[str]] = {}
    for eid, effect in effects.items():
        if effect.kind == "static" and (effect.ability_key or "").startswith("p"):
            key = effect.ability_key[1:].split(".")[0]
            if key not in paragraphs.setdefault(effect.source, []):
                paragraphs[effect.source].append(key)
        elif effect.kind == "resolved":
            resolved.setdefault(effect.source, []).append(eid)
    names: dict[str, str] = {}
    for eid, effect in effects.items():
        source = objects.get(effect.source) or effect.source_name or "a card"
        if effect.kind == "counters":
            kind = eid.split(":", 1)[1] if ":" in eid else "those"
            name = f"the {kind} counters on {source}"
        elif effect.kind == "copy":
            name = f"{possessive(source)} copy effect"
        elif effect.kind == "face_down":
            name = f"{source} being face down"
        elif (
            effect.kind == "static"
            and (paragraph := _printed_key(effect)) is not None
            and paragraph in paragraphs.get(effect.source, ())
        ):
            # Only a printed paragraph has a place to count from; an ability granted by
            # another effect (its key starts with "g") is named by the permanent alone.
            printed = paragraphs[effect.source]
            n = printed.index(paragraph) + 1
            name = f"{possessive(source)} {ordinal(n)} ability" if len(printed) > 1 else source
        elif effect.kind == "resolved" and len(resolved.get(effect.source, ())) > 1:
            n = resolved[effect.source].index(eid) + 1
            name = f"{possessive(source)} {ordinal(n)} effect"
        else:
            name = source
        names[eid] = name
        names.setdefault(ids.get(eid, eid), name)
    return names
