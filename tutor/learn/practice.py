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
from tutor.learn.handwritten import HAND_WRITTEN, misconception_named
from tutor.learn.items import SPECIFIC_FIRST, Item

# A lesson's practice is built in ``lesson_items``; its names stay importable from here.
from tutor.learn.lesson_items import EXTRA_KINDS as EXTRA_KINDS
from tutor.learn.lesson_items import item_for_board as item_for_board
from tutor.learn.lesson_items import lesson_items as lesson_items

PT = re.compile(r"^\s*([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})\s*$")


@lru_cache(maxsize=256)
def generated_item(seed: int, level: int) -> generator.Generated:
    """The practice question a (seed, level) pair names: the same one every time
    (``generator.generate_mixed``: layers, replacement and one-mistake boards interleaved)."""
    return generator.generate_mixed(seed, level)


@dataclass(frozen=True, slots=True)
class Marked:
    right: bool
    given: str
    misconception: Misconception | None
    # The stepper, at the step where the right answer and the mistaken one part ways
    # when ``parts`` (else at its start).
    stepper_url: str
    parts: bool = False


def why_right(item: Item, misconception: Misconception | None = None) -> str:
    """One or two plain sentences on why the key is right: the rule that decides it (the
    one the chosen mistake skips, else the item's most telling mistake), with its number."""
    misconception = _deciding(item, misconception)
    if misconception is None or not misconception.rule_does:
        return ""
    return f"{misconception.rule_does} (CR {misconception.rule}.) That is where the paths part."


@dataclass(frozen=True, slots=True)
class RulePrompt:
    """ "Which rule decides this?": the deciding rule among others a learner might name."""

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


def rule_prompt(item: Item, misconception: Misconception | None = None) -> RulePrompt | None:
    """On about half the items (by their id), a prompt to name the deciding rule before the
    explanation is shown: its number beside two other misreadings' rules."""
    deciding = _deciding(item, misconception)
    if deciding is None or not deciding.rule_does or int(item.id, 16) % 2:
        return None
    others = sorted(
        {m.rule for m in (*MISCONCEPTIONS, *(h.misconception for h in HAND_WRITTEN))}
        - {deciding.rule},
        key=lambda rule: hashlib.sha256(f"{item.id}{rule}".encode()).digest(),
    )[:2]
    options = tuple(sorted([deciding.rule, *others], key=_rule_order))
    return RulePrompt(deciding.rule, options)


def _rule_order(rule: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", rule))


def read_choice(item: Item, key: str, typed: str) -> str:
    """The choice key the learner gave: picked, or typed (a P/T written like 5/8)."""
    if typed.strip() and item.typed:
        match = PT.match(typed)
        if match is None:
            raise ValueError("write power and toughness as two whole numbers, like 5/8")
        text = f"{int(match[1])}/{int(match[2])}"
        found = next((c for c in item.choices if c.text == text), None)
        return found.key if found else f"typed:{text}"
    if item.choice(key) is None:
        raise ValueError("choose one of the answers")
    return key


def mark(item: Item, key: str) -> Marked:
    chosen = item.choice(key)
    given = chosen.text if chosen else key.removeprefix("typed:")
    slug = chosen.misconception if chosen else None
    misconception = misconception_named(slug) if slug else None
    url, parts = stepper_at(item, misconception)
    return Marked(key == item.key, given, misconception, url, parts)


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
    for number, (a, b) in enumerate(zip(right, wrong, strict=False)):
        if (a.effect, a.layer, a.values) != (b.effect, b.layer, b.values):
            return number
    if len(right) != len(wrong):
        return min(len(right), len(wrong)) - 1
    return None
