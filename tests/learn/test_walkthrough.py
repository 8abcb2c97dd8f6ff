"""The explanation of the board in front of the learner (issue #28): built from the
engine's trace, naming this board's cards, the step where the paths part and the rule."""

from __future__ import annotations

import re

from rules_engine.misreadings import MISCONCEPTION_BY_SLUG
from tutor.boards.naming import board_names
from tutor.boards.rules import link_rules, summary
from tutor.learn import generator, practice
from tutor.learn.content import lesson_files
from tutor.learn.handwritten import misconception_named
from tutor.learn.items import Item
from tutor.learn.lesson_files import read_lesson
from tutor.learn.walkthrough import Walkthrough, explain, sentence


def _generated(kind: str, slug: str | None = None, count: int = 2) -> list[tuple[Item, object]]:
    """Generated items of ``kind`` with a wrong option of misreading ``slug``."""
    found = []
    for seed in range(200):
        item = practice.generated_item(seed, 1 + seed % 4).item
        if item.kind != kind:
            continue
        wrong = next((c for c in item.distractors if slug is None or c.misconception == slug), None)
        if wrong is not None and all(item.board_json != i.board_json for i, _ in found):
            found.append((item, wrong))
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} generated {kind} items with {slug} in 200 seeds")


def _lesson(path: object) -> tuple[Item, ...]:
    spec = read_lesson(path)
    return practice.lesson_items(spec.boards, list(spec.practice), spec.concept)


def _text(told: Walkthrough) -> str:
    return " ".join((*told.parting, *told.steps))


def _cards(item: Item) -> set[str]:
    return set(board_names(item.board).values())


def test_two_boards_of_the_same_misreading_get_their_own_explanations():
    (one, wrong_one), (two, wrong_two) = _generated("pt", "switch-before-counters")
    named = MISCONCEPTION_BY_SLUG["switch-before-counters"]
    first = explain(one, named, False, wrong_one.text)
    second = explain(two, named, False, wrong_two.text)
    assert _text(first) != _text(second)
    for item, told in ((one, first), (two, second)):
        text = _text(told)
        # The card whose effect the misreading moves is named, with its layer.
        assert any(card in text for card in _cards(item))
        assert (
            told.parting_step is not None and f"The paths part at step {told.parting_step}" in text
        )
        assert "layer 7d" in text and "CR 613.4d" in text


def test_the_explanation_is_in_a_learners_words():
    for item, wrong in _generated("pt", None, count=6):
        slug = wrong.misconception
        told = explain(item, misconception_named(slug) if slug else None, False, wrong.text)
        for line in (*told.parting, *told.steps):
            assert line == sentence(line) and ".." not in line
            assert "That is where the paths part" not in line
            # Never an effect id ("bears:+1/+1", "lbl#1"); labels: tests/test_label_leaks.py.
            assert not re.search(r"\w[:#]\d", line.replace("CR ", ""))


def test_every_rule_it_cites_links_to_the_rules_page():
    for item, wrong in _generated("pt", None, count=4) + _generated("event-best", None, count=2):
        slug = wrong.misconception
        told = explain(item, misconception_named(slug) if slug else None, False, wrong.text)
        for line in (*told.parting, *told.steps):
            for rule in re.findall(r"CR (\d{3}\.\d+[a-z]?)", line):
                assert summary(rule), f"no /rules/ entry for {rule}"
                assert 'href="/rules/#' in link_rules(line)


def test_a_wrong_event_answer_shows_the_order_the_misreading_took():
    # Practice's mix rarely asks who chooses; the event generator's boards always can.
    item = next(
        it
        for it in (generator.generate_event(seed).item for seed in range(30))
        if any(c.misconception == "wrong-chooser" for c in it.distractors)
    )
    wrong = next(c for c in item.distractors if c.misconception == "wrong-chooser")
    told = explain(item, MISCONCEPTION_BY_SLUG["wrong-chooser"], False, wrong.text)
    text = _text(told)
    assert "chooses" in text and "616.1" in text and "Read that way, applying" in text
    assert f"So the answer is {item.key_text()}." in told.steps


def test_a_right_answer_and_an_answer_with_no_named_mistake_are_explained_too():
    item, _ = _generated("pt", None, count=1)[0]
    right = explain(item, None, True, item.key_text())
    assert right.steps and not right.parting
    depends = [item for path in lesson_files() for item in _lesson(path) if item.kind == "depends"]
    assert depends
    for dep in depends:
        wrong = dep.distractors[0]
        told = explain(dep, None, False, wrong.text)
        # A "Yes" on a "No" (or the reverse) is explained with the board's own effects.
        assert told.parting and "613.8a" in _text(told)


def test_a_face_down_creature_is_never_named_by_the_card_beneath():
    """CR 708.2: face down, it has no name; the explanation calls it what the learner sees."""
    found = [
        item
        for path in lesson_files()
        for item in _lesson(path)
        if "face-down creature" in item.prompt
    ]
    assert found
    for item in found:
        hidden = {
            step.get("enter") for step in item.board.get("steps", []) if step.get("face_down")
        }
        for choice in item.distractors:
            slug = choice.misconception
            told = explain(item, misconception_named(slug) if slug else None, False, choice.text)
            text = _text(told)
            assert "face-down creature" in text
            assert not any(card and card in text for card in hidden), text


def test_a_right_answer_reads_what_the_deciding_rule_does():
    item, _ = _generated("pt", "switch-before-counters", count=1)[0]
    deciding = practice.deciding_mistake(item)
    assert deciding is not None
    told = explain(item, None, True, item.key_text(), deciding)
    assert deciding.rule_does.rstrip(".") in told.steps[-1] and not told.parting
