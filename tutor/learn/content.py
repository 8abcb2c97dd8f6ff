"""Loading the lessons (``content/lessons/*.md``) for ``load_content``."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from tutor.learn.lesson_files import read_lesson
from tutor.learn.models import Lesson


def lesson_files() -> list[Path]:
    return sorted(Path(settings.BASE_DIR, "content", "lessons").glob("*.md"))


def load_lessons() -> str:
    """Every lesson, each board checked by the engine first: a broken file stops the load."""
    specs = [read_lesson(path) for path in lesson_files()]
    for spec in specs:
        Lesson.objects.update_or_create(
            slug=spec.slug,
            defaults={
                "number": spec.number,
                "title": spec.title,
                "concept": spec.concept,
                "summary": spec.summary,
                "rules": list(spec.rules),
                "body": spec.body,
                "boards": spec.boards,
                "practice": list(spec.practice),
                "stepper_board": spec.stepper_board,
                "stepper_object": spec.stepper_object,
            },
        )
    Lesson.objects.exclude(slug__in=[s.slug for s in specs]).delete()
    return f"{len(specs)} lessons"
