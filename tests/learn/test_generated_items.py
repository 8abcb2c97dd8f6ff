"""Generated items: the key is the engine's answer, every distractor comes from a named
misreading and differs from the key, and no option repeats."""

from __future__ import annotations

import json
import random

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.ask.event import event_answer
from rules_engine.characteristics import characteristics_json
from rules_engine.misreadings import MISCONCEPTION_BY_SLUG
from tests.web.boards import GRAY_OGRE, example, with_peek
from tutor.boards.event_words import outcome_words
from tutor.boards.naming import board_namer
from tutor.boards.services import unmodelled
from tutor.learn import generator
from tutor.learn.generator import Stats, generate_event, generate_many, generate_mixed
from tutor.learn.handwritten import HAND_WRITTEN_BY_SLUG, SWITCH_BY_SLUG
from tutor.learn.item_forms import FIELD_NAMES, sequence_text
from tutor.learn.items import (
    MEASURES,
    NoItem,
    UnmodelledItem,
    best_characteristic_item,
    event_item,
    explored,
    field_text,
)

# The practice generator and the engine alone: nothing the database, cache or channel
# layer changes, so the PostgreSQL and Redis pass doesn't run it again (tests/conftest.py).
pytestmark = pytest.mark.database_free

LAYER_ITEMS = 400
EVENT_ITEMS = 100
# Engine switches and hand-written misreadings alike name wrong options.
MISCONCEPTIONS_ALL = set(MISCONCEPTION_BY_SLUG) | set(HAND_WRITTEN_BY_SLUG) | set(SWITCH_BY_SLUG)


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
    if item.kind == "amount":
        return _engine_amount(board)
    if item.kind == "sequence":
        return sequence_text(evaluate_board(board).evaluation, item.object)
    if item.kind == "event-outcome":
        found = explored(board)
        assert len(event_answer(board)["outcomes"]) == 1
        words = outcome_words(found.outcomes[0].shown, board_namer(board))
        return words[:1].upper() + words[1:]
    if item.kind == "combined":
        data = characteristics_json(evaluate_board(board).evaluation.chars[item.object])
        asked = sorted((item.prompt.find(words), f) for f, words in FIELD_NAMES.items())
        fields = [f for at, f in asked if at >= 0]
        texts = [field_text(f, data) for f in fields]
        return " · ".join(
            "no abilities" if t == "none" and f == "abilities" else t
            for f, t in zip(fields, texts, strict=True)
        )
    if item.kind == "event-best":
        outcomes = [o["results"] for o in event_answer(board)["outcomes"]]
        kind = next(
            k for k in MEASURES if any(_amount(r, k) is not None for o in outcomes for r in o)
        )
        amounts = [sum(_amount(r, kind) or 0 for r in o) for o in outcomes]
        # The affected player chooses (616.1): as little damage, as much of the rest.
        return str(min(amounts) if kind == "damage" else max(amounts))
    result = evaluate_board(board)
    return field_text(item.kind, characteristics_json(result.evaluation.chars[item.object]))


def _engine_amount(board: dict) -> str:
    """How much of the asked event happens, the affected player choosing (616.1)."""
    event = board["ask"]["event"]
    while "simultaneous" in event:
        event = event["simultaneous"][0]
    kind = "counters" if "enter" in event else next(k for k in MEASURES if k in event)
    outcomes = [o["results"] for o in event_answer(board)["outcomes"]]
    amounts = [sum(_amount(r, kind) or 0 for r in o) for o in outcomes] or [0]
    return str(min(amounts) if kind == "damage" else max(amounts))


def _check_select_all(item) -> None:  # noqa: ANN001
    """Every P/T statement is true exactly when the engine's P/T says so."""
    data = characteristics_json(evaluate_board(item.board).evaluation.chars[item.object])
    pt = f"{data['power']}/{data['toughness']}"
    assert item.right_keys and len(item.choices) - len(item.right_keys) >= 2
    for choice in item.choices:
        if choice.text.endswith("/" + choice.text.rsplit("/", 1)[-1]) and " is " in choice.text:
            said = choice.text.rsplit(" is ", 1)[-1].removesuffix(".")
            if "/" in said:
                assert (said == pt) == (choice.key in item.right_keys), (choice, pt)
        if choice.key not in item.right_keys:
            assert choice.misconception in MISCONCEPTIONS_ALL, choice


