"""Migration 0003 keeps every puzzle attempt, its JSON list of keys rewritten in the one
answer encoding and read back the same by the puzzle's question; reversing it rebuilds
the lists."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.puzzles.helpers import saved
from tutor.puzzles.models import Attempt, Puzzle
from tutor.puzzles.services import question_of

BEFORE = [("puzzles", "0002_puzzle_rated")]
AFTER = [("puzzles", "0003_attempt_answer_encoded")]


def migrate(target: list[tuple[str, str]]):  # noqa: ANN201 - the historical app registry
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def rows(apps) -> dict[tuple[int, int], object]:  # noqa: ANN001
    Attempt = apps.get_model("puzzles", "Attempt")
    return {(a.puzzle_id, a.learner_id): a.answer for a in Attempt.objects.all()}


@pytest.mark.django_db(transaction=True)
def test_every_attempt_is_kept_and_reads_back_as_the_same_answer():
    puzzles = {kind: saved(kind) for kind in ("pt", "subtypes", "order", "depends", "event")}
    answers = {kind: list(question_of(p).right) for kind, p in puzzles.items()}
    answers["order"] = answers["order"][::-1]
    apps = migrate(BEFORE)
    Learner = apps.get_model("puzzles", "Learner")
    OldAttempt = apps.get_model("puzzles", "Attempt")
    ada, bo = Learner.objects.create(), Learner.objects.create()
    numbers = {"learner_before": 0, "learner_after": 0, "puzzle_before": 0, "puzzle_after": 0}
    for kind, puzzle in puzzles.items():
        OldAttempt.objects.create(
            learner=ada, puzzle_id=puzzle.pk, answer=answers[kind], right=True, **numbers
        )
        OldAttempt.objects.create(
            learner=bo, puzzle_id=puzzle.pk, answer=[], right=False, gave_up=True, **numbers
        )
    before = rows(apps)

    migrate(AFTER)
    assert Attempt.objects.count() == len(before)
    for kind, puzzle in puzzles.items():
        question = question_of(Puzzle.objects.get(pk=puzzle.pk))
        kept = Attempt.objects.get(puzzle=puzzle, learner_id=ada.pk).answer
        assert kept == question.encode(answers[kind])
        assert question.decode(kept) == tuple(
            sorted(answers[kind]) if kind in ("subtypes", "event") else answers[kind]
        )
        assert Attempt.objects.get(puzzle=puzzle, learner_id=bo.pk).answer == ""

    back = rows(migrate(BEFORE))
    assert back == {
        key: sorted(value) if isinstance(value, list) and key[0] in _sets(puzzles) else value
        for key, value in before.items()
    }
    migrate(AFTER)  # the test database as the other tests expect it


def _sets(puzzles: dict[str, Puzzle]) -> set[int]:
    """Select-all puzzles: their keys come back sorted (as they were kept)."""
    return {puzzles["subtypes"].pk, puzzles["event"].pk}
