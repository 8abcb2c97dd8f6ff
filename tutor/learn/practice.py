"""Practice sets: a lesson's items from its boards, generated items by level, and the
feedback an answer gets (the named mistake, and where the right path parts from it)."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError
from rules_engine.misreadings import MISCONCEPTIONS, Misconception
from tutor.boards.codec import encode_board
from tutor.boards.presenters import frames
from tutor.learn import generator
from tutor.learn.handwritten import HAND_WRITTEN, misconception_named, variants
from tutor.learn.items import (
    SPECIFIC_FIRST,
    Item,
    NoItem,
    UnmodelledItem,
    best_characteristic_item,
    chooser_item,
    depends_item,
    event_item,
    headline_slugs,
    layer_item,
    order_item,
    outcome_item,
)

PT = re.compile(r"^\s*([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})\s*$")


def item_for_board(board: dict[str, Any], concept: str = "") -> Item:
    """The question a lesson board asks, as an item (with as many named distractors as the
    misreadings give: at least one; named after the lesson's own mistake first)."""
    ask = board.get("ask") or {}
    # Hand-written misreadings (``handwritten``) for the lesson's headline mistakes.
    rewritten = variants(board, headline_slugs(concept))
    if "characteristics" in ask:
        label = ask["characteristics"]
        try:
            return best_characteristic_item(
                board, label, least=1, prefer=concept, variants=rewritten
            )
        except UnmodelledItem:
            raise
        except NoItem:
            # A board whose only wrong answer is the printed card is about reading the
            # effects at all: there, and only there, the printed card is offered.
            about = frozenset({"printed-values"})
            return best_characteristic_item(
                board, label, least=1, prefer=concept, about=about, variants=rewritten
            )
    if "order" in ask:
        order = ask["order"]
        return order_item(board, order["object"], order["layer"], least=1)
    if "depends" in ask:
        return depends_item(board, *ask["depends"])
    if "event" in ask:
        try:
            return event_item(board, least=1, about=headline_slugs(concept), variants=rewritten)
        except UnmodelledItem:
            raise
        except NoItem:
            return outcome_item(board, variants=rewritten)
    raise NoItem("the board asks nothing")


# Lessons whose topic is a question of its own, asked about their first practice board too.
EXTRA_KINDS = {"seven-layers": "layer", "replacement-order": "chooser"}


def _extra_item(board: dict[str, Any], kind: str) -> Item:
    ask = board.get("ask") or {}
    if kind == "layer" and "characteristics" in ask:
        return layer_item(board, ask["characteristics"])
    if kind == "chooser" and "event" in ask:
        return chooser_item(board)
    raise NoItem("not that kind of board")


@lru_cache(maxsize=64)
def _lesson_items(boards_json: str, names: tuple[str, ...], concept: str) -> tuple[Item, ...]:
    boards = json.loads(boards_json)
    found = []
    for name in names:
        try:
            found.append(item_for_board(boards[name], concept))
        except (NoItem, BoardError):
            continue  # the lesson tests check every practice board makes an item
    extra = EXTRA_KINDS.get(concept)
    if extra:
        for name in names:
            try:
                found.append(_extra_item(boards[name], extra))
                break
            except (NoItem, BoardError):
                continue
    return tuple(found)


def lesson_items(
    boards: dict[str, Any], practice: list[str], concept: str = ""
) -> tuple[Item, ...]:
    return _lesson_items(json.dumps(boards, sort_keys=True), tuple(practice), concept)


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