def _check(item) -> None:  # noqa: ANN001
    texts = [choice.text for choice in item.choices]
    assert len(texts) == len(set(texts)), f"repeated option in {item.prompt}"
    assert len({c.key for c in item.choices}) == len(texts)
    assert not unmodelled(item.board), item.board_json
    if item.select_all:
        _check_select_all(item)
        return
    assert item.key_text() == _engine_key(item), item.board_json
    distractors = item.distractors
    assert 1 <= len(distractors) <= 3, item.board_json
    for choice in distractors:
        assert choice.misconception in MISCONCEPTIONS_ALL, choice
        assert choice.text != item.key_text()


def test_generated_items_keep_their_promises():
    stats = Stats()
    items = [g.item for g in generate_many(LAYER_ITEMS, seed=11, stats=stats)]
    items += [generate_event(seed).item for seed in range(EVENT_ITEMS)]
    assert len(items) == LAYER_ITEMS + EVENT_ITEMS
    for item in items:
        _check(item)
        assert len(item.distractors) >= 2
    assert len({item.id for item in items}) > 0.8 * len(items)  # they are not all alike
    assert stats.candidates > stats.rejected


def test_the_practice_mix_keeps_its_promises_and_rarely_offers_the_printed_card():
    """Practice questions as the practice page makes them (recipes from the library,
    ``tutor/learn/recipes.py``; 80 here to stay fast, bench/quiz.py measures 400): each
    checked against the engine, at least three options on average, the printed card only
    on boards about it, and no replacement item asks for "the most" the choices could lead
    to."""
    items = [generate_mixed(seed, 1 + seed % 4).item for seed in range(80)]
    for item in items:
        _check(item)
        assert "can lead to" not in item.prompt
    assert sum(len(item.choices) for item in items) >= 3.3 * len(items)
    printed = [i for i in items if any(c.misconception == "printed-values" for c in i.choices)]
    assert len(printed) <= 0.15 * len(items)


def test_wrong_chooser_and_forced_first_give_other_answers_on_their_boards():
    damage = event_item(generator.damage_board(random.Random(1)))
    assert "wants to take as little damage as possible" in damage.prompt
    burst = event_item(generator.burst_board(random.Random(2)))
    assert "forced-first-ignored" in {c.misconception for c in burst.distractors}
    chooser_boards = [generator.damage_board(random.Random(seed)) for seed in range(20)]
    caught = [event_item(b) for b in chooser_boards if len(b["steps"]) == 3]
    assert any("wrong-chooser" in {c.misconception for c in i.distractors} for i in caught)


def test_hostile_spells_are_aimed_at_an_opponents_creature():
    rng = random.Random(4)
    for _ in range(200):
        board = generator.layer_board(rng, generator.LEVELS[3])
        owners = {s["as"]: s["controller"] for s in board["steps"] if "enter" in s}
        for step in board["steps"]:
            card = step.get("cast", step.get("enter"))
            if card in ("Lignify", "Ovinize", "Turn to Frog", "Diminish"):
                target = (step.get("targets") or [step.get("attach")])[0]
                assert owners[target] != step["controller"], board
            if card == "Sudden Spoiling":
                assert step["targets"][0] != step["controller"]
                assert step["targets"][0] in owners.values()


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
    real_pt = generator.pt_board
    monkeypatch.setattr(generator, "pt_board", lambda *a: with_peek(real_pt(*a)))
    monkeypatch.setattr(generator, "event_board", lambda *a: with_peek(real_event(*a)))
    stats = Stats()
    with pytest.raises(NoItem):
        generator.generate(3, level=2, stats=stats, attempts=15)
    assert stats.reasons.get("UnmodelledItem", 0) >= 1, stats.reasons  # refused, not missed
    with pytest.raises(NoItem):
        generate_event(3, attempts=5)
    with pytest.raises(UnmodelledItem, match=r"Clash with an opponent\. \(on Peek\)"):
        best_characteristic_item(with_peek(example(GRAY_OGRE)), "ogre", least=1)
