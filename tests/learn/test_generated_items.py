"""1,000 generated items: the key is the engine's answer, every distractor comes from a named
misreading and differs from the key, and no option repeats."""

from __future__ import annotations

import json

from rules_engine.answers import evaluate_board
from rules_engine.characteristics import characteristics_json
from rules_engine.misreadings import MISCONCEPTION_BY_SLUG
from rules_engine.replacement.answer import event_answer
from tutor.learn.generator import Stats, generate_event, generate_many
from tutor.learn.items import MEASURES, field_text

LAYER_ITEMS = 900
EVENT_ITEMS = 100


def _engine_key(item) -> str:  # noqa: ANN001
    """The answer worked out again from scratch, without the item module's shortcuts."""
    board = item.board
    if item.kind == "event-best":
        outcomes = event_answer(board)["outcomes"]
        kind = next(k for k in MEASURES if any(k in r for o in outcomes for r in o["results"]))
        return str(max(sum(MEASURES[kind](r) for r in o["results"] if kind in r) for o in outcomes))
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
