"""More question forms for generated practice (issue 28), each checked by the engine.

- ``combined_item``: several characteristics at once; one option is a combination
  ("3/3 · Flying · Creature — Elf"), so a misreading that changes any of them is a
  wrong option.
- ``amount_item``: how much damage is dealt, how many counters or tokens: the key may be
  0 (a prevention shield that stops everything), and a single replacement or prevention
  effect with nothing to order is a question too.
- ``select_all_item``: statements about one object, the learner ticks every true one;
  each false statement is what a named misreading makes true.

(``tutor/learn/forms.py`` holds the site's dispute form, so the builders live here.)
Every key is the engine's answer; every wrong option is a named misreading's answer,
distinct from the key and from each other (``items.choose_distractors``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules_engine import (
    BoardError,
    ChoiceNode,
    CreateTokens,
    Damage,
    Draws,
    Enter,
    Evaluation,
    GainLife,
    Misconception,
    PutCounters,
    characteristics_json,
)
from tutor.boards.event_words import describe_asked
from tutor.boards.naming import board_namer
from tutor.boards.services import ensure_modelled as _ensure_modelled
from tutor.learn.items import (
    EVENT_MISCONCEPTIONS,
    LAYER_MISCONCEPTIONS,
    MIN_DISTRACTORS,
    Choice,
    Item,
    NoItem,
    UnmodelledItem,
    _alive,
    _canonical,
    _capital,
    _evaluated_or_none,
    _item,
    _key,
    _printed_name,
    _shuffled,
    choose_distractors,
    evaluate_all,
    explored,
    field_text,
)

Variants = tuple[tuple[Misconception, dict[str, Any]], ...]
FIELD_NAMES = {
    "pt": "power and toughness",
    "abilities": "abilities",
    "types": "card types",
    "subtypes": "subtypes",
    "colors": "colors",
}


def _evaluations(
    board: dict[str, Any], variants: Variants, switches: tuple[Misconception, ...]
) -> tuple[Any, list[tuple[Misconception, Evaluation]]]:
    """The board evaluated by the rules and by every misreading that could matter."""
    from rules_engine import compute

    evaluated = evaluate_all(board)
    found = [
        (m, evaluated.wrong[m.slug]) for m in LAYER_MISCONCEPTIONS if m.slug in evaluated.wrong
    ]
    found += [(m, e.right) for m, v in variants if (e := _evaluated_or_none(v)) is not None]
    found += [(m, compute(evaluated.game, misreading=m.layers)) for m in switches if m.layers]
    return evaluated, found


def _combo(fields: Iterable[str], data: dict[str, Any]) -> str:
    parts = []
    for field in fields:
        text = field_text(field, data)
        if field == "abilities" and text == "none":
            text = "no abilities"
        parts.append(text)
    return " · ".join(parts)


def combined_item(
    board: dict[str, Any],
    label: str,
    fields: tuple[str, ...],
    about: frozenset[str] = frozenset(),
    variants: Variants = (),
    switches: tuple[Misconception, ...] = (),
    least: int = MIN_DISTRACTORS,
) -> Item:
    """Several characteristics of ``label`` at once: each option a combination."""
    evaluated, found = _evaluations(board, variants, switches)
    if label not in evaluated.right.chars or not _alive(evaluated, label):
        raise NoItem(f'"{label}" is not on the battlefield at the end')
    right_data = characteristics_json(evaluated.right.chars[label])
    if "pt" in fields and right_data.get("power") is None:
        raise NoItem("not a creature at the end")
    right = _combo(fields, right_data)
    texts = [
        (_combo(fields, characteristics_json(e.chars[label])), m)
        for m, e in found
        if label in e.chars
    ]
    wrong = choose_distractors(right, texts, about)
    name = _printed_name(board, evaluated.game, label)
    asked = dict(board, ask={"characteristics": label})
    named = ", ".join(FIELD_NAMES[f] for f in fields[:-1]) + f", and {FIELD_NAMES[fields[-1]]}"
    prompt = f"What are the {named} of {name} now (in that order)?"
    return _item(
        "combined", prompt, asked, right, dict(wrong), obj=label, least=least, game=evaluated.game
    )


def _statement(name: str, field: str, text: str) -> str:
    if field == "pt":
        return f"{name} is {text}."
    if field == "abilities":
        return f"{name} has {text}." if text != "none" else f"{name} has no abilities."
    if field == "colors":
        return f"{name} is {text}."
    return f"{name}'s {FIELD_NAMES[field]} are {text}."


def select_all_item(
    board: dict[str, Any],
    label: str,
    fields: tuple[str, ...],
    about: frozenset[str] = frozenset(),
    variants: Variants = (),
    switches: tuple[Misconception, ...] = (),
) -> Item:
    """ "Select all that apply": a true statement per field, and for each field a false one
    that a named misreading makes true (at least two false statements, so guessing "all"
    is wrong)."""
    evaluated, found = _evaluations(board, variants, switches)
    if label not in evaluated.right.chars or not _alive(evaluated, label):
        raise NoItem(f'"{label}" is not on the battlefield at the end')
    right_data = characteristics_json(evaluated.right.chars[label])
    if "pt" in fields and right_data.get("power") is None:
        raise NoItem("not a creature at the end")
    name = _printed_name(board, evaluated.game, label)
    true: list[str] = []
    false: dict[str, Misconception] = {}
    for field in fields:
        right = field_text(field, right_data)
        texts = [
            (field_text(field, characteristics_json(e.chars[label])), m)
            for m, e in found
            if label in e.chars
        ]
        wrong = choose_distractors(right, texts, about)
        if not wrong:
            continue
        true.append(_statement(name, field, right))
        for text, m in list(wrong.items())[:2]:
            false.setdefault(_statement(name, field, text), m)
    if len(false) < 2 or not true or len(true) + len(false) < 4:
        raise NoItem("fewer than two statements a misreading makes true")
    asked = dict(board, ask={"characteristics": label})
    try:
        _ensure_modelled(asked, game=evaluated.game)
    except Exception as problem:  # UnmodelledBoard or a board the pages can't show
        raise UnmodelledItem(str(problem)) from problem
    choices = [Choice(_key(t), t) for t in true]
    choices += [Choice(_key(t), t, m.slug) for t, m in false.items()]
    canonical = _canonical(asked)
    rights = frozenset(_key(t) for t in true)
    return Item(
        "select-all",
        f"Which of these are true of {name} now? Select all that apply.",
        canonical,
        _shuffled(choices, canonical),
        ",".join(sorted(rights)),
        label,
        select_all=True,
        right_keys=rights,
    )


# --- Amounts: damage, counters, tokens, life -----------------------------------------


def _event_kind(board: dict[str, Any]) -> str:
    event = (board.get("ask") or {}).get("event") or {}
    while "simultaneous" in event and event["simultaneous"]:
        event = event["simultaneous"][0]
    for kind in ("damage", "counters", "create_tokens", "gain_life", "draw"):
        if kind in event:
            return kind
    if "enter" in event:
        return "counters"
    raise NoItem("no amount to ask about this event")


def _amount(results: Iterable[Any], kind: str) -> int:
    total = 0
    for r in results:
        if kind == "damage" and isinstance(r, Damage):
            total += r.amount
        elif kind == "counters" and isinstance(r, PutCounters):
            total += r.n
        elif kind == "counters" and isinstance(r, Enter):
            total += sum(n for _, n in r.counters if n > 0)
        elif kind == "create_tokens" and isinstance(r, CreateTokens):
            total += r.total
        elif kind == "gain_life" and isinstance(r, GainLife):
            total += r.amount
        elif kind == "draw" and isinstance(r, Draws):
            total += r.n
    return total


AMOUNT_QUESTIONS = {
    "damage": "How much damage is dealt?",
    "counters": "How many +1/+1 counters does it get?",
    "create_tokens": "How many tokens are created?",
    "gain_life": "How much life is gained?",
    "draw": "How many cards are drawn?",
}


def _chooser_of(found: Any) -> str | None:
    return found.tree.chooser if isinstance(found.tree, ChoiceNode) else None


def event_amount(board: dict[str, Any], misreading: Any = None) -> int:
    """The amount the event ends up as, each player choosing what is best for them: the
    affected player (CR 616.1) wants little damage and much of anything else; a player a
    misreading wrongly lets choose wants the opposite of them."""
    kind = _event_kind(board)
    right = explored(board)
    found = right if misreading is None else explored(board, misreading)
    amounts = [_amount(o.shown, kind) for o in found.outcomes] or [0]
    affected = _chooser_of(right)
    who = _chooser_of(found) or affected
    less = kind == "damage"
    if who != affected:
        less = not less
    return min(amounts) if less else max(amounts)


def amount_item(
    board: dict[str, Any],
    about: frozenset[str] = frozenset(),
    variants: Variants = (),
    switches: tuple[Misconception, ...] = (),
    least: int = MIN_DISTRACTORS,
) -> Item:
    """How much of the asked event happens: the key may be 0 (every point prevented)."""
    kind = _event_kind(board)
    right = explored(board)
    key = str(event_amount(board))
    found: list[tuple[str, Misconception]] = []
    for m in (*EVENT_MISCONCEPTIONS, *switches):
        if m.replacement is None:
            continue
        try:
            found.append((str(event_amount(board, m.replacement)), m))
        except BoardError:
            continue
    for m, variant in variants:
        try:
            found.append((str(event_amount(variant)), m))
        except (BoardError, NoItem):
            continue
    wrong = choose_distractors(key, found, about | {m.slug for m, _ in variants})
    name = board_namer(board)
    chooser = right.tree.chooser if isinstance(right.tree, ChoiceNode) else None
    stakes = ""
    if chooser:
        # Who wants what, never who chooses: choosing is what the wrong-chooser mistake
        # gets wrong (CR 616.1).
        players = [p for p in board.get("players", []) if p != chooser]
        if kind == "damage":
            stakes = f" {chooser} wants to take as little damage as possible"
            stakes += f"; {players[0]} wants as much as possible." if players else "."
        else:
            stakes = f" {chooser} wants as much as possible; every player chooses what is best."
    prompt = f"{_capital(describe_asked(right.asked, name))}.{stakes} {AMOUNT_QUESTIONS[kind]}"
    return _item("amount", prompt, board, key, dict(wrong), least=least)


# --- The order in which effects apply ----------------------------------------------


def sequence_text(evaluation: Evaluation, label: str) -> str:
    """The effects that apply to ``label``, in the order they apply, by source (an effect
    applying in several layers is named once, where it first applies)."""
    names = [
        # Counters are written as the engine words them ("1 +1/+1 counter", CR 613.4c).
        s.effect_text if s.effect.startswith(f"{s.source}:") else s.source_name
        for s in evaluation.trace
        if label in s.applies_to
    ]
    return " → ".join(dict.fromkeys(names))


def sequence_item(
    board: dict[str, Any],
    label: str,
    about: frozenset[str] = frozenset(),
    variants: Variants = (),
    switches: tuple[Misconception, ...] = (),
    least: int = MIN_DISTRACTORS,
) -> Item:
    """In which order do the effects apply to ``label``? (CR 613.1: layer by layer, then
    613.7 timestamps and 613.8 dependency within a layer.)"""
    evaluated, found = _evaluations(board, variants, switches)
    if not _alive(evaluated, label):
        raise NoItem(f'"{label}" is not on the battlefield at the end')
    right = sequence_text(evaluated.right, label)
    if right.count("→") < 2:
        raise NoItem("fewer than three effects apply to it")
    texts = [(sequence_text(e, label), m) for m, e in found]
    wrong = choose_distractors(right, [(t, m) for t, m in texts if t], about)
    name = _printed_name(board, evaluated.game, label)
    asked = dict(board, ask={"characteristics": label})
    prompt = f"In which order do the effects that change {name} apply?"
    return _item(
        "sequence", prompt, asked, right, dict(wrong), obj=label, least=least, game=evaluated.game
    )
