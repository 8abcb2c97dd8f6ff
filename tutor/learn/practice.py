"""Practice sets: a lesson's items from its boards, generated items by level, and the
feedback an answer gets (the named mistake, and where the right path parts from it).

Answers are read, marked and encoded by the item's one question value
(``as_question.question_of``, ``tutor.core.question``), as puzzles and classes do."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules_engine import MISCONCEPTIONS, Misconception, evaluate_board
from tutor.boards.codec import encode_board
from tutor.boards.presenters import frames
from tutor.core.question import Form, Question
from tutor.learn import generator
from tutor.learn.as_question import question_of
from tutor.learn.concepts import CONCEPT_OF_MISCONCEPTION
from tutor.learn.handwritten import HAND_WRITTEN, misconception_named
from tutor.learn.items import SPECIFIC_FIRST, Item

# A lesson's practice is built in ``lesson_items``; its names stay importable from here.
from tutor.learn.lesson_items import EXTRA_KINDS as EXTRA_KINDS
from tutor.learn.lesson_items import item_for_board as item_for_board
from tutor.learn.lesson_items import lesson_items as lesson_items
from tutor.learn.walkthrough import parting_index


@lru_cache(maxsize=256)
def generated_item(seed: int, level: int) -> generator.Generated:
    """The practice question a (seed, level) pair names: the same one every time
    (``generator.generate_mixed``: layers, replacement and one-mistake boards interleaved)."""
    return generator.generate_mixed(seed, level)


def lesson_concepts(item: Item, concept: str) -> tuple[str, ...]:
    """What an answer to a lesson's item credits: the lesson's concept, and every concept
    whose mistake the item offers (so each concept can be credited by a lesson's practice
    as well as by generated items)."""
    caught = [CONCEPT_OF_MISCONCEPTION.get(c.misconception or "") for c in item.distractors]
    return tuple(dict.fromkeys([concept, *(c for c in caught if c)]))


@dataclass(frozen=True, slots=True)
class Marked:
    right: bool
    # The answer in words (option texts, or the P/T as typed).
    given: str
    misconception: Misconception | None
    # The stepper, at the step where the right answer and the mistaken one part ways
    # when ``parts`` (else at its start).
    stepper_url: str
    parts: bool = False
    # The answer as recorded: ``Question.encode`` of ``keys``.
    answer: str = ""
    # The answer's option keys (or the typed P/T), so the page can send it again.
    keys: tuple[str, ...] = ()
    # A typed P/T that is none of the options.
    typed: bool = False


def read_answer(question: Question, choices: Sequence[str], typed: str) -> tuple[str, ...]:
    """What the learner sent, read by the item's one question (``Question.parse``): the
    typed P/T when the question takes one and it isn't blank, else the options ticked or
    picked. ``AnswerProblem`` (a 400) for anything that isn't one of its answers."""
    if question.form is Form.TYPED and typed.strip():
        return question.parse(typed)
    return question.parse(list(choices))


def why_right(item: Item, misconception: Misconception | None = None) -> str:
    """One or two plain sentences on why the key is right: the rule that decides it (the
    one the chosen mistake skips, else the item's most telling mistake), with its number."""
    misconception = _deciding(item, misconception)
    if misconception is None or not misconception.rule_does:
        return ""
    return f"{misconception.rule_does.rstrip('.')} (CR {misconception.rule}.)"


@dataclass(frozen=True, slots=True)
class RulePrompt:
    """ "Which rule decides this?": the deciding rule among others a learner might name,
    the same for an item whatever answer was given."""

    rule: str
    options: tuple[str, ...]


def _deciding(item: Item, misconception: Misconception | None) -> Misconception | None:
    """The mistake whose rule decides the item: the one chosen, else the most telling (a
    hand-written one, always a lesson's headline, before the engine's most specific)."""
    if misconception is not None:
        return misconception
    slugs = [c.misconception for c in item.distractors if c.misconception]
    ranked = sorted(slugs, key=lambda s: SPECIFIC_FIRST.index(s) if s in SPECIFIC_FIRST else -1)
    return misconception_named(ranked[0]) if ranked else None


def deciding_mistake(item: Item) -> Misconception | None:
    """The item's most telling mistake, whose rule decides it (whatever was answered)."""
    return _deciding(item, None)


def rule_prompt(item: Item) -> RulePrompt | None:
    """The prompt to name the rule that decides the item: its number beside two other
    misreadings' rules. Fixed per item (its most telling mistake, never the one picked),
    so every learner is asked the same question and the answers can be compared."""
    deciding = _deciding(item, None)
    if deciding is None or not deciding.rule_does:
        return None
    others = sorted(
        {m.rule for m in (*MISCONCEPTIONS, *(h.misconception for h in HAND_WRITTEN))}
        - {deciding.rule},
        key=lambda rule: hashlib.sha256(f"{item.id}{rule}".encode()).digest(),
    )[:2]
    options = tuple(sorted([deciding.rule, *others], key=_rule_order))
    return RulePrompt(deciding.rule, options)


def rule_item_id(item: Item) -> str:
    """The id the "which rule decides this?" answer is recorded under (not the item's own,
    so it never counts as the item's first answer)."""
    return f"{item.id}:rule"


def _rule_order(rule: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", rule))


def mark(item: Item, answer: Sequence[str] | str) -> Marked:
    """An answer (its keys, or as recorded) marked by the item's question: right or not,
    the misreading a wrong one matches, and where its path parts from the right one."""
    question = question_of(item)
    keys = question.decode(answer) if isinstance(answer, str) else tuple(answer)
    slug = question.misreading_of(keys)
    misconception = misconception_named(slug) if slug else None
    url, parts = stepper_at(item, misconception)
    return Marked(
        question.is_right(keys),
        question.text_of(keys),
        misconception,
        url,
        parts,
        question.encode(keys),
        keys,
        question.form is Form.TYPED and question.option(keys[0]) is None,
    )


def stepper_at(item: Item, misconception: Misconception | None) -> tuple[str, bool]:
    """The stepper for the item's board, opened where the mistake first changes things,
    and whether it does (a mistake may change nothing on the object's own walk-through)."""
    board = item.board
    token = encode_board(board)
    if "event" in (board.get("ask") or {}):
        return reverse("board-event", args=[token]) + "?" + urlencode({"kind": "asked"}), False
    if not item.object:
        return reverse("board", args=[token]), False
    step = None
    if misconception is not None and misconception.layers is not None:
        step = _parting_step(board, item.object, misconception)
    url = reverse("board-layers", args=[token, item.object])
    return f"{url}?step={step if step is not None else 1}", step is not None


def _parting_step(board: dict[str, Any], label: str, misconception: Misconception) -> int | None:
    """The first step of the right walk-through that the mistaken one doesn't share."""
    right = frames(evaluate_board(board), label)
    wrong = frames(evaluate_board(board, misreading=misconception.layers), label)  # type: ignore[arg-type]
    return parting_index(right, wrong)
