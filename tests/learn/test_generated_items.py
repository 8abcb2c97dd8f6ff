"""1,000 generated items: the key is the engine's answer, every distractor comes from a named
misreading and differs from the key, and no option repeats."""

from __future__ import annotations

import json

import pytest

from rules_engine.answers import evaluate_board
from rules_engine.characteristics import characteristics_json
from rules_engine.misreadings import MISCONCEPTION_BY_SLUG
from rules_engine.replacement.answer import event_answer
from tests.web.boards import GRAY_OGRE, example, with_peek
from tutor.boards.services import unmodelled
from tutor.learn import generator
from tutor.learn.generator import Stats, generate_event, generate_many
from tutor.learn.items import (
    MEASURES,
    NoItem,
    UnmodelledItem,
    best_characteristic_item,
    field_text,
)

LAYER_ITEMS = 900
EVENT_ITEMS = 100


def _amount(result: dict, kind: str) -> int | None:
    """How much of ``kind`` one result of the JSON answer counts (None: not that kind)."""
    if kind == "counters":
        if "on" in result and "counters" in result:
            return result.get("n", 1)
        if "enter" in result and result.get("counters"):
            return sum(result["counters"].values())  # a permanent entering with counters
        return None
    if kind not in result:
        return None
    return result.get("n", 1) if kind == "create_tokens" else result[kind]


def _engine_key(item) -> str:  # noqa: ANN001
    """The answer worked out again from scratch, from the engine's JSON answer rather than
    the item module's typed one."""
    board = item.board
    if item.kind == "event-best":
        outcomes = [o["results"] for o in event_answer(board)["outcomes"]]
        kind = next(
            k for k in MEASURES if any(_amount(r, k) is not None for o in outcomes for r in o)
        )
        return str(max(sum(_amount(r, kind) or 0 for r in o) for o in outcomes))
    result = evaluate_board(board)
    return field_text(item.kind, characteristics_json(result.evaluation.chars[item.object]))


def _check(item) -> None:  # noqa: ANN001
    texts = [choice.text for choice in item.choices]
    assert len(texts) == len(set(texts)), f"repeated option in {item.prompt}"
    assert len({c.key for c in item.choices}) == len(texts)
    assert item.key_text() == _engine_key(item), item.board_json
    distractors = item.distractors
    assert len(distractors) >= 2, item.board_json
    for choice in distractors:
        assert choice.misconception in MISCONCEPTION_BY_SLUG, choice
        assert choice.text != item.key_text()


def test_a_thousand_generated_items_keep_their_promises():
    stats = Stats()
    items = [g.item for g in generate_many(LAYER_ITEMS, seed=11, stats=stats)]
    items += [generate_event(seed).item for seed in range(EVENT_ITEMS)]
    assert len(items) == LAYER_ITEMS + EVENT_ITEMS
    for item in items:
        _check(item)
    assert len({item.id for item in items}) > 0.9 * len(items)  # they are not all alike
    assert stats.candidates > stats.rejected


def test_generation_is_reproducible_from_its_seed():
    first = [g.item.board_json for g in generate_many(5, seed=3)]
    again = [g.item.board_json for g in generate_many(5, seed=3)]
    assert first == again
    assert all(json.loads(b)["format"] == "mtg-board/1" for b in first)


def test_generated_items_come_only_from_boards_the_engine_models_fully():
    made = [g.item for g in generate_many(40, seed=5)]
    made += [generate_event(seed).item for seed in range(10)]
    assert [item.prompt for item in made if unmodelled(item.board)] == []


def test_the_generator_never_yields_an_item_from_a_board_the_engine_does_not_model(monkeypatch):
    real_layer, real_event = generator.layer_board, generator.event_board
    monkeypatch.setattr(generator, "layer_board", lambda *a: with_peek(real_layer(*a)))
    monkeypatch.setattr(generator, "event_board", lambda *a: with_peek(real_event(*a)))
    stats = Stats()
    with pytest.raises(NoItem):
        generator.generate(3, level=2, stats=stats, attempts=15)
    assert stats.reasons.get("UnmodelledItem", 0) >= 1, stats.reasons  # refused, not missed
    with pytest.raises(NoItem):
        generate_event(3, attempts=5)
    with pytest.raises(UnmodelledItem, match=r"Mill two cards\. \(on Peek\)"):
        best_characteristic_item(with_peek(example(GRAY_OGRE)), "ogre", least=1)
