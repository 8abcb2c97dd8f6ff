"""Practice sets: a lesson's items from its boards, generated items by level, and the
feedback an answer gets (the named mistake, and where the right path parts from it)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.misreadings import MISCONCEPTIONS, Misconception
from tutor.boards.codec import encode_board
from tutor.boards.presenters import frames
from tutor.learn import generator
from tutor.learn.concepts import CONCEPT_OF_MISCONCEPTION
from tutor.learn.handwritten import HAND_WRITTEN, misconception_named
from tutor.learn.items import SPECIFIC_FIRST, Item

# A lesson's practice is built in ``lesson_items``; its names stay importable from here.
from tutor.learn.lesson_items import EXTRA_KINDS as EXTRA_KINDS
from tutor.learn.lesson_items import item_for_board as item_for_board
from tutor.learn.lesson_items import lesson_items as lesson_items
from tutor.learn.walkthrough import parting_index

PT = re.compile(r"^\s*([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})\s*$")


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
    given: str
    misconception: Misconception | None
    # The stepper, at the step where the right answer and the mistaken one part ways
    # when ``parts`` (else at its start).
    stepper_url: str
    parts: bool = False
    # The answer as recorded: one key, or a select-all item's ticked keys joined by ",".
    answer: str = ""


def is_select_all(item: Item) -> bool:
    """A "select all that apply" item (``Item.select_all``, when the item model has it)."""
    return bool(getattr(item, "select_all", False))


def right_keys(item: Item) -> frozenset[str]:
    """The keys a right answer ticks: a select-all item's ``right_keys``, else its key."""
    keys = getattr(item, "right_keys", None)
    return frozenset(keys) if keys else frozenset({item.key})


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


def read_choice(item: Item, key: str | list[str], typed: str) -> str:
    """The answer the learner gave: a choice key (picked, or a P/T typed like 5/8), or for
    a select-all item the ticked keys, sorted and joined by ","."""
    keys = [key] if isinstance(key, str) else list(key)
    if is_select_all(item):
        # Each box is its own value; a client may also send them joined ("a,b").
        ticked = sorted({k for value in keys for k in value.split(",") if k})
        if any(item.choice(k) is None for k in ticked):
            raise ValueError("tick only the answers shown")
        return ",".join(ticked)
    if typed.strip() and item.typed:
        match = PT.match(typed)
        if match is None:
            raise ValueError("write power and toughness as two whole numbers, like 5/8")
        text = f"{int(match[1])}/{int(match[2])}"
        found = next((c for c in item.choices if c.text == text), None)
        return found.key if found else f"typed:{text}"
    picked = keys[0] if keys else ""
    if item.choice(picked) is None:
        raise ValueError("choose one of the answers")
    return picked


def mark(item: Item, key: str) -> Marked:
    if is_select_all(item):
        return _mark_ticked(item, key)
    chosen = item.choice(key)
    given = chosen.text if chosen else key.removeprefix("typed:")
    slug = chosen.misconception if chosen else None
    misconception = misconception_named(slug) if slug else None
    url, parts = stepper_at(item, misconception)
    return Marked(key == item.key, given, misconception, url, parts, key)


def _mark_ticked(item: Item, answer: str) -> Marked:
    """A select-all answer: right when exactly the right keys are ticked; the mistake named
    is the first wrong box ticked (else none: a right box was left out)."""
    ticked = [k for k in answer.split(",") if k]
    texts = [c.text for k in ticked if (c := item.choice(k)) is not None]
    wrong = [c for k in ticked if (c := item.choice(k)) is not None and k not in right_keys(item)]
    slug = next((c.misconception for c in wrong if c.misconception), None)
    misconception = misconception_named(slug) if slug else None
    url, parts = stepper_at(item, misconception)
    given = "; ".join(texts) if texts else "none of them"
    return Marked(frozenset(ticked) == right_keys(item), given, misconception, url, parts, answer)


def key_text(item: Item) -> str:
    """The right answer in words (every right box of a select-all item)."""
    if not is_select_all(item):
        return item.key_text()
    return "; ".join(c.text for c in item.choices if c.key in right_keys(item))


def stepper_url(item: Item, misconception: Misconception | None) -> str:
    return stepper_at(item, misconception)[0]


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
