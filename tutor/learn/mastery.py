"""Recording answers and keeping each learner's progress per concept.

Mastery: "familiar" at 70% accuracy over at least 3 answers, "proficient" after 5
right answers in a row, with right answers on at least two item types on at least two
days (a run of one kind of question in one sitting proves little). Every concept counts
the same way: generated items, a lesson's practice and reviews all credit it, and naming
the rule that decides an item ("which rule decides this?") is a type of its own, so a
concept whose questions all ask one thing can still be shown in two ways. Every
practised concept comes back for review after expanding intervals (1, 3, 7, 14, 30
days, then every 30): a miss starts the schedule again, and an item answered again when
its concept is due counts as that review.
Generated practice moves its level so that the learner succeeds about 85% of the time.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tutor.learn import family_ratings
from tutor.learn.concepts import CONCEPTS
from tutor.learn.disputes import item_kept_out
from tutor.learn.models import Answer, ConceptProgress, Dispute, Lesson
from tutor.puzzles.models import Learner, Puzzle

FAMILIAR_ACCURACY = 0.7
FAMILIAR_ATTEMPTS = 3
PROFICIENT_STREAK = 5
PROFICIENT_KINDS = 2
PROFICIENT_DAYS = 2
TARGET_SUCCESS = 0.85
RECENT = 10
REVIEW_DAYS = (1, 3, 7, 14, 30)
LEVELS = (1, 4)
# The kind a "which rule decides this?" answer is recorded under.
RULE_KIND = "which-rule"


def disputed(item_id: str) -> bool:
    """An item staff (or enough accounts) say the engine got wrong (``disputes``)."""
    return item_kept_out(item_id)


def mastery(progress: ConceptProgress | None) -> str:
    if progress is None or progress.attempts == 0:
        return "new"
    if progress.streak >= PROFICIENT_STREAK and _varied(progress):
        return "proficient"
    if progress.attempts >= FAMILIAR_ATTEMPTS and progress.accuracy >= FAMILIAR_ACCURACY:
        return "familiar"
    return "learning"


def _varied(progress: ConceptProgress) -> bool:
    """Right answers on enough item types, on enough different days."""
    rights = Answer.objects.filter(
        learner_id=progress.learner_id, concept=progress.concept, right=True
    ).values_list("kind", "created")
    kinds = {kind for kind, _ in rights if kind}
    days = {created.date() for _, created in rights}
    return len(kinds) >= PROFICIENT_KINDS and len(days) >= PROFICIENT_DAYS


def _next_interval(days: int) -> int | None:
    later = [d for d in REVIEW_DAYS if d > days]
    return later[0] if later else None


def _recent_success(learner: Learner, concept: str) -> float:
    rows = list(
        Answer.objects.filter(learner=learner, concept=concept)
        .exclude(kind=RULE_KIND)
        .order_by("-created", "-id")
        .values_list("right", flat=True)[:RECENT]
    )
    return sum(rows) / len(rows) if rows else 1.0


def record(
    learner: Learner,
    item_id: str,
    concepts: Iterable[str],
    right: bool,
    misconception: str = "",
    *,
    lesson: Lesson | None = None,
    generated: bool = False,
    kind: str = "",
    given: str = "",
    family: str = "",
    family_prior: float = family_ratings.PRIOR_BASE,
) -> bool:
    """Store the answer and update progress; ``False`` when it doesn't count (a dispute
    keeps the item out, or the item was answered before and its concepts aren't due)."""
    concepts = tuple(dict.fromkeys(concepts))
    # A first answer counts; a later one only as a review of a concept that is due (once
    # the key is shown, answering again at once proves nothing).
    first = not Answer.objects.filter(learner=learner, item_id=item_id).exists()
    kept_out = disputed(item_id)
    now = timezone.now()
    any_counted = False
    with transaction.atomic():
        for concept in concepts:
            Answer.objects.create(
                learner=learner,
                item_id=item_id,
                concept=concept,
                lesson=lesson,
                generated=generated,
                right=right,
                misconception=misconception,
                kind=kind,
                given=given[:200],
                created=now,
            )
            if kept_out:
                continue
            progress, _ = ConceptProgress.objects.select_for_update().get_or_create(
                learner=learner, concept=concept
            )
            due = progress.review_due is not None and progress.review_due <= now
            if not (first or due):
                continue
            any_counted = True
            _update(progress, right, now)
            progress.level = _level(progress.level, right, _recent_success(learner, concept))
            progress.save()
    if family and first and not kept_out:
        family_ratings.record(family, learner, right, family_prior)
    return any_counted if concepts else first and not kept_out


