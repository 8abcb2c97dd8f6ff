"""Mastery levels, review intervals and the difficulty that keeps success near 85%."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.utils import timezone

from tutor.learn import mastery
from tutor.learn.models import ConceptProgress
from tutor.puzzles.models import Learner

pytestmark = pytest.mark.django_db


def answer(
    learner: Learner,
    right: bool,
    generated: bool = True,
    concept: str = "layer-7",
    kind: str = "pt",
) -> ConceptProgress:
    mastery.record(learner, uuid.uuid4().hex, [concept], right, generated=generated, kind=kind)
    return ConceptProgress.objects.get(learner=learner, concept=concept)


def test_new_learning_familiar_proficient(monkeypatch):
    learner = Learner.objects.create()
    assert mastery.mastery(None) == "new"
    answer(learner, False)
    assert mastery.mastery(answer(learner, True)) == "learning"  # 1 of 2
    for _ in range(3):
        progress = answer(learner, True, generated=False)
    assert mastery.mastery(progress) == "familiar"  # 4 of 5
    for _ in range(5):
        progress = answer(learner, True)
    # Five in a row, but all one item type on one day: not yet proficient.
    assert mastery.mastery(progress) == "familiar"
    progress = answer(learner, True, kind="types")
    assert mastery.mastery(progress) == "familiar"  # two types, still one day
    tomorrow = timezone.now() + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    progress = answer(learner, True)
    assert mastery.mastery(progress) == "proficient"
    assert mastery.mastery(answer(learner, False)) == "familiar"  # the streak is broken


def test_a_missed_concept_comes_back_after_expanding_intervals(monkeypatch):
    learner = Learner.objects.create()
    progress = answer(learner, False)
    assert progress.interval_days == 1
    assert mastery.review_queue(learner) == []  # due tomorrow, not now
    seen = []
    clock = timezone.now()
    for _ in range(5):
        clock += datetime.timedelta(days=40)
        monkeypatch.setattr(timezone, "now", lambda clock=clock: clock)
        assert [p.concept for p in mastery.review_queue(learner)] == ["layer-7"]
        progress = answer(learner, True)
        seen.append(progress.interval_days)
    assert seen == [3, 7, 14, 30, 30]


def test_a_concept_answered_right_is_reviewed_too_on_an_expanding_schedule(monkeypatch):
    learner = Learner.objects.create()
    progress = answer(learner, True)
    assert progress.interval_days == 1 and progress.review_due is not None
    early = answer(learner, True)  # before it is due: the schedule stays
    assert early.interval_days == 1
    clock = timezone.now() + datetime.timedelta(days=2)
    monkeypatch.setattr(timezone, "now", lambda: clock)
    assert [p.concept for p in mastery.review_queue(learner)] == ["layer-7"]
    assert answer(learner, True).interval_days == 3


def test_practice_gets_harder_while_success_is_above_the_target_and_easier_below():
    learner = Learner.objects.create()
    for _ in range(4):
        progress = answer(learner, True)
    assert progress.level == 4
    for _ in range(3):
        progress = answer(learner, False)
    assert progress.level < 4


def test_an_answer_to_a_disputed_item_is_kept_but_not_counted():
    from tutor.learn.models import Answer, Dispute

    learner = Learner.objects.create()
    Dispute.objects.create(
        item_id="item-True",
        board={},
        question="q",
        engine_answer="a",
        reason="because",
        status=Dispute.UPHELD,
    )
    assert mastery.record(learner, "item-True", ["layer-7"], True) is False
    assert Answer.objects.count() == 1 and not ConceptProgress.objects.exists()


def test_answering_the_same_question_again_counts_once():
    learner = Learner.objects.create()
    assert mastery.record(learner, "same", ["layer-7"], False) is True
    assert mastery.record(learner, "same", ["layer-7"], True) is False
    progress = ConceptProgress.objects.get()
    assert (progress.attempts, progress.correct) == (1, 0)


def _practice_for_every_concept() -> dict[str, list[tuple[object, tuple[str, ...], bool]]]:
    """Every item practice can pose (each lesson's, and generated ones over some seeds),
    with the concepts an answer to it credits, by concept."""
    from tutor.learn import practice
    from tutor.learn.content import lesson_files
    from tutor.learn.lesson_files import read_lesson

    found: dict[str, list[tuple[object, tuple[str, ...], bool]]] = {}
    for path in lesson_files():
        spec = read_lesson(path)
        for item in practice.lesson_items(spec.boards, list(spec.practice), spec.concept):
            concepts = practice.lesson_concepts(item, spec.concept)
            for concept in concepts:
                found.setdefault(concept, []).append((item, concepts, False))
    for seed in range(20):
        for level in (1, 2, 3, 4):
            made = practice.generated_item(seed, level)
            for concept in made.concepts:
                found.setdefault(concept, []).append((made.item, made.concepts, True))
    return found


def test_every_concept_can_become_proficient_through_practice(monkeypatch):
    """Issue #28: nine concepts were never credited by practice. Each concept, answered
    right through the items practice really poses (and its reviews), becomes proficient."""
    from tutor.learn import practice
    from tutor.learn.concepts import CONCEPTS

    found = _practice_for_every_concept()
    clock = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: clock)
    for concept in CONCEPTS:
        items = found.get(concept.slug, [])
        assert items, f"no practice item credits {concept.slug}"
        learner = Learner.objects.create()
        prompted = next((i for i, _, _ in items if practice.rule_prompt(i)), None)
        if prompted is not None:
            rule = practice.rule_prompt(prompted).rule
            mastery.record_rule(learner, prompted.id, [concept.slug], rule, True)
        for _ in range(12):
            for item, concepts, generated in items[:6]:
                mastery.record(
                    learner, item.id, concepts, True, generated=generated, kind=item.kind
                )
            progress = ConceptProgress.objects.get(learner=learner, concept=concept.slug)
            if mastery.mastery(progress) == "proficient":
                break
            clock += datetime.timedelta(days=31)  # every review is due again
        assert mastery.mastery(progress) == "proficient", concept.slug


def test_answering_an_item_again_when_its_concept_is_due_counts_as_the_review(monkeypatch):
    learner = Learner.objects.create()
    mastery.record(learner, "same", ["cda"], True, kind="pt")
    assert mastery.record(learner, "same", ["cda"], True, kind="pt") is False  # not due yet
    later = timezone.now() + datetime.timedelta(days=2)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert mastery.record(learner, "same", ["cda"], True, kind="pt") is True
    progress = ConceptProgress.objects.get(learner=learner, concept="cda")
    assert (progress.attempts, progress.streak, progress.interval_days) == (2, 2, 3)


def test_naming_the_deciding_rule_is_a_kind_of_its_own_and_moves_no_progress(monkeypatch):
    learner = Learner.objects.create()
    assert mastery.record_rule(learner, "item", ["cda"], "604.3", True) is True
    assert mastery.record_rule(learner, "item", ["cda"], "613.1", False) is False  # once
    assert not ConceptProgress.objects.filter(learner=learner).exists()
    for _ in range(5):
        progress = answer(learner, True, concept="cda", kind="pt", generated=False)
    tomorrow = timezone.now() + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: tomorrow)
    progress = answer(learner, True, concept="cda", kind="pt", generated=False)
    # Two kinds (P/T and the rule), two days, six in a row: proficient.
    assert mastery.mastery(progress) == "proficient"
