"""A puzzle's question and its key, both computed by the engine from the board.

The board's ``ask`` says what is asked (board format, "ask"); for a
characteristics ask, the puzzle's ``field`` says which characteristic the
learner gives. Options are drawn from the board itself: values the object had
at some point, values other objects have, or the outcomes the event would have
if an effect were missing — wrong answers a learner can actually reach. Nothing
here is a hand-written key. Each question is the site's one question value
(``tutor.core.question.Question``), which reads, marks and encodes its answers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from rules_engine import (
    BoardError,
    EventExploration,
    Result,
    Shown,
    answer_json,
    characteristics_json,
    fold_draws,
    resolve_effect_id,
    shown_json,
)
from tutor.boards import editing
from tutor.boards.codec import canonical_json
from tutor.boards.engine import explore_event
from tutor.boards.event_words import outcome_words
from tutor.boards.naming import board_namer, result_namer
from tutor.boards.presenters import COLOR_NAMES
from tutor.boards.services import BoardProblem, load_board
from tutor.core.question import NONE_TEXT, Form, Kind, Option, Question

# What a characteristics puzzle can ask for, and how the question names it.
FIELDS: dict[str, str] = {
    "pt": "power and toughness",
    "types": "card types",
    "subtypes": "subtypes",
    "supertypes": "supertypes",
    "colors": "colors",
    "abilities": "abilities",
    "controller": "controller",
}
SET_FIELDS = ("types", "subtypes", "supertypes", "colors", "abilities")
CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
SUPERTYPES = ("Basic", "Legendary", "Snow", "World")
MAX_EVENT_OPTIONS = 6


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def question_for(board: dict[str, Any], field: str = "") -> Question:
    """The question a board asks (``BoardProblem`` if it asks nothing a puzzle can pose),
    as the one question value (``tutor.core.question``) carrying its board."""
    return replace(_asked(board, field), board_json=canonical_json(board))


def _asked(board: dict[str, Any], field: str) -> Question:
    ask = board.get("ask")
    if not isinstance(ask, dict) or len(ask) != 1:
        raise BoardProblem("a puzzle's board needs an ask (board format: ask)", path="ask")
    kind = next(iter(ask))
    if kind == "event":
        return _event_question(board)
    result = load_board(board).result
    if kind == "characteristics":
        label = str(ask["characteristics"])
        return _characteristics_question(result, label, field or "pt", board)
    if kind == "order":
        return _order_question(result)
    if kind == "depends":
        return _depends_question(result)
    raise BoardProblem(f'a puzzle can\'t ask "{kind}"', path="ask")


# --- characteristics ---------------------------------------------------------------


def _characteristics_question(
    result: Result, label: str, field: str, board: dict[str, Any] | None = None
) -> Question:
    if field not in FIELDS:
        raise BoardProblem(f'a puzzle can ask for {", ".join(FIELDS)}, not "{field}"')
    if label not in result.evaluation.chars:
        raise BoardProblem(f'there is no object labelled "{label}" on this board', path="ask")
    final = characteristics_json(result.evaluation.chars[label])
    # Named as the board names it (its printed card), never by what it has become: a
    # Clone of a Hill Giant is "Clone", so the question doesn't give the copy away.
    name = result_namer(result)(label)
    if field == "pt":
        if final.get("power") is None:
            raise BoardProblem(f"{name} has no power and toughness at the end: ask another field")
        key = f"{final['power']}/{final['toughness']}"
        return Question(
            Kind.CHARACTERISTIC,
            Form.TYPED,
            f"What are {possessive(name)} power and toughness now?",
            (),
            (key,),
            key,
            object=label,
            hint="Two whole numbers, like 5/8.",
        )
    if field == "controller":
        players = result.board.players
        options = tuple(Option(player, player) for player in players)
        return Question(
            Kind.CHARACTERISTIC,
            Form.SINGLE,
            f"Who controls {name} now?",
            options,
            (final["controller"],),
            final["controller"],
            object=label,
        )
    values = tuple(
        sorted(set(_seen_values(result, label, field)) | _slip_values(board, label, field))
    )
    options = tuple(Option(value, _value_text(field, value)) for value in values)
    keys = tuple(sorted(final.get(field) or []))
    return Question(
        Kind.CHARACTERISTIC,
        Form.SELECT_ALL,
        f"Which {FIELDS[field]} does {name} have now?",
        options,
        keys,
        "; ".join(_value_text(field, v) for v in keys) or "none",
        object=label,
        hint=f"Tick every one it has, or “{NONE_TEXT}” if it has none.",
    )


def _seen_values(result: Result, label: str, field: str) -> tuple[str, ...]:
    """Every value of ``field`` the board shows anywhere: printed, along the way, at the end."""
    found: set[str] = set()
    if field == "colors":
        found.update(COLOR_NAMES)
    if field == "types":
        found.update(CARD_TYPES)
    if field == "supertypes":
        found.update(SUPERTYPES)
    if field == "subtypes" and _was_a_land(result, label):
        found.update(BASIC_LAND_TYPES)
    for obj in result.game.objects:
        chars = result.evaluation.chars.get(obj.label)
        if chars is not None:
            found.update(characteristics_json(chars).get(field) or [])
    for step in result.evaluation.trace:
        for values in (step.before.get(label, {}), step.after.get(label, {})):
            found.update(values.get(field) or [])
    return tuple(sorted(found))


def _slip_values(board: dict[str, Any] | None, label: str, field: str) -> set[str]:
    """The values ``label`` would have if one of the board's steps had not happened: the
    answer of a learner who forgets an effect, or who lets an effect apply that the rules
    switch off (the trap of a puzzle whose point is that an effect never applies)."""
    found: set[str] = set()
    steps = (board or {}).get("steps", [])
    for index, step in enumerate(steps):
        if not isinstance(step, dict) or step.get("as") == label:
            continue
        try:
            chars = load_board(editing.without_step(board or {}, index)).result.evaluation.chars
        except BoardProblem:
            continue  # later steps need this one: no such board
        if label in chars:
            found.update(characteristics_json(chars[label]).get(field) or [])
    return found


def _was_a_land(result: Result, label: str) -> bool:
    final = characteristics_json(result.evaluation.chars[label])
    return "Land" in final.get("types", []) or any(
        "Land" in (values.get("types") or [])
        for step in result.evaluation.trace
        for values in (step.before.get(label, {}), step.after.get(label, {}))
    )


def _value_text(field: str, value: str) -> str:
    return COLOR_NAMES.get(value, value) if field == "colors" else value


# --- order and dependency ----------------------------------------------------------


def _order_question(result: Result) -> Question:
    asked = answer_json(result)["answer"]["order"]
    effects = asked["effects"]
    if len(effects) < 2:
        raise BoardProblem("an order puzzle needs at least two effects in that layer")
    key = tuple(effect["effect"] for effect in effects)
    named = result_namer(result)
    texts = {effect["effect"]: f"{named(effect['effect'])}: {effect['text']}" for effect in effects}
    options = tuple(Option(eid, texts[eid]) for eid in _shuffled(key))
    obj = asked["object"]
    return Question(
        Kind.ORDER,
        Form.ORDER,
        f"In which order do these effects apply to {named(obj)} in layer {asked['layer']}?",
        options,
        key,
        " → ".join(named(eid) for eid in key),
        object=obj,
        hint="Give each place one effect.",
    )


def _shuffled(key: tuple[str, ...]) -> tuple[str, ...]:
    """The effects in an order that depends only on them, and never the answer's order."""
    order = sorted(key, key=lambda eid: hashlib.sha256(eid.encode()).hexdigest())
    if tuple(order) == key:
        order = order[1:] + order[:1]
    return tuple(order)