def record_rule(
    learner: Learner, item_id: str, concepts: Iterable[str], rule: str, right: bool
) -> bool:
    """Store a "which rule decides this?" answer (its first one per learner and item):
    an answer of its own kind, which proficiency counts as a type of question."""
    rule_id = f"{item_id}:rule"[:32]
    if disputed(item_id) or Answer.objects.filter(learner=learner, item_id=rule_id).exists():
        return False
    now = timezone.now()
    with transaction.atomic():
        for concept in dict.fromkeys(concepts):
            Answer.objects.create(
                learner=learner,
                item_id=rule_id,
                concept=concept,
                right=right,
                kind=RULE_KIND,
                given=rule[:200],
                created=now,
            )
    return True


def _update(progress: ConceptProgress, right: bool, now: datetime.datetime) -> None:
    progress.attempts += 1
    progress.correct += int(right)
    if not right:
        progress.streak = 0
        progress.interval_days = REVIEW_DAYS[0]
        progress.review_due = now + datetime.timedelta(days=REVIEW_DAYS[0])
    else:
        progress.streak += 1
        if progress.review_due is None or progress.review_due <= now:
            # First practised, or reviewed on time: the next review comes later still.
            interval = _next_interval(progress.interval_days) or REVIEW_DAYS[-1]
            progress.interval_days = interval
            progress.review_due = now + datetime.timedelta(days=interval)
    progress.updated = now


def _level(level: int, right: bool, success: float) -> int:
    """Harder while the learner succeeds more than the target, easier when less."""
    low, high = LEVELS
    if right and success > TARGET_SUCCESS:
        return min(high, level + 1)
    if not right and success < TARGET_SUCCESS:
        return max(low, level - 1)
    return level


@dataclass(frozen=True)
class ConceptRow:
    slug: str
    name: str
    attempts: int
    accuracy: float
    mastery: str
    review_due: datetime.datetime | None
    level: int


def progress_rows(learner: Learner | None) -> list[ConceptRow]:
    found = (
        {p.concept: p for p in ConceptProgress.objects.filter(learner=learner)} if learner else {}
    )
    rows = []
    for concept in CONCEPTS:
        p = found.get(concept.slug)
        rows.append(
            ConceptRow(
                concept.slug,
                concept.name,
                p.attempts if p else 0,
                p.accuracy if p else 0.0,
                mastery(p),
                p.review_due if p else None,
                p.level if p else 1,
            )
        )
    return rows


def review_queue(learner: Learner | None) -> list[ConceptProgress]:
    if learner is None:
        return []
    return list(
        ConceptProgress.objects.filter(learner=learner, review_due__lte=timezone.now()).order_by(
            "review_due"
        )
    )


def merge_learners(into: Learner, other: Learner) -> None:
    """Progress made before signing in joins the account's (answers move, counts add up)."""
    if into.pk == other.pk:
        return
    with transaction.atomic():
        Answer.objects.filter(learner=other).update(learner=into)
        Dispute.objects.filter(learner=other).update(learner=into)
        for p in ConceptProgress.objects.filter(learner=other):
            mine, _ = ConceptProgress.objects.get_or_create(learner=into, concept=p.concept)
            mine.attempts += p.attempts
            mine.correct += p.correct
            mine.streak = max(mine.streak, p.streak)
            mine.level = max(mine.level, p.level)
            # The earlier review wins, with the interval that scheduled it.
            schedules = [
                (d, i)
                for d, i in ((mine.review_due, mine.interval_days), (p.review_due, p.interval_days))
                if d
            ]
            mine.review_due, mine.interval_days = min(schedules) if schedules else (None, 0)
            mine.save()
        # The rating of whichever learner has been rated more is the better estimate.
        if other.attempts.count() > into.attempts.count():
            into.set_glicko(other.glicko)
            into.save(update_fields=["rating", "deviation", "volatility"])
        # Puzzles both tried: the account's attempt stands; the other leaves the counts.
        twice = other.attempts.filter(puzzle__in=into.attempts.values("puzzle"))
        for attempt in twice.select_related("puzzle"):
            Puzzle.objects.filter(pk=attempt.puzzle_id).update(
                attempts=F("attempts") - 1, solved=F("solved") - int(attempt.right)
            )
        twice.delete()
        other.attempts.update(learner=into)
        other.delete()
