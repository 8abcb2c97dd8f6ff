"""``manage.py load_content`` (tutor/core/management/commands/load_content.py)."""

import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutor.core import content
from tutor.core.content import ContentLoader


def run_load_content(*args):
    out = io.StringIO()
    call_command("load_content", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_content_counts_the_real_card_library():
    from rules_engine.cards import load_card_library

    output = run_load_content()

    assert f"cards: {len(load_card_library())} cards in the library\n" in output


@pytest.mark.django_db
def test_load_content_runs_every_loader_in_order(monkeypatch):
    monkeypatch.setattr(
        content,
        "LOADERS",
        (ContentLoader("cards", lambda: "3 cards"), ContentLoader("lessons", lambda: "2 lessons")),
    )

    assert run_load_content() == "cards: 3 cards\nlessons: 2 lessons\n"


@pytest.mark.django_db
def test_load_content_reports_which_loader_failed(monkeypatch):
    def broken():
        raise ValueError("layers.json: card 'Gray Ogre' is defined twice")

    monkeypatch.setattr(content, "LOADERS", (ContentLoader("cards", broken),))

    with pytest.raises(
        CommandError, match="^cards: layers.json: card 'Gray Ogre' is defined twice"
    ):
        run_load_content()


@pytest.mark.django_db
def test_load_content_can_run_one_loader():
    assert run_load_content("--only", "cards").startswith("cards: ")


def _peeking_copy(source: Path, folder: Path) -> Path:
    """A copy of a content board file with a spell whose sentence the engine doesn't apply."""
    from tests.web.boards import with_peek

    copy = folder / source.name
    copy.write_text(json.dumps(with_peek(json.loads(source.read_text()))), encoding="utf-8")
    return copy


@pytest.mark.django_db
def test_load_content_refuses_a_puzzle_the_engine_does_not_model_naming_the_file(
    monkeypatch, tmp_path
):
    from tests.puzzles.helpers import seed_file
    from tutor.puzzles import content as puzzle_content
    from tutor.puzzles.models import Puzzle

    bad = _peeking_copy(seed_file("pt"), tmp_path)
    monkeypatch.setattr(puzzle_content, "puzzle_files", lambda: [bad])
    with pytest.raises(CommandError, match=rf"^puzzles: {re.escape(str(bad))}: .*\(on Peek\)"):
        run_load_content("--only", "puzzles")
    assert not Puzzle.objects.exists()


@pytest.mark.django_db
def test_load_content_refuses_a_lesson_whose_board_the_engine_does_not_model(monkeypatch, tmp_path):
    from tutor.learn import content as lesson_content
    from tutor.learn.content import lesson_files
    from tutor.learn.models import Lesson

    lesson = lesson_files()[0]
    (tmp_path / "boards").mkdir()
    for board in (lesson.parent / "boards").glob("*.json"):
        _peeking_copy(board, tmp_path / "boards")
    copy = tmp_path / lesson.name
    copy.write_text(lesson.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(lesson_content, "lesson_files", lambda: [copy])
    with pytest.raises(
        CommandError, match=rf"^lessons: {re.escape(str(copy))}: board .*\(on Peek\)"
    ):
        run_load_content("--only", "lessons")
    assert not Lesson.objects.exists()