def _depends_question(result: Result) -> Question:
    a, b = result.board.ask.effects  # type: ignore[union-attr]
    depends = answer_json(result)["answer"]["depends"]["answer"]
    options = (Option("yes", "Yes"), Option("no", "No"))
    key = "yes" if depends else "no"
    obj = _object_of(result, (a, b))
    return Question(
        Kind.DEPENDS,
        Form.SINGLE,
        f"Does {_effect_words(result, a)} depend on {_effect_words(result, b)}?",
        options,
        (key,),
        "Yes" if depends else "No",
        object=obj,
    )


def _effect_words(result: Result, wanted: str) -> str:
    """An effect as a learner knows it: its source's name and what it says."""
    try:
        eids = resolve_effect_id(result.evaluation, wanted, "ask.depends")
    except BoardError:
        return wanted
    effect = result.evaluation.effects[eids[0]]
    source = result_namer(result)(effect.source)
    # The engine's notation says "~" for the source's own name.
    return f"{possessive(source)} effect “{effect.spec.text.replace('~', source)}”"


def _object_of(result: Result, effects: Sequence[str]) -> str:
    """An object one of the effects applies to: its stepper shows the dependency at work."""
    wanted: set[str] = set()
    for effect in effects:
        try:
            wanted.update(resolve_effect_id(result.evaluation, effect, "ask.depends"))
        except BoardError:
            continue
    for step in result.evaluation.trace:
        if step.effect in wanted and step.applies_to:
            return step.applies_to[0]
    return next(iter(result.evaluation.chars))


# --- events ------------------------------------------------------------------------


def _outcome_key(results: Iterable[Shown]) -> str:
    canonical = sorted(json.dumps(shown_json(r), sort_keys=True) for r in results)
    return hashlib.sha256(json.dumps(canonical).encode()).hexdigest()[:12]


def _explored(board: dict[str, Any]) -> EventExploration:
    try:
        return explore_event(board)
    except BoardError as error:
        raise BoardProblem(
            f"the board isn't valid: {error}", path=error.path, detail=error.message
        ) from error


def _outcomes(board: dict[str, Any]) -> list[tuple[Shown, ...]]:
    return [outcome.shown for outcome in _explored(board).outcomes]


def _missing_effect_outcomes(board: dict[str, Any]) -> list[tuple[Shown, ...]]:
    """What would happen if one of the board's steps had not happened: plausible slips."""
    found = []
    for index, step in enumerate(board.get("steps", [])):
        if not isinstance(step, dict) or "as" not in step:
            continue
        try:
            found.extend(_outcomes(editing.without_step(board, index)))
        except BoardProblem:
            continue  # later steps need this one: no such board
    return found


def _event_question(board: dict[str, Any]) -> Question:
    explored = _explored(board)
    right = [outcome.shown for outcome in explored.outcomes]
    name = board_namer(board)
    options: dict[str, Option] = {}
    # The event as if no effect touched it: the slip of forgetting them all.
    untouched = fold_draws(event for group in explored.asked for event in group)
    for results in right + [untouched] + _missing_effect_outcomes(board):
        key = _outcome_key(results)
        if key not in options and len(options) < MAX_EVENT_OPTIONS + len(right):
            words = outcome_words(results, name)
            options[key] = Option(key, words[:1].upper() + words[1:])
    keys = tuple(sorted({_outcome_key(results) for results in right}))
    ordered = tuple(sorted(options.values(), key=lambda option: option.text))
    # Always tick-all: whether the choices change the outcome is often the point.
    return Question(
        Kind.EVENT_OUTCOME,
        Form.SELECT_ALL,
        "Which of these can happen?",
        ordered,
        keys,
        " or ".join(options[k].text for k in keys),
        stepper="event",
        hint="Tick every outcome that some choice of the players can lead to.",
    )
