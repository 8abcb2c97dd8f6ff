"""The curriculum: every lesson file loads, cites rules, embeds a board the engine answers,
and has a practice set whose keys agree with the boards' authoritative answers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web.boards import with_peek
from tutor.boards.services import unmodelled
from tutor.learn.concepts import CONCEPTS
from tutor.learn.content import lesson_files, load_lessons
from tutor.learn.lesson_files import STEPPER_MARK, LessonFileError, read_lesson
from tutor.learn.practice import EXTRA_KINDS, item_for_board, lesson_items

FILES = lesson_files()
BOARDS = Path(__file__).resolve().parents[2] / "content" / "lessons" / "boards"


def test_fifteen_lessons_one_per_concept_in_order():
    specs = [read_lesson(path) for path in FILES]
    assert len(specs) >= 15
    assert [s.number for s in specs] == list(range(1, len(specs) + 1))
    assert {s.concept for s in specs} == {c.slug for c in CONCEPTS}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_lesson_teaches_with_a_board_and_practice(path: Path):
    spec = read_lesson(path)
    assert spec.rules and all(r[0].isdigit() for r in spec.rules)
    assert "(CR " in spec.body, "the text cites rule numbers"
    assert spec.body.count(STEPPER_MARK) == 1
    words = len(spec.body.split())
    assert 250 <= words <= 900, words
    items = lesson_items(spec.boards, list(spec.practice), spec.concept)
    # Every practice board makes a question (and some concepts add one of their own kind).
    assert len(items) == len(spec.practice) + (spec.concept in EXTRA_KINDS)
    assert len(items) >= 2, "the practice set makes at least two questions"
    for item in items:
        assert len(item.distractors) >= 1
        # Yes/no and "which layer" options are not misreadings (items.depends_item, layer_item).
        assert all(c.misconception or item.kind in ("depends", "layer") for c in item.distractors)


def _stated(board: dict, item) -> str | None:  # noqa: ANN001
    """The board file's own expected answer, in the item's terms, where it states one."""
    expect = board.get("expect", {})
    if item.kind == "pt":
        shown = expect.get("objects", {}).get(item.object, {})
        return f"{shown['power']}/{shown['toughness']}" if "power" in shown else None
    if item.kind == "depends":
        return "Yes" if expect.get("depends") else "No"
    return None


def test_practice_keys_agree_with_the_boards_authoritative_answers():
    checked = 0
    for path in sorted(BOARDS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data.get("source"), f"{path.name} names where its answer comes from"
        board = {k: v for k, v in data.items() if k not in ("expect", "source", "source_note")}
        try:
            item = item_for_board(board)
        except ValueError:
            continue  # a stepper-only board: no misreading differs on it
        stated = _stated(data, item)
        if stated is not None:
            assert item.key_text() == stated, path.name
            checked += 1
    assert checked >= 20


def test_a_broken_lesson_file_is_refused_with_its_name(tmp_path: Path):
    (tmp_path / "boards").mkdir()
    bad = tmp_path / "01-broken.md"
    bad.write_text('+++\ntitle = "x"\nconcept = "nope"\n+++\nText\n', encoding="utf-8")
    with pytest.raises(LessonFileError, match="01-broken.md: concept"):
        read_lesson(bad)
    unnamed = tmp_path / "broken.md"
    unnamed.write_text("x", encoding="utf-8")
    with pytest.raises(LessonFileError, match="NN-slug"):
        read_lesson(unnamed)


@pytest.mark.django_db
def test_loading_twice_keeps_one_row_per_lesson():
    from tutor.learn.models import Lesson

    assert load_lessons() == f"{len(FILES)} lessons"
    load_lessons()
    assert Lesson.objects.count() == len(FILES)


def test_a_stepper_object_that_isnt_on_its_board_is_refused(tmp_path: Path):
    (tmp_path / "boards").mkdir()
    source = BOARDS / "03-switch-then-pump.json"
    (tmp_path / "boards" / "b.json").write_text(
        source.read_text(encoding="utf-8"), encoding="utf-8"
    )
    lesson = tmp_path / "01-x.md"
    lesson.write_text(
        '+++\ntitle = "x"\nconcept = "layer-7"\npractice = ["b.json", "b.json"]\n'
        '[stepper]\nboard = "b.json"\nobject = "nobody"\n+++\nText (CR 613.4).\n',
        encoding="utf-8",
    )
    with pytest.raises(LessonFileError, match='no object labelled "nobody"'):
        read_lesson(lesson)


@pytest.mark.parametrize("path", sorted(BOARDS.glob("*.json")), ids=lambda p: p.stem)
def test_the_engine_models_everything_on_each_lesson_board(path: Path):
    data = json.loads(path.read_text(encoding="utf-8"))
    board = {k: v for k, v in data.items() if k not in ("expect", "source", "source_note")}
    assert unmodelled(board) == ()


def test_a_lesson_board_the_engine_does_not_model_is_refused_naming_it(tmp_path: Path):
    (tmp_path / "boards").mkdir()
    board = with_peek(json.loads((BOARDS / "03-switch-then-pump.json").read_text()))
    (tmp_path / "boards" / "b.json").write_text(json.dumps(board), encoding="utf-8")
    lesson = tmp_path / "01-x.md"
    lesson.write_text(
        '+++\ntitle = "x"\nconcept = "layer-7"\npractice = ["b.json", "b.json"]\n'
        '[stepper]\nboard = "b.json"\nobject = "crab"\n+++\nText (CR 613.4).\n',
        encoding="utf-8",
    )
    with pytest.raises(
        LessonFileError, match=r"01-x\.md: board b\.json: .*Clash with an opponent\. \(on Peek\)"
    ):
        read_lesson(lesson)
